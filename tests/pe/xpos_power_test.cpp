// SPDX-License-Identifier: MIT
// Exact xPos scales by ζ_i^p (lib/orderblind/pe/rotary.hpp, xpos_scheme::zeta_power): for mpq_rational
// through two GMP powers of ζ's numerator and denominator, for other exact rationals by
// square-and-multiply. Oracle: the p-fold product ζ·ζ·…·ζ (or its reciprocal for p < 0), one
// multiplication at a time, in the same exact type; `==` on canonical rationals.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "orderblind/pe/rotary.hpp"
#include "orderblind/scalar/multiprecision_types.hpp"

using orderblind::cpp_rational;
using orderblind::mpq_rational;

namespace {

template <class T>
T repeated_product(const T& zeta, Eigen::Index p) {
  T r(1);
  for (Eigen::Index k = 0; k < std::abs(p); ++k) r *= zeta;
  return p < 0 ? T(T(1) / r) : r;
}

}  // namespace

TEMPLATE_TEST_CASE("exact xPos: zeta_power(i, p) equals the p-fold product of ζ_i, for p < 0 its reciprocal",
                   "[pe][xpos][exact]", mpq_rational, cpp_rational) {
  using T = TestType;
  const orderblind::pe::xpos_scheme<T> s{8, 1, orderblind::pe::angle_table<T>::pythagorean(8)};
  for (Eigen::Index i = 0; i < s.d / 2; ++i) {
    const T zeta = (T(2 * i) / T(s.d) + T(2) / T(5)) / (T(7) / T(5));
    for (Eigen::Index p : {0, 1, -1, 2, -2, 7, -7, 64, -64, 129, -129}) {
      INFO("i = " << i << ", p = " << p);
      CHECK(s.zeta_power(i, p) == repeated_product(zeta, p));
    }
    // ζ^p · ζ^(−p) = 1: the two signs are reciprocals (a sign slip in the lowest-terms path fails this).
    CHECK(T(s.zeta_power(i, 7) * s.zeta_power(i, -7)) == T(1));
  }
}

TEST_CASE("exact xPos: ζ_0 = 2/7, so zeta_power(0, 3) = 8/343 and zeta_power(0, -3) = 343/8", "[pe][xpos][exact]") {
  const orderblind::pe::xpos_scheme<mpq_rational> s{8, 1, orderblind::pe::angle_table<mpq_rational>::pythagorean(8)};
  CHECK(s.zeta_power(0, 3) == mpq_rational(8, 343));
  CHECK(s.zeta_power(0, -3) == mpq_rational(343, 8));
}

TEST_CASE("exact xPos refuses B ≠ 1 (ζ^(p/B) is not rational in general)", "[pe][xpos][exact]") {
  const orderblind::pe::xpos_scheme<mpq_rational> s{8, 512, orderblind::pe::angle_table<mpq_rational>::pythagorean(8)};
  CHECK_THROWS_WITH(s.zeta_power(1, 3), Catch::Contains("B = 1"));
}
