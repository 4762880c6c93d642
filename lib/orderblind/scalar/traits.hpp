// SPDX-License-Identifier: MIT
#pragma once
/// Scalar traits: what the generic library may ask of an arithmetic type.
///
/// Every scalar the library runs on specialises `scalar_traits<T>`. The generic code asks the traits,
/// never the type's name: whether equality is exact, the unit of tolerance (epsilon), which
/// transcendental functions exist, and how to print a value.
#include <cmath>
#include <concepts>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <utility>

namespace orderblind {

/// Primary template: left undefined so that an unsupported type fails to compile with a clear name.
template <class T>
struct scalar_traits;

/// True for a scalar whose matrix products are specialised in a header of its own (mpq_rational and
/// mpfr100: fast/heads/multiprecision.hpp, through scalar/multiprecision.hpp or attention.hpp). The generic
/// product_kernels (matrix.hpp) refuse to be instantiated for such a scalar: a translation unit that misses
/// that header fails to compile, naming it, instead of running the generic loops in place of the
/// specialisation (an ODR violation, and a lost fast path).
template <class T>
inline constexpr bool has_specialised_products = false;

/// A type the generic library can run on.
template <class T>
concept Scalar = requires(const T& a, const T& b) {
  { scalar_traits<T>::name } -> std::convertible_to<const char*>;
  { scalar_traits<T>::is_exact } -> std::convertible_to<bool>;
  { scalar_traits<T>::has_exp } -> std::convertible_to<bool>;
  { scalar_traits<T>::has_trig } -> std::convertible_to<bool>;
  { scalar_traits<T>::has_sqrt } -> std::convertible_to<bool>;
  { scalar_traits<T>::is_ordered } -> std::convertible_to<bool>;
  { scalar_traits<T>::is_interval } -> std::convertible_to<bool>;
  { scalar_traits<T>::can_be_nonfinite } -> std::convertible_to<bool>;
  { scalar_traits<T>::epsilon() } -> std::convertible_to<T>;
  { scalar_traits<T>::to_string(a) } -> std::convertible_to<std::string>;
  { a + b } -> std::convertible_to<T>;
  { a - b } -> std::convertible_to<T>;
  { a * b } -> std::convertible_to<T>;
  { a / b } -> std::convertible_to<T>;
  { a == b } -> std::convertible_to<bool>;
};

/// Shared defaults for IEEE binary floating types.
template <class F>
struct ieee_traits {
  static constexpr bool is_exact = false;
  static constexpr bool has_exp = true;
  static constexpr bool has_trig = true;
  static constexpr bool has_sqrt = true;
  static constexpr bool is_ordered = true;
  static constexpr bool is_interval = false;
  static constexpr bool can_be_nonfinite = true;
  /// Decimal digits that round-trip the value.
  static constexpr int digits10 = std::numeric_limits<F>::max_digits10;
  static F epsilon() { return std::numeric_limits<F>::epsilon(); }
  static bool is_finite(F x) { return std::isfinite(x); }
  static std::string to_string(F x) {
    std::ostringstream os;
    os.precision(digits10);
    os << x;
    return os.str();
  }
};

template <>
struct scalar_traits<double> : ieee_traits<double> {
  static constexpr const char* name = "double";
  static constexpr const char* description = "IEEE binary64 (53-bit significand)";
};

template <>
struct scalar_traits<float> : ieee_traits<float> {
  static constexpr const char* name = "float";
  static constexpr const char* description = "IEEE binary32 (24-bit significand)";
};

/// True when T is finite (always true for types that cannot hold NaN/Inf).
template <Scalar T>
bool is_finite(const T& x) {
  if constexpr (scalar_traits<T>::can_be_nonfinite) {
    return scalar_traits<T>::is_finite(x);
  } else {
    (void)x;
    return true;
  }
}

/// (cos x, sin x) of a scalar with trigonometry: the traits' own `cos_sin(x)` when they have one (MPFR
/// computes both in one call), else cos and sin.
template <Scalar T>
  requires(scalar_traits<T>::has_trig)
std::pair<T, T> cos_and_sin(const T& x) {
  if constexpr (requires { scalar_traits<T>::cos_sin(x); }) {
    return scalar_traits<T>::cos_sin(x);
  } else {
    using std::cos;
    using std::sin;
    return {T(cos(x)), T(sin(x))};
  }
}

/// Print one scalar the way its traits say (rationals as p/q, reals to their full precision).
template <Scalar T>
std::string format_scalar(const T& x) {
  return scalar_traits<T>::to_string(x);
}

}  // namespace orderblind
