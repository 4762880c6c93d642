# SPDX-License-Identifier: MIT
"""The public permutation assertions: run the cases, shrink the first failure, report it."""

from __future__ import annotations

import collections
import dataclasses
from typing import Optional

import numpy as np

from . import _core

#: The one default seed of every seeded check: orderblind::default_seed (lib/orderblind/seed.hpp).
DEFAULT_SEED = int(_core.default_seed)
from ._laws import (DEFAULT_N, DISTRIBUTION, DTYPE_EPS, MAX_CASE_ELEMENTS, CallableError, Case, NondeterministicError,
                    Outcome, _rng, cycles, draw_entries, draw_permutation, dtype_name, evaluate, integer_argument,
                    round_to_dtype)

#: Queries (decoder rows) of the cross law: 1 ≤ m ≤ 6, as the battery's cross-attention laws.
DEFAULT_M = (1, 6)


def _range(value, name: str, lo_min: int):
    """An int (fixed, not shrunk) or a (lo, hi) pair (drawn uniformly, shrunk toward lo)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        lo = hi = int(value)
        fixed = True
    else:
        try:
            lo, hi = value
        except Exception as e:  # noqa: BLE001
            raise TypeError(f"{name} must be an int or a (lo, hi) pair, got {value!r}") from e
        lo = integer_argument(lo, f"{name}[0]", lo_min)
        hi = integer_argument(hi, f"{name}[1]", lo_min)
        fixed = False
    if lo < lo_min or hi < lo:
        raise ValueError(f"{name} must satisfy {lo_min} <= lo <= hi, got {value!r}")
    return lo, hi, fixed


@dataclasses.dataclass
class Stats:
    """What a run checked: law, arithmetic, kind of evidence, cases, seed, distribution, bound."""

    law: str
    cases: int = 0
    seed: int = DEFAULT_SEED
    start_case: int = 0
    arithmetic: str = "float64 (the callable's own arithmetic; the comparison in double)"
    dtype: str = "float64"
    engine: str = "builtin"
    evidence: str = "sampled_within_bound"
    distribution: str = DISTRIBUTION
    bound: str = ""
    max_residual_eps: float = 0.0
    max_residual_case: int = -1
    n_counts: dict = dataclasses.field(default_factory=dict)
    permutation_kinds: dict = dataclasses.field(default_factory=dict)

    def __str__(self) -> str:
        where = {"builtin": f"seed {self.seed}, cases {self.start_case}..{self.start_case + self.cases - 1}",
                 "hypothesis": f"seed {self.seed}, drawn and shrunk by Hypothesis"}.get(self.engine, "the case given")
        return (f"{self.law}: {self.cases} sampled cases ({where}), {self.arithmetic}, "
                f"evidence {self.evidence}; bound {self.bound}; "
                f"largest residual {self.max_residual_eps:.3g} ε (case {self.max_residual_case}); n: "
                f"{dict(sorted(self.n_counts.items()))}; permutations: {dict(sorted(self.permutation_kinds.items()))}")


@dataclasses.dataclass
class Counterexample:
    """A failing case after shrinking, with everything needed to read and replay it."""

    law: str
    case: Case
    outcome: Outcome
    seed: int
    case_index: int
    original_n: int
    shrink_steps: int
    shrink_evaluations: int
    shrink_exhausted: bool
    replay_call: str
    stats: Optional[Stats] = None
    dtype: str = "float64"
    engine: str = "builtin"
    scale_given: bool = False

    @property
    def n(self) -> int:
        return self.case.n

    @property
    def d(self) -> int:
        return self.case.d

    @property
    def permutation(self) -> list:
        return [int(v) for v in self.case.perm]

    @property
    def cycles(self) -> str:
        return cycles(self.case.perm)

    @property
    def residual_eps(self) -> float:
        return self.outcome.residual_eps

    def replay(self, f, layers: int = 1, bound_eps=None, scale=None) -> Outcome:
        """Re-evaluate the shrunk case on f (e.g. after a fix)."""
        if bound_eps is not None and not (np.isfinite(bound_eps) and bound_eps >= 0):
            raise ValueError(f"bound_eps must be finite and >= 0, got {bound_eps!r}")
        _check_scale_argument(scale)
        return evaluate(self.law, f, self.case, layers, bound_eps, "replay", self.dtype, scale)

    def message(self) -> str:
        o, c = self.outcome, self.case
        lhs, rhs = {"equivariant": ("f(PX)", "P·f(X)"), "invariant": ("f(PX)", "f(X)"),
                    "cross": ("f(Q, PM)", "f(Q, M)")}[self.law]
        what = {"equivariant": "f is not permutation-equivariant: f(PX) ≠ P·f(X)",
                "invariant": "f is not permutation-invariant: f(PX) ≠ f(X)",
                "cross": "f is not invariant to the order of memory: f(Q, PM) ≠ f(Q, M)"}[self.law]
        rows = "memory rows" if self.law == "cross" else "tokens"
        how = {"builtin": f" (from n = {self.original_n}; {self.shrink_steps} shrink steps, {self.shrink_evaluations} "
                          f"evaluations{', budget exhausted' if self.shrink_exhausted else ''})",
               "hypothesis": f" (shrunk by Hypothesis in {self.shrink_evaluations} calls"
                             f"{', budget exhausted' if self.shrink_exhausted else ''})",
               "given": " (the case given)"}[self.engine]
        scale_note = ", at least the given scale=" if self.scale_given else ""
        lines = [f"{what} beyond the bound.",
                 f"  {'shrunk counterexample' if self.engine != 'given' else 'counterexample'}: n = {c.n} {rows}, "
                 f"d = {c.d}" + (f", {c.q.shape[0]} query rows" if c.q is not None else "") + how,
                 f"  permutation π = {self.cycles}  (image {self.permutation}; (PX) row i = X row π(i))"]
        if o.problem:
            lines.append(f"  {o.problem}")
        else:
            lines.append(f"  worst entry {o.worst_index}: {lhs} = {o.lhs_value!r}, {rhs} = {o.rhs_value!r}, residual "
                         f"{o.residual_eps:.6g} ε > bound {o.bound_eps:.6g} ε")
            where = ("max|·| over the whole output" if self.law == "invariant" else
                     f"max(c_{o.worst_index[-1] if o.worst_index else 0}, median c), c_j = max|·| over column j")
            lines.append(f"  (unit ε·s, s = {o.column_scale!r} = {where} of the right side{scale_note}; "
                         f"ε = {DTYPE_EPS[self.dtype]!r} of {self.dtype}, f computed in {o.dtype})")
            inputs = max(float(np.abs(c.x).max()), 0.0 if c.q is None else float(np.abs(c.q).max()))
            if o.column_scale < inputs * 2.0 ** -10:
                # NOTE: the known limit of a black-box scale (docs/python.md): a sum whose terms cancel.
                lines.append(f"  note: that scale is far below the inputs' magnitude ({inputs:g}): if f's output there "
                             "is a sum whose terms cancel (a mean of rows x and −x), its rounding is relative to the "
                             "terms, which a black box does not show — pass scale= the terms' magnitude (e.g. "
                             "scale=lambda x: x when f averages rows of x) and check again")
        lines.append(f"  X = {np.array2string(c.x, separator=', ', max_line_width=120)}"
                     if self.law != "cross" else
                     f"  M = {np.array2string(c.x, separator=', ', max_line_width=120)}\n"
                     f"  Q = {np.array2string(c.q, separator=', ', max_line_width=120)}")
        if self.engine == "builtin":
            lines.append(f"  seed {self.seed}, case {self.case_index}; replay the unshrunk case with {self.replay_call}; "
                         "the shrunk one with err.counterexample.replay(f)")
        elif self.engine == "hypothesis":
            lines.append(f"  seed {self.seed}, drawn and shrunk by Hypothesis; replay the run with {self.replay_call}; "
                         "the shrunk case with err.counterexample.replay(f)")
        else:
            lines.append("  replay it with err.counterexample.replay(f)")
        if self.stats is not None:
            lines.append(f"  checked: {self.stats}")
        return "\n".join(lines)


class CounterexampleError(AssertionError):
    """A law failed; ``.counterexample`` is the shrunk case and ``.stats`` what was checked."""

    def __init__(self, counterexample: Counterexample):
        super().__init__(counterexample.message())
        self.counterexample = counterexample
        self.stats = counterexample.stats


# --- shrinking --------------------------------------------------------------------------------------


def _remove_point(image: np.ndarray, k: int) -> np.ndarray:
    """π on n − 1 points: k is removed, the point that mapped to k takes over π(k), the rest renumbered."""
    img = image.copy()
    j = int(np.where(img == k)[0][0])
    img[j] = img[k]
    img = np.delete(img, k)
    return np.where(img > k, img - 1, img)


def _entry_candidates(v: float):
    out = [0.0]
    t = float(np.trunc(v))
    if t != v:
        out.append(t)
    if abs(t) > 1:
        out.append(float(np.sign(t)))
    return [c for c in out if c != v]


class _Shrinker:
    """Deterministic greedy shrinking: fewer rows, then simpler permutations, then fewer columns, then
    simpler entries; a candidate is kept when it still fails. Repeats until nothing changes or the
    evaluation budget is spent."""

    def __init__(self, law, f, layers, bound_eps, n_lo, n_fixed, d_lo, d_fixed, m_lo, m_fixed, budget, dtype,
                 scale=None):
        self.law, self.f, self.layers, self.bound_eps, self.dtype = law, f, layers, bound_eps, dtype
        self.scale = scale
        self.n_lo, self.n_fixed, self.d_lo, self.d_fixed = n_lo, n_fixed, d_lo, d_fixed
        self.m_lo, self.m_fixed = m_lo, m_fixed
        self.budget = budget
        self.evaluations = 0
        self.steps = 0
        self.rejected = 0

    def _fails(self, case: Case):
        if self.evaluations >= self.budget:
            return None
        self.evaluations += 1
        try:
            o = evaluate(self.law, self.f, case, self.layers, self.bound_eps, "while shrinking", self.dtype,
                         self.scale)
        except CallableError:
            # NOTE: a candidate f rejects (e.g. too few rows for it) is not a counterexample; the
            # shrinker keeps the last genuine failing case.
            self.rejected += 1
            return None
        return None if o.ok else o

    def _try(self, state, candidate: Case):
        o = self._fails(candidate)
        if o is None:
            return False
        state[0], state[1] = candidate, o
        self.steps += 1
        return True

    def shrink(self, case: Case, outcome: Outcome):
        state = [case, outcome]
        changed = True
        while changed and self.evaluations < self.budget:
            changed = False
            # 1. fewer rows (tokens / memory rows), each removal with π restricted
            if not self.n_fixed:
                k = state[0].n - 1
                while k >= 0 and state[0].n > self.n_lo:
                    c = state[0]
                    img = _remove_point(c.perm, k)
                    if np.array_equal(img, np.arange(len(img))):
                        img = np.arange(len(img))
                        img[0], img[1] = 1, 0
                    if self._try(state, Case(np.delete(c.x, k, axis=0), img, c.q)):
                        changed = True
                    k -= 1
            # query rows (cross law)
            if state[0].q is not None and not self.m_fixed:
                k = state[0].q.shape[0] - 1
                while k >= 0 and state[0].q.shape[0] > self.m_lo:
                    c = state[0]
                    if self._try(state, Case(c.x, c.perm, np.delete(c.q, k, axis=0))):
                        changed = True
                    k -= 1
            # 2. simpler permutations (the battery's own shrink order)
            progress = True
            while progress:
                progress = False
                for img in _core.simpler_permutations([int(v) for v in state[0].perm]):
                    c = state[0]
                    if self._try(state, Case(c.x, np.asarray(img, dtype=np.int64), c.q)):
                        progress = changed = True
                        break
            # 3. fewer columns
            if not self.d_fixed:
                j = state[0].d - 1
                while j >= 0 and state[0].d > self.d_lo:
                    c = state[0]
                    q = None if c.q is None else np.delete(c.q, j, axis=1)
                    if self._try(state, Case(np.delete(c.x, j, axis=1), c.perm, q)):
                        changed = True
                    j -= 1
            # 4. simpler entries: 0, then the integer part, then ±1
            for which in ("x", "q"):
                arr = getattr(state[0], which)
                if arr is None:
                    continue
                for idx in np.ndindex(*arr.shape):
                    for v in _entry_candidates(float(getattr(state[0], which)[idx])):
                        c = state[0]
                        new = getattr(c, which).copy()
                        new[idx] = v
                        cand = Case(new, c.perm, c.q) if which == "x" else Case(c.x, c.perm, new)
                        if self._try(state, cand):
                            changed = True
                            break
        return state[0], state[1]


# --- running ----------------------------------------------------------------------------------------


def _check_scale_argument(scale) -> None:
    if scale is None or callable(scale):
        return
    if isinstance(scale, bool) or not isinstance(scale, (int, float, np.integer, np.floating)) \
            or not (np.isfinite(scale) and scale >= 0):
        raise ValueError(f"scale must be a finite number >= 0 or a callable of the inputs, got {scale!r}")

#: Seeds are 64-bit, as the command's --seed and the C++ battery's.
MAX_SEED = (1 << 64) - 1


def _hypothesis_available() -> bool:
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        return False
    return True


def _inside_hypothesis_test() -> bool:
    """True inside a running @given test: Hypothesis cannot run a second @given there."""
    try:
        from hypothesis.control import currently_in_test_context
    except ImportError:
        return False
    return bool(currently_in_test_context())


#: The engines: "auto" (the default) is "hypothesis" where Hypothesis is importable and no @given test is
#: running, else "builtin".
ENGINES = ("auto", "hypothesis", "builtin")


def _choose_engine(engine, start_case) -> str:
    # NOTE: why Hypothesis is the default where it is installed: users get the shrinking they know, and the
    # run is tuned so that it costs about what the builtin engine costs (see _run_hypothesis): no deadline,
    # no example database (nothing written; the seed replays the run), a shrink budget. The builtin engine
    # stays the fallback — without Hypothesis, inside a user's own @given test (no nested @given), and
    # for start_case (replaying one builtin case) — and can be chosen with engine="builtin".
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    if engine == "auto":
        if start_case or not _hypothesis_available() or _inside_hypothesis_test():
            return "builtin"
        return "hypothesis"
    if engine == "hypothesis":
        if not _hypothesis_available():
            raise ImportError("engine='hypothesis' needs Hypothesis (Debian: python3-hypothesis); engine='builtin' "
                              "draws and shrinks without it")
        if start_case:
            raise ValueError("start_case replays one case of the builtin engine; with engine='hypothesis' replay the "
                             "whole run with the same seed")
        if _inside_hypothesis_test():
            raise ValueError("engine='hypothesis' cannot run inside a @given test (Hypothesis does not nest); use "
                             "engine='builtin' or the one-case assertions (assert_equivariant_on)")
    return engine


def _count_kind(image) -> str:
    n = len(image)
    moved = int(np.count_nonzero(np.asarray(image) != np.arange(n)))
    if n > 2 and np.array_equal(image, np.arange(n)[::-1]):
        return "reversal"
    if moved == 2:
        return "transposition"
    if moved == n and len(cycles(image).split(")(")) == 1:
        return "n-cycle"
    return "other"


class _Abort(BaseException):
    """Carries an error of f (or its nondeterminism) out of Hypothesis unshrunk: Hypothesis shrinks
    Exceptions only."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


class _Failed(Exception):
    pass


class _BudgetSpent(BaseException):
    """Ends Hypothesis's shrinking when shrink_budget calls are spent: the last failing case it tried (a
    case it keeps: its shrinker tries only candidates simpler than the best so far) is the result."""


# NOTE: named functions, not lambdas, in .map(): Hypothesis 6.67 describes a mapped function on every draw,
# and for a lambda that means reading and parsing its source (≈ 2 ms a draw, measured).
def _equivariance_case(t) -> Case:
    return Case(t[0], t[1])


def _cross_case(t) -> Case:
    return Case(t[1], t[2], t[0])


def _run_hypothesis(law, f, ranges, cases, seed, layers, bound_eps, dtype, stats, shrink_budget=2000, scale=None):
    from hypothesis import HealthCheck, Phase, given, reject, settings
    from hypothesis import seed as hypothesis_seed

    from . import strategies as obs
    (n_lo, n_hi), (d_lo, d_hi), (m_lo, m_hi) = ranges
    if law == "cross":
        strategy = obs.cross_attention_cases(n=(n_lo, n_hi), d=(d_lo, d_hi), m=(m_lo, m_hi), dtype=dtype).map(
            _cross_case)
    else:
        strategy = obs.equivariance_cases(n=(n_lo, n_hi), d=(d_lo, d_hi), dtype=dtype).map(_equivariance_case)
    seen = {"failed": False, "last": None, "calls": 0, "max": (-1.0, -1), "shrink_calls": 0, "exhausted": False}
    n_counts, kinds = collections.Counter(), collections.Counter()

    def test(case):
        seen["calls"] += 1
        if seen["failed"]:
            if seen["shrink_calls"] >= shrink_budget:
                seen["exhausted"] = True
                raise _BudgetSpent()
            seen["shrink_calls"] += 1
        context = f"seed {seed}, Hypothesis example {seen['calls']}, n = {case.n}, d = {case.d}"
        try:
            o = evaluate(law, f, case, layers, bound_eps, context, dtype, scale)
        except NondeterministicError as e:
            raise _Abort(e) from None
        except CallableError as e:
            # NOTE: as the builtin shrinker: while shrinking a genuine failure, a candidate f rejects is
            # skipped; before any failure, an error of f is reported on the case that raised it.
            if seen["failed"]:
                reject()
            raise _Abort(e) from None
        if not seen["failed"]:
            n_counts[case.n] += 1
            kinds[_count_kind(case.perm)] += 1
            stats.cases += 1
            if o.residual_eps > seen["max"][0]:
                seen["max"] = (o.residual_eps, stats.cases - 1)
        if not o.ok:
            seen["failed"] = True
            seen["last"] = (case, o)
            raise _Failed()

    run = settings(max_examples=cases, database=None, deadline=None, derandomize=False, report_multiple_bugs=False,
                   phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
                   print_blob=False)(given(strategy)(test))
    run = hypothesis_seed(seed)(run)
    try:
        run()
    except _Abort as a:
        raise a.error from None
    except (_Failed, _BudgetSpent):
        pass
    stats.n_counts, stats.permutation_kinds = dict(n_counts), dict(kinds)
    stats.max_residual_eps, stats.max_residual_case = max(seen["max"][0], 0.0), seen["max"][1]
    if not seen["failed"]:
        return None, seen["calls"], False
    return seen["last"], seen["shrink_calls"], seen["exhausted"]


def _run(law, f, n, d, m, cases, seed, start_case, layers, bound_eps, shrink_budget, replay_name, dtype="float64",
         engine="auto", scale=None):
    if not callable(f):
        raise TypeError(f"f must be callable, got {type(f).__name__}")
    cases = integer_argument(cases, "cases", 1)
    seed = integer_argument(seed, "seed", 0, MAX_SEED)
    start_case = integer_argument(start_case, "start_case", 0)
    layers = integer_argument(layers, "layers", 1)
    shrink_budget = integer_argument(shrink_budget, "shrink_budget", 0)
    if bound_eps is not None and not (isinstance(bound_eps, (int, float, np.floating, np.integer))
                                      and not isinstance(bound_eps, bool) and np.isfinite(bound_eps)
                                      and bound_eps >= 0):
        raise ValueError(f"bound_eps must be a finite number >= 0, got {bound_eps!r}")
    dtype = dtype_name(dtype)
    n_lo, n_hi, n_fixed = _range(DEFAULT_N if n is None else n, "n", 2)
    if d is None:
        raise TypeError("d (the width of a token row) is required: an int, or a (lo, hi) pair for any width")
    d_lo, d_hi, d_fixed = _range(d, "d", 1)
    m_lo, m_hi, m_fixed = _range(DEFAULT_M if m is None else m, "m", 1)
    for rows, rows_name in ((n_hi, "n"), (m_hi if law == "cross" else 1, "m")):
        if rows * d_hi > MAX_CASE_ELEMENTS:
            raise ValueError(f"{rows_name} = {rows} by d = {d_hi} is {rows * d_hi:.4g} entries per drawn matrix, more "
                             f"than the limit {MAX_CASE_ELEMENTS} (2²⁴, the command's read limit): draw smaller cases")
    _check_scale_argument(scale)
    engine = _choose_engine(engine, start_case)
    stats = Stats(law=law, seed=seed, start_case=start_case, dtype=dtype, engine=engine)
    stats.arithmetic = (f"{dtype} (the callable's own arithmetic; compared in double, exactly, in units of "
                        f"ε = {DTYPE_EPS[dtype]!r} of {dtype})")
    unit = (f"ε·max|output| (ε of {dtype}; one scale: pooling cancels within a feature)" if law == "invariant" else
            f"ε·max(c_j, median c), c_j = max|column j| of the output (ε of {dtype}, each column its own scale)")
    stats.bound = ("bound_eps = %g, in %s (given)" % (bound_eps, unit)) if bound_eps is not None else (
        f"{layers}·(4(n+1) + 2w + 2){' + 2n' if law == 'invariant' else ''}, w = max(d, output width), in {unit} — "
        "multi_head_reorder_bound_eps (properties/battery/tolerances.hpp)")
    if scale is not None:
        stats.bound += "; the scale at least the given scale= (the magnitude of the terms f pools, stated by the caller)"
    args = (f"n={(n_lo, n_hi) if n is None else n!r}, d={d!r}"
            + (f", m={(m_lo, m_hi) if m is None else m!r}" if law == "cross" else "")
            + (f", dtype={dtype!r}" if dtype != "float64" else ""))
    if engine == "hypothesis":
        stats.distribution = ("Hypothesis (seeded, no database) choosing the integers of the battery's generators "
                              "(orderblind.strategies: entries ±(i + f·2⁻⁵⁶) in gen_real's form, i, f and the sign from one "
                              "8-byte block each; gen_permutation's kind and points; "
                              "n and d) with its own bias toward small and boundary values; entries rounded to the "
                              "dtype; counts of n and of permutation shapes below")
        found, calls, exhausted = _run_hypothesis(law, f, ((n_lo, n_hi), (d_lo, d_hi), (m_lo, m_hi)), cases, seed,
                                                  layers, bound_eps, dtype, stats, shrink_budget, scale)
        if found is None:
            return None, stats
        small, so = found
        replay = f"orderblind.{replay_name}(f, {args}, seed={seed}, engine='hypothesis')"
        return Counterexample(law, small, so, seed, stats.cases - 1, -1, -1, calls, exhausted, replay,
                              stats, dtype, engine, scale is not None), stats
    n_counts, kinds = collections.Counter(), collections.Counter()
    for k in range(start_case, start_case + cases):
        rng = _rng(seed, k)
        nn = int(rng.integers(n_lo, n_hi + 1))
        dd = int(rng.integers(d_lo, d_hi + 1))
        x = round_to_dtype(draw_entries(rng, (nn, dd)), dtype)
        perm, kind = draw_permutation(rng, nn)
        q = None
        if law == "cross":
            mm = int(rng.integers(m_lo, m_hi + 1))
            q = round_to_dtype(draw_entries(rng, (mm, dd)), dtype)
        n_counts[nn] += 1
        kinds[kind] += 1
        stats.cases += 1
        case = Case(x, perm, q)
        context = f"seed {seed}, case {k}, n = {nn}, d = {dd}"
        o = evaluate(law, f, case, layers, bound_eps, context, dtype, scale)
        if o.residual_eps > stats.max_residual_eps or stats.max_residual_case < 0:
            stats.max_residual_eps, stats.max_residual_case = o.residual_eps, k
        if not o.ok:
            stats.n_counts, stats.permutation_kinds = dict(n_counts), dict(kinds)
            sh = _Shrinker(law, f, layers, bound_eps, n_lo, n_fixed, d_lo, d_fixed, m_lo, m_fixed, shrink_budget, dtype,
                           scale)
            small, so = sh.shrink(case, o)
            replay = f"orderblind.{replay_name}(f, {args}, seed={seed}, start_case={k}, cases=1)"
            return Counterexample(law, small, so, seed, k, nn, sh.steps, sh.evaluations,
                                  sh.evaluations >= shrink_budget, replay, stats, dtype, engine, scale is not None), stats
    stats.n_counts, stats.permutation_kinds = dict(n_counts), dict(kinds)
    return None, stats


_DOC_ARGS = """
    n: tokens per case, an int (fixed) or a (lo, hi) pair drawn and shrunk toward lo; default (2, 6).
    d: width of a token row, an int (fixed) or a (lo, hi) pair (then shrunk by dropping columns). Required.
    dtype: the floating type f computes in — 'float64' (default), 'float32', 'bfloat16', 'float16' (or a
        NumPy / torch dtype). The drawn rows are rounded to it and passed as that NumPy dtype (bfloat16: a
        float32 array of bfloat16 values; torch.from_numpy(x).bfloat16() is exact); the bound is in its ε.
    cases, seed: how many cases, and the seed (an int in [0, 2⁶⁴)).
    engine: 'auto' (default: 'hypothesis' where Hypothesis is installed and no @given test is running,
        else 'builtin'), 'hypothesis' (Hypothesis draws with orderblind.strategies and shrinks; seeded by
        seed, no database, no deadline, so the same call replays the same run) or 'builtin' (NumPy PCG64,
        case k seeded with SeedSequence(seed, spawn_key=(k,)), the battery's distributions, shrunk greedily;
        start_case=k, cases=1 replays case k alone). In your own @given tests use assert_equivariant_on.
    layers: attention layers inside f; the bound is layers·multi_head_reorder_bound_eps(n, w).
    bound_eps: replace the bound (units of the dtype's ε times each column's magnitude).
    shrink_budget: evaluations of f's law either shrinker may spend (Hypothesis: calls after the failure).
    scale: a floor under the bound's scale — a number, or a callable of the inputs (f's arguments) returning
        a number or an array whose max|·| is taken: the magnitude of the terms f sums, which a black box
        cannot see (a pooled mean that cancels; docs/python.md). Stated in Stats.bound.
    Returns Stats (what was checked). Raises CounterexampleError (an AssertionError) with the shrunk case;
    NondeterministicError when f gives two outputs for one input (dropout in train mode); CallableError
    when f raises or returns something other than a real floating array of the right shape and dtype.
"""


def assert_permutation_equivariant(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1,
                                   bound_eps=None, shrink_budget=2000, dtype="float64", engine="auto", scale=None) -> Stats:
    """Assert f(PX) = P·f(X) for f mapping an (n, d) array to an (n, d') one."""
    ce, stats = _run("equivariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_permutation_equivariant", dtype, engine, scale)
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def assert_permutation_invariant(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1,
                                 bound_eps=None, shrink_budget=2000, dtype="float64", engine="auto", scale=None) -> Stats:
    """Assert f(PX) = f(X) (a pooled output of any shape); the bound adds 2n for the pooling sum."""
    ce, stats = _run("invariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_permutation_invariant", dtype, engine, scale)
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def assert_cross_attention_invariant(f, n=None, d=None, m=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1,
                                     bound_eps=None, shrink_budget=2000, dtype="float64", engine="auto", scale=None) -> Stats:
    """Assert f(Q, PM) = f(Q, M): the output for queries Q (m × d) ignores the order of the n memory rows M
    (n × d). m: query rows, an int or (lo, hi), default (1, 6)."""
    ce, stats = _run("cross", f, n, d, m, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_cross_attention_invariant", dtype, engine, scale)
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def find_equivariance_counterexample(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1,
                                     bound_eps=None, shrink_budget=2000, dtype="float64",
                                     engine="auto", scale=None) -> Optional[Counterexample]:
    """Refutation: search for X, P with f(PX) ≠ P·f(X) beyond the bound (a causal layer must have one).
    Returns the shrunk Counterexample (``.stats`` says what was searched), or None if every case held.
    An exception from f is an error (CallableError), never a counterexample."""
    ce, _ = _run("equivariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                 "assert_permutation_equivariant", dtype, engine, scale)
    return ce


for _fn in (assert_permutation_equivariant, assert_permutation_invariant, assert_cross_attention_invariant,
            find_equivariance_counterexample):
    _fn.__doc__ += _DOC_ARGS


# --- one given case (inside your own @given test) ---------------------------------------------------


def _one(law, f, x, perm, q, layers, bound_eps, dtype, scale=None) -> Stats:
    if not callable(f):
        raise TypeError(f"f must be callable, got {type(f).__name__}")
    dtype = dtype_name(dtype)
    layers = integer_argument(layers, "layers", 1)
    if bound_eps is not None and not (np.isfinite(bound_eps) and bound_eps >= 0):
        raise ValueError(f"bound_eps must be finite and >= 0, got {bound_eps!r}")
    x = np.asarray(x)
    if x.ndim != 2 or x.size == 0 or x.dtype.kind != "f":
        raise ValueError(f"x must be a non-empty 2-D floating array (n, d), got shape {x.shape}, dtype {x.dtype}")
    image = np.asarray(perm)
    if image.ndim != 1 or image.dtype.kind not in "iu" or len(image) != x.shape[0] \
            or not np.array_equal(np.sort(image), np.arange(x.shape[0])):
        raise ValueError(f"perm must be a permutation of 0..{x.shape[0] - 1} (the image, (P X)[i] = X[perm[i]]), "
                         f"got {perm!r}")
    if q is not None:
        q = np.asarray(q)
        if q.ndim != 2 or q.shape[1] != x.shape[1] or q.size == 0:
            raise ValueError(f"q must be a non-empty (m, {x.shape[1]}) array, got shape {q.shape}")
    _check_scale_argument(scale)
    case = Case(x, image.astype(np.int64), q)
    o = evaluate(law, f, case, layers, bound_eps, "the given case", dtype, scale)
    stats = Stats(law=law, cases=1, dtype=dtype, engine="given", evidence="sampled_within_bound",
                  distribution="one case given by the caller", max_residual_eps=o.residual_eps, max_residual_case=0)
    stats.bound = (f"{o.bound_eps:g} in ε·{'max|output|' if law == 'invariant' else 'max(c_j, median c), c_j = max|column j|'}"
                   f" (ε of {dtype})")
    if not o.ok:
        ce = Counterexample(law, case, o, -1, 0, case.n, 0, 0, False,
                            "the same call (the case is the one given)", stats, dtype, "given", scale is not None)
        raise CounterexampleError(ce)
    return stats


def assert_equivariant_on(f, x, perm, layers=1, bound_eps=None, dtype="float64", scale=None) -> Stats:
    """f(PX) = P·f(X) on one given case (x: (n, d) array, perm: the image of P), with the bound of
    assert_permutation_equivariant; for your own @given tests (orderblind.strategies), where Hypothesis
    draws and shrinks. Raises CounterexampleError, NondeterministicError or CallableError."""
    return _one("equivariant", f, x, perm, None, layers, bound_eps, dtype, scale)


def assert_invariant_on(f, x, perm, layers=1, bound_eps=None, dtype="float64", scale=None) -> Stats:
    """f(PX) = f(X) on one given case (see assert_equivariant_on; scale= as assert_permutation_invariant)."""
    return _one("invariant", f, x, perm, None, layers, bound_eps, dtype, scale)


def assert_cross_invariant_on(f, q, memory, perm, layers=1, bound_eps=None, dtype="float64", scale=None) -> Stats:
    """f(Q, PM) = f(Q, M) on one given case: q (m, d) queries, memory (n, d), perm a permutation of the
    memory rows (see assert_equivariant_on)."""
    return _one("cross", f, memory, perm, q, layers, bound_eps, dtype, scale)
