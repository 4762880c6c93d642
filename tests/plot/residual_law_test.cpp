// SPDX-License-Identifier: MIT
// The law behind `orderblind plot residual` (properties/check/residual.hpp) catches its mutants: a head
// whose output depends on the row's position by just more than the bound 4(n+1)(ε·max_i|V_ij| + η) of its
// column fails the double check, and by just less passes it; a causal mask, a NaN and an exact head off by 10^-40 at
// one size fail; the library's own heads hold both checks.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "properties/check/residual.hpp"

using namespace orderblind;
using namespace orderblind::properties;

namespace {

constexpr long max_tokens = 12, permutations = 4;
constexpr std::uint64_t seed = orderblind::default_seed;

verify::verdict double_verdict(const verify::value::checks& s) { return s.at(0).outcome; }
verify::verdict exact_verdict(const verify::value::checks& s) { return s.at(1).outcome; }

/// The rows of a check's table `sizes`.
const verify::value::list& sizes_of(const verify::check& c) {
  for (const auto& d : c.details)
    if (d.key == "sizes") return *d.val.as<verify::value::list>();
  FAIL("no sizes");
  static const verify::value::list none;
  return none;
}

/// The worst fraction of the bound the library's head reaches on this sweep (the rounding residual φ):
/// the double check's residual.
double natural_fraction() { return *equivariance_residual(max_tokens, permutations, seed).at(0).residual.as<double>(); }

/// The library's double head with `fraction` × bound(n) × (ε·max_i|V_i0| + η) added to entry (0, 0): an
/// output that depends on the row's position, off by that fraction of its column's tolerance.
// NOTE: max_i|V_i0| is the same for X and PX, so the perturbation is the same on both sides; every
// sweep tries the reversal, which moves row 0, so the residual at n is within φ·bound + r of
// fraction·bound, where r is the rounding of the addition itself: half an ulp of |z(0,0) + δ|, and
// |z(0,0)| ≤ max_i|V_i0| (a row of A·V is a convex combination of V's rows), so r ≤ ε·max_i|V_i0|/2 (to
// first order), 1/24 of the smallest bound 4(2+1) = 12.
constexpr double margin = 1.0 / 16;  // > 1/24: the mutants sit on their side of the bound despite r
double_head positional_mutant(double fraction) {
  return [fraction](const Matrix<double>& x, const head_weights<double>& w) {
    auto z = library_double_head()(x, w);
    const double mag = verify::column_scales(Matrix<double>(multiply(x, w.wv)))(0, 0);
    z(0, 0) += fraction * attention_reorder_bound_eps(x.rows()) *
               (std::numeric_limits<double>::epsilon() * mag + std::numeric_limits<double>::denorm_min());
    return z;
  };
}

}  // namespace

TEST_CASE("the library's heads hold both residual checks, well inside the double bound", "[plot][residual]") {
  const auto checks = equivariance_residual(max_tokens, permutations, seed);
  REQUIRE(sizes_of(checks.at(0)).size() == static_cast<std::size_t>(max_tokens - 1));
  REQUIRE(sizes_of(checks.at(1)).size() == static_cast<std::size_t>(max_tokens - 1));
  // n = 2: the reversal, the swap and the random ones (no rotation); every larger n adds the rotation.
  CHECK(checks.at(0).cases == (2 + permutations) + (max_tokens - 2) * (3 + permutations));
  CHECK(checks.at(0).outcome == verify::verdict::held);
  CHECK(checks.at(1).outcome == verify::verdict::held);
  // NOTE: the mutants below are placed relative to φ; the test means something only if φ is small.
  const double phi = natural_fraction();
  INFO("natural residual: " << phi << " of the bound");
  CHECK(phi < 0.25);
}

TEST_CASE("residual[double] fails a position-dependent output just above its bound and passes one just under",
          "[plot][residual][mutant]") {
  const double phi = natural_fraction();
  REQUIRE(phi < 0.25);
  // residual ≥ (fraction − φ − 1/24)·bound at every n: above the bound for fraction = 1 + φ + 1/16.
  const auto above = equivariance_residual(max_tokens, permutations, seed, positional_mutant(1 + phi + margin));
  CHECK(double_verdict(above) == verify::verdict::failed);
  CHECK(above.at(0).note.find("0 of 11 sizes within it") != std::string::npos);
  // residual ≤ (fraction + φ + 1/24)·bound: within it for fraction = 1 − φ − 1/16.
  const auto under = equivariance_residual(max_tokens, permutations, seed, positional_mutant(1 - phi - margin));
  CHECK(double_verdict(under) == verify::verdict::held);
}

TEST_CASE("residual[double] fails a causal mask and a NaN at one size", "[plot][residual][mutant]") {
  const double_head causal = [](const Matrix<double>& x, const head_weights<double>& w) {
    attention_options<double> opt;
    opt.mask = mask::causal();
    return self_attention<double>(x, w, opt);
  };
  CHECK(double_verdict(equivariance_residual(max_tokens, permutations, seed, causal)) == verify::verdict::failed);
  const double_head nan_at_7 = [](const Matrix<double>& x, const head_weights<double>& w) {
    auto z = self_attention<double>(x, w);
    if (x.rows() == 7) z(2, 1) = std::numeric_limits<double>::quiet_NaN();
    return z;
  };
  const auto checks = equivariance_residual(max_tokens, permutations, seed, nan_at_7);
  CHECK(checks.at(0).outcome == verify::verdict::failed);
  CHECK(checks.at(0).note.find("at n = 7; 10 of 11 sizes") != std::string::npos);
}

TEST_CASE("residual[mpq_rational] fails a head off by 10^-40 at the last size only", "[plot][residual][mutant]") {
  const exact_head off = [](const Matrix<mpq_rational>& x, const head_weights<mpq_rational>& w) {
    auto z = library_exact_head()(x, w);
    mpq_rational tiny(1);
    for (int i = 0; i < 40; ++i) tiny /= 10;
    if (x.rows() == max_tokens) z(0, 0) += tiny;
    return z;
  };
  const auto s = equivariance_residual(max_tokens, permutations, seed, library_double_head(), off);
  CHECK(exact_verdict(s) == verify::verdict::failed);
  CHECK(double_verdict(s) == verify::verdict::held);
  CHECK(s.at(1).note == "10 of 11 sizes held with ==");
}

TEST_CASE("a sweep without sizes holds nothing", "[plot][residual]") {
  const auto s = equivariance_residual(1, permutations, seed);
  CHECK(sizes_of(s.at(0)).empty());
  CHECK(sizes_of(s.at(1)).empty());
  CHECK(double_verdict(s) == verify::verdict::failed);
  CHECK(exact_verdict(s) == verify::verdict::failed);
}
