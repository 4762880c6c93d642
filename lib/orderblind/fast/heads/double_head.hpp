// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// A fused attention head for double with the softmax kernel: bit for bit the generic path's result
/// (attention.hpp: attend_trace, normalise_rows, softmax_kernel::weights), without its per-row
/// vectors, copies and repeated passes.
// NOTE: every arithmetic operation of the generic path happens here too, on the same operands and in
// the same order: the products are fast::multiply_double_into (the generic fma chains); each score is
// rounded once by ·scale; each row's shift is the first allowed score raised by `<` in column order;
// each weight is exp(s − shift) / (0 + w_0 + w_1 + … over the allowed columns in order); A·V is
// multiply_double_into again. Only the bookkeeping differs (one workspace, S column-major so that the
// softmax runs over several rows in the lanes of a vector), so the results are the same bits.
// NOTE: includes the core only (matrix, kernel, mask), never attention.hpp, which includes this file at
// its end: the head is a template over the weights and options types (head_weights<double>,
// attention_options<double>, complete wherever attention calls it), and the customisation point
// head_kernels is declared here, not defined, so that the specialisation below needs nothing else.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "orderblind/fast/kernels/double_compare.hpp"
#include "orderblind/fast/kernels/double_exp.hpp"
#include "orderblind/fast/heads/double_large.hpp"
#include "orderblind/fast/kernels/double_products.hpp"
#include "orderblind/kernel.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {
/// The customisation point of attention.hpp (defined there).
template <class T, class K>
struct head_kernels;
}  // namespace orderblind

namespace orderblind::fast {

/// Deliberate faults of the fused double head, for the tests' mutants (never set outside tests).
enum class double_head_fault {
  none,
  reciprocal_normaliser,  ///< a_j = w_j · (1/total) instead of w_j / total (off by an ulp, sometimes)
  unshifted_exponent,     ///< exp(s_j) instead of exp(s_j − max s): the same real, other bits
};

namespace detail {

/// One softmax row spread over memory: its score j at p[j·stride], over the columns `ok` allows, in the
/// generic path's order (shift: the first allowed score raised by `<`; weights exp(s − shift) / total).
template <class Ok>
inline void softmax_row_strided(double* p, Eigen::Index stride, Eigen::Index nk, double scale, Ok ok,
                                double_head_fault fault) {
  double shift = 0.0;
  bool first = true;
  for (Eigen::Index j = 0; j < nk; ++j) {
    double& x = p[j * stride];
    x = x * scale;
    if (!ok(j)) continue;
    if (first || shift < x) shift = x;
    first = false;
  }
  if (fault == double_head_fault::unshifted_exponent) shift = 0.0;
  double total = 0.0;
  for (Eigen::Index j = 0; j < nk; ++j) {
    double& x = p[j * stride];
    if (!ok(j)) {
      x = 0.0;
      continue;
    }
    x = fast::exp(x - shift);
    total += x;
  }
  const double r = 1.0 / total;
  for (Eigen::Index j = 0; j < nk; ++j)
    if (ok(j)) p[j * stride] = fault == double_head_fault::reciprocal_normaliser ? p[j * stride] * r : p[j * stride] / total;
}

/// The unmasked softmax of the rows of S (n×nk, column-major, scores of query i in row i), L rows at a
/// time in the lanes of a vector V, the rows left over one at a time.
// NOTE: a lane runs exactly the scalar row's operations in the scalar row's order: ·scale per entry;
// `m = m < x ? x : m` over j from m = x_0 (the generic `if (shift < s_j) shift = s_j`, NaN included);
// x − shift; exp (fast/kernels/double_exp.hpp: its lanes are its scalar form); total = 0 + w_0 + w_1 + … in j
// order; w_j / total (IEEE division is correctly rounded in every lane). So the vectors change the
// speed, never the bits. The exp pass runs over the whole block at the end of the shifts, in `isa`.
template <class V, int L>
__attribute__((always_inline)) inline void softmax_rows(double* s, Eigen::Index n, Eigen::Index nk, double scale,
                                                        double_head_fault fault, exp_isa isa) {
  const V sc = V{} + scale;
  Eigen::Index i = 0;
  for (; i + L <= n; i += L) {
    V m;
    __builtin_memcpy(&m, s + i, sizeof m);
    m = m * sc;
    for (Eigen::Index j = 0; j < nk; ++j) {
      double* col = s + j * n + i;
      V x;
      __builtin_memcpy(&x, col, sizeof x);
      x = x * sc;
      m = m < x ? x : m;
      __builtin_memcpy(col, &x, sizeof x);
    }
    if (fault == double_head_fault::unshifted_exponent) m = V{};
    for (Eigen::Index j = 0; j < nk; ++j) {
      double* col = s + j * n + i;
      V x;
      __builtin_memcpy(&x, col, sizeof x);
      x = x - m;
      __builtin_memcpy(col, &x, sizeof x);
    }
  }
  const Eigen::Index vec_rows = i;
  // NOTE: when the vectors cover every row, the rows they cover are all of S, one contiguous block.
  if (vec_rows == n)
    exp_array_isa(isa, s, n * nk);
  else if (vec_rows > 0)
    for (Eigen::Index j = 0; j < nk; ++j) exp_array_isa(isa, s + j * n, vec_rows);
  for (i = 0; i < vec_rows; i += L) {
    V total = V{};
    for (Eigen::Index j = 0; j < nk; ++j) {
      V x;
      __builtin_memcpy(&x, s + j * n + i, sizeof x);
      total += x;
    }
    const V rec = 1.0 / total;
    for (Eigen::Index j = 0; j < nk; ++j) {
      double* col = s + j * n + i;
      V x;
      __builtin_memcpy(&x, col, sizeof x);
      x = fault == double_head_fault::reciprocal_normaliser ? x * rec : x / total;
      __builtin_memcpy(col, &x, sizeof x);
    }
  }
  for (i = vec_rows; i < n; ++i)
    softmax_row_strided(s + i, n, nk, scale, [](Eigen::Index) { return true; }, fault);
}

typedef double v2d_head __attribute__((vector_size(16)));
/// softmax_rows over two-lane (SSE2) vectors, any x86-64 CPU.
inline void softmax_rows_sse2(double* s, Eigen::Index n, Eigen::Index nk,
                              double scale, double_head_fault fault) {
  softmax_rows<v2d_head, 2>(s, n, nk, scale, fault, exp_isa::scalar);
}
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
typedef double v4d_head __attribute__((vector_size(32)));
typedef double v8d_head __attribute__((vector_size(64)));
/// softmax_rows over four-lane (AVX2) vectors, the exp in AVX2+FMA; only where the CPU has both.
__attribute__((target("avx2"))) inline void softmax_rows_avx2(double* s, Eigen::Index n, Eigen::Index nk, double scale,
                                                              double_head_fault fault) {
  softmax_rows<v4d_head, 4>(s, n, nk, scale, fault, exp_isa::avx2);
}
/// softmax_rows over eight-lane (AVX-512F) vectors; only where the CPU has AVX-512F.
__attribute__((target("avx512f"))) inline void softmax_rows_avx512f(double* s, Eigen::Index n, Eigen::Index nk, double scale,
                                                                    double_head_fault fault) {
  softmax_rows<v8d_head, 8>(s, n, nk, scale, fault, exp_isa::avx512f);
}
#endif

/// The implementations of the unmasked softmax (all give the same bits).
enum class softmax_isa { sse2, avx2, avx512f };

/// Whether this CPU runs `isa`.
inline bool softmax_isa_available(softmax_isa isa) {
  if (isa == softmax_isa::sse2) return true;
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  return exp_isa_available(isa == softmax_isa::avx2 ? exp_isa::avx2 : exp_isa::avx512f);
#else
  return false;
#endif
}

/// softmax_rows with a given implementation, which the CPU must run (softmax_isa_available).
inline void softmax_rows_isa(softmax_isa isa, double* s, Eigen::Index n,
                             Eigen::Index nk, double scale, double_head_fault fault) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  if (isa == softmax_isa::avx512f) return softmax_rows_avx512f(s, n, nk, scale, fault);
  if (isa == softmax_isa::avx2) return softmax_rows_avx2(s, n, nk, scale, fault);
#endif
  (void)isa;
  softmax_rows_sse2(s, n, nk, scale, fault);
}

/// The widest softmax_rows the CPU runs: AVX-512F, else AVX2, else SSE2.
inline softmax_isa best_softmax_isa() {
  static const softmax_isa best = softmax_isa_available(softmax_isa::avx512f) ? softmax_isa::avx512f
                                  : softmax_isa_available(softmax_isa::avx2)  ? softmax_isa::avx2
                                                                               : softmax_isa::sse2;
  return best;
}

}  // namespace detail

/// The scratch space of one head: grown, never shrunk, one per thread (the head allocates only its result).
inline std::vector<double>& double_head_workspace() {
  thread_local std::vector<double> space;
  return space;
}

/// One softmax head over double into caller-owned storage: queries from the n rows of y, keys and
/// values from the nk rows of c (both column-major, d columns), z (n×dv, column-major) the output.
/// The shapes must already be validated (nonempty, w fits d: validate_head). Returns false, with z
/// unspecified, where softmax_head_double returns std::nullopt (the generic path must then run).
/// `Weights` is head_weights<double> (wq, wk, wv), `Options` attention_options<double> (scale, mask, sum).
/// When `value_magnitude` is given, *value_magnitude = max|V| (V = C·W_V, the head's own) on success.
template <class Weights, class Options>
bool softmax_head_double_into(const double* y, Eigen::Index n, const double* c, Eigen::Index nk, Eigen::Index d,
                              const Weights& w, const Options& opt, double* z,
                              double_head_fault fault = double_head_fault::none, double* value_magnitude = nullptr,
                              detail::softmax_isa isa = detail::best_softmax_isa()) {
  if (opt.sum != summation::in_order) return false;
  // NOTE: at real sizes the large path (fast/heads/double_large.hpp): the same bits, by panels, on every core.
  // The faults and a forced softmax isa are the small path's test hooks: they keep it.
  if (n * nk >= large_head_min_scores && fault == double_head_fault::none && isa == detail::best_softmax_isa() &&
      softmax_head_double_large_into(y, n, c, nk, d, w, opt, z, value_magnitude))
    return true;
  const Eigen::Index dk = w.wq.cols(), dv = w.wv.cols();
  // NOTE: one block for Q (n×dk), K (nk×dk), V (nk×dv) and S (n×nk), column-major like Eigen's
  // matrices, so that the products read and write it directly.
  std::vector<double>& space = double_head_workspace();
  const std::size_t need = static_cast<std::size_t>(n * dk + nk * dk + nk * dv + nk * n);
  if (space.size() < need) space.resize(need);
  double* const q = space.data();
  double* const k = q + n * dk;
  double* const v = k + nk * dk;
  double* const sc = v + nk * dv;
  multiply_double_into(y, n, d, w.wq.data(), 1, d, dk, q);
  multiply_double_into(c, nk, d, w.wk.data(), 1, d, dk, k);
  multiply_double_into(c, nk, d, w.wv.data(), 1, d, dv, v);
  if (!all_finite(q, n * dk) || !all_finite(k, nk * dk) || !all_finite(v, nk * dv)) return false;
  // NOTE: the generic path's errors in its order: non-finite projections (declined above), the scale,
  // then the mask. The scale is inverse_sqrt_scale<double>: 1 / sqrt(double(d_k)), the same two
  // correctly rounded operations.
  const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
  const orderblind::mask& m = opt.mask;
  // NOTE: without a mask every row sees key 0, so validate cannot throw unless there is no key at all.
  if (m.is_causal() || m.has_padding() || nk == 0) m.validate(n, nk);
  // NOTE: S = Q Kᵀ as the generic multiply_transposed(Q, K): the same fma chains in feature order.
  // Column-major, so that a vector holds one score of several queries and the softmax runs across rows.
  multiply_double_into(q, n, dk, k, nk, 1, nk, sc);
  if (m.is_causal() || m.has_padding()) {
    for (Eigen::Index i = 0; i < n; ++i)
      detail::softmax_row_strided(
          sc + i, n, nk, scale,
          [&](Eigen::Index j) { return m.allows(static_cast<std::size_t>(i), static_cast<std::size_t>(j)); }, fault);
  } else {
    detail::softmax_rows_isa(isa, sc, n, nk, scale, fault);
  }
  // Z = A·V, A = S now holding the weights.
  multiply_double_into(sc, n, nk, v, 1, nk, dv, z);
  if (value_magnitude) *value_magnitude = max_abs_finite(v, nullptr, nk * dv);
  return true;
}

/// One softmax head over double, queries from y, keys and values from c; std::nullopt (the generic
/// path then runs) for sorted sums or for non-finite projections (whose error the generic path names).
/// `Weights` is head_weights<double> (wq, wk, wv), `Options` attention_options<double> (scale, mask, sum).
/// When `value_magnitude` is given, *value_magnitude = max|V| (V = C·W_V, the head's own) on success.
template <class Weights, class Options>
std::optional<Matrix<double>> softmax_head_double(const Matrix<double>& y, const Matrix<double>& c, const Weights& w,
                                                  const Options& opt,
                                                  double_head_fault fault = double_head_fault::none,
                                                  double* value_magnitude = nullptr) {
  if (opt.sum != summation::in_order) return std::nullopt;
  Matrix<double> z(y.rows(), w.wv.cols());
  if (!softmax_head_double_into(y.data(), y.rows(), c.data(), c.rows(), y.cols(), w, opt, z.data(), fault,
                                value_magnitude))
    return std::nullopt;
  return std::optional<Matrix<double>>(std::move(z));
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
