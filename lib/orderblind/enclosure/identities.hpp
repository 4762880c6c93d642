// SPDX-License-Identifier: MIT
#pragma once
/// Rigorous interval enclosures (MPFI) of the residuals of the sinusoidal and RoPE identities with the
/// real base-10000 frequencies θ_i = 10000^(−2i/d), and of RoPE attention under a shift of positions.
///
/// Each function returns interval residuals r with the exact residual inside r. upper(|r|) is then a
/// proven bound on |residual|. An enclosure containing 0 bounds the residual; it does not by itself
/// prove the identity (the exact paths in Q(t) and over Q prove equalities).
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/index.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind::enclosure {

/// The interval type of the certificates: MPFI with 100 decimal digits.
using interval = mpfi100;

/// θ_i for pair i of width d and the base, as an enclosure: exp(−(2i/d)·log(base)).
template <class I>
I frequency(Eigen::Index i, Eigen::Index d, const I& base) {
  using std::exp;
  using std::log;
  return I(exp(I(-I(2 * i) / I(d) * I(log(base)))));
}

/// Which frequency each side of an identity uses; a mutant passes a wrong one on one side.
template <class I>
using frequency_fn = std::function<I(Eigen::Index pair, Eigen::Index d)>;

/// The real sinusoid/RoPE frequencies with base 10000.
template <class I>
frequency_fn<I> base10000() {
  return [](Eigen::Index i, Eigen::Index d) { return frequency<I>(i, d, I(10000)); };
}

/// The sinusoid row PE(p): (sin pθ_0, cos pθ_0, sin pθ_1, cos pθ_1, …), d even.
template <class I>
std::vector<I> sinusoid_row(Eigen::Index p, Eigen::Index d, const frequency_fn<I>& theta) {
  using std::cos;
  using std::sin;
  std::vector<I> row(to_size(d, "the width"));
  for (Eigen::Index i = 0; i < d / 2; ++i) {
    const I a = I(p) * theta(i, d);
    at_index(row, 2 * i) = sin(a);
    at_index(row, 2 * i + 1) = cos(a);
  }
  return row;
}

/// Shift as a rotation: PE(p + k) − R_k PE(p), pairwise R_k = [[cos kθ, sin kθ], [−sin kθ, cos kθ]]
/// acting on (sin, cos). `theta_shift` is the frequency of R_k (the mutant passes a wrong one).
template <class I>
std::vector<I> sinusoid_shift_residual(Eigen::Index p, Eigen::Index k, Eigen::Index d, const frequency_fn<I>& theta,
                                       const frequency_fn<I>& theta_shift) {
  using std::cos;
  using std::sin;
  const auto lhs = sinusoid_row<I>(p + k, d, theta);
  const auto base = sinusoid_row<I>(p, d, theta);
  std::vector<I> r(to_size(d, "the width"));
  for (Eigen::Index i = 0; i < d / 2; ++i) {
    const I b = I(k) * theta_shift(i, d);
    const I c = cos(b), s = sin(b);
    const Eigen::Index si = 2 * i, ci = si + 1;
    at_index(r, si) = at_index(lhs, si) - (c * at_index(base, si) + s * at_index(base, ci));
    at_index(r, ci) = at_index(lhs, ci) - (c * at_index(base, ci) - s * at_index(base, si));
  }
  return r;
}

/// PE(m)·PE(n) − Σ_i cos((m − n)θ_i): the dot product depends on m − n only.
template <class I>
I sinusoid_dot_residual(Eigen::Index m, Eigen::Index n, Eigen::Index d, const frequency_fn<I>& theta,
                        const frequency_fn<I>& theta_rel) {
  using std::cos;
  const auto a = sinusoid_row<I>(m, d, theta), b = sinusoid_row<I>(n, d, theta);
  I dot(0), rel(0);
  for (std::size_t j = 0; j < a.size(); ++j) dot += a[j] * b[j];
  for (Eigen::Index i = 0; i < d / 2; ++i) rel += cos(I(I(m - n) * theta_rel(i, d)));
  return dot - rel;
}

/// RoPE (interleaved pairs): R_p x rotates pair (2i, 2i+1) by the angle p·θ_i.
template <class I>
Matrix<I> rope_rotate(const Matrix<I>& x, const std::vector<Eigen::Index>& positions, const frequency_fn<I>& theta) {
  using std::cos;
  using std::sin;
  Matrix<I> y(x.rows(), x.cols());
  const Eigen::Index d = x.cols();
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (Eigen::Index i = 0; i < d / 2; ++i) {
      const I a = I(at_index(positions, r)) * theta(i, d);
      const I c = cos(a), s = sin(a);
      const I u = x(r, 2 * i), v = x(r, 2 * i + 1);
      y(r, 2 * i) = c * u - s * v;
      y(r, 2 * i + 1) = s * u + c * v;
    }
  return y;
}

/// ⟨R_m q, R_n k⟩ − ⟨q, R_(n−m) k⟩: RoPE scores depend on n − m only.
template <class I>
I rope_relative_residual(const Matrix<I>& q, const Matrix<I>& k, Eigen::Index m, Eigen::Index n, const frequency_fn<I>& theta,
                         const frequency_fn<I>& theta_rel) {
  const auto a = rope_rotate<I>(q, {m}, theta), b = rope_rotate<I>(k, {n}, theta);
  const auto c = rope_rotate<I>(k, {n - m}, theta_rel);
  I lhs(0), rhs(0);
  for (Eigen::Index j = 0; j < q.cols(); ++j) {
    lhs += a(0, j) * b(0, j);
    rhs += q(0, j) * c(0, j);
  }
  return lhs - rhs;
}

/// RoPE attention (difference-form softmax): Z(positions + k) − Z(positions), entrywise enclosures.
/// `theta_shifted` is the frequency used for the shifted run (the mutant passes a wrong one).
template <class I, class K = softmax_difference_kernel>
Matrix<I> rope_attention_shift_residual(const Matrix<I>& x, const head_weights<I>& w, const std::vector<Eigen::Index>& positions,
                                        Eigen::Index k, const frequency_fn<I>& theta, const frequency_fn<I>& theta_shifted) {
  using std::sqrt;
  attention_options<I> opt;
  opt.scale = I(1) / I(sqrt(I(w.wq.cols())));
  auto shifted = positions;
  for (auto& p : shifted) p += k;
  const auto q = multiply(x, w.wq), kk = multiply(x, w.wk), v = multiply(x, w.wv);
  const auto z0 = attend_trace<I, K>(rope_rotate<I>(q, positions, theta), rope_rotate<I>(kk, positions, theta), v, opt).z;
  const auto z1 =
      attend_trace<I, K>(rope_rotate<I>(q, shifted, theta_shifted), rope_rotate<I>(kk, shifted, theta_shifted), v, opt).z;
  Matrix<I> r(z0.rows(), z0.cols());
  for (Eigen::Index i = 0; i < r.rows(); ++i)
    for (Eigen::Index j = 0; j < r.cols(); ++j) r(i, j) = z1(i, j) - z0(i, j);
  return r;
}

}  // namespace orderblind::enclosure
