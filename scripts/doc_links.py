#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every relative link and image in the project's Markdown resolves to a file or folder of the tree.

usage: doc_links.py [FILE.md ...]   (default: README.md and every docs/**/*.md)
Exit 0 when every link resolves, 1 naming each broken one (file:line: target), 2 on bad usage.
Links to the web (scheme://), to mail and to an anchor in the same file (#…) are not followed; a
link's own #anchor is dropped before the path is resolved, relative to the linking file's folder.
Standard library only.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# [text](target) and ![alt](target); the target ends at whitespace or ')'. Inline code is removed first.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"`[^`]*`")


def broken_links(md: pathlib.Path):
    fenced = False
    for number, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(CODE.sub("", line)):
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("#"):
                continue
            path = target.split("#", 1)[0]
            if path and not (md.parent / path).exists():
                yield number, target


def main(argv):
    if any(a.startswith("-") for a in argv):
        print(__doc__, file=sys.stderr)
        return 2
    files = [pathlib.Path(a) for a in argv] or [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    missing = [f for f in files if not f.is_file()]
    if missing:
        print("doc_links: no such file: " + ", ".join(map(str, missing)), file=sys.stderr)
        return 2
    bad = 0
    for md in files:
        for number, target in broken_links(md):
            print(f"{md}:{number}: broken link '{target}'")
            bad += 1
    checked = sum(1 for _ in files)
    print(f"doc_links: {checked} Markdown files, {bad} broken links")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
