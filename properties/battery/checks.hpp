// SPDX-License-Identifier: MIT
#pragma once
/// Assertions used inside the laws: `==`, or agreement within a stated bound in ε; on failure the
/// message gives the residual in ε, the bound and both sides.
#include <rapidcheck.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "orderblind/compare.hpp"
#include "properties/battery/law.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/show.hpp"
#include "properties/support/stats.hpp"
#include "properties/support/weights.hpp"

namespace orderblind::properties {

/// Sizes of the random cases for scalar T: each size is drawn uniformly from its range (docs/generators.md).
// NOTE: exact rationals grow fast (with the rational kernel each attention layer roughly squares the bit
// length of its inputs), so exact cases are smaller, and the stacks smaller still.
template <Scalar T>
struct case_sizes {
  static constexpr bool exact = scalar_traits<T>::is_exact;
  /// double (cheap) gets the long sequences; exact and MPFR-100 the short ones
  static constexpr bool small = exact || !std::is_same_v<T, double>;
  /// tokens per sequence (at least 2, so that a non-identity permutation exists): 2..8, double 2..32
  static constexpr Eigen::Index max_n = small ? 8 : 32;
  /// model width
  static constexpr Eigen::Index max_d = small ? 4 : 8;
  /// FFN hidden width
  static constexpr Eigen::Index max_hidden = small ? 3 : 8;
  /// blocks in a stack
  static constexpr std::size_t max_blocks = exact ? 2 : 3;
  /// tokens and width of an encoder stack (P2): exact 2..6
  static constexpr Eigen::Index max_block_n = exact ? 6 : max_n;
  static constexpr Eigen::Index max_block_d = exact ? 3 : max_d;
  // NOTE: a decoder stack over an encoder stack chains 2 + 2·2 attention layers; each exact attention
  // layer mixes the rows' denominators (and the rational kernel squares the scores), so the exact case
  // of A.2 Step 5 draws its entries from `stack_entry` (small integers) and few decoder rows.
  /// tokens (encoder rows), decoder rows, width and hidden width of the decoder-over-encoder case
  static constexpr Eigen::Index max_stack_n = small ? 8 : 16;
  static constexpr Eigen::Index max_stack_m = exact ? 2 : max_stack_n;
  static constexpr Eigen::Index max_stack_d = exact ? 2 : 4;
  static constexpr Eigen::Index max_stack_hidden = exact ? 2 : 4;
  // NOTE: a stack's width is at least 2: with d = 1 every row is its own mean, the norm (LayerNorm or
  // the MAD norm) returns its bias β for every row, and a block's output no longer depends on its input
  // at all — the law would hold whatever the attention did.
  /// the smallest model width of a stack case
  static constexpr Eigen::Index min_stack_d = 2;
};

/// A size uniform in [lo, hi] (a shape parameter of the case), shown as `name` in a counterexample.
inline Eigen::Index draw_size(Eigen::Index lo, Eigen::Index hi, const char* name) {
  return *gen_uniform<Eigen::Index>(lo, hi).as(name);
}
/// The number of tokens n ∈ [2, max] (recorded for the statistics).
template <Scalar T>
Eigen::Index draw_tokens(const char* name = "n (tokens)", Eigen::Index max = case_sizes<T>::max_n) {
  const auto n = draw_size(2, max, name);
  observe_n(n);
  return n;
}
/// The model width d ∈ [1, max] (recorded).
template <Scalar T>
Eigen::Index draw_width(const char* name = "d_model", Eigen::Index max = case_sizes<T>::max_d) {
  const auto d = draw_size(1, max, name);
  observe_d(d);
  return d;
}
/// A multi-head layout with min_d ≤ d_model ≤ max_d (d and the head count recorded).
inline head_layout draw_layout(Eigen::Index max_d, Eigen::Index min_d = 1) {
  const auto l = *gen_head_layout(max_d, false, min_d).as("layout");
  observe_d(l.d_model);
  observe_heads(l.heads);
  return l;
}
/// The permutation P of n rows (never the identity; its kind recorded).
inline permutation draw_permutation(std::size_t n) {
  auto p = *gen_permutation(n).as("P");
  observe_permutation(p);
  return p;
}
/// An input matrix (X, C, Y) of the case, entries from the natural generator of T (an all-zero one is
/// recorded as degenerate).
template <Scalar T>
Matrix<T> draw_input(Eigen::Index rows, Eigen::Index cols, const char* name) {
  auto m = *gen_matrix<T>(rows, cols).as(name);
  observe_input(m);
  return m;
}

/// While statistics are collected: records the softmax weights of every head of `impl` on (y, c).
template <Scalar T, class Impl>
void observe_heads_weights(const Impl& impl, const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                           const attention_options<T>& opt) {
  if (!collecting_stats()) return;
  for (std::size_t h = 0; h < w.heads; ++h) observe_weights(impl.template trace<T>(y, c, w.head(h), opt).a);
}

/// max|a − b| in units of ε·|magnitude| (reals only), for messages and the ulp table.
template <Scalar T>
double residual_eps(const Matrix<T>& a, const Matrix<T>& b, const T& magnitude) {
  static_assert(!scalar_traits<T>::is_exact);
  const T scale = abs_value(magnitude);
  return static_cast<double>(max_abs_difference(a, b) / (scalar_traits<T>::epsilon() * scale));
}

/// A NaN or an infinity in a compared value: it fails every comparison, and a law that must find a
/// counterexample reports it as an error (it is thrown, never a counterexample).
struct nonfinite_value : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws nonfinite_value if an entry of m is NaN or infinite (reals; exact types have neither).
// NOTE: x − x == 0 is false exactly for NaN and ±∞, in double and in MPFR alike.
template <Scalar T>
void require_finite(const Matrix<T>& m, const std::string& name) {
  if constexpr (!scalar_traits<T>::is_exact) {
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      for (Eigen::Index j = 0; j < m.cols(); ++j)
        if (!(T(m(i, j) - m(i, j)) == T(0)))
          throw nonfinite_value(name + " has a non-finite entry " + format_scalar(m(i, j)) + " at (" +
                                std::to_string(i) + ", " + std::to_string(j) + ")");
  }
}

/// The perturbation checks of a bound: `a` with entry (0, 0) moved by `detail::edge_factor` × the
/// bound (k_eps·ε·|magnitude|); for a bit-for-bit law (k_eps = 0) by one to two ulps (ε·|x|, or ε
/// at 0). Unchanged when no perturbation runs (factor 0) and for exact types.
template <Scalar T>
Matrix<T> perturbed(Matrix<T> a, double k_eps, const T& magnitude) {
  if constexpr (!scalar_traits<T>::is_exact) {
    const double f = detail::edge_factor;
    if (f != 0 && a.size() > 0) {
      const T eps = scalar_traits<T>::epsilon();
      T step;
      if (k_eps > 0) {
        const T scale = abs_value(magnitude);
        step = T(T(f) * T(k_eps) * eps * scale);
      } else {
        step = a(0, 0) == T(0) ? eps : T(abs_value(a(0, 0)) * eps);
      }
      a(0, 0) = T(a(0, 0) + step);
    }
  } else {
    (void)k_eps;
    (void)magnitude;
  }
  return a;
}

/// Fails the case unless a == b entry by entry (exact types; and reals where bit-equality is the law).
template <Scalar T>
void require_equal(const Matrix<T>& a_in, const Matrix<T>& b, const std::string& an, const std::string& bn) {
  require_finite(a_in, an);
  require_finite(b, bn);
  const Matrix<T> a = perturbed(a_in, 0.0, T(1));
  observe_comparison(a, b);
  if (exactly_equal(a, b)) return;
  std::ostringstream os;
  os << an << " != " << bn << " (required: equal entry by entry)";
  if constexpr (!scalar_traits<T>::is_exact)
    if (a.rows() == b.rows() && a.cols() == b.cols())
      os << "; max|difference| = " << format_scalar(max_abs_difference(a, b));
  os << "\n  " << an << " = " << rc::toString(a) << "\n  " << bn << " = " << rc::toString(b);
  RC_FAIL(os.str());
}

/// x in decimal with the digits that tell it apart from `bound` (verify/bound.hpp's digits_apart).
// NOTE: a residual of 12.0000000095 ε against a bound of 12 printed "12 > 12" at the stream's default 6
// digits; the message must show why the comparison failed.
inline std::string digits_apart_from(double x, double bound) { return verify::detail::digits_apart(x, bound); }

/// Fails the case unless max|a − b| ≤ k_eps·ε·|magnitude| (verify::compare: NaN and ∞ fail, no floor);
/// `==` for exact types. Records the residual ÷ bound while statistics are collected.
template <Scalar T>
void require_agree(const Matrix<T>& a_in, const Matrix<T>& b, double k_eps, const T& magnitude, const std::string& an,
                   const std::string& bn) {
  require_finite(a_in, an);
  require_finite(b, bn);
  require_finite(Matrix<T>(Matrix<T>::Constant(1, 1, magnitude)), "the bound's scale");
  const Matrix<T> a = perturbed(a_in, k_eps, magnitude);
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    (void)magnitude;
    require_equal(a, b, an, bn);
  } else {
    observe_comparison(a, b);
    const auto c = verify::compare(
        a, b, verify::within_eps<T>(k_eps, verify::one_scale(magnitude), "k·ε·" + format_scalar(magnitude)), an, bn);
    if (collecting_stats() && k_eps > 0 && c.ratio == c.ratio) observe_bound_ratio(c.ratio);
    if (c.held) return;
    std::ostringstream os;
    os << an << " != " << bn << ": max|difference| = ";
    if (a.rows() == b.rows() && a.cols() == b.cols())
      os << digits_apart_from(residual_eps(a, b, magnitude), k_eps) << " ε·" << format_scalar(abs_value(magnitude));
    os << " > bound " << k_eps << " (" << c.why << ")\n  " << an << " = " << rc::toString(a) << "\n  " << bn << " = "
       << rc::toString(b);
    RC_FAIL(os.str());
  }
}

/// Fails the case unless |a_ij − b_ij| ≤ k_eps·ε·s_j for every entry, with s = `scales` (1×c: one
/// magnitude per column, verify::column_scales of what the law's output column j is computed from);
/// `==` for exact types. Records the residual ÷ bound while statistics are collected.
// NOTE: per column, not one global max: an output column that is a convex combination of V's column j
// (attention) carries a rounding error of k·ε·max_i|V_ij|, so a constant 10¹² column of V must not widen
// the bound of another column, where a 10⁻⁶ leak would then pass unseen. verify::compare adds the
// underflow term η for scales near the subnormals.
template <Scalar T>
void require_agree_columns(const Matrix<T>& a_in, const Matrix<T>& b, double k_eps, const Matrix<T>& scales,
                           const std::string& an, const std::string& bn) {
  require_finite(a_in, an);
  require_finite(b, bn);
  require_finite(scales, "the bound's column scales");
  if (scales.rows() != 1 || scales.cols() != b.cols())
    throw std::invalid_argument("require_agree_columns: " + std::to_string(scales.rows()) + "×" +
                                std::to_string(scales.cols()) + " scales for " + std::to_string(b.cols()) + " columns");
  // NOTE: the edge check moves entry (0, 0), so it is scaled by column 0's magnitude.
  const Matrix<T> a = perturbed(a_in, k_eps, scales.size() > 0 ? T(scales(0, 0)) : T(1));
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    require_equal(a, b, an, bn);
  } else {
    observe_comparison(a, b);
    const auto c = verify::compare(a, b, verify::within_eps<T>(k_eps, scales, "k·ε·max|column j|"), an, bn);
    if (collecting_stats() && k_eps > 0 && c.ratio == c.ratio) observe_bound_ratio(c.ratio);
    if (c.held) return;
    std::ostringstream os;
    os << an << " != " << bn << ": " << c.why << " (bound " << k_eps << " ε × each column's own scale)\n  " << an
       << " = " << rc::toString(a) << "\n  " << bn << " = " << rc::toString(b);
    RC_FAIL(os.str());
  }
}

/// Fails the case unless every row of `z` lies in the bounding box of the rows of `v` (column by column,
/// widened by k_eps·ε·max|v| for reals): what a weighted mean of the rows of v must satisfy.
template <Scalar T>
void require_in_hull(const Matrix<T>& z, const Matrix<T>& v, double k_eps, const std::string& zn, const std::string& vn) {
  require_finite(z, zn);
  require_finite(v, vn);
  T slack(0);
  if constexpr (!scalar_traits<T>::is_exact) {
    const T scale = max_abs(v);
    slack = T(T(k_eps) * scalar_traits<T>::epsilon() * scale);
  }
  for (Eigen::Index j = 0; j < z.cols(); ++j) {
    T lo = v(0, j), hi = v(0, j);
    for (Eigen::Index k = 1; k < v.rows(); ++k) {
      if (v(k, j) < lo) lo = v(k, j);
      if (hi < v(k, j)) hi = v(k, j);
    }
    for (Eigen::Index i = 0; i < z.rows(); ++i)
      if (z(i, j) < T(lo - slack) || T(hi + slack) < z(i, j))
        RC_FAIL(zn + " entry (" + std::to_string(i) + ", " + std::to_string(j) + ") = " + format_scalar(z(i, j)) +
                " lies outside [" + format_scalar(lo) + ", " + format_scalar(hi) + "], the range of column " +
                std::to_string(j) + " of " + vn + ": it is not a weighted mean of those rows");
  }
}

}  // namespace orderblind::properties
