#pragma once
/// The positional encodings the seeds discuss, as plain functions (the plug-in point is separate):
/// the counter (seed 001 §3.7), pos/length (seed 003, attempt 2) and the sinusoid (seed 000 §4).
#include <string>

#include "orderblind/matrix.hpp"

namespace orderblind::pe {

namespace detail {
inline void require_dims(Eigen::Index n, Eigen::Index d) {
  if (n <= 0 || d <= 0)
    throw empty_input_error("a positional-encoding table needs n >= 1 positions and d >= 1 dimensions, got n = " +
                            std::to_string(n) + ", d = " + std::to_string(d));
}
}  // namespace detail

/// The counter: row p is (first + p)·𝟙.
template <Scalar T>
Matrix<T> counter(Eigen::Index n, Eigen::Index d, long first = 0) {
  detail::require_dims(n, d);
  Matrix<T> pe(n, d);
  for (Eigen::Index p = 0; p < n; ++p)
    for (Eigen::Index j = 0; j < d; ++j) pe(p, j) = T(first + static_cast<long>(p));
  return pe;
}

/// pos/length: row p is (p / length)·𝟙, for a sequence of `length` tokens (n ≤ length rows shown).
template <Scalar T>
Matrix<T> pos_over_length(Eigen::Index n, Eigen::Index d, Eigen::Index length) {
  detail::require_dims(n, d);
  if (length < n)
    throw configuration_error("pos/length: the sequence length " + std::to_string(length) +
                              " is shorter than the " + std::to_string(n) + " positions asked for");
  Matrix<T> pe(n, d);
  for (Eigen::Index p = 0; p < n; ++p)
    for (Eigen::Index j = 0; j < d; ++j) pe(p, j) = T(static_cast<long>(p)) / T(static_cast<long>(length));
  return pe;
}

/// The sinusoidal frequency θ_i = base^(−2i/d) of pair i.
template <Scalar T>
T sinusoid_frequency(Eigen::Index i, Eigen::Index d, const T& base) {
  static_assert(scalar_traits<T>::has_exp, "the sinusoidal frequencies need exp/log: use a real scalar");
  using std::exp;
  using std::log;
  return T(exp(T(-T(2 * i) / T(d) * T(log(base)))));
}

/// The sinusoid of "Attention Is All You Need" (paper layout): PE(p, 2i) = sin(p θ_i),
/// PE(p, 2i+1) = cos(p θ_i), θ_i = base^(−2i/d); rows are positions first, first+1, ….
template <Scalar T>
Matrix<T> sinusoidal(Eigen::Index n, Eigen::Index d, const T& base = T(10000), long first = 0) {
  static_assert(scalar_traits<T>::has_trig,
                "the sinusoidal encoding needs sin and cos: use a real scalar (double, mpfr100, …); the exact "
                "rational path uses Pythagorean rotations instead");
  using std::cos;
  using std::sin;
  detail::require_dims(n, d);
  if (!(T(0) < base)) throw configuration_error("the sinusoid's base must be positive, got " + format_scalar(base));
  Matrix<T> pe(n, d);
  for (Eigen::Index j = 0; j < d; ++j) {
    const T theta = sinusoid_frequency(j / 2, d, base);
    for (Eigen::Index p = 0; p < n; ++p) {
      const T angle = T(first + static_cast<long>(p)) * theta;
      pe(p, j) = (j % 2 == 0) ? T(sin(angle)) : T(cos(angle));
    }
  }
  return pe;
}

/// X + PE (shapes must match).
template <Scalar T>
Matrix<T> add_positions(const Matrix<T>& x, const Matrix<T>& pe) {
  require_same_shape(x, "X", pe, "PE");
  Matrix<T> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T(x(i, j) + pe(i, j));
  return y;
}

}  // namespace orderblind::pe
