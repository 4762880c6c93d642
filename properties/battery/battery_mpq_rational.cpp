// SPDX-License-Identifier: MIT
// The battery over exact GMP rationals (rational kernel 1+s+s²/2, MAD norm): every law with `==`.
#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {
template std::vector<law> battery_laws<mpq_rational>();
}  // namespace orderblind::properties
