# SPDX-License-Identifier: MIT
# Precompiled headers: two host targets, each compiling one precompiled header once per build
# (cmake/pch/core.hpp: Eigen, Boost.Multiprecision, the standard library; cmake/pch/test.hpp: the same
# plus Catch2), reused (REUSE_FROM) by every C++ target of the project. orderblind_apply_pch() is called
# once, at the end of the top CMakeLists, over every target declared by then.
# NOTE: measured on tests/attention_test.cpp (mpq_rational, -O2, g++ 12): 15.4 s of CPU without, 9.1 s
# with the precompiled header (docs/build.md). A reused header must be compiled with the same flags as
# its users: the hosts link orderblind (the C++ standard, the sanitizer flags of ORDERBLIND_SANITIZE)
# and orderblind_warnings, and CMake adds -Winvalid-pch, so a header that cannot be used is reported
# instead of silently parsed again.
# NOTE: with ccache as the compiler launcher, set CCACHE_SLOPPINESS=pch_defines,time_macros (ccache's
# documented requirement for precompiled headers); without it ccache compiles without caching.
# NOTE: every unit takes a precompiled header. With them, g++ 12 reports -Warray-bounds false positives
# inside libstdc++'s std::string (char_traits.h) that it does not report when the same headers are parsed as
# text (the precompiled header loses libstdc++'s system-header status for those diagnostics): they come
# from `std::string&& + const char*` (and a short string's move-assignment) inlined into the caller, so the
# library's strings are appended instead at the sites that triggered it (docs/build.md lists them).
option(ORDERBLIND_PCH "Compile the third-party headers once, as precompiled headers (see docs/build.md)" ON)

if(ORDERBLIND_PCH)
  add_library(orderblind_pch_core OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/pch_host.cpp)
  target_link_libraries(orderblind_pch_core PRIVATE orderblind::orderblind orderblind_warnings)
  target_precompile_headers(orderblind_pch_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pch/core.hpp)
  if(ORDERBLIND_BUILD_TESTS)
    find_package(Catch2 REQUIRED)
    add_library(orderblind_pch_test OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/pch_host.cpp)
    target_link_libraries(orderblind_pch_test PRIVATE orderblind::orderblind Catch2::Catch2 orderblind_warnings)
    target_precompile_headers(orderblind_pch_test PRIVATE ${CMAKE_CURRENT_LIST_DIR}/pch/test.hpp)
  endif()
endif()

# orderblind_collect_targets(<dir> <out-var>): every target declared in <dir> and its subdirectories.
function(orderblind_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    orderblind_collect_targets(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# orderblind_compiled_targets(<out-var>): the executables, object and static libraries of the whole tree
# that are compiled as ordinary (not position-independent) code by the project's own g++ flags: not the
# precompiled-header hosts, POSITION_INDEPENDENT_CODE targets, nor the fuzzers (the Python module is built by
# pip, python/build_wheel.py, outside these targets).
# The targets that the precompiled headers and the compiled instances (cmake/OrderblindInstances.cmake) apply to.
function(orderblind_compiled_targets out)
  orderblind_collect_targets(${PROJECT_SOURCE_DIR} all)
  set(kept)
  foreach(t IN LISTS all)
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|OBJECT_LIBRARY|STATIC_LIBRARY)$" OR t MATCHES "^(orderblind_pch_|fuzz_)")
      continue()
    endif()
    get_target_property(pic ${t} POSITION_INDEPENDENT_CODE)
    if(NOT pic)
      list(APPEND kept ${t})
    endif()
  endforeach()
  set(${out} ${kept} PARENT_SCOPE)
endfunction()

# orderblind_apply_pch(): the test PCH for executables that link Catch2, the core PCH for the other
# executables and the static and object libraries (whoever declares them: properties/, proofs/, …).
# Skipped: the hosts, any target with POSITION_INDEPENDENT_CODE (compiled with -fPIC, which a shared
# precompiled header must match), and the fuzzers (clang, own flags).
function(orderblind_apply_pch)
  if(NOT ORDERBLIND_PCH)
    return()
  endif()
  orderblind_compiled_targets(all)
  foreach(t IN LISTS all)
    get_target_property(libs ${t} LINK_LIBRARIES)
    if(TARGET orderblind_pch_test AND libs MATCHES "orderblind_test_support|Catch2::")
      set_target_properties(${t} PROPERTIES PRECOMPILE_HEADERS_REUSE_FROM orderblind_pch_test)
    else()
      set_target_properties(${t} PROPERTIES PRECOMPILE_HEADERS_REUSE_FROM orderblind_pch_core)
    endif()
  endforeach()
endfunction()
