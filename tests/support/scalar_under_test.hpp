// SPDX-License-Identifier: MIT
#pragma once
/// The scalar this translation unit is compiled for (one TU per scalar: see cmake/OrderblindTargets.cmake).
#include "orderblind/scalar/multiprecision.hpp"

#ifndef ORDERBLIND_SCALAR
#error "compile with ORDERBLIND_SCALAR set (orderblind_for_scalar in CMake)"
#endif

namespace orderblind::testing {
/// The type under test.
using scalar = ORDERBLIND_SCALAR;
/// Its traits.
using traits = scalar_traits<scalar>;
}  // namespace orderblind::testing
