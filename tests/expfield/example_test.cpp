// SPDX-License-Identifier: MIT
// Text 001's example with the real softmax, exactly: the figures `orderblind example` prints, each a check.
#include <catch2/catch.hpp>

#include "proofs/examples/worked_examples.hpp"

using namespace orderblind;
using proofs::text001_exact_figures;

namespace {
std::string detail(const verify::check& c, const std::string& key) {
  for (const auto& f : c.details)
    if (f.key == key)
      if (const auto* s = f.val.as<std::string>()) return *s;
  return {};
}
}  // namespace

TEST_CASE("text 001 §3.2 exact example: every figure holds and Z's rows print as closed forms", "[expfield][example]") {
  const auto figures = text001_exact_figures();
  for (const auto& f : figures) {
    INFO(f.statement << ": " << detail(f, "computed") << " — " << f.note);
    CHECK(f.outcome == verify::verdict::held);
  }
  REQUIRE(figures.size() == 8);
  CHECK(detail(figures[0], "computed") == "[(t^2 + 3)/(t^2 + 2), t^2/(t^2 + 2), 1/(t^2 + 2), 1/(t^2 + 2)]");
  CHECK(detail(figures[2], "computed") ==
        "[(2t^3 + t + 1)/(t^3 + t + 1), 1/(t^3 + t + 1), t/(t^3 + t + 1), t^3/(t^3 + t + 1)]");
  CHECK(detail(figures[4], "computed") ==
        "[(t^3 + t + 2)/(t^3 + t + 1), t/(t^3 + t + 1), t^3/(t^3 + t + 1), 1/(t^3 + t + 1)]");
  // 100 certified digits of Z(I, 0) = (e + 3)/(e + 2) = 1.2119…
  CHECK(detail(figures[1], "computed").rfind("1.21194", 0) == 0);
}

TEST_CASE("text 001 §3.2 exact example: each figure states its arithmetic, evidence and bound", "[expfield][example]") {
  const auto figures = text001_exact_figures();
  for (const auto& f : figures) {
    INFO(f.statement);
    CHECK(!f.arithmetic.empty());
    CHECK(!f.bound.empty());
    CHECK(f.outcome != verify::verdict::erratum);
    CHECK(f.residual.is_null());  // every comparison here is == or an enclosure, not a residual
  }
  // Odd figures (the 100 digits) rest on the MPFI enclosure; the rest are exact in Q(t).
  CHECK(figures[1].evidence == verify::evidence_kind::enclosure);
  CHECK(figures[0].evidence == verify::evidence_kind::exact_on_data);
  CHECK(figures[7].evidence == verify::evidence_kind::exact_on_data);
}

TEST_CASE("every worked example: the errata are the two of text 000, and each holds", "[example]") {
  const auto& all = proofs::worked_examples();
  REQUIRE(all.size() == 4);
  const auto ids = proofs::worked_example_ids();  // what `list` prints without computing
  REQUIRE(ids.size() == all.size());
  for (std::size_t i = 0; i < ids.size(); ++i) CHECK(ids[i] == all[i].name);
  int errata = 0;
  std::vector<verify::value::checks> figures;
  for (const auto& e : all) {
    figures.push_back(e.figures());
    for (const auto& f : figures.back()) {
      INFO(e.name << ": " << f.statement << " = " << detail(f, "computed"));
      CHECK(f.id.rfind(e.name + " #", 0) == 0);
      CHECK_FALSE(verify::is_failure(f.outcome));
      if (f.outcome == verify::verdict::erratum) {
        ++errata;
        CHECK(e.name == "dog-bites-man");
        CHECK(f.note.rfind("erratum:", 0) == 0);
      }
      // A rounding or tolerance comparison states its residual: a number ≥ 0 (NaN fails).
      if (const auto* r = f.residual.as<double>()) CHECK(*r >= 0);
    }
  }
  CHECK(errata == 2);
  // The first figure is a rounding to 3 decimals: its residual is within ½·10^-3.
  const auto* first = figures[0][0].residual.as<double>();
  REQUIRE(first != nullptr);
  CHECK(*first <= 0.0005);
  // The reorderings are the law Attn(PX) = P·Attn(X) within its bound: a residual ÷ bound in [0, 1].
  for (const auto& f : figures[1])
    if (f.statement == "reversed: Z' = P Z with softmax") {
      const auto* r = f.residual.as<double>();
      REQUIRE(r != nullptr);
      CHECK(*r <= 1.0);
    }
}
