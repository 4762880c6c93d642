// SPDX-License-Identifier: MIT
// The positional-encoding battery (orderblind/pe/battery.hpp) over double, for the three kinds of scheme:
// instantiated here once for every target that links orderblind_pe_battery.
#include "orderblind/pe/battery.hpp"

namespace orderblind::pe {
ORDERBLIND_PE_BATTERY_INSTANCES(, double)
}  // namespace orderblind::pe
