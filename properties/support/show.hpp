// SPDX-License-Identifier: MIT
#pragma once
/// Readable counterexamples: RapidCheck `showValue` overloads for matrices (rationals as p/q, reals
/// to full precision), permutations (cycle notation) and the support structs.
#include <ostream>

#include "orderblind/attention.hpp"
#include "orderblind/permutation.hpp"
#include "properties/support/weights.hpp"

namespace Eigen {
/// A matrix as rows of scalars printed by `format_scalar` (p/q for rationals), with its shape.
// NOTE: in namespace Eigen so that RapidCheck's unqualified `showValue(value, os)` finds it by ADL.
template <class T>
  requires orderblind::Scalar<T>
void showValue(const Matrix<T, Dynamic, Dynamic>& m, std::ostream& os) {
  os << m.rows() << "x" << m.cols() << " [";
  for (Index i = 0; i < m.rows(); ++i) {
    os << (i ? "; " : "");
    for (Index j = 0; j < m.cols(); ++j) os << (j ? " " : "") << orderblind::format_scalar(m(i, j));
  }
  os << "]";
}
}  // namespace Eigen

namespace orderblind {
/// A permutation in cycle notation, with its size: "(0 2) on 3 points".
inline void showValue(const permutation& p, std::ostream& os) { os << p.cycles() << " on " << p.size() << " points"; }

/// One head's weights.
template <Scalar T>
void showValue(const head_weights<T>& w, std::ostream& os) {
  os << "W_Q = ";
  showValue(w.wq, os);
  os << ", W_K = ";
  showValue(w.wk, os);
  os << ", W_V = ";
  showValue(w.wv, os);
}

/// Multi-head weights.
template <Scalar T>
void showValue(const multi_head_weights<T>& w, std::ostream& os) {
  os << w.heads << " head(s): W_Q = ";
  showValue(w.wq, os);
  os << ", W_K = ";
  showValue(w.wk, os);
  os << ", W_V = ";
  showValue(w.wv, os);
  os << ", W_O = ";
  showValue(w.wo, os);
}

/// FFN weights.
template <Scalar T>
void showValue(const ffn_weights<T>& w, std::ostream& os) {
  os << "W1 = ";
  showValue(w.w1, os);
  os << ", b1 = ";
  showValue(w.b1, os);
  os << ", W2 = ";
  showValue(w.w2, os);
  os << ", b2 = ";
  showValue(w.b2, os);
}
}  // namespace orderblind

namespace orderblind::properties {
/// A multi-head layout.
inline void showValue(const head_layout& l, std::ostream& os) {
  os << "d_model = " << l.d_model << ", " << l.heads << " head(s) of width " << l.head_width();
}
/// A PE case.
inline void showValue(const pe_case& c, std::ostream& os) {
  os << "p = " << c.p << ", k = " << c.k << ", d = " << c.d << ", base = " << c.base;
}
}  // namespace orderblind::properties
