// SPDX-License-Identifier: MIT
// The field Q(t), t = e^(1/(D√d_k)): field laws, exact equality, exp on the score grid only, and
// evaluation at the real t agreeing with MPFR and enclosed by MPFI.
#include <cmath>
#include <catch2/catch.hpp>

#include "orderblind/scalar/expfield.hpp"

using namespace orderblind;
using expfield::element;
using expfield::laurent;
using expfield::variable;

namespace {
const variable half = variable::for_scores(1, 4);  // t = e^(1/2)
element t() { return element::power(half, 1); }
element q(long p, long r) { return element(expfield::rational(p) / expfield::rational(r)); }
}  // namespace

TEST_CASE("Q(t) satisfies the field laws on sample elements", "[expfield]") {
  const element a = (t() * t() + q(1, 2)) / (t() + 3);
  const element b = (t() - 1) / (t() * t() * t() + 2 * t());
  const element c = q(-3, 7) * t() + element::power(half, -2);
  CHECK(a + b == b + a);
  CHECK(a * b == b * a);
  CHECK((a + b) + c == a + (b + c));
  CHECK((a * b) * c == a * (b * c));
  CHECK(a * (b + c) == a * b + a * c);
  CHECK(a - a == element(0));
  CHECK(a / a == element(1));
  CHECK(a * (element(1) / a) == element(1));
  CHECK_FALSE(a == b);
}

TEST_CASE("Q(t): equality is cross-multiplication, independent of the representation", "[expfield]") {
  const element x = (t() * t() * t() * t()) / (t() * t() * t() * t() + 2 * t() * t());
  const element y = (t() * t()) / (t() * t() + 2);
  CHECK(x == y);
  CHECK(expfield::closed_form(x) == "t^2/(t^2 + 2)");
  // A common polynomial factor (t + 1) is divided out for printing.
  const element z = ((t() + 1) * (t() - 2)) / ((t() + 1) * (t() + 5));
  CHECK(expfield::closed_form(z) == "(t - 2)/(t + 5)");
  CHECK(format_scalar(q(3, 4)) == "3/4");
}

TEST_CASE("Q(t): t is not a rational number, so t ≠ c for every c (transcendence is the point)", "[expfield]") {
  CHECK_FALSE(t() == element(1));
  CHECK_FALSE(t() * t() == q(27, 10));  // e ≈ 2.7, but t² is not a rational number
}

TEST_CASE("Q(t): exp maps a score on the grid to a power of t and refuses everything else", "[expfield]") {
  const variable v = variable::for_scores(2, 3);  // scores in (1/2)Z, t = e^(1/(2√3))
  const element s = q(5, 2) * expfield::score_scale(v);
  CHECK(expfield::exp(s) == element::power(v, 5));
  CHECK(expfield::exp(element(0) * expfield::score_scale(v)) == element(1));
  CHECK_THROWS_AS(expfield::exp(q(1, 3) * expfield::score_scale(v)), unsupported_operation_error);
  CHECK_THROWS_WITH(expfield::exp(q(1, 3) * expfield::score_scale(v)), Catch::Contains("off the score grid 1/2"));
  CHECK_THROWS_WITH(expfield::exp(q(1, 2)), Catch::Contains("does not say which t"));
  CHECK_THROWS_WITH(expfield::exp(element::power(v, 1)), Catch::Contains("second softmax level"));
  CHECK_THROWS_AS(variable::for_scores(0, 4), configuration_error);
}

TEST_CASE("Q(t): mixing two different variables and dividing by zero are refused", "[expfield]") {
  const element a = element::power(variable::for_scores(1, 4), 1);
  const element b = element::power(variable::for_scores(1, 9), 1);
  CHECK_THROWS_AS(a + b, unsupported_operation_error);
  CHECK_THROWS_AS(a == b, unsupported_operation_error);
  CHECK_THROWS_AS(a / element(0), std::domain_error);
  // Same real t written two ways (D = 1, d_k = 4 and D = 2, d_k = 1): comparable.
  CHECK(a == element::power(variable::for_scores(2, 1), 1));
}

TEST_CASE("Q(t): evaluation at the real t agrees with MPFR and is enclosed by MPFI", "[expfield]") {
  const element x = (t() * t() + q(1, 2)) / (t() + 3);
  const mpfr100 te = exp(mpfr100(1) / 2);
  const mpfr100 expected = (te * te + mpfr100(1) / 2) / (te + 3);
  const mpfr100 got = expfield::evaluate<mpfr100>(x);
  // NOTE: both sides are ~6 correctly rounded MPFR operations on values of size ~1: 16 ε covers them.
  CHECK(abs(got - expected) <= 16 * std::numeric_limits<mpfr100>::epsilon());
  const mpfi100 enc = expfield::evaluate<mpfi100>(x);
  // NOTE: each of the ~6 interval operations widens the enclosure by about one ulp of values of size
  // ~1 (outward rounding at each end); 64 ε leaves an order of magnitude of room and still rejects an
  // enclosure that lost a single decimal digit.
  CHECK(width(enc) < mpfi100(64 * std::numeric_limits<mpfr100>::epsilon()));
  CHECK(lower(enc) <= expected + 16 * std::numeric_limits<mpfr100>::epsilon());
  CHECK(upper(enc) >= expected - 16 * std::numeric_limits<mpfr100>::epsilon());
  // NOTE: in double the same ~6 operations (exp within 1 ulp, the others correctly rounded) on values
  // of size ~1 give a relative error of at most ~4 ε; 8 ε is the bound.
  const double got_double = expfield::evaluate<double>(x), want_double = static_cast<double>(expected);
  CHECK(std::abs(got_double - want_double) <= 8 * std::numeric_limits<double>::epsilon() * std::abs(want_double));
}

TEST_CASE("Q(t) models the library's Scalar concept with exact traits", "[expfield]") {
  STATIC_REQUIRE(Scalar<element>);
  STATIC_REQUIRE(scalar_traits<element>::is_exact);
  STATIC_REQUIRE(scalar_traits<element>::has_exp);
  STATIC_REQUIRE(!scalar_traits<element>::is_ordered);
  CHECK(scalar_traits<element>::epsilon() == element(0));
}
