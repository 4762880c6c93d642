// SPDX-License-Identifier: MIT
#pragma once
/// Small vector helpers the schemes and the battery share (std::vector<T>, fixed summation order).
#include <cstdint>
#include <string>
#include <vector>

#include "orderblind/compare.hpp"
#include "orderblind/index.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/verify/reading.hpp"

namespace orderblind::pe {

template <class T>
using vec = std::vector<T>;

/// Σ a_i b_i, in index order.
template <Scalar T>
T dot(const vec<T>& a, const vec<T>& b) {
  T s(0);
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) s += a[i] * b[i];
  return s;
}

/// Σ a_i².
template <Scalar T>
T norm2(const vec<T>& a) {
  return dot(a, a);
}

/// max_i |a_i − b_i| (sizes must match; a size mismatch counts as "infinitely far": returns 1e300-like).
template <Scalar T>
T max_diff(const vec<T>& a, const vec<T>& b) {
  T w(0);
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    T x = abs_value(T(a[i] - b[i]));
    if (w < x) w = x;
  }
  return w;
}

/// max_i |a_i|.
template <Scalar T>
T max_entry(const vec<T>& a) {
  T w(0);
  for (const auto& x : a)
    if (w < abs_value(x)) w = abs_value(x);
  return w;
}

/// A floating decimal cut to about `keep` characters of its significand, its exponent kept:
/// "7.274181257398e-12" → "7.2741812573…e-12" (a cut that dropped the exponent printed 7.27… for 7e-12).
inline std::string cut_decimal(const std::string& e, std::size_t keep) {
  if (e.size() <= keep) return e;
  const std::size_t x = e.find_first_of("eE");
  if (x == std::string::npos) return e.substr(0, keep) + "…";
  const std::string exponent = e.substr(x);
  return (x <= keep ? e.substr(0, x) : e.substr(0, keep) + "…") + exponent;
}

/// A scalar's text for a one-line message: a decimal longer than `decimal_max` cut to 12 characters of its
/// significand (exponent kept), an exact value longer than `exact_max` as the renderer's labelled decimal
/// ("≈ 3.076711845e+289 (exact: an integer of 290 digits)", verify/reading.hpp), never cut digits.
template <Scalar T>
std::string cut_scalar(const T& x, std::size_t decimal_max, std::size_t exact_max) {
  const std::string e = format_scalar(x);
  if constexpr (scalar_traits<T>::is_exact) {
    return verify::detail::exact_for_reading(e, exact_max);
  } else {
    return e.size() > decimal_max ? cut_decimal(e, 12) : e;
  }
}

/// "(1, -2, 3/4)"; a long entry shortened (cut_scalar: decimals past 12 characters, exact values past 24).
template <Scalar T>
std::string format_vec(const vec<T>& a, std::size_t max_entries = 8) {
  std::string s = "(";
  for (std::size_t i = 0; i < a.size() && i < max_entries; ++i) s += (i ? ", " : "") + cut_scalar(a[i], 12, 24);
  if (a.size() > max_entries) s += ", …";
  return s + ")";
}

/// A short decimal rendering of any scalar (rationals as p/q when short, else a decimal).
template <Scalar T>
std::string short_scalar(const T& x) {
  return cut_scalar(x, 14, 14);
}

/// Deterministic small integers in [−r, r] (a fixed LCG: reproducible content vectors and tables).
inline long small_int(std::uint64_t seed, std::uint64_t i, long r) {
  std::uint64_t x = seed * 6364136223846793005ULL + (i + 1) * 1442695040888963407ULL;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return static_cast<long>(x % static_cast<std::uint64_t>(2 * r + 1)) - r;
}

/// A content vector of small integers, never all zero.
template <Scalar T>
vec<T> content_vector(Eigen::Index d, std::uint64_t seed, long r = 3) {
  vec<T> v(to_size(d, "the width"));
  bool nonzero = false;
  for (Eigen::Index i = 0; i < d; ++i) {
    at_index(v, i) = T(small_int(seed, static_cast<std::uint64_t>(i), r));
    nonzero = nonzero || small_int(seed, static_cast<std::uint64_t>(i), r) != 0;
  }
  if (!nonzero) v[0] = T(1);
  return v;
}

}  // namespace orderblind::pe
