#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages in scripts/packages.txt that are missing, then configures build/ (once)
# and builds it. Sourced by scripts/run-main.sh and scripts/run-tests.sh; safe to run again: a second
# run installs nothing, keeps the configured tree and rebuilds only what changed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

mapfile -t wanted < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$root/scripts/packages.txt")
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif command -v sudo >/dev/null; then as_root=(sudo); else
    echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 2; fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all ${#wanted[@]} Debian packages present"
fi

cd "$root"
# ccache as the compiler launcher when it is installed (scripts/ccache-env.sh; ORDERBLIND_NO_CCACHE=1: off).
. "$root/scripts/ccache-env.sh"
if [ ! -f build/CMakeCache.txt ]; then
  cmake --preset default "${orderblind_launcher[@]}"
fi
cmake --build build -j "${ORDERBLIND_JOBS:-2}"
