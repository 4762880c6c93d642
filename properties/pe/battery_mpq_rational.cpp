// SPDX-License-Identifier: MIT
// The positional-encoding battery (orderblind/pe/battery.hpp) over mpq_rational, for the three kinds of scheme:
// instantiated here once for every target that links orderblind_pe_battery.
#include "orderblind/pe/battery.hpp"

namespace orderblind::pe {
ORDERBLIND_PE_BATTERY_INSTANCES(, mpq_rational)
}  // namespace orderblind::pe
