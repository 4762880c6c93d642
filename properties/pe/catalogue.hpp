#pragma once
/// Registering catalogue schemes: one line per scheme value in a catalogue_<scalar>.cpp list.
#include <string>

#include "expectations.hpp"
#include "orderblind/pe/battery.hpp"

namespace orderblind::pe::catalogue {

/// Register each scheme for the report, with the catalogue's expectations attached.
template <class... S>
bool register_all(const std::string& origin, S... schemes) {
  (scheme_registry().push_back({schemes.name(), origin,
                                [s = schemes, origin] {
                                  auto row = run_battery(s, origin);
                                  annotate(row);
                                  return row;
                                }}),
   ...);
  return true;
}

}  // namespace orderblind::pe::catalogue
