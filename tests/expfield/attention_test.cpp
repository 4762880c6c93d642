// SPDX-License-Identifier: MIT
// Attention in Q(t) with the real softmax: text 001's example in closed form, Appendices A.1 and A.2
// exactly, and the mutant (one weight perturbed by a rational ε) that the exact checks must catch.
#include <catch2/catch.hpp>

#include "orderblind/expfield/appendix.hpp"
#include "orderblind/expfield/text001.hpp"

using namespace orderblind;
using namespace orderblind::expfield;
namespace ex = orderblind::examples::text001;

namespace {
/// A step's integer detail (its `example_cases`, `random_cases`), -1 when it has none.
std::int64_t count(const verify::check& step, const std::string& key) {
  for (const auto& d : step.details)
    if (d.key == key)
      if (const auto* i = d.val.as<std::int64_t>()) return *i;
  return -1;
}
bool held(const verify::check& step) { return step.outcome == verify::verdict::held; }
bool all_held(const verify::value::checks& steps) {
  if (steps.empty()) return false;
  for (const auto& s : steps)
    if (!held(s)) return false;
  return true;
}
}  // namespace

TEST_CASE("text 001 §3.2 in Q(t): Z is the hand-derived closed form in t = e^(1/2)", "[expfield][text001]") {
  const auto tr = text001::forward(ex::x<element>());
  CHECK(exactly_equal(tr.z, text001::hand_derived_z()));
  CHECK(format_scalar(tr.z(0, 0)) == "(t^2 + 3)/(t^2 + 2)");
  CHECK(format_scalar(tr.a(0, 0)) == "t^2/(t^2 + 2)");
  CHECK(format_scalar(tr.a(1, 1)) == "t^3/(t^3 + t + 1)");
}

TEST_CASE("text 001 §3.2 in Q(t): the closed forms agree with the MPFR path to 100 digits", "[expfield][text001]") {
  const auto tr = text001::forward(ex::x<element>());
  const auto real = ex::forward<mpfr100>(ex::x<mpfr100>());
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 4; ++j) {
      const mpfi100 enc = evaluate<mpfi100>(tr.z(i, j));
      // NOTE: the enclosure comes from ~12 interval operations on values ≤ 2, each widening it by about
      // an ulp at each end: 100 ε is room for that, and still rejects one lost decimal digit.
      CHECK(width(enc) < mpfi100(100 * std::numeric_limits<mpfr100>::epsilon()));
      // NOTE: the MPFR path is ~12 correctly rounded operations on values ≤ 2 (3 exps, a sum of 3, a
      // division, 3 products and a sum of 3 per entry): within 32 ε of the exact value.
      const mpfr100 slack = 32 * std::numeric_limits<mpfr100>::epsilon();
      CHECK(lower(enc) - slack <= real.z(i, j));
      CHECK(real.z(i, j) <= upper(enc) + slack);
    }
}

TEST_CASE("text 001 §3.2 in Q(t): reversing the sentence reverses Z's rows, exactly", "[expfield][text001]") {
  const auto p = ex::reversal();
  CHECK(exactly_equal(text001::forward(p.apply_rows(ex::x<element>())).z,
                      p.apply_rows(text001::forward(ex::x<element>()).z)));
}

TEST_CASE("Q(t): the difference-form softmax gives the same weights exactly", "[expfield]") {
  const auto g = random_grid_case(7, 4, 4, 3, 3);
  const auto opt = options_for(g.var);
  CHECK(exactly_equal(self_attention<element, softmax_difference_kernel>(g.x, g.w, opt),
                      self_attention<element>(g.x, g.w, opt)));
}

TEST_CASE("Appendix A.1 holds in Q(t) with the real softmax, every step exactly", "[expfield][A.1]") {
  const auto steps = prove_a1(25, 20261129);
  REQUIRE(steps.size() == 5);
  for (const auto& s : steps) {
    INFO(s.id << ": " << s.statement << " " << s.note);
    CHECK(held(s));
    CHECK(s.evidence == verify::evidence_kind::sampled_exact);
    CHECK(s.source == "text 001, Appendix A.1");
    CHECK(count(s, "random_cases") == 25);
    CHECK(count(s, "example_cases") == 1);
    CHECK(s.cases == 26);
    CHECK(s.seed == 20261129u);
  }
}

TEST_CASE("Appendix A.2 holds in Q(t) with the real softmax, every step exactly", "[expfield][A.2]") {
  const auto steps = prove_a2(15, 20261129);
  REQUIRE(steps.size() == 6);
  for (const auto& s : steps) {
    INFO(s.id << ": " << s.statement << " " << s.note);
    CHECK(held(s));
    CHECK(count(s, "random_cases") == 15);
  }
}

TEST_CASE("mutant: a softmax with one weight raised by 1/1000 fails A.1 steps 4 and 5 in Q(t)", "[expfield][mutant]") {
  const auto steps = prove_a1<perturbed_softmax_kernel>(10, 20261129);
  REQUIRE(steps.size() == 5);
  CHECK_FALSE(all_held(steps));
  CHECK(held(steps[0]));  // PᵀP = I does not involve the kernel
  CHECK(held(steps[2]));  // nor do the scores
  CHECK_FALSE(held(steps[3]));
  CHECK_FALSE(held(steps[4]));
  // The text's own example catches it already.
  CHECK_THAT(steps[3].note, Catch::Contains("FAILED on text 001"));
}

TEST_CASE("mutant: a softmax with one weight raised by 1/1000 fails A.2 steps 3 to 5 in Q(t)", "[expfield][mutant]") {
  const auto steps = prove_a2<perturbed_softmax_kernel>(10, 20261129);
  REQUIRE(steps.size() == 6);
  CHECK_FALSE(all_held(steps));
  CHECK(held(steps[1]));
  CHECK(held(steps[2]));
  CHECK_FALSE(held(steps[3]));
  CHECK_FALSE(held(steps[4]));
  CHECK_FALSE(held(steps[5]));
}

TEST_CASE("mutant: a perturbation of 1/1000 is invisible to a 2-decimal reading but not to Q(t)", "[expfield][mutant]") {
  const auto real = self_attention<element, perturbed_softmax_kernel>(ex::x<element>(), ex::weights<element>(),
                                                                       options_for(text001::t_half()));
  CHECK_FALSE(exactly_equal(real, text001::hand_derived_z()));
}

TEST_CASE("Q(t): a second softmax level is refused with a clear error", "[expfield]") {
  const auto tr = text001::forward(ex::x<element>());
  // Feeding Z (entries in Q(t)) into another attention layer would take exp of a non-constant.
  CHECK_THROWS_WITH(self_attention<element>(tr.z, ex::weights<element>(), options_for(text001::t_half())),
                    Catch::Contains("second softmax level"));
}
