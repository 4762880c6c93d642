#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Compiler launcher that logs the CPU and wall time of every translation unit, for finding what costs
# compile time: cmake -B build-prof -DCMAKE_CXX_COMPILER_LAUNCHER=$PWD/scripts/time-tu.sh, then
# `sort -t$'\t' -k2 -nr build-prof/tu-times.tsv | head`. Each line: output file, CPU s (user+sys),
# wall s, max RSS KiB. The log goes to $ORDERBLIND_TU_LOG (default: tu-times.tsv in the working
# directory's build root, found as the first ancestor with a CMakeCache.txt).
set -u
log="${ORDERBLIND_TU_LOG:-}"
if [ -z "$log" ]; then
  d="$PWD"
  while [ "$d" != / ] && [ ! -f "$d/CMakeCache.txt" ]; do d="$(dirname "$d")"; done
  log="$d/tu-times.tsv"
fi
out=""
prev=""
for a in "$@"; do
  if [ "$prev" = "-o" ]; then out="$a"; fi
  prev="$a"
done
tmp="$(mktemp)"
/usr/bin/time -f '%U %S %e %M' -o "$tmp" "$@"
rc=$?
read -r u s e m <"$tmp" || true
rm -f "$tmp"
printf '%s\t%s\t%s\t%s\n' "$out" "$(echo "$u + $s" | bc)" "$e" "$m" >>"$log"
exit $rc
