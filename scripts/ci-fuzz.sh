#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI: build the libFuzzer targets of the file readers and of the scheme check (preset "fuzz": clang++,
# -fsanitize=fuzzer,address,undefined, into build-fuzz/) and fuzz each for a bounded time from the
# committed seed corpus (side by side, one per core, when ORDERBLIND_JOBS >= 2).
# A crash, hang or leak is copied to fuzz/regressions/ (a reader's: replayed by io_fuzz_regressions) or
# fuzz/regressions/scheme/ (the scheme check's: replayed by robustness_scheme) and fails the run, so that
# it is named and kept. Knobs (environment):
#   ORDERBLIND_FUZZ_SECONDS=N   seconds per target (default 60)
#   ORDERBLIND_JOBS=N           build jobs; 2 or more also fuzzes the readers side by side (default 2)
# Needs Debian packages clang, libclang-rt-14-dev and ninja-build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${ORDERBLIND_FUZZ_SECONDS:-60}"
start=$(date +%s)
command -v clang++ >/dev/null || { echo "ci-fuzz: clang++ not found (Debian: clang, libclang-rt-14-dev)" >&2; exit 2; }
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  command -v ninja >/dev/null || { echo "ci-fuzz: ninja not found (Debian: ninja-build; scripts/setup.sh installs it)" >&2; exit 2; }
  cmake --preset fuzz >/dev/null
fi
cmake --build build-fuzz -j "${ORDERBLIND_JOBS:-2}" --target fuzz_npy fuzz_csv fuzz_scheme >build-fuzz/fuzz-build.log 2>&1 ||
  { tail -30 build-fuzz/fuzz-build.log; echo "ci-fuzz: BUILD FAILED"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
readers=(npy csv scheme)
# fuzz_one <reader>: fuzzes one reader for $seconds, its exit status in $work/rc-<reader>.
fuzz_one() {
  local reader="$1" rc=0
  mkdir -p "$work/corpus-$reader" "$work/artifacts-$reader"
  # NOTE: the corpus copy grows during the run; the committed corpus stays small and unchanged.
  # NOTE: the scheme target runs the battery per input (~0.1 s); -timeout=10 still flags a hang.
  build-fuzz/fuzz/fuzz_$reader -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts-$reader/" "$work/corpus-$reader" "fuzz/corpus/$reader" \
    >"build-fuzz/fuzz-$reader.log" 2>&1 || rc=$?
  echo "$rc" >"$work/rc-$reader"
}
# NOTE: side by side: the stage takes one target's time instead of three (each fuzzer is a single
# process); on 2 cores the three targets share them, so each gets about 2/3 of a core for $seconds.
if [ "${ORDERBLIND_JOBS:-2}" -ge 2 ]; then
  for reader in "${readers[@]}"; do fuzz_one "$reader" & done
  wait
else
  for reader in "${readers[@]}"; do fuzz_one "$reader"; done
fi
status=0
summary=()
for reader in "${readers[@]}"; do
  log="build-fuzz/fuzz-$reader.log"
  rc=$(cat "$work/rc-$reader" 2>/dev/null || echo 125)   # 125: the fuzzer left no status
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$( { grep -oE 'cov: [0-9]+' "$log" || true; } | tail -1 | awk '{print $2}')
  found=0
  for f in "$work/artifacts-$reader"/*; do
    [ -e "$f" ] || continue
    kind=$(basename "$f" | cut -d- -f1)           # crash, timeout, leak, oom, slow-unit
    sum=$(sha1sum "$f" | cut -c1-12)
    case "$reader" in npy) dest="fuzz/regressions/npy-$kind-$sum.npy" ;; csv) dest="fuzz/regressions/csv-$kind-$sum.csv" ;;
      *) dest="fuzz/regressions/$reader/$kind-$sum.bin" ;; esac
    cp "$f" "$dest"
    echo "ci-fuzz: $reader: $kind saved as $dest (rename it after the problem, commit it)"
    found=$((found + 1))
  done
  if [ $rc -ne 0 ] || [ $found -gt 0 ]; then
    status=1
    tail -40 "$log"
    summary+=("$reader: FAILED (exit $rc, $found artifacts) after ${runs:-?} runs")
  else
    summary+=("$reader: ok, ${runs:-?} runs in ${seconds} s, coverage ${cov:-?} edges")
  fi
done
echo "------------------------------------------------------------------------"
echo "ci-fuzz summary ($(( $(date +%s) - start )) s):"
printf '  %s\n' "${summary[@]}"
exit $status
