// SPDX-License-Identifier: MIT
// Two different schemes that both call themselves "twin": the second registration is refused.
#pragma once
#include <string>
#include <vector>

#include "orderblind/pe/register.hpp"

namespace twins {

/// A constant score bias c (relative, bounded); two values of c are two different schemes.
struct constant_bias {
  using scalar_type = orderblind::mpq_rational;
  static constexpr orderblind::pe::pe_kind kind = orderblind::pe::pe_kind::score_bias;
  long c = 0;
  std::string name() const { return "twin"; }
  std::string parameters() const { return "s += " + std::to_string(c); }
  long dim() const { return 2; }
  scalar_type bias(const std::vector<scalar_type>&, const std::vector<scalar_type>&, long, long) const {
    return scalar_type(c);
  }
};

}  // namespace twins

ORDERBLIND_REGISTER_SCHEME(twins::constant_bias{0});
ORDERBLIND_REGISTER_SCHEME(twins::constant_bias{1});
