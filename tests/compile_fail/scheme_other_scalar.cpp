// SPDX-License-Identifier: MIT
// Must NOT compile: a scheme over a scalar whose battery is not compiled into orderblind::pe (here
// cpp_rational), registered through register.hpp alone; the message names the header to include instead.
#include "orderblind/pe/archetype.hpp"
#include "orderblind/pe/register.hpp"

namespace pe = orderblind::pe;
ORDERBLIND_REGISTER_SCHEME(pe::scheme_archetype<orderblind::cpp_rational, pe::pe_kind::additive>(
    std::make_shared<pe::archetype_log>()));

int main() { return 0; }
