# SPDX-License-Identifier: MIT
# cmake -DEXE=orderblind -DARGS="a|b|c" -DEXPECT_RC=n -DEXPECT=regex -P run_cli.cmake
# Runs the command, requires its exit code, and requires stdout+stderr to match the regex (and, with
# -DREJECT=regex, not to match that one).
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("exit ${rc}\n--- stdout\n${out}--- stderr\n${err}")
if(NOT rc STREQUAL EXPECT_RC)
  message(FATAL_ERROR "expected exit code ${EXPECT_RC}, got ${rc}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "output does not match: ${EXPECT}")
endif()
if(DEFINED REJECT AND "${out}${err}" MATCHES "${REJECT}")
  message(FATAL_ERROR "output matches what it must not: ${REJECT}")
endif()
