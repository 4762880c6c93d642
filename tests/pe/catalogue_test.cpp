// SPDX-License-Identifier: MIT
// The catalogue's matrix: every scheme of PE-CATALOGUE.md is registered, every property is decided,
// and every cell agrees with the catalogue's expected outcome.
// NOTE: read from the report of `orderblind --format json --cases 2 --seed 7 schemes` that the main job of
// the ctest "json schema: the no-subcommand summary" writes with --reports (fixture cli_reports, tests/cli;
// "json schema: schemes: every scheme of the registry" validates it): the command runs the catalogue's
// registry, linked here too, so the catalogue runs once for the whole suite (≈ 65 s of CPU each time on a
// 2-core machine). ctest runs that test first, also when this one is chosen alone (-R).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "expectations.hpp"
#include "orderblind/pe/report.hpp"

using namespace orderblind::pe;

namespace {
/// The catalogue's rows of the saved report, in the report's order.
const std::vector<nlohmann::json>& rows() {
  static const std::vector<nlohmann::json> all = [] {
    std::ifstream in(ORDERBLIND_SCHEMES_REPORT);
    if (!in)
      throw std::runtime_error(std::string("cannot read ") + ORDERBLIND_SCHEMES_REPORT +
                               ": run this test through ctest, whose fixture cli_reports writes it");
    const auto report = nlohmann::json::parse(in);
    std::vector<nlohmann::json> r;
    for (const auto& s : report.at("schemes"))
      if (s.at("origin") == "catalogue") r.push_back(s);
    return r;
  }();
  return all;
}
}  // namespace

// NOTE: one test case with sections, not several test cases: ctest runs every test case in a process of its
// own, and each would read and parse the report again.
TEST_CASE("the catalogue's report", "[pe][catalogue]") {
  REQUIRE_FALSE(rows().empty());

  SECTION("every scheme family of the catalogue is in the report") {
    std::set<std::string> families;
    for (const auto& r : rows()) families.insert(catalogue::family(r.at("scheme").get<std::string>()));
    for (const auto& [family, expected] : catalogue::expected_table()) {
      INFO(family);
      CHECK(families.count(family) == 1);
    }
  }

  SECTION("every property of every catalogue row is decided and agrees with PE-CATALOGUE.md") {
    for (const auto& r : rows()) {
      const auto& cells = r.at("properties");
      REQUIRE(cells.size() == property_count);
      CHECK(r.at("agrees_with_catalogue") == true);
      for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto& c = cells[i];
        INFO(r.at("scheme").get<std::string>() << " [" << r.at("arithmetic").get<std::string>() << "] "
                                               << c.at("property").get<std::string>() << ": "
                                               << c.at("result").get<std::string>() << " — "
                                               << c.at("battery_evidence").get<std::string>());
        CHECK(c.at("property") == property_name(all_properties[i]));
        CHECK(c.at("expected") != expectation_name(expectation::unspecified));
        // every expected cell says where the expectation comes from
        CHECK_FALSE(c.at("expected_source").get<std::string>().empty());
        // NOTE: the note starts with the cell's one-line summary (a theorem or a group follows it after "; ").
        const auto note = c.at("note").get<std::string>();
        CHECK_FALSE(note.empty());
        CHECK(note.rfind("; ", 0) != 0);
        CHECK(c.at("agrees") == true);
        CHECK(c.at("contradicts_declaration") == false);
        CHECK(c.at("verdict") == "held");
      }
    }
  }

  SECTION("each registered scheme names the arithmetic of the row it returns") {
    std::size_t i = 0;
    for (const auto& s : scheme_registry()) {
      if (s.origin != "catalogue") continue;
      REQUIRE(i < rows().size());
      INFO(s.name);
      CHECK(s.arithmetic == rows()[i].at("arithmetic").get<std::string>());
      CHECK(s.name == rows()[i].at("scheme").get<std::string>());
      ++i;
    }
    CHECK(i == rows().size());
  }

  SECTION("exact rows decide by exact arithmetic, real rows by a stated tolerance") {
    for (const auto& r : rows())
      for (const auto& c : r.at("properties")) {
        INFO(r.at("scheme").get<std::string>() << " " << c.at("property").get<std::string>());
        const bool exact = r.at("arithmetic").get<std::string>().find("(exact)") != std::string::npos;
        // NOTE: a cell rests on exact == (exact rows) or a stated tolerance (real rows); "formal" only
        // where a Coq theorem covers it for all positions.
        const auto evidence = c.at("evidence").get<std::string>();
        CHECK((evidence == (exact ? "sampled_exact" : "sampled_within_bound") || evidence == "formal"));
        if (exact) CHECK(c.at("result") != "held within the tolerance");
      }
  }
}
