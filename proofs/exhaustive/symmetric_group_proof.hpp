// SPDX-License-Identifier: MIT
#pragma once
/// Proof S8: self-attention over the rationals commutes with EVERY permutation of Sₙ, n = 2…8, on one
/// stated input — each of the n! permutations compared with `==` (symmetric_group.hpp does the sweep).
#include <cstdint>
#include <functional>
#include <string>

#include "proofs/attention_subject.hpp"
#include "proofs/exhaustive/symmetric_group.hpp"
#include "proofs/proof.hpp"

namespace orderblind::proofs {

/// The largest n of proof S8 and the width of its rows.
inline constexpr std::size_t exhaustive_max_n = 8;
inline constexpr Eigen::Index exhaustive_d = 4;

/// The inputs of proof S8: X (8 × 4; Sₙ permutes its first n rows) and one head (W_Q, W_K, W_V: 4 × 4).
struct exhaustive_inputs {
  Matrix<Q> x;
  head_weights<Q> w;
  std::uint64_t seed = 0;  ///< drawn from case_source(seed)
  long draw = 1;           ///< which draw of that stream (earlier draws were degenerate)
};

/// Why the inputs are degenerate for a sweep up to max_n ("" when they are not): rows of X, of X·W_Q,
/// X·W_K or X·W_V that coincide; a weight matrix that is 0 or I; at some n ≤ max_n a row of the
/// kernel's weights A that is uniform or not strictly positive; or two equal rows of Attn(X).
std::string exhaustive_degeneracy(const exhaustive_inputs& in, std::size_t max_n = exhaustive_max_n);

/// The first non-degenerate draw of case_source(seed): X, W_Q, W_K, W_V from gen_rational_matrix
/// (entries p/q, |p| ≤ 9, 1 ≤ q ≤ 9, uniform). Throws std::runtime_error after 1000 degenerate draws.
exhaustive_inputs draw_exhaustive_inputs(std::uint64_t seed);

/// The self-attention a sweep checks: Z = f(X, W).
struct exhaustive_subject {
  std::string name;
  std::function<Matrix<Q>(const Matrix<Q>& x, const head_weights<Q>& w)> attention;
};

/// orderblind's own self_attention<mpq_rational, rational_kernel> (the fused exact head), scale 1/√d_k = 1/2.
exhaustive_subject library_self_attention();

/// Proof S8 against `subject`, n = 2…max_n, sweeping with `threads` threads. Steps: the inputs are
/// non-degenerate; the subject's Attn(X) equals the library's generic pipeline; then one step per n:
/// Attn(PX) = P·Attn(X) for all n! permutations (the identity counted), each compared with ==.
verify::check prove_symmetric_group(const run_config& cfg, const exhaustive_subject& subject,
                                   std::size_t max_n = exhaustive_max_n,
                                   unsigned threads = exhaustive::default_sweep_threads());

}  // namespace orderblind::proofs
