// SPDX-License-Identifier: MIT
// Text 001's example with the real softmax, exactly: the figures `orderblind example` prints.
#include <catch2/catch.hpp>

#include "proofs/examples/worked_examples.hpp"

using orderblind::proofs::text001_exact_example;

TEST_CASE("text 001 §3.2 exact example: every figure holds and Z's rows print as closed forms", "[expfield][example]") {
  const auto e = text001_exact_example();
  for (const auto& f : e.figures) {
    INFO(f.what << ": " << f.computed << " — " << f.note);
    CHECK(f.held);
  }
  REQUIRE(e.figures.size() == 8);
  CHECK(e.figures[0].computed == "[(t^2 + 3)/(t^2 + 2), t^2/(t^2 + 2), 1/(t^2 + 2), 1/(t^2 + 2)]");
  CHECK(e.figures[2].computed == "[(2t^3 + t + 1)/(t^3 + t + 1), 1/(t^3 + t + 1), t/(t^3 + t + 1), t^3/(t^3 + t + 1)]");
  CHECK(e.figures[4].computed == "[(t^3 + t + 2)/(t^3 + t + 1), t/(t^3 + t + 1), t^3/(t^3 + t + 1), 1/(t^3 + t + 1)]");
  // 100 certified digits of Z(I, 0) = (e + 3)/(e + 2) = 1.2119…
  CHECK(e.figures[1].computed.rfind("1.21194", 0) == 0);
  CHECK(e.held());
}

TEST_CASE("text 001 §3.2 exact example: each figure states its arithmetic, evidence and bound", "[expfield][example]") {
  const auto e = text001_exact_example();
  for (const auto& f : e.figures) {
    INFO(f.what);
    CHECK(!f.arithmetic.empty());
    CHECK(!f.bound.empty());
    CHECK_FALSE(f.erratum);
    CHECK_FALSE(f.residual.has_value());  // every comparison here is == or an enclosure, not a residual
  }
  // Odd figures (the 100 digits) rest on the MPFI enclosure; the rest are exact in Q(t).
  CHECK(e.figures[1].evidence == orderblind::verify::evidence_kind::enclosure);
  CHECK(e.figures[0].evidence == orderblind::verify::evidence_kind::exact_on_data);
  CHECK(e.figures[7].evidence == orderblind::verify::evidence_kind::exact_on_data);
}

TEST_CASE("every worked example: the errata are the two of text 000, and each holds", "[example]") {
  const auto all = orderblind::proofs::compute_worked_examples();
  REQUIRE(all.size() == 4);
  const auto ids = orderblind::proofs::worked_example_ids();  // what `list` prints without computing
  REQUIRE(ids.size() == all.size());
  for (std::size_t i = 0; i < ids.size(); ++i) CHECK(ids[i] == all[i].name);
  int errata = 0;
  for (const auto& e : all)
    for (const auto& f : e.figures) {
      INFO(e.name << ": " << f.what << " = " << f.computed);
      CHECK(f.held);
      if (f.erratum) {
        ++errata;
        CHECK(e.name == "dog-bites-man");
        CHECK(f.note.rfind("erratum:", 0) == 0);
      }
      // A rounding or tolerance comparison states its residual: a number ≥ 0 (NaN fails).
      if (f.residual) CHECK(*f.residual >= 0);
    }
  CHECK(errata == 2);
  // The first figure is a rounding to 3 decimals: its residual is within ½·10^-3.
  REQUIRE(all[0].figures[0].residual.has_value());
  CHECK(*all[0].figures[0].residual <= 0.0005);
}
