// SPDX-License-Identifier: MIT
#pragma once
/// Comparing results: `==` for exact scalars, a tolerance in units of epsilon for the others.
///
/// One rule for every comparison in the library, the proofs, the PE battery, the enclosures and
/// `orderblind check`: a value that is not a number — NaN, ±∞ in a tolerance comparison, or an interval
/// with a NaN or infinite end — is *incomparable*, and a comparison that meets one FAILS and says where
/// (row, column). Bounds are written `residual <= bound`, which is false for NaN, never
/// `!(bound < residual)`, which is true for NaN.
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "orderblind/matrix.hpp"
#include "orderblind/verify/bound.hpp"

namespace orderblind {

/// True when x can take part in a tolerance comparison: a finite number; for an interval, both ends
/// finite (a bounded enclosure). Exact scalars are always comparable.
template <Scalar T>
bool comparable(const T& x) {
  return verify::detail::not_a_number(x).empty();
}

/// "NaN", "+inf", "-inf", "a NaN or unbounded enclosure [a, b]" or the value itself: what an incomparable
/// value is, in words.
template <Scalar T>
std::string describe_incomparable(const T& x) {
  const std::string bad = verify::detail::not_a_number(x);
  return bad.empty() ? format_scalar(x) : bad;
}

/// The place of one entry of a matrix; row < 0 means "none".
using entry_position = verify::entry_at;

/// True when the pair (x, y) can be compared: both are numbers (bounded enclosures). An infinity is never
/// comparable, not even with the same infinity: it has no residual to bound (verify/bound.hpp).
template <Scalar T>
bool comparable_pair(const T& x, const T& y) {
  return comparable(x) && comparable(y);
}

/// The first entry (row-major) that is not comparable on its own (NaN, ±∞, an unbounded enclosure).
template <Scalar T>
entry_position first_incomparable(const Matrix<T>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!comparable(m(i, j))) return {i, j};
  return {};
}

/// The first entry (row-major) where a or b is not comparable (see comparable_pair). Shapes must match.
template <Scalar T>
entry_position first_incomparable(const Matrix<T>& a, const Matrix<T>& b) {
  require_same_shape(a, "left", b, "right");
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (!comparable_pair(a(i, j), b(i, j))) return {i, j};
  return {};
}

/// "" when a and b can be compared entry by entry; else where and why not, e.g.
/// "left(2, 3) is NaN (right(2, 3) = 0.5)". Shapes must match.
template <Scalar T>
std::string incomparable_entry(const Matrix<T>& a, const std::string& a_name, const Matrix<T>& b,
                               const std::string& b_name) {
  const auto p = first_incomparable(a, b);
  if (!p) return {};
  const T& x = a(p.row, p.col);
  const T& y = b(p.row, p.col);
  if (!comparable(x))
    return a_name + p.str() + " is " + describe_incomparable(x) + " (" + b_name + p.str() + " = " + format_scalar(y) + ")";
  return b_name + p.str() + " is " + describe_incomparable(y) + " (" + a_name + p.str() + " = " + format_scalar(x) + ")";
}

/// The outcome of one tolerance comparison: held or not, the residual in units of ε·magnitude (NaN when
/// the values cannot be compared), where the worst (or the incomparable) entry is, and why it failed.
struct comparison {
  bool held = false;
  double residual_eps = 0;
  entry_position at;  ///< the worst entry; on an incomparable value, that value's place
  std::string why;    ///< empty when held
  explicit operator bool() const { return held; }
};

/// |x|. For an interval: its magnitude max|x| as a point interval, so that maxima over intervals
/// compare points only.
// NOTE: comparing two overlapping, unequal intervals throws (Boost's mpfi: "ambiguous comparison"),
// and from a noexcept context that aborts; magnitudes are points, and points always compare.
template <Scalar T>
T abs_value(const T& x) {
  return verify::magnitude_of(x);
}

/// max |a_ij - b_ij| (0 for exact types when equal). Shapes must match. A pair that cannot be compared
/// (NaN, any infinity, an unbounded enclosure) makes the result NaN or ∞, so any bound
/// `result <= bound` fails.
template <Scalar T>
T max_abs_difference(const Matrix<T>& a, const Matrix<T>& b) {
  require_same_shape(a, "left", b, "right");
  T worst(0);  // NOTE: start from 0, never from NumTraits<T>::lowest() (positive for some mp types).
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      if constexpr (!scalar_traits<T>::is_exact && !scalar_traits<T>::is_interval &&
                    scalar_traits<T>::can_be_nonfinite) {
        if (!is_finite(a(i, j)) || !is_finite(b(i, j))) {
          const T d = abs_value(T(a(i, j) - b(i, j)));  // NaN or ∞; ∞ − ∞ is NaN
          return d == d ? d : T(std::numeric_limits<double>::quiet_NaN());
        }
      }
      T d = abs_value(T(a(i, j) - b(i, j)));
      if (!comparable(d)) return d;
      if (worst < d) worst = d;
    }
  return worst;
}

/// max |m_ij|. A NaN entry (or an unbounded enclosure) makes the result NaN (unbounded); ∞ gives ∞.
template <Scalar T>
T max_abs(const Matrix<T>& m) {
  T worst(0);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      T d = abs_value(m(i, j));
      if constexpr (scalar_traits<T>::is_interval) {
        if (!comparable(d)) return d;
      } else if constexpr (!scalar_traits<T>::is_exact && scalar_traits<T>::can_be_nonfinite) {
        if (!(d == d)) return d;  // NaN
      }
      if (worst < d) worst = d;
    }
  return worst;
}

/// The tolerance comparison with its evidence (verify::compare, one scale for every entry): `==` when T
/// is exact; for intervals, overlapping and each no wider than the bound; otherwise
/// max|a−b| ≤ k_eps·ε·|magnitude| (+ the underflow unit, verify/bound.hpp). Fails, naming the entry, on any
/// NaN or infinity (also the same infinity on both sides), an unbounded enclosure, a NaN or infinite
/// magnitude, an empty matrix.
// NOTE: no max(1, ·) floor: a bound of a scale-invariant law scales with the data.
/// The tolerance of the comparisons below: k·ε·|magnitude|. For enclosures these older entry points
/// assert overlap of bounded enclosures only (the width is not judged: an interval evaluation of a
/// deep block is wider than the block's reordering bound by a factor no one has derived); a check that
/// must bound the width states it with verify::compare and a width_k.
template <Scalar T>
verify::tolerance<T> tolerance_of(double k_eps, const T& magnitude, std::string text = "≤ k·ε·|magnitude|") {
  auto t = verify::within_eps<T>(k_eps, verify::one_scale(magnitude), std::move(text));
  if constexpr (scalar_traits<T>::is_interval) t.width_k = std::numeric_limits<double>::max();
  return t;
}

template <Scalar T>
comparison compare_within_eps(const Matrix<T>& a, const Matrix<T>& b, double k_eps, const T& magnitude,
                              const std::string& a_name = "left", const std::string& b_name = "right") {
  const verify::comparison v = verify::compare(a, b, tolerance_of(k_eps, magnitude), a_name, b_name);
  comparison c;
  c.held = v.held;
  c.at = v.at;
  c.why = v.why;
  c.residual_eps = scalar_traits<T>::is_exact ? (v.held ? 0.0 : 1.0) : v.ratio * k_eps;
  if (!scalar_traits<T>::is_exact && k_eps == 0 && v.ratio == 0) c.residual_eps = 0;
  return c;
}

/// |a − b| ≤ k_eps·ε·|magnitude| for two scalars; `==` for exact types. False when a or b is NaN or
/// infinite (or an unbounded enclosure), or when the magnitude is.
template <Scalar T>
bool within_eps(const T& a, const T& b, double k_eps, const T& magnitude) {
  return verify::compare_held(a, b, tolerance_of(k_eps, magnitude, ""));
}

/// Entry-wise `==` of values (for exact types this is the only comparison the library makes). For reals,
/// NaN is unequal to everything; this is equality of values, not a check: a check compares through
/// verify::compare, where any infinity fails.
template <Scalar T>
bool exactly_equal(const Matrix<T>& a, const Matrix<T>& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (!(a(i, j) == b(i, j))) return false;
  return true;
}

/// The residual in units of ε of the largest entry: max|a−b| / (ε · max(max|a|, max|b|)); 0 when a and
/// b are equal. NaN (or ∞) when a and b cannot be compared entry by entry (see max_abs_difference).
template <Scalar T>
T residual_in_eps(const Matrix<T>& a, const Matrix<T>& b) {
  static_assert(!scalar_traits<T>::is_exact, "exact types compare with ==, not with a residual in eps");
  T scale = max_abs(a);
  const T mb = max_abs(b);
  if (scale < mb || !(mb == mb)) scale = mb;
  const T d = max_abs_difference(a, b);
  if (d == T(0) && comparable(d)) return T(0);
  return d / (scalar_traits<T>::epsilon() * scale);
}

/// The comparison every check uses: `==` when T is exact; otherwise max|a−b| ≤ k·ε·max(max|a|, max|b|).
/// `k_eps` is ignored for exact types. The caller states (and justifies) k_eps. NaN or ∞ (or an
/// unbounded enclosure) anywhere fails; compare_within_eps says where.
template <Scalar T>
bool agrees(const Matrix<T>& a, const Matrix<T>& b, double k_eps) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    return exactly_equal(a, b);
  } else {
    T scale = max_abs(a);
    const T mb = max_abs(b);
    if (scale < mb) scale = mb;
    return verify::compare_held(a, b, tolerance_of(k_eps, scale, ""));
  }
}

}  // namespace orderblind

namespace orderblind {

/// The bound k on max|Attn(PX) − P·Attn(X)| ≤ k·(ε·max|V| + η) (verify::compare's form) for one softmax
/// head over n tokens computed by this library (floating types).
// NOTE: why 4(n+1). The projections and scores are dot products over the feature axis, in the same
// index order for every row, so Attn(PX) and P·Attn(X) see bit-identical scores and exponentials, only
// in another column order. Two sums run over the sequence axis and change their order: the normaliser
// Σ_j w_j and the output Σ_j a_j V_j. Reordering a sum of n non-negative terms moves it by at most
// 2γ_{n−1} ≈ 2(n−1)ε of Σ|terms| (Higham, Accuracy and Stability, §4.2); the normaliser's relative
// change passes to every weight, and Σ_j a_j|V_j| ≤ max|V|. Adding 2(n−1) + 2(n−1) and the final
// rounding of the division and products gives < 4(n+1) ε·max|V|. For double (fma chains) the Coq
// theorem attn_reorder_eps (proofs/formal/FloatSum.v) proves (2n+1)(ε·max|V| + η) with subnormals.
inline double attention_reorder_bound_eps(Eigen::Index n) { return 4.0 * static_cast<double>(n + 1); }

/// max|a − b| ≤ k_eps · ε · |magnitude| — the absolute form, for bounds derived against a known
/// magnitude (e.g. max|V|). Exact types: `==`. NaN or ∞ anywhere (or in the magnitude) fails.
template <Scalar T>
bool agrees_relative_to(const Matrix<T>& a, const Matrix<T>& b, double k_eps, const T& magnitude) {
  return verify::compare_held(a, b, tolerance_of(k_eps, magnitude, ""));
}

}  // namespace orderblind
