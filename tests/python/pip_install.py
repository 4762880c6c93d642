# SPDX-License-Identifier: MIT
"""ctest "python: pip install and the README example": the wheel the build made with pip from the sources
(python/build_wheel.py: `pip wheel --no-build-isolation` on a copy of lib/, properties/, python/) installed
by pip into a fresh venv, then the README's pytest example (examples/python/test_example.py, the file the
README prints) run by that venv's interpreter. Together with the build's `pip wheel` this is the README's
`pip install --no-build-isolation ./python`, in its two steps.

    python3 tests/python/pip_install.py <repository root> <wheel dir>

The venv has --system-site-packages (Debian's NumPy, PyTorch, pytest, Hypothesis); pip runs with --no-index,
so nothing is downloaded, and installs the wheel's dependencies (NumPy) from what is there.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time


def main(root: str, wheel_dir: str) -> int:
    wheels = [f for f in os.listdir(wheel_dir) if f.endswith(".whl")] if os.path.isdir(wheel_dir) else []
    if len(wheels) != 1:
        print(f"expected the build's one wheel in {wheel_dir}, found {wheels}: build the target python_orderblind",
              file=sys.stderr)
        return 1
    wheel = os.path.join(wheel_dir, wheels[0])
    with tempfile.TemporaryDirectory(prefix="orderblind-pip-") as tmp:
        venv = os.path.join(tmp, "venv")
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
        python = os.path.join(venv, "bin", "python")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        start = time.monotonic()
        subprocess.run([python, "-m", "pip", "install", "--no-index", "--quiet", wheel], check=True, env=env, cwd=tmp)
        print(f"pip install {wheels[0]}: {time.monotonic() - start:.1f} s wall", flush=True)
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
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))
