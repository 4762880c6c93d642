#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite but the tests labelled `long`: set up, build, run every test with ctest on two cores.
# Extra arguments go to ctest, e.g. `scripts/run-tests.sh -R attention` or `--output-junit junit.xml`.
# The `long` tests (minutes of CPU each: the exact rotary rows at 2^19 … 2^24) are scripts/run-long-tests.sh,
# a stage of its own in .ci/run (docs/build.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
cd "$root/build"
exec ctest -j "${ORDERBLIND_JOBS:-2}" --output-on-failure --no-tests=error -LE '^long$' "$@"
