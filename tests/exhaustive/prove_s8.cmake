# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=<orderblind> -P prove_s8.cmake: `orderblind prove S8` exits 0 and its certificate
# states every step held, with all 40,320 permutations of S₈ compared; the JSON form (schema
# orderblind-prove/2) says the same.
execute_process(COMMAND ${PROGRAM} prove S8 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "orderblind prove S8 exited ${rc}\n${out}\n${err}")
endif()
foreach(expect IN ITEMS "[held] S8: " "9 steps, each below" "[held] step S8: Attn(PX) = P·Attn(X) for every P ∈ S8"
                        "40,320 of 40,320 permutations equal, each visited once"
                        "40320 permutations, every one enumerated")
  string(FIND "${out}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the certificate lacks '${expect}':\n${out}")
  endif()
endforeach()
if(out MATCHES "FAILED")
  message(FATAL_ERROR "a step FAILED:\n${out}")
endif()
execute_process(COMMAND ${PROGRAM} --format json prove S8 RESULT_VARIABLE rc OUTPUT_VARIABLE json)
string(JSON verdict GET "${json}" certificates 0 verdict)
string(JSON steps LENGTH "${json}" certificates 0 steps)
string(JSON s8_cases GET "${json}" certificates 0 steps 8 cases)
string(JSON s8_evidence GET "${json}" certificates 0 steps 8 evidence)
if(NOT rc EQUAL 0 OR NOT verdict STREQUAL "held" OR NOT steps EQUAL 9 OR NOT s8_cases EQUAL 40320
   OR NOT s8_evidence STREQUAL "exhaustive_exact")
  message(FATAL_ERROR "--format json: exit ${rc}, verdict '${verdict}', ${steps} steps, step S8: ${s8_cases} "
                      "permutations, evidence '${s8_evidence}'")
endif()
message(STATUS "${out}")
