// SPDX-License-Identifier: MIT
#pragma once
/// The specification's non-field functions (φ, ReLU, √, |x|) for the two scalars it is run over. Each is
/// written here from its definition; none calls lib/'s attention, kernel or layer code.
#include <stdexcept>
#include <string>

#include <boost/multiprecision/gmp.hpp>

#include "orderblind/scalar/symbolic.hpp"
#include "proofs/spec/spec.hpp"

namespace orderblind::spec {

/// Over symbols: φ, σ, ρ, α are the symbolic scalar's uninterpreted functions (one symbol per canonical
/// argument), so an identity with the library's code holds for every kernel, every ReLU-like σ and every
/// root ρ — and for exp, max(0, ·) and √ in particular.
struct symbolic_ops {
  using T = symbolic::expr;
  static T kernel(const T& s) { return symbolic::exp(s); }
  static T relu(const T& x) { return symbolic::relu(x); }
  static T sqrt(const T& x) { return symbolic::sqrt(x); }
  static T abs(const T& x) { return symbolic::abs(x); }
  /// 1/√d_h, exact: GiNaC's algebraic root of the integer d_h (√2/4 for d_h = 8).
  static T inverse_sqrt(long d) { return T(1) / symbolic::sqrt(T(d)); }
};

/// Over the rationals (GMP, exact ==): φ(s) = 1 + s + s²/2 (Attention.v: the library's exact kernel),
/// ReLU and |x| by comparison, √ only where the root is rational (the scale 1/√d_h for a square d_h).
struct rational_ops {
  using T = boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;
  static T kernel(const T& s) { return T(1) + s + s * s / T(2); }
  static T relu(const T& x) { return x < T(0) ? T(0) : x; }
  static T abs(const T& x) { return x < T(0) ? T(-x) : x; }
  static T sqrt(const T&) {
    throw std::invalid_argument("specification over the rationals: no square root (use the MAD norm)");
  }
  static T inverse_sqrt(long d) {
    long r = 0;
    while ((r + 1) * (r + 1) <= d) ++r;
    if (r * r != d)
      throw std::invalid_argument("specification over the rationals: 1/sqrt(" + std::to_string(d) + ") is irrational");
    return T(1) / T(r);
  }
};

}  // namespace orderblind::spec
