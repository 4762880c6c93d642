// SPDX-License-Identifier: MIT
// The scheme-check door itself: bad schemes registered from a user's header and run through the
// one-translation-unit check (orderblind_check_scheme), one --scheme per test (tests/robustness/scheme).
#pragma once
#include "bad_schemes.hpp"

ORDERBLIND_REGISTER_SCHEME(bad::short_encode<orderblind::mpq_rational>{});
ORDERBLIND_REGISTER_SCHEME(bad::width<double, 0>{});
ORDERBLIND_REGISTER_SCHEME(bad::table_end<double, LONG_MAX>{});
ORDERBLIND_REGISTER_SCHEME(bad::throws_int<orderblind::mpq_rational>{});
ORDERBLIND_REGISTER_SCHEME(bad::long_key<double>{});
ORDERBLIND_REGISTER_SCHEME(bad::nameless<double>{});
