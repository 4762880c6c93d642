// SPDX-License-Identifier: MIT
// The battery over IEEE double, one law family (battery_impl.hpp), compiled
// as its own unit with ORDERBLIND_SPLIT_BATTERY=ON:
// P5-P8: positions, the rotation identity, double's honesty.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template void battery_builder<double>::p5_p8_positions_and_floating();
}  // namespace orderblind::properties
