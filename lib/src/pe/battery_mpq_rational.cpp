// SPDX-License-Identifier: MIT
// The positional-encoding battery over mpq_rational, for the three kinds of scheme, compiled once (orderblind::pe).
#include "battery_instances.hpp"

ORDERBLIND_PE_COMPILED_BATTERY(orderblind::mpq_rational)
