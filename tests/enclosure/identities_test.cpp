// SPDX-License-Identifier: MIT
// The MPFI certificate: true identities are bounded far below 1e-90; a wrong frequency is caught.
#include <catch2/catch.hpp>

#include "orderblind/enclosure/certificate.hpp"

using namespace orderblind;
using namespace orderblind::enclosure;

namespace {
/// A detail of a check by key (null if absent).
const verify::value& detail_of(const verify::check& c, const std::string& key) {
  static const verify::value none;
  for (const auto& f : c.details)
    if (f.key == key) return f.val;
  return none;
}
/// The check's residual, the proven bound printed rounded upward.
mpfr100 proven_bound(const verify::check& c) { return mpfr100(*c.residual.as<std::string>()); }
}  // namespace

TEST_CASE("the sinusoid and RoPE identities have proven |residual| below 1e-90 at 100 digits", "[enclosure]") {
  const auto report = run_certificate(4, 20261129);
  const auto checks = verify::top_checks(report);
  REQUIRE(checks.size() == 4);
  for (const auto& c : checks) {
    INFO(c.id << ": bound " << *c.residual.as<std::string>() << ", note " << c.note);
    CHECK(c.outcome == verify::verdict::held);
    CHECK(c.evidence == verify::evidence_kind::enclosure);
    CHECK(proven_bound(c) < mpfr100("1e-90"));
    CHECK(*detail_of(c, "all_contain_zero").as<bool>());
    CHECK(detail_of(c, "unbounded_at").is_null());
    CHECK(c.cases == 4);
    CHECK(c.seed == 20261129u);
  }
  CHECK(verify::all_held(report));
}

TEST_CASE("mutant: one side using θ_2 for pair 1 fails every identity of the certificate", "[enclosure][mutant]") {
  const auto checks = verify::top_checks(run_certificate(4, 20261129, variant::wrong_frequency));
  REQUIRE(checks.size() == 4);
  for (const auto& c : checks) {
    INFO(c.id << ": bound " << *c.residual.as<std::string>() << ", note " << c.note);
    CHECK(c.outcome == verify::verdict::failed);
    CHECK(mpfr100("1e-10") < proven_bound(c));
    // NOTE: a residual enclosure that excludes 0 disproves the identity; the comparison says so.
    CHECK_THAT(c.note, Catch::Matchers::Contains("do not overlap"));
  }
}

TEST_CASE("an identity's check: 0 inside and narrow holds; a wide, an off-zero or a NaN enclosure fails", "[enclosure]") {
  const std::vector<std::string> labels{"case 1", "case 2"};
  const auto run = [&](const interval& second) {
    Matrix<interval> r(2, 1);
    r(0, 0) = interval(0);
    r(1, 0) = second;
    return identity_check("id", "statement", "source", "setup", r, labels, 1);
  };
  const mpfr100 tiny("1e-95"), wide("1e-80");
  CHECK(run(interval(-tiny, tiny)).outcome == verify::verdict::held);
  // Just under and just over the width bound (1e-90 wide, centred on 0).
  const mpfr100 under("4.99e-91"), over("5.01e-91");
  CHECK(run(interval(-under, under)).outcome == verify::verdict::held);
  CHECK(run(interval(-over, over)).outcome == verify::verdict::failed);
  // |residual| ≤ 1e-95 but 0 excluded: the identity is disproved.
  const auto off = run(interval(tiny, mpfr100(2 * tiny)));
  CHECK(off.outcome == verify::verdict::failed);
  CHECK_THAT(off.note, Catch::Matchers::Contains("case 2") && Catch::Matchers::Contains("do not overlap"));
  CHECK(run(interval(-wide, wide)).outcome == verify::verdict::failed);
}

TEST_CASE("a printed bound is never below the proven bound", "[enclosure]") {
  for (const char* s : {"3.14159e-96", "9.9999e-91", "1.0005e-95", "0.123456789"}) {
    const mpfr100 b(s);
    CHECK(b <= mpfr100(upward(b)));
  }
  CHECK(upward(mpfr100(0)) == "0");
}

TEST_CASE("the difference-form and plain softmax enclosures of RoPE attention overlap, both below 1e-90", "[enclosure]") {
  // NOTE: MPFI widths are relative, so exp(s_i)/Σ exp(s_j) is not much wider than 1/Σ exp(s_j − s_i)
  // here (measured: 1.3e-96 both); the difference form avoids the dependency of s_i in numerator and
  // denominator and never forms a huge exp, so the certificate uses it. Both must contain the value.
  std::mt19937_64 rng(5);
  Matrix<interval> x(3, 4);
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 4; ++j) x(i, j) = interval(static_cast<int>(rng() % 33) - 16) / interval(2);
  const head_weights<interval> w{Matrix<interval>::Identity(4, 4), Matrix<interval>::Identity(4, 4),
                                 Matrix<interval>::Identity(4, 4)};
  const auto theta = base10000<interval>();
  const auto diff = rope_attention_shift_residual<interval, softmax_difference_kernel>(x, w, {3, 1, 4}, 100, theta, theta);
  const auto plain = rope_attention_shift_residual<interval, softmax_kernel>(x, w, {3, 1, 4}, 100, theta, theta);
  for (Eigen::Index i = 0; i < diff.rows(); ++i)
    for (Eigen::Index j = 0; j < diff.cols(); ++j) {
      CHECK(overlap(diff(i, j), plain(i, j)));
      CHECK(mpfr100(width(diff(i, j))) < mpfr100("1e-90"));
    }
}
