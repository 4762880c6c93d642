// SPDX-License-Identifier: MIT
#pragma once
/// The whole header library.
#include "orderblind/attention.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/errors.hpp"
#include "orderblind/kernel.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/positional.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/version.hpp"
