#pragma once
/// Assertions used inside the laws: `==`, or agreement within a stated bound in ε; on failure the
/// message gives the residual in ε, the bound and both sides.
#include <rapidcheck.h>

#include <sstream>
#include <string>

#include "orderblind/compare.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/show.hpp"
#include "properties/support/stats.hpp"
#include "properties/support/weights.hpp"

namespace orderblind::properties {

/// Sizes of the random cases for scalar T (exact rationals grow fast, so they get smaller cases).
template <Scalar T>
struct case_sizes {
  static constexpr bool exact = scalar_traits<T>::is_exact;
  /// tokens per sequence (at least 2, so that a non-identity permutation exists)
  static constexpr Eigen::Index max_n = exact ? 4 : 6;
  /// model width
  static constexpr Eigen::Index max_d = exact ? 4 : 6;
  /// FFN hidden width
  static constexpr Eigen::Index max_hidden = exact ? 3 : 6;
  /// blocks in a stack
  static constexpr std::size_t max_blocks = exact ? 2 : 3;
  // NOTE: a decoder stack over an encoder stack chains up to 2 + 2·2 attention layers; with the rational
  // kernel each squares the bit length of its inputs, so the exact case of A.2 Step 5 is kept tiny.
  /// tokens, width and hidden width of the decoder-over-encoder case (A.2 Step 5)
  static constexpr Eigen::Index max_stack_n = exact ? 3 : 5;
  static constexpr Eigen::Index max_stack_d = exact ? 2 : 4;
  static constexpr Eigen::Index max_stack_hidden = exact ? 2 : 4;
};

/// A size in [lo, hi] (a shape parameter of the case), shown as `name` in a counterexample.
inline Eigen::Index draw_size(Eigen::Index lo, Eigen::Index hi, const char* name) {
  return *rc::gen::inRange<Eigen::Index>(lo, hi + 1).as(name);
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
/// A multi-head layout with d_model ≤ max_d (d and the head count recorded).
inline head_layout draw_layout(Eigen::Index max_d) {
  const auto l = *gen_head_layout(max_d).as("layout");
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

/// max|a − b| in units of ε·max(1, magnitude) (reals only), for messages and the ulp table.
template <Scalar T>
double residual_eps(const Matrix<T>& a, const Matrix<T>& b, const T& magnitude) {
  static_assert(!scalar_traits<T>::is_exact);
  T scale(1);
  if (scale < magnitude) scale = magnitude;
  return static_cast<double>(max_abs_difference(a, b) / (scalar_traits<T>::epsilon() * scale));
}

/// Fails the case unless a == b entry by entry (exact types; and reals where bit-equality is the law).
template <Scalar T>
void require_equal(const Matrix<T>& a, const Matrix<T>& b, const std::string& an, const std::string& bn) {
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

/// Fails the case unless max|a − b| ≤ k_eps·ε·max(1, magnitude); `==` for exact types.
template <Scalar T>
void require_agree(const Matrix<T>& a, const Matrix<T>& b, double k_eps, const T& magnitude, const std::string& an,
                   const std::string& bn) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k_eps;
    (void)magnitude;
    require_equal(a, b, an, bn);
  } else {
    observe_comparison(a, b);
    if (agrees_relative_to(a, b, k_eps, magnitude)) return;
    std::ostringstream os;
    os << an << " != " << bn << ": max|difference| = ";
    if (a.rows() == b.rows() && a.cols() == b.cols())
      os << residual_eps(a, b, magnitude) << " ε·max(1, " << format_scalar(magnitude) << ")";
    os << " > bound " << k_eps << "\n  " << an << " = " << rc::toString(a) << "\n  " << bn << " = " << rc::toString(b);
    RC_FAIL(os.str());
  }
}

}  // namespace orderblind::properties
