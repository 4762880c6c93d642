// SPDX-License-Identifier: MIT
// Text 001's example with the real softmax, exactly: the figures `orderblind example` prints.
#include <catch2/catch.hpp>

#include "expfield_example.hpp"

using orderblind::cli::text001_exact_example;

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
