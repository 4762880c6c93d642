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

namespace orderblind {

/// True when x can take part in a tolerance comparison: a finite number; for an interval, both ends
/// finite (a bounded enclosure). Exact scalars are always comparable.
template <Scalar T>
bool comparable(const T& x) {
  if constexpr (scalar_traits<T>::is_exact || !scalar_traits<T>::can_be_nonfinite) {
    (void)x;
    return true;
  } else if constexpr (scalar_traits<T>::is_interval) {
    using std::isfinite;  // NOTE: the interval's ends are found by ADL (Boost.Multiprecision's isfinite).
    return isfinite(lower(x)) && isfinite(upper(x));
  } else {
    return is_finite(x);
  }
}

/// "NaN", "+inf", "-inf", "an unbounded enclosure [a, b]" or the value itself: what an incomparable
/// value is, in words.
template <Scalar T>
std::string describe_incomparable(const T& x) {
  if constexpr (scalar_traits<T>::is_interval) {
    return "a NaN or unbounded enclosure " + format_scalar(x);
  } else if constexpr (!scalar_traits<T>::is_exact && scalar_traits<T>::can_be_nonfinite) {
    if (!(x == x)) return "NaN";
    if (!is_finite(x)) return x < T(0) ? "-inf" : "+inf";
    return format_scalar(x);
  } else {
    return format_scalar(x);
  }
}

/// The place of one entry of a matrix; row < 0 means "none".
struct entry_position {
  Eigen::Index row = -1, col = -1;
  explicit operator bool() const { return row >= 0; }
  /// "(2, 3)".
  std::string str() const { return "(" + std::to_string(row) + ", " + std::to_string(col) + ")"; }
};

/// True when the pair (x, y) can be compared: neither is NaN (nor an unbounded or NaN enclosure), and
/// an infinity is compared only with the same infinity (a masked score −∞ against −∞ is equal; ∞ against
/// a number, or ∞ − ∞, has no residual to bound). Exact scalars: always.
template <Scalar T>
bool comparable_pair(const T& x, const T& y) {
  if constexpr (scalar_traits<T>::is_interval) {
    return comparable(x) && comparable(y);
  } else if constexpr (scalar_traits<T>::is_exact || !scalar_traits<T>::can_be_nonfinite) {
    (void)x;
    (void)y;
    return true;
  } else {
    if (is_finite(x) && is_finite(y)) return true;
    return x == y;  // NOTE: false when either is NaN; true for the same infinity.
  }
}

/// The first entry (row-major) that is not comparable on its own (NaN, ±∞, an unbounded enclosure).
template <Scalar T>
entry_position first_incomparable(const Matrix<T>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!comparable(m(i, j))) return {i, j};
  return {};
}

/// The first entry (row-major) where a and b cannot be compared (see comparable_pair). Shapes must match.
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
  bool name_a = !comparable(x);
  if constexpr (!scalar_traits<T>::is_interval) name_a = !(x == x) || (name_a && (y == y));  // NaN first
  if (name_a)
    return a_name + p.str() + " is " + describe_incomparable(x) + " (" + b_name + p.str() + " = " + format_scalar(y) + ")";
  return b_name + p.str() + " is " + describe_incomparable(y) + " (" + a_name + p.str() + " = " + format_scalar(x) + ")";
}

/// The outcome of one tolerance comparison: held or not, the residual in units of ε·max(1, magnitude)
/// (NaN when the values cannot be compared), where the worst (or the incomparable) entry is, and why it
/// failed.
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

/// max |a_ij - b_ij| (0 for exact types when equal). Shapes must match. NaN (or an unbounded
/// enclosure) is never skipped: the first entry pair that cannot be compared (see comparable_pair) makes
/// the result that incomparable difference (NaN or ∞), so any bound `result <= bound` fails. Entries equal
/// as values (the same infinity, as in masked scores) differ by 0.
template <Scalar T>
T max_abs_difference(const Matrix<T>& a, const Matrix<T>& b) {
  require_same_shape(a, "left", b, "right");
  T worst(0);  // NOTE: start from 0, never from NumTraits<T>::lowest() (positive for some mp types).
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      if constexpr (!scalar_traits<T>::is_exact && !scalar_traits<T>::is_interval &&
                    scalar_traits<T>::can_be_nonfinite) {
        if (!is_finite(a(i, j)) || !is_finite(b(i, j))) {
          if (a(i, j) == b(i, j)) continue;  // the same infinity
          return T(abs_value(T(a(i, j) - b(i, j))));  // NaN or ∞
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

/// |a − b| ≤ k_eps·ε·max(1, |magnitude|) for two scalars; `==` for exact types. False when a or b is NaN
/// (or an unbounded enclosure), when they are different infinities, or when the magnitude is NaN.
/// The same infinity on both sides is equal.
template <Scalar T>
bool within_eps(const T& a, const T& b, double k_eps, const T& magnitude) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    (void)magnitude;
    return a == b;
  } else {
    if (!comparable_pair(a, b)) return false;
    if constexpr (scalar_traits<T>::is_interval) {
      // NOTE: as in `agrees`: two bounded enclosures of the same real overlap; that is what can be asserted.
      (void)k_eps;
      (void)magnitude;
      return overlap(a, b);
    } else {
      if (a == b) return true;  // also the same infinity
      if (!(magnitude == magnitude)) return false;  // NaN magnitude
      T scale(1);
      const T m = abs_value(magnitude);
      if (scale < m) scale = m;
      return abs_value(T(a - b)) <= T(T(k_eps) * scalar_traits<T>::epsilon() * scale);
    }
  }
}

/// Entry-wise `==` (for exact types this is the only comparison the library makes). For reals, NaN is
/// unequal to everything (so a NaN anywhere fails) and the same infinity is equal.
template <Scalar T>
bool exactly_equal(const Matrix<T>& a, const Matrix<T>& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (!(a(i, j) == b(i, j))) return false;
  return true;
}

/// The residual in units of epsilon of the largest entry: max|a-b| / (eps · max(1, max|a|, max|b|)).
/// NaN (or ∞) when a and b cannot be compared entry by entry (see max_abs_difference).
template <Scalar T>
T residual_in_eps(const Matrix<T>& a, const Matrix<T>& b) {
  static_assert(!scalar_traits<T>::is_exact, "exact types compare with ==, not with a residual in eps");
  T scale(1);
  T ma = max_abs(a), mb = max_abs(b);
  if (scale < ma) scale = ma;
  if (scale < mb) scale = mb;
  return max_abs_difference(a, b) / (scalar_traits<T>::epsilon() * scale);
}

/// The tolerance comparison with its evidence: `==` when T is exact; for intervals, every pair of
/// enclosures bounded and overlapping; otherwise max|a−b| ≤ k_eps·ε·max(1, magnitude). Fails, naming the
/// entry, on any NaN (or unbounded enclosure) and on different infinities; also on a NaN magnitude.
template <Scalar T>
comparison compare_within_eps(const Matrix<T>& a, const Matrix<T>& b, double k_eps, const T& magnitude,
                              const std::string& a_name = "left", const std::string& b_name = "right") {
  comparison c;
  if (a.rows() != b.rows() || a.cols() != b.cols()) {
    c.why = a_name + " is " + shape_of(a) + " but " + b_name + " is " + shape_of(b);
    c.residual_eps = std::numeric_limits<double>::quiet_NaN();
    return c;
  }
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    (void)magnitude;
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      for (Eigen::Index j = 0; j < a.cols(); ++j)
        if (!(a(i, j) == b(i, j))) {
          c.at = {i, j};
          c.residual_eps = 1;
          c.why = a_name + c.at.str() + " = " + format_scalar(a(i, j)) + " but " + b_name + c.at.str() + " = " +
                  format_scalar(b(i, j));
          return c;
        }
    c.held = true;
    return c;
  } else {
    if (const auto p = first_incomparable(a, b)) {
      c.at = p;
      c.residual_eps = std::numeric_limits<double>::quiet_NaN();
      c.why = incomparable_entry(a, a_name, b, b_name) + ": not a number, nothing can be bounded";
      return c;
    }
    if constexpr (scalar_traits<T>::is_interval) {
      (void)k_eps;
      (void)magnitude;
      // NOTE: two enclosures of the same real must overlap; overlap is what can be asserted.
      for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
          if (!overlap(a(i, j), b(i, j))) {
            c.at = {i, j};
            c.residual_eps = std::numeric_limits<double>::infinity();
            c.why = a_name + c.at.str() + " = " + format_scalar(a(i, j)) + " and " + b_name + c.at.str() + " = " +
                    format_scalar(b(i, j)) + " do not overlap";
            return c;
          }
      c.held = true;
      return c;
    } else {
      if (!(magnitude == magnitude)) {
        c.residual_eps = std::numeric_limits<double>::quiet_NaN();
        c.why = "the magnitude the bound is scaled by is NaN";
        return c;
      }
      T scale(1);
      if (scale < abs_value(magnitude)) scale = abs_value(magnitude);
      T worst(0);
      for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j) {
          if (a(i, j) == b(i, j)) continue;
          const T d = abs_value(T(a(i, j) - b(i, j)));
          if (worst < d || !c.at) {
            worst = d;
            c.at = {i, j};
          }
        }
      const T r = T(worst / (scalar_traits<T>::epsilon() * scale));
      c.residual_eps = static_cast<double>(r);
      c.held = r <= T(k_eps);
      if (!c.held)
        c.why = "max|" + a_name + " − " + b_name + "| at " + c.at.str() + ": " + format_scalar(a(c.at.row, c.at.col)) +
                " vs " + format_scalar(b(c.at.row, c.at.col)) + ", residual " + std::to_string(c.residual_eps) +
                " ε exceeds the bound " + std::to_string(k_eps) + " ε";
      return c;
    }
  }
}

/// The comparison every check uses: `==` when T is exact; otherwise max|a-b| ≤ k·ε·max(1, |a|, |b|).
/// `k_eps` is ignored for exact types. The caller states (and justifies) k_eps. NaN (or an unbounded
/// enclosure) anywhere fails; compare_within_eps says where.
template <Scalar T>
bool agrees(const Matrix<T>& a, const Matrix<T>& b, double k_eps) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    return exactly_equal(a, b);
  } else if constexpr (scalar_traits<T>::is_interval) {
    return compare_within_eps(a, b, k_eps, T(1)).held;
  } else {
    // NOTE: written so that NaN fails: `r <= k` is false for NaN, where `!(k < r)` would be true.
    const T r = residual_in_eps(a, b);
    return r <= T(k_eps);
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
/// known magnitude (e.g. max|V|). Exact types: `==`. NaN anywhere (or a NaN magnitude) fails.
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
    if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
    if (!(magnitude == magnitude)) return false;
    T scale(1);
    if (scale < magnitude) scale = magnitude;
    return max_abs_difference(a, b) <= T(T(k_eps) * scalar_traits<T>::epsilon() * scale);
  }
}

}  // namespace orderblind
