// SPDX-License-Identifier: MIT
// The precompiled header of every C++ target that is not a test (the command's sources, the object
// libraries of properties/, proofs/, bench/): the third-party headers every translation unit parses.
// Only third-party and standard headers: the library's own headers change often and are not here, so
// editing lib/ never rebuilds the precompiled header. Force-included (cmake/OrderblindPch.cmake); each
// source still includes what it uses, so a build with ORDERBLIND_PCH=OFF compiles the same code.
// NOTE: measured on tests/attention_test.cpp (mpq_rational, -O2): parsing these headers is about half of
// that translation unit's CPU time (docs/build.md).
#pragma once
#include <Eigen/Core>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/eigen.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>
