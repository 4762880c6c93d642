#pragma once
/// Comparing results: `==` for exact scalars, a tolerance in units of epsilon for the others.
#include <cmath>
#include <string>
#include <type_traits>

#include "orderblind/matrix.hpp"

namespace orderblind {

/// |x|. For an interval: its magnitude max|x| as a point interval, so that maxima over intervals
/// compare points only.
// NOTE: comparing two overlapping, unequal intervals throws (Boost's mpfi: "ambiguous comparison"),
// and from a noexcept context that aborts; magnitudes are points, and points always compare.
template <Scalar T>
T abs_value(const T& x) {
  if constexpr (scalar_traits<T>::is_interval) {
    return T(upper(abs(x)));
  } else if constexpr (std::is_floating_point_v<T>) {
    // NOTE: branch-free; the branch below mispredicts on random signs and dominated comparisons.
    return std::fabs(x);
  } else if constexpr (scalar_traits<T>::is_ordered) {
    return x < T(0) ? T(-x) : x;
  } else {
    using std::abs;
    return abs(x);
  }
}

/// max |a_ij - b_ij| (0 for exact types when equal). Shapes must match.
template <Scalar T>
T max_abs_difference(const Matrix<T>& a, const Matrix<T>& b) {
  require_same_shape(a, "left", b, "right");
  T worst(0);  // NOTE: start from 0, never from NumTraits<T>::lowest() (positive for some mp types).
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      T d = abs_value(T(a(i, j) - b(i, j)));
      if (worst < d) worst = d;
    }
  return worst;
}

/// max |m_ij|.
template <Scalar T>
T max_abs(const Matrix<T>& m) {
  T worst(0);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      T d = abs_value(m(i, j));
      if (worst < d) worst = d;
    }
  return worst;
}

/// Entry-wise `==` (for exact types this is the only comparison the library makes).
template <Scalar T>
bool exactly_equal(const Matrix<T>& a, const Matrix<T>& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (!(a(i, j) == b(i, j))) return false;
  return true;
}

/// The residual in units of epsilon of the largest entry: max|a-b| / (eps · max(1, max|a|, max|b|)).
/// 0 for exact types when equal; +inf-like huge for exact types when not (callers use `==` there).
template <Scalar T>
T residual_in_eps(const Matrix<T>& a, const Matrix<T>& b) {
  static_assert(!scalar_traits<T>::is_exact, "exact types compare with ==, not with a residual in eps");
  T scale(1);
  T ma = max_abs(a), mb = max_abs(b);
  if (scale < ma) scale = ma;
  if (scale < mb) scale = mb;
  return max_abs_difference(a, b) / (scalar_traits<T>::epsilon() * scale);
}

/// The comparison every check uses: `==` when T is exact; otherwise max|a-b| ≤ k·ε·max(1, |a|, |b|).
/// `k_eps` is ignored for exact types. The caller states (and justifies) k_eps.
template <Scalar T>
bool agrees(const Matrix<T>& a, const Matrix<T>& b, double k_eps) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    return exactly_equal(a, b);
  } else if constexpr (scalar_traits<T>::is_interval) {
    // NOTE: two enclosures of the same real must overlap; overlap is what can be asserted.
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      for (Eigen::Index j = 0; j < a.cols(); ++j)
        if (!overlap(a(i, j), b(i, j))) return false;
    (void)k_eps;
    return true;
  } else {
    return !(T(k_eps) < residual_in_eps(a, b));
  }
}

}  // namespace orderblind

namespace orderblind {

/// The bound, in units of ε·max(1, max|V|), on max|Attn(PX) − P·Attn(X)| for one softmax head over
/// n tokens computed by this library (floating types).
// NOTE: why 4(n+1). The projections and scores are dot products over the feature axis, in the same
// index order for every row, so Attn(PX) and P·Attn(X) see bit-identical scores and exponentials, only
// in another column order. Two sums run over the sequence axis and change their order: the normaliser
// Σ_j w_j and the output Σ_j a_j V_j. Reordering a sum of n non-negative terms moves it by at most
// 2γ_{n−1} ≈ 2(n−1)ε of Σ|terms| (Higham, Accuracy and Stability, §4.2); the normaliser's relative
// change passes to every weight, and Σ_j a_j|V_j| ≤ max|V|. Adding 2(n−1) + 2(n−1) and the final
// rounding of the division and products gives < 4(n+1) ε·max|V|.
inline double attention_reorder_bound_eps(Eigen::Index n) { return 4.0 * static_cast<double>(n + 1); }

/// max|a − b| ≤ k_eps · ε · max(1, max|ref_scale|) — the absolute form, for bounds derived against a
/// known magnitude (e.g. max|V|). Exact types: `==`.
template <Scalar T>
bool agrees_relative_to(const Matrix<T>& a, const Matrix<T>& b, double k_eps, const T& magnitude) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    (void)magnitude;
    return exactly_equal(a, b);
  } else if constexpr (scalar_traits<T>::is_interval) {
    (void)k_eps;
    (void)magnitude;
    return agrees(a, b, 0.0);
  } else {
    T scale(1);
    if (scale < magnitude) scale = magnitude;
    return !(T(k_eps) * scalar_traits<T>::epsilon() * scale < max_abs_difference(a, b));
  }
}

}  // namespace orderblind
