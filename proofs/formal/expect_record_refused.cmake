# SPDX-License-Identifier: MIT
# The check of the assumptions record (check_assumptions.cmake, MODE=record) can say no: each mutant of
# the build's record — a theorem resting on an axiom not accepted, a theorem missing, the gate's refusal
# as the last line, a record older than the compiled files — is refused for its reason, and the record
# itself is accepted.
#   cmake -DCHECK_SCRIPT=check_assumptions.cmake -DMANIFEST=… -DBINDIR=… "-DACCEPTED=a|b" -DREPORT=<record>
#         -DWORKDIR=<scratch dir> -P expect_record_refused.cmake
cmake_minimum_required(VERSION 3.20)
foreach(v CHECK_SCRIPT MANIFEST BINDIR ACCEPTED REPORT WORKDIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "expect_record_refused.cmake: -D${v}=… is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORKDIR}")
function(check record expect_rc why)
  execute_process(COMMAND ${CMAKE_COMMAND} -DMODE=record -DMANIFEST=${MANIFEST} -DBINDIR=${BINDIR}
                          "-DACCEPTED=${ACCEPTED}" -DREPORT=${record} -P ${CHECK_SCRIPT}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \t\r\n]+" " " said "${out}${err}")
  if(expect_rc EQUAL 0 AND NOT rc EQUAL 0)
    message(FATAL_ERROR "the build's record is refused:\n${out}${err}")
  elseif(NOT expect_rc EQUAL 0 AND (rc EQUAL 0 OR NOT said MATCHES "${why}"))
    message(FATAL_ERROR "${record}: expected a refusal matching '${why}', got exit ${rc}:\n${out}${err}")
  endif()
  message(STATUS "${record}: exit ${rc} as expected")
endfunction()
check("${REPORT}" 0 "")
file(READ "${REPORT}" text)
# NOTE: the first theorem line of the record, whatever the manifest's first theorem is.
string(REGEX MATCH "\n([A-Za-z0-9_]+\\.[A-Za-z0-9_']+): [^\n]*\n" line "${text}")
set(theorem "${CMAKE_MATCH_1}")
if(theorem STREQUAL "")
  message(FATAL_ERROR "${REPORT}: no theorem line")
endif()
string(REPLACE "${line}" "\n${theorem}: orderblind.Spoof.not_accepted\n" m "${text}")
file(WRITE "${WORKDIR}/unaccepted.txt" "${m}")
check("${WORKDIR}/unaccepted.txt" 1 "${theorem} rests on orderblind.Spoof.not_accepted")
string(REPLACE "${line}" "\n" m "${text}")
file(WRITE "${WORKDIR}/missing.txt" "${m}")
check("${WORKDIR}/missing.txt" 1 "${theorem}: 0 lines in the record, not 1")
string(REPLACE "Verdict: every assumption accepted" "Verdict: REFUSED" m "${text}")
file(WRITE "${WORKDIR}/refused.txt" "${m}")
check("${WORKDIR}/refused.txt" 1 "the gate did not accept")
file(WRITE "${WORKDIR}/stale.txt" "${text}")
# NOTE: the same text, dated before every compiled file (coreutils touch: CMake cannot set a time).
execute_process(COMMAND touch -d "2000-01-01" "${WORKDIR}/stale.txt")
check("${WORKDIR}/stale.txt" 1 "is older than")
