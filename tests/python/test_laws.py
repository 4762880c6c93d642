# SPDX-License-Identifier: MIT
"""The permutation laws on NumPy callables: verdicts, the bound's edge, shrinking, bad input."""
import math

import numpy as np
import pytest

import orderblind as ob
from orderblind import _core

EPS = np.finfo(np.float64).eps


def softmax_attention(x):
    s = x @ x.T / np.sqrt(x.shape[1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ x


def causal_attention(x):
    s = x @ x.T
    s[np.triu_indices(x.shape[0], 1)] = -np.inf
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ x


@pytest.mark.parametrize("engine", ["builtin", "hypothesis"])
def test_attention_is_equivariant_and_stats_say_what_was_checked(engine):
    st = ob.assert_permutation_equivariant(softmax_attention, d=(1, 6), cases=200, seed=3, engine=engine)
    assert st.cases == 200 and st.seed == 3 and st.evidence == "sampled_within_bound"
    assert st.engine == engine and st.dtype == "float64" and "2.22" in st.arithmetic
    assert sum(st.n_counts.values()) == 200 and set(st.n_counts) <= {2, 3, 4, 5, 6}
    if engine == "builtin":
        assert set(st.permutation_kinds) == {"transposition", "n-cycle", "reversal", "uniform"}
        assert set(st.n_counts) == {2, 3, 4, 5, 6}
        assert "gen_real" in st.distribution
    else:
        assert {"transposition", "n-cycle", "reversal"} <= set(st.permutation_kinds) <= {
            "transposition", "n-cycle", "reversal", "other"}
        assert "Hypothesis" in st.distribution
    assert 0 <= st.max_residual_eps < 20


def test_mean_pool_is_invariant():
    ob.assert_permutation_invariant(lambda x: softmax_attention(x).mean(axis=0), d=(1, 6))


def cross_attention(q, m):
    s = q @ m.T
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ m


def test_cross_attention_is_invariant_to_memory_order():
    # NOTE: scale=: the output is Σ_k a_k M_k, a sum of memory rows that can cancel (see the next test);
    # the memory's magnitude is its terms'.
    st = ob.assert_cross_attention_invariant(cross_attention, d=(1, 6), scale=lambda q, m: m)
    assert st.engine == "hypothesis" and "scale=" in st.bound
    ob.assert_cross_attention_invariant(cross_attention, d=(1, 6), engine="builtin")


def cross_attention_in_order(q, m):
    """Cross-attention in plain Python floats, memory rows summed left to right: its rounding depends on the
    memory's order in the same way on every machine (no BLAS kernel, no FMA)."""
    out = np.empty((q.shape[0], m.shape[1]))
    for i in range(q.shape[0]):
        s = [float(np.dot(q[i], m[j])) for j in range(m.shape[0])]
        w = [math.exp(x - max(s)) for x in s]
        total = math.fsum(w)
        for c in range(m.shape[1]):
            acc = 0.0
            for j in range(m.shape[0]):
                acc += (w[j] / total) * m[j, c]
            out[i, c] = acc
    return out


def test_a_sum_that_cancels_needs_its_terms_scale_and_a_leak_is_still_caught_with_it():
    """The black-box scale's known limit: memory rows 6, −6 and 10⁻¹⁵ averaged give 3.3·10⁻¹⁶ in that order,
    4.4·10⁻¹⁶ with 10⁻¹⁵ first (6/3 + 10⁻¹⁵/3 rounds to the ulp of 2) — 1.5·10¹⁵ ε of the output's own
    magnitude, 0.08 ε of the terms'. With scale= the terms' magnitude it holds; a leak of 10⁻⁹ of the first
    memory row still fails with the same scale."""
    # NOTE: plain Python sums, not NumPy's matmul: Hypothesis found this limit as 6 and −6 under a BLAS
    # kernel with FMA, whose two orders round apart on one CPU and alike on another.
    q, m = np.array([[0.0]]), np.array([[6.0], [-6.0], [1e-15]])
    with pytest.raises(ob.CounterexampleError, match=r"far below the inputs' magnitude \(6\).*pass scale="):
        ob.assert_cross_invariant_on(cross_attention_in_order, q, m, [2, 0, 1])
    st = ob.assert_cross_invariant_on(cross_attention_in_order, q, m, [2, 0, 1], scale=lambda q, m: m)
    assert 0 < st.max_residual_eps < 1
    assert ob.assert_cross_invariant_on(cross_attention_in_order, q, m, [2, 0, 1], scale=6.0).max_residual_eps < 1
    with pytest.raises(ob.CounterexampleError, match="at least the given scale="):
        ob.assert_cross_attention_invariant(lambda q, m: cross_attention(q, m) + 1e-9 * m[0], d=(1, 4),
                                            scale=lambda q, m: m)
    with pytest.raises(ValueError, match="scale must be"):
        ob.assert_cross_invariant_on(cross_attention, q, m, [2, 0, 1], scale=-1.0)
    with pytest.raises(ValueError, match="scale must be"):
        ob.assert_cross_invariant_on(cross_attention, q, m, [2, 0, 1], scale=lambda q, m: np.nan)


@pytest.mark.parametrize("engine", ["builtin", "hypothesis"])
def test_causal_refutation_shrinks_to_two_tokens(engine):
    ce = ob.find_equivariance_counterexample(causal_attention, d=(1, 6), engine=engine)
    assert ce is not None and ce.engine == engine
    assert ce.n == 2 and ce.d == 1 and ce.cycles == "(0 1)"
    assert np.count_nonzero(ce.case.x) == 1 and abs(ce.case.x).max() == 1  # shrunk to a single ±1
    assert ce.replay(causal_attention).ok is False
    assert ob.find_equivariance_counterexample(softmax_attention, d=(1, 6), engine=engine) is None


def row_skew(scale_eps, dtype=np.float64):
    """Equivariant attention plus scale_eps·ε·max|out[:, 0]| on entry (0, 0) only: the residual of (0 1)
    is scale_eps up to the bump's own share of the column's magnitude and one rounding."""
    eps = np.finfo(dtype).eps

    def f(x):
        out = softmax_attention(x.astype(np.float64))
        out[0, 0] += scale_eps * eps * np.abs(out[:, 0]).max()
        return out.astype(dtype) if dtype != np.float64 else out
    return f


def test_bound_edge_just_above_fails_just_below_passes():
    n = d = 2
    bound = _core.multi_head_reorder_bound_eps(n, d)
    assert bound == 4 * (n + 1) + 2 * d + 2
    # NOTE: the transposition (0 1) moves the bump to row 1 on one side only: residual ≈ the bump.
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(row_skew(bound * 1.15), n=n, d=d, cases=20, engine="builtin")
    assert bound < err.value.counterexample.residual_eps < bound * 1.25
    ob.assert_permutation_equivariant(row_skew(bound * 0.85), n=n, d=d, cases=20, engine="builtin")
    # the same edge on one given case (the form for a user's own @given test)
    x = np.array([[1.5, -2.25], [0.75, 3.0]])
    with pytest.raises(ob.CounterexampleError, match="the case given"):
        ob.assert_equivariant_on(row_skew(bound * 1.15), x, [1, 0])
    assert ob.assert_equivariant_on(row_skew(bound * 0.85), x, [1, 0]).max_residual_eps < bound


def test_a_large_column_does_not_hide_a_leak_in_another():
    """A constant 10¹² feature and a 10⁻⁶·row-index leak in another: each column at its own scale."""
    def leaky(x):
        out = softmax_attention(x)
        out = np.hstack([np.full((x.shape[0], 1), 1e12), out])
        out[:, 1] += 1e-6 * np.arange(x.shape[0])
        return out
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(leaky, d=(1, 4))
    ce = err.value.counterexample
    assert ce.outcome.worst_index[1] == 1 and ce.residual_eps > 1e6
    # NOTE: the unit this replaces, ε·max(1, max|a|, max|b|) (written out here: compare.hpp's residual_in_eps
    # may change), passed it.
    x = ce.case.x
    lhs, rhs = leaky(x[ce.case.perm]), leaky(x)[ce.case.perm]
    old = np.abs(lhs - rhs).max() / (EPS * max(1.0, np.abs(lhs).max(), np.abs(rhs).max()))
    assert old < _core.multi_head_reorder_bound_eps(ce.n, lhs.shape[1])


def test_the_same_infinity_on_both_sides_fails_and_an_empty_output_is_refused():
    def inf_column(x):
        out = softmax_attention(x)
        out[:, 0] = np.inf  # P·f(X) and f(PX) agree entry by entry, and still nothing can be bounded
        return out
    with pytest.raises(ob.CounterexampleError, match="inf at entry"):
        ob.assert_permutation_equivariant(inf_column, d=2)
    with pytest.raises(ob.CallableError, match="empty"):
        ob.assert_permutation_equivariant(lambda x: x[:, :0], d=2)
    with pytest.raises(ob.CallableError, match="empty"):
        ob.assert_permutation_invariant(lambda x: np.zeros(0), d=2)


def test_reduced_precision_numpy_attention_holds_in_its_own_epsilon():
    for dtype in ("float32", "float16"):
        f = lambda x: softmax_attention(x.astype(dtype)).astype(dtype)  # noqa: E731 - computed in dtype
        st = ob.assert_permutation_equivariant(f, d=(1, 6), dtype=dtype, engine="builtin", cases=200)
        assert st.dtype == dtype and f"of {dtype}" in st.arithmetic
    n = d = 2
    bound = _core.multi_head_reorder_bound_eps(n, d)
    with pytest.raises(ob.CounterexampleError, match="of float32"):
        ob.assert_permutation_equivariant(row_skew(bound * 1.3, np.float32), n=n, d=d, dtype="float32", engine="builtin")
    ob.assert_permutation_equivariant(row_skew(bound * 0.7, np.float32), n=n, d=d, dtype="float32", engine="builtin")


@pytest.mark.parametrize("f, match", [
    (lambda x: x.astype(np.int64), "integer"),
    (lambda x: x.astype(np.complex128), "complex"),
    (lambda x: x > 0, "boolean"),
])
def test_integer_and_complex_outputs_are_refused(f, match):
    with pytest.raises(ob.CallableError, match=match):
        ob.assert_permutation_equivariant(f, d=2)


def test_a_random_function_is_nondeterministic_not_a_counterexample():
    rng = np.random.default_rng(0)
    with pytest.raises(ob.NondeterministicError, match=r"eval\(\)") as err:
        ob.assert_permutation_equivariant(lambda x: softmax_attention(x) * (rng.random(x.shape) > 0.3), d=4)
    assert len(err.value.index) == 2


def test_replay_one_case_alone():
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(causal_attention, d=3, seed=11, engine="builtin")
    k = err.value.counterexample.case_index
    with pytest.raises(ob.CounterexampleError) as again:
        ob.assert_permutation_equivariant(causal_attention, d=3, seed=11, start_case=k, cases=1)
    assert again.value.counterexample.case_index == k
    assert np.array_equal(again.value.counterexample.case.x, err.value.counterexample.case.x)
    assert f"start_case={k}, cases=1" in str(err.value)


def test_nan_always_fails():
    def nan_row(x):
        out = softmax_attention(x)
        out[0, 0] = np.nan
        return out
    with pytest.raises(ob.CounterexampleError, match="NaN"):
        ob.assert_permutation_equivariant(nan_row, d=2)
    with pytest.raises(ob.CounterexampleError, match="inf"):
        ob.assert_permutation_invariant(lambda x: np.full(3, np.inf), d=2)


@pytest.mark.parametrize("f, match", [
    (lambda x: x.astype(np.float32), "dtype='float32'"),
    (lambda x: x[:, :, None][:-1], "shape"),
    (lambda x: "text", "dtype"),
    (lambda x: (x, x), "2 arrays"),
])
def test_bad_outputs_are_callable_errors(f, match):
    with pytest.raises(ob.CallableError, match=match):
        ob.assert_permutation_equivariant(f, d=2)


def test_an_exception_from_f_is_an_error_not_a_counterexample():
    def boom(x):
        raise KeyError("inside f")
    with pytest.raises(ob.CallableError, match=f"KeyError.*seed {ob.DEFAULT_SEED}, case 0"):
        ob.assert_permutation_equivariant(boom, d=2, engine="builtin")
    with pytest.raises(ob.CallableError, match=f"KeyError.*seed {ob.DEFAULT_SEED}, Hypothesis example 1"):
        ob.assert_permutation_equivariant(boom, d=2, engine="hypothesis")
    with pytest.raises(ob.CallableError):
        ob.find_equivariance_counterexample(boom, d=2)


def test_bad_arguments():
    with pytest.raises(TypeError, match="d .* is required"):
        ob.assert_permutation_equivariant(softmax_attention)
    with pytest.raises(ValueError, match="n must satisfy"):
        ob.assert_permutation_equivariant(softmax_attention, n=1, d=2)
    with pytest.raises(ValueError, match="bound_eps"):
        ob.assert_permutation_equivariant(softmax_attention, d=2, bound_eps=float("nan"))


@pytest.mark.parametrize("kwargs, error, match", [
    ({"seed": 1.5}, TypeError, r"seed must be an int, got 1\.5"),
    ({"cases": 2.7}, TypeError, r"cases must be an int, got 2\.7"),
    ({"seed": -1}, ValueError, r"seed must be in \[0, 18446744073709551615\], got -1"),
    ({"seed": 2 ** 64}, ValueError, "seed must be in"),
    ({"cases": 0}, ValueError, "cases must be >= 1"),
    ({"start_case": True}, TypeError, "start_case must be an int"),
    ({"n": (2, 6.5)}, TypeError, r"n\[1\] must be an int"),
    ({"dtype": "int32"}, ValueError, "dtype must be one of float64, float32, bfloat16, float16"),
    ({"engine": "quickcheck"}, ValueError, "engine must be one of 'auto', 'hypothesis', 'builtin'"),
])
def test_arguments_are_never_truncated_and_errors_name_them(kwargs, error, match):
    """seed=1.5 and cases=2.7 were once truncated, seed=-1 got NumPy's message without the name: bad input is named."""
    with pytest.raises(error, match=match):
        ob.assert_permutation_equivariant(softmax_attention, **{"d": 2, **kwargs})


def test_a_huge_width_is_refused_before_anything_is_allocated():
    """d=10**12 once raised NumPy's MemoryError from inside the library: the limit is named instead."""
    with pytest.raises(ValueError, match=r"d = 1000000000000 .* limit 16777216"):
        ob.assert_permutation_equivariant(softmax_attention, d=10 ** 12)
    with pytest.raises(ValueError, match="limit"):
        ob.assert_cross_attention_invariant(lambda q, m: q, d=2 ** 22, n=2, m=(1, 8))


def test_permutation_draws_match_the_battery_and_cycles_use_the_library():
    from orderblind._laws import _rng, draw_permutation
    kinds = {}
    for k in range(2000):
        img, kind = draw_permutation(_rng(0, k), 5)
        assert sorted(img) == list(range(5)) and not np.array_equal(img, np.arange(5))
        kinds[kind] = kinds.get(kind, 0) + 1
    # 35 / 20 / 20 / 25 %, as gen_permutation without the identity
    assert abs(kinds["transposition"] / 2000 - 0.35) < 0.04 and abs(kinds["uniform"] / 2000 - 0.25) < 0.04
    assert ob.cycles([1, 2, 0]) == "(0 1 2)"
    with pytest.raises(ValueError, match="twice"):
        ob.cycles([0, 0])


def test_shrinking_skips_candidates_f_rejects():
    def needs_three(x):
        if x.shape[0] < 3:
            raise ValueError("needs 3 tokens")
        return causal_attention(x)
    # NOTE: seed 0 draws n >= 3 first (the default seed draws n = 2, which f refuses: an error, not a
    # case); the shrinker then meets n = 2 candidates, which f rejects and it must skip.
    ce = ob.find_equivariance_counterexample(needs_three, d=2, seed=0, engine="builtin")
    assert ce is not None and ce.n == 3 and not ce.replay(needs_three).ok


def test_order_dependent_memory_and_pooling_are_caught():
    def first_memory_row_leaks(q, m):
        s = q @ m.T
        w = np.exp(s - s.max(axis=1, keepdims=True))
        return (w / w.sum(axis=1, keepdims=True)) @ m + 1e-9 * m[0]
    with pytest.raises(ob.CounterexampleError, match="order of memory") as err:
        ob.assert_cross_attention_invariant(first_memory_row_leaks, d=(1, 4))
    ce = err.value.counterexample
    assert ce.n == 2 and ce.case.q.shape[0] == 1 and ce.cycles == "(0 1)"
    assert err.value.stats.law == "cross" and "gen_permutation" in err.value.stats.distribution
    with pytest.raises(ob.CounterexampleError, match="invariant"):
        ob.assert_permutation_invariant(lambda x: softmax_attention(x)[0], d=2)  # the first row is no pooling


@pytest.mark.parametrize("dtype, out", [("bfloat16", np.float32), ("float16", np.float16)])
def test_the_bound_edge_in_reduced_precision(dtype, out):
    """Just above the bound fails, just below passes, in units of the dtype's ε (bfloat16: a float32 output,
    finer than the dtype, is judged in bfloat16's ε)."""
    n = d = 2
    bound = _core.multi_head_reorder_bound_eps(n, d)
    x = ob._laws.round_to_dtype(np.array([[1.5, -2.25], [0.75, 3.0]]), dtype)
    eps = ob.DTYPE_EPS[dtype]

    def skew(k):
        def f(v):
            o = softmax_attention(v.astype(np.float64))
            o[0, 0] += k * eps * np.abs(o[:, 0]).max()
            return o.astype(out)
        return f
    with pytest.raises(ob.CounterexampleError, match=f"of {dtype}"):
        ob.assert_equivariant_on(skew(bound * 1.2), x, [1, 0], dtype=dtype)
    assert ob.assert_equivariant_on(skew(bound * 0.8), x, [1, 0], dtype=dtype).max_residual_eps < bound


def test_the_hypothesis_engine_replays_with_the_same_seed():
    runs = [ob.find_equivariance_counterexample(causal_attention, d=(1, 4), seed=5, engine="hypothesis")
            for _ in range(2)]
    assert np.array_equal(runs[0].case.x, runs[1].case.x) and runs[0].cycles == runs[1].cycles
    assert "seed=5" in runs[0].replay_call and "start_case" not in runs[0].replay_call
    with pytest.raises(ValueError, match="start_case"):
        ob.assert_permutation_equivariant(causal_attention, d=2, start_case=3, engine="hypothesis")


def test_hypothesis_is_the_default_engine_and_the_builtin_one_the_fallback(monkeypatch):
    ce = ob.find_equivariance_counterexample(causal_attention, d=(1, 4), seed=5)
    assert ce.engine == "hypothesis" and ce.stats.engine == "hypothesis" and ce.stats.seed == 5
    assert ce.n == 2 and ce.cycles == "(0 1)" and "seed 5, drawn and shrunk by Hypothesis" in ce.message()
    # the replay line replays the run: the same shrunk case
    assert ce.replay_call == ("orderblind.assert_permutation_equivariant(f, n=(2, 6), d=(1, 4), seed=5, "
                              "engine='hypothesis')")
    with pytest.raises(ob.CounterexampleError) as again:
        ob.assert_permutation_equivariant(causal_attention, n=(2, 6), d=(1, 4), seed=5, engine="hypothesis")
    assert np.array_equal(again.value.counterexample.case.x, ce.case.x)
    # start_case replays a builtin case: the builtin engine
    assert ob.assert_permutation_equivariant(softmax_attention, d=2, start_case=7, cases=1).engine == "builtin"
    # without Hypothesis: the builtin engine, and engine="hypothesis" says what is missing
    monkeypatch.setattr(ob._check, "_hypothesis_available", lambda: False)
    assert ob.assert_permutation_equivariant(softmax_attention, d=2, cases=5).engine == "builtin"
    with pytest.raises(ImportError, match="python3-hypothesis"):
        ob.assert_permutation_equivariant(softmax_attention, d=2, engine="hypothesis")


def test_the_hypothesis_shrink_budget_ends_shrinking_on_a_failing_case():
    ce = ob.find_equivariance_counterexample(causal_attention, n=(5, 6), d=4, shrink_budget=3, engine="hypothesis")
    assert ce.shrink_exhausted and ce.shrink_evaluations == 3 and "budget exhausted" in ce.message()
    assert not ce.replay(causal_attention).ok


def test_a_zero_bound_still_reports_the_residual_in_eps():
    """bound_eps=0 makes every difference fail (the library's ratio is then ∞); the residual reported is still
    the difference in units of ε·s, measured by a second comparison with a bound of 1 ε."""
    x = np.array([[1.5, -2.25], [0.75, 3.0]])
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_equivariant_on(row_skew(3.0), x, [1, 0], bound_eps=0)
    assert 2.9 < err.value.counterexample.residual_eps < 3.1
    assert ob.assert_equivariant_on(lambda v: np.ones_like(v), x, [1, 0], bound_eps=0).max_residual_eps == 0
