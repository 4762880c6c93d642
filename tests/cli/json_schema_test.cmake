# SPDX-License-Identifier: MIT
# Validates `orderblind --format json` output against one definition of docs/json-schema/orderblind.schema.json.
#   cmake -DPYTHON=/usr/bin/python3 -DVALIDATOR=validate_json.py -DSCHEMA=… -DDEF=<$defs name> [-DLINES=1]
#         then either  -DEXE=orderblind -DARGS="a|b|c" -DEXPECT_RC=n -DOUT=<file>   (run the command, validate its stdout;
#                                                                                    -DFRESH_DIR=<dir>: empty <dir> first)
#         or           -DDOC=<file> -DEXPECT_INVALID=<regex>                       (a broken document must be rejected,
#                                                                                    with exactly one error matching the regex;
#                                                                                    without -DEXPECT_INVALID it must validate)
#   -P json_schema_test.cmake
set(lines)
if(LINES)
  set(lines --lines)
endif()
if(DEFINED EXE)
  string(REPLACE "|" ";" args "${ARGS}")
  if(DEFINED FRESH_DIR)  # NOTE: no file of an earlier run is left to be read as this run's
    file(REMOVE_RECURSE "${FRESH_DIR}")
    file(MAKE_DIRECTORY "${FRESH_DIR}")
  endif()
  execute_process(COMMAND ${EXE} ${args} RESULT_VARIABLE rc OUTPUT_FILE ${OUT} ERROR_VARIABLE err)
  if(NOT rc STREQUAL EXPECT_RC)
    message(FATAL_ERROR "orderblind ${args}: expected exit code ${EXPECT_RC}, got ${rc}\n${err}")
  endif()
  set(DOC ${OUT})
endif()
execute_process(COMMAND ${PYTHON} ${VALIDATOR} ${SCHEMA} ${DEF} ${DOC} ${lines}
                RESULT_VARIABLE vrc OUTPUT_VARIABLE vout ERROR_VARIABLE verr)
message("${vout}${verr}")
if(DEFINED EXPECT_INVALID)
  # NOTE: exit 1 (invalid), not 2 (unreadable) or a traceback, and for the one reason the document was broken for.
  string(REGEX MATCHALL "invalid at " hits "${vout}")
  list(LENGTH hits n)
  if(NOT vrc STREQUAL "1" OR NOT n EQUAL 1 OR NOT "${vout}" MATCHES "${EXPECT_INVALID}")
    message(FATAL_ERROR "expected exactly one error matching '${EXPECT_INVALID}' (exit 1); got exit ${vrc} with ${n} error(s)")
  endif()
elseif(NOT vrc STREQUAL "0")
  message(FATAL_ERROR "${DOC} does not validate against $defs/${DEF} (exit ${vrc})")
endif()
