// SPDX-License-Identifier: MIT
#pragma once
/// The Boost.Multiprecision scalars (scalar/multiprecision_types.hpp) with their fast kernels
/// (fast/heads/multiprecision.hpp): the specialisations come with the types, so every translation unit that
/// can use mpq_rational or mpfr100 in a product or an attention head sees the same definitions (one
/// missing from one translation unit would be an ODR violation). The kernels include the core only.
#define ORDERBLIND_MODULE_MULTIPRECISION 1  // the module header of these scalars: may include fast/heads/
#include "orderblind/fast/heads/multiprecision.hpp"
#include "orderblind/scalar/multiprecision_types.hpp"
