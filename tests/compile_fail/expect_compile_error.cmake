# SPDX-License-Identifier: MIT
# Runs the compiler on SOURCE and passes only if compilation FAILS with output matching EXPECT.
# Usage: cmake -DCXX=… -DSOURCE=… -DEXPECT=regex -DFLAGS="|-separated" -P expect_compile_error.cmake
string(REPLACE "|" ";" FLAGS "${FLAGS}")
execute_process(COMMAND ${CXX} ${FLAGS} -fsyntax-only ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "${SOURCE} failed to compile, but without the expected message '${EXPECT}':\n${err}")
endif()
message(STATUS "${SOURCE} is refused with: ${EXPECT}")
