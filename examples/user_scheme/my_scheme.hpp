// SPDX-License-Identifier: MIT
// A user's positional-encoding scheme, checked without editing or rebuilding orderblind
// (docs/user-schemes.md): in CMake, after find_package(orderblind CONFIG REQUIRED),
//   orderblind_check_scheme(my_scheme.hpp)
// or, without CMake,
//   orderblind-check-scheme my_scheme.hpp
#pragma once
#include "orderblind/pe/register.hpp"

namespace my {

/// A bounded ALiBi: s += −|m − n| / (1 + |m − n|), exact over the rationals.
template <orderblind::Scalar T>
struct saturating_alibi {
  using scalar_type = T;
  static constexpr orderblind::pe::pe_kind kind = orderblind::pe::pe_kind::score_bias;
  long d = 4;
  std::string name() const { return "saturating-alibi"; }
  std::string parameters() const { return "s += −|m − n| / (1 + |m − n|)"; }
  long dim() const { return d; }
  T bias(const std::vector<T>&, const std::vector<T>&, long m, long n) const {
    const T a(m > n ? m - n : n - m);
    return T(-a / (T(1) + a));
  }
  /// Optional: the verdicts this scheme's author expects (or state them with --expect). The check exits 1
  /// if one differs, and 2 if nothing at all is stated (nothing would be compared).
  std::vector<std::pair<orderblind::pe::property, orderblind::pe::expectation>> expectations() const {
    using orderblind::pe::expectation;
    using orderblind::pe::property;
    return {{property::bounded, expectation::holds},          // |bias| < 1
            {property::relative_scores, expectation::holds},  // a function of |m − n|
            {property::score_decays, expectation::holds},     // −a/(1 + a) decreases in a
            {property::injective, expectation::not_applicable}};
  }
};

}  // namespace my

ORDERBLIND_REGISTER_SCHEME(my::saturating_alibi<orderblind::mpq_rational>{});
