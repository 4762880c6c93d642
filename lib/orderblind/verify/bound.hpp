// SPDX-License-Identifier: MIT
#pragma once
/// The one comparison family: `==` for exact scalars, a bound in units of ε scaled entry by entry for
/// floating ones, overlap plus a width bound for enclosures. The rule for values that are not numbers is
/// written once, here: a NaN or an infinity in a compared matrix, in the bound's scale or in its multiple
/// of ε, or an unbounded enclosure, FAILS, and the failure names the entry. Every result is a
/// `comparison` whose `ratio` is the worst residual ÷ its bound (≤ 1 held), so tightness is measured by
/// every check that uses it.
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include "orderblind/matrix.hpp"

namespace orderblind::verify {

/// The place of one entry of a matrix; row < 0 means "none".
struct entry_at {
  Eigen::Index row = -1, col = -1;
  explicit operator bool() const { return row >= 0; }
  /// "(2, 3)".
  // NOTE: appended piece by piece: g++ 12 raises a false -Wrestrict on "(" + std::to_string(…) when inlined.
  std::string str() const {
    std::string s(1, '(');
    s.append(std::to_string(row)).append(", ").append(std::to_string(col)).push_back(')');
    return s;
  }
};

/// What one comparison found.
struct comparison {
  bool held = false;
  /// The worst residual ÷ its bound over all entries (0: equal; ≤ 1: within it). NaN when the values could
  /// not be compared; +∞ when a non-zero difference met a zero bound (exact types: 0 or +∞).
  double ratio = std::numeric_limits<double>::quiet_NaN();
  entry_at at;      ///< the worst (or the first incomparable) entry
  std::string why;  ///< empty when held; else the entry, the two values and the bound
  explicit operator bool() const { return held; }
};

/// A bound on |a_ij − b_ij|: `==` for exact scalars; otherwise k·(ε·s_ij + η), where s_ij is the entry's
/// own scale, read from `scale`: 1×1 — one magnitude for every entry; 1×c — per column; r×1 — per row;
/// r×c — per entry. Enclosures must also overlap, and each be no wider than that same bound.
// NOTE: η = the smallest subnormal (double: 2^-1074; 0 without subnormals), the absolute term of the model
// fl(x op y) = (x op y)(1 + δ) + η', |δ| ≤ u, |η'| ≤ η/2 (Higham §2.1); not a floor: a scale-invariant law's
// bound scales with the data. Proved in this form (Coq, Flocq binary64 with subnormals): one head reordered
// moves each entry by ≤ (2n+1)(ε·max|V| + η), proofs/formal/FloatSum.v attn_reorder_eps (k = 2n + 1).
template <Scalar T>
struct tolerance {
  double k = 0;        ///< multiples of ε (ignored for exact scalars)
  Matrix<T> scale;     ///< the entries' scales (see above); empty: exact `==` for any T
  std::string text;    ///< the bound as stated in reports, e.g. "≤ 4(n+1)·ε·max_k|V_kj| per entry"
  double width_k = 0;  ///< enclosures: each no wider than width_k·ε·s_ij (0: k, the same bound as the difference)
};

/// `==` entry by entry, for any scalar (bit for bit for floating ones).
template <Scalar T>
tolerance<T> equality(std::string text = "== (exact)") {
  return {0, Matrix<T>(), std::move(text)};
}

/// k·ε·s_ij with the scales `scale` (1×1, 1×c, r×1 or r×c); `==` for exact scalars.
template <Scalar T>
tolerance<T> within_eps(double k, Matrix<T> scale, std::string text) {
  return {k, std::move(scale), std::move(text)};
}

/// |x| as a point: for an interval, its magnitude (the upper end of |x|).
template <Scalar T>
T magnitude_of(const T& x) {
  if constexpr (scalar_traits<T>::is_interval) {
    return T(upper(abs(x)));
  } else if constexpr (std::is_floating_point_v<T>) {
    return std::fabs(x);
  } else if constexpr (scalar_traits<T>::is_ordered) {
    return x < T(0) ? T(-x) : x;
  } else {
    using std::abs;
    return abs(x);
  }
}

/// One scale for every entry: 1×1 holding |m|.
template <Scalar T>
Matrix<T> one_scale(const T& m) {
  return Matrix<T>::Constant(1, 1, magnitude_of(m));
}

/// Per-column scales: 1×c, entry j = max_i |m_ij| (NaN if a NaN is in the column: it then fails).
template <Scalar T>
Matrix<T> column_scales(const Matrix<T>& m) {
  Matrix<T> s = Matrix<T>::Zero(1, m.cols());
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      const T x = magnitude_of(m(i, j));
      if constexpr (!scalar_traits<T>::is_exact && scalar_traits<T>::can_be_nonfinite && !scalar_traits<T>::is_interval)
        if (!(x == x)) {
          s(0, j) = x;
          break;
        }
      if (s(0, j) < x) s(0, j) = x;
    }
  return s;
}

/// Per-column scales of O·W where every row of O is a convex combination of the rows of V (a multi-head
/// layer: concat(heads)·W_O): s_j = Σ_c max_i|V_ic|·|W(c, j)|, 1×(columns of W).
// NOTE: a column c of O moves by at most k·ε·max_i|V_ic| and is at most max_i|V_ic| in size, so column j of
// O·W moves by at most k·ε·s_j (plus the product's own rounding, also ∝ s_j): a large column of V widens
// only the output columns it feeds, never the one global scale d·max|W|·max|V|.
template <Scalar T>
Matrix<T> mixed_column_scales(const Matrix<T>& v, const Matrix<T>& w) {
  const Matrix<T> cv = column_scales(v);
  Matrix<T> s = Matrix<T>::Zero(1, w.cols());
  for (Eigen::Index j = 0; j < w.cols(); ++j)
    for (Eigen::Index c = 0; c < w.rows() && c < cv.cols(); ++c)
      s(0, j) = T(s(0, j) + T(cv(0, c) * magnitude_of(w(c, j))));
  return s;
}

/// Entry-wise max of two scale matrices of one shape.
template <Scalar T>
Matrix<T> larger_scales(const Matrix<T>& a, const Matrix<T>& b) {
  Matrix<T> s = a;
  for (Eigen::Index i = 0; i < s.rows(); ++i)
    for (Eigen::Index j = 0; j < s.cols(); ++j)
      if (s(i, j) < b(i, j) || !(b(i, j) == b(i, j))) s(i, j) = b(i, j);
  return s;
}

namespace detail {

/// "NaN", "+inf", "-inf", "an unbounded enclosure [a, b]" — or "" when x is a number (comparable).
template <Scalar T>
std::string not_a_number(const T& x) {
  if constexpr (scalar_traits<T>::is_exact || !scalar_traits<T>::can_be_nonfinite) {
    (void)x;
    return {};
  } else if constexpr (scalar_traits<T>::is_interval) {
    using std::isfinite;  // NOTE: the ends are found by ADL (Boost.Multiprecision's isfinite).
    if (isfinite(lower(x)) && isfinite(upper(x))) return {};
    return "a NaN or unbounded enclosure " + format_scalar(x);
  } else {
    if (is_finite(x)) return {};
    if (!(x == x)) return "NaN";
    return x < T(0) ? "-inf" : "+inf";
  }
}

/// The smallest subnormal of T (0 when T has none).
template <Scalar T>
T underflow_unit() {
  if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::denorm_min();
  else return T(0);
}

/// The scale of entry (i, j) under the broadcasting rule of `tolerance::scale`.
template <Scalar T>
const T& scale_at(const Matrix<T>& s, Eigen::Index i, Eigen::Index j) {
  return s(s.rows() == 1 ? 0 : i, s.cols() == 1 ? 0 : j);
}

/// x as a double, for ratios (NaN stays NaN).
template <Scalar T>
double to_double(const T& x) {
  if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(x);
  else return static_cast<double>(x);
}

/// x with the digits that tell it apart from `other` (6 at least, 17 at most).
inline std::string digits_apart(double x, double other) {
  std::ostringstream out;
  for (int digits = 6; digits <= 17; ++digits) {
    std::ostringstream a, b;
    a.precision(digits);
    b.precision(digits);
    a << x;
    b << other;
    out.str(a.str());
    if (a.str() != b.str()) break;
  }
  return out.str();
}

}  // namespace detail

namespace detail {

/// `compare`'s body. With `explain` false the verdict, ratio and entry are the same, but no failure is
/// put into words (`why` stays empty).
// NOTE: a search that expects most comparisons to fail (the PE battery's injectivity: every pair of
// encodings must NOT be alike) spent most of its time printing two 100-digit values per failed pair.
template <Scalar T>
comparison compare_entries(const Matrix<T>& a, const Matrix<T>& b, const tolerance<T>& t, const std::string& a_name,
                           const std::string& b_name, bool explain) {
  comparison c;
  if (a.rows() != b.rows() || a.cols() != b.cols()) {
    c.why = a_name + " is " + shape_of(a) + " but " + b_name + " is " + shape_of(b);
    return c;
  }
  if (a.rows() == 0 || a.cols() == 0) {
    c.why = a_name + " and " + b_name + " are empty (" + shape_of(a) + "): nothing was compared";
    return c;
  }
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      std::string bad = detail::not_a_number(a(i, j));
      std::string name = a_name;
      if (bad.empty()) {
        bad = detail::not_a_number(b(i, j));
        name = b_name;
      }
      if (!bad.empty()) {
        c.at = {i, j};
        if (explain)
          c.why = name + c.at.str() + " is " + bad + " (" + a_name + c.at.str() + " = " + format_scalar(a(i, j)) + ", " +
                b_name + c.at.str() + " = " + format_scalar(b(i, j)) + "): not a number, nothing can be bounded";
        return c;
      }
    }
  const bool exact = scalar_traits<T>::is_exact || t.scale.size() == 0;
  if (exact) {
    if constexpr (!scalar_traits<T>::is_interval) {
      for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
          if (!(a(i, j) == b(i, j))) {
            c.at = {i, j};
            c.ratio = std::numeric_limits<double>::infinity();
            if (explain)
              c.why = a_name + c.at.str() + " = " + format_scalar(a(i, j)) + " but " + b_name + c.at.str() + " = " +
                    format_scalar(b(i, j)) + " (required: " + t.text + ")";
            return c;
          }
      c.ratio = 0;
      c.held = true;
      return c;
    } else {
      c.why = "an enclosure cannot be compared with ==: state a width bound";
      return c;
    }
  }
  if constexpr (!scalar_traits<T>::is_exact) {
    if (!(t.k >= 0) || !std::isfinite(t.k) || !(t.width_k >= 0) || !std::isfinite(t.width_k)) {
      c.why = "the bound's multiple of ε is " + std::to_string(t.k) + ": not a finite, non-negative number";
      return c;
    }
    const auto& s = t.scale;
    if ((s.rows() != 1 && s.rows() != a.rows()) || (s.cols() != 1 && s.cols() != a.cols())) {
      c.why = "the bound's scale is " + shape_of(s) + ", which does not fit " + shape_of(a);
      return c;
    }
    for (Eigen::Index i = 0; i < s.rows(); ++i)
      for (Eigen::Index j = 0; j < s.cols(); ++j) {
        const std::string bad = detail::not_a_number(s(i, j));
        if (!bad.empty() || s(i, j) < T(0)) {
          c.at = {i, j};
          c.why = "the bound's scale" + c.at.str() + " is " + (bad.empty() ? format_scalar(s(i, j)) : bad) +
                  ": a bound must be a finite, non-negative number";
          return c;
        }
      }
    const T eps = scalar_traits<T>::epsilon();
    const T eta = detail::underflow_unit<T>();
    double worst = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      for (Eigen::Index j = 0; j < a.cols(); ++j) {
        const T bound = T(T(t.k) * T(eps * detail::scale_at(s, i, j) + eta));
        double r = 0;
        if constexpr (scalar_traits<T>::is_interval) {
          if (!overlap(a(i, j), b(i, j))) {
            c.at = {i, j};
            c.ratio = std::numeric_limits<double>::infinity();
            if (explain)
              c.why = a_name + c.at.str() + " = " + format_scalar(a(i, j)) + " and " + b_name + c.at.str() + " = " +
                    format_scalar(b(i, j)) + " do not overlap";
            return c;
          }
          // NOTE: overlap alone asserts nothing about a wide enclosure; each must be within the bound.
          const auto wa = width(a(i, j)), wb = width(b(i, j));  // points (upward-rounded widths)
          const T w = T(wa < wb ? wb : wa);
          const T width_bound = t.width_k > 0 ? T(T(t.width_k) * T(eps * detail::scale_at(s, i, j))) : bound;
          r = detail::to_double(upper(w)) / detail::to_double(upper(width_bound));
          if (w == T(0)) r = 0;
          else if (!(upper(width_bound) > 0)) r = std::numeric_limits<double>::infinity();
        } else {
          if (a(i, j) == b(i, j)) continue;
          const T d = magnitude_of(T(a(i, j) - b(i, j)));
          if (!(bound > T(0))) r = std::numeric_limits<double>::infinity();
          else r = detail::to_double(T(d / bound));
          if (!detail::not_a_number(d).empty()) r = std::numeric_limits<double>::infinity();  // overflow of a − b
        }
        if (r > worst || (!c.at && r > 0)) {
          worst = r;
          c.at = {i, j};
        }
      }
    c.ratio = worst;
    c.held = worst <= 1.0;
    if (!c.held && explain) {
      const auto i = c.at.row, j = c.at.col;
      std::string what = scalar_traits<T>::is_interval ? "the wider enclosure" : "|" + a_name + " − " + b_name + "|";
      const double k = scalar_traits<T>::is_interval && t.width_k > 0 ? t.width_k : t.k;
      c.why = what + " at " + c.at.str() + " (" + format_scalar(a(i, j)) + " vs " + format_scalar(b(i, j)) + ") is " +
              detail::digits_apart(worst, 1.0) + " × its bound " + t.text + " (k = " + detail::digits_apart(k, 0) +
              ", scale " + format_scalar(detail::scale_at(s, i, j)) + ")";
    }
  }
  return c;
}

}  // namespace detail

/// Compares a and b entry by entry under `t`. Fails, saying why and where, when: the shapes differ; a
/// matrix is empty (nothing would be compared); any entry of a or b is NaN or infinite (also the same
/// infinity on both sides: it has no residual to bound) or an unbounded enclosure; the tolerance's k or a
/// scale is NaN, infinite or negative, or the scale's shape does not fit; an entry's difference exceeds its
/// bound; two enclosures do not overlap, or one is wider than the bound.
template <Scalar T>
comparison compare(const Matrix<T>& a, const Matrix<T>& b, const tolerance<T>& t, const std::string& a_name = "left",
                   const std::string& b_name = "right") {
  return detail::compare_entries(a, b, t, a_name, b_name, true);
}

/// `compare(a, b, t).held`, without putting a failure into words: for searches that expect most
/// comparisons to fail (the same verdict, ratio and entry; `why` is left empty).
template <Scalar T>
bool compare_held(const Matrix<T>& a, const Matrix<T>& b, const tolerance<T>& t) {
  return detail::compare_entries(a, b, t, "left", "right", false).held;
}

/// The same comparison for two scalars (a 1×1 case of `compare`).
template <Scalar T>
comparison compare(const T& a, const T& b, const tolerance<T>& t, const std::string& a_name = "left",
                   const std::string& b_name = "right") {
  return compare(Matrix<T>(Matrix<T>::Constant(1, 1, a)), Matrix<T>(Matrix<T>::Constant(1, 1, b)), t, a_name, b_name);
}

/// `compare(a, b, t).held` for two scalars, without putting a failure into words.
template <Scalar T>
bool compare_held(const T& a, const T& b, const tolerance<T>& t) {
  return compare_held(Matrix<T>(Matrix<T>::Constant(1, 1, a)), Matrix<T>(Matrix<T>::Constant(1, 1, b)), t);
}

}  // namespace orderblind::verify
