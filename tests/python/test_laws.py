# SPDX-License-Identifier: MIT
"""The permutation laws on NumPy callables: verdicts, the bound's edge, shrinking, bad input."""
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


def test_attention_is_equivariant_and_stats_say_what_was_checked():
    st = ob.assert_permutation_equivariant(softmax_attention, d=(1, 6), cases=200, seed=3)
    assert st.cases == 200 and st.seed == 3 and st.evidence == "sampled_within_bound"
    assert set(st.permutation_kinds) == {"transposition", "n-cycle", "reversal", "uniform"}
    assert set(st.n_counts) == {2, 3, 4, 5, 6}
    assert 0 <= st.max_residual_eps < 20
    assert "gen_real" in st.distribution


def test_mean_pool_is_invariant():
    ob.assert_permutation_invariant(lambda x: softmax_attention(x).mean(axis=0), d=(1, 6))


def test_cross_attention_is_invariant_to_memory_order():
    def cross(q, m):
        s = q @ m.T
        w = np.exp(s - s.max(axis=1, keepdims=True))
        return (w / w.sum(axis=1, keepdims=True)) @ m
    ob.assert_cross_attention_invariant(cross, d=(1, 6))


def test_causal_refutation_shrinks_to_two_tokens():
    ce = ob.find_equivariance_counterexample(causal_attention, d=(1, 6))
    assert ce is not None
    assert ce.n == 2 and ce.d == 1 and ce.cycles == "(0 1)"
    assert ce.replay(causal_attention).ok is False
    assert ob.find_equivariance_counterexample(softmax_attention, d=(1, 6)) is None


def row_skew(scale_eps):
    """Equivariant attention plus scale_eps·ε·max(1, max|out|) on row 0 only: the residual of (0 1) is
    exactly at scale_eps (up to one rounding of the added term)."""
    def f(x):
        out = softmax_attention(x)
        bump = np.zeros_like(out)
        bump[0, 0] = scale_eps * EPS * max(1.0, np.abs(out).max())
        return out + bump
    return f


def test_bound_edge_just_above_fails_just_below_passes():
    n = d = 2
    bound = _core.multi_head_reorder_bound_eps(n, d)
    assert bound == 4 * (n + 1) + 2 * d + 2
    # NOTE: the transposition (0 1) moves the bump to row 1 on one side only: residual ≈ the bump.
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(row_skew(bound * 1.15), n=n, d=d, cases=20)
    assert bound < err.value.counterexample.residual_eps < bound * 1.25
    ob.assert_permutation_equivariant(row_skew(bound * 0.85), n=n, d=d, cases=20)


def test_replay_one_case_alone():
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(causal_attention, d=3, seed=11)
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
    (lambda x: x.astype(np.float32), "float32"),
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
        ob.assert_permutation_equivariant(boom, d=2)
    with pytest.raises(ob.CallableError):
        ob.find_equivariance_counterexample(boom, d=2)


def test_bad_arguments():
    with pytest.raises(TypeError, match="d .* is required"):
        ob.assert_permutation_equivariant(softmax_attention)
    with pytest.raises(ValueError, match="n must satisfy"):
        ob.assert_permutation_equivariant(softmax_attention, n=1, d=2)
    with pytest.raises(ValueError, match="bound_eps"):
        ob.assert_permutation_equivariant(softmax_attention, d=2, bound_eps=float("nan"))


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
    ce = ob.find_equivariance_counterexample(needs_three, d=2, seed=0)
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
