// SPDX-License-Identifier: MIT
#pragma once
/// The core module: errors, checked sizes, the scalars with their fast products (scalar/multiprecision.hpp
/// brings the types and their specialisations together), matrices, permutations, masks, the attention
/// kernels' weights, comparisons, the one seed and case source, the version. Every other module header
/// (attention.hpp, pe.hpp, io.hpp) includes this one first, which fixes the include order: the core, then
/// the private specialisations (fast/heads/), then what uses them.
#include "orderblind/errors.hpp"
#include "orderblind/index.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/kernel.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/seed.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/version.hpp"
