#pragma once
/// A fused attention head for double with the softmax kernel: bit for bit the generic path's result
/// (attention.hpp: attend_trace, normalise_rows, softmax_kernel::weights), without its per-row
/// vectors, copies and repeated passes.
// NOTE: every arithmetic operation of the generic path happens here too, on the same operands and in
// the same order: the products are fast::multiply_double (the generic loops' rounding sequence); each
// score is rounded once by ·scale; each row's shift is the first allowed score raised by `<` in column
// order; each weight is exp(s − shift) / (0 + w_0 + w_1 + … over the allowed columns in order); A·V
// is multiply_double again. Only the bookkeeping differs, so the results are the same bits.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>

#include "orderblind/attention.hpp"
#include "orderblind/fast/double_products.hpp"
#include "orderblind/kernel.hpp"

namespace orderblind::fast {

/// True when no entry of m is NaN or ±inf.
inline bool all_finite(const Matrix<double>& m) {
  // NOTE: x − x is exactly 0 for every finite x and NaN for ±inf and NaN, and NaN stays NaN through a
  // sum: one two-lane sum decides the whole matrix without a branch per entry.
  // Four accumulators: one would make the loop wait out the latency of every addition.
  typedef double v2 __attribute__((vector_size(16)));
  const double* p = m.data();
  const Eigen::Index size = m.size();
  v2 a0 = {0.0, 0.0}, a1 = a0, a2 = a0, a3 = a0;
  Eigen::Index i = 0;
  for (; i + 8 <= size; i += 8) {
    v2 x0, x1, x2, x3;
    __builtin_memcpy(&x0, p + i, sizeof x0);
    __builtin_memcpy(&x1, p + i + 2, sizeof x1);
    __builtin_memcpy(&x2, p + i + 4, sizeof x2);
    __builtin_memcpy(&x3, p + i + 6, sizeof x3);
    a0 += x0 - x0;
    a1 += x1 - x1;
    a2 += x2 - x2;
    a3 += x3 - x3;
  }
  double rest = 0.0;
  for (; i < size; ++i) rest += p[i] - p[i];
  const v2 all = (a0 + a1) + (a2 + a3);
  return all[0] == 0.0 && all[1] == 0.0 && rest == 0.0;
}

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

/// Deliberate faults of the fused double head, for the tests' mutants (never set outside tests).
enum class double_head_fault {
  none,
  reciprocal_normaliser,  ///< a_j = w_j · (1/total) instead of w_j / total (off by an ulp, sometimes)
  unshifted_exponent,     ///< exp(s_j) instead of exp(s_j − max s): the same real, other bits
};

/// One softmax head over double, queries from y, keys and values from c; std::nullopt (the generic
/// path then runs) for sorted sums or for non-finite projections (whose error the generic path names).
inline std::optional<Matrix<double>> softmax_head_double(const Matrix<double>& y, const Matrix<double>& c,
                                                         const head_weights<double>& w,
                                                         const attention_options<double>& opt,
                                                         double_head_fault fault = double_head_fault::none) {
  if (opt.sum != summation::in_order) return std::nullopt;
  const Matrix<double> q = multiply_double(y, w.wq, false);
  const Matrix<double> k = multiply_double(c, w.wk, false);
  const Matrix<double> v = multiply_double(c, w.wv, false);
  if (!all_finite(q) || !all_finite(k) || !all_finite(v)) return std::nullopt;
  // NOTE: the generic path's errors in its order: non-finite projections (declined above), the scale,
  // then the mask.
  const double scale = opt.scale ? *opt.scale : inverse_sqrt_scale<double>(w.wq.cols());
  const orderblind::mask& m = opt.mask;
  const Eigen::Index n = q.rows(), nk = k.rows();
  m.validate(static_cast<std::size_t>(n), static_cast<std::size_t>(nk));
  // NOTE: the scores are computed transposed, Sᵀ = K Qᵀ, so that the scores of query i are one
  // contiguous column; k_j·q_i and q_i·k_j are the same bits (each product commutes exactly and the
  // terms are summed in the same feature order).
  Matrix<double> st = multiply_double(k, q, true);
  const bool masked = m.is_causal() || m.has_padding();
  for (Eigen::Index i = 0; i < n; ++i) {
    double* col = st.data() + i * nk;
    scale_all(col, nk, scale);
    if (!masked) {
      double shift = col[0];
      for (Eigen::Index j = 1; j < nk; ++j)
        if (shift < col[j]) shift = col[j];
      if (fault == double_head_fault::unshifted_exponent) shift = 0.0;
      double total = 0.0;
      for (Eigen::Index j = 0; j < nk; ++j) {
        col[j] = std::exp(col[j] - shift);
        total += col[j];
      }
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
      col[j] = std::exp(col[j] - shift);
      total += col[j];
    }
    for (Eigen::Index j = 0; j < nk; ++j)
      if (ok(j)) col[j] = col[j] / total;
  }
  const Matrix<double> a = st.transpose();
  return multiply_double(a, v, false);
}

}  // namespace orderblind::fast

namespace orderblind {

/// double with the softmax kernel: the fused head above (bitwise the generic path).
template <>
struct head_kernels<double, softmax_kernel> {
  static constexpr bool available = true;
  static std::optional<Matrix<double>> evaluate(const Matrix<double>& y, const Matrix<double>& c,
                                                const head_weights<double>& w, const attention_options<double>& opt) {
    return fast::softmax_head_double(y, c, w, opt);
  }
};

}  // namespace orderblind
