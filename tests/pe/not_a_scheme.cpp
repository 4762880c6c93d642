// SPDX-License-Identifier: MIT
// Must not compile: a "scheme" without parameters() is refused with a message naming the member.
#include "orderblind/pe/battery.hpp"

struct half_a_scheme {
  using scalar_type = orderblind::mpq_rational;
  static constexpr orderblind::pe::pe_kind kind = orderblind::pe::pe_kind::additive;
  std::string name() const { return "half"; }
  long dim() const { return 2; }
  std::vector<scalar_type> encode(long p, long) const { return {scalar_type(p), scalar_type(0)}; }
};

int main() { return static_cast<int>(orderblind::pe::run_battery(half_a_scheme{}).cells.size()); }
