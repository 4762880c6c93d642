// SPDX-License-Identifier: MIT
#pragma once
/// The floating tolerances of the battery, in units of ε, each with its derivation.
/// (The one-head bound 4(n+1) is the library's `attention_reorder_bound_eps`, derived in compare.hpp.)
// NOTE: machine-checked: proofs/formal/FloatSum.v proves the one-head bound as verify::compare applies
// it, k·(ε·max|V| + η), with k = 2n + 1 (attn_reorder_eps, softmax_attention_reorder_eps; masked rows
// and m keys: masked_attention_reorder_eps, k = 2m + 1), so 4(n+1) holds with room
// (attn_reorder_within_library_bound; tests/formal/float_bound_test.cpp ties the two k). Below, the
// weights' bound is proved for binary64 (weight_reorder_eps, k = n + 1); the W_O product and the
// rotations are derived here only.
#include <string>

#include "orderblind/compare.hpp"

namespace orderblind::properties {

/// Bound in units of ε·d·max|W_O|·max|V| on max|MHA(PX) − P·MHA(X)| (multi-head with W_O, n keys,
/// width d).
// NOTE: why 4(n+1) + 2d + 2. Each head's output moves by at most 4(n+1)ε·max|V_h| ≤ 4(n+1)ε·max|V|
// (attention_reorder_bound_eps; proved with 2n + 1 and the η term: FloatSum.v attn_reorder_eps), so a row of concat(heads) moves by at most B = 4(n+1)ε·max|V| per entry.
// The output entry is one dot product with a column of W_O, in the same order on both sides:
// |fl(a·w) − fl(b·w)| ≤ |(a − b)·w| + |fl(a·w) − a·w| + |fl(b·w) − b·w|
//                     ≤ d·B·max|W_O| + 2γ_d·d·max|z|·max|W_O|,
// and max|z| ≤ max|V|(1 + O(nε)) (a convex combination of rows of V). With γ_d ≤ (d + 1)ε/… rounded up,
// the total is below (4(n+1) + 2d + 2)·ε·d·max|W_O|·max|V|.
inline double multi_head_reorder_bound_eps(Eigen::Index n, Eigen::Index d) {
  return 4.0 * static_cast<double>(n + 1) + 2.0 * static_cast<double>(d) + 2.0;
}

/// Bound in units of ε on max|A' − A·Pᵀ| for softmax weights over n keys (the weights are ≤ 1).
// NOTE: why 2n + 2. The exponentials are bit-identical on both sides (same scores, same max), only the
// normaliser Σ_j w_j is summed in another order: each order has relative error ≤ γ_{n−1}, so the two
// normalisers differ by a relative 2γ_{n−1} ≈ 2(n−1)ε; the division adds ε/2 on each side. A weight ≤ 1
// therefore moves by ≤ (2(n−1) + 1)ε (1 + O(nε)) < (2n + 2)ε. (γ is in units of u = ε/2, so this
// counts each sum twice: proofs/formal/FloatSum.v weight_reorder_eps proves (n + 1)·(ε + η) for binary64,
// 1 ≤ n ≤ 2^20, in verify::compare's form with s = 1. The row-sum law's use of this k is not proved.)
inline double softmax_weight_reorder_bound_eps(Eigen::Index n) { return 2.0 * static_cast<double>(n) + 2.0; }

/// Bound in units of ε on |PE(p+k) − R(kθ)·PE(p)| for one (sin, cos) pair with frequency θ, when sin
/// and cos are faithfully rounded and the angles are formed as fl(p·θ), fl(k·θ), fl((p+k)·θ).
// NOTE: why 2(p+k)θ + 16: the bound grows with the phase (p+k)θ. Both sides use the same computed θ.
// fl(x·θ) = x·θ(1 + δ), |δ| ≤ ε, so each angle is off by at most its size times ε: (p+k)θε on the left,
// pθε + kθε on the right, and sin, cos are 1-Lipschitz, so those add ≤ 2(p+k)θε. Then each of the six
// sin/cos values is off by ≤ ε (faithful rounding; MPFR is correctly rounded, glibc's double sin/cos
// are within 1 ulp), and the two products and one sum of R(kθ)·PE(p) add ≤ 3ε more: 2(p+k)θ + 9
// rounded up to 2(p+k)θ + 16 to leave room for the 1-ulp libm.
inline double rotation_bound_eps(long p, long k, double theta) {
  return 2.0 * static_cast<double>(p + k) * theta + 16.0;
}

}  // namespace orderblind::properties
