# SPDX-License-Identifier: MIT
# cmake -DBUILD_DIR=… -DWORK_DIR=… -DCONSUMER_DIR=… -DHEADER=… -DCXX=… [-DLAUNCHER=ccache] [-DSCRIPT_ONLY=ON] -P check_scheme.cmake
# A user's scheme header checked against the installed package, as docs/user-schemes.md says:
#   default:     orderblind_check_scheme() in a CMake project (tests/install/scheme_check): configure, build,
#                run the check with the exit codes 0 (agrees), 1 (a stated verdict differs), 2 (bad usage),
#                run its ctest test, and the refusal of two schemes under one name;
#   SCRIPT_ONLY: the installed script orderblind-check-scheme, without CMake.
file(REMOVE_RECURSE ${WORK_DIR})
# NOTE: -DLAUNCHER=ccache (the build's compiler launcher, '|'-separated): the consumer compiles through it.
set(launcher)
if(LAUNCHER)
  string(REPLACE "|" ";" LAUNCHER "${LAUNCHER}")
  set(launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
# run(<what> <expected exit code> <command…>): sets `out` (stdout and stderr) in the caller.
function(run what expect_rc)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  if(NOT rc STREQUAL "${expect_rc}")
    message(FATAL_ERROR "${what}: exit ${rc}, expected ${expect_rc}:\n${o}\n${e}")
  endif()
  message(STATUS "${what}: exit ${rc} as expected")
  set(out "${o}${e}" PARENT_SCOPE)
endfunction()
function(expect_match what regex)
  if(NOT out MATCHES "${regex}")
    message(FATAL_ERROR "${what}: the output lacks '${regex}':\n${out}")
  endif()
endfunction()

# cell_regex(<var> <verdict regex> <property> <result> [<expected>]): the text report's check of one cell
# of saturating-alibi — "[VERDICT] PROPERTY (saturating-alibi): law", its arithmetic and evidence lines,
# then "compared: battery: RESULT; expected: EXPECTED" (the renderer's order, verify/render.hpp).
function(cell_regex var verdict property result)
  set(expected "")
  if(ARGC GREATER 4)
    set(expected "; expected: ${ARGV4}")
  endif()
  set(${var} "\\[(${verdict})\\] ${property} \\(saturating-alibi\\): [^\n]*\n[^\n]*\n[^\n]*\n *compared: +battery: ${result}${expected}"
      PARENT_SCOPE)
endfunction()

run("cmake --install" 0 ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
set(alibi_ok "scheme: saturating-alibi\n +kind: score_bias\n.*arithmetic: mpq_rational \\(exact\\)\n +origin: user header")

if(SCRIPT_ONLY)
  set(script ${WORK_DIR}/prefix/bin/orderblind-check-scheme)
  # NOTE: one compile (each run of the script compiles): the exit code 1 of a differing verdict shows that
  # the script compiles, reports and passes the check's exit code on; 0 and 2 are the CMake variant's.
  run("orderblind-check-scheme with a differing --expect" 1
      ${CMAKE_COMMAND} -E env CXX=${CXX} ${script} ${HEADER} --expect "bounded=fails")
  expect_match("orderblind-check-scheme" "${alibi_ok}")
  cell_regex(cell "held|skipped" "breaks equivariance" "held exactly")
  expect_match("orderblind-check-scheme" "${cell}")
  cell_regex(cell "FAILED" "bounded" "held exactly" "fails")
  expect_match("orderblind-check-scheme --expect bounded=fails" "${cell}")
  run("orderblind-check-scheme on a missing header" 2 ${script} ${WORK_DIR}/no_such.hpp)
  expect_match("orderblind-check-scheme on a missing header" "no such header")
  return()
endif()

# NOTE: only the install prefix is on the search path, never the source or build tree.
run("configure the scheme check" 0 ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_CXX_COMPILER=${CXX} ${launcher} -DCMAKE_BUILD_TYPE=Release -DHEADER=${HEADER})
run("build the scheme check" 0 ${CMAKE_COMMAND} --build ${WORK_DIR}/build -j2)
set(check ${WORK_DIR}/build/check_my_scheme)

run("the check with the header's expectations" 0 ${check})
expect_match("the report" "${alibi_ok}")
foreach(p "bounded" "length-consistent" "injective" "extrapolates" "shift-linear" "relative scores"
        "relative-expressible" "norm-preserving" "bound decays" "score decays" "breaks equivariance")
  cell_regex(cell "held|skipped" "${p}" "(held exactly|held within the tolerance|n/a|fails)")
  expect_match("the report" "${cell}")
endforeach()
string(REGEX MATCHALL "scheme: saturating-alibi\n" rows "${out}")
list(LENGTH rows n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "the header, included by two translation units, is reported ${n} times (expected once):\n${out}")
endif()

run("a stated verdict that differs" 1 ${check} --expect "relative scores=fails")
cell_regex(cell "FAILED" "relative scores" "held exactly" "fails \\(stated on the command line")
expect_match("a stated verdict that differs" "${cell}")
run("a differing --expect, json report" 1 ${check} --format json --expect "injective=holds")
expect_match("json report" "\"agrees_with_catalogue\": false")
run("an unknown property" 2 ${check} --expect "relative scoring=holds")
expect_match("an unknown property" "unknown property 'relative scoring' \\(known: bounded, length-consistent")
run("a malformed --expect" 2 ${check} --expect "relative scores")
expect_match("a malformed --expect" "'relative scores' is not property=verdict")
run("an unknown verdict" 2 ${check} --expect "bounded=maybe")
expect_match("an unknown verdict" "unknown verdict 'maybe' for bounded \\(expected holds, fails or n/a\\)")
run("an unknown scheme" 2 ${check} --scheme nosuch)
expect_match("an unknown scheme" "unknown scheme 'nosuch' \\(known: saturating-alibi\\)")
run("an unknown option" 2 ${check} --frobnicate)

run("two different schemes under one name" 2 ${WORK_DIR}/build/check_scheme_conflicting_schemes)
expect_match("two different schemes under one name"
             "two different schemes are registered as 'twin \\[mpq_rational \\(exact\\)\\]'")

# The test orderblind_check_scheme() added (with its SCHEME and EXPECT) passes.
run("ctest in the user's project" 0 ${CMAKE_CTEST_COMMAND} --test-dir ${WORK_DIR}/build -R check_my_scheme
    --output-on-failure)
expect_match("ctest in the user's project" "100% tests passed")
