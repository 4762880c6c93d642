// SPDX-License-Identifier: MIT
// The typed expectation table: every expected cell of every catalogue family has a source; a row with
// no stated expectation is reported as such, never as agreeing; a scheme may state its own expectations.
#include <catch2/catch.hpp>

#include "expectations.hpp"
#include "orderblind/pe/battery.hpp"
#include "orderblind/pe/schemes.hpp"

using namespace orderblind;
using namespace orderblind::pe;

namespace {
/// A user's scheme that states what it expects (ALiBi with a wrong expectation for score decay when
/// `wrong` is set).
struct stated_alibi : alibi_scheme<mpq_rational> {
  bool wrong = false;
  std::string name() const { return "stated-alibi"; }
  std::vector<std::pair<property, expectation>> expectations() const {
    return {{property::bounded, expectation::fails},
            {property::relative_scores, expectation::holds},
            {property::score_decays, wrong ? expectation::fails : expectation::holds}};
  }
};
}  // namespace

TEST_CASE("every family has one expected cell per property, each with a source", "[pe][expectations]") {
  CHECK(catalogue::expectations().size() == 19);
  for (const auto& f : catalogue::expectations()) {
    REQUIRE(f.cells.size() == property_count);
    for (std::size_t i = 0; i < property_count; ++i) {
      INFO(f.family << " " << property_name(all_properties[i]));
      CHECK(f.cells[i].prop == all_properties[i]);
      CHECK(f.cells[i].expected != expectation::unspecified);
      CHECK(f.cells[i].source.size() > 10);
    }
  }
}

TEST_CASE("the positional strings are derived from the typed table", "[pe][expectations]") {
  CHECK(catalogue::expected_table().at("alibi") == "FHNHHHNNNHH");
  CHECK(catalogue::expected_table().at("counter") == "FHHHFFFNNFH");
  CHECK(catalogue::expected_table().at("rope-yarn") == "HHHHHHNFHFH");
}

TEST_CASE("the counter is p·𝟙 as the texts define it", "[pe][expectations]") {
  const counter_scheme<mpq_rational> c;
  CHECK(c.encode(0, 4) == vec<mpq_rational>(4, mpq_rational(0)));
  CHECK(c.encode(7, 4) == vec<mpq_rational>(4, mpq_rational(7)));
  auto row = run_battery(c);
  catalogue::annotate(row);
  CHECK(agrees(row));
  CHECK_THAT(expected_source_of(law(row, property::relative_scores)), Catch::Matchers::Contains("text 001 §3.7"));
}

TEST_CASE("kerple-log's bounded verdict rests on several far positions", "[pe][expectations]") {
  auto row = run_battery(kerple_scheme<mpfr100>{4, true, 1.0, 0.5});
  const auto& c = law(row, property::bounded);
  INFO(battery_evidence(c));
  CHECK(c.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(c.note, Catch::Matchers::Contains("rises at each of 8 far positions"));
}

TEST_CASE("a scheme with no stated expectation is not reported as agreeing", "[pe][expectations]") {
  const auto row = run_battery(alibi_scheme<mpq_rational>{}, "user header");
  CHECK_FALSE(has_expectations(row));
  for (const auto& c : laws(row)) CHECK(std::string(expectation_name(expected_of(c))) == "no expectation stated");
}

TEST_CASE("a scheme's own stated expectations are checked: a wrong one makes the row disagree", "[pe][expectations]") {
  stated_alibi ok;
  const auto good = run_battery(ok, "user header");
  CHECK(has_expectations(good));
  CHECK(agrees(good));
  CHECK(expected_source_of(law(good, property::score_decays)) == "stated by the scheme (user header)");
  stated_alibi bad;
  bad.wrong = true;
  const auto row = run_battery(bad, "user header");
  CHECK_FALSE(agrees(row));
  CHECK_FALSE(agrees(law(row, property::score_decays)));
}
