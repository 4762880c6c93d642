#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The include graph of the installed library (lib/orderblind): its cycles and how many project headers
each entry header pulls in.

    python3 scripts/include_graph.py [--max N] [entry-header …]

Prints every cycle among lib/ headers (one line each, as a path a → b → … → a) and, for each entry
header (default: orderblind/scalar.hpp and orderblind/orderblind.hpp), the number of project headers it
includes transitively. Exit status: 0 when there is no cycle (and, with --max N, no entry header pulls
in more than N project headers), 1 otherwise (so a test or CI step can require both), 2 on bad usage.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIB = ROOT / "lib"
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](orderblind/[^">]+)[">]', re.M)


def graph():
    g = {}
    for path in sorted(LIB.rglob("*.hpp")):
        rel = path.relative_to(LIB).as_posix()
        g[rel] = [h for h in INCLUDE.findall(path.read_text(encoding="utf-8")) if (LIB / h).exists()]
    return g


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
    limit = None
    if argv[:1] == ["--max"]:
        if len(argv) < 2 or not argv[1].isdigit():
            print("include_graph: --max needs a number of headers", file=sys.stderr)
            return 2
        limit, argv = int(argv[1]), argv[2:]
    g = graph()
    entries = argv or ["orderblind/scalar.hpp", "orderblind/orderblind.hpp"]
    over = []
    cs = cycles(g)
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
    return 1 if cs or over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
