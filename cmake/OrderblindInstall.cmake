# SPDX-License-Identifier: MIT
# Install rules: the headers under <prefix>/include, and a CMake package under
# <prefix>/lib/cmake/orderblind so that a consumer writes
#   find_package(orderblind CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE orderblind::orderblind)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/orderblind DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
# NOTE: orderblind::pe is the compiled part (lib/src: the PE battery's instances and the `schemes` command),
# a static library that a user's scheme check links.
install(TARGETS orderblind orderblind_pe EXPORT orderblindTargets)

# NOTE: the exported target links GMP, MPFR and MPFI by the absolute paths find_library found at build
# time; the package config re-finds Eigen and Boost (header targets) so that a consumer gets them too.
set(ORDERBLIND_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/orderblind)
install(EXPORT orderblindTargets NAMESPACE orderblind:: DESTINATION ${ORDERBLIND_CMAKE_DIR})
# A user's scheme check (docs/user-schemes.md): the CMake function orderblind_check_scheme(), the script
# orderblind-check-scheme, and the one source they compile after the user's header (the check's main).
set(ORDERBLIND_CHECK_SCHEME_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/orderblind/check_scheme)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/check_scheme/check_scheme_main.cpp DESTINATION ${ORDERBLIND_CHECK_SCHEME_INSTALL_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/cmake/OrderblindCheckScheme.cmake DESTINATION ${ORDERBLIND_CMAKE_DIR})
# NOTE: the script names the compiler, the dependencies' include directories and GMP/MPFR/MPFI by the
# absolute paths found at build time, as the exported target does; the prefix it finds from its own place.
find_package(nlohmann_json 3 QUIET)
set(ORDERBLIND_CXX ${CMAKE_CXX_COMPILER})
set(ORDERBLIND_EXTRA_INCLUDES "")
foreach(t Eigen3::Eigen Boost::headers nlohmann_json::nlohmann_json)
  if(TARGET ${t})
    get_target_property(dirs ${t} INTERFACE_INCLUDE_DIRECTORIES)
    foreach(d IN LISTS dirs)
      if(d AND NOT d STREQUAL "/usr/include")  # NOTE: -I/usr/include breaks libstdc++'s #include_next
        string(APPEND ORDERBLIND_EXTRA_INCLUDES " -I${d}")
      endif()
    endforeach()
  endif()
endforeach()
set(ORDERBLIND_PE_LIBRARY ${CMAKE_STATIC_LIBRARY_PREFIX}orderblind_pe${CMAKE_STATIC_LIBRARY_SUFFIX})
string(JOIN " " ORDERBLIND_LINK_LIBRARIES ${ORDERBLIND_MPFI} ${ORDERBLIND_MPFR} ${ORDERBLIND_GMP})
file(RELATIVE_PATH ORDERBLIND_BIN_TO_PREFIX /prefix/${CMAKE_INSTALL_BINDIR} /prefix)
set(ORDERBLIND_CHECK_SCHEME_REL ${ORDERBLIND_CHECK_SCHEME_INSTALL_DIR})
configure_file(${PROJECT_SOURCE_DIR}/cmake/orderblind-check-scheme.in ${PROJECT_BINARY_DIR}/orderblind-check-scheme @ONLY)
install(PROGRAMS ${PROJECT_BINARY_DIR}/orderblind-check-scheme DESTINATION ${CMAKE_INSTALL_BINDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/orderblindConfig.cmake.in
  ${PROJECT_BINARY_DIR}/orderblindConfig.cmake INSTALL_DESTINATION ${ORDERBLIND_CMAKE_DIR}
  PATH_VARS ORDERBLIND_CHECK_SCHEME_INSTALL_DIR)
# NOTE: not architecture-independent: orderblind::pe is compiled.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/orderblindConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/orderblindConfig.cmake ${PROJECT_BINARY_DIR}/orderblindConfigVersion.cmake
        DESTINATION ${ORDERBLIND_CMAKE_DIR})
