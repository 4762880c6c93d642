// SPDX-License-Identifier: MIT
// Tests of properties/support: the generators produce what they promise and shrink where they say.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include "properties/support/support.hpp"

namespace orderblind::properties {
namespace {

TEST_CASE("the permutation generator never yields the identity unless asked") {
  const auto o = run_property("support/no-identity", [] {
    const auto n = *rc::gen::inRange<std::size_t>(2, 9);
    RC_ASSERT(!(*gen_permutation(n)).is_identity());
  }, {}, 2000);
  CHECK(o.passed);
}

TEST_CASE("the permutation generator draws the mix its description states") {
  // NOTE: a drift test: the certificates once said 30/20/20/30 % while the draw was 35/20/20/25 %. Every
  // text is generated from permutation_mix, and the draw walks the same table, so the observed shares
  // must match the described ones. n = 7, classified by shape; a uniform draw (redrawn when it is the
  // identity) is itself a transposition with probability 21/5039, the reversal 1/5039 and a 7-cycle
  // 720/5039, so those shares are added to the expectation. 20,000 draws: σ ≤ 0.35 points; 1.5 points
  // of slack is over 4σ.
  const auto mix = permutation_mix();
  CHECK(describe_mix(mix) == "35% a transposition, 20% an n-cycle, 20% the reversal, 25% uniform over S_n; never the identity");
  std::map<permutation_shape, double> seen, expected;
  double uniform = 0;
  for (const auto& s : mix) {
    expected[s.shape] += s.percent;
    if (s.shape == permutation_shape::uniform) uniform = s.percent;
  }
  expected[permutation_shape::transposition] += uniform * 21 / 5039;
  expected[permutation_shape::reversal] += uniform * 1 / 5039;
  expected[permutation_shape::cycle] += uniform * 720 / 5039;
  expected[permutation_shape::uniform] -= uniform * 742 / 5039;
  const int draws = 20000;
  run_property("support/mix", [&] {
    const auto p = *gen_permutation(7);
    const bool full_cycle = p.cycles().size() == std::string("(0 1 2 3 4 5 6)").size();
    if (detail::moved_points(p) == 2) seen[permutation_shape::transposition] += 1;
    else if (p == permutation::reversal(7)) seen[permutation_shape::reversal] += 1;
    else if (full_cycle) seen[permutation_shape::cycle] += 1;
    else seen[permutation_shape::uniform] += 1;
  }, {}, draws);
  for (const auto& [shape, percent] : expected) {
    const double share = 100.0 * seen[shape] / draws;
    INFO("shape " << static_cast<int>(shape) << ": expected " << percent << "%, drawn " << share << "%");
    CHECK(std::abs(share - percent) < 1.5);
  }
  // The text follows the table: a changed share changes the words.
  auto other = mix;
  other.front().percent = 40;
  CHECK(describe_mix(other).rfind("40% a transposition", 0) == 0);
  CHECK(describe_mix(permutation_mix({.allow_identity = true})).rfind("5% the identity, 30% a transposition", 0) == 0);
}

TEST_CASE("the permutation generator meets transpositions, full cycles and the reversal") {
  int transpositions = 0, reversals = 0, full_cycles = 0;
  run_property("support/kinds", [&] {
    const auto p = *gen_permutation(5);
    if (detail::moved_points(p) == 2) ++transpositions;
    if (p == permutation::reversal(5)) ++reversals;
    if (p.cycles().size() == std::string("(0 1 2 3 4)").size()) ++full_cycles;
  }, {}, 1000);
  CHECK(transpositions > 200);
  CHECK(reversals > 150);
  CHECK(full_cycles > 150);
}

TEST_CASE("a failing permutation shrinks to the transposition (0 1)") {
  const auto o = run_property("support/shrink-permutation", [] {
    const auto p = *gen_permutation(6).as("P");
    RC_ASSERT(p.is_identity());
  }, {}, 100);
  REQUIRE_FALSE(o.passed);
  CHECK(o.value_of("P") == "(0 1) on 6 points");
}

TEST_CASE("S_n is listed exhaustively for n <= 5") {
  CHECK(all_permutations(3).size() == 5);
  CHECK(all_permutations(3, {true}).size() == 6);
  CHECK(all_permutations(5).size() == 119);
  CHECK_THROWS_AS(all_permutations(6), configuration_error);
  CHECK_THROWS_AS(gen_permutation(1), configuration_error);
}

TEST_CASE("a failing rational matrix shrinks to fewer rows and columns and to the entry 1") {
  const auto o = run_property("support/shrink-matrix", [] {
    const auto m = *gen_any_matrix<mpq_rational>(4, 4).as("M");
    RC_ASSERT(max_abs(m) == mpq_rational(0));
  }, {}, 200);
  REQUIRE_FALSE(o.passed);
  CHECK(o.value_of("M") == "1x1 [1]");
}

TEST_CASE("rational entries are p/q with |p| <= 9 and 1 <= q <= 9, shown as p/q") {
  const auto o = run_property("support/rationals", [] {
    const auto x = *gen_rational<mpq_rational>();
    RC_ASSERT(abs_value(x) <= mpq_rational(9));
    RC_ASSERT(denominator(x) <= 9);
    RC_ASSERT(denominator(x * 2520) == 1);  // 2520 = lcm(1..9)
  }, {}, 2000);
  CHECK(o.passed);
  CHECK(rc::toString(from_rows<mpq_rational, mpq_rational>({{mpq_rational(-3, 4), mpq_rational(2)}})) == "1x2 [-3/4 2]");
}

TEST_CASE("real entries are finite and bounded unless NaN/Inf is asked for") {
  const auto o = run_property("support/reals", [] {
    const auto x = *gen_real<double>();
    RC_ASSERT(std::isfinite(x));
    RC_ASSERT(std::abs(x) < 10.0);
  }, {}, 2000);
  CHECK(o.passed);
  bool saw_nonfinite = false;
  run_property("support/nonfinite", [&] {
    if (!std::isfinite(*gen_real<double>({9, true}))) saw_nonfinite = true;
  }, {}, 2000);
  CHECK(saw_nonfinite);
}

TEST_CASE("head layouts divide d_model, and square layouts have square head widths") {
  const auto o = run_property("support/layouts", [] {
    const auto l = *gen_head_layout(8);
    RC_ASSERT(l.d_model % static_cast<Eigen::Index>(l.heads) == 0);
    const auto s = *gen_head_layout(8, true);
    RC_ASSERT(is_perfect_square(s.head_width()));
  }, {}, 500);
  CHECK(o.passed);
}

TEST_CASE("a failure reports its seed and a reproduce string that replays it") {
  run_options opt;
  opt.seed = 42;
  const auto o = run_property("support/report", [] { RC_ASSERT(*rc::gen::inRange(0, 100) < 50); }, opt, 100);
  REQUIRE_FALSE(o.passed);
  CHECK(o.seed == 42);
  CHECK(o.reproduce.rfind("RC_PARAMS=\"reproduce=", 0) == 0);
  CHECK(describe_failure("support/report", o).find("seed 42") != std::string::npos);
}

}  // namespace
}  // namespace orderblind::properties
