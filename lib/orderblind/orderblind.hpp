// SPDX-License-Identifier: MIT
#pragma once
/// The whole header library, module by module: the core, attention (with every fast head), the
/// row-wise layers and blocks, the texts' positional tables, positional-encoding schemes, file input.
/// The verification core (orderblind/verify.hpp) is its own module: it needs nlohmann-json.
#include "orderblind/core.hpp"
#include "orderblind/attention.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/positional.hpp"
#include "orderblind/pe.hpp"
#include "orderblind/io.hpp"
