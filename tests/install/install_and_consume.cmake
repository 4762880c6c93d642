# SPDX-License-Identifier: MIT
# cmake -DBUILD_DIR=… -DWORK_DIR=… -DCONSUMER_DIR=… -DCXX=… [-DLAUNCHER=ccache] -P install_and_consume.cmake
# Installs BUILD_DIR into WORK_DIR/prefix, then configures, builds and runs the consumer against it.
file(REMOVE_RECURSE ${WORK_DIR})
# NOTE: -DLAUNCHER=ccache (the build's compiler launcher, '|'-separated): the consumer compiles through it.
set(launcher)
if(LAUNCHER)
  string(REPLACE "|" ";" LAUNCHER "${LAUNCHER}")
  set(launcher "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (exit ${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
if(NOT EXISTS ${WORK_DIR}/prefix/lib/cmake/orderblind/orderblindConfig.cmake OR
   NOT EXISTS ${WORK_DIR}/prefix/include/orderblind/attention.hpp)
  message(FATAL_ERROR "the install tree lacks the package config or the headers")
endif()
# NOTE: only the install prefix is on the search path, never the source or build tree, so the consumer
# can only succeed through the installed package.
run("configure the consumer" ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/consumer-build
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_CXX_COMPILER=${CXX} ${launcher} -DCMAKE_BUILD_TYPE=Release)
run("build the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/consumer-build)
run("run the consumer" ${WORK_DIR}/consumer-build/consumer)
message(STATUS "consumer says: ${last_output}")
if(NOT last_output MATCHES "equivariance held")
  message(FATAL_ERROR "the consumer did not report its check")
endif()
