# SPDX-License-Identifier: MIT
"""orderblind.strategies in a user's own Hypothesis tests: the strategies draw what the battery draws, and
the one-case assertions hold or refute inside @given (Hypothesis draws and shrinks)."""
import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import orderblind as ob  # noqa: E402
from orderblind import strategies as obs  # noqa: E402


def attention(x):
    s = x @ x.T / np.sqrt(x.shape[1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ x


def causal(x):
    s = x @ x.T
    s[np.triu_indices(x.shape[0], 1)] = -np.inf
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ x


@settings(max_examples=60, deadline=None)
@given(obs.equivariance_cases(n=(2, 6), d=(1, 8)))
def test_user_style_attention_is_equivariant_and_mean_pool_invariant(case):
    x, perm = case
    ob.assert_equivariant_on(attention, x, perm)
    # NOTE: the pooled mean's terms are the rows of attention(v): their magnitude is the scale (scale=). The
    # black box's own max|output| cannot bound a mean that cancels far below its terms (Hypothesis found
    # ±9 rows meaning 5.6e-17); with the terms' scale every drawn case is checked, none left out.
    ob.assert_invariant_on(lambda v: attention(v).mean(axis=0), x, perm, scale=attention)


@settings(max_examples=40, deadline=None)
@given(obs.cross_attention_cases(n=(2, 5), d=4, m=(1, 3)))
def test_user_style_cross_attention_ignores_memory_order(case):
    q, memory, perm = case

    def cross(q, m):
        s = q @ m.T
        w = np.exp(s - s.max(axis=1, keepdims=True))
        return (w / w.sum(axis=1, keepdims=True)) @ m
    ob.assert_cross_invariant_on(cross, q, memory, perm, scale=lambda q, m: m)  # Σ a_k M_k: M's rows are the terms


@settings(max_examples=30, deadline=None)
@given(obs.equivariance_cases(n=(2, 4), d=4, dtype="bfloat16"), obs.weights(4, dtype="bfloat16"))
def test_user_style_bfloat16_projections(case, w):
    x, perm = case
    wq, wk, wv = (m.astype(np.float64) for m in w)
    assert x.dtype == np.float32 and np.array_equal(ob._laws.round_to_dtype(x, "bfloat16"), x)
    assert all(np.abs(m).max() <= 1 for m in w)

    def layer(v):  # computed in float32 on bfloat16 inputs and weights: judged in bfloat16's ε
        v = v.astype(np.float32)
        s = (v @ wq.astype(np.float32)) @ (v @ wk.astype(np.float32)).T
        a = np.exp(s - s.max(axis=1, keepdims=True))
        return (a / a.sum(axis=1, keepdims=True)) @ (v @ wv.astype(np.float32))
    ob.assert_equivariant_on(layer, x, perm, dtype="bfloat16")


def test_hypothesis_shrinks_a_causal_layer_inside_a_users_given_test():
    @settings(max_examples=50, deadline=None, database=None)
    @given(obs.equivariance_cases(n=(2, 6), d=(1, 4)))
    def users_test(case):
        ob.assert_equivariant_on(causal, *case)
    with pytest.raises(ob.CounterexampleError) as err:
        users_test()
    # NOTE: Hypothesis re-raises the shrunk case's error: two tokens, one column, the transposition.
    ce = err.value.counterexample
    assert ce.n == 2 and ce.d == 1 and ce.cycles == "(0 1)" and ce.engine == "given"


def test_inside_a_given_test_the_sampling_laws_draw_with_the_builtin_engine():
    seen = []

    @settings(max_examples=3, deadline=None, database=None)
    @given(st.integers(1, 4))
    def users_test(d):
        seen.append(ob.assert_permutation_equivariant(attention, d=d, cases=5).engine)
        with pytest.raises(ValueError, match="does not nest"):
            ob.assert_permutation_equivariant(attention, d=d, cases=5, engine="hypothesis")
    users_test()
    assert set(seen) == {"builtin"}


@settings(max_examples=300, deadline=None, database=None)
@given(obs.permutations(st.integers(2, 7)))
def test_permutations_are_never_the_identity(image):
    assert sorted(image) == list(range(len(image))) and not np.array_equal(image, np.arange(len(image)))


def test_strategies_cover_every_permutation_kind_and_the_entry_range():
    kinds, values = {}, []

    @settings(max_examples=400, deadline=None, database=None)
    @given(obs.permutations(5), obs.token_matrices(3, 4))
    def collect(image, x):
        kinds[ob._check._count_kind(image)] = kinds.get(ob._check._count_kind(image), 0) + 1
        values.extend(x.ravel())
    collect()
    assert {"transposition", "n-cycle", "reversal", "other"} <= set(kinds)
    assert max(abs(v) for v in values) <= 10 and any(v != np.trunc(v) for v in values)
