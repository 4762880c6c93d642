# SPDX-License-Identifier: MIT
"""ctest "python: pip install": the module installed by pip into a fresh venv, from a copy of the sources,
then the README's pytest example (examples/python/test_example.py, the file the README prints) run by that
venv's interpreter.

    python3 tests/python/pip_install.py <repository root>

The venv has --system-site-packages (Debian's NumPy, PyTorch, pytest, Hypothesis, setuptools, pybind11);
pip runs with --no-build-isolation --no-index, so nothing is downloaded. The copy keeps the source tree
clean (pip builds in the tree it is given). Prints the install's wall time.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


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
