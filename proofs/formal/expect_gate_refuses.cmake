# SPDX-License-Identifier: MIT
# Passes only when the assumptions gate (check_assumptions.cmake) refuses a theorem that rests on an
# Admitted lemma, naming that lemma, and accepts a closed theorem of the same file.
#   cmake -DCOQC=… "-DCOQ_FLAGS=a|b" "-DACCEPTED=a|b" -DSOURCE_DIR=<negative/> -DWORKDIR=<dir>
#         -DCHECK_SCRIPT=<check_assumptions.cmake> -P expect_gate_refuses.cmake
cmake_minimum_required(VERSION 3.20)
file(MAKE_DIRECTORY "${WORKDIR}")
configure_file("${SOURCE_DIR}/AdmittedLemma.v" "${WORKDIR}/AdmittedLemma.v" COPYONLY)
string(REPLACE "|" ";" flags "${COQ_FLAGS}")
execute_process(COMMAND ${COQC} ${flags} -Q "${WORKDIR}" orderblind "${WORKDIR}/AdmittedLemma.v"
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
      message(FATAL_ERROR "the gate ACCEPTED a theorem resting on an Admitted lemma:\n${gout}${gerr}")
    endif()
    if(NOT "${gout}${gerr}" MATCHES "rests on admitted_step")
      message(FATAL_ERROR "the gate failed without naming the admitted lemma:\n${gout}${gerr}")
    endif()
    message(STATUS "the gate refused it:\n${gerr}")
  endif()
endfunction()
run_gate("T|AdmittedLemma.v|closed_theorem|0 + n = n" TRUE)
run_gate("T|AdmittedLemma.v|rests_on_admitted|n + 0 + 0 = n" FALSE)
