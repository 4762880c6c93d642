# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=<orderblind> -P prove_s8.cmake: `orderblind prove S8` exits 0 and its certificate
# states every step held, with all 40,320 permutations of S₈ compared; the JSON form says the same.
execute_process(COMMAND ${PROGRAM} prove S8 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "orderblind prove S8 exited ${rc}\n${out}\n${err}")
endif()
foreach(expect IN ITEMS "verdict:     held (9 steps)" "[held] step S8: Attn(PX) = P·Attn(X) for every P ∈ S8"
                        "40,320 of 40,320 permutations equal, each visited once")
  string(FIND "${out}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the certificate lacks '${expect}':\n${out}")
  endif()
endforeach()
if(out MATCHES "FAILED")
  message(FATAL_ERROR "a step FAILED:\n${out}")
endif()
execute_process(COMMAND ${PROGRAM} --format json prove S8 RESULT_VARIABLE rc OUTPUT_VARIABLE json)
string(JSON verdict GET "${json}" verdict)
string(JSON steps LENGTH "${json}" steps)
if(NOT rc EQUAL 0 OR NOT verdict STREQUAL "held" OR NOT steps EQUAL 9)
  message(FATAL_ERROR "--format json: exit ${rc}, verdict '${verdict}', ${steps} steps")
endif()
message(STATUS "${out}")
