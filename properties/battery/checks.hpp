#pragma once
/// Assertions used inside the laws: `==`, or agreement within a stated bound in ε; on failure the
/// message gives the residual in ε, the bound and both sides.
#include <rapidcheck.h>

#include <sstream>
#include <string>

#include "orderblind/compare.hpp"
#include "properties/support/show.hpp"

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
