// SPDX-License-Identifier: MIT
#pragma once
/// Comparing a computed value with a decimal figure printed in a seed text or a reference table.
#include <cmath>
#include <limits>
#include <string>

#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind::testing {

/// The computed value, as a double (for comparing with printed decimals only).
template <Scalar T>
double as_double(const T& x) {
  if constexpr (scalar_traits<T>::is_interval) {
    return static_cast<double>(median(x));
  } else {
    return static_cast<double>(x);
  }
}

/// True when `x` rounds to the printed figure `printed` at `decimals` decimals, i.e.
/// |x − printed| ≤ ½·10^(−decimals) (plus one double ulp for the decimal literal itself).
template <Scalar T>
bool rounds_to(const T& x, double printed, int decimals) {
  const double half_unit = 0.5 * std::pow(10.0, -decimals);
  // NOTE: the decimal literal itself is rounded to double; 4 ulps of slack covers that and the
  // conversion of x.
  return std::abs(as_double(x) - printed) <= half_unit * (1 + 4 * std::numeric_limits<double>::epsilon());
}

/// x equals v: `==` for exact and floating types; for an interval, the enclosure contains v.
template <Scalar T>
bool holds_value(const T& x, const T& v) {
  if constexpr (scalar_traits<T>::is_interval) {
    return !(upper(x) < lower(v)) && !(upper(v) < lower(x));
  } else {
    return x == v;
  }
}

}  // namespace orderblind::testing
