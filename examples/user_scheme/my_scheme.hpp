// A user's positional-encoding scheme, added without editing orderblind:
//   cmake --preset default -DORDERBLIND_USER_SCHEMES=$PWD/examples/user_scheme/my_scheme.hpp
//   cmake --build build --target orderblind_cli && build/orderblind schemes --scheme saturating-alibi
#pragma once
#include "orderblind/pe/battery.hpp"

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
};

}  // namespace my

ORDERBLIND_REGISTER_SCHEME(my::saturating_alibi<orderblind::mpq_rational>{});
