#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How the cost of one equivariance check grows with n (d = n = 4 … 64), per workload, with the
# exponent of a least-squares fit of log(time) against log(n). Prints a Markdown table.
#   bench/scaling.sh [path/to/orderblind] [seconds per size] [workloads…]
# Times are the median thread-CPU seconds of one check (robust on a shared machine).
set -euo pipefail
bin=${1:-build/orderblind}
secs=${2:-1}
shift 2 2>/dev/null || true
workloads=${*:-rational mp100 double}
sizes="4 8 16 32 64"
printf '| workload |'; for n in $sizes; do printf ' n = d = %s |' "$n"; done; printf ' fitted exponent |\n'
printf '|---|'; for n in $sizes; do printf -- '---:|'; done; printf -- '---:|\n'
for w in $workloads; do
  row="| $w |"
  pts=""
  for n in $sizes; do
    t=$("$bin" bench --workload "$w" --n "$n" --d "$n" --seconds "$secs" --format json |
        sed -n 's/.*"cpu_median_seconds": *\([0-9.eE+-]*\).*/\1/p')
    row="$row $(awk -v t="$t" 'BEGIN { if (t < 1e-3) printf "%.1f µs", t*1e6; else if (t < 1) printf "%.2f ms", t*1e3; else printf "%.2f s", t }') |"
    pts="$pts $n $t"
  done
  slope=$(echo "$pts" | awk '{ for (i = 1; i < NF; i += 2) { x = log($i); y = log($(i+1)); sx += x; sy += y; sxx += x*x; sxy += x*y; k++ } }
                             END { printf "%.2f", (k*sxy - sx*sy) / (k*sxx - sx*sx) }')
  echo "$row $slope |"
done
