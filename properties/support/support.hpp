// SPDX-License-Identifier: MIT
#pragma once
/// Everything in properties/support: scalar, matrix, permutation and weight generators, `showValue`
/// overloads and the programmatic runner. Include the narrower headers where compile time matters.
#include "properties/support/matrices.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/runner.hpp"
#include "properties/support/scalars.hpp"
#include "properties/support/show.hpp"
#include "properties/support/stats.hpp"
#include "properties/support/weights.hpp"
