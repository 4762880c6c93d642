// SPDX-License-Identifier: MIT
// NaN never passes, family by family: the proofs' step comparisons (proofs/checks.hpp), the PE battery,
// the MPFI certificate and the float-error table (lib/orderblind/enclosure), and `check --pe`
// (properties/check/pe_table.cpp). Each family gets a mutant that puts NaN into an output.
#include <catch2/catch.hpp>
#include <limits>

#include "orderblind/enclosure/certificate.hpp"
#include "orderblind/enclosure/float_error.hpp"
#include "orderblind/pe/battery.hpp"
#include "orderblind/pe/schemes.hpp"
#include "properties/check/check.hpp"
#include "proofs/checks.hpp"

using namespace orderblind;

namespace {
const double qnan = std::numeric_limits<double>::quiet_NaN();

/// MUTANT: the sinusoid with entry 1 of PE(2) replaced by NaN.
struct nan_sinusoid : pe::sinusoidal_scheme<double> {
  std::string name() const { return "mutant:nan-at-2"; }
  pe::vec<double> encode(long p, long n) const {
    auto v = pe::sinusoidal_scheme<double>::encode(p, n);
    if (p == 2) v[1] = qnan;
    return v;
  }
};

/// MUTANT: RoPE whose rotated key has a NaN in entry 0 at position 2.
struct nan_rope : pe::rope_scheme<double> {
  std::string name() const { return "mutant:nan-rope"; }
  pe::vec<double> key(const pe::vec<double>& k, long n) const {
    auto v = pe::rope_scheme<double>::key(k, n);
    if (n == 2) v[0] = qnan;
    return v;
  }
};

/// MUTANT: softmax whose first weight is NaN.
struct nan_softmax_kernel {
  static constexpr const char* name = "MUTANT softmax, first weight NaN";
  template <Scalar S>
  static constexpr bool supports = scalar_traits<S>::has_exp;
  template <Scalar S>
  static std::vector<S> weights(const std::vector<S>& s, summation how) {
    auto w = softmax_kernel::weights<S>(s, how);
    w.front() = S(qnan);
    return w;
  }
};
}  // namespace

TEST_CASE("proofs: compare_within fails a step case on NaN in got or want and names the entry", "[compare][nan][proofs]") {
  Matrix<double> want(2, 2);
  want << 1, 2, 3, 4;
  Matrix<double> got = want;
  CHECK(proofs::compare_within(got, want, 4.0, 1.0, "Z vs P Z").held);
  got(0, 1) = qnan;
  for (const double k : {0.0, 4.0, 1e300}) {
    const auto o = proofs::compare_within(got, want, k, 1.0, "Z vs P Z");
    CHECK_FALSE(o.held);
    CHECK_THAT(o.why, Catch::Matchers::Contains("got(0, 1) is NaN"));
  }
  // NaN on both sides in the same place: still a failure.
  const auto both = proofs::compare_within(got, got, 1e300, 1.0, "Z");
  CHECK_FALSE(both.held);
  const auto bits = proofs::compare_bitwise(got, got, "LN(PX) vs P·LN(X)");
  CHECK_FALSE(bits.held);
  CHECK_THAT(bits.why, Catch::Matchers::Contains("is NaN"));
  CHECK_FALSE(proofs::compare_within(want, want, 4.0, qnan, "Z").held);  // a NaN magnitude
  // mpfr100 likewise.
  Matrix<mpfr100> r = want.cast<mpfr100>();
  Matrix<mpfr100> rn = r;
  rn(1, 1) = std::numeric_limits<mpfr100>::quiet_NaN();
  CHECK_FALSE(proofs::compare_within(rn, r, 1e300, mpfr100(1), "Z").held);
}

TEST_CASE("PE battery: a scheme with one NaN entry fails every law that looks at it (none holds)", "[compare][nan][pe]") {
  const auto good = pe::run_battery(pe::sinusoidal_scheme<double>{}, "test");
  CHECK(pe::held_within_bound(pe::law(good, pe::property::relative_scores)));
  const auto row = pe::run_battery(nan_sinusoid{}, "mutant");
  for (const auto& c : pe::laws(row)) {
    INFO(pe::property_name(pe::property_of(c)) << ": " << c.note);
    CHECK_FALSE(pe::holds(c.outcome));
  }
  CHECK(pe::law(row, pe::property::bounded).outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(pe::law(row, pe::property::bounded).note, Catch::Matchers::Contains("p = 2 entry 1 is NaN"));
  CHECK(pe::law(row, pe::property::injective).outcome == orderblind::verify::verdict::failed);  // NaN rows are not "distinct"
  CHECK(pe::law(row, pe::property::breaks_equivariance).outcome == orderblind::verify::verdict::failed);  // nor "different"
  CHECK(pe::law(row, pe::property::score_decays).outcome == orderblind::verify::verdict::failed);
  CHECK(pe::law(row, pe::property::relative_expressible).outcome == orderblind::verify::verdict::failed);
}

TEST_CASE("PE battery: a RoPE whose key is NaN at one position holds no law that reads keys", "[compare][nan][pe]") {
  nan_rope s;
  s.d = 8;
  s.r = 8;
  s.angles = pe::angle_table<double>::standard(8);
  const auto row = pe::run_battery(s, "mutant");
  for (const auto& c : pe::laws(row)) {
    // NOTE: these two never evaluate a key: length-consistency is structural for query_key schemes, and
    // the decay bound reads only the rotation phases.
    if (pe::property_of(c) == pe::property::length_consistent || pe::property_of(c) == pe::property::bound_decays) continue;
    INFO(pe::property_name(pe::property_of(c)) << ": " << c.note);
    CHECK_FALSE(pe::holds(c.outcome));
  }
}

TEST_CASE("enclosures: a NaN or unbounded enclosure fails the certificate", "[compare][nan][enclosure]") {
  const std::vector<std::string> labels{"case 1", "case 2"};
  const auto run = [&](const enclosure::interval& second) {
    Matrix<enclosure::interval> r(2, 1);
    r(0, 0) = enclosure::interval(0);
    r(1, 0) = second;
    return enclosure::identity_check("id", "statement", "source", "setup", r, labels, 1);
  };
  CHECK(run(enclosure::interval(0)).outcome == verify::verdict::held);
  const auto nan = run(enclosure::interval(std::numeric_limits<mpfr100>::quiet_NaN()));
  CHECK(nan.outcome == verify::verdict::failed);
  CHECK_THAT(nan.note, Catch::Matchers::Contains("case 2"));
  CHECK_THAT(*nan.details.back().val.as<std::string>(), Catch::Matchers::Contains("case 2"));  // unbounded_at
  CHECK(run(enclosure::interval(std::numeric_limits<mpfr100>::infinity())).outcome == verify::verdict::failed);
}

TEST_CASE("float-error table: a NaN-producing softmax fails every row (it used to be skipped)", "[compare][nan][enclosure]") {
  for (const auto& row : enclosure::float_error_table<softmax_kernel>({4}, 3, 11, false))
    CHECK(row.outcome == verify::verdict::held);
  for (const auto& row : enclosure::float_error_table<nan_softmax_kernel>({4}, 3, 11, false)) {
    CHECK(row.outcome == verify::verdict::failed);
    CHECK_THAT(row.note, Catch::Matchers::Contains("is NaN"));
  }
}

TEST_CASE("check --pe: a table at 10^200 is checked in its own scale: relative scores fails with a finite residual",
          "[compare][nan][check]") {
  // NOTE: its scores overflow in double (10^400); the battery runs on the table scaled by a power of two
  // (properties/check/pe_table.cpp, scale_free), where none can, so the residual (the largest difference
  // as a fraction of its bound) is a number, not ∞ − ∞.
  io::table t;
  t.source = "<memory>";
  t.element_type = "float64";
  t.rows = 12;
  t.cols = 2;
  for (long i = 0; i < t.rows * t.cols; ++i) t.values.push_back(1e200 * (1 + i % 3));
  properties::check_settings s;
  const auto results = properties::check_pe_table(t, false, s);
  bool found = false;
  for (const auto& r : results)
    if (r.id == "relative scores (table)") {
      found = true;
      CHECK(r.outcome == verify::verdict::failed);
      REQUIRE(r.residual.as<double>());
      CHECK(std::isfinite(*r.residual.as<double>()));
      CHECK(*r.residual.as<double>() > 1);
    }
  CHECK(found);
}

TEST_CASE("sorted summation: a NaN term makes the sum NaN and is never handed to std::sort", "[nan][summation]") {
  // NOTE: `<` is no strict weak order once a NaN is present, so sorting would be undefined behaviour.
  for (std::size_t at = 0; at < 5; ++at) {
    std::vector<double> terms{0.5, -2.0, 3.25, 1e-300, -7.0};
    terms[at] = qnan;
    const double s = sum_terms(terms, summation::sorted);
    CHECK(s != s);
  }
  std::vector<double> clean{0.5, -2.0, 3.25};
  CHECK(sum_terms(clean, summation::sorted) == 1.75);
  CHECK(clean == std::vector<double>{-2.0, 0.5, 3.25});  // sorted in place when no term is NaN
}
