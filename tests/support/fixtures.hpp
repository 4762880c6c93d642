// SPDX-License-Identifier: MIT
#pragma once
/// Small deterministic inputs for unit tests (the property batteries draw random ones).
#include "orderblind/orderblind.hpp"

namespace orderblind::testing {

/// An r×c matrix of small rationals (p/q, |p| ≤ 3, 1 ≤ q ≤ 3) from a fixed recipe; `seed` varies it.
template <Scalar T>
Matrix<T> small_matrix(Eigen::Index r, Eigen::Index c, int seed) {
  Matrix<T> m(r, c);
  unsigned s = static_cast<unsigned>(seed) * 2654435761u + 12345u;
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < c; ++j) {
      s = s * 1103515245u + 12345u;
      const int p = static_cast<int>((s >> 16) % 7) - 3;
      const int q = static_cast<int>((s >> 8) % 3) + 1;
      m(i, j) = T(p) / T(q);
    }
  return m;
}

/// A 1×c row of small rationals.
template <Scalar T>
Matrix<T> small_row(Eigen::Index c, int seed) {
  return small_matrix<T>(1, c, seed);
}

/// Multi-head weights for d_model = d with `heads` heads.
template <Scalar T>
multi_head_weights<T> small_mha(Eigen::Index d, std::size_t heads, int seed) {
  return {small_matrix<T>(d, d, seed), small_matrix<T>(d, d, seed + 1), small_matrix<T>(d, d, seed + 2),
          small_matrix<T>(d, d, seed + 3), heads};
}

/// FFN weights d → h → d.
template <Scalar T>
ffn_weights<T> small_ffn(Eigen::Index d, Eigen::Index h, int seed) {
  return {small_matrix<T>(d, h, seed), small_row<T>(h, seed + 1), small_matrix<T>(h, d, seed + 2),
          small_row<T>(d, seed + 3)};
}

/// Options with an explicit scale of 1/4 (exact in every scalar, so d_k need not be a square).
template <Scalar T>
attention_options<T> quarter_scale() {
  attention_options<T> o;
  o.scale = T(1) / T(4);
  return o;
}

}  // namespace orderblind::testing
