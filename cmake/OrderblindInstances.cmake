# SPDX-License-Identifier: MIT
# The library's most used templates compiled once: attention and the encoder/decoder blocks over double,
# mpq_rational and mpfr100 with their default kernel and norm (lib/instances/<scalar>.cpp), in the static
# library orderblind_instances. orderblind_apply_instances() links it into every C++ target of this build
# that is not position-independent; such a target is compiled with ORDERBLIND_INSTANCES_COMPILED, under
# which attention.hpp and blocks.hpp declare those instantiations `extern template`, so a unit that calls
# them does not instantiate them (nor the fused heads they reach) again.
# NOTE: measured per unit, the same command with and without the macro (g++ 12, -O2, one unit at a time):
# errors_test.cpp 9.0 → 4.1 CPU s, blocks_test.cpp over double 5.1 → 3.4, attention_test.cpp over
# mpq_rational 5.7 → 4.6; the three instance units cost 8.6 + 9.3 + 10.0 CPU s in a -j2 build
# (docs/build.md, ninth session).
# NOTE: not for the installed package: a user of the installed headers never sees the macro, and the
# headers instantiate what the user's unit calls, as any template library does. Not for position-independent
# targets (orderblind::pe): they keep their own instantiations, which is allowed beside an explicit one
# (the same definition, emitted as a weak symbol).
add_library(orderblind_instances STATIC EXCLUDE_FROM_ALL
  ${PROJECT_SOURCE_DIR}/lib/instances/double.cpp
  ${PROJECT_SOURCE_DIR}/lib/instances/mpq_rational.cpp
  ${PROJECT_SOURCE_DIR}/lib/instances/mpfr100.cpp)
target_link_libraries(orderblind_instances PUBLIC orderblind::orderblind PRIVATE orderblind_warnings)
target_compile_definitions(orderblind_instances PUBLIC ORDERBLIND_INSTANCES_COMPILED)

# orderblind_apply_instances(): links orderblind_instances into every target of orderblind_compiled_targets()
# declared by then. Called once, at the end of the top CMakeLists.
function(orderblind_apply_instances)
  orderblind_compiled_targets(all)  # cmake/OrderblindPch.cmake
  list(REMOVE_ITEM all orderblind_instances)
  foreach(t IN LISTS all)
    target_link_libraries(${t} PRIVATE orderblind_instances)
  endforeach()
endfunction()
