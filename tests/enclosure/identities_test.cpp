// SPDX-License-Identifier: MIT
// The MPFI certificate: true identities are bounded far below 1e-90; a wrong frequency is caught.
#include <catch2/catch.hpp>

#include "orderblind/enclosure/certificate.hpp"

using namespace orderblind;
using namespace orderblind::enclosure;

TEST_CASE("the sinusoid and RoPE identities have proven |residual| below 1e-90 at 100 digits", "[enclosure]") {
  const auto results = run_certificate(4, 20261129);
  REQUIRE(results.size() == 4);
  for (const auto& r : results) {
    INFO(r.id << ": bound " << upward(r.bound) << ", worst " << r.worst_case);
    CHECK(r.held);
    CHECK(r.bound < mpfr100("1e-90"));
    CHECK(r.all_contain_zero);
    CHECK(r.cases == 4);
  }
}

TEST_CASE("mutant: one side using θ_2 for pair 1 fails every identity of the certificate", "[enclosure][mutant]") {
  for (const auto& r : run_certificate(4, 20261129, variant::wrong_frequency)) {
    INFO(r.id << ": bound " << upward(r.bound));
    CHECK_FALSE(r.held);
    CHECK(mpfr100("1e-10") < r.bound);
  }
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
