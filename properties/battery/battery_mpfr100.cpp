// SPDX-License-Identifier: MIT
// The battery over MPFR with 100 decimal digits (softmax, LayerNorm), tolerances in units of its ε.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template std::vector<law> battery_laws<mpfr100>();
}  // namespace orderblind::properties
