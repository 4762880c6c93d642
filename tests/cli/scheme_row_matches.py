# SPDX-License-Identifier: MIT
"""One scheme's row of a saved `orderblind --format json schemes` report must match a regex.

Usage: scheme_row_matches.py FILE SCHEME REGEX
The row is printed as the command prints JSON (two-space indent, the command's key order), so a regex
written against the command's output reads the same; only that scheme's row is searched. Exit 0 when it
matches, 1 when it does not or the scheme has no row."""
import json
import re
import sys


def main(path, scheme, regex):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    rows = [r for r in report.get("schemes", []) if r.get("scheme") == scheme]
    if len(rows) != 1:
        print(f"{path}: {len(rows)} rows for scheme '{scheme}', expected one")
        return 1
    text = json.dumps(rows[0], indent=2, ensure_ascii=False)
    print(text)
    if not re.search(regex, text):
        print(f"the row of '{scheme}' does not match: {regex}")
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
