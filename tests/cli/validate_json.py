#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Validate an `orderblind --format json` document against one definition of the schema.

usage: /usr/bin/python3 validate_json.py SCHEMA DEFINITION FILE [--lines]
  DEFINITION  a name under the schema's $defs (e.g. prove, claims, plot)
  --lines     FILE is JSON Lines (one document per line)
Exit 0 when every document is valid, 1 when one is not (each error printed with its path), 2 on bad usage
or a file that is not JSON.
"""
import json
import sys

import jsonschema  # Debian: python3-jsonschema (scripts/packages.txt)


def main(argv):
    args = [a for a in argv if a != "--lines"]
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    schema_path, definition, doc_path = args
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    if definition not in schema["$defs"]:
        print(f"no definition '{definition}' in {schema_path} (known: {', '.join(sorted(schema['$defs']))})", file=sys.stderr)
        return 2
    # NOTE: the root accepts any subcommand's document; a test names the one its subcommand must print.
    target = {k: v for k, v in schema.items() if k != "anyOf"}
    target["$ref"] = "#/$defs/" + definition
    validator = jsonschema.Draft202012Validator(target)
    with open(doc_path, encoding="utf-8") as f:
        text = f.read()
    try:
        docs = [json.loads(line) for line in text.splitlines() if line.strip()] if "--lines" in argv else [json.loads(text)]
    except json.JSONDecodeError as e:
        print(f"{doc_path}: not JSON: {e}", file=sys.stderr)
        return 2
    if not docs:
        print(f"{doc_path}: no document", file=sys.stderr)
        return 2
    errors = [e for d in docs for e in validator.iter_errors(d)]
    for e in sorted(errors, key=lambda e: list(e.absolute_path)):
        print(f"invalid at /{'/'.join(map(str, e.absolute_path))}: {e.message}")
    if errors:
        return 1
    print(f"valid: {len(docs)} document(s) against $defs/{definition}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
