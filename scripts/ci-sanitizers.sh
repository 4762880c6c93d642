#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI: build the unit and property tests with AddressSanitizer + UndefinedBehaviorSanitizer (preset
# "asan": g++ -Og -g1, into build-asan/) and run them (each test's own case counts); print a summary.
# NOTE: the precompiled headers (cmake/OrderblindPch.cmake) are built here too, with the same -Og -g1
# and sanitizer flags as their users: parsing Eigen, Boost.Multiprecision and Catch2 once, not per TU.
# NOTE: -Og -g1 rather than -O1 -g: the property battery's exact translation unit took 129 s of CPU at
# -O1 -g and 70 s at -Og -g1 (g++ 12, this machine, user time); -g1 keeps the file:line of every frame in a report.
#
# Sized for CI (2 cores): by default only the double and mpq_rational instantiations of the per-scalar
# unit tests are built (the floating and the GMP-backed exact path; the other scalars add compile time,
# not new memory behaviour), without the worked examples and the verdict-table tests (NOTEs below), plus
# the property and proof test targets and the CLI. Knobs (environment):
#   ORDERBLIND_SANITIZE_ALL=1    build and run every test target (all scalars)
#   ORDERBLIND_SANITIZE_CASES=N  cap RapidCheck cases per property (RC_PARAMS max_success; default:
#                                each test's own count — some tests assert it)
#   ORDERBLIND_JOBS=N            parallel build/test jobs (default 2)
# Extra arguments go to ctest (e.g. -R attention).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="${ORDERBLIND_JOBS:-2}"
cases="${ORDERBLIND_SANITIZE_CASES:-25}"
start=$(date +%s)

# ccache as the compiler launcher when it is installed (scripts/ccache-env.sh; ORDERBLIND_NO_CCACHE=1: off).
. "$root/scripts/ccache-env.sh"
if [ ! -f build-asan/CMakeCache.txt ]; then
  command -v ninja >/dev/null || { echo "ci-sanitizers: ninja not found (Debian: ninja-build; scripts/setup.sh installs it)" >&2; exit 2; }
  cmake --preset asan "${orderblind_launcher[@]}" >/dev/null
else
  cmake build-asan >/dev/null   # pick up new subdirectories and tests
fi

# Every executable target under tests/, properties/, proofs/, plus the CLI: the configure step writes
# their names to build-asan/orderblind-executables.txt (the top CMakeLists.txt), for any generator; the
# object and static libraries they link are built as their dependencies.
mapfile -t all_targets < <(sort -u build-asan/orderblind-executables.txt)
targets=()
for t in "${all_targets[@]}"; do
  # skip fuzzers (clang-only) and benchmarks
  # NOTE: the list holds executables only, so the Coq development (custom targets: no C++ to instrument)
  # and the Python module (a module library, loaded by an interpreter without the ASan runtime) never
  # appear in it.
  case "$t" in fuzz_*|*bench*) continue ;; esac
  if [ "${ORDERBLIND_SANITIZE_ALL:-0}" != 1 ]; then
    case "$t" in *_cpp_rational|*_mpfr100|*_bin_float100|*_mpfi100) continue ;; esac
    # NOTE: the worked examples of text 000 and text 001 (text000_example_*, text001_example_*) run the
    # same instantiations of the library's templates (attention, blocks over double and mpq_rational)
    # as attention_* and blocks_*, on fixed inputs: no code path of their own to instrument. They still
    # run, unsanitized, in the README's test command (.ci/run). ORDERBLIND_SANITIZE_ALL=1 builds them.
    case "$t" in text000_example_*|text001_example_*) continue ;; esac
    # NOTE: these run library code that the stage already instruments elsewhere (the PE battery in
    # pe_archetype and the command's tests, Q(t) in expfield_field/expfield_attention, the RapidCheck
    # runner in orderblind_properties, the NaN families in compare_nan_double/mpq_rational), over many
    # more schemes, mutants or inputs: verdicts, not new code paths; they have no memory handling of their
    # own. Left out for the stage's time (docs/build.md); they run, unsanitized, in the README's test
    # command, and ORDERBLIND_SANITIZE_ALL=1 builds them here.
    # pe_catalogue, the whole catalogue's table, took 803 of the stage's 1285 test-seconds (three processes;
    # one since the eighth session) on a 2-core Zen 3 machine.
    case "$t" in pe_catalogue|pe_mutants|pe_expectations|pe_catalogue_claims|pe_random_laws|compare_nan_families|\
expfield_properties|orderblind_property_support_test) continue ;; esac
  fi
  targets+=("$t")
done
echo "ci-sanitizers: building ${#targets[@]} targets with ASan+UBSan (-Og -g1) on $jobs jobs"
# NOTE: keep going (ninja -k 0, make -k): a target that fails to build is reported below, the others
# still run. The preset's generator is Ninja: with Unix Makefiles, `cmake --build --target a b c` builds
# the named targets one after another (the top Makefile is .NOTPARALLEL), so a target of one unit kept
# the second core idle: 942 s of wall for 1336 CPU s on 2 cores (docs/build.md, tenth session). A
# build-asan/ configured earlier with Makefiles keeps its generator, and make's flag.
case "$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' build-asan/CMakeCache.txt)" in
  Ninja) keep_going=(-k 0) ;;
  *) keep_going=(-k) ;;
esac
build_ok=1
cmake --build build-asan -j "$jobs" --target "${targets[@]}" -- "${keep_going[@]}" >build-asan/sanitizer-build.log 2>&1 || build_ok=0
built=$(( $(date +%s) - start ))
if [ "$build_ok" = 0 ]; then
  echo "ci-sanitizers: BUILD FAILED (some targets); last errors:"
  grep -E "error|Error" build-asan/sanitizer-build.log | head -20 || true
fi
# A compiler warning under -Og fails the stage as one in the main build fails .ci/run.
bash "$root/scripts/no-compiler-warnings.sh" build-asan/sanitizer-build.log "sanitizer build" || build_ok=0

# Run every test whose executable was built: catch_discover_tests leaves a "<target>_NOT_BUILT"
# placeholder for the skipped scalar instantiations. The install tests (each a fresh, unsanitized
# build against an installed copy), the compile-fail tests (each runs g++ on a source that must not
# compile: no instrumented code runs; 41 of the stage's test-seconds, tenth session) and the tests
# labelled slow are skipped; all of them run in the README's test command.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# NOTE: CLN's one start-up leak is suppressed in every GiNaC-linking executable; without this LSan would
# print its "Suppressions used" table on stderr at every exit (the executables also default it off).
export LSAN_OPTIONS="print_suppressions=0"
# NOTE: the default case counts, unless asked: several tests assert their own case counts and the
# generator's distribution (e.g. "the permutation generator meets transpositions"), which a global
# RC_PARAMS=max_success cap breaks without any sanitizer report.
if [ -n "${ORDERBLIND_SANITIZE_CASES:-}" ]; then export RC_PARAMS="max_success=$cases"; fi
echo "ci-sanitizers: running the built tests (RC_PARAMS=\"${RC_PARAMS:-}\")"
test_ok=1
# NOTE: label bench: the micro-benchmark executable is not built here (see the target filter above), so its
# ctests would report "Not Run"; they run in the README's test command.
(cd build-asan && ctest -j "$jobs" --output-on-failure --timeout 600 -E '_NOT_BUILT|^install:|^compile_fail:' -LE 'slow|formal|python|bench' \
   --output-junit "$root/build-asan/sanitizers-junit.xml" "$@") >build-asan/sanitizer-test.log 2>&1 || test_ok=0
tail -n 25 build-asan/sanitizer-test.log | grep -vE '^\s*$' || true

# NOTE: grep exits 1 when nothing matched, which is the clean case; under 'set -o pipefail' that
# would end the script with status 1 before the summary (it did, in CI). Count with '|| true'.
reports=$( { grep -cE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' build-asan/sanitizer-test.log \
  build-asan/Testing/Temporary/LastTest.log 2>/dev/null || true; } | awk -F: '{s+=$NF} END {print s+0}')
total=$(( $(date +%s) - start ))
echo "------------------------------------------------------------------------"
echo "ci-sanitizers summary: build $( [ $build_ok = 1 ] && echo ok || echo FAILED ) in ${built} s;" \
     "tests $( [ $test_ok = 1 ] && echo passed || echo FAILED ); sanitizer reports: $reports; total ${total} s"
echo "  logs: build-asan/sanitizer-build.log, build-asan/sanitizer-test.log; JUnit: build-asan/sanitizers-junit.xml"
[ $build_ok = 1 ] && [ $test_ok = 1 ] && [ "$reports" = 0 ]
