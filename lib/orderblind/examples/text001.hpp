// SPDX-License-Identifier: MIT
#pragma once
/// Text 001 ("Why a Transformer Cannot See Word Order"): the §3.2 example "I love LLMs" with the
/// author's weights (shared/reference/ttnn-weights.md), and the §3.7 counter.
#include "orderblind/attention.hpp"
#include "orderblind/permutation.hpp"

namespace orderblind::examples::text001 {

/// X: rows I = (0,0,1,1), love = (0,1,0,1), LLMs = (1,0,0,1).
template <Scalar T>
Matrix<T> x() {
  return from_rows<T, int>({{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}});
}
/// W_Q, W_K, W_V of Part 1, §1.2.3.
template <Scalar T>
head_weights<T> weights() {
  return {from_rows<T, int>({{0, -1, 1, 1}, {0, 1, 0, 0}, {1, 0, 0, -1}, {1, 1, 0, 1}}),
          from_rows<T, int>({{0, -1, 0, 1}, {-1, 1, 0, 0}, {1, -1, 1, -1}, {1, 1, 0, 1}}),
          from_rows<T, int>({{0, 0, 1, 0}, {1, 0, 0, 1}, {0, 1, 0, 0}, {1, 0, 0, 0}})};
}
/// d_k = 4, so scores are divided by √4 = 2 (exact in every scalar).
template <Scalar T>
T scale() {
  return T(1) / T(2);
}
/// The reversal of Appendix A.1: P = [[0,0,1],[0,1,0],[1,0,0]].
inline permutation reversal() { return permutation::reversal(3); }

/// The §3.2 forward pass with every intermediate.
template <Scalar T, class K = default_kernel<T>>
attention_trace<T> forward(const Matrix<T>& input) {
  attention_options<T> opt;
  opt.scale = scale<T>();
  return self_attention_trace<T, K>(input, weights<T>(), opt);
}

/// The integer score matrix Q Kᵀ (before scaling) the text prints.
inline constexpr int raw_scores[3][3] = {{4, 2, 2}, {2, 5, 3}, {3, 2, 5}};
/// Z as the text prints it, to two decimals (rows I, love, LLMs).
inline constexpr double text_z[3][4] = {
    {1.21, 0.58, 0.21, 0.21}, {1.63, 0.14, 0.23, 0.63}, {1.14, 0.23, 0.63, 0.14}};

/// §3.7: M = W_Q W_Kᵀ and c = 𝟙ᵀ M 𝟙.
template <Scalar T>
Matrix<T> m() {
  const auto w = weights<T>();
  return multiply_transposed(w.wq, w.wk, "W_Q", "W_K");
}
template <Scalar T>
T c() {
  const auto mm = m<T>();
  T s(0);
  for (Eigen::Index i = 0; i < mm.rows(); ++i)
    for (Eigen::Index j = 0; j < mm.cols(); ++j) s += mm(i, j);
  return s;
}
/// The counter's position score p_m M p_nᵀ with p_m = m·𝟙 (4 slots), computed from the vectors.
template <Scalar T>
T counter_score(Eigen::Index mpos, Eigen::Index npos) {
  Matrix<T> pm(1, 4), pn(1, 4);
  for (int j = 0; j < 4; ++j) {
    pm(0, j) = T(mpos);
    pn(0, j) = T(npos);
  }
  return multiply_transposed(multiply(pm, m<T>(), "p_m", "M"), pn, "p_m M", "p_n")(0, 0);
}

}  // namespace orderblind::examples::text001
