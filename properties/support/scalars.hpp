// SPDX-License-Identifier: MIT
#pragma once
/// RapidCheck generators of single scalars: exact rationals p/q and reals over a sane range.
///
/// Every generator here draws from its FULL distribution at every case (RapidCheck's `size`, which
/// would otherwise pin early cases to the bottom of each range, is ignored — see `full_range`) and
/// shrinks toward simpler values: 0 first, then integers, then small denominators.
#include <rapidcheck.h>

#include <cstdint>
#include <limits>

#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind::properties {

/// `g` drawn at RapidCheck's nominal size in every case, so the first case already meets the whole
/// range. Shrinking is unchanged.
// NOTE: RapidCheck scales `inRange` (and `elementOf`, `arbitrary`) by its size parameter, which ramps from
// 0 to 100 over a run: left alone, n = 2 in more than half the cases and a quarter of the entries are 0.
// The distributions the generators are meant to have are stated in docs/generators.md and measured by
// `orderblind properties --stats`.
template <class T>
rc::Gen<T> full_range(rc::Gen<T> g) {
  return rc::gen::resize(rc::kNominalSize, std::move(g));
}

/// An integer uniform in [lo, hi] at every case (shrinks toward lo).
template <class I>
rc::Gen<I> gen_uniform(I lo, I hi) {
  return full_range(rc::gen::inRange<I>(lo, hi + 1));
}

/// Bounds of a rational entry p/q: |p| ≤ max_numerator, 1 ≤ q ≤ max_denominator.
struct rational_bounds {
  int max_numerator = 9;    ///< |p| ≤ this
  int max_denominator = 9;  ///< 1 ≤ q ≤ this
};

/// p/q as T, with |p| ≤ 9 and 1 ≤ q ≤ 9 by default. Shrinks p toward 0, the sign toward +, q toward 1
/// (so a shrunk counterexample is made of zeros and small integers where it can be).
// NOTE: small numerators and denominators on purpose: exact products of such matrices keep their bit
// length modest, and a rational counterexample stays readable.
template <Scalar T>
rc::Gen<T> gen_rational(rational_bounds b = {}) {
  return full_range(rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, b.max_numerator + 1), rc::gen::arbitrary<bool>(),
                                     rc::gen::inRange(1, b.max_denominator + 1)),
                      [](const std::tuple<int, bool, int>& t) {
                        const auto& [p, negative, q] = t;
                        return T(negative ? -p : p) / T(q);
                      }));
}

/// Options of the real-valued entry generator.
struct real_options {
  int max_magnitude = 9;          ///< values lie in (−max_magnitude−1, max_magnitude+1)
  bool allow_nonfinite = false;   ///< mix in NaN, +Inf and −Inf (rarely) — only on request
};

/// A real (double, mpfr100, …) of the form ±(i + f·2⁻³⁰ + g·2⁻⁶⁰) with 0 ≤ i ≤ max_magnitude, so
/// |x| < max_magnitude + 1: no spurious 1e308, no subnormals, but ~60 random bits so that floating
/// products and sums round. Shrinks toward 0, then integers (f, g → 0). NaN/Inf only if asked.
template <Scalar T>
rc::Gen<T> gen_real(real_options o = {}) {
  auto finite = full_range(rc::gen::map(
      rc::gen::tuple(rc::gen::inRange(0, o.max_magnitude + 1), rc::gen::arbitrary<bool>(),
                     rc::gen::inRange<std::int64_t>(0, std::int64_t{1} << 30),
                     rc::gen::inRange<std::int64_t>(0, std::int64_t{1} << 30)),
      [](const std::tuple<int, bool, std::int64_t, std::int64_t>& t) {
        const auto& [i, negative, f, g] = t;
        const T two30 = T(std::int64_t{1} << 30);
        T x = T(i) + (T(f) + T(g) / two30) / two30;
        return negative ? T(-x) : x;
      }));
  if (!o.allow_nonfinite) return finite;
  if constexpr (scalar_traits<T>::can_be_nonfinite) {
    auto special = rc::gen::element(T(std::numeric_limits<double>::quiet_NaN()),
                                    T(std::numeric_limits<double>::infinity()),
                                    T(-std::numeric_limits<double>::infinity()));
    return full_range(rc::gen::weightedOneOf<T>({{19, finite}, {1, special}}));
  } else {
    return finite;
  }
}

/// The natural entry generator of T: p/q (|p| ≤ 9, 1 ≤ q ≤ 9, 0 in 10 % of draws) for exact types;
/// for the others `gen_real` with |x| < 1 (60 random bits).
// NOTE: why |x| < 1 for reals: with entries of X and W uniform in (−1, 1) a score q·k over d ≤ 8 has a
// spread of about d·√d_k/9 ≤ 2.5, so softmax rows stay mixed (a one-hot row exercises neither the
// normaliser nor the weighted sum, and two rows that are both one-hot compare equal bit for bit). With
// entries up to 10 more than half of the rows were one-hot.
template <Scalar T>
rc::Gen<T> gen_entry() {
  if constexpr (scalar_traits<T>::is_exact) {
    return gen_rational<T>();
  } else {
    return gen_real<T>(real_options{0, false});
  }
}

}  // namespace orderblind::properties
