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
    assert r.ok and [x["held"] for x in r.results] == [True] * 11
    counter = np.arange(64, dtype=np.float64)[:, None] * np.ones((1, 4))
    bad = ob.check_table(counter, name="counter")
    assert not bad.ok and not bad.results[0]["held"]  # grows along the table
    assert json.loads(bad.to_json())["held"] is False
    # each result is the PE battery's law on the table as `orderblind check --pe` states it: its agreement
    # with what a positional table must satisfy (FAILED when they differ; skipped when nothing is expected)
    assert [x["id"] for x in bad.results] == [
        "bounded (table)", "length-consistent (table)", "injective (table)", "extrapolates (table)",
        "shift-linear (table)", "relative scores (table)", "relative-expressible (table)", "norm-preserving (table)",
        "bound decays (table)", "score decays (table)", "breaks equivariance (table)"]
    assert [x["verdict"] for x in bad.results] == [
        "FAILED", "skipped", "held", "skipped", "FAILED", "FAILED", "skipped", "skipped", "skipped", "skipped", "held"]
    assert bad.results[5]["evidence"] == "sampled_within_bound" and bad.results[5]["worst"] > 1
    assert "fails at m = 1, n = 1" in bad.results[5]["note"] and "FAILED: relative scores (table)" in str(bad)
    # expect= states a law's expectation as --expect does: an additive table transforms no query or key
    norm = ob.check_table(table, expect={"norm-preserving": "holds"})
    assert not norm.ok and norm.results[7]["verdict"] == "FAILED" and norm.results[7]["expected"] == "holds"
    with pytest.raises(ValueError, match="unknown property 'nope'"):
        ob.check_table(table, expect={"nope": "holds"})
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
    """An infinite bias on the diagonal once "held" relative scores and shift-linear: ∞ must fail like NaN."""
    with pytest.raises(ob.CallableError, match="must be finite"):
        ob.check_scheme(dim=4, **kwargs)


def rope(q, p):
    """RoPE in NumPy, interleaved pairs, θ_i = 10000^(−2i/D)."""
    c, s = np.cos(p * THETA), np.sin(p * THETA)
    out = np.empty(D)
    out[0::2] = c * q[0::2] - s * q[1::2]
    out[1::2] = s * q[0::2] + c * q[1::2]
    return out


def on_significand(p, bits):
    """p rounded to `bits` significant bits, to nearest, ties to even (a float with a bits-bit significand)."""
    drop = max(0, int(p).bit_length() - bits)
    if drop == 0:
        return int(p)
    q, rest, half = p >> drop, p & ((1 << drop) - 1), 1 << (drop - 1)
    return (q + (rest > half or (rest == half and q & 1))) << drop


@pytest.mark.parametrize("k", range(7, 25))
def test_position_ids_wrapped_at_2_to_the_k_fail_relative_scores(k):
    """The C++ battery's windows at every 2^k, through check_scheme: a RoPE whose ids pass through a k-bit
    unsigned integer fails relative scores at the window around 2^k (or across it, at a distance scale)."""
    r = ob.check_scheme(query=lambda q, m: rope(q, m % (1 << k)), dim=D, name=f"rope-ids-mod-2^{k}")
    cell = r["relative scores"]
    assert cell.verdict == "fails", cell.summary
    assert f"window around 2^{k}" in cell.summary or "distance n − m" in cell.summary


@pytest.mark.parametrize("k", range(7, 25))
def test_positions_on_a_k_bit_significand_fail_injective(k):
    """A sinusoid whose positions pass through a float with a k-bit significand: 2^k and 2^k + 1 encode alike."""
    r = ob.check_scheme(encode=lambda p: sinusoidal(on_significand(p, k)), dim=D, name=f"sinusoid-significand-{k}")
    cell = r["injective"]
    assert cell.verdict == "fails", cell.summary
    assert f"p = {1 << k}, q = {(1 << k) + 1}" in cell.summary


@pytest.mark.parametrize("dtype, k", [(np.int8, 7), (np.int16, 15), (np.uint16, 16)])
def test_position_ids_in_a_narrow_numpy_integer_fail_relative_scores(dtype, k):
    """Ids cast to a NumPy integer type wrap (int16: 2^15 becomes −2^15)."""
    def wrapped(q, m):
        with np.errstate(over="ignore"):
            return rope(q, int(np.array(m).astype(dtype)))
    cell = ob.check_scheme(query=wrapped, dim=D, name=f"rope-{np.dtype(dtype).name}-ids")["relative scores"]
    assert cell.verdict == "fails", cell.summary
    assert f"window around 2^{k}" in cell.summary or "distance n − m" in cell.summary


@pytest.mark.parametrize("dtype, k, top", [(np.float16, 11, 65504), (np.float32, 24, None)])
def test_positions_in_a_narrow_numpy_float_fail_injective(dtype, k, top):
    """Positions cast to half (11-bit significand; finite up to 65504, declared as max_position) or float32
    (24-bit): 2^k + 1 rounds to 2^k."""
    def encode(p):
        if top is not None and p >= top:
            raise IndexError(p)  # past the type's finite range: undefined (check_scheme still probes 10^5)
        return sinusoidal(float(dtype(p)))
    cell = ob.check_scheme(encode=encode, dim=D, name=f"sinusoid-{np.dtype(dtype).name}", max_position=top)["injective"]
    assert cell.verdict == "fails", cell.summary
    assert f"p = {1 << k}, q = {(1 << k) + 1}" in cell.summary


def test_the_correct_rope_and_sinusoid_hold_and_list_their_windows():
    rel = ob.check_scheme(query=rope, dim=D, name="rope (numpy)")["relative scores"]
    inj = ob.check_scheme(encode=sinusoidal, dim=D, name="sinusoidal (numpy)")["injective"]
    for cell in (rel, inj):
        assert cell.holds, cell.summary
        assert "2^7 … 2^24, 2^31" in cell.summary
