# SPDX-License-Identifier: MIT
"""`python3 -m orderblind` and the Python API on bad input: exit 2 with a message naming the
problem, never a traceback, never a verdict on an input that could not be read."""
import os
import subprocess
import sys

import numpy as np
import pytest

import orderblind as ob


def run(*args, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.dirname(ob.__file__)), str(cwd or "")])
    return subprocess.run([sys.executable, "-m", "orderblind", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


def no_traceback(r):
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr


def write_header(path, shape, dtype="<f8"):
    """A .npy file whose header claims `shape` and holds no data."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (dtype, shape)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    path.write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())


def test_a_huge_shape_in_a_header_is_refused_before_reading(tmp_path):
    write_header(tmp_path / "huge.npy", (10 ** 9, 10 ** 9))
    r = run("check", "--pe", str(tmp_path / "huge.npy"))
    assert r.returncode == 2 and "limit 16777216" in r.stderr
    no_traceback(r)


def test_a_bad_magic_npy_is_named_not_pickled_data(tmp_path):
    (tmp_path / "bad.npy").write_bytes(b"NOTNPY" + bytes(100))
    r = run("check", "--pe", str(tmp_path / "bad.npy"))
    assert r.returncode == 2 and "not a .npy file" in r.stderr and "pickle" not in r.stderr
    no_traceback(r)
    (tmp_path / "dir.npy").mkdir()
    r = run("check", "--pe", str(tmp_path / "dir.npy"))
    assert r.returncode == 2 and "is a directory" in r.stderr
    no_traceback(r)


def test_a_table_too_costly_for_the_limit_is_refused_in_the_command_and_in_python(tmp_path):
    np.save(tmp_path / "long.npy", np.zeros((20000, 1)))  # n²·d = 4·10⁸ > 2²⁸
    r = run("check", "--pe", str(tmp_path / "long.npy"))
    assert r.returncode == 2 and "n²·d = 4e+08 exceeds the limit" in r.stderr
    # NOTE: broadcast views: the tables are refused before anything of their size is allocated.
    with pytest.raises(ValueError, match=r"n²·d = 1e\+12 exceeds the limit 2\.684e\+08 for double.*max_size="):
        ob.check_table(np.broadcast_to(0.0, (100000, 100)))  # never a run of minutes
    with pytest.raises(ValueError, match=r"100000x1000 table holds 1e\+08 values, more than the limit 16777216"):
        ob.check_table(np.broadcast_to(0.0, (100000, 1000)))
    with pytest.raises(ValueError, match="for exact arithmetic"):
        ob.check_table(np.zeros((100, 100)), exact=True)  # 10⁶ > 2¹⁸
    assert ob.check_table(np.arange(64.0).reshape(16, 4), exact=True, max_size=10 ** 6).results


def test_the_limits_are_the_librarys_and_a_table_too_long_for_memory_is_refused_by_python_and_its_command(tmp_path):
    from orderblind import _core, _schemes
    assert (_schemes.MAX_TABLE_ELEMENTS, _schemes.MAX_WORK_DOUBLE, _schemes.MAX_WORK_EXACT, _schemes.MAX_SQUARE) == (
        _core.max_read_elements, _core.default_max_work_double, _core.default_max_work_exact,
        _core.default_max_square) == (2 ** 24, 2.0 ** 28, 2.0 ** 18, 2.0 ** 26)
    np.save(tmp_path / "tall.npy", np.zeros((10000, 1)))  # n²·d = 10⁸ ≤ 2²⁸, but n² = 10⁸ > 2²⁶
    r = run("check", "--pe", str(tmp_path / "tall.npy"))
    assert r.returncode == 2 and "memory limit" in r.stderr
    with pytest.raises(ValueError, match=r"n = 10000\) have 1e\+08 entries each, above the memory limit 6\.711e\+07"):
        ob.check_table(np.broadcast_to(0.0, (10000, 1)))


def test_a_raising_scheme_is_exit_2_without_a_traceback(tmp_path):
    (tmp_path / "myscheme.py").write_text("def pe(p):\n    raise RuntimeError('my bug at ' + str(p))\n")
    r = run("schemes", "--scheme", "myscheme:pe", "--kind", "additive", "--dim", "4", cwd=tmp_path)
    assert r.returncode == 2 and "RuntimeError" in r.stderr and "my bug at" in r.stderr
    no_traceback(r)


def test_a_nondeterministic_callable_is_exit_2(tmp_path):
    (tmp_path / "noisy.py").write_text("import numpy as np\ndef f(x):\n    return x + np.random.random(x.shape)\n")
    r = run("equivariant", "noisy:f", "--d", "3", cwd=tmp_path)
    assert r.returncode == 2 and "not deterministic" in r.stderr
    no_traceback(r)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"max_position": 2 ** 64}, ValueError, r"max_position must be in \[1, 9223372036854775807\], got 18446744073709551616"),
    ({"max_position": 0}, ValueError, "max_position must be in"),
    ({"max_position": 2.5}, TypeError, "max_position must be an int"),
    ({"dim": 4.0}, TypeError, "dim must be an int"),
])
def test_scheme_arguments_are_named_not_a_pybind11_signature(kwargs, error, match):
    with pytest.raises(error, match=match):
        ob.check_scheme(encode=lambda p: np.zeros(4), **{"dim": 4, **kwargs})


def test_the_command_checks_a_bfloat16_callable(tmp_path):
    (tmp_path / "layers.py").write_text(
        "import numpy as np\n"
        "def attention(x):\n"
        "    x = x.astype(np.float32)\n"
        "    s = x @ x.T\n"
        "    w = np.exp(s - s.max(axis=1, keepdims=True))\n"
        "    return (w / w.sum(axis=1, keepdims=True)) @ x\n")
    r = run("equivariant", "layers:attention", "--d", "4", "--dtype", "bfloat16", cwd=tmp_path)
    assert r.returncode == 0 and "of bfloat16" in r.stdout, r.stderr
    r = run("equivariant", "layers:attention", "--d", "4", cwd=tmp_path)
    assert r.returncode == 2 and "pass dtype='float32'" in r.stderr
    no_traceback(r)


def test_the_command_draws_with_hypothesis_by_default_and_takes_the_engine_and_a_scale(tmp_path):
    (tmp_path / "layers.py").write_text(
        "import numpy as np\n"
        "def pooled(x):\n"
        "    s = x @ x.T\n"
        "    w = np.exp(s - s.max(axis=1, keepdims=True))\n"
        "    return ((w / w.sum(axis=1, keepdims=True)) @ x).mean(axis=0)\n")
    r = run("invariant", "layers:pooled", "--d", "3", "--cases", "20", "--scale", "10", cwd=tmp_path)
    assert r.returncode == 0 and "drawn and shrunk by Hypothesis" in r.stdout and "scale=" in r.stdout, r.stderr
    r = run("invariant", "layers:pooled", "--d", "3", "--cases", "20", "--engine", "builtin", cwd=tmp_path)
    assert r.returncode == 0 and "cases 0..19" in r.stdout, r.stderr
