// SPDX-License-Identifier: MIT
// Floating error of Attn(PX) − P·Attn(X) in double: sorted sums are bit-for-bit equivariant, in-order
// sums stay within the derived 4(n+1) ε, and a position-dependent nudge of one weight fails both.
#include <catch2/catch.hpp>

#include "orderblind/enclosure/float_error.hpp"

using namespace orderblind;
using namespace orderblind::enclosure;

namespace {
/// The detail `key` of a row's check, as a number (int or double).
double number(const verify::check& c, const std::string& key) {
  for (const auto& d : c.details)
    if (d.key == key) {
      if (const auto* x = d.val.as<double>()) return *x;
      if (const auto* i = d.val.as<std::int64_t>()) return static_cast<double>(*i);
    }
  FAIL("no number " << key << " in " << c.id);
  return 0;
}
/// The largest error of a row, in ε.
double max_eps(const verify::check& c) { return *c.residual.as<double>(); }
bool held(const verify::check& c) { return c.outcome == verify::verdict::held; }
bool sorted(const verify::check& c) { return c.id.rfind("sorted", 0) == 0; }
}  // namespace

TEST_CASE("double attention with sorted sums commutes with every row permutation bit for bit", "[float-error]") {
  for (const auto& r : float_error_table({2, 8, 32}, 30, 20261129, false)) {
    INFO(r.id << ": max " << max_eps(r) << " ε, " << r.note);
    CHECK(held(r));
    if (sorted(r)) {
      CHECK(number(r, "bit_identical") == r.cases);
      CHECK(max_eps(r) == 0.0);
    }
  }
}

TEST_CASE("in-order sums are not bit-for-bit equivariant (why the sorted reduction exists)", "[float-error]") {
  long differing = 0;
  for (const auto& r : float_error_table({8, 32}, 30, 20261129, false))
    if (!sorted(r)) differing += r.cases - static_cast<long>(number(r, "bit_identical"));
  CHECK(differing > 0);
}

TEST_CASE("the double layer is within a few ε of the mpfr100 reference", "[float-error]") {
  for (const auto& r : float_error_table({4}, 5, 7, true)) {
    const double accuracy = number(r, "accuracy_max_eps");
    CHECK(accuracy >= 0);
    // NOTE: 4(n+1)+16 ε: the reorder bound plus the exps and the three dot products' rounding (≤ 16 ε
    // for d = 16 features relative to max|Z|, scores ≤ ~10).
    CHECK(accuracy < attention_reorder_bound_eps(4) + 16 + 4 * 16);
  }
}

TEST_CASE("mutant: a softmax nudging its first weight by 2^-30 fails the float-error table", "[float-error][mutant]") {
  for (const auto& r : float_error_table<nudged_softmax_kernel>({4, 16}, 10, 20261129, false)) {
    INFO(r.id << ": max " << max_eps(r) << " ε");
    CHECK_FALSE(held(r));
    // NOTE: the failure is verify::compare's, on the first failing case: it names the case and the entry.
    CHECK_THAT(r.note, Catch::Matchers::Contains("case ") && Catch::Matchers::Contains("Attn(PX)"));
  }
}
