// SPDX-License-Identifier: MIT
#pragma once
/// The scalar vocabulary: the Scalar concept and traits, and every scalar orderblind ships (double, the
/// exact rationals, the 100-digit reals and intervals) — the types only. Their fast kernels come with
/// orderblind/scalar/multiprecision.hpp (and with attention.hpp, which includes it): a unit that multiplies
/// mpq_rational or mpfr100 matrices includes one of those (matrix.hpp refuses to compile otherwise).
#include "orderblind/scalar/multiprecision_types.hpp"
#include "orderblind/scalar/traits.hpp"
