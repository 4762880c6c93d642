// SPDX-License-Identifier: MIT
#pragma once
/// Every scheme of the catalogue (one header per family).
#include "orderblind/pe/additive.hpp"
#include "orderblind/pe/bias.hpp"
#include "orderblind/pe/rotary.hpp"
