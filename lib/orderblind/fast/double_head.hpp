// SPDX-License-Identifier: MIT
#pragma once
/// A fused attention head for double with the softmax kernel: bit for bit the generic path's result
/// (attention.hpp: attend_trace, normalise_rows, softmax_kernel::weights), without its per-row
/// vectors, copies and repeated passes.
// NOTE: every arithmetic operation of the generic path happens here too, on the same operands and in
// the same order: the products are fast::multiply_double (the generic loops' rounding sequence); each
// score is rounded once by ·scale; each row's shift is the first allowed score raised by `<` in column
// order; each weight is exp(s − shift) / (0 + w_0 + w_1 + … over the allowed columns in order); A·V
// is multiply_double again. Only the bookkeeping differs, so the results are the same bits.
// NOTE: includes the core only (matrix, kernel, mask), never attention.hpp, which includes this file at
// its end: the head is a template over the weights and options types (head_weights<double>,
// attention_options<double>, complete wherever attention calls it), and the customisation point
// head_kernels is declared here, not defined, so that the specialisation below needs nothing else.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "orderblind/fast/double_products.hpp"
#include "orderblind/kernel.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {
/// The customisation point of attention.hpp (defined there).
template <class T, class K>
struct head_kernels;
}  // namespace orderblind

namespace orderblind::fast {

/// col[j] = op(col[j], c) for j < len, two lanes at a time; op is · or /, and each lane rounds exactly as
/// the scalar operation does.
template <class Op>
inline void apply_all(double* col, Eigen::Index len, double c, Op op) {
  typedef double v2 __attribute__((vector_size(16)));
  const v2 cc = {c, c};
  Eigen::Index j = 0;
  for (; j + 2 <= len; j += 2) {
    v2 x;
    __builtin_memcpy(&x, col + j, sizeof x);
    x = op(x, cc);
    __builtin_memcpy(col + j, &x, sizeof x);
  }
  for (; j < len; ++j) col[j] = op(col[j], c);
}
inline void scale_all(double* col, Eigen::Index len, double scale) {
  apply_all(col, len, scale, [](auto x, auto y) { return x * y; });
}
inline void divide_all(double* col, Eigen::Index len, double total) {
  apply_all(col, len, total, [](auto x, auto y) { return x / y; });
}

/// The shift of one row: `shift = col[0]; if (shift < col[j]) shift = col[j]` over j in order — as one
/// vectorised maximum when no entry is NaN, else by that loop.
// NOTE: the maximum of non-NaN values is exact and does not depend on the order they are met in, except
// for a tie of −0 and +0, where another zero may be picked; the shift is only used as x − shift, and
// x − (±0) is x for x ≠ 0 while exp of ±0 is 1: the weights are the same bits. A NaN score (from an
// overflowing product) makes `<` order-dependent, so that case keeps the loop.
inline double row_shift(const double* col, Eigen::Index len) {
  typedef double v2 __attribute__((vector_size(16)));
  typedef long long v2i __attribute__((vector_size(16)));
  v2 m0 = {col[0], col[0]}, m1 = m0;
  v2i nan = {0, 0};
  Eigen::Index j = 0;
  for (; j + 4 <= len; j += 4) {
    v2 x0, x1;
    __builtin_memcpy(&x0, col + j, sizeof x0);
    __builtin_memcpy(&x1, col + j + 2, sizeof x1);
    nan |= (x0 != x0) | (x1 != x1);
    m0 = m0 < x0 ? x0 : m0;
    m1 = m1 < x1 ? x1 : m1;
  }
  double shift = m0[0];
  if (shift < m0[1]) shift = m0[1];
  if (shift < m1[0]) shift = m1[0];
  if (shift < m1[1]) shift = m1[1];
  bool has_nan = (nan[0] | nan[1]) != 0;
  for (; j < len; ++j) {
    has_nan = has_nan || col[j] != col[j];
    if (shift < col[j]) shift = col[j];
  }
  if (!has_nan) return shift;
  shift = col[0];
  for (j = 1; j < len; ++j)
    if (shift < col[j]) shift = col[j];
  return shift;
}

/// Deliberate faults of the fused double head, for the tests' mutants (never set outside tests).
enum class double_head_fault {
  none,
  reciprocal_normaliser,  ///< a_j = w_j · (1/total) instead of w_j / total (off by an ulp, sometimes)
  unshifted_exponent,     ///< exp(s_j) instead of exp(s_j − max s): the same real, other bits
};

/// The scratch space of one head: grown, never shrunk, one per thread (the head allocates only its result).
inline std::vector<double>& double_head_workspace() {
  thread_local std::vector<double> space;
  return space;
}

/// One softmax head over double, queries from y, keys and values from c; std::nullopt (the generic
/// path then runs) for sorted sums or for non-finite projections (whose error the generic path names).
/// `Weights` is head_weights<double> (wq, wk, wv), `Options` attention_options<double> (scale, mask, sum).
template <class Weights, class Options>
std::optional<Matrix<double>> softmax_head_double(const Matrix<double>& y, const Matrix<double>& c, const Weights& w,
                                                  const Options& opt,
                                                  double_head_fault fault = double_head_fault::none) {
  if (opt.sum != summation::in_order) return std::nullopt;
  const Eigen::Index n = y.rows(), nk = c.rows(), d = y.cols(), dk = w.wq.cols(), dv = w.wv.cols();
  // NOTE: one block for Q (n×dk), K (nk×dk), V (nk×dv), Sᵀ (nk×n) and A (n×nk), column-major like
  // Eigen's matrices, so that the products read and write it directly.
  std::vector<double>& space = double_head_workspace();
  const std::size_t need = static_cast<std::size_t>(n * dk + nk * dk + nk * dv + 2 * nk * n);
  if (space.size() < need) space.resize(need);
  double* const q = space.data();
  double* const k = q + n * dk;
  double* const v = k + nk * dk;
  double* const st = v + nk * dv;
  double* const a = st + nk * n;
  multiply_double_into(y.data(), n, d, w.wq.data(), 1, d, dk, q);
  multiply_double_into(c.data(), nk, d, w.wk.data(), 1, d, dk, k);
  multiply_double_into(c.data(), nk, d, w.wv.data(), 1, d, dv, v);
  if (!all_finite(q, n * dk) || !all_finite(k, nk * dk) || !all_finite(v, nk * dv)) return std::nullopt;
  // NOTE: the generic path's errors in its order: non-finite projections (declined above), the scale,
  // then the mask. The scale is inverse_sqrt_scale<double>: 1 / sqrt(double(d_k)), the same two
  // correctly rounded operations.
  const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
  const orderblind::mask& m = opt.mask;
  m.validate(static_cast<std::size_t>(n), static_cast<std::size_t>(nk));
  // NOTE: the scores are computed transposed, Sᵀ = K Qᵀ, so that the scores of query i are one
  // contiguous column; k_j·q_i and q_i·k_j are the same bits (each product commutes exactly and the
  // terms are summed in the same feature order).
  multiply_double_into(k, nk, dk, q, n, 1, n, st);
  const bool masked = m.is_causal() || m.has_padding();
  // NOTE: exp(±0) is exactly 1 (IEC 60559 and C's Annex F require it), so the row's largest score
  // skips the call and gets the same bits.
  const auto exp_shifted = [](double x) { return x == 0.0 ? 1.0 : std::exp(x); };
  for (Eigen::Index i = 0; i < n; ++i) {
    double* col = st + i * nk;
    scale_all(col, nk, scale);
    if (!masked) {
      double shift = row_shift(col, nk);
      if (fault == double_head_fault::unshifted_exponent) shift = 0.0;
      for (Eigen::Index j = 0; j < nk; ++j) col[j] = exp_shifted(col[j] - shift);
      double total = 0.0;
      for (Eigen::Index j = 0; j < nk; ++j) total += col[j];
      if (fault == double_head_fault::reciprocal_normaliser) {
        scale_all(col, nk, 1.0 / total);
        continue;
      }
      divide_all(col, nk, total);
      continue;
    }
    const auto ok = [&](Eigen::Index j) { return m.allows(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); };
    double shift = 0.0;
    bool first = true;
    for (Eigen::Index j = 0; j < nk; ++j) {
      if (!ok(j)) continue;
      if (first || shift < col[j]) shift = col[j];
      first = false;
    }
    double total = 0.0;
    for (Eigen::Index j = 0; j < nk; ++j) {
      if (!ok(j)) {
        col[j] = 0.0;
        continue;
      }
      col[j] = exp_shifted(col[j] - shift);
      total += col[j];
    }
    for (Eigen::Index j = 0; j < nk; ++j)
      if (ok(j)) col[j] = col[j] / total;
  }
  // A = (Sᵀ)ᵀ, then Z = A·V.
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < nk; ++j) a[i + j * n] = st[i * nk + j];
  Matrix<double> z(n, dv);
  multiply_double_into(a, n, nk, v, 1, nk, dv, z.data());
  return z;
}

}  // namespace orderblind::fast

namespace orderblind {

/// double with the softmax kernel: the fused head above (bitwise the generic path).
template <>
struct head_kernels<double, softmax_kernel> {
  static constexpr bool available = true;
  template <class Weights, class Options>
  static std::optional<Matrix<double>> evaluate(const Matrix<double>& y, const Matrix<double>& c, const Weights& w,
                                                const Options& opt) {
    return fast::softmax_head_double(y, c, w, opt);
  }
};

}  // namespace orderblind
