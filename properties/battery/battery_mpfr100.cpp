// SPDX-License-Identifier: MIT
// The battery over MPFR with 100 decimal digits (softmax, LayerNorm), tolerances in units of its ε.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template std::vector<law> battery_laws<mpfr100>();
// NOTE: the law families (battery_impl.hpp), here unless ORDERBLIND_SPLIT_BATTERY compiles each in its
// own unit (battery_mpfr100_<family>.cpp; properties/battery/CMakeLists.txt says why not by default).
#ifndef ORDERBLIND_SPLIT_BATTERY
template void battery_builder<mpfr100>::p1_self_attention();
template void battery_builder<mpfr100>::p2_rowwise();
template void battery_builder<mpfr100>::p3_p4_mask_and_cross();
template void battery_builder<mpfr100>::p5_p8_positions_and_floating();
#endif
}  // namespace orderblind::properties
