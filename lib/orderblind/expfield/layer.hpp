// SPDX-License-Identifier: MIT
#pragma once
/// Attention in Q(t) with the real softmax: random inputs on a score grid, the layer run exactly, and
/// the mutant kernel the checks must catch.
// NOTE: one softmax level only. Appendix A.1 (one self-attention layer) and A.2 (cross-attention
// reading the encoder's output) need exactly one; a second attention layer would take exp of elements
// of Q(t), which `expfield::exp` refuses.
#include <cstdint>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/index.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar/expfield.hpp"

namespace orderblind::expfield {

/// Attention options for Q(t): scale = the tag of `var` (raw scores; 1/√d_k lives in t).
inline attention_options<element> options_for(const variable& var, orderblind::mask m = mask::none()) {
  attention_options<element> opt;
  opt.scale = score_scale(var);
  opt.mask = m;
  return opt;
}

/// Random rational matrix with entries k/den, |k| ≤ bound.
inline Matrix<element> random_grid_matrix(case_source& src, Eigen::Index rows, Eigen::Index cols, long bound,
                                          long den = 1) {
  Matrix<element> m(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = element(rational(src.uniform_int(-bound, bound)) / rational(den));
  return m;
}

/// One random self/cross-attention case whose raw scores lie on the grid (1/grid)·Z.
// NOTE: X, Y, C have entries in (1/2)Z and W_Q, W_K integer entries, so Q Kᵀ ∈ (1/4)Z: grid D = 4.
// Small magnitudes keep the powers of t (degrees) small: |score| ≤ d_model²·bound⁴/4.
struct grid_case {
  Matrix<element> x;      ///< self-attention input / decoder rows Y
  Matrix<element> c;      ///< encoder rows C (cross-attention)
  head_weights<element> w;
  variable var;
  permutation p;          ///< a random permutation of the rows of X (self) or C (cross)
};

/// A reproducible random case: n tokens (m encoder rows), width d_model, head width d_k.
inline grid_case random_grid_case(std::uint64_t seed, Eigen::Index n, Eigen::Index m, Eigen::Index d_model,
                                  Eigen::Index d_k) {
  case_source src(seed);
  grid_case g{random_grid_matrix(src, n, d_model, 2, 2), random_grid_matrix(src, m, d_model, 2, 2),
              {random_grid_matrix(src, d_model, d_k, 1), random_grid_matrix(src, d_model, d_k, 1),
               random_grid_matrix(src, d_model, d_k, 2, 2)},
              variable::for_scores(4, d_k), permutation::identity(m)};
  std::vector<std::size_t> order(to_size(m, "the number of tokens"));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  src.shuffle(order.begin(), order.end());
  g.p = permutation(order);
  return g;
}

/// MUTANT: the real softmax with the weight of the first allowed column raised by 1/1000 (a rational ε
/// in Q(t)). It depends on where a key sits, so it breaks equivariance; the checks must catch it.
struct perturbed_softmax_kernel {
  static constexpr const char* name = "MUTANT softmax, first weight + 1/1000";
  template <Scalar T>
  static constexpr bool supports = scalar_traits<T>::has_exp;
  template <Scalar T>
  static std::vector<T> weights(const std::vector<T>& s, summation how) {
    auto w = softmax_kernel::weights<T>(s, how);
    w.front() += T(1) / T(1000);
    return w;
  }
};

}  // namespace orderblind::expfield
