// SPDX-License-Identifier: MIT
// The battery's vector comparison (pe::detail::close_vec) with its quick rejection in double
// (pe::detail::apart_in_double) decides exactly what the full comparison decides (verify::compare_held on
// the two vectors as 1×d matrices, one scale): oracle and law on the same pairs. Pairs: a random vector
// against itself moved on one entry by 0, 0.5, 0.99, 1.01, 2 and 10¹⁰ times the bound, and against an
// unrelated vector; entries from 10⁻³⁰⁰ to 10³⁰⁰ (double's normal range), past it (10^±400, mpfr100 only),
// zeros, and a NaN. The quick rejection must fire on the pairs far apart (else it saves nothing) and never
// on a pair the full comparison holds.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "orderblind/case_source.hpp"
#include "orderblind/pe/battery_impl.hpp"
#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind {
namespace {

using R = mpfr100;

bool full_comparison(const pe::vec<R>& a, const pe::vec<R>& b, double k, const R& scale) {
  Matrix<R> ma(1, std::ssize(a)), mb(1, std::ssize(b));
  for (std::size_t i = 0; i < a.size(); ++i) {
    ma(0, static_cast<Eigen::Index>(i)) = a[i];
    mb(0, static_cast<Eigen::Index>(i)) = b[i];
  }
  return verify::compare_held(ma, mb, verify::within_eps<R>(k, verify::one_scale(scale), {}));
}

TEST_CASE("pe close_vec: the quick rejection in double decides as the full mpfr100 comparison does", "[pe][bound]") {
  case_source draw(20261206);
  // NOTE: 2304 = tolerance_units(8, 4), a battery tolerance: its bound is 10⁻⁹⁷ of the entries, far below a
  // double's resolution. 10⁸⁴ and 10⁸⁶ put the bound at 10⁻¹⁶ and 10⁻¹⁴ of the entries, where the moves of
  // 0.5 … 2 bounds straddle the rejection threshold 4u·y + 2β: a threshold without its margins (x > β, or
  // no u·y term) rejects pairs the full comparison holds, and CHECK_FALSE(quick && full) fails.
  const std::vector<double> ks = {64.0 * 9 * 4, 1e84, 1e86};
  const std::vector<double> moves = {0, 0.5, 0.99, 1.01, 2, 1e10};
  long pairs = 0, rejected_quickly = 0, held = 0, far = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const double k = ks[static_cast<std::size_t>(trial) % ks.size()];
    const auto d = static_cast<std::size_t>(1 + trial % 8);
    // NOTE: exponents −400 … 400 in steps: a quarter of the vectors have entries outside double's range.
    const int e = static_cast<int>(draw.uniform_real(-1, 1) * (trial % 4 == 0 ? 400 : 300));
    pe::vec<R> a(d);
    for (auto& x : a) x = trial % 10 == 3 ? R(0) : R(draw.uniform_real(-1, 1)) * boost::multiprecision::pow(R(10), e);
    const R scale = pe::max_entry(a);
    const R bound = R(R(k) * R(scalar_traits<R>::epsilon() * scale));
    for (const double m : moves) {
      pe::vec<R> b = a;
      b[trial % d] += R(m) * bound;
      const bool quick = pe::detail::apart_in_double(a, b, k, static_cast<double>(scale));
      const R own = pe::max_entry(b) < scale ? scale : pe::max_entry(b);  // the two-argument form's scale
      CHECK_FALSE((pe::detail::apart_in_double(a, b, k) && full_comparison(a, b, k, own)));
      CHECK(pe::detail::close_vec(a, b, k) == full_comparison(a, b, k, own));
      const bool full = full_comparison(a, b, k, scale);
      INFO("trial " << trial << ", k = " << k << ", move " << m << " × the bound, 10^" << e);
      CHECK(pe::detail::close_vec(a, b, k, scale) == full);
      CHECK_FALSE((quick && full));
      CHECK(full == (m <= 1 || scale == 0));  // the bound is 0 for an all-zero vector: only a == b holds
      ++pairs;
      rejected_quickly += quick;
      held += full;
    }
    pe::vec<R> c(d);
    for (auto& x : c) x = R(draw.uniform_real(-1, 1)) * boost::multiprecision::pow(R(10), e);
    const bool quick = pe::detail::apart_in_double(a, c, k, static_cast<double>(scale));
    CHECK(pe::detail::close_vec(a, c, k, scale) == full_comparison(a, c, k, scale));
    CHECK_FALSE((quick && full_comparison(a, c, k, scale)));
    ++pairs;
    far += 1;
    rejected_quickly += quick;
  }
  INFO(pairs << " pairs, " << held << " held, " << rejected_quickly << " rejected in double");
  CHECK(held > 0);
  // NOTE: the unrelated pairs within double's range are rejected quickly, and so are the moves by 10¹⁰
  // bounds when k puts the bound near a double's resolution.
  CHECK(rejected_quickly >= far / 2);
  // A NaN: both forms refuse it.
  pe::vec<R> n = {R(1), R(std::numeric_limits<double>::quiet_NaN())};
  CHECK_FALSE(pe::detail::close_vec(n, n, 2304.0, R(1)));
  CHECK_FALSE(pe::detail::apart_in_double(n, n, 2304.0, 1.0));
  CHECK_FALSE(pe::detail::apart_in_double(n, n, 2304.0));
}

TEST_CASE("pe close_vec: a subnormal ε·s is left to the full comparison", "[pe][bound]") {
  // NOTE: mpfr100's ε ≈ 2^-332 times a scale of 2^-720 is 2^-1052 in double, subnormal: its rounding is no
  // longer relative, so the quick rejection declines even where k = 2^40 makes β = k·ε·s a normal double
  // (the code before took it); the full comparison decides the pair (2^-720 apart, far above the bound).
  const double s = std::ldexp(1.0, -720), k = std::ldexp(1.0, 40);
  REQUIRE(static_cast<double>(scalar_traits<R>::epsilon()) * s < std::numeric_limits<double>::min());
  REQUIRE(k * static_cast<double>(scalar_traits<R>::epsilon()) * s >= std::numeric_limits<double>::min());
  const pe::vec<R> a = {R(s), R(0)}, b = {R(0), R(0)};
  CHECK_FALSE(pe::detail::apart_in_double(a, b, k, s));
  CHECK_FALSE(pe::detail::close_vec(a, b, k, R(s)));
  // and at a normal ε·s (2^-600 · 2^-332 ≈ 2^-932) the same pair, scaled, is rejected in double
  const double t = std::ldexp(1.0, -600);
  const pe::vec<R> c = {R(t), R(0)};
  CHECK(pe::detail::apart_in_double(c, b, k, t));
}

TEST_CASE("pe close_vec: double and exact types never take the quick rejection", "[pe][bound]") {
  const pe::vec<double> a = {1, 2}, b = {1, 3};
  CHECK_FALSE(pe::detail::apart_in_double(a, b, 4.0, 2.0));
  CHECK_FALSE(pe::detail::apart_in_double(a, b, 4.0));
  CHECK_FALSE(pe::detail::close_vec(a, b, 4.0, 2.0));
  const pe::vec<mpq_rational> q = {mpq_rational(1, 3)}, r = {mpq_rational(1, 2)};
  CHECK_FALSE(pe::detail::apart_in_double(q, r, 4.0, 1.0));
  CHECK_FALSE(pe::detail::close_vec(q, r, 4.0, mpq_rational(1)));
}

}  // namespace
}  // namespace orderblind

TEST_CASE("a battery note cuts a long decimal but keeps its exponent, and labels a long exact value", "[pe][words]") {
  using orderblind::pe::cut_decimal;
  CHECK(cut_decimal("7.274181257398e-12", 12) == "7.2741812573…e-12");
  CHECK(cut_decimal("-1.5e+300", 12) == "-1.5e+300");
  CHECK(cut_decimal("0.00021172412345", 12) == "0.0002117241…");
  CHECK(cut_decimal("1.2345678901234567890123456789e-100", 12) == "1.2345678901…e-100");
  // NOTE: the words the battery prints for a tiny double keep its order of magnitude.
  CHECK(orderblind::pe::short_scalar(7.274181257398e-12).find("e-12") != std::string::npos);
  CHECK(orderblind::pe::format_vec(orderblind::pe::vec<double>{1e-300, 0.5}).find("e-300") != std::string::npos);
  // NOTE: and an exact entry past 24 characters is the renderer's labelled decimal (verify/reading.hpp), never
  // cut digits that read as another value ("1/12345678…" for 8.1e-30).
  using orderblind::mpq_rational;
  const orderblind::pe::vec<mpq_rational> long_q{mpq_rational(1, 3), mpq_rational(1) / mpq_rational(std::string("123456789012345678901234567890"))};
  CHECK(orderblind::pe::format_vec(long_q) == "(1/3, ≈ 8.100000073e-30 (exact: a fraction of 1 over 30 digits))");
}
