# Builds orderblind as a user would, with examples/user_scheme/my_scheme.hpp named at configure time,
# and checks that `orderblind schemes --scheme saturating-alibi` runs the whole battery on it.
# Usage: cmake -DSRC=<source dir> -DBIN=<scratch build dir> -P user_scheme_test.cmake
set(header ${SRC}/examples/user_scheme/my_scheme.hpp)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${BIN} -DCMAKE_BUILD_TYPE=Release -DORDERBLIND_BUILD_TESTS=OFF
                        -DORDERBLIND_USER_SCHEMES=${header}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure with ORDERBLIND_USER_SCHEMES failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BIN} --target orderblind_cli -j2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building orderblind with the user's scheme failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${BIN}/orderblind schemes --scheme saturating-alibi
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "orderblind schemes --scheme saturating-alibi exited ${rc}:\n${out}\n${err}")
endif()
foreach(expect "saturating-alibi" "user header" "bounded" "length-consistent" "injective" "extrapolates"
        "shift-linear" "relative scores" "relative-expressible" "norm-preserving" "bound decays" "score decays"
        "breaks equivariance")
  if(NOT out MATCHES "${expect}")
    message(FATAL_ERROR "the report lacks '${expect}':\n${out}")
  endif()
endforeach()
message(STATUS "user scheme reported:\n${out}")
