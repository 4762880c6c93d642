// SPDX-License-Identifier: MIT
// The positional-encoding battery over mpfr100, for the three kinds of scheme, compiled once (orderblind::pe).
#include "battery_instances.hpp"

ORDERBLIND_PE_COMPILED_BATTERY(orderblind::mpfr100)
