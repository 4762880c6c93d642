// SPDX-License-Identifier: MIT
// The battery runs on the archetypes (documented interface only) and decides every property; the
// concept accepts exactly the catalogue's shapes.
#include <catch2/catch.hpp>

#include "orderblind/pe/archetype.hpp"
#include "orderblind/pe/battery.hpp"
#include "orderblind/pe/schemes.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using Q = mpq_rational;

static_assert(Scheme<scheme_archetype<Q, pe_kind::additive>>);
static_assert(Scheme<scheme_archetype<Q, pe_kind::query_key>>);
static_assert(Scheme<scheme_archetype<Q, pe_kind::score_bias>>);
static_assert(!std::is_default_constructible_v<scheme_archetype<Q, pe_kind::additive>>);
static_assert(Scheme<nope<Q>> && Scheme<rope_scheme<mpfr100>> && Scheme<t5_scheme<Q>> && Scheme<kerple_scheme<mpfr100>>);
static_assert(!has_max_position<scheme_archetype<Q, pe_kind::additive>> && has_max_position<learned_scheme<Q>>);
static_assert(!has_encode<scheme_archetype<Q, pe_kind::query_key>>);

TEMPLATE_TEST_CASE_SIG("the battery uses only the documented interface", "[pe][archetype]", ((pe_kind K), K),
                       pe_kind::additive, pe_kind::query_key, pe_kind::score_bias) {
  auto log = std::make_shared<archetype_log>();
  const auto row = run_battery(scheme_archetype<Q, K>(log), "archetype");
  REQUIRE(laws(row).size() == property_count);
  CHECK(log->name == 1);
  CHECK(log->parameters == 1);
  CHECK(log->dim > 0);
  if constexpr (K == pe_kind::additive) {
    CHECK(log->encode > 0);
    CHECK(law(row, property::bounded).outcome == orderblind::verify::verdict::failed);  // p·e₀ grows
    CHECK(held_exactly(law(row, property::injective)));
  } else if constexpr (K == pe_kind::query_key) {
    CHECK(log->query > 0);
    CHECK(log->key > 0);
    CHECK(law(row, property::injective).outcome == orderblind::verify::verdict::failed);  // the identity forgets positions
    CHECK(held_exactly(law(row, property::norm_preserving)));
  } else {
    CHECK(log->bias > 0);
    CHECK(held_exactly(law(row, property::relative_scores)));
    CHECK(held_exactly(law(row, property::score_decays)));
  }
  for (const auto& c : laws(row)) CHECK_FALSE(c.note.empty());
}
