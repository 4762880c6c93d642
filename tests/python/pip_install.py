# SPDX-License-Identifier: MIT
"""ctest "python: pip install": the module installed by pip into a fresh venv, from a copy of the sources,
then the README's pytest example (examples/python/test_example.py, the file the README prints) run by that
venv's interpreter.

    python3 tests/python/pip_install.py <repository root>

The venv has --system-site-packages (Debian's NumPy, PyTorch, pytest, Hypothesis, setuptools, pybind11);
pip runs with --no-build-isolation --no-index, so nothing is downloaded. The copy keeps the source tree
clean (pip builds in the tree it is given). The compilers run through ccache when it is installed, as the CMake
build's do (ccache_env). Prints the install's wall time.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time


def ccache_env(tmp: str) -> dict:
    """The compilers through ccache, as the CMake build compiles (scripts/ccache-env.sh), unless
    ORDERBLIND_NO_CCACHE=1 or there is no ccache: a second run of this test replays the three units' objects
    instead of compiling them again (≈ 1 min of CPU). pip, setuptools, the link, the import from the venv and
    the example run as before; a changed source or flag is a miss and compiles.
    NOTE: base_dir = the temporary folder, so that its random name is not hashed (paths under it are hashed
    relative to the compiler's working directory), and no hash_dir: Python's CFLAGS carry -g, with which
    ccache would otherwise hash that working directory."""
    if os.environ.get("ORDERBLIND_NO_CCACHE") == "1" or shutil.which("ccache") is None:
        return {}
    cc = sysconfig.get_config_var("CC") or "cc"
    cxx = sysconfig.get_config_var("CXX") or "c++"
    return {"CC": "ccache " + cc, "CXX": "ccache " + cxx, "CCACHE_BASEDIR": tmp, "CCACHE_NOHASHDIR": "1"}


def main(root: str) -> int:
    with tempfile.TemporaryDirectory(prefix="orderblind-pip-") as tmp:
        src = os.path.join(tmp, "src")
        os.makedirs(src)
        ignore = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.so")
        for part in ("lib", "properties", "python"):
            shutil.copytree(os.path.join(root, part), os.path.join(src, part), ignore=ignore)
        shutil.copy(os.path.join(root, "CMakeLists.txt"), src)
        venv = os.path.join(tmp, "venv")
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
        python = os.path.join(venv, "bin", "python")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env.update(ccache_env(tmp))
        start = time.monotonic()
        subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet",
                        os.path.join(src, "python")], check=True, env=env, cwd=tmp)
        print(f"pip install --no-build-isolation: {time.monotonic() - start:.1f} s wall", flush=True)
        where = subprocess.run([python, "-c", "import orderblind; print(orderblind.__file__)"], check=True,
                               env=env, cwd=tmp, capture_output=True, text=True).stdout.strip()
        if not where.startswith(venv):
            print(f"orderblind was imported from {where}, not from the venv", file=sys.stderr)
            return 1
        example = os.path.join(tmp, "test_example.py")
        shutil.copy(os.path.join(root, "examples", "python", "test_example.py"), example)
        r = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", example], env=env, cwd=tmp)
        return r.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
