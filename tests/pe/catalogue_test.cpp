// SPDX-License-Identifier: MIT
// The catalogue's matrix: every scheme of PE-CATALOGUE.md is registered, every property is decided,
// and every cell agrees with the catalogue's expected outcome.
#include <catch2/catch.hpp>
#include <set>

#include "expectations.hpp"
#include "orderblind/pe/report.hpp"

using namespace orderblind::pe;

namespace {
const std::vector<scheme_row>& rows() {
  static const std::vector<scheme_row> all = [] {
    std::vector<scheme_row> r;
    for (const auto& s : scheme_registry())
      if (s.origin == "catalogue") r.push_back(s.run());
    return r;
  }();
  return all;
}
}  // namespace

// NOTE: one test case with three sections, not three test cases: ctest runs every test case in a process
// of its own, and each would run the whole catalogue again (≈ 55 s of CPU each on a 2-core machine).
TEST_CASE("the catalogue's report", "[pe][catalogue]") {
  SECTION("every scheme family of the catalogue is in the report") {
    std::set<std::string> families;
    for (const auto& r : rows()) families.insert(catalogue::family(r.name));
    for (const auto& [family, expected] : catalogue::expected_table()) {
      INFO(family);
      CHECK(families.count(family) == 1);
    }
  }

  SECTION("every property of every catalogue row is decided and agrees with PE-CATALOGUE.md") {
    for (const auto& r : rows()) {
      REQUIRE(r.cells.size() == property_count);
      for (const auto& c : r.cells) {
        INFO(r.name << " [" << r.arithmetic << "] " << property_name(c.prop) << ": " << c.result_words()
                    << " — " << c.evidence);
        CHECK(c.expected != expectation::unspecified);
        CHECK_FALSE(
            c.expectation_source.empty());  // every expected cell says where the expectation comes from
        CHECK_FALSE(c.summary.empty());
        CHECK(c.agrees());
      }
    }
  }

  SECTION("each registered scheme names the arithmetic of the row it returns") {
    std::size_t i = 0;
    for (const auto& s : scheme_registry()) {
      if (s.origin != "catalogue") continue;
      REQUIRE(i < rows().size());
      INFO(s.name);
      CHECK(s.arithmetic == rows()[i].arithmetic);
      CHECK(s.name == rows()[i].name);
      ++i;
    }
    CHECK(i == rows().size());
  }

  SECTION("exact rows decide by exact arithmetic, real rows by a stated tolerance") {
    for (const auto& r : rows())
      for (const auto& c : r.cells) {
        INFO(r.name << " " << property_name(c.prop));
        const bool exact = r.arithmetic.find("(exact)") != std::string::npos;
        CHECK(c.basis == (exact ? orderblind::verify::evidence_kind::sampled_exact
                                : orderblind::verify::evidence_kind::sampled_within_bound));
        if (exact) CHECK_FALSE(held_within_bound(c));
      }
  }
}
