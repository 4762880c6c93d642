# SPDX-License-Identifier: MIT
# Helpers shared by every subdirectory: warnings per target, and one translation unit per scalar.

# Warnings, attached per target (never global flags).
add_library(orderblind_warnings INTERFACE)
target_compile_options(orderblind_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow>
  $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)

# The scalar ids a per-scalar target may take, and the C++ type each stands for.
set(ORDERBLIND_ALL_SCALARS double mpq_rational cpp_rational mpfr100 bin_float100 mpfi100)
set(ORDERBLIND_TYPE_double "double")
set(ORDERBLIND_TYPE_mpq_rational "orderblind::mpq_rational")
set(ORDERBLIND_TYPE_cpp_rational "orderblind::cpp_rational")
set(ORDERBLIND_TYPE_mpfr100 "orderblind::mpfr100")
set(ORDERBLIND_TYPE_bin_float100 "orderblind::bin_float100")
set(ORDERBLIND_TYPE_mpfi100 "orderblind::mpfi100")

# orderblind_for_scalar(<target> <scalar-id>): compile <target> with ORDERBLIND_SCALAR set to the type.
# NOTE: templates over all scalars in one file take ~40 s to compile; one TU per scalar parallelises.
function(orderblind_for_scalar target id)
  if(NOT DEFINED ORDERBLIND_TYPE_${id})
    message(FATAL_ERROR "unknown scalar id '${id}' (known: ${ORDERBLIND_ALL_SCALARS})")
  endif()
  target_compile_definitions(${target} PRIVATE
    ORDERBLIND_SCALAR=${ORDERBLIND_TYPE_${id}} ORDERBLIND_SCALAR_ID="${id}")
endfunction()
