// SPDX-License-Identifier: MIT
#pragma once
/// exp(−t) for t ≥ 0 in 384-bit fixed point (fast/kernels/fixed_point.hpp), for the max-subtracted scores of
/// the fused mpfr100 softmax head.
///
/// t = m + a/2^6 + b/2^12 + c/2^18 + d/2^24 + r with m an integer, a…d in [0, 64) and r < 2^-24:
///   exp(−t) = E0[m]·E1[a]·E2[b]·E3[c]·E4[d]·exp(−r),
/// five lookups in tables computed once with MPFR at 512 bits, and exp(−r) by Horner's rule on its
/// Taylor series to the r^14 term (the rest is below r^15/15! < 2^-400).
///
/// Error bound: |fixed_exp(t) − exp(−t)| ≤ 2^-378 = 2^-45·ε (ε = 2^-333, mpfr100's epsilon: 334-bit
/// significands) for the exact value of the fixed-point argument.
// NOTE: the derivation is in docs/derivations/fixed-exp-error-bound.md
// The roundings and truncations add up to < 47 units of 2^-384, inside the stated 2^6 units = 2^-378.
#include <mpfr.h>

#include <array>
#include <cstdint>

#include "orderblind/fast/kernels/fixed_point.hpp"
#include "orderblind/index.hpp"

namespace orderblind::fast::fixed {

/// A fixed-point argument t = whole + frac·2^-384 (frac: 6 limbs).
struct exp_argument {
  std::uint64_t whole = 0;
  limb frac[limbs] = {0, 0, 0, 0, 0, 0};
};

/// Integers m with a table entry exp(−m); exp(−t) is 0 for t ≥ this.
inline constexpr std::uint64_t exp_whole_limit = 273;
/// Taylor terms of exp(−r), r < 2^-24: 1/k! for k = 0 … 14.
inline constexpr int exp_taylor_terms = 15;

namespace detail {

struct exp_tables {
  std::array<std::array<limb, limbs>, exp_whole_limit> whole;
  std::array<std::array<std::array<limb, limbs>, 64>, 4> level;  // exp(−a·2^(−6(l+1)))
  std::array<std::array<limb, limbs>, exp_taylor_terms> inverse_factorial;
};

/// out = the 384-bit fraction nearest to v ∈ [0, 1], with 1 stored as 1 − 2^-384.
inline void to_fraction(mpfr_t v, mpz_t z, limb* out) {
  mpfr_mul_2si(v, v, bits, MPFR_RNDN);
  mpfr_rint(v, v, MPFR_RNDN);
  mpfr_get_z(z, v, MPFR_RNDN);
  if (mpz_sizeinbase(z, 2) > static_cast<std::size_t>(bits)) {
    for (int i = 0; i < limbs; ++i) out[i] = ~limb{0};
    return;
  }
  for (int i = 0; i < limbs; ++i) out[i] = mpz_getlimbn(z, i);
}

inline exp_tables build_exp_tables() {
  exp_tables t{};
  mpfr_t v;
  mpz_t z;
  mpfr_init2(v, 512);
  mpz_init(z);
  for (std::uint64_t m = 0; m < exp_whole_limit; ++m) {
    mpfr_set_si(v, -static_cast<long>(m), MPFR_RNDN);
    mpfr_exp(v, v, MPFR_RNDN);
    to_fraction(v, z, t.whole[m].data());
  }
  for (int l = 0; l < 4; ++l)
    for (int a = 0; a < 64; ++a) {
      mpfr_set_si_2exp(v, -a, -6 * (l + 1), MPFR_RNDN);  // exact
      mpfr_exp(v, v, MPFR_RNDN);
      to_fraction(v, z, at_index(at_index(t.level, l), a).data());
    }
  mpfr_set_ui(v, 1, MPFR_RNDN);
  for (int k = 0; k < exp_taylor_terms; ++k) {
    if (k > 0) mpfr_div_ui(v, v, static_cast<unsigned long>(k), MPFR_RNDN);
    mpfr_t c;
    mpfr_init2(c, 512);
    mpfr_set(c, v, MPFR_RNDN);
    to_fraction(c, z, at_index(t.inverse_factorial, k).data());
    mpfr_clear(c);
  }
  mpz_clear(z);
  mpfr_clear(v);
  return t;
}

/// The tables, built on first use (a function-local static: thread-safe initialisation).
inline const exp_tables& tables() {
  static const exp_tables t = build_exp_tables();
  return t;
}

}  // namespace detail

/// out = a·b for 384-bit fractions a, b ∈ [0, 1), from the top n limbs of each: the top n limbs of
/// the product of those (its columns below n − 1 dropped, the rest truncated), the lower limbs 0.
/// Error < (n + 2)·2^(-64n): the dropped columns < n − 1, the truncation < 1, each operand's dropped
/// limbs < 1 (times the other operand, < 1), in units of 2^(-64n).
template <int n>
[[gnu::always_inline]] inline void multiply_top(const limb* a, const limb* b, limb* out) {
  const limb* ta = a + (limbs - n);
  const limb* tb = b + (limbs - n);
  limb l0 = 0, l1 = 0, l2 = 0;
#pragma GCC unroll 12
  for (int c = n - 1; c <= 2 * n - 2; ++c) {
#pragma GCC unroll 6
    for (int p = (c < n ? 0 : c - n + 1); p <= (c < n ? c : n - 1); ++p) detail::multiply_add(ta[p], tb[c - p], l0, l1, l2);
    if (c >= n) out[limbs - n + (c - n)] = l0;
    l0 = l1;
    l1 = l2;
    l2 = 0;
  }
  out[limbs - 1] = l0;
  for (int i = 0; i < limbs - n; ++i) out[i] = 0;
}

/// out = top 6 limbs of a·b for 384-bit fractions a, b ∈ [0, 1): a·b truncated (see the bound above).
inline void multiply_fractions(const limb* a, const limb* b, limb* out) { multiply_top<limbs>(a, b, out); }

/// out ≈ exp(−t) as a 384-bit fraction, within 2^-378 (see the bound above).
inline void fixed_exp(const exp_argument& t, limb* out) {
  if (t.whole >= exp_whole_limit) {
    for (int i = 0; i < limbs; ++i) out[i] = 0;
    return;
  }
  const detail::exp_tables& tab = detail::tables();
  const limb top = t.frac[limbs - 1];
  // r: the fraction below 2^-24.
  limb r[limbs];
  for (int i = 0; i < limbs; ++i) r[i] = t.frac[i];
  r[limbs - 1] &= (limb{1} << 40) - 1;
  // Horner: p = c_14; p = c_k − r·p for k = 13 … 0 (every p_k > 0 since c_k > c_{k+1}·r).
  // NOTE: the product of step k reaches the result times r^k < 2^(-24k), so it needs only
  // n_k = ⌈(392 − 24k)/64⌉ limbs (at most 6): its error (n_k + 2)·2^(-64 n_k)·r^k < 2^-389, 1/32 unit.
  static constexpr int width[exp_taylor_terms - 1] = {6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 2, 2, 2};
  limb p[limbs], q[limbs];
  const auto& c = tab.inverse_factorial;
  for (int i = 0; i < limbs; ++i) p[i] = at_index(c[exp_taylor_terms - 1], i);
  for (int k = exp_taylor_terms - 2; k >= 0; --k) {
    switch (width[k]) {
      case 2: multiply_top<2>(r, p, q); break;
      case 3: multiply_top<3>(r, p, q); break;
      case 4: multiply_top<4>(r, p, q); break;
      case 5: multiply_top<5>(r, p, q); break;
      default: multiply_top<6>(r, p, q); break;
    }
    subtract(at_index(c, k).data(), q, p, limbs);
  }
  // The table factors.
  multiply_fractions(p, tab.whole[t.whole].data(), q);
  for (int l = 0; l < 4; ++l) {
    const auto a = static_cast<std::size_t>((top >> (58 - 6 * l)) & 63);
    multiply_fractions(q, at_index(tab.level, l)[a].data(), p);
    for (int i = 0; i < limbs; ++i) q[i] = p[i];
  }
  for (int i = 0; i < limbs; ++i) out[i] = q[i];
}

}  // namespace orderblind::fast::fixed
