# SPDX-License-Identifier: MIT
"""Sampled permutation laws on Python callables (NumPy in, NumPy out), with a deterministic shrinker.

The cases are drawn as the C++ battery draws them (properties/support/): entries as ``gen_real``, the
token count uniform in a range, permutations as ``gen_permutation``. The comparison is the library's
``residual_in_eps`` (lib/orderblind/compare.hpp) against a bound in ε built from the library's reordering
bounds (properties/battery/tolerances.hpp); see docs/python.md for the derivation and its limits.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Callable, Optional

import numpy as np

from . import _core

EPS = _core.epsilon()

#: Token counts when none are given: 2 ≤ n ≤ 6, the battery's sizes for double
#: (properties/battery/checks.hpp, case_sizes<double>::max_n; n ≥ 2 so that a non-identity P exists).
DEFAULT_N = (2, 6)

DISTRIBUTION = (
    "entries ±(i + f·2⁻³⁰ + g·2⁻⁶⁰) with i uniform in 0..9, f and g uniform in [0, 2³⁰), sign uniform "
    "(the battery's gen_real: |x| < 10, ~60 random bits, no subnormals, no NaN); n uniform in its range; "
    "permutations as the battery's gen_permutation with the identity excluded: 35% a transposition (i j), "
    "20% a full n-cycle, 20% the reversal, 25% uniform over S_n (redrawn if it is the identity); "
    "NumPy PCG64 seeded per case with SeedSequence(seed, spawn_key=(case,))"
)


class CallableError(RuntimeError):
    """The callable under test raised, or returned something that is not a float64 array of the
    expected shape: an error in the check's input, not a counterexample."""


class UndefinedPosition(IndexError):
    """Raise this (or any IndexError) from a positional-encoding callable for a position it does not
    define (a learned table past its end); the battery records it as the scheme's answer."""


# --- drawing ----------------------------------------------------------------------------------------


def _rng(seed: int, case: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(case,))))


def draw_entries(rng: np.random.Generator, shape) -> np.ndarray:
    """Entries as the battery's ``gen_real<double>``: ±(i + (f + g·2⁻³⁰)·2⁻³⁰)."""
    i = rng.integers(0, 10, size=shape).astype(np.float64)
    f = rng.integers(0, 1 << 30, size=shape).astype(np.float64)
    g = rng.integers(0, 1 << 30, size=shape).astype(np.float64)
    negative = rng.integers(0, 2, size=shape).astype(bool)
    two30 = float(1 << 30)
    x = i + (f + g / two30) / two30
    return np.where(negative, -x, x)


def draw_permutation(rng: np.random.Generator, n: int):
    """A non-identity permutation of n ≥ 2 points as the battery's ``gen_permutation`` draws it;
    returns (image, kind) with (P X)[i] = X[image[i]]."""
    if n < 2:
        raise ValueError(f"a non-identity permutation needs n >= 2, got n = {n}")
    while True:
        roll = int(rng.integers(0, 100))
        if roll < 35:
            i = int(rng.integers(0, n))
            j = int(rng.integers(0, n - 1))
            if j >= i:
                j += 1
            image = np.arange(n)
            image[i], image[j] = j, i
            kind = "transposition"
        elif roll < 55:
            order = rng.permutation(n)
            image = np.empty(n, dtype=np.int64)
            image[order] = np.roll(order, -1)  # π(c_k) = c_{k+1} (permutation::cycle)
            kind = "n-cycle"
        elif roll < 75:
            image = np.arange(n)[::-1].copy()
            kind = "reversal"
        else:
            image = rng.permutation(n)
            kind = "uniform"
        if not np.array_equal(image, np.arange(n)):
            return image.astype(np.int64), kind


def cycles(image) -> str:
    """Cycle notation of i ↦ image[i] (the library's ``permutation::cycles``)."""
    return _core.permutation_cycles([int(v) for v in image])


# --- calling f --------------------------------------------------------------------------------------


def _to_array(out, what: str) -> np.ndarray:
    if hasattr(out, "detach") and hasattr(out, "cpu"):  # a torch.Tensor: no torch import needed
        out = out.detach().cpu().numpy()
    if not isinstance(out, np.ndarray):
        if isinstance(out, (tuple, list)) and out and hasattr(out[0], "shape"):
            raise CallableError(f"{what} returned a {type(out).__name__} of {len(out)} arrays, expected one array "
                                "(torch's MultiheadAttention returns (output, weights): take [0])")
        try:
            out = np.asarray(out)
        except Exception as e:  # noqa: BLE001 - any conversion failure is the callable's problem
            raise CallableError(f"{what} returned {type(out).__name__}, not an array: {e}") from e
    if out.dtype != np.float64:
        hint = (" — run the module in float64 (module.double(), torch.float64 inputs)"
                if out.dtype.kind == "f" else "")
        raise CallableError(f"{what} returned dtype {out.dtype}, expected float64: the bounds are in units of "
                            f"ε = 2⁻⁵² of float64{hint}")
    return out


def _call(f, args, what: str, context: str) -> np.ndarray:
    try:
        out = f(*[a.copy() for a in args])
    except Exception as e:  # noqa: BLE001 - re-raised with the case that triggered it
        raise CallableError(f"{what} raised {type(e).__name__}: {e} ({context})") from e
    return _to_array(out, what)


# --- one case ---------------------------------------------------------------------------------------


@dataclasses.dataclass
class Case:
    """One drawn (or shrunk) case: tokens x (the memory, for the cross law), queries q (cross law
    only), the permutation image."""

    x: np.ndarray
    perm: np.ndarray
    q: Optional[np.ndarray] = None

    @property
    def n(self) -> int:
        return int(self.x.shape[0])

    @property
    def d(self) -> int:
        return int(self.x.shape[1])


@dataclasses.dataclass
class Outcome:
    ok: bool
    residual_eps: float = 0.0     # max|lhs − rhs| / (ε·max(1, max|lhs|, max|rhs|)); inf when not finite
    bound_eps: float = 0.0
    worst_index: tuple = ()
    lhs_value: float = 0.0
    rhs_value: float = 0.0
    problem: str = ""             # set when the sides are not finite (NaN/Inf always fail)
    out_width: int = 0


_SIDES = {
    "equivariant": ("f(PX)", "P·f(X)"),
    "invariant": ("f(PX)", "f(X)"),
    "cross": ("f(Q, PM)", "f(Q, M)"),
}


def _bound(law: str, case: Case, out_width: int, layers: int, bound_eps) -> float:
    if bound_eps is not None:
        return float(bound_eps)
    width = max(case.d, out_width)
    k = layers * _core.multi_head_reorder_bound_eps(case.n, width)
    if law == "invariant":
        k += 2 * case.n  # the pooling sum over n rows in another order: 2γ_{n−1} + the division
    return k


def evaluate(law: str, f, case: Case, layers: int = 1, bound_eps=None, context: str = "") -> Outcome:
    """Evaluate one law on one case; raises CallableError when f misbehaves."""
    lhs_name, rhs_name = _SIDES[law]
    p = case.perm
    if law == "cross":
        lhs = _call(f, (case.q, case.x[p]), lhs_name, context)
        rhs = _call(f, (case.q, case.x), rhs_name, context)
    else:
        lhs = _call(f, (case.x[p],), lhs_name, context)
        rhs = _call(f, (case.x,), "f(X)", context)
        if law == "equivariant":
            if rhs.ndim != 2 or rhs.shape[0] != case.n:
                raise CallableError(f"f(X) returned shape {rhs.shape} for X of shape {case.x.shape}: an equivariant "
                                    f"f maps (n, d) to (n, d'), here n = {case.n} ({context})")
            rhs = rhs[p]
    if lhs.shape != rhs.shape:
        raise CallableError(f"{lhs_name} has shape {lhs.shape} but {rhs_name} has shape {rhs.shape} ({context})")
    a2 = lhs.reshape(lhs.shape[0], -1) if lhs.ndim >= 1 and lhs.size else lhs.reshape(1, -1)
    b2 = rhs.reshape(a2.shape)
    out_width = int(a2.shape[1]) if a2.ndim == 2 else 1
    bound = _bound(law, case, out_width, layers, bound_eps)
    for side, arr in ((lhs_name, lhs), (rhs_name, rhs)):
        bad = ~np.isfinite(arr)
        if bad.any():
            idx = tuple(int(v) for v in np.argwhere(bad)[0])
            return Outcome(False, math.inf, bound, idx, float(lhs[idx]), float(rhs[idx]),
                           f"{side} is {arr[idx]} at entry {idx} (NaN and ±Inf always fail)", out_width)
    if lhs.size == 0:
        return Outcome(True, 0.0, bound, (), 0.0, 0.0, "", out_width)
    residual = float(_core.residual_in_eps(a2, b2))
    diff = np.abs(lhs - rhs)
    idx = tuple(int(v) for v in np.unravel_index(int(np.argmax(diff)), diff.shape))
    # NOTE: the verdict is the library's: agrees iff residual <= bound, as compare.hpp's agrees() — written
    # so that a NaN residual (or bound) fails.
    return Outcome(bool(residual <= bound), residual, bound, idx, float(lhs[idx]), float(rhs[idx]), "", out_width)
