# SPDX-License-Identifier: MIT
"""`python3 -m orderblind …`: the command line's checks that make sense from Python.

    python3 -m orderblind check --pe table.npy [--exact] [--tolerance-eps K] [--max-size W] [--format text|json]
    python3 -m orderblind schemes --scheme module:callable --kind additive|query_key|score_bias --dim D
                                  [--key module:callable] [--max-position L] [--format text|markdown|json]
    python3 -m orderblind equivariant module:callable --d D [--n LO HI] [--cases K] [--seed S] [--dtype T]
                                  [--engine auto|hypothesis|builtin] [--scale S]
    python3 -m orderblind invariant   module:callable --d D [...]

Exit codes as the CLI: 0 every check held, 1 a check failed, 2 bad usage or bad input (a message on
stderr, never a traceback: an exception from your callable is bad input too).
"""

import argparse
import importlib
import os
import sys

import numpy as np

from . import _check, _schemes
from ._laws import CallableError, NondeterministicError


def _load(spec: str):
    if ":" not in spec:
        raise ValueError(f"expected module:attribute, got {spec!r}")
    mod, _, attr = spec.partition(":")
    obj = importlib.import_module(mod)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def _read_npy(path: str, max_size) -> np.ndarray:
    """A 2-D .npy table, its header checked before any data is read: the magic string, the format
    version, the shape (2-D, within the command's limits) and a non-object dtype."""
    fmt = np.lib.format
    if os.path.isdir(path):
        raise ValueError(f"{path}: is a directory, not a .npy file")
    with open(path, "rb") as fh:
        magic = fh.read(6)
        if magic != b"\x93NUMPY":
            raise ValueError(f"{path}: not a .npy file (it starts with {magic!r}, a .npy file with b'\\x93NUMPY')")
        fh.seek(0)
        try:
            version = fmt.read_magic(fh)
            shape, fortran, dtype = (fmt.read_array_header_1_0(fh) if version == (1, 0) else
                                     fmt.read_array_header_2_0(fh))
        except ValueError as e:
            raise ValueError(f"{path}: a malformed .npy header: {e}") from None
    if dtype.hasobject:
        raise ValueError(f"{path}: the .npy file holds Python objects (dtype {dtype}), not numbers")
    if len(shape) != 2:
        raise ValueError(f"{path}: a positional table is 2-D (positions × dims), the header says shape {shape}")
    if shape[0] < 1 or shape[1] < 1:
        raise ValueError(f"{path}: an empty table (shape {shape})")
    _schemes.check_table_size(shape, False, max_size, path)
    return np.load(path, allow_pickle=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m orderblind", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="check --pe: a positional table (.npy) against the PE laws")
    c.add_argument("--pe", required=True, help="a positions × dims table, .npy")
    c.add_argument("--exact", action="store_true", help="bounded, injective, relative scores over rationals")
    c.add_argument("--tolerance-eps", type=float, help="override each floating bound (in its own unit)")
    c.add_argument("--max-size", type=float, help="raise the work limit n²·d (2^28 double, 2^18 exact)")
    c.add_argument("--format", choices=["text", "json"], default="text")
    s = sub.add_parser("schemes", help="the PE battery on a Python scheme")
    s.add_argument("--scheme", required=True, help="module:callable (encode, query or bias by --kind)")
    s.add_argument("--key", help="module:callable for keys (query_key; default: the same as --scheme)")
    s.add_argument("--kind", required=True, choices=["additive", "query_key", "score_bias"])
    s.add_argument("--dim", required=True, type=int)
    s.add_argument("--max-position", type=int)
    s.add_argument("--format", choices=["text", "markdown", "json"], default="text")
    for law in ("equivariant", "invariant"):
        e = sub.add_parser(law, help=f"assert_permutation_{law} on module:callable (NumPy in, NumPy out)")
        e.add_argument("callable")
        e.add_argument("--d", required=True, type=int)
        e.add_argument("--n", nargs=2, type=int, default=list(_check.DEFAULT_N))
        e.add_argument("--cases", type=int, default=100)
        e.add_argument("--seed", type=int, default=_check.DEFAULT_SEED)
        e.add_argument("--dtype", default="float64", choices=["float64", "float32", "bfloat16", "float16"],
                       help="the floating type the callable computes in (the bound is in its ε)")
        e.add_argument("--engine", default="auto", choices=list(_check.ENGINES),
                       help="auto (default): Hypothesis where installed, else the builtin engine")
        e.add_argument("--scale", type=float, default=None,
                       help="a floor under the bound's scale: the magnitude of the terms the callable sums")
    a = ap.parse_args(argv)
    try:
        if a.command == "check":
            if not a.pe.endswith(".npy"):
                raise ValueError(f"{a.pe}: python3 -m orderblind reads .npy tables (the orderblind command also reads CSV)")
            r = _schemes.check_table(_read_npy(a.pe, a.max_size), exact=a.exact, tolerance_eps=a.tolerance_eps,
                                     name=a.pe, max_size=a.max_size)
            print(r.to_json() if a.format == "json" else r)
            return 0 if r.ok else 1
        if a.command == "schemes":
            f = _load(a.scheme)
            kw = {"additive": {"encode": f}, "query_key": {"query": f, "key": _load(a.key) if a.key else f},
                  "score_bias": {"bias": f}}[a.kind]
            r = _schemes.check_scheme(kind=a.kind, dim=a.dim, name=a.scheme, max_position=a.max_position, **kw)
            print({"text": r.matrix, "markdown": r.to_markdown(), "json": r.to_json()}[a.format], end="")
            return 0 if r.ok else 1
        fn = {"equivariant": _check.assert_permutation_equivariant,
              "invariant": _check.assert_permutation_invariant}[a.command]
        try:
            stats = fn(_load(a.callable), n=tuple(a.n), d=a.d, cases=a.cases, seed=a.seed, dtype=a.dtype,
                       engine=a.engine, scale=a.scale)
        except AssertionError as err:
            print(err)
            return 1
        print(f"held: {stats}")
        return 0
    except (ValueError, TypeError, OSError, ImportError, AttributeError, CallableError, NondeterministicError) as err:
        print(f"orderblind: {err}", file=sys.stderr)
        return 2
    except MemoryError:
        print("orderblind: out of memory (lower the sizes, or --max-size)", file=sys.stderr)
        return 2
    except Exception as err:  # noqa: BLE001 - the user's callable raised: bad input, never a traceback
        print(f"orderblind: {type(err).__name__} raised by the code under test: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
