#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The include graph of the installed library (lib/orderblind): its cycles and how many project headers
each entry header pulls in.

    python3 scripts/include_graph.py [--lib DIR] [--layers] [--max N] [entry-header …]

Prints every cycle among lib/ headers (one line each, as a path a → b → … → a) and, for each entry
header (default: orderblind/scalar.hpp and orderblind/orderblind.hpp), the number of project headers it
includes transitively. Exit status: 0 when there is no cycle (and, with --max N, no entry header pulls
in more than N project headers), 1 otherwise (so a test or CI step can require both), 2 on bad usage.

--layers also checks the layering of the fast paths: a leaf kernel (orderblind/fast/kernels/) includes
only other leaf kernels and the two leaf headers of the core (orderblind/errors.hpp, orderblind/index.hpp),
so the core (matrix.hpp, kernel.hpp) can include kernels and never the reverse; the specialisations above
the core live in orderblind/fast/heads/. --lib DIR reads another tree (the test's bad fixture).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIB = ROOT / "lib"
KERNELS = "orderblind/fast/kernels/"
KERNEL_MAY_INCLUDE = {"orderblind/errors.hpp", "orderblind/index.hpp"}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](orderblind/[^">]+)[">]', re.M)


def graph(lib):
    g = {}
    for path in sorted(lib.rglob("*.hpp")):
        rel = path.relative_to(lib).as_posix()
        g[rel] = [h for h in INCLUDE.findall(path.read_text(encoding="utf-8")) if (lib / h).exists()]
    return g


def layer_violations(g):
    """(kernel, header) for every include of a leaf kernel that reaches above its layer."""
    return [(h, inc) for h in sorted(g) if h.startswith(KERNELS)
            for inc in g[h] if not inc.startswith(KERNELS) and inc not in KERNEL_MAY_INCLUDE]


def cycles(g):
    """Elementary cycles found by depth-first search (each reported once, from its smallest header)."""
    found, seen = [], set()
    def dfs(start, node, path, on_path):
        for nxt in g.get(node, []):
            if nxt == start:
                cyc = path + [start]
                key = frozenset(cyc)
                if key not in seen:
                    seen.add(key)
                    found.append(cyc)
            elif nxt not in on_path and nxt > start:
                on_path.add(nxt)
                dfs(start, nxt, path + [nxt], on_path)
                on_path.discard(nxt)
    for h in sorted(g):
        dfs(h, h, [h], {h})
    return found


def closure(g, entry):
    todo, got = [entry], set()
    while todo:
        h = todo.pop()
        for nxt in g.get(h, []):
            if nxt not in got:
                got.add(nxt)
                todo.append(nxt)
    got.discard(entry)
    return got


def main(argv):
    limit, lib, layers = None, LIB, False
    if argv[:1] == ["--lib"]:
        if len(argv) < 2 or not pathlib.Path(argv[1]).is_dir():
            print("include_graph: --lib needs a directory", file=sys.stderr)
            return 2
        lib, argv = pathlib.Path(argv[1]), argv[2:]
    if argv[:1] == ["--layers"]:
        layers, argv = True, argv[1:]
    if argv[:1] == ["--max"]:
        if len(argv) < 2 or not argv[1].isdigit():
            print("include_graph: --max needs a number of headers", file=sys.stderr)
            return 2
        limit, argv = int(argv[1]), argv[2:]
    g = graph(lib)
    entries = argv or (["orderblind/scalar.hpp", "orderblind/orderblind.hpp"] if lib == LIB else [])
    over = []
    cs = cycles(g)
    bad = layer_violations(g) if layers else []
    if layers:
        kernels = sum(h.startswith(KERNELS) for h in g)
        print(f"layers: {kernels} leaf kernels, {len(bad)} include(s) above their layer")
        for h, inc in bad:
            print(f"  kernel {h} includes {inc} (a leaf kernel may include only {KERNELS}*, "
                  + ", ".join(sorted(KERNEL_MAY_INCLUDE)) + ")")
    print(f"include graph: {len(g)} headers under lib/, {sum(len(v) for v in g.values())} project includes")
    print(f"cycles: {len(cs)}")
    for c in cs:
        print("  " + " → ".join(c))
    for e in entries:
        if e not in g:
            print(f"include_graph: no header lib/{e}", file=sys.stderr)
            return 2
        n = len(closure(g, e))
        print(f"{e} pulls in {n} project headers" + (f" (more than {limit})" if limit is not None and n > limit else ""))
        if limit is not None and n > limit:
            over.append(e)
    return 1 if cs or over or bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
