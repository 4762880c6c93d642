# Install rules: the headers under <prefix>/include, and a CMake package under
# <prefix>/lib/cmake/orderblind so that a consumer writes
#   find_package(orderblind CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE orderblind::orderblind)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/orderblind DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp")
install(TARGETS orderblind EXPORT orderblindTargets)

# NOTE: the exported target links GMP, MPFR and MPFI by the absolute paths find_library found at build
# time; the package config re-finds Eigen and Boost (header targets) so that a consumer gets them too.
set(ORDERBLIND_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/orderblind)
install(EXPORT orderblindTargets NAMESPACE orderblind:: DESTINATION ${ORDERBLIND_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/orderblindConfig.cmake.in
  ${PROJECT_BINARY_DIR}/orderblindConfig.cmake INSTALL_DESTINATION ${ORDERBLIND_CMAKE_DIR})
# NOTE: a header-only library has no ABI, so the version file is architecture-independent.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/orderblindConfigVersion.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/orderblindConfig.cmake ${PROJECT_BINARY_DIR}/orderblindConfigVersion.cmake
        DESTINATION ${ORDERBLIND_CMAKE_DIR})
