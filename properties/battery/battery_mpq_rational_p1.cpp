// SPDX-License-Identifier: MIT
// The battery over exact GMP rationals, one law family (battery_impl.hpp), compiled
// as its own unit with ORDERBLIND_SPLIT_BATTERY=ON:
// P1: self-attention, one head and multi-head.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template void battery_builder<mpq_rational>::p1_self_attention();
}  // namespace orderblind::properties
