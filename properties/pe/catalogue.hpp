// SPDX-License-Identifier: MIT
#pragma once
/// Registering catalogue schemes: one line per scheme value in a catalogue_<scalar>.cpp list.
#include <string>

#include "expectations.hpp"
#include "orderblind/pe/register.hpp"

namespace orderblind::pe::catalogue {

/// Register each scheme for the report, with the catalogue's expectations attached. Two catalogue schemes
/// under one name and arithmetic are refused like any other (pe/register.hpp); `orderblind schemes` exits 2.
template <class... S>
bool register_all(const std::string& origin, S... schemes) {
  (register_scheme(schemes, origin, [](verify::report& run) { annotate(run); }), ...);
  return true;
}

}  // namespace orderblind::pe::catalogue
