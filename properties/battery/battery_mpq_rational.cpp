// SPDX-License-Identifier: MIT
// The battery over exact GMP rationals (rational kernel 1+s+s²/2, MAD norm): every law with `==`.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template std::vector<law> battery_laws<mpq_rational>();
// NOTE: the law families (battery_impl.hpp), here unless ORDERBLIND_SPLIT_BATTERY compiles each in its
// own unit (battery_mpq_rational_<family>.cpp; properties/battery/CMakeLists.txt says why not by default).
#ifndef ORDERBLIND_SPLIT_BATTERY
template void battery_builder<mpq_rational>::p1_self_attention();
template void battery_builder<mpq_rational>::p2_rowwise();
template void battery_builder<mpq_rational>::p3_p4_mask_and_cross();
template void battery_builder<mpq_rational>::p5_p8_positions_and_floating();
#endif
}  // namespace orderblind::properties
