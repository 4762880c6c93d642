# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=… -DSCHEME=… -DEXPECT_RC=… -DREGEX=… [-DEXTRA="--expect;…"] -P expect_exit.cmake
# Runs the scheme check on one scheme; its exit code must be EXPECT_RC and its output must match REGEX.
execute_process(COMMAND ${PROGRAM} --scheme ${SCHEME} ${EXTRA} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECT_RC}:\n${out}\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "the output lacks '${REGEX}':\n${out}\n${err}")
endif()
message(STATUS "exit ${rc} as expected, message matches")
