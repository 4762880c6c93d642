// SPDX-License-Identifier: MIT
// The scheme-check door of the robustness sweep: every fault of bad_schemes.hpp gets a clear error naming
// the member (and the position) or a failed cell naming the call — never a crash, an abort, a
// std::terminate, or a verdict computed from a truncated vector.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "bad_schemes.hpp"
#include "fuzzed_scheme.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using Q = mpq_rational;

namespace {
/// The invalid_scheme_error's message of run_battery(s) (fails the test if it returns or throws else).
template <class S>
std::string refusal(const S& s) {
  try {
    (void)run_battery(s, "robustness");
  } catch (const invalid_scheme_error& e) {
    return e.what();
  }
  FAIL("run_battery accepted a scheme that breaks the contract");
  return {};
}
using Catch::Matchers::Contains;
}  // namespace

TEST_CASE("a vector of the wrong length is refused with the call and the position", "[robustness][scheme]") {
  CHECK_THAT(refusal(bad::short_encode<Q>{}), Contains("encode(p = ") && Contains("returned 3 entries, but dim() = 4"));
  CHECK_THAT(refusal(bad::short_encode<double>{}), Contains("returned 3 entries, but dim() = 4"));
  CHECK_THAT(refusal(bad::empty_encode<Q>{}), Contains("returned 0 entries, but dim() = 4"));
  CHECK_THAT(refusal(bad::long_encode_far<double>{}), Contains("encode(p = ") && Contains("returned 5 entries, but dim() = 4"));
  CHECK_THAT(refusal(bad::long_key<Q>{}), Contains("key(k, n = ") && Contains(") returned 3 entries, but dim() = 2"));
}

TEST_CASE("dim() outside [1, 1024] is refused naming the value and the battery's limit", "[robustness][scheme]") {
  CHECK_THAT(refusal(bad::width<Q, 0>{}), Contains("dim() = 0 is outside [1, 1024]"));
  CHECK_THAT(refusal(bad::width<double, -1>{}), Contains("dim() = -1 is outside [1, 1024]"));
  CHECK_THAT(refusal(bad::width<double, 1000000000>{}), Contains("dim() = 1000000000") && Contains("the battery's limit"));
}

TEST_CASE("a width beyond the relative-expressible law's own limit is reported as the battery's, and the run ends",
          "[robustness][scheme]") {
  // NOTE: d = 63 hung the run before (an elimination of ~6·10¹⁰ operations; found by fuzz/fuzz_scheme.cpp).
  const auto row = run_battery(bad::width<double, 63>{}, "robustness");
  const auto& c = law(row, property::relative_expressible);
  CHECK(not_applicable(c.outcome));
  CHECK_THAT(c.note, Contains("the battery's limit for this law is d ≤ 16") && Contains("d = 63"));
}

TEST_CASE("max_position() outside [1, 2^62] is refused, and its ends run without overflow", "[robustness][scheme]") {
  CHECK_THAT(refusal(bad::table_end<Q, 0>{}), Contains("max_position() = 0 is outside [1, 2^62]"));
  CHECK_THAT(refusal(bad::table_end<Q, -5>{}), Contains("max_position() = -5"));
  CHECK_THAT(refusal(bad::table_end<double, LONG_MAX>{}), Contains("max_position() = 9223372036854775807"));
  // NOTE: the ends of the range: a one-row table, and 2^62 (every offset the battery adds stays below 2^63;
  // the sanitizer build and the fuzz target check for signed overflow).
  const auto one = run_battery(bad::table_end<Q, 1>{}, "robustness");
  CHECK(law(one, property::extrapolates).outcome == orderblind::verify::verdict::failed);
  // NOTE: one row leaves nothing to compare: n/a, never "held" on zero cases.
  for (auto p : {property::injective, property::shift_linear, property::relative_scores, property::relative_expressible})
    CHECK(not_applicable(law(one, p).outcome));
  const auto far = run_battery(bad::table_end<double, (1L << 62)>{}, "robustness");
  CHECK(law(far, property::extrapolates).outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(law(far, property::extrapolates).note, Contains("undefined at p = 4611686018427387904"));
}

TEST_CASE("anything the scheme throws fails the cell with the call and position, even an int", "[robustness][scheme]") {
  const auto row = run_battery(bad::throws_int<Q>{}, "robustness");
  const auto& c = law(row, property::injective);
  CHECK(c.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(c.note, Contains("encode(p = 7") && Contains("not derived from std::exception"));
  const auto bias = run_battery(bad::bias_throws_far<double>{}, "robustness");
  CHECK(law(bias, property::extrapolates).outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(law(bias, property::extrapolates).note, Contains("position too large for my table"));
  CHECK_THAT(law(bias, property::extrapolates).note, Contains("bias(q, k, m = "));
  // NOTE: the far windows stop where the scheme stops being defined; the evidence says so.
  CHECK_THAT(battery_evidence(law(bias, property::relative_scores)), Contains("windows stop before 2^10"));
}

TEST_CASE("an empty name, or a name() that throws, is refused", "[robustness][scheme]") {
  CHECK_THAT(refusal(bad::nameless<Q>{}), Contains("name() is empty"));
  CHECK_THAT(refusal(bad::name_throws<Q>{}), Contains("name() threw") && Contains("not derived from std::exception"));
}

TEST_CASE("registering a scheme whose name() throws is recorded, not a std::terminate before main",
          "[robustness][scheme]") {
  const auto before = registration_conflicts().size();
  CHECK_FALSE(register_scheme(bad::name_throws<Q>{}, "robustness"));
  REQUIRE(registration_conflicts().size() == before + 1);
  CHECK_THAT(registration_conflicts().back(), Contains("threw"));
}

TEST_CASE("every scheme-fuzzer corpus and regression input runs or is refused cleanly", "[robustness][scheme][fuzz]") {
  const std::filesystem::path root{ORDERBLIND_FUZZ_DIR};
  int files = 0;
  for (const char* sub : {"corpus/scheme", "regressions/scheme"}) {
    if (!std::filesystem::exists(root / sub)) continue;
    for (const auto& e : std::filesystem::directory_iterator(root / sub)) {
      if (!e.is_regular_file() || e.path().extension() == ".md") continue;
      std::ifstream in(e.path(), std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      INFO("input " << e.path().filename().string());
      CHECK(orderblind::pe::fuzzing::run_fuzzed_scheme(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) == 0);
      ++files;
    }
  }
  CHECK(files >= 18);
}
