# SPDX-License-Identifier: MIT
"""Builds orderblind._core for `pip install --no-build-isolation ./python` (see pyproject.toml).

The extension is python/core.cpp plus the two sources of properties/check it calls (`check --pe`:
pe_table.cpp and report.cpp, the library orderblind_data_checks of the CMake build), compiled against
the repository's headers (lib/, properties/) and Debian's Eigen, Boost, RapidCheck and nlohmann-json
headers, linked with GMP, MPFR and MPFI. The one recipe for the extension: the CMake build makes its module
with it too (python/build_wheel.py: `pip wheel` on a copy of the sources), and the Python tests run that.
"""
import os
import re

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _version() -> str:
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(orderblind VERSION ([0-9.]+)", f.read()).group(1)


def _rel(path: str) -> str:
    # NOTE: setuptools wants sources relative to this directory; these lie beside it, in the repository.
    return os.path.relpath(os.path.join(ROOT, path), HERE)


# NOTE: two compile jobs: the machines this is built on are small, and the three units are ~85 s of CPU
# (machine D, cold cache: core.cpp instantiates the PE battery in double, pe_table.cpp in mpq_rational and
# uses core.cpp's double instance, ORDERBLIND_PE_DOUBLE_BATTERY_IN_CORE).
ParallelCompile("ORDERBLIND_PIP_JOBS", default=2).install()

core = Pybind11Extension(
    "orderblind._core",
    sources=["core.cpp", _rel("properties/check/pe_table.cpp"), _rel("properties/check/report.cpp")],
    include_dirs=[os.path.join(ROOT, "lib"), ROOT, "/usr/include/eigen3"],
    libraries=["mpfi", "mpfr", "gmp"],
    cxx_std=20,
    # NOTE: the release flags of the CMake preset (-O2 -DNDEBUG); pybind11 adds -fvisibility=hidden.
    extra_compile_args=["-O2", "-DNDEBUG"],
    define_macros=[("ORDERBLIND_PE_DOUBLE_BATTERY_IN_CORE", "1")],
)

setup(version=_version(), ext_modules=[core], cmdclass={"build_ext": build_ext})
