// SPDX-License-Identifier: MIT
#pragma once
/// Comparisons that produce a step's case outcome: exact `==`, or a residual against a stated bound in ε.
#include <limits>
#include <sstream>
#include <string>

#include "orderblind/compare.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// A matrix on one line: [[a, b], [c, d]].
template <Scalar T>
std::string show(const Matrix<T>& m) {
  std::string s = "[";
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    s += (i ? ", [" : "[");
    for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + format_scalar(m(i, j));
    s += "]";
  }
  return s + "]";
}

/// `got == want` entry by entry (exact scalars); on failure names the first differing entry.
template <Scalar T>
case_outcome compare_exact(const Matrix<T>& got, const Matrix<T>& want, const std::string& got_name,
                           const std::string& want_name) {
  if (got.rows() != want.rows() || got.cols() != want.cols())
    return exact_outcome(false, got_name + " is " + shape_of(got) + " but " + want_name + " is " + shape_of(want));
  for (Eigen::Index i = 0; i < got.rows(); ++i)
    for (Eigen::Index j = 0; j < got.cols(); ++j)
      if (!(got(i, j) == want(i, j)))
        return exact_outcome(false, got_name + "(" + std::to_string(i) + "," + std::to_string(j) + ") = " +
                                        format_scalar(got(i, j)) + " but " + want_name + "(" + std::to_string(i) +
                                        "," + std::to_string(j) + ") = " + format_scalar(want(i, j)));
  return exact_outcome(true);
}

/// max|got − want| ≤ k_eps·ε·max(1, magnitude) for a real scalar; the residual is printed in ε.
/// A NaN (or an unbounded enclosure, or different infinities) in either matrix, or a NaN magnitude, fails
/// the case and names the entry (compare_within_eps in orderblind/compare.hpp).
template <Scalar T>
case_outcome compare_within(const Matrix<T>& got, const Matrix<T>& want, double k_eps, const T& magnitude,
                            const std::string& what) {
  static_assert(!scalar_traits<T>::is_exact, "exact scalars use compare_exact");
  if (got.rows() != want.rows() || got.cols() != want.cols())
    return {false, "shape", 1e300, what + ": " + shape_of(got) + " vs " + shape_of(want)};
  if (const std::string bad = incomparable_entry(got, std::string("got"), want, std::string("want")); !bad.empty())
    return {false, "NaN", std::numeric_limits<double>::infinity(),
            what + ": " + bad + " — not a number, so no bound can hold"};
  if (!(magnitude == magnitude))
    return {false, "NaN", std::numeric_limits<double>::infinity(), what + ": the magnitude the bound is scaled by is NaN"};
  T scale(1);
  if (scale < magnitude) scale = magnitude;
  const T r = max_abs_difference(got, want) / (scalar_traits<T>::epsilon() * scale);
  const double rv = static_cast<double>(r);
  std::ostringstream os;
  os.precision(3);
  os << rv << " ε";
  // NOTE: `r <= k` is false for NaN; the old `!(k < r)` was true for it.
  case_outcome o{r <= T(k_eps), os.str(), rv, {}};
  if (!o.held) o.detail = what + ": residual " + os.str() + " exceeds the bound " + std::to_string(k_eps) + " ε";
  return o;
}

/// Bit-for-bit equality of a real computation (the residual is 0 or the difference in ε).
template <Scalar T>
case_outcome compare_bitwise(const Matrix<T>& got, const Matrix<T>& want, const std::string& what) {
  if (exactly_equal(got, want)) return {true, "0", 0.0, {}};
  auto o = compare_within(got, want, 0.0, T(max_abs(want)), what);
  o.held = false;
  if (o.residual != "NaN") o.detail = what + ": not bit-for-bit identical (differs by " + o.residual + ")";
  return o;
}

}  // namespace orderblind::proofs
