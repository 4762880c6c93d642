// SPDX-License-Identifier: MIT
// Floating error of Attn(PX) − P·Attn(X) in double: sorted sums are bit-for-bit equivariant, in-order
// sums stay within the derived 4(n+1) ε, and a position-dependent nudge of one weight fails both.
#include <catch2/catch.hpp>

#include "orderblind/enclosure/float_error.hpp"

using namespace orderblind;
using namespace orderblind::enclosure;

TEST_CASE("double attention with sorted sums commutes with every row permutation bit for bit", "[float-error]") {
  for (const auto& r : float_error_table({2, 8, 32}, 30, 20261129, false)) {
    INFO(r.summation << " n = " << r.n << ": max " << r.max_eps << " ε, worst " << r.worst);
    CHECK(r.held);
    if (r.summation == "sorted") {
      CHECK(r.bit_identical == r.cases);
      CHECK(r.max_eps == 0.0);
    }
  }
}

TEST_CASE("in-order sums are not bit-for-bit equivariant (why the sorted reduction exists)", "[float-error]") {
  long differing = 0;
  for (const auto& r : float_error_table({8, 32}, 30, 20261129, false))
    if (r.summation == "in order") differing += r.cases - r.bit_identical;
  CHECK(differing > 0);
}

TEST_CASE("the double layer is within a few ε of the mpfr100 reference", "[float-error]") {
  for (const auto& r : float_error_table({4}, 5, 7, true)) {
    CHECK(r.acc_max_eps >= 0);
    // NOTE: 4(n+1)+16 ε: the reorder bound plus the exps and the three dot products' rounding (≤ 16 ε
    // for d = 16 features relative to max|Z|, scores ≤ ~10).
    CHECK(r.acc_max_eps < attention_reorder_bound_eps(4) + 16 + 4 * 16);
  }
}

TEST_CASE("mutant: a softmax nudging its first weight by 2^-30 fails the float-error table", "[float-error][mutant]") {
  for (const auto& r : float_error_table<nudged_softmax_kernel>({4, 16}, 10, 20261129, false)) {
    INFO(r.summation << " n = " << r.n << ": max " << r.max_eps << " ε");
    CHECK_FALSE(r.held);
  }
}
