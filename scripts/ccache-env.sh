# SPDX-License-Identifier: MIT
# Sourced by scripts/setup.sh and scripts/ci-sanitizers.sh (after `root` is set to the repository root):
# decides whether ccache is the compiler launcher and prepares its environment. Sets the array
# `orderblind_launcher` to the cmake arguments to configure with (empty without ccache).
#   ORDERBLIND_NO_CCACHE=1   no ccache: configure without it, and export CCACHE_DISABLE=1 so that a tree
#                            configured with it compiles everything (a cold build, for measuring).
# NOTE: a warm cache is not a clean build: a "clean" build with a warm cache only replays compiler
# outputs (docs/build.md). Time a cold build with ORDERBLIND_NO_CCACHE=1.
# NOTE: the user's own ccache settings (environment or ccache.conf) are kept: base_dir is set only when
# none is configured, and sloppiness keeps its value with pch_defines and time_macros added when missing
# (ccache's documented condition for caching units that use a precompiled header; without them ccache
# compiles those units without caching them).
orderblind_launcher=()
if [ "${ORDERBLIND_NO_CCACHE:-0}" = 1 ]; then
  export CCACHE_DISABLE=1
  echo "ccache: off (ORDERBLIND_NO_CCACHE=1)"
elif command -v ccache >/dev/null 2>&1; then
  orderblind_launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # NOTE: base_dir = the repository root: paths under it are hashed relative to the working directory,
  # so a fresh clone in another folder hits the cache of the previous one.
  if [ -z "$(ccache -k base_dir 2>/dev/null)" ]; then export CCACHE_BASEDIR="$root"; fi
  orderblind_sloppiness="$(ccache -k sloppiness 2>/dev/null | tr -d " " || true)"
  for orderblind_s in pch_defines time_macros; do
    case ",$orderblind_sloppiness," in
      *",$orderblind_s,"*) ;;
      *) orderblind_sloppiness="${orderblind_sloppiness:+$orderblind_sloppiness,}$orderblind_s" ;;
    esac
  done
  export CCACHE_SLOPPINESS="$orderblind_sloppiness"
  # NOTE: depend mode: on a miss ccache reads the compiler's own -MD dependency file (CMake asks g++ for
  # one) instead of running the preprocessor once more to hash its output. ccache's manual puts a miss's
  # overhead at 5–20 % in preprocessor mode and 1–3 % in depend mode; a first build on a fresh machine is
  # all misses (docs/build.md). Unless the configuration says otherwise.
  if [ -z "${CCACHE_DEPEND:-}" ] && [ "$(ccache -k depend_mode 2>/dev/null)" = false ]; then export CCACHE_DEPEND=1; fi
  unset orderblind_s orderblind_sloppiness
  echo "ccache: on (base_dir $(ccache -k base_dir), sloppiness $CCACHE_SLOPPINESS, depend mode $(ccache -k depend_mode); ORDERBLIND_NO_CCACHE=1 for a cold build)"
fi
