#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Compiler launcher that logs the CPU and wall time of every translation unit, for finding what costs
# compile time: cmake -B build-prof -DCMAKE_CXX_COMPILER_LAUNCHER=$PWD/scripts/time-tu.sh, then
# `sort -t$'\t' -k2 -nr build-prof/tu-times.tsv | head`. Each line: output file, CPU s (user+sys),
# wall s, max RSS KiB, and the number of warnings the unit printed (so that a parallel build's
# interleaved log does not hide which unit warned). Also usable as CMAKE_CXX_LINKER_LAUNCHER. The log goes to $ORDERBLIND_TU_LOG (default: tu-times.tsv in the working
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
err="$(mktemp)"
# NOTE: the compiler's stderr still goes to stderr; a copy is kept to count its warnings.
/usr/bin/time -f '%U %S %e %M' -o "$tmp" "$@" 2> >(tee "$err" >&2)
rc=$?
wait  # the tee of the process substitution
# NOTE: the last line: after a failed command, time writes "Command exited with non-zero status N" first.
read -r u s e m < <(tail -n 1 "$tmp") || true
w=$(grep -c 'warning:' "$err" || true)
rm -f "$tmp" "$err"
printf '%s\t%s\t%s\t%s\t%s\n' "$out" "$(echo "$u + $s" | bc)" "$e" "$m" "$w" >>"$log"
exit $rc
