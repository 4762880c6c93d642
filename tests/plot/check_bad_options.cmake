# SPDX-License-Identifier: MIT
# cmake -DEXE=orderblind -P check_bad_options.cmake: each bad use of `orderblind plot` exits 2 with a message.
foreach(case "plot|nonsense" "plot|sinusoid|--dims|7" "plot|sinusoid|--dims|0" "plot|all|-o|x.svg"
             "plot|sinusoid|--positions|-3" "plot|scores|--dir|/nonexistent-dir" "plot|residual|--max-tokens|100000")
  string(REPLACE "|" ";" args "${case}")
  execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR err STREQUAL "")
    message(FATAL_ERROR "'orderblind ${args}': expected exit 2 with a message, got ${rc}: ${out}${err}")
  endif()
  message(STATUS "orderblind ${args} -> 2: ${err}")
endforeach()
