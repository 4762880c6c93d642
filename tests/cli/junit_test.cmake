# SPDX-License-Identifier: MIT
# `orderblind --format junit …`: one testcase per check, well-formed XML.
#   cmake -DEXE=orderblind -DARGS="a|b|c" -DEXPECT_RC=n -DEXPECT_TESTS=k -DOUT=<file> [-DXMLLINT=xmllint] -P junit_test.cmake
# Requires the exit code, exactly k <testcase> elements and tests="k" on <testsuites>, and (with xmllint,
# Debian libxml2-utils) a document that parses.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${EXE} --format junit ${args} RESULT_VARIABLE rc OUTPUT_FILE ${OUT} ERROR_VARIABLE err)
file(READ ${OUT} xml)
message("exit ${rc}\n${xml}${err}")
if(NOT rc STREQUAL EXPECT_RC)
  message(FATAL_ERROR "expected exit code ${EXPECT_RC}, got ${rc}")
endif()
string(REGEX MATCHALL "<testcase " cases "${xml}")
list(LENGTH cases n)
if(NOT n EQUAL EXPECT_TESTS)
  message(FATAL_ERROR "expected ${EXPECT_TESTS} testcases (one per check), got ${n}")
endif()
if(NOT xml MATCHES "<testsuites name=\"orderblind-[a-z-]+/[0-9]+\" tests=\"${EXPECT_TESTS}\"")
  message(FATAL_ERROR "<testsuites> does not name the schema and tests=\"${EXPECT_TESTS}\"")
endif()
if(XMLLINT)
  execute_process(COMMAND ${XMLLINT} --noout ${OUT} RESULT_VARIABLE x ERROR_VARIABLE xerr)
  if(NOT x EQUAL 0)
    message(FATAL_ERROR "not well-formed XML: ${xerr}")
  endif()
else()
  message(WARNING "xmllint not found (Debian libxml2-utils): the XML was not parsed")
endif()
