// SPDX-License-Identifier: MIT
#pragma once
/// The Boost.Multiprecision scalars' aliases and traits: exact rationals (GMP and Boost's own), 100-digit
/// reals (MPFR and Boost's own binary float) and 100-digit intervals (MPFI). All with expression
/// templates off. Core: the fast kernels include this header; applications include
/// orderblind/scalar/multiprecision.hpp, which adds the kernels (visible wherever the types are).
// NOTE: expression templates are off on purpose: `auto x = a * b;` on an expression template keeps
// references to a and b and dangles once they die; generic code uses `auto` freely.
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>
// eigen.hpp gives Eigen its NumTraits for these types. NOTE: its NumTraits<T>::lowest() is a tiny
// *positive* number for some types; the library never starts a maximum from it.
#include <boost/multiprecision/eigen.hpp>

#include "orderblind/scalar/traits.hpp"

namespace orderblind {

namespace bmp = boost::multiprecision;

/// Exact rationals on GMP's mpq_t.
using mpq_rational = bmp::number<bmp::gmp_rational, bmp::et_off>;
/// Exact rationals on Boost's own cpp_int (no GMP).
using cpp_rational = bmp::number<bmp::cpp_rational_backend, bmp::et_off>;
/// MPFR reals with 100 decimal digits.
using mpfr100 = bmp::number<bmp::mpfr_float_backend<100>, bmp::et_off>;
/// Boost's own binary float with 100 decimal digits.
using bin_float100 = bmp::number<bmp::cpp_bin_float<100>, bmp::et_off>;
/// MPFI rigorous intervals with 100 decimal digits.
using mpfi100 = bmp::number<bmp::mpfi_float_backend<100>, bmp::et_off>;

/// Shared traits of the exact rational types.
template <class Q>
struct rational_traits {
  static constexpr bool is_exact = true;
  static constexpr bool has_exp = false;
  static constexpr bool has_trig = false;
  static constexpr bool has_sqrt = false;
  static constexpr bool is_ordered = true;
  static constexpr bool is_interval = false;
  static constexpr bool can_be_nonfinite = false;
  /// Exact: the tolerance unit is zero, so every comparison is `==`.
  static Q epsilon() { return Q(0); }
  /// p/q in lowest terms ("-3/4", "2").
  static std::string to_string(const Q& x) { return x.str(); }
};

template <>
struct scalar_traits<mpq_rational> : rational_traits<mpq_rational> {
  static constexpr const char* name = "mpq_rational";
  static constexpr const char* description = "exact rationals (GMP mpq)";
};

/// Its products are fraction-free (fast/heads/multiprecision.hpp).
template <>
inline constexpr bool has_specialised_products<mpq_rational> = true;

template <>
struct scalar_traits<cpp_rational> : rational_traits<cpp_rational> {
  static constexpr const char* name = "cpp_rational";
  static constexpr const char* description = "exact rationals (Boost cpp_rational)";
};

/// Shared traits of the multiprecision real types.
template <class R>
struct mp_real_traits {
  static constexpr bool is_exact = false;
  static constexpr bool has_exp = true;
  static constexpr bool has_trig = true;
  static constexpr bool has_sqrt = true;
  static constexpr bool is_ordered = true;
  static constexpr bool is_interval = false;
  static constexpr bool can_be_nonfinite = true;
  static constexpr int digits10 = std::numeric_limits<R>::digits10;
  static R epsilon() { return std::numeric_limits<R>::epsilon(); }
  static bool is_finite(const R& x) { return bmp::isfinite(x); }
  static std::string to_string(const R& x) { return x.str(digits10); }
};

template <>
struct scalar_traits<mpfr100> : mp_real_traits<mpfr100> {
  static constexpr const char* name = "mpfr100";
  static constexpr const char* description = "MPFR, 100 decimal digits";
  /// (cos x, sin x) in one call.
  // NOTE: mpfr_sin_cos rounds each to nearest as mpfr_cos and mpfr_sin do (the same values) in about 0.6
  // of their time (20000 pairs at 333 bits, machine D): the rotary schemes' angles are most of the PE
  // battery's time in mpfr100.
  static std::pair<mpfr100, mpfr100> cos_sin(const mpfr100& x) {
    mpfr100 c, s;
    mpfr_sin_cos(s.backend().data(), c.backend().data(), x.backend().data(), MPFR_RNDN);
    return {c, s};
  }
};

/// Its products run without a temporary per term (fast/heads/multiprecision.hpp).
template <>
inline constexpr bool has_specialised_products<mpfr100> = true;

template <>
struct scalar_traits<bin_float100> : mp_real_traits<bin_float100> {
  static constexpr const char* name = "cpp_bin_float100";
  static constexpr const char* description = "Boost cpp_bin_float, 100 decimal digits";
};

template <>
struct scalar_traits<mpfi100> {
  static constexpr const char* name = "mpfi100";
  static constexpr const char* description = "MPFI rigorous intervals, 100 decimal digits";
  static constexpr bool is_exact = false;
  static constexpr bool has_exp = true;
  static constexpr bool has_trig = true;
  static constexpr bool has_sqrt = true;
  // NOTE: intervals are only partially ordered; the library never sorts or takes a max of them.
  static constexpr bool is_ordered = false;
  static constexpr bool is_interval = true;
  static constexpr bool can_be_nonfinite = true;
  static constexpr int digits10 = 100;
  static mpfi100 epsilon() { return mpfi100(std::numeric_limits<mpfr100>::epsilon()); }
  static bool is_finite(const mpfi100& x) { return bmp::isfinite(x); }
  static std::string to_string(const mpfi100& x) {
    return "[" + lower(x).str(digits10) + ", " + upper(x).str(digits10) + "]";
  }
};

}  // namespace orderblind
