# SPDX-License-Identifier: MIT
"""The build's Python module, made the way a user makes it: `pip wheel --no-build-isolation` on a copy of the
sources (python/setup.py compiles the extension), then the wheel unpacked into the build tree.

    python3 python/build_wheel.py <repository root> <build dir for the module>

Run by the CMake target `python_orderblind` (python/CMakeLists.txt). In <build dir>:
  pip/src/      the copy pip builds from (lib/, properties/, python/, CMakeLists.txt): pip builds in the tree
                it is given, and the repository stays clean
  pip/venv/     a venv with --system-site-packages (Debian's pip, setuptools, wheel, pybind11, NumPy), made once
  pip/wheel/    the wheel (the ctest "python: pip install and the README example" installs it into a fresh venv)
  orderblind/   the package unpacked from the wheel: PYTHONPATH=<build dir> imports it, as the Python tests do

Nothing is downloaded (--no-index). The compilers run through ccache when it is installed (as the CMake build's
do), unless ORDERBLIND_NO_CCACHE=1: a rebuild after a change compiles only the units it changed. Prints the
wall time of `pip wheel`.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import zipfile


def ccache_env(base: str) -> dict:
    """The compilers through ccache, unless ORDERBLIND_NO_CCACHE=1 or there is no ccache.
    NOTE: base_dir = the work folder, so that its path is not hashed (paths under it are hashed relative to
    the compiler's working directory), and no hash_dir: Python's CFLAGS carry -g, with which ccache would
    otherwise hash that working directory."""
    if os.environ.get("ORDERBLIND_NO_CCACHE") == "1" or shutil.which("ccache") is None:
        return {}
    cc = sysconfig.get_config_var("CC") or "cc"
    cxx = sysconfig.get_config_var("CXX") or "c++"
    return {"CC": "ccache " + cc, "CXX": "ccache " + cxx, "CCACHE_BASEDIR": base, "CCACHE_NOHASHDIR": "1"}


def copy_sources(root: str, src: str) -> None:
    """A fresh copy of what setup.py reads: a file removed from the repository is gone from the copy too."""
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    ignore = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.so")
    for part in ("lib", "properties", "python"):
        shutil.copytree(os.path.join(root, part), os.path.join(src, part), ignore=ignore)
    shutil.copy(os.path.join(root, "CMakeLists.txt"), src)


def unpack(wheel: str, out: str) -> None:
    """The wheel's files into `out`, replacing the package and the metadata a previous build left there (of
    any version)."""
    with zipfile.ZipFile(wheel) as z:
        tops = {name.split("/", 1)[0] for name in z.namelist()}
        tops |= {d for d in os.listdir(out) if d.startswith("orderblind-") and d.endswith(".dist-info")}
        for top in tops:
            shutil.rmtree(os.path.join(out, top), ignore_errors=True)
        z.extractall(out)


def build_venv(venv: str) -> str:
    """The venv's interpreter: the venv made once, for this interpreter, and made again (--clear) when it
    is for another one or its pip does not run (an interrupted `python -m venv` leaves bin/python
    without pip)."""
    python = os.path.join(venv, "bin", "python")
    marker = os.path.join(venv, "orderblind-made-by.txt")
    try:
        with open(marker, encoding="utf-8") as f:
            made_by = f.read().strip()
    except OSError:
        made_by = ""
    if made_by == sys.executable and os.path.exists(python) and subprocess.run(
            [python, "-m", "pip", "--version"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
        return python
    subprocess.run([sys.executable, "-m", "venv", "--clear", "--system-site-packages", venv], check=True)
    with open(marker, "w", encoding="utf-8") as f:
        f.write(sys.executable + "\n")
    return python


def main(root: str, out: str) -> int:
    work = os.path.join(out, "pip")
    src, venv, wheels = (os.path.join(work, p) for p in ("src", "venv", "wheel"))
    copy_sources(root, src)
    python = build_venv(venv)
    shutil.rmtree(wheels, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(ccache_env(work))
    start = time.monotonic()
    subprocess.run([python, "-m", "pip", "wheel", "--no-build-isolation", "--no-index", "--no-deps", "--quiet",
                    "--wheel-dir", wheels, os.path.join(src, "python")], check=True, env=env, cwd=work)
    built = [f for f in os.listdir(wheels) if f.endswith(".whl")]
    if len(built) != 1:
        print(f"build_wheel.py: expected one wheel in {wheels}, found {built}", file=sys.stderr)
        return 1
    unpack(os.path.join(wheels, built[0]), out)
    print(f"python: {built[0]} by pip wheel in {time.monotonic() - start:.1f} s wall, unpacked into {out}", flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])))
