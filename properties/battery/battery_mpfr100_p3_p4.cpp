// SPDX-License-Identifier: MIT
// The battery over MPFR with 100 decimal digits, one law family (battery_impl.hpp), compiled
// as its own unit with ORDERBLIND_SPLIT_BATTERY=ON:
// P3 (a causal mask) and P4 (cross-attention).
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template void battery_builder<mpfr100>::p3_p4_mask_and_cross();
}  // namespace orderblind::properties
