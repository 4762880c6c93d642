// SPDX-License-Identifier: MIT
#pragma once
/// The positional-encoding tables of the texts (counter, pos/length, sinusoid, X + PE).
// NOTE: kept as a forwarding header: the tables now live with their schemes in pe/additive.hpp (one API);
// proofs/, cli/ and tests include this name.
#include "orderblind/pe/additive.hpp"
