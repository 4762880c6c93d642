// SPDX-License-Identifier: MIT
#pragma once
/// Every scalar orderblind ships: double, the exact rationals, the 100-digit reals and intervals.
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/scalar/traits.hpp"
