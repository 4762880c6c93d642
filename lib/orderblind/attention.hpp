#pragma once
/// Scaled dot-product attention, self- and cross-attention, and multi-head attention with W_O.
///
/// Seed 000 §1: Q = X W_Q, K = X W_K, V = X W_V, S = Q Kᵀ / √d_k, A = softmax_row(S), Attn(X) = A V.
#include <optional>
#include <string>
#include <vector>

#include "orderblind/kernel.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {

/// W_Q, W_K (d_model × d_k) and W_V (d_model × d_v) of one head.
template <Scalar T>
struct head_weights {
  Matrix<T> wq, wk, wv;
};

/// Options of one attention evaluation.
template <Scalar T>
struct attention_options {
  /// The score scale; unset means 1/√d_k (exact types: only when d_k is a perfect square).
  std::optional<T> scale;
  /// Which keys each query row may see.
  orderblind::mask mask = mask::none();
  /// How sums over the sequence axis (the normaliser and A·V) are formed.
  summation sum = summation::in_order;
};

/// Every intermediate of one attention evaluation, for proofs that check each step.
template <Scalar T>
struct attention_trace {
  Matrix<T> q, k, v;  ///< projections
  Matrix<T> s;        ///< scaled scores Q Kᵀ · scale
  Matrix<T> a;        ///< row-normalised weights
  Matrix<T> z;        ///< output A V
};

/// 1/√d_k. Exact types get an exact value when d_k is a perfect square and an error otherwise.
template <Scalar T>
T inverse_sqrt_scale(Eigen::Index d_k) {
  if (d_k <= 0) throw configuration_error("d_k must be positive, got " + std::to_string(d_k));
  if constexpr (scalar_traits<T>::has_sqrt) {
    using std::sqrt;
    return T(1) / T(sqrt(T(d_k)));
  } else {
    Eigen::Index r = 0;
    while ((r + 1) * (r + 1) <= d_k) ++r;
    if (r * r != d_k)
      throw unsupported_operation_error("the scale 1/sqrt(" + std::to_string(d_k) + ") is irrational, so " +
                                        scalar_traits<T>::name +
                                        " cannot hold it: pass an explicit scale (e.g. 1) or use a real type");
    return T(1) / T(r);
  }
}

/// A·V with the chosen summation over the sequence axis.
template <Scalar T>
Matrix<T> weighted_sum(const Matrix<T>& a, const Matrix<T>& v, summation how) {
  require_product(a, "A", v, "V");
  if (how == summation::in_order) return product_kernels<T>::multiply(a, v);
  Matrix<T> z(a.rows(), v.cols());
  std::vector<T> terms;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index c = 0; c < v.cols(); ++c) {
      terms.clear();
      for (Eigen::Index j = 0; j < a.cols(); ++j) terms.push_back(T(a(i, j) * v(j, c)));
      z(i, c) = sum_terms(terms, how);
    }
  return z;
}

/// Row-wise normalisation of a score matrix under a mask (masked weights are exactly 0).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> normalise_rows(const Matrix<T>& s, const orderblind::mask& m, summation how = summation::in_order) {
  m.validate(static_cast<std::size_t>(s.rows()), static_cast<std::size_t>(s.cols()));
  Matrix<T> a(s.rows(), s.cols());
  std::vector<T> row;
  std::vector<Eigen::Index> cols;
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    row.clear();
    cols.clear();
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      a(i, j) = T(0);
      if (m.allows(static_cast<std::size_t>(i), static_cast<std::size_t>(j))) {
        row.push_back(s(i, j));
        cols.push_back(j);
      }
    }
    const auto w = K::template weights<T>(row, how);
    for (std::size_t k = 0; k < cols.size(); ++k) a(i, cols[k]) = w[k];
  }
  return a;
}

/// Attention on given Q, K, V, keeping every intermediate.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> attend_trace(Matrix<T> q, Matrix<T> k, Matrix<T> v, const attention_options<T>& opt = {}) {
  require_nonempty(q, "Q");
  require_nonempty(k, "K");
  require_nonempty(v, "V");
  require_finite(q, "Q");
  require_finite(k, "K");
  require_finite(v, "V");
  if (k.rows() != v.rows())
    throw shape_error("K has " + std::to_string(k.rows()) + " rows but V has " + std::to_string(v.rows()) +
                      ": keys and values come from the same tokens");
  attention_trace<T> t;
  const T scale = opt.scale ? *opt.scale : inverse_sqrt_scale<T>(q.cols());
  t.s = multiply_transposed(q, k, "Q", "K");
  for (Eigen::Index i = 0; i < t.s.rows(); ++i)
    for (Eigen::Index j = 0; j < t.s.cols(); ++j) t.s(i, j) = T(t.s(i, j) * scale);
  t.a = normalise_rows<T, K>(t.s, opt.mask, opt.sum);
  t.z = weighted_sum(t.a, v, opt.sum);
  t.q = std::move(q);
  t.k = std::move(k);
  t.v = std::move(v);
  return t;
}

/// Validates one head's weights against an input width.
template <Scalar T>
void validate_head(const head_weights<T>& w, Eigen::Index d_model, const char* where) {
  const std::string at = std::string(" (") + where + ")";
  require_nonempty(w.wq, ("W_Q" + at).c_str());
  require_nonempty(w.wk, ("W_K" + at).c_str());
  require_nonempty(w.wv, ("W_V" + at).c_str());
  for (const auto* m : {&w.wq, &w.wk, &w.wv})
    if (m->rows() != d_model)
      throw shape_error("a weight matrix" + at + " is " + shape_of(*m) + " but the input rows have width " +
                        std::to_string(d_model));
  if (w.wq.cols() != w.wk.cols())
    throw shape_error("W_Q is " + shape_of(w.wq) + " but W_K is " + shape_of(w.wk) + at +
                      ": queries and keys need the same width d_k");
}

/// Customisation point: a scalar/kernel pair may evaluate one head's output faster. A specialisation
/// sets `available = true` and provides `static std::optional<Matrix<T>> evaluate(y, c, w, opt)`,
/// called after the inputs are validated, which returns exactly what the generic code returns (queries
/// from y, keys and values from c) or std::nullopt to decline, and then the generic code runs.
template <class T, class K>
struct head_kernels {
  static constexpr bool available = false;
};

/// Self-attention of one head with every intermediate: Q = X W_Q, K = X W_K, V = X W_V.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> self_attention_trace(const Matrix<T>& x, const head_weights<T>& w,
                                        const attention_options<T>& opt = {}) {
  require_nonempty(x, "X");
  require_finite(x, "X");
  validate_head(w, x.cols(), "self-attention");
  return attend_trace<T, K>(multiply(x, w.wq, "X", "W_Q"), multiply(x, w.wk, "X", "W_K"),
                            multiply(x, w.wv, "X", "W_V"), opt);
}

/// Self-attention of one head: Attn(X) = softmax(X W_Q (X W_K)ᵀ · scale) X W_V.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> self_attention(const Matrix<T>& x, const head_weights<T>& w, const attention_options<T>& opt = {}) {
  if constexpr (head_kernels<T, K>::available) {
    require_nonempty(x, "X");
    require_finite(x, "X");
    validate_head(w, x.cols(), "self-attention");
    if (auto z = head_kernels<T, K>::evaluate(x, x, w, opt)) return std::move(*z);
  }
  return self_attention_trace<T, K>(x, w, opt).z;
}

/// Throws unless decoder rows Y and encoder rows C are non-empty, finite, of one width, and fit w.
template <Scalar T>
void validate_cross_inputs(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w) {
  require_nonempty(y, "decoder rows Y");
  require_nonempty(c, "encoder rows C");
  require_finite(y, "Y");
  require_finite(c, "C");
  if (y.cols() != c.cols())
    throw shape_error("decoder rows Y are " + shape_of(y) + " but encoder rows C are " + shape_of(c) +
                      ": both need width d_model");
  validate_head(w, y.cols(), "cross-attention");
}

/// Cross-attention with every intermediate: queries from the decoder rows Y, keys and values from the
/// encoder rows C (seed 001, Appendix A.2: K = C W_K, V = C W_V).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> cross_attention_trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                                         const attention_options<T>& opt = {}) {
  validate_cross_inputs(y, c, w);
  return attend_trace<T, K>(multiply(y, w.wq, "Y", "W_Q"), multiply(c, w.wk, "C", "W_K"),
                            multiply(c, w.wv, "C", "W_V"), opt);
}

/// Cross-attention output (one row per decoder row).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> cross_attention(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                          const attention_options<T>& opt = {}) {
  if constexpr (head_kernels<T, K>::available) {
    validate_cross_inputs(y, c, w);
    if (auto z = head_kernels<T, K>::evaluate(y, c, w, opt)) return std::move(*z);
  }
  return cross_attention_trace<T, K>(y, c, w, opt).z;
}

/// Multi-head weights: W_Q, W_K, W_V are d_model × d_model, split by columns into `heads` blocks of
/// d_model/heads; W_O is d_model × d_model and mixes the concatenated head outputs.
template <Scalar T>
struct multi_head_weights {
  Matrix<T> wq, wk, wv, wo;
  std::size_t heads = 1;

  /// Throws unless the shapes fit d_model and heads divides d_model.
  void validate(Eigen::Index d_model) const {
    if (heads == 0) throw configuration_error("the head count must be at least 1, got 0");
    if (d_model % static_cast<Eigen::Index>(heads) != 0)
      throw configuration_error("the head count " + std::to_string(heads) + " does not divide d_model = " +
                                std::to_string(d_model));
    for (const auto* m : {&wq, &wk, &wv, &wo})
      if (m->rows() != d_model || m->cols() != d_model)
        throw shape_error("multi-head weight is " + shape_of(*m) + " but must be " + std::to_string(d_model) +
                          "x" + std::to_string(d_model) + " for d_model = " + std::to_string(d_model));
  }
  /// The weights of head h (columns [h·d_h, (h+1)·d_h)).
  head_weights<T> head(std::size_t h) const {
    const auto dh = wq.cols() / static_cast<Eigen::Index>(heads);
    const auto c0 = static_cast<Eigen::Index>(h) * dh;
    return {wq.middleCols(c0, dh), wk.middleCols(c0, dh), wv.middleCols(c0, dh)};
  }
};

/// Multi-head attention: concat_h Attn_h(queries from Y, keys/values from C) · W_O. Self-attention is
/// the case Y = C. Each head scales by 1/√d_h unless opt.scale is set.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> multi_head_attention(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                               const attention_options<T>& opt = {}) {
  require_nonempty(y, "Y");
  require_nonempty(c, "C");
  if (y.cols() != c.cols())
    throw shape_error("query rows are " + shape_of(y) + " but key/value rows are " + shape_of(c) +
                      ": both need width d_model");
  w.validate(y.cols());
  Matrix<T> concat(y.rows(), y.cols());
  const auto dh = y.cols() / static_cast<Eigen::Index>(w.heads);
  for (std::size_t h = 0; h < w.heads; ++h) {
    const auto z = cross_attention<T, K>(y, c, w.head(h), opt);
    concat.middleCols(static_cast<Eigen::Index>(h) * dh, dh) = z;
  }
  return multiply(concat, w.wo, "concat(heads)", "W_O");
}

/// Multi-head self-attention.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> multi_head_self_attention(const Matrix<T>& x, const multi_head_weights<T>& w,
                                    const attention_options<T>& opt = {}) {
  return multi_head_attention<T, K>(x, x, w, opt);
}

}  // namespace orderblind

// The fused double head (fast/double_head.hpp): a specialisation of head_kernels, so it must be seen
// wherever attention is (a specialisation missing from one translation unit would be an ODR violation).
#include "orderblind/fast/double_head.hpp"
