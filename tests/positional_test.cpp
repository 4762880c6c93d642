// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/positional.hpp.
#include <catch2/catch.hpp>

#include "support/fixtures.hpp"
#include "support/scalar_under_test.hpp"

using namespace orderblind;
using orderblind::testing::scalar;
using orderblind::testing::traits;
using T = scalar;

TEST_CASE("the counter adds p to every slot of row p", "[positional][counter]") {
  const auto pe = pe::counter<T>(4, 3);
  CHECK(pe(0, 0) == T(0));
  CHECK(pe(3, 2) == T(3));
  CHECK(pe::counter<T>(2, 1, 10)(1, 0) == T(11));
}

TEST_CASE("pos/length gives the third word 3/5 in a five-word sentence and 3/50 in a fifty-word one", "[positional][length]") {
  CHECK(pe::pos_over_length<T>(5, 2, 5)(3, 0) == T(3) / T(5));
  CHECK(pe::pos_over_length<T>(50, 2, 50)(3, 1) == T(3) / T(50));
  CHECK_THROWS_AS(pe::pos_over_length<T>(6, 2, 5), configuration_error);
}

TEST_CASE("bad table sizes are refused", "[positional][errors]") {
  CHECK_THROWS_WITH(pe::counter<T>(0, 3), Catch::Contains("n = 0"));
  CHECK_THROWS_AS(pe::counter<T>(2, 0), empty_input_error);
}


namespace {
// NOTE: a template, so that `if constexpr` below discards the sinusoid for types without sin/cos.
template <class U>
void check_sinusoid() {
  if constexpr (scalar_traits<U>::has_trig) {
    using T = U;
    using std::cos;
    using std::sin;
    const auto pe = pe::sinusoidal<T>(64, 8);
    for (Eigen::Index j = 0; j < 8; ++j) CHECK(pe(0, j) == T(j % 2 == 0 ? 0 : 1));
    for (Eigen::Index p = 0; p < 64; ++p)
      for (Eigen::Index j = 0; j < 8; ++j) CHECK_FALSE(T(1) < abs_value(pe(p, j)));
    const auto two = pe::sinusoidal<T>(3, 2);
    CHECK(two(2, 0) == T(sin(T(2))));
    CHECK(two(2, 1) == T(cos(T(2))));
    CHECK_THROWS_AS(pe::sinusoidal<T>(3, 2, T(-1)), configuration_error);
  } else {
    SUCCEED("no sin/cos for this scalar: the exact path uses Pythagorean rotations (properties/)");
  }
}
}  // namespace

TEST_CASE("the sinusoid: PE_0 = (0, 1, 0, 1, …), entries in [-1, 1], and d = 2 gives [sin t, cos t]", "[positional][sinusoid]") {
  check_sinusoid<T>();
}

