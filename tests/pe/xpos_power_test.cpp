// SPDX-License-Identifier: MIT
// Exact xPos scales by ζ_i^p (lib/orderblind/pe/rotary.hpp, xpos_scheme::zeta_power): for mpq_rational
// through two GMP powers of ζ's numerator and denominator, for other exact rationals by
// square-and-multiply. Oracle: the p-fold product ζ·ζ·…·ζ (or its reciprocal for p < 0), one
// multiplication at a time, in the same exact type; `==` on canonical rationals. The scheme scales its
// rotated entries by gaussian::times_power (no gcd of large numbers): checked against mpq products.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <utility>
#include <vector>

#include "orderblind/pe/gaussian.hpp"
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

TEST_CASE("gaussian::times_power(x, a, b, e) is x·(a/b)^e as mpq computes it, in lowest terms", "[pe][xpos][exact]") {
  using orderblind::pe::gaussian::times_power;
  // x: zero, signs, numerators rich in the primes of b (7, 2) and denominators in those of a (2, 13, 3), past
  // what e·v_q cancels (7^5 against 7^2), and a Pythagorean entry far out (cos 300α = A/5^300, 700 bits).
  std::vector<mpq_rational> xs{mpq_rational(0), mpq_rational(1), mpq_rational(-3, 5), mpq_rational(16807, 3),
                               mpq_rational(-98, 13), mpq_rational(5, 64), mpq_rational(11, 2197 * 4),
                               mpq_rational(-2, 27)};
  const auto u = orderblind::pe::gaussian::as_unit(mpq_rational(3, 5), mpq_rational(4, 5));
  REQUIRE(u);
  const auto far = orderblind::pe::gaussian::power_fraction(*u, 300);
  xs.push_back(far.first);
  xs.push_back(mpq_rational(far.second * mpq_rational(7 * 7 * 7, 26)));
  const std::vector<std::pair<unsigned long, unsigned long>> ratios{{2, 7}, {13, 28}, {9, 14}, {7, 2}, {1, 1}, {12, 1}, {1, 9}};
  for (const auto& [a, b] : ratios)
    for (unsigned long e : {0UL, 1UL, 2UL, 5UL, 64UL})
      for (const auto& x : xs) {
        mpq_rational want = x;
        for (unsigned long k = 0; k < e; ++k) want *= mpq_rational(static_cast<long>(a), static_cast<long>(b));
        const mpq_rational got = times_power(x, a, b, e);
        INFO("x = " << (x.str().size() < 60 ? x.str() : "(a far Pythagorean entry)") << ", a/b = " << a << "/" << b
                    << ", e = " << e);
        // NOTE: == on mpq compares canonical forms (lowest terms, positive denominator): a result not in that
        // form is unequal here too.
        CHECK(got == want);
      }
}

TEST_CASE("exact xPos: query(q, m) and key(k, n) are ζ^(±p) ⊙ R_p x, entry by entry as mpq multiplies", "[pe][xpos][exact]") {
  using T = mpq_rational;
  const orderblind::pe::xpos_scheme<T> s{8, 1, orderblind::pe::angle_table<T>::pythagorean(8)};
  const orderblind::pe::vec<T> x{T(1, 3), T(-2), T(0), T(5, 7), T(49, 4), T(0), T(0), T(-1, 13)};
  for (Eigen::Index p : {0, 1, 3, -3, 40, 300}) {
    const auto r = orderblind::pe::rotate(x, p, 8, orderblind::pe::rotary_layout::interleaved, s.angles);
    const auto q = s.query(x, p), k = s.key(x, p);
    for (Eigen::Index j = 0; j < 8; ++j) {
      INFO("p = " << p << ", entry " << j);
      CHECK(q[static_cast<std::size_t>(j)] == T(r[static_cast<std::size_t>(j)] * s.zeta_power(j / 2, p)));
      CHECK(k[static_cast<std::size_t>(j)] == T(r[static_cast<std::size_t>(j)] * s.zeta_power(j / 2, -p)));
    }
  }
}
