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
# NOTE: OFF by default: with the precompiled headers, g++ 12 reports -Warray-bounds false positives inside
# libstdc++'s std::string (char_traits.h) in a few units (tests/pe/archetype_test.cpp and others) that it
# does not report when the same headers are parsed as text (-include): the precompiled header loses
# libstdc++'s system-header status. The build must be free of warnings, so the lever is measured and kept
# (docs/build.md), not on.
option(ORDERBLIND_PCH "Compile the third-party headers once, as precompiled headers (see docs/build.md)" OFF)

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

# orderblind_apply_pch(): the test PCH for executables that link Catch2, the core PCH for the other
# executables and object libraries. Skipped: the hosts, the Python module (compiled with -fPIC and
# hidden visibility, which a shared precompiled header must match) and the fuzzers (clang, own flags).
function(orderblind_apply_pch)
  if(NOT ORDERBLIND_PCH)
    return()
  endif()
  orderblind_collect_targets(${PROJECT_SOURCE_DIR} all)
  foreach(t IN LISTS all)
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(EXECUTABLE|OBJECT_LIBRARY|STATIC_LIBRARY)$" OR t MATCHES "^(orderblind_pch_|python_|fuzz_)")
      continue()
    endif()
    get_target_property(libs ${t} LINK_LIBRARIES)
    if(TARGET orderblind_pch_test AND libs MATCHES "orderblind_test_support|Catch2::")
      set_target_properties(${t} PROPERTIES PRECOMPILE_HEADERS_REUSE_FROM orderblind_pch_test)
    else()
      set_target_properties(${t} PROPERTIES PRECOMPILE_HEADERS_REUSE_FROM orderblind_pch_core)
    endif()
  endforeach()
endfunction()
