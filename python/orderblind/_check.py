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
from ._laws import DEFAULT_N, DISTRIBUTION, CallableError, Case, Outcome, _rng, cycles, draw_entries, draw_permutation, evaluate

#: Queries (decoder rows) of the cross law: 1 ≤ m ≤ 6, as the battery's cross-attention laws.
DEFAULT_M = (1, 6)


def _range(value, name: str, lo_min: int):
    """An int (fixed, not shrunk) or a (lo, hi) pair (drawn uniformly, shrunk toward lo)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        lo = hi = int(value)
        fixed = True
    else:
        try:
            lo, hi = (int(v) for v in value)
        except Exception as e:  # noqa: BLE001
            raise TypeError(f"{name} must be an int or a (lo, hi) pair, got {value!r}") from e
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
    evidence: str = "sampled_within_bound"
    distribution: str = DISTRIBUTION
    bound: str = ""
    max_residual_eps: float = 0.0
    max_residual_case: int = -1
    n_counts: dict = dataclasses.field(default_factory=dict)
    permutation_kinds: dict = dataclasses.field(default_factory=dict)

    def __str__(self) -> str:
        return (f"{self.law}: {self.cases} sampled cases (seed {self.seed}, cases {self.start_case}.."
                f"{self.start_case + self.cases - 1}), {self.arithmetic}, evidence {self.evidence}; bound {self.bound}; "
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

    def replay(self, f, layers: int = 1, bound_eps=None) -> Outcome:
        """Re-evaluate the shrunk case on f (e.g. after a fix)."""
        if bound_eps is not None and not (np.isfinite(bound_eps) and bound_eps >= 0):
            raise ValueError(f"bound_eps must be finite and >= 0, got {bound_eps!r}")
        return evaluate(self.law, f, self.case, layers, bound_eps, "replay")

    def message(self) -> str:
        o, c = self.outcome, self.case
        lhs, rhs = {"equivariant": ("f(PX)", "P·f(X)"), "invariant": ("f(PX)", "f(X)"),
                    "cross": ("f(Q, PM)", "f(Q, M)")}[self.law]
        what = {"equivariant": "f is not permutation-equivariant: f(PX) ≠ P·f(X)",
                "invariant": "f is not permutation-invariant: f(PX) ≠ f(X)",
                "cross": "f is not invariant to the order of memory: f(Q, PM) ≠ f(Q, M)"}[self.law]
        rows = "memory rows" if self.law == "cross" else "tokens"
        lines = [f"{what} beyond the bound.",
                 f"  shrunk counterexample: n = {c.n} {rows}, d = {c.d}"
                 + (f", {c.q.shape[0]} query rows" if c.q is not None else "")
                 + f" (from n = {self.original_n}; {self.shrink_steps} shrink steps, {self.shrink_evaluations} "
                   f"evaluations{', budget exhausted' if self.shrink_exhausted else ''})",
                 f"  permutation π = {self.cycles}  (image {self.permutation}; (PX) row i = X row π(i))"]
        if o.problem:
            lines.append(f"  {o.problem}")
        else:
            lines.append(f"  worst entry {o.worst_index}: {lhs} = {o.lhs_value!r}, {rhs} = {o.rhs_value!r}, residual "
                         f"{o.residual_eps:.6g} ε > bound {o.bound_eps:.6g} ε")
            lines.append(f"  (unit ε·max(1, max|{lhs}|, max|{rhs}|), ε = 2⁻⁵²)")
        lines.append(f"  X = {np.array2string(c.x, separator=', ', max_line_width=120)}"
                     if self.law != "cross" else
                     f"  M = {np.array2string(c.x, separator=', ', max_line_width=120)}\n"
                     f"  Q = {np.array2string(c.q, separator=', ', max_line_width=120)}")
        lines.append(f"  seed {self.seed}, case {self.case_index}; replay the unshrunk case with {self.replay_call}; "
                     "the shrunk one with err.counterexample.replay(f)")
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

    def __init__(self, law, f, layers, bound_eps, n_lo, n_fixed, d_lo, d_fixed, m_lo, m_fixed, budget):
        self.law, self.f, self.layers, self.bound_eps = law, f, layers, bound_eps
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
            o = evaluate(self.law, self.f, case, self.layers, self.bound_eps, "while shrinking")
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


def _run(law, f, n, d, m, cases, seed, start_case, layers, bound_eps, shrink_budget, replay_name):
    if not callable(f):
        raise TypeError(f"f must be callable, got {type(f).__name__}")
    if int(cases) < 1:
        raise ValueError(f"cases must be >= 1, got {cases}")
    if not (isinstance(layers, (int, np.integer)) and layers >= 1):
        raise ValueError(f"layers must be an int >= 1, got {layers!r}")
    if bound_eps is not None and not (np.isfinite(bound_eps) and bound_eps >= 0):
        raise ValueError(f"bound_eps must be finite and >= 0, got {bound_eps!r}")
    n_lo, n_hi, n_fixed = _range(DEFAULT_N if n is None else n, "n", 2)
    if d is None:
        raise TypeError("d (the width of a token row) is required: an int, or a (lo, hi) pair for any width")
    d_lo, d_hi, d_fixed = _range(d, "d", 1)
    m_lo, m_hi, m_fixed = _range(DEFAULT_M if m is None else m, "m", 1)
    stats = Stats(law=law, seed=int(seed), start_case=int(start_case))
    stats.bound = ("bound_eps = %g ε (given)" % bound_eps) if bound_eps is not None else (
        f"{layers}·(4(n+1) + 2w + 2) ε{' + 2n ε' if law == 'invariant' else ''}, w = max(d, output width) — "
        "multi_head_reorder_bound_eps (properties/battery/tolerances.hpp), relative to max(1, max|output|)")
    n_counts, kinds = collections.Counter(), collections.Counter()
    for k in range(int(start_case), int(start_case) + int(cases)):
        rng = _rng(int(seed), k)
        nn = int(rng.integers(n_lo, n_hi + 1))
        dd = int(rng.integers(d_lo, d_hi + 1))
        x = draw_entries(rng, (nn, dd))
        perm, kind = draw_permutation(rng, nn)
        q = None
        if law == "cross":
            mm = int(rng.integers(m_lo, m_hi + 1))
            q = draw_entries(rng, (mm, dd))
        n_counts[nn] += 1
        kinds[kind] += 1
        stats.cases += 1
        case = Case(x, perm, q)
        context = f"seed {seed}, case {k}, n = {nn}, d = {dd}"
        o = evaluate(law, f, case, layers, bound_eps, context)
        if o.residual_eps > stats.max_residual_eps or stats.max_residual_case < 0:
            stats.max_residual_eps, stats.max_residual_case = o.residual_eps, k
        if not o.ok:
            stats.n_counts, stats.permutation_kinds = dict(n_counts), dict(kinds)
            sh = _Shrinker(law, f, layers, bound_eps, n_lo, n_fixed, d_lo, d_fixed, m_lo, m_fixed, shrink_budget)
            small, so = sh.shrink(case, o)
            args = (f"n={(n_lo, n_hi) if n is None else n!r}, d={d!r}"
                    + (f", m={(m_lo, m_hi) if m is None else m!r}" if law == "cross" else ""))
            replay = f"orderblind.{replay_name}(f, {args}, seed={seed}, start_case={k}, cases=1)"
            return Counterexample(law, small, so, int(seed), k, nn, sh.steps, sh.evaluations,
                                  sh.evaluations >= shrink_budget, replay, stats), stats
    stats.n_counts, stats.permutation_kinds = dict(n_counts), dict(kinds)
    return None, stats


_DOC_ARGS = """
    n: tokens per case, an int (fixed) or a (lo, hi) pair drawn uniformly and shrunk toward lo; default (2, 6).
    d: width of a token row, an int (fixed) or a (lo, hi) pair (then shrunk by dropping columns). Required.
    cases, seed, start_case: case k uses NumPy PCG64 seeded with SeedSequence(seed, spawn_key=(k,)), so any
        case replays alone (start_case=k, cases=1).
    layers: attention layers inside f; the bound is layers·multi_head_reorder_bound_eps(n, w).
    bound_eps: replace the bound (units of ε·max(1, max|output|)).
    shrink_budget: evaluations the shrinker may spend.
    Returns Stats (what was checked). Raises CounterexampleError (an AssertionError) with the shrunk case,
    or CallableError when f raises or returns something other than a float64 array of the right shape.
"""


def assert_permutation_equivariant(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1, bound_eps=None,
                                   shrink_budget=2000) -> Stats:
    """Assert f(PX) = P·f(X) for f mapping an (n, d) float64 array to an (n, d') one."""
    ce, stats = _run("equivariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_permutation_equivariant")
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def assert_permutation_invariant(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1, bound_eps=None,
                                 shrink_budget=2000) -> Stats:
    """Assert f(PX) = f(X) (a pooled output of any shape); the bound adds 2n ε for the pooling sum."""
    ce, stats = _run("invariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_permutation_invariant")
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def assert_cross_attention_invariant(f, n=None, d=None, m=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1,
                                     bound_eps=None, shrink_budget=2000) -> Stats:
    """Assert f(Q, PM) = f(Q, M): the output for queries Q (m × d) ignores the order of the n memory rows M
    (n × d). m: query rows, an int or (lo, hi), default (1, 6)."""
    ce, stats = _run("cross", f, n, d, m, cases, seed, start_case, layers, bound_eps, shrink_budget,
                     "assert_cross_attention_invariant")
    if ce is not None:
        raise CounterexampleError(ce)
    return stats


def find_equivariance_counterexample(f, n=None, d=None, cases=100, seed=DEFAULT_SEED, start_case=0, layers=1, bound_eps=None,
                                     shrink_budget=2000) -> Optional[Counterexample]:
    """Refutation: search for X, P with f(PX) ≠ P·f(X) beyond the bound (a causal layer must have one).
    Returns the shrunk Counterexample (``.stats`` says what was searched), or None if every case held.
    An exception from f is an error (CallableError), never a counterexample."""
    ce, _ = _run("equivariant", f, n, d, None, cases, seed, start_case, layers, bound_eps, shrink_budget,
                 "assert_permutation_equivariant")
    return ce


for _fn in (assert_permutation_equivariant, assert_permutation_invariant, assert_cross_attention_invariant,
            find_equivariance_counterexample):
    _fn.__doc__ += _DOC_ARGS
