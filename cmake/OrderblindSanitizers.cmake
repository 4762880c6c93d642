# SPDX-License-Identifier: MIT
# orderblind_sanitizers: AddressSanitizer + UndefinedBehaviorSanitizer, as an INTERFACE target that the
# top CMakeLists attaches to the orderblind library when ORDERBLIND_SANITIZE is ON (preset "asan").
# NOTE: -fno-sanitize-recover makes every UB report fatal, so a test that trips UBSan fails instead of
# printing a warning nobody reads; -fno-omit-frame-pointer keeps the reports' stacks readable.
add_library(orderblind_sanitizers INTERFACE)
target_compile_options(orderblind_sanitizers INTERFACE
  -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
target_link_options(orderblind_sanitizers INTERFACE -fsanitize=address,undefined)
