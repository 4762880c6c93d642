# SPDX-License-Identifier: MIT
"""Hypothesis strategies drawing what orderblind's C++ battery draws (properties/support/), for your own
``@given`` tests; needs Hypothesis (Debian: python3-hypothesis).

    from hypothesis import given
    import orderblind
    from orderblind import strategies as obs

    @given(obs.equivariance_cases(n=(2, 6), d=8))
    def test_my_layer(case):
        x, perm = case
        orderblind.assert_equivariant_on(my_layer, x, perm)

Each strategy has the *structure* of its C++ generator (the same kinds of permutation, the same form of
entry) but Hypothesis chooses the underlying integers: it favours small and boundary values and shrinks
toward 0, so the distribution is Hypothesis's, not the battery's uniform one — count what you drew
(``orderblind.permutation_kind``) if the distribution matters. What each one shrinks toward is stated.
"""

from __future__ import annotations

import numpy as np

try:
    from hypothesis import assume
    from hypothesis import strategies as st
except ImportError as e:  # pragma: no cover - exercised only without Hypothesis
    raise ImportError("orderblind.strategies needs Hypothesis (Debian: python3-hypothesis; pip: hypothesis); "
                      "the rest of orderblind works without it") from e

from ._laws import dtype_name, round_to_dtype

__all__ = ["cross_attention_cases", "entries", "equivariance_cases", "permutations", "token_matrices", "weights"]

_TWO30 = float(1 << 30)


class _PerSize(dict):
    """One strategy per size, built on first use: a composite strategy is costly to construct (Hypothesis
    reads its source), so the strategies of a case are built once, not on every draw."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        self[key] = value = self.make(key)
        return value


def _size(value, name: str, lo_min: int) -> st.SearchStrategy:
    if isinstance(value, st.SearchStrategy):
        return value
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if value < lo_min:
            raise ValueError(f"{name} must be >= {lo_min}, got {value}")
        return st.just(int(value))
    try:
        lo, hi = (int(v) for v in value)
    except Exception as e:  # noqa: BLE001
        raise TypeError(f"{name} must be an int, a (lo, hi) pair or a strategy, got {value!r}") from e
    if lo < lo_min or hi < lo:
        raise ValueError(f"{name} must satisfy {lo_min} <= lo <= hi, got {value!r}")
    return st.integers(lo, hi)


def _entry_codes(max_magnitude: int) -> st.SearchStrategy:
    # NOTE: one fixed 8-byte block per entry, read as a big-endian integer k: its high 56 bits are the
    # fraction f, its low byte codes the sign and the integer part i in [0, M] (low byte mod 2(M+1)), so
    # x = ±(i + f·2⁻⁵⁶). The battery's ±(i + f·2⁻³⁰ + g·2⁻⁶⁰) has the same form; 56 fraction bits still
    # round in double (53). Why bytes and not st.integers: one block is one draw, where an integer over
    # 2⁶¹·2(M+1) costs Hypothesis ~7 draws and a biased coin; measured on a float64 causal
    # nn.MultiheadAttention (d = 8), that made Hypothesis's own work 9 s of a 10 s refutation. Hypothesis
    # shrinks a block as an integer, high bytes first: a failing entry shrinks to an integer first (±1
    # rather than 2⁻⁵⁶), as the battery's shrinks, then toward 0.
    return st.binary(min_size=8, max_size=8)


def _values(codes, max_magnitude: int, dtype: str) -> np.ndarray:
    base = 2 * (max_magnitude + 1)
    ks = [int.from_bytes(k, "big") for k in codes]
    f = np.array([k >> 8 for k in ks], dtype=np.float64)  # NOTE: f < 2⁵⁶: rounded to 53 bits, as gen_real
    low = np.array([(k & 0xFF) % base for k in ks], dtype=np.int64)
    x = (low >> 1).astype(np.float64) + f * 2.0 ** -56
    return round_to_dtype(np.where(low & 1 == 1, -x, x), dtype)


def entries(max_magnitude: int = 9, dtype="float64") -> st.SearchStrategy:
    """One real of the form of the battery's ``gen_real``: ±(i + f·2⁻⁵⁶) with 0 ≤ i ≤ M and 56 random
    fraction bits (~56 bits, so products and sums round), rounded to the dtype, so |x| ≤ M + 1 (the
    rounding can reach it); shrinks toward integers, then toward 0. No NaN, no subnormals."""
    name = dtype_name(dtype)
    def entry(k):  # NOTE: named, not a lambda: Hypothesis describes a mapped function on every draw
        return float(_values([k], max_magnitude, name)[0])
    return _entry_codes(max_magnitude).map(entry)


def token_matrices(n, d, dtype="float64", max_magnitude: int = 9) -> st.SearchStrategy:
    """(n, d) token rows with entries as ``entries`` (|x| < 10 by default, the tokens of the Python laws),
    as the array f receives: float64, float32 or float16; for bfloat16 a float32 array of bfloat16 values.
    n, d: an int, a (lo, hi) pair (shrinks toward lo) or a strategy."""
    name = dtype_name(dtype)
    array_dtype = np.float32 if name == "bfloat16" else np.dtype(name)
    rows_strategy, cols_strategy = _size(n, "n", 1), _size(d, "d", 1)
    code = _entry_codes(max_magnitude)

    @st.composite
    def build(draw):
        rows = draw(rows_strategy)
        cols = draw(cols_strategy)
        codes = draw(st.lists(code, min_size=rows * cols, max_size=rows * cols))
        return _values(codes, max_magnitude, name).astype(np.float64).reshape(rows, cols).astype(array_dtype)

    return build()


def weights(d, d_k=None, d_v=None, dtype="float64") -> st.SearchStrategy:
    """(W_Q, W_K, W_V): d × d_k, d × d_k, d × d_v (default d_k = d_v = d), entries as the battery's
    ``gen_entry`` for reals (``gen_real`` with |x| < 1: softmax rows stay mixed, properties/support/
    scalars.hpp), as ``gen_head_weights``; shrinks toward zero matrices."""
    d_k = d if d_k is None else d_k
    d_v = d if d_v is None else d_v
    return st.tuples(token_matrices(d, d_k, dtype, 0), token_matrices(d, d_k, dtype, 0),
                     token_matrices(d, d_v, dtype, 0))


def permutations(n) -> st.SearchStrategy:
    """A non-identity permutation of n ≥ 2 points as the battery's ``gen_permutation`` draws it (identity
    excluded): a transposition (i j), a full n-cycle, the reversal, or uniform over S_n (redrawn if the
    identity), in the battery's proportions 35 : 20 : 20 : 25 of a roll in 0..99 — which Hypothesis then
    chooses, not uniformly. Returns the image as an int64 array, (P X)[i] = X[image[i]]. Shrinks toward
    the transposition (0 1)."""

    sizes = _size(n, "n", 2)
    rolls = st.integers(0, 99)
    below = _PerSize(lambda k: st.integers(0, k - 1))
    orders = _PerSize(lambda k: st.permutations(range(k)))

    @st.composite
    def build(draw):
        size = draw(sizes)
        roll = draw(rolls)
        if roll < 35:
            i = draw(below[size])
            j = draw(below[size - 1])
            if j >= i:
                j += 1
            image = np.arange(size)
            image[i], image[j] = j, i
        elif roll < 55:
            order = np.array(draw(orders[size]))
            image = np.empty(size, dtype=np.int64)
            image[order] = np.roll(order, -1)  # π(c_k) = c_{k+1} (permutation::cycle)
        elif roll < 75:
            image = np.arange(size)[::-1].copy()
        else:
            image = np.array(draw(orders[size]))
            assume(not np.array_equal(image, np.arange(size)))  # redrawn, as gen_permutation without the identity
        return image.astype(np.int64)

    return build()


def equivariance_cases(n=(2, 6), d=8, dtype="float64") -> st.SearchStrategy:
    """(x, perm): token rows and a permutation of them, for ``assert_equivariant_on`` and
    ``assert_invariant_on``; shrinks toward n = lo, zeros and (0 1)."""
    rows = token_matrices(n, d, dtype)
    perms = _PerSize(permutations)

    @st.composite
    def build(draw):
        x = draw(rows)
        return x, draw(perms[x.shape[0]])

    return build()


def cross_attention_cases(n=(2, 6), d=8, m=(1, 6), dtype="float64") -> st.SearchStrategy:
    """(q, memory, perm): m query rows, n memory rows and a permutation of the memory rows, for
    ``assert_cross_invariant_on``."""
    rows = token_matrices(n, d, dtype)
    queries = _PerSize(lambda width: token_matrices(m, width, dtype))
    perms = _PerSize(permutations)

    @st.composite
    def build(draw):
        memory = draw(rows)
        q = draw(queries[memory.shape[1]])
        return q, memory, draw(perms[memory.shape[0]])

    return build()

