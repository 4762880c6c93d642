// SPDX-License-Identifier: MIT
#pragma once
/// The row-wise layers of a transformer: position-wise FFN (ReLU), LayerNorm, an exact norm,
/// residual, and mean pooling. Each reads one row at a time (text 001, §3.4): no row index enters.
#include <concepts>
#include <string>

#include "orderblind/compare.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {

/// FFN(x) = ReLU(x W1 + b1) W2 + b2, applied to every row; b1 and b2 are 1-row matrices.
template <Scalar T>
struct ffn_weights {
  Matrix<T> w1, b1, w2, b2;
  void validate(Eigen::Index d_model) const {
    if (w1.rows() != d_model)
      throw shape_error("FFN W1 is " + shape_of(w1) + " but the rows have width " + std::to_string(d_model));
    if (b1.rows() != 1 || b1.cols() != w1.cols())
      throw shape_error("FFN b1 is " + shape_of(b1) + " but must be 1x" + std::to_string(w1.cols()));
    if (w2.rows() != w1.cols())
      throw shape_error("FFN W2 is " + shape_of(w2) + " but W1 is " + shape_of(w1));
    if (b2.rows() != 1 || b2.cols() != w2.cols())
      throw shape_error("FFN b2 is " + shape_of(b2) + " but must be 1x" + std::to_string(w2.cols()));
  }
};

/// max(0, x); for intervals the exact image of the interval under ReLU; for a scalar whose traits
/// supply `relu` (a symbolic scalar: ReLU uninterpreted) that function.
template <Scalar T>
T relu(const T& x) {
  if constexpr (requires { { scalar_traits<T>::relu(x) } -> std::convertible_to<T>; }) {
    return scalar_traits<T>::relu(x);
  } else if constexpr (scalar_traits<T>::is_interval) {
    if (!(lower(x) < 0)) return x;
    if (upper(x) < 0) return T(0);
    return T(0, upper(x));
  } else {
    static_assert(scalar_traits<T>::is_ordered,
                  "relu compares x with 0, which needs an ordered scalar; a scalar without order must supply "
                  "scalar_traits<T>::relu (the symbolic scalar makes ReLU an uninterpreted function)");
    return x < T(0) ? T(0) : x;
  }
}

/// Adds a 1-row bias to every row.
template <Scalar T>
Matrix<T> add_row_bias(Matrix<T> m, const Matrix<T>& b) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = T(m(i, j) + b(0, j));
  return m;
}

/// The position-wise feed-forward network.
template <Scalar T>
Matrix<T> feed_forward(const Matrix<T>& x, const ffn_weights<T>& w) {
  require_nonempty(x, "X");
  require_finite(x, "X");
  w.validate(x.cols());
  Matrix<T> h = add_row_bias(multiply(x, w.w1, "X", "W1"), w.b1);
  for (Eigen::Index i = 0; i < h.rows(); ++i)
    for (Eigen::Index j = 0; j < h.cols(); ++j) h(i, j) = relu(h(i, j));
  return add_row_bias(multiply(h, w.w2, "ReLU(X W1 + b1)", "W2"), w.b2);
}

/// Gain and bias of a norm (1-row matrices; empty means gain 1 and bias 0) and its ε.
template <Scalar T>
struct norm_params {
  Matrix<T> gamma, beta;
  T eps = T(1) / T(100000);
};

namespace detail {
template <Scalar T>
Matrix<T> apply_gain_bias(Matrix<T> y, const norm_params<T>& p) {
  if (p.gamma.size() != 0 && (p.gamma.rows() != 1 || p.gamma.cols() != y.cols()))
    throw shape_error("norm gain is " + shape_of(p.gamma) + " but must be 1x" + std::to_string(y.cols()));
  if (p.beta.size() != 0 && (p.beta.rows() != 1 || p.beta.cols() != y.cols()))
    throw shape_error("norm bias is " + shape_of(p.beta) + " but must be 1x" + std::to_string(y.cols()));
  for (Eigen::Index i = 0; i < y.rows(); ++i)
    for (Eigen::Index j = 0; j < y.cols(); ++j) {
      if (p.gamma.size() != 0) y(i, j) = T(y(i, j) * p.gamma(0, j));
      if (p.beta.size() != 0) y(i, j) = T(y(i, j) + p.beta(0, j));
    }
  return y;
}
template <Scalar T>
T row_mean(const Matrix<T>& x, Eigen::Index i) {
  T s(0);
  for (Eigen::Index j = 0; j < x.cols(); ++j) s += x(i, j);
  return s / T(x.cols());
}
}  // namespace detail

/// LayerNorm: (x − mean) / √(var + ε) · γ + β per row. Needs sqrt.
template <Scalar T>
Matrix<T> layer_norm(const Matrix<T>& x, const norm_params<T>& p = {}) {
  static_assert(scalar_traits<T>::has_sqrt,
                "layer_norm needs sqrt, which this exact scalar does not have: use mad_norm, the exact "
                "row-wise variant (mean absolute deviation instead of standard deviation)");
  using std::sqrt;
  require_nonempty(x, "X");
  Matrix<T> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const T mu = detail::row_mean(x, i);
    T var(0);
    for (Eigen::Index j = 0; j < x.cols(); ++j) var += (x(i, j) - mu) * (x(i, j) - mu);
    var = var / T(x.cols());
    const T den = sqrt(T(var + p.eps));
    for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T((x(i, j) - mu) / den);
  }
  return detail::apply_gain_bias(std::move(y), p);
}

/// The exact norm: (x − mean) / (mean|x − mean| + ε) · γ + β per row. Rational in x, so exact over
/// the rationals; like LayerNorm it centres each row and makes it scale-free, and it reads one row.
template <Scalar T>
Matrix<T> mad_norm(const Matrix<T>& x, const norm_params<T>& p = {}) {
  require_nonempty(x, "X");
  Matrix<T> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const T mu = detail::row_mean(x, i);
    T mad(0);
    for (Eigen::Index j = 0; j < x.cols(); ++j) mad += abs_value(T(x(i, j) - mu));
    mad = mad / T(x.cols());
    const T den = mad + p.eps;
    for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T((x(i, j) - mu) / den);
  }
  return detail::apply_gain_bias(std::move(y), p);
}

/// Selects LayerNorm in a block.
struct layer_norm_policy {
  static constexpr const char* name = "LayerNorm";
  template <Scalar T>
  static Matrix<T> apply(const Matrix<T>& x, const norm_params<T>& p) {
    return layer_norm(x, p);
  }
};
/// Selects the exact mean-absolute-deviation norm in a block.
struct mad_norm_policy {
  static constexpr const char* name = "MAD norm (exact)";
  template <Scalar T>
  static Matrix<T> apply(const Matrix<T>& x, const norm_params<T>& p) {
    return mad_norm(x, p);
  }
};
/// LayerNorm where the type has sqrt; the exact MAD norm otherwise.
template <Scalar T>
using default_norm = std::conditional_t<scalar_traits<T>::has_sqrt, layer_norm_policy, mad_norm_policy>;

/// x + f(x): shapes must match.
template <Scalar T>
Matrix<T> residual(const Matrix<T>& x, const Matrix<T>& fx) {
  require_same_shape(x, "residual input", fx, "sublayer output");
  Matrix<T> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T(x(i, j) + fx(i, j));
  return y;
}

/// Mean over the rows: a 1×d row, the same for every ordering of the rows.
template <Scalar T>
Matrix<T> mean_pool(const Matrix<T>& x, summation how = summation::in_order) {
  require_nonempty(x, "X");
  Matrix<T> m(1, x.cols());
  std::vector<T> terms;
  for (Eigen::Index j = 0; j < x.cols(); ++j) {
    terms.clear();
    for (Eigen::Index i = 0; i < x.rows(); ++i) terms.push_back(x(i, j));
    m(0, j) = sum_terms(terms, how) / T(x.rows());
  }
  return m;
}

}  // namespace orderblind
