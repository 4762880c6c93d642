# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=… -DEXPECTED=<code> -DARGS="a;b;…" -P check_exit_code.cmake
# Runs PROGRAM with ARGS; fails unless it exits with EXPECTED, and, for exit code 2, unless it printed
# exactly one line on stderr (the one-line error the command promises for bad usage).
execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL EXPECTED)
  message(FATAL_ERROR "'${ARGS}': expected exit code ${EXPECTED}, got ${rc}\nstderr: ${err}")
endif()
if(EXPECTED STREQUAL "2")
  string(STRIP "${err}" e)
  string(FIND "${e}" "\n" nl)
  if(e STREQUAL "" OR NOT nl EQUAL -1)
    message(FATAL_ERROR "'${ARGS}': expected a one-line error on stderr, got:\n${err}")
  endif()
  message(STATUS "exit 2: ${e}")
endif()
