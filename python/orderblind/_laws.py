# SPDX-License-Identifier: MIT
"""Sampled permutation laws on Python callables (NumPy in, NumPy out), with a deterministic shrinker.

The cases are drawn as the C++ battery draws them (properties/support/): entries as ``gen_real``, the
token count uniform in a range, permutations as ``gen_permutation``, then rounded to the dtype f runs in.
The law and its comparison are the library's, called through the extension (``check_permutation_law``:
verify::check_law's sides, verify::compare with each entry against its column's scale, in the dtype's ε),
against a bound built from the library's reordering bounds
(properties/battery/tolerances.hpp); see docs/python.md for the derivation and its limits.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Optional

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
    "entries rounded to the dtype (round to nearest); "
    "NumPy PCG64 seeded per case with SeedSequence(seed, spawn_key=(case,))"
)


class CallableError(RuntimeError):
    """The callable under test raised, or returned something that is not a real floating array of the
    expected shape and dtype: an error in the check's input, not a counterexample."""


class NondeterministicError(RuntimeError):
    """f gave two different outputs for the same input: a random function (dropout in train mode, an
    unseeded sampler) has no symmetry to check, and a "counterexample" would send you to debug the wrong
    thing. ``.index`` is the first entry that differed, ``.first`` and ``.second`` its two values."""

    def __init__(self, message, index=(), first=0.0, second=0.0):
        super().__init__(message)
        self.index, self.first, self.second = index, first, second


class UndefinedPosition(IndexError):
    """Raise this (or any IndexError) from a positional-encoding callable for a position it does not
    define (a learned table past its end); the battery records it as the scheme's answer."""


# --- arguments --------------------------------------------------------------------------------------

#: Machine epsilon (the gap between 1 and the next number) of each floating dtype a law can judge.
DTYPE_EPS = {"float64": 2.0 ** -52, "float32": 2.0 ** -23, "bfloat16": 2.0 ** -7, "float16": 2.0 ** -10}

#: The largest token matrix a law draws (n·d entries; also for the queries of the cross law): the limit
#: of the command's file readers (orderblind::io::read_limits, 2²⁴ doubles = 128 MiB).
MAX_CASE_ELEMENTS = int(_core.max_read_elements)


def dtype_name(dtype) -> str:
    """'float64', 'float32', 'bfloat16' or 'float16' from a string, a NumPy dtype or a torch dtype."""
    if dtype is None:
        return "float64"
    name = str(dtype)
    if name.startswith("torch."):
        name = name[len("torch."):]
    elif not isinstance(dtype, str):
        try:
            name = np.dtype(dtype).name
        except TypeError:
            pass
    name = {"double": "float64", "float": "float32", "half": "float16"}.get(name, name)
    if name not in DTYPE_EPS:
        raise ValueError(f"dtype must be one of {', '.join(DTYPE_EPS)} (a floating type the bound is stated in), "
                         f"got {dtype!r}")
    return name


def integer_argument(value, name: str, lo: int, hi: Optional[int] = None) -> int:
    """value as an int in [lo, hi], or a TypeError/ValueError naming the argument (never truncated)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {value!r} ({type(value).__name__})")
    v = int(value)
    if v < lo or (hi is not None and v > hi):
        span = f">= {lo}" if hi is None else f"in [{lo}, {hi}]"
        raise ValueError(f"{name} must be {span}, got {v}")
    return v


# --- drawing ----------------------------------------------------------------------------------------


def round_to_dtype(x: np.ndarray, dtype: str) -> np.ndarray:
    """x rounded to the dtype, as the array f receives: float64, float32 or float16; for bfloat16 a
    float32 array whose every value is a bfloat16 (NumPy has no bfloat16; torch's .bfloat16() of it is
    exact)."""
    if dtype == "float64":
        return np.asarray(x, dtype=np.float64)
    if dtype == "float16":
        return np.asarray(x).astype(np.float16)
    x32 = np.asarray(x).astype(np.float32)
    if dtype == "float32":
        return x32
    # NOTE: round to nearest, ties to even, on the 16 bits bfloat16 keeps of a float32 (finite inputs).
    b = x32.view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000
    return b.astype(np.uint32).view(np.float32)



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


def to_real_array(out, what: str, dtype: str):
    """f's output as float64 (exact: every float16, bfloat16 and float32 is a float64) and the name of the
    dtype f computed in. Refused (CallableError): not an array, integer, boolean, complex, or a floating
    type coarser than `dtype` (its rounding would be judged in too small a unit)."""
    produced = None
    if hasattr(out, "detach") and hasattr(out, "cpu"):  # a torch.Tensor: no torch import needed
        t = out.detach().cpu()
        produced = str(t.dtype).replace("torch.", "")
        if produced == "bfloat16":
            t = t.float()  # NOTE: exact: every bfloat16 is a float32
        out = t.numpy()
    if not isinstance(out, np.ndarray):
        if isinstance(out, (tuple, list)) and out and hasattr(out[0], "shape"):
            raise CallableError(f"{what} returned a {type(out).__name__} of {len(out)} arrays, expected one array "
                                "(torch's MultiheadAttention returns (output, weights): take [0])")
        try:
            out = np.asarray(out)
        except Exception as e:  # noqa: BLE001 - any conversion failure is the callable's problem
            raise CallableError(f"{what} returned {type(out).__name__}, not an array: {e}") from e
    if produced is None:
        produced = out.dtype.name
    if out.dtype.kind != "f" or produced not in DTYPE_EPS:
        kind = {"c": "complex", "i": "integer", "u": "integer", "b": "boolean"}.get(out.dtype.kind, "non-numeric")
        what_type = kind if out.dtype.kind in "ciub" else f"{kind if out.dtype.kind != 'f' else 'unsupported floating'}"
        raise CallableError(f"{what} returned dtype {produced} ({what_type}): the laws compare real floating outputs "
                            f"({', '.join(DTYPE_EPS)}) within a bound in units of that type's ε")
    if DTYPE_EPS[produced] > DTYPE_EPS[dtype]:
        raise CallableError(f"{what} returned dtype {produced}, but the law runs with dtype={dtype!r}: its bound is "
                            f"in units of ε = {DTYPE_EPS[dtype]!r} of {dtype}, finer than {produced}'s rounding — "
                            f"pass dtype={produced!r}")
    return out.astype(np.float64), produced


#: PyTorch's name of each reduced dtype in "… not implemented for 'Half'" (a kernel missing for it).
_TORCH_DTYPE_NAMES = {"float16": "Half", "bfloat16": "BFloat16"}


class UnsupportedDtypeError(CallableError):
    """f could not run in the dtype asked for: its framework has no kernel for an operation in that dtype
    on this device (PyTorch 1.13's CPU has no float16 matrix product: "addmm_impl_cpu_" not implemented
    for 'Half'). Nothing was checked; this is not a counterexample. ``.dtype`` names the dtype."""

    def __init__(self, message, dtype=""):
        super().__init__(message)
        self.dtype = dtype


def _unsupported_dtype(e: Exception, dtype: str) -> bool:
    name = _TORCH_DTYPE_NAMES.get(dtype)
    return name is not None and isinstance(e, RuntimeError) and f"not implemented for '{name}'" in str(e)


def _call(f, args, what: str, context: str, dtype: str):
    try:
        out = f(*[a.copy() for a in args])
    except Exception as e:  # noqa: BLE001 - re-raised with the case that triggered it
        if _unsupported_dtype(e, dtype):
            try:
                import torch
                version = f"PyTorch {torch.__version__}"
            except ImportError:  # pragma: no cover - the message came from torch
                version = "this PyTorch"
            err = UnsupportedDtypeError(
                f"{what} cannot run in {dtype}: {version} has no {dtype} kernel for an operation of f on this "
                f"device ({type(e).__name__}: {e}). Nothing was checked and this is not a counterexample: run "
                f"the {dtype} module where its kernels exist (a GPU), or check it in float32 or bfloat16 "
                f"(dtype=torch.float32 / torch.bfloat16) ({context})", dtype)
            err.original = e
            raise err from None
        raise CallableError(f"{what} raised {type(e).__name__}: {e} ({context})") from e
    return to_real_array(out, what, dtype)


# --- one case ---------------------------------------------------------------------------------------


@dataclasses.dataclass
class Case:
    """One drawn (or shrunk) case: tokens x (the memory, for the cross law), queries q (cross law
    only), the permutation image; x and q are what f receives (the dtype's values)."""

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
    residual_eps: float = 0.0     # max over entries of |lhs − rhs| / (ε·scale of the entry's column); inf when not finite
    bound_eps: float = 0.0
    worst_index: tuple = ()
    lhs_value: float = 0.0
    rhs_value: float = 0.0
    problem: str = ""             # set when the sides are not finite (NaN/Inf always fail)
    out_width: int = 0
    column_scale: float = 0.0     # the worst entry's scale: max(c_j, median c) of the right side (at least scale=)
    dtype: str = "float64"        # the dtype f computed in (its output's)


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


def scale_floor_of(scale, case: "Case") -> float:
    """The caller's scale (a number, or a callable of the case's inputs returning a number or an array
    whose max|·| is taken) as a finite number ≥ 0; 0 without one."""
    if scale is None:
        return 0.0
    value = scale(*((case.q, case.x) if case.q is not None else (case.x,))) if callable(scale) else scale
    if hasattr(value, "detach") and hasattr(value, "cpu"):  # a torch.Tensor
        value = value.detach().cpu().double().numpy()
    try:
        v = float(np.max(np.abs(np.asarray(value, dtype=np.float64))))
    except Exception as e:  # noqa: BLE001 - a bad scale is the caller's input error
        raise ValueError(f"scale must be a number or return one (or an array), got {value!r}: {e}") from e
    if not (np.isfinite(v) and v >= 0):
        raise ValueError(f"scale must be finite and >= 0, got {v!r}")
    return v


#: The scale of each law's bound (orderblind._core.check_permutation_law): per column, or one for the output.
# NOTE: the invariant law keeps one scale, the largest entry of the pooled output: a pooled output is a sum
# over the rows, and such a sum cancels within a feature (mean pooling of rows x and −x is 0 whatever the
# rounding left), so its own magnitude does not bound its rounding error.
_SCALES = {"equivariant": "columns", "invariant": "one", "cross": "columns"}


def _as_rows_and_columns(a: np.ndarray, law: str) -> np.ndarray:
    """The output as a float64 matrix whose columns are the indices of its last axis (a feature) and whose
    rows are everything else (tokens, heads, …); for the invariant law one column (one scale)."""
    a = np.ascontiguousarray(a, dtype=np.float64)
    if a.ndim == 0 or law == "invariant":
        return a.reshape(a.size, 1)
    return a.reshape(int(np.prod(a.shape[:-1])), a.shape[-1])  # NOTE: explicit: an (n, 0) output stays (n, 0)


def _deterministic(f, args, first: np.ndarray, name: str, context: str, dtype: str) -> None:
    """Call f again on the same input; raise NondeterministicError if the output differs in any bit."""
    again, _ = _call(f, args, name, context, dtype)
    if again.shape == first.shape and np.array_equal(again, first, equal_nan=True):
        return
    if again.shape != first.shape:
        raise NondeterministicError(f"{name} returned shape {first.shape}, then {again.shape} for the same input "
                                    f"({context}): f is not a function of its input")
    differ = ~((again == first) | (np.isnan(again) & np.isnan(first)))
    idx = tuple(int(v) for v in np.argwhere(differ)[0])
    raise NondeterministicError(
        f"{name} is not deterministic: called twice on the same input it returned {first[idx]!r}, then "
        f"{again[idx]!r} at entry {idx} ({int(differ.sum())} of {differ.size} entries differ; {context}). "
        "A random function has no symmetry to check: put the module in eval mode (module.eval() turns dropout "
        "off), fix its seeds (torch.manual_seed inside f), or disable the random layer; this is not a "
        "counterexample.", idx, float(first[idx]), float(again[idx]))


def evaluate(law: str, f, case: Case, layers: int = 1, bound_eps=None, context: str = "",
             dtype: str = "float64", scale=None) -> Outcome:
    """Evaluate one law on one case; raises CallableError when f misbehaves and NondeterministicError when
    f gives two outputs for one input (checked on every case, before the law). The law itself — how P
    acts, the comparison, NaN/±∞ and empty outputs — is the library's (orderblind._core.
    check_permutation_law: verify::check_law's sides and verify::compare)."""
    lhs_name, rhs_name = _SIDES[law]
    args = (case.q, case.x) if law == "cross" else (case.x,)
    rhs, produced = _call(f, args, rhs_name, context, dtype)
    _deterministic(f, args, rhs, rhs_name, context, dtype)
    if law == "equivariant" and (rhs.ndim != 2 or rhs.shape[0] != case.n):
        raise CallableError(f"f(X) returned shape {rhs.shape} for X of shape {case.x.shape}: an equivariant "
                            f"f maps (n, d) to (n, d'), here n = {case.n} ({context})")
    # NOTE: the output as a matrix whose columns are the indices of its last axis (a feature) and whose rows
    # are everything else (tokens, heads, …): each column is compared at its own scale. The invariant law
    # keeps one scale (see _SCALES).
    shaped = {"lhs": None}
    inputs = [case.x, case.q] if law == "cross" else [case.x]  # the library's order: [M, Q] for the cross law
    dtypes = [a.dtype for a in inputs]

    def law_f(mats):
        # the library calls f(P·x) first, then f(x): f(x) is the output already computed (f is deterministic)
        mats = [np.asarray(m).astype(t) for m, t in zip(mats, dtypes)]
        call_args = (mats[1], mats[0]) if law == "cross" else (mats[0],)
        if all(np.array_equal(m, a) for m, a in zip(call_args, args)):
            out = rhs
        else:
            out, _ = _call(f, call_args, lhs_name, context, dtype)
            if out.shape != rhs.shape:
                raise CallableError(f"{lhs_name} has shape {out.shape} but {rhs_name} has shape {rhs.shape} ({context})")
            shaped["lhs"] = out
        return _as_rows_and_columns(out, law)

    out_width = int(_as_rows_and_columns(rhs, "equivariant").shape[1])
    bound = _bound(law, case, out_width, layers, bound_eps)
    r = _core.check_permutation_law(law, law_f, [np.asarray(m, dtype=np.float64) for m in inputs],
                                    [int(v) for v in case.perm], float(bound), DTYPE_EPS[dtype], _SCALES[law],
                                    scale_floor_of(scale, case))
    if not r["compared"] and not r["incomparable"]:
        # NOTE: the library compared nothing (an empty output; shapes that differ): an error in f's output,
        # never a counterexample.
        raise CallableError(f"{lhs_name} and {rhs_name} cannot be compared: {r['why']}; an empty output cannot "
                            f"show the law ({context})" if "empty" in r["why"] else
                            f"{lhs_name} and {rhs_name} cannot be compared: {r['why']} ({context})")
    lhs = shaped["lhs"] if shaped["lhs"] is not None else rhs
    rhs_side = rhs[case.perm] if law == "equivariant" else rhs
    shape2 = _as_rows_and_columns(rhs, law).shape
    idx = tuple(int(v) for v in np.unravel_index(r["row"] * shape2[1] + r["col"], rhs.shape)) if rhs.ndim else ()
    if r["incomparable"]:
        side, arr = (lhs_name, lhs) if not np.isfinite(lhs[idx]) else (rhs_name, rhs_side)
        return Outcome(False, math.inf, bound, idx, float(lhs[idx]), float(rhs_side[idx]),
                       f"{side} is {arr[idx]} at entry {idx} (NaN and ±Inf always fail, even the same infinity on "
                       "both sides: no residual can be bounded)", out_width, math.inf, produced)
    return Outcome(bool(r["held"]), float(r["residual_eps"]), bound, idx, float(r["lhs"]), float(r["rhs"]), "",
                   out_width, float(r["scale"]), produced)
