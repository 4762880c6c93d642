// SPDX-License-Identifier: MIT
#pragma once
/// The proofs' comparisons, each verify/bound.hpp's: exact `==`, bit for bit, or within k·(ε·magnitude + η).
#include <sstream>
#include <string>

#include "orderblind/compare.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/verify/bound.hpp"
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

/// `got == want` entry by entry (exact scalars): verify/bound.hpp's comparison, which names the first
/// differing entry.
template <Scalar T>
verify::comparison compare_exact(const Matrix<T>& got, const Matrix<T>& want, const std::string& got_name,
                                 const std::string& want_name) {
  return verify::compare(got, want, verify::equality<T>(), got_name, want_name);
}

/// max|got − want| ≤ k_eps·(ε·magnitude + η) for a real scalar: verify/bound.hpp's comparison with one
/// scale for every entry, the magnitude the caller states (max|V| for an attention output, 1 for weights
/// and for sines and cosines). No floor: the laws are scale-invariant, so is the bound. A NaN (or an unbounded enclosure, or an infinity) in either matrix, or a NaN
/// magnitude, fails the case and names the entry. A step prints the residual in ε (verify::step::add
/// with k_eps).
template <Scalar T>
verify::comparison compare_within(const Matrix<T>& got, const Matrix<T>& want, double k_eps, const T& magnitude,
                                  const std::string& what) {
  static_assert(!scalar_traits<T>::is_exact, "exact scalars use compare_exact");
  std::ostringstream k;
  k << k_eps;
  auto c = verify::compare(got, want, verify::within_eps<T>(k_eps, verify::one_scale(magnitude), "≤ " + k.str() + "·(ε·magnitude + η)"),
                           "got", "want");
  if (!c.held) c.why = what + ": " + c.why;
  return c;
}

/// Bit-for-bit equality of a real computation.
template <Scalar T>
verify::comparison compare_bitwise(const Matrix<T>& got, const Matrix<T>& want, const std::string& what) {
  auto c = verify::compare(got, want, verify::equality<T>("== (bit for bit)"), "got", "want");
  if (!c.held) c.why = what + ": not bit-for-bit identical: " + c.why;
  return c;
}

}  // namespace orderblind::proofs
