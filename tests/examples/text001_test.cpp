// SPDX-License-Identifier: MIT
// Worked examples of text 001 ("Why a Transformer Cannot See Word Order"): §3.2 "I love LLMs" with the
// author's weights, and the §3.7 counter. One TU per scalar.
#include <catch2/catch.hpp>

#include "orderblind/compare.hpp"
#include "orderblind/examples/text001.hpp"
#include "support/reference.hpp"
#include "support/scalar_under_test.hpp"

using namespace orderblind;
using orderblind::testing::rounds_to;
using orderblind::testing::scalar;
using orderblind::testing::traits;
using T = scalar;
namespace ex = orderblind::examples::text001;

TEST_CASE("text 001 §3.2: Q Kᵀ is the integer matrix the text prints, exactly", "[examples][text001]") {
  const auto t = ex::forward<T>(ex::x<T>());
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) CHECK(t.s(i, j) == T(ex::raw_scores[i][j]) / T(2));
  // "entry (1,2) is 2 … entry (1,3) is 2 while entry (3,1) is 3": rows and columns count from 1.
  CHECK(t.s(0, 1) * T(2) == T(2));
  CHECK(t.s(2, 0) * T(2) == T(3));
}

TEST_CASE("text 001 §3.2: reversing the sentence reverses the rows of Z and changes no vector", "[examples][text001]") {
  const auto p = ex::reversal();
  const auto t = ex::forward<T>(ex::x<T>());
  const auto tr = ex::forward<T>(p.apply_rows(ex::x<T>()));
  // Scores: S' = P S Pᵀ, exactly in every scalar (the products have no sum over the sequence).
  CHECK(exactly_equal(tr.s, p.apply_cols(p.apply_rows(t.s))));
  // NOTE: n = 3 and |V| ≤ 1: attention_reorder_bound_eps(3) covers the reordered sums in floating types.
  CHECK(agrees_relative_to(tr.z, p.apply_rows(t.z), attention_reorder_bound_eps(3), max_abs(t.v)));
}

namespace {
template <class U>
void check_softmax_figures() {
  if constexpr (scalar_traits<U>::has_exp) {
    const auto t = ex::forward<U>(ex::x<U>());
    // Z to the two decimals the text prints (rows I, love, LLMs).
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) CHECK(rounds_to(t.z(i, j), ex::text_z[i][j], 2));
    // Row 2 of A: love gives I 0.14 and LLMs 0.23.
    CHECK(rounds_to(t.a(1, 0), 0.14, 2));
    CHECK(rounds_to(t.a(1, 2), 0.23, 2));
  } else {
    // Over the rationals the layer uses the rational kernel: exact weights, e.g. row I = (1/2, 1/4, 1/4).
    const auto t = ex::forward<U>(ex::x<U>());
    CHECK(t.a(0, 0) == U(1) / U(2));
    CHECK(t.a(0, 1) == U(1) / U(4));
    CHECK(t.z(0, 0) == U(5) / U(4));
  }
}
}  // namespace

TEST_CASE("text 001 §3.2: A and Z to the text's two decimals (softmax types) or exactly (rational kernel)", "[examples][text001]") {
  check_softmax_figures<T>();
}

TEST_CASE("text 001 §3.7: the counter's position score is c·m·n with c = 𝟙ᵀM𝟙 = 4", "[examples][text001][counter]") {
  const T c = ex::c<T>();
  CHECK(c == T(4));
  CHECK(ex::counter_score<T>(3, 0) == T(0));
  CHECK(ex::counter_score<T>(10, 7) == T(70) * c);
  CHECK(ex::counter_score<T>(100, 97) == T(9700) * c);
  CHECK(ex::counter_score<T>(10, 10) == T(100) * c);
  // Three apart, yet 0, 70c and 9700c: not a function of m − n.
  CHECK_FALSE(ex::counter_score<T>(10, 7) == ex::counter_score<T>(100, 97));
}

TEST_CASE("text 001 §3.7 exercise: no pair of non-negative positions three apart scores 1600c", "[examples][text001][counter]") {
  // m(m − 3)·c = 1600c needs m² − 3m − 1600 = 0, whose discriminant 9 + 6400 = 6409 is not a square
  // (80² = 6400 < 6409 < 6561 = 81²). Check the claim over every m the score could reach.
  const T c = ex::c<T>();
  long hits = 0;
  for (long m = 3; m * (m - 3) <= 1600; ++m)
    if (ex::counter_score<T>(m, m - 3) == T(1600) * c) ++hits;
  CHECK(hits == 0);
  long r = 0;
  while ((r + 1) * (r + 1) <= 6409) ++r;
  CHECK(r * r != 6409);
}
