// SPDX-License-Identifier: MIT
// The battery over IEEE double, one law family (battery_impl.hpp), compiled
// as its own unit with ORDERBLIND_SPLIT_BATTERY=ON:
// P2: the row-wise layers, the encoder stack, mean pooling.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template void battery_builder<double>::p2_rowwise();
}  // namespace orderblind::properties
