// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// Fast exact products and rational-kernel weights for GMP rationals (fraction-free, 128-bit).
///
/// Each returns false (and leaves its output unspecified) when an operand is too wide for the
/// fixed-width path; the caller then runs the generic loops. Every width is checked against a proven
/// bound before any arithmetic, so a true return means the result is exactly the rational one.
#include <vector>

#include "orderblind/fast/heads/fraction_free.hpp"
#include "orderblind/index.hpp"

namespace orderblind::fast {

/// out = a·b (or a·bᵀ when b_transposed) over mpq-backed rationals Q, fraction-free.
template <class Q>
bool try_multiply(const Matrix<Q>& a, const Matrix<Q>& b, bool b_transposed, Matrix<Q>& out,
                  fault f = fault::none) {
  ff_lines ra, cb;
  if (!rows_of(a, ra)) return false;
  if (!(b_transposed ? rows_of(b, cb) : columns_of(b, cb))) return false;
  const Eigen::Index k = a.cols();
  // NOTE: |Σ_t a_t b_t| ≤ k·max|a|·max|b| < 2^(bits_a + bits_b + ⌈log2 k⌉) ≤ 2^125 fits an i128, and
  // the denominator, a product of two ≤ 62-bit lcms, fits 124 bits.
  if (f != fault::unchecked_words && ra.num_bits + cb.num_bits + sum_bits(k) > 125) return false;
  out.resize(a.rows(), cb.lines);
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    const std::int64_t* ai = &at_index(ra.num, i * k);
    for (Eigen::Index j = 0; j < cb.lines; ++j) {
      const std::int64_t* bj = &at_index(cb.num, j * k);
      // NOTE: accumulate modulo 2^128 (unsigned): identical to i128 sums whenever the width check above
      // holds, and well-defined (a wrap, not UB) for the unchecked_words mutant, so UBSan stays quiet.
      u128 acc_bits = 0;
      for (Eigen::Index t = 0; t < k; ++t) acc_bits += static_cast<u128>(static_cast<i128>(ai[t]) * bj[t]);
      i128 acc = static_cast<i128>(acc_bits);
      if (f == fault::wrong_entry && i == a.rows() - 1 && j == 0) acc += 1;
      set_reduced(out(i, j).backend().data(), acc,
                  static_cast<u128>(at_index(ra.den, i)) * at_index(cb.den, j));
    }
  }
  return true;
}

/// The normalised rational kernel φ(s) = 1 + s + s²/2 of one row of scores, fraction-free: with the
/// row over one denominator D (s_j = n_j / D), φ(s_j) = ((n_j + D)² + D²) / (2D²), and the common
/// 2D² cancels in the normalisation: w_j = P_j / Σ_k P_k with P_j = (n_j + D)² + D².
template <class Q>
bool try_rational_weights(const std::vector<Q>& s, std::vector<Q>& w, fault f = fault::none) {
  const Eigen::Index n = std::ssize(s);
  ff_lines row;
  if (!to_lines<Q>(1, n, [&s](Eigen::Index, Eigen::Index t) -> mpq_srcptr { return at_index(s, t).backend().data(); },
                   row))
    return false;
  const i128 d = static_cast<i128>(row.den[0]);
  std::vector<u128> p(to_size(n, "a buffer's length"));
  u128 total = 0;
  for (Eigen::Index j = 0; j < n; ++j) {
    // NOTE: |n_j| < 2^62 and D < 2^62, so |n_j + D| < 2^63, (n_j + D)² < 2^126 and P_j < 2^127.
    const u128 m = magnitude(static_cast<i128>(at_index(row.num, j)) + d);
    at_index(p, j) = m * m + static_cast<u128>(d) * static_cast<u128>(d);
    if (__builtin_add_overflow(total, at_index(p, j), &total)) return false;
  }
  w.resize(to_size(n, "a buffer's length"));
  for (Eigen::Index j = 0; j < n; ++j) {
    u128 pj = at_index(p, j);
    if (f == fault::wrong_entry && j == n - 1 && n > 1) pj += 1;
    const u128 g = gcd128(pj, total);
    mpq_ptr q = at_index(w, j).backend().data();
    set_u128(mpq_numref(q), pj / g);
    set_u128(mpq_denref(q), total / g);
  }
  return true;
}

}  // namespace orderblind::fast
