// SPDX-License-Identifier: MIT
#pragma once
/// The rational workload's equivariance check written directly on FLINT's fmpq_mat (the yardstick):
/// X, W_Q, W_K, W_V with entries p/q, kernel 1 + s + s²/2, scale 1; Attn(PX) == P·Attn(X).
#include <cstdint>
#include <vector>

namespace orderblind::bench {

/// One case: entries as (p, q) pairs, row-major; perm[i] = π(i).
struct flint_case {
  long n = 0, d = 0;
  std::vector<long> x, wq, wk, wv;  ///< 2 per entry: p, q
  std::vector<long> perm;
};

/// Draws a case like the rational workload (p in [−9, 9], q in [1, 9], a uniformly random π).
flint_case draw_flint_case(long n, long d, std::uint64_t seed);

/// True when Attn(PX) == P·Attn(X), computed with fmpq_mat_mul and fmpq arithmetic.
bool flint_equivariance_check(const flint_case& c);

}  // namespace orderblind::bench
