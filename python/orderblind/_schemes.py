# SPDX-License-Identifier: MIT
"""The positional-encoding battery (lib/orderblind/pe/battery.hpp) on Python callables, in double, and
`check --pe` (cli/check_pe.cpp) on an array. Thin adapters: the verdicts are the library's."""

from __future__ import annotations

import inspect
import json

import numpy as np

from . import _core
from ._laws import CallableError, integer_argument

#: The largest C long (the battery's positions and widths are longs).
MAX_LONG = (1 << 63) - 1

#: The command's limits on `check --pe` (raised by --max-size), read from the library so that they live in
#: one place: a table of more than 2²⁴ values is refused before it is read (orderblind::io::read_limits),
#: the cost n²·d is at most 2²⁸ in double and 2¹⁸ exactly, and one n×n matrix at most 2²⁶ entries
#: (orderblind/io/work_limits.hpp).
MAX_TABLE_ELEMENTS = int(_core.max_read_elements)
MAX_WORK_DOUBLE = float(_core.default_max_work_double)
MAX_WORK_EXACT = float(_core.default_max_work_exact)
MAX_SQUARE = float(_core.default_max_square)


def _arity_accepts(f, n: int) -> bool:
    try:
        inspect.signature(f).bind(*range(n))
        return True
    except TypeError:
        return False
    except ValueError:  # no signature (a builtin): assume the full form
        return True


def _real_array(out, what: str) -> np.ndarray:
    if hasattr(out, "detach") and hasattr(out, "cpu"):  # torch.Tensor
        out = out.detach().cpu()
        if str(out.dtype) == "torch.bfloat16":
            out = out.float()  # NOTE: exact: every bfloat16 is a float32
        out = out.numpy()
    try:
        a = np.asarray(out)
    except Exception as e:  # noqa: BLE001
        raise CallableError(f"{what} returned {type(out).__name__}, not an array: {e}") from e
    if a.dtype.kind not in "fiu":
        raise CallableError(f"{what} returned dtype {a.dtype}; expected real numbers (float or int)")
    return a.astype(np.float64)  # NOTE: exact for float16/32/64 and ints below 2^53


def _vector(out, dim: int, what: str) -> np.ndarray:
    a = _real_array(out, what)
    if a.ndim != 1 or a.shape[0] != dim:
        raise CallableError(f"{what} returned shape {a.shape}, expected ({dim},) (dim = {dim})")
    _finite(a, what)
    return np.ascontiguousarray(a)


def _finite(a: np.ndarray, what: str) -> None:
    # NOTE: one rule for non-finite values: NaN and ±∞ fail every comparison. The battery compares what the
    # scheme returns within ε-bounds, where an ∞ on both sides of a law would compare equal (an infinite
    # bias on the diagonal "held" relative scores); so the adapter refuses it, naming the call and entry.
    bad = ~np.isfinite(a)
    if bad.any():
        i = int(np.argwhere(bad.reshape(-1))[0][0])
        raise CallableError(f"{what} returned {a.reshape(-1)[i]} at entry {i}: a scheme's values must be finite "
                            "(NaN and ±Inf fail every comparison)")


class SchemeResult:
    """One scheme's run of the battery (its row of the properties matrix), as `orderblind schemes` reports it."""

    def __init__(self, run):
        self._run = run  # the scheme's run: a verify::report whose `laws` are verify::check values

    name = property(lambda self: self._run.name)
    kind = property(lambda self: self._run.kind)
    parameters = property(lambda self: self._run.parameters)
    arithmetic = property(lambda self: self._run.arithmetic)
    #: The law checks, in report order (each with property, verdict, outcome, evidence_kind, word, holds,
    #: summary, evidence, expected, agrees).
    cells = property(lambda self: list(self._run.laws))

    def __getitem__(self, prop: str):
        for c in self._run.laws:
            if c.property == prop:
                return c
        raise KeyError(f"no property {prop!r} (known: {', '.join(_core.property_names())})")

    @property
    def verdicts(self) -> dict:
        """property → 'held exactly' | 'held within the tolerance' | 'n/a' | 'fails'."""
        return {c.property: c.verdict for c in self._run.laws}

    @property
    def ok(self) -> bool:
        """Every law check agrees with the expectations given (`expect=`), as the exit code of `orderblind schemes`
        (without expectations: only a scheme contradicting its own declaration is not ok)."""
        return self._run.agrees()

    @property
    def matrix(self) -> str:
        return _core.render([self._run], "text")

    def to_markdown(self) -> str:
        return _core.render([self._run], "markdown")

    def to_json(self) -> str:
        """The JSON of `orderblind schemes --format json` (schema orderblind-schemes/2, with this one scheme)."""
        return _core.render([self._run], "json")

    def to_dict(self) -> dict:
        """This scheme's entry of the report: scheme, kind, …, and `properties`, one check per property."""
        return json.loads(self.to_json())["schemes"][0]

    def __str__(self) -> str:
        return self.matrix

    def __repr__(self) -> str:
        return f"<SchemeResult {self.name}: " + ", ".join(f"{k}: {v}" for k, v in self.verdicts.items()) + ">"


def check_scheme(kind=None, encode=None, query=None, key=None, bias=None, dim=None, name="python-scheme",
                 parameters="", max_position=None, phases=None, expect=None) -> SchemeResult:
    """Run the positional-encoding battery on a scheme written in Python, in double.

    kind: 'additive' (encode(p) or encode(p, length) → PE(p), shape (dim,)), 'query_key' (query(q, m) and
    key(k, n) → rotated vectors; key defaults to query), or 'score_bias' (bias(q, k, m, n) or bias(m, n) →
    the position part of the score); inferred from the callables given when omitted.
    dim: the width the scheme acts on. max_position: positions ≥ this are undefined (a learned table).
    phases(delta) → (pairs, 2) array of (cos, sin) of delta·θ_i, for RoPE's long-term-decay bound.
    expect: {property: 'holds' | 'fails' | 'n/a'}; `.ok` is then "every law check agrees".
    An IndexError from a callable means "this position is undefined" (a verdict); any other exception,
    or a wrong shape or dtype, is re-raised (CallableError) after naming the call."""
    given = {k for k, v in (("additive", encode), ("query_key", query or key), ("score_bias", bias)) if v is not None}
    if kind is None:
        if len(given) != 1:
            raise TypeError("give exactly one of encode=, query=/key=, bias= (or kind=)")
        kind = given.pop()
    if kind not in ("additive", "query_key", "score_bias"):
        raise ValueError(f"kind must be 'additive', 'query_key' or 'score_bias', got {kind!r}")
    if given - {kind}:
        raise TypeError(f"kind {kind!r} does not take {', '.join(sorted(given - {kind}))} callables")
    dim = integer_argument(dim, "dim", 1, MAX_LONG)
    if max_position is not None:
        # NOTE: the battery takes a C long; a larger value would reach pybind11 as a signature mismatch.
        max_position = integer_argument(max_position, "max_position", 1, MAX_LONG)
    second = None
    if kind == "additive":
        if not callable(encode):
            raise TypeError("kind 'additive' needs encode=callable")
        two = _arity_accepts(encode, 2)

        def first(p, length):
            return _vector(encode(p, length) if two else encode(p), dim, f"encode({p})")
    elif kind == "query_key":
        query = query or key
        key = key or query
        if not callable(query):
            raise TypeError("kind 'query_key' needs query=callable (and key=, default: the same)")

        def first(q, m):
            return _vector(query(q, m), dim, f"query(q, {m})")

        def second(k, n):
            return _vector(key(k, n), dim, f"key(k, {n})")
    else:
        if not callable(bias):
            raise TypeError("kind 'score_bias' needs bias=callable")
        full = _arity_accepts(bias, 4)

        def first(q, k, m, n):
            a = _real_array(bias(q, k, m, n) if full else bias(m, n), f"bias({m}, {n})")
            if a.size != 1:
                raise CallableError(f"bias({m}, {n}) returned shape {a.shape}, expected one number")
            _finite(a, f"bias({m}, {n})")
            return float(a.reshape(()))
    ph = None
    if phases is not None:
        def ph(delta):
            a = _real_array(phases(delta), f"phases({delta})")
            if a.ndim != 2 or a.shape[1] != 2:
                raise CallableError(f"phases({delta}) returned shape {a.shape}, expected (pairs, 2) of (cos, sin)")
            return a
    run = _core.run_scheme(kind, first, second, dim, str(name), str(parameters),
                           None if max_position is None else int(max_position), ph)
    for prop, word in (expect or {}).items():
        run.expect(prop, word)
    return SchemeResult(run)


def reference_scheme(name: str) -> SchemeResult:
    """The battery on one of the library's own schemes in double ('sinusoidal', 'rope-half-split',
    'alibi'), to compare a Python implementation's verdicts with."""
    return SchemeResult(_core.reference_run(name))


class TableResult:
    """`orderblind check --pe` on an array: bounded, injective, shift-linear, relative scores."""

    def __init__(self, results, describe):
        self.results = results
        self.table = describe

    @property
    def ok(self) -> bool:
        return all(r["held"] for r in self.results)

    def to_json(self) -> str:
        return json.dumps({"table": self.table, "held": self.ok, "results": self.results}, indent=2,
                          ensure_ascii=False)

    def __str__(self) -> str:
        lines = []
        for r in self.results:
            lines.append(f"{r['verdict']}: {r['law']}\n  worst {r['worst']:.6g} (bound {r['bound']}, {r['unit']}) "
                         f"at {r['worst_case']}; {r['cases']} cases, {r['arithmetic']}"
                         + (f"\n  note: {r['note']}" if r["note"] else ""))
        return "\n".join(lines)


def check_table_size(shape, exact: bool, max_size, name: str) -> None:
    """The command's limits: at most 2²⁴ values, n²·d at most 2²⁸ (double) or 2¹⁸ (exact), and n² at most
    2²⁶, unless max_size raises them (as --max-size)."""
    rows, cols = (int(v) for v in shape)
    elements = float(rows) * float(cols)
    if max_size is not None:
        if isinstance(max_size, bool) or not isinstance(max_size, (int, float, np.integer, np.floating)) \
                or not (np.isfinite(max_size) and max_size > 0):
            raise ValueError(f"max_size must be a finite number > 0, got {max_size!r}")
    if elements > max(MAX_TABLE_ELEMENTS, float(max_size or 0)):
        raise ValueError(f"{name}: a {rows}x{cols} table holds {elements:.4g} values, more than the limit "
                         f"{MAX_TABLE_ELEMENTS} (2²⁴); raise it with max_size={int(elements)} "
                         f"(python3 -m orderblind: --max-size {int(elements)})")
    limit = float(max_size) if max_size is not None else (MAX_WORK_EXACT if exact else MAX_WORK_DOUBLE)
    work = float(rows) * float(rows) * float(cols)
    if work > limit:
        raise ValueError(f"{name}: n²·d = {work:.4g} exceeds the limit {limit:.4g} for "
                         f"{'exact arithmetic' if exact else 'double'} (cost grows with n²·d); raise it with "
                         f"max_size={int(np.ceil(work))} (python3 -m orderblind: --max-size {int(np.ceil(work))})")
    square = max(MAX_SQUARE, float(max_size or 0))
    if float(rows) * float(rows) > square:
        raise ValueError(f"{name}: its n×n matrices (n = {rows}) have {float(rows) ** 2:.4g} entries each, above the "
                         f"memory limit {square:.4g} (2²⁶ = 512 MiB of doubles); raise it with "
                         f"max_size={rows * rows} (python3 -m orderblind: --max-size {rows * rows})")


def check_table(array, exact=False, tolerance_eps=None, name="<array>", max_size=None, expect=None) -> TableResult:
    """`orderblind check --pe` on a (positions × dims) table, a NumPy array or a torch tensor: the PE
    battery on the table as a scheme, each law's agreement with what a positional table must satisfy.
    float32 tables are judged in units of float32's ε (their rounding), as the CLI does for .npy files.
    expect: {property: 'holds' | 'fails' | 'n/a'}, stating or replacing a law's expectation (--expect).
    The command's limits apply: n²·d ≤ 2²⁸ (double) or 2¹⁸ (exact) and at most 2²⁴ values; max_size
    raises them (as --max-size)."""
    if hasattr(array, "detach") and hasattr(array, "cpu"):
        array = array.detach().cpu()
        if str(array.dtype) in ("torch.bfloat16", "torch.float16"):
            raise TypeError(f"table dtype {array.dtype}: check --pe judges float64 and float32 tables; "
                            "a 16-bit table would be judged in the wrong unit")
        array = array.numpy()
    a = np.asarray(array)
    if a.ndim != 2:
        raise ValueError(f"a positional table is 2-D (positions × dims), got shape {a.shape}")
    if a.shape[0] < 1 or a.shape[1] < 1:
        raise ValueError(f"an empty table (shape {a.shape})")
    if a.dtype == np.float32:
        element_type = "float32"
    elif a.dtype == np.float64:
        element_type = "float64"
    elif a.dtype.kind in "iu" and a.dtype.itemsize <= 4:
        element_type = str(a.dtype)
    else:
        raise TypeError(f"table dtype {a.dtype}: expected float64, float32 or an integer type of ≤ 32 bits")
    if tolerance_eps is not None and not (np.isfinite(tolerance_eps) and tolerance_eps > 0):
        raise ValueError(f"tolerance_eps must be finite and > 0, got {tolerance_eps!r}")
    check_table_size(a.shape, exact, max_size, name)
    values = np.ascontiguousarray(a, dtype=np.float64)
    if expect is not None and not isinstance(expect, dict):
        raise TypeError(f"expect must be a dict {{property: 'holds' | 'fails' | 'n/a'}}, got {type(expect).__name__}")
    spec = ",".join(f"{k}={v}" for k, v in (expect or {}).items())
    results = _core.check_table(values, element_type, str(name), bool(exact),
                                None if tolerance_eps is None else float(tolerance_eps), spec)
    return TableResult(results, f"{a.shape[0]}x{a.shape[1]} {element_type} from '{name}'")
