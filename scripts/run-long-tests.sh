#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The tests labelled `long`, which scripts/run-tests.sh leaves out: evidence that needs minutes of CPU per test
# (the exact rotary rows at 2^19 … 2^24, one test per k). Set up, build, run them with ctest on two cores, the
# longest first (COST). A stage of its own in .ci/run. Extra arguments go to ctest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
cd "$root/build"
exec ctest -j "${ORDERBLIND_JOBS:-2}" --output-on-failure --no-tests=error -L '^long$' "$@"
