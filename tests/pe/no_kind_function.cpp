// SPDX-License-Identifier: MIT
// Must not compile: a query_key scheme without key() is refused with a message naming it.
#include "orderblind/pe/battery.hpp"

struct query_only {
  using scalar_type = orderblind::mpq_rational;
  static constexpr orderblind::pe::pe_kind kind = orderblind::pe::pe_kind::query_key;
  std::string name() const { return "query-only"; }
  std::string parameters() const { return ""; }
  long dim() const { return 2; }
  std::vector<scalar_type> query(const std::vector<scalar_type>& q, long) const { return q; }
};

int main() { return static_cast<int>(orderblind::pe::run_battery(query_only{}).cells.size()); }
