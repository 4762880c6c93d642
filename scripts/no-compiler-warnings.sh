#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails (exit 1) when a build log holds a compiler warning, printing each; exit 0 when it holds none, 2 on bad
# usage. Usage: scripts/no-compiler-warnings.sh <build log> <what was built>. .ci/run runs it on the main
# build's log and scripts/ci-sanitizers.sh on the sanitizer build's.
# NOTE: g++ and clang++ write a diagnostic as "file:line:column: warning: …" (ccache replays a cached unit's
# diagnostics), so a build whose units all come from the cache is checked as well. CMake's and Coq's
# "Warning" lines are not compiler diagnostics and do not match.
set -euo pipefail
if [ $# -ne 2 ] || [ ! -r "$1" ]; then
  echo "usage: $0 <readable build log> <what was built>" >&2
  exit 2
fi
pattern='^[^[:space:]]+:[0-9]+:[0-9]+: warning: '
count=$(grep -cE "$pattern" "$1" || true)
if [ "$count" -gt 0 ]; then
  grep -E "$pattern" "$1" >&2
  echo "no-compiler-warnings: the $2 printed $count compiler warning(s), listed above (full context: $1)" >&2
  exit 1
fi
echo "no-compiler-warnings: the $2 printed no compiler warning"
