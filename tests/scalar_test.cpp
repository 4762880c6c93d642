// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/scalar/: the traits of every shipped scalar.
#include <catch2/catch.hpp>

#include "orderblind/scalar/multiprecision.hpp"

using namespace orderblind;

TEMPLATE_TEST_CASE("every shipped scalar satisfies the Scalar concept and prints", "[scalar]", double, mpq_rational,
                   cpp_rational, mpfr100, bin_float100, mpfi100) {
  STATIC_REQUIRE(Scalar<TestType>);
  using tr = scalar_traits<TestType>;
  CHECK_FALSE(std::string(tr::name).empty());
  const auto s = format_scalar(TestType(3) / TestType(4));
  CHECK((s.find("0.75") != std::string::npos || s == "3/4"));
  if constexpr (tr::is_exact) {
    CHECK(tr::epsilon() == TestType(0));
    CHECK(format_scalar(TestType(-3) / TestType(4)) == "-3/4");
  } else {
    CHECK((TestType(0) < TestType(tr::epsilon())));
  }
}

TEST_CASE("the traits say which functions exist", "[scalar]") {
  STATIC_REQUIRE(scalar_traits<mpq_rational>::is_exact);
  STATIC_REQUIRE(scalar_traits<cpp_rational>::is_exact);
  STATIC_REQUIRE_FALSE(scalar_traits<mpq_rational>::has_exp);
  STATIC_REQUIRE(scalar_traits<mpfr100>::has_exp && scalar_traits<mpfr100>::has_trig);
  STATIC_REQUIRE(scalar_traits<mpfi100>::is_interval);
  STATIC_REQUIRE_FALSE(scalar_traits<mpfi100>::is_ordered);
  // 100 decimal digits: epsilon is about 1e-100 (mpfr rounds the precision up to whole bits).
  CHECK((scalar_traits<mpfr100>::epsilon() < mpfr100("1e-99")));
  CHECK((scalar_traits<bin_float100>::epsilon() < bin_float100("1e-99")));
  CHECK(scalar_traits<double>::epsilon() == std::numeric_limits<double>::epsilon());
}

TEST_CASE("non-finite values are recognised where the type can hold them", "[scalar]") {
  CHECK_FALSE(is_finite(std::numeric_limits<double>::quiet_NaN()));
  CHECK_FALSE(is_finite(std::numeric_limits<mpfr100>::infinity()));
  CHECK(is_finite(mpq_rational(1, 3)));
}
