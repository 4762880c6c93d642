# SPDX-License-Identifier: MIT
"""The positional-encoding battery on Python schemes: the library's verdicts, bad input, check --pe."""
import json

import numpy as np
import pytest

import orderblind as ob

D = 8
THETA = 10000.0 ** (-2 * np.arange(D // 2) / D)


def sinusoidal(p):
    out = np.empty(D)
    out[0::2], out[1::2] = np.sin(p * THETA), np.cos(p * THETA)
    return out


def test_sinusoid_in_numpy_gets_the_librarys_verdicts():
    mine = ob.check_scheme(encode=sinusoidal, dim=D, name="sinusoidal (numpy)")
    ref = ob.reference_scheme("sinusoidal")
    assert mine.verdicts == ref.verdicts
    assert mine["injective"].holds and mine["relative scores"].holds
    assert mine["breaks equivariance"].holds


def test_alibi_bias_gets_the_librarys_verdicts():
    mine = ob.check_scheme(bias=lambda m, n: -0.5 * abs(m - n), dim=4, name="alibi (python)")
    assert mine.kind == "score_bias"
    assert mine.verdicts == ob.reference_scheme("alibi").verdicts


def test_expectations_make_ok_meaningful_and_json_is_the_cli_format():
    r = ob.check_scheme(encode=lambda p: np.full(D, float(p)), dim=D, name="counter",
                        expect={"bounded": "fails", "shift-linear": "holds"})
    assert r.kind == "additive" and r["bounded"].verdict == "fails"
    assert not r.ok  # a constant-row counter is not shift-linear: T_k would have to add k
    j = json.loads(r.to_json())
    assert j["schema"] == "orderblind-schemes/2"
    row = j["schemes"][0]
    assert row == r.to_dict()
    cells = {c["property"]: c for c in row["properties"]}
    assert row["scheme"] == "counter" and set(cells) == set(r.verdicts)
    assert cells["shift-linear"]["expected"] == "holds"
    # the cell that disagrees is the one check that FAILED (the exit code of `orderblind schemes`)
    assert [c["property"] for c in row["properties"] if c["verdict"] == "FAILED"] == ["shift-linear"]
    assert cells["bounded"]["verdict"] == "held" and cells["injective"]["verdict"] == "skipped"
    assert "counter" in r.matrix


def test_learned_table_undefined_past_its_end():
    table = np.random.default_rng(0).standard_normal((32, 4))
    r = ob.check_scheme(encode=lambda p: table[p], dim=4, name="learned", max_position=32)
    assert r["extrapolates"].verdict == "fails" and "p = 32" in r["extrapolates"].summary


@pytest.mark.parametrize("encode, err, match", [
    (lambda p: np.zeros(3), ob.CallableError, r"shape \(3,\), expected \(8,\)"),
    (lambda p: np.zeros(8, dtype=complex), ob.CallableError, "complex"),
    (lambda p: 1 / 0 if p == 5 else np.zeros(8), ZeroDivisionError, "division"),
])
def test_bad_schemes_raise_naming_the_problem(encode, err, match):
    with pytest.raises(err, match=match):
        ob.check_scheme(encode=encode, dim=D)


def test_bad_arguments():
    with pytest.raises(TypeError, match="exactly one"):
        ob.check_scheme(dim=4)
    with pytest.raises(ValueError, match="dim"):
        ob.check_scheme(encode=sinusoidal, dim=0)
    with pytest.raises(ValueError, match="no property"):
        ob.check_scheme(encode=sinusoidal, dim=D, expect={"nonsense": "holds"})


def test_check_table_as_check_pe():
    table = np.stack([sinusoidal(p) for p in range(64)])
    r = ob.check_table(table)
    assert r.ok and [x["held"] for x in r.results] == [True] * 4
    counter = np.arange(64, dtype=np.float64)[:, None] * np.ones((1, 4))
    bad = ob.check_table(counter, name="counter")
    assert not bad.ok and not bad.results[0]["held"]  # grows along the table
    assert json.loads(bad.to_json())["held"] is False
    # float32 tables are judged in float32's ε: a float64 sinusoid rounded to float32 holds
    assert ob.check_table(table.astype(np.float32)).ok
    with pytest.raises(ValueError, match="NaN"):
        ob.check_table(np.where(table > 0.99, np.nan, table))
    with pytest.raises(ValueError, match="2-D"):
        ob.check_table(table[0])
    with pytest.raises(TypeError, match="dtype"):
        ob.check_table(table.astype(np.float16))


def test_module_command_line(tmp_path):
    from orderblind.__main__ import main
    path = tmp_path / "pe.npy"
    np.save(path, np.stack([sinusoidal(p) for p in range(64)]))
    assert main(["check", "--pe", str(path)]) == 0
    np.save(path, np.arange(64, dtype=np.float64)[:, None] * np.ones((1, 4)))
    assert main(["check", "--pe", str(path), "--format", "json"]) == 1
    assert main(["check", "--pe", str(tmp_path / "missing.npy")]) == 2
    # NOTE: n is kept away from d, so the transpose (d, n) can never have the shape (n, d) of a valid answer.
    assert main(["equivariant", "numpy:transpose", "--n", "3", "6", "--d", "2"]) == 2  # returns (d, n): a CallableError


@pytest.mark.parametrize("kwargs", [
    {"encode": lambda p: np.array([np.inf if p == 3 else float(p), 0.0, 1.0, 2.0])},
    {"bias": lambda m, n: np.inf if m == n else -abs(m - n)},
    {"query": lambda q, m: q * (np.nan if m == 5 else 1.0)},
])
def test_a_non_finite_value_from_a_scheme_is_an_error_never_a_held_law(kwargs):
    """Issue 28: an infinite bias on the diagonal "held" relative scores and shift-linear."""
    with pytest.raises(ob.CallableError, match="must be finite"):
        ob.check_scheme(dim=4, **kwargs)
