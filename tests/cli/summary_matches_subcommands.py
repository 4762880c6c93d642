# SPDX-License-Identifier: MIT
"""The no-argument run's rows are the subcommands' own reports, summarised: run `orderblind --format json`
and every subcommand it summarises with the same --cases and --seed, and require each summary row's
verdict, kind of evidence, cases, seed and counts to be what the subcommand's checks give.

A drift test: the summary once labelled the MPFI enclosures "sampled, within a bound" with no seed while
`orderblind enclosures` said "rigorous enclosure" with a seed.

Usage: summary_matches_subcommands.py [--saved ARGS=FILE]... [--rerun ARGS]... EXE
  --saved ARGS=FILE  read the report of `EXE --cases 2 --seed 7 --format json ARGS` from FILE instead of running
                     it (ARGS as one string, "" for the no-subcommand run): a report another test already ran
                     with these options (the ctest fixture of tests/cli/CMakeLists.txt: the main job's summary
                     and the reports its jobs wrote with --reports), so that it runs once.
  --rerun ARGS       run `EXE --cases 2 --seed 7 --format json ARGS` all the same and require its output to be
                     the saved file, byte for byte: the saved reports are the subcommands' own output."""
import json
import subprocess
import sys

# The order of verify::strength (lib/orderblind/verify/report.hpp): the weaker kind first.
STRENGTH = ["literature", "count_on_data", "double_on_data", "mpfr100_on_data", "sampled_within_bound",
            "exact_on_data", "sampled_exact", "exhaustive_exact", "enclosure", "identity", "formal"]
COMMON = ["--cases", "2", "--seed", "7", "--format", "json"]


SAVED = {}


def run(exe, *args):
    key = " ".join(args)
    if key in SAVED:
        with open(SAVED[key], encoding="utf-8") as f:
            return json.load(f)
    p = subprocess.run([exe, *COMMON, *args], capture_output=True, text=True, check=False)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(args) or '(no subcommand)'} exited {p.returncode}: {p.stderr}")
    return json.loads(p.stdout)


def is_check(x):
    return isinstance(x, dict) and {"id", "verdict", "evidence"} <= x.keys()


def all_checks(x):
    """Every check, depth first, as verify::for_each_check visits them (a check's details are its keys)."""
    if isinstance(x, dict):
        if is_check(x):
            yield x
        for v in x.values():
            yield from all_checks(v)
    elif isinstance(x, list):
        for v in x:
            yield from all_checks(v)


def top_checks(report):
    return [c for v in report.values() if isinstance(v, list) for c in v if is_check(c)]


def summarise(checks):
    decided = [c for c in checks if c["verdict"] in ("held", "FAILED", "erratum")]
    kinds, verdicts = {}, {}
    for c in checks:
        verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
    for c in decided:
        kinds[c["evidence"]] = kinds.get(c["evidence"], 0) + 1
    seeds = {c["seed"] for c in decided if c.get("seed") is not None}
    return {
        "verdict": "FAILED" if not checks or any(c["verdict"] == "FAILED" for c in checks) else "held",
        "evidence": min((c["evidence"] for c in decided), key=STRENGTH.index, default="literature"),
        "cases": sum(c.get("cases", 0) for c in decided),
        "seed": seeds.pop() if len(seeds) == 1 else None,
        "checks": len(checks),
        "evidence_kinds": kinds,
        "verdicts": verdicts,
    }


def same_bytes(exe, key):
    """`EXE … ARGS`'s own output against the saved report of ARGS: the first differing line, or None."""
    if key not in SAVED:
        sys.exit(f"--rerun {key!r}: no --saved report of it")
    p = subprocess.run([exe, *COMMON, *key.split(" ")], capture_output=True, check=False)
    if p.returncode not in (0, 1):
        sys.exit(f"{key} exited {p.returncode}: {p.stderr.decode(errors='replace')}")
    with open(SAVED[key], "rb") as f:
        saved = f.read()
    if p.stdout == saved:
        return None
    ran, kept = p.stdout.splitlines(), saved.splitlines()
    for i, (a, b) in enumerate(zip(ran, kept)):
        if a != b:
            return f"line {i + 1}: the subcommand prints {a[:200]!r}, the saved report has {b[:200]!r}"
    return f"the subcommand prints {len(ran)} lines, the saved report has {len(kept)}"


def main():
    argv = sys.argv[1:]
    rerun = []
    while len(argv) > 2 and argv[0] in ("--saved", "--rerun"):
        if argv[0] == "--rerun":
            rerun.append(argv[1])
        else:
            key, sep, path = argv[1].partition("=")
            if not sep:
                sys.exit(f"--saved needs ARGS=FILE, got {argv[1]!r}")
            SAVED[key] = path
        argv = argv[2:]
    if len(argv) != 1:
        sys.exit(__doc__)
    exe = argv[0]
    failures = []
    for key in rerun:
        diff = same_bytes(exe, key)
        if diff:
            failures.append(f"{key}: its saved report is not what it prints: {diff}")
    results = run(exe)["results"]
    rows = {r["id"]: r for r in results}
    # Each summary row names one thing: a repeated id would let one row hide another's verdict.
    repeated = sorted({r["id"] for r in results if sum(1 for q in results if q["id"] == r["id"]) > 1})
    expected = {}
    enc = run(exe, "enclosures")
    expected["enclosures"] = summarise(top_checks(enc))
    fe = top_checks(run(exe, "float-error"))
    expected["float:sorted"] = summarise([c for c in fe if c["id"].startswith("sorted")])
    expected["float:in-order"] = summarise([c for c in fe if not c["id"].startswith("sorted")])
    expected["claims"] = summarise(top_checks(run(exe, "claims")))
    for e in run(exe, "example")["examples"]:
        expected["example:" + e["name"]] = summarise(e["figures"])
    laws = top_checks(run(exe, "properties"))
    for prop in sorted({c["property"] for c in laws}):
        expected[prop] = summarise([c for c in laws if c["property"] == prop])
    schemes = run(exe, "schemes")
    for s in schemes["schemes"]:
        expected["pe:" + s["scheme"] + " [" + s["arithmetic"] + "]"] = summarise(list(all_checks(s)))
    failures += [f"{rid}: more than one summary row has this id" for rid in repeated]
    for rid, want in expected.items():
        got = rows.get(rid)
        if got is None:
            failures.append(f"{rid}: no summary row")
            continue
        for key, value in want.items():
            if got.get(key) != value:
                failures.append(f"{rid}: summary says {key} = {got.get(key)!r}, the subcommand's checks give {value!r}")
    # A proof's row is its certificate: same verdict, kind, cases and seed.
    for cert in run(exe, "prove", "all")["certificates"]:
        got = rows.get("proof:" + cert["id"])
        for key in ("verdict", "evidence", "cases", "seed", "arithmetic"):
            if got is None or got.get(key) != cert.get(key):
                failures.append(f"proof:{cert['id']}: {key} {None if got is None else got.get(key)!r} != {cert.get(key)!r}")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print(f"{len(expected)} summary rows and the proofs match their subcommands; "
          f"{len(rerun)} saved report(s) are their subcommands' output byte for byte ({', '.join(rerun) or 'none'})")


if __name__ == "__main__":
    main()
