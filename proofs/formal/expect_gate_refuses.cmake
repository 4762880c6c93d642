# SPDX-License-Identifier: MIT
# Passes only when the assumptions gate (check_assumptions.cmake) refuses the theorem REFUSED of the
# fixture FIXTURE (negative/<FIXTURE>.v), naming the assumption WHY (a regular expression over the gate's
# message), and accepts the closed theorem `closed_theorem` of the same file.
#   cmake -DCOQC=… "-DCOQ_FLAGS=a|b" "-DACCEPTED=a|b" -DSOURCE_DIR=<negative/> -DWORKDIR=<dir>
#         -DCHECK_SCRIPT=<check_assumptions.cmake> -DFIXTURE=AdmittedLemma -DREFUSED=rests_on_admitted
#         "-DWHY=rests on orderblind\.AdmittedLemma\.admitted_step" -P expect_gate_refuses.cmake
cmake_minimum_required(VERSION 3.20)
foreach(v COQC COQ_FLAGS ACCEPTED SOURCE_DIR WORKDIR CHECK_SCRIPT FIXTURE REFUSED WHY)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "expect_gate_refuses.cmake: -D${v}=… is required")
  endif()
endforeach()
set(WORKDIR "${WORKDIR}/${FIXTURE}")
file(REMOVE_RECURSE "${WORKDIR}")
file(MAKE_DIRECTORY "${WORKDIR}")
configure_file("${SOURCE_DIR}/${FIXTURE}.v" "${WORKDIR}/${FIXTURE}.v" COPYONLY)
string(REPLACE "|" ";" flags "${COQ_FLAGS}")
execute_process(COMMAND ${COQC} ${flags} -Q "${WORKDIR}" orderblind "${WORKDIR}/${FIXTURE}.v"
                WORKING_DIRECTORY "${WORKDIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the fixture did not compile:\n${out}${err}")
endif()
function(run_gate manifest_line expect_ok)
  file(WRITE "${WORKDIR}/theorems.txt" "${manifest_line}\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -DMODE=check -DMANIFEST=${WORKDIR}/theorems.txt
                          -DOUTPUT=${WORKDIR}/status.inc -DCOQC=${COQC} "-DCOQ_FLAGS=${COQ_FLAGS}"
                          -DBINDIR=${WORKDIR} -DSCRATCH=GateCheck "-DCHECKER=test" "-DACCEPTED=${ACCEPTED}"
                          -P ${CHECK_SCRIPT}
                  RESULT_VARIABLE grc OUTPUT_VARIABLE gout ERROR_VARIABLE gerr)
  if(expect_ok AND NOT grc EQUAL 0)
    message(FATAL_ERROR "the gate refused a closed theorem:\n${gout}${gerr}")
  endif()
  if(NOT expect_ok)
    if(grc EQUAL 0)
      message(FATAL_ERROR "the gate ACCEPTED ${FIXTURE}.${REFUSED}:\n${gout}${gerr}")
    endif()
    if(NOT "${gout}${gerr}" MATCHES "${WHY}")
      message(FATAL_ERROR "the gate failed without naming '${WHY}':\n${gout}${gerr}")
    endif()
    message(STATUS "the gate refused it:\n${gerr}")
  endif()
endfunction()
run_gate("T|${FIXTURE}.v|closed_theorem|0 + n = n" TRUE)
run_gate("T|${FIXTURE}.v|${REFUSED}|the refused theorem" FALSE)
