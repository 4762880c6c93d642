#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: set up, build, then run `build/orderblind` (every proof and property battery, with a
# summary). Extra arguments go to orderblind, e.g. `scripts/run-main.sh --format markdown`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
"$root/build/orderblind" example
exec "$root/build/orderblind" "$@"
