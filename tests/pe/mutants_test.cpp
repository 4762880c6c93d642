// SPDX-License-Identifier: MIT
// Every deliberately broken scheme of mutants.hpp is flagged by the battery, by the property named in each test.
#include <catch2/catch.hpp>

#include "battery_subset.hpp"
#include "mutants.hpp"
#include "orderblind/pe/battery.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using orderblind::pe::testing::only;
using R = mpfr100;
using Q = mpq_rational;

namespace {
template <class S>
void configure_rope(S& s, long d, long r, rotary_layout layout, angle_table<typename S::scalar_type> a) {
  s.id = "mutant";
  s.d = d;
  s.r = r;
  s.layout = layout;
  s.angles = std::move(a);
}
/// `cfg` with the exact rows' boundary pairs stopping at about 2^13 (20000 characters).
// NOTE: the default reaches 2^18 in ≈ 2.5 s per exact rotary row; these mutants fail near 0, and the
// correct scheme's row to 2^18 is the catalogue's (orderblind schemes).
battery_config near_boundaries(battery_config cfg) {
  cfg.exact_boundary_chars = 20000;
  return cfg;
}
}  // namespace

TEST_CASE("RoPE with interleaved frequencies but a half-split rotate_half is caught by norm preservation and relative scores",
          "[pe][mutant]") {
  mutants::rope_layout_mismatch<Q> m;
  configure_rope(m, 4, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4));
  const auto laws = near_boundaries(only<Q>({property::norm_preserving, property::relative_scores}));
  const auto row = run_battery(m, "mutant", laws);
  CHECK(law(row, property::norm_preserving).outcome == orderblind::verify::verdict::failed);
  CHECK(law(row, property::relative_scores).outcome == orderblind::verify::verdict::failed);
  INFO(battery_evidence(law(row, property::norm_preserving)));
  // The correct scheme with the same table passes both.
  rope_scheme<Q> good{"rope-half-split", 4, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4)};
  const auto ok = run_battery(good, "catalogue", laws);
  CHECK(held_exactly(law(ok, property::norm_preserving)));
  CHECK(held_exactly(law(ok, property::relative_scores)));
}

TEST_CASE("partial rotary that rotates the pass-through dims is caught by norm preservation and relative scores",
          "[pe][mutant]") {
  mutants::partial_rotates_passthrough<Q> m;
  configure_rope(m, 8, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4));
  const auto laws = near_boundaries(only<Q>({property::norm_preserving, property::relative_scores}));
  const auto row = run_battery(m, "mutant", laws);
  CHECK(law(row, property::norm_preserving).outcome == orderblind::verify::verdict::failed);
  CHECK(law(row, property::relative_scores).outcome == orderblind::verify::verdict::failed);
  rope_scheme<Q> good{"rope-partial", 8, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4)};
  CHECK(held_exactly(law(run_battery(good, "catalogue", laws), property::norm_preserving)));
}

TEST_CASE("positions rounded to bfloat16 alias: injectivity fails at positions 256 and 257", "[pe][mutant]") {
  mutants::rope_bf16_positions<R> m;
  configure_rope(m, 8, 8, rotary_layout::interleaved, angle_table<R>::standard(8));
  const auto row = run_battery(m, "mutant");
  const auto& c = law(row, property::injective);
  CHECK(c.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(c.note, Catch::Matchers::Contains("positions 256 and 257"));
  rope_scheme<R> good{"rope", 8, 8, rotary_layout::interleaved, angle_table<R>::standard(8)};
  const auto ok = law(run_battery(good), property::injective);
  INFO(battery_evidence(ok));
  CHECK(held_within_bound(ok));
}

TEST_CASE("a cached-decoding path that drops the position offset is caught by relative scores", "[pe][mutant]") {
  mutants::rope_cache_drops_offset<Q> m;
  configure_rope(m, 4, 4, rotary_layout::interleaved, angle_table<Q>::pythagorean(4));
  const auto row = run_battery(m, "mutant");
  CHECK(law(row, property::relative_scores).outcome == orderblind::verify::verdict::failed);
  CHECK(held_exactly(law(row, property::norm_preserving)));  // not what catches it
}

TEST_CASE("bidirectional ALiBi without |m - n| is caught by score decay", "[pe][mutant]") {
  mutants::alibi_without_abs<Q> m;
  const auto row = run_battery(m, "mutant");
  CHECK(law(row, property::score_decays).outcome == orderblind::verify::verdict::failed);
  CHECK(held_exactly(law(row, property::relative_scores)));  // still translation-invariant
  CHECK(held_exactly(law(run_battery(alibi_scheme<Q>{}), property::score_decays)));
}

TEST_CASE("a T5 bucket function that can return num_buckets is caught by extrapolation at distance 128",
          "[pe][mutant]") {
  const auto row = run_battery(mutants::t5_unclamped<Q>(), "mutant");
  const auto& c = law(row, property::extrapolates);
  CHECK(c.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(c.note, Catch::Matchers::Contains("bucket(128) = 32"));
  CHECK(t5_bucket(128, 32, 128, false) == 32);
  CHECK(t5_bucket(128) == 31);
  CHECK(held_exactly(law(run_battery(t5_scheme<Q>{}), property::extrapolates)));
}

TEST_CASE("YaRN's attention factor applied twice contradicts the declared norm scale", "[pe][mutant]") {
  mutants::yarn_factor_twice<R> m;
  configure_rope(m, 8, 8, rotary_layout::half_split, yarn_angles<R>(8, 10000, 4, 4096, 32, 1, 2));
  m.declared = yarn_angles<R>(8, 10000, 4, 4096).amplitude;
  const auto row = run_battery(m, "mutant");
  const auto& c = law(row, property::norm_preserving);
  CHECK(c.outcome == orderblind::verify::verdict::failed);
  CHECK(contradicts_declaration(c));
  CHECK_FALSE(agrees(row));
  // Correct YaRN: not norm-preserving either, but by exactly the declared factor a.
  rope_scheme<R> good{"rope-yarn", 8, 8, rotary_layout::half_split, yarn_angles<R>(8, 10000, 4, 4096)};
  const auto ok = law(run_battery(good), property::norm_preserving);
  CHECK(ok.outcome == orderblind::verify::verdict::failed);
  CHECK_FALSE(contradicts_declaration(ok));
}

TEST_CASE("a sinusoid whose positions pass through bfloat16 fails relative scores at the far window around 2^8",
          "[pe][mutant][far]") {
  // NOTE: exact below 256, so the near grid (m, n < 16) alone would let it hold.
  for (const auto& row : {run_battery(mutants::sinusoid_bf16_positions<R>{}, "mutant"),
                          run_battery(mutants::sinusoid_bf16_positions<double>{}, "mutant")}) {
    const auto& c = law(row, property::relative_scores);
    INFO(battery_evidence(c));
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    CHECK_THAT(c.note, Catch::Matchers::Contains("window around 2^8"));
    CHECK(law(row, property::shift_linear).outcome == orderblind::verify::verdict::failed);
  }
  // The correct sinusoid holds both, and says which positions were probed.
  for (const auto& row : {run_battery(sinusoidal_scheme<R>{}, "test"), run_battery(sinusoidal_scheme<double>{}, "test")}) {
    const auto& c = law(row, property::relative_scores);
    INFO(battery_evidence(c));
    CHECK(held_within_bound(c));
    CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("[254, 258)"));
    CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("[65534, 65538)"));
  }
  // NOTE: only the mpfr100 row for shift-linear: in double, the fit of T_k on d + 2 samples of the slow
  // frequencies is ill-conditioned and misses near p = 20 already (a limit of the double row, not of the
  // far probes).
  CHECK(held_within_bound(law(run_battery(sinusoidal_scheme<R>{}), property::shift_linear)));
  // Score decay probes far windows too (ALiBi: −m_h|Δ| decays everywhere).
  CHECK_THAT(battery_evidence(law(run_battery(alibi_scheme<R>{4, 4, 1}), property::score_decays)), Catch::Matchers::Contains("4102"));
}

TEST_CASE("exact rows say where their far windows stop and that the real rows probe further", "[pe][far]") {
  const auto row = run_battery(sinusoidal_scheme<Q>{4, sinusoid_layout::paper, angle_table<Q>::pythagorean(4)}, "test");
  CHECK_THAT(battery_evidence(law(row, property::relative_scores)), Catch::Matchers::Contains("the real-arithmetic rows probe the farther windows"));
}

namespace {
/// An additive scheme with every value of PE multiplied by `s` (a scale change: no law may change).
template <class S>
struct scaled_additive : S {
  double s = 1e-20;
  std::string name() const { return "scaled:" + S::name(); }
  vec<typename S::scalar_type> encode(long p, long n) const {
    auto v = S::encode(p, n);
    for (auto& x : v) x *= s;
    return v;
  }
};
}  // namespace

// NOTE: with a bound of k·ε·max(1, |value|) every encoding of a sinusoid scaled by 10⁻²⁰ lies within the
// floor of every other, so it read "not injective"; the bound k·(ε·s + η), s the vectors' own scale, keeps
// the verdict of the unscaled scheme, and still catches the bf16-position mutant (equal encodings past 256).
TEST_CASE("a sinusoid scaled by 10⁻²⁰ is still injective, and its bf16-position mutant still is not (the bound scales with the data)",
          "[pe][mutant]") {
  const auto tiny = run_battery(scaled_additive<sinusoidal_scheme<double>>{}, "test");
  INFO(law(tiny, property::injective).note);
  CHECK(held_within_bound(law(tiny, property::injective)));
  CHECK(held_within_bound(law(run_battery(sinusoidal_scheme<double>{}, "test"), property::injective)));
  const auto bad = run_battery(scaled_additive<mutants::sinusoid_bf16_positions<double>>{}, "mutant");
  INFO(law(bad, property::injective).note);
  CHECK(law(bad, property::injective).outcome == orderblind::verify::verdict::failed);
}

namespace {
/// The law checks of `full` and `part` for each law of `part` are the same check: id, outcome, evidence
/// kind, arithmetic, note and details (battery_evidence included).
void same_checks(const orderblind::verify::report& full, const orderblind::verify::report& part) {
  for (const auto& c : laws(part)) {
    const auto& f = law(full, property_of(c));
    INFO(c.id << ": " << c.note);
    CHECK(c.id == f.id);
    CHECK(c.outcome == f.outcome);
    CHECK(c.evidence == f.evidence);
    CHECK(c.arithmetic == f.arithmetic);
    CHECK(c.note == f.note);
    CHECK(battery_evidence(c) == battery_evidence(f));
    REQUIRE(c.details.size() == f.details.size());
    for (std::size_t i = 0; i < c.details.size(); ++i) CHECK(c.details[i].key == f.details[i].key);
  }
}
}  // namespace

TEST_CASE("a run of a subset of the laws gives the full run's check of each law it runs, and only those",
          "[pe][subset]") {
  auto cfg_d = battery_config::defaults<double>();
  cfg_d.laws = {property::score_decays, property::relative_scores, property::injective};
  const auto full_d = run_battery(sinusoidal_scheme<double>{}, "test");
  const auto part_d = run_battery(sinusoidal_scheme<double>{}, "test", cfg_d);
  REQUIRE(laws(part_d).size() == 3);
  // NOTE: in report order, whatever the order asked for.
  CHECK(property_of(laws(part_d)[0]) == property::injective);
  CHECK(property_of(laws(part_d)[1]) == property::relative_scores);
  CHECK(property_of(laws(part_d)[2]) == property::score_decays);
  same_checks(full_d, part_d);
  // A law not run is absent, never reported held.
  CHECK(find_law(part_d, property::bounded) == nullptr);
  CHECK_THROWS_AS(law(part_d, property::bounded), std::out_of_range);

  auto cfg_q = battery_config::defaults<Q>();
  cfg_q.laws = {property::relative_scores, property::breaks_equivariance, property::injective};
  const auto full_q = run_battery(alibi_scheme<Q>{}, "test");
  const auto part_q = run_battery(alibi_scheme<Q>{}, "test", cfg_q);
  REQUIRE(laws(part_q).size() == 3);
  same_checks(full_q, part_q);
}

TEST_CASE("a subset naming a law twice, or a value that names no law, is refused", "[pe][subset]") {
  auto cfg = battery_config::defaults<double>();
  cfg.laws = {property::injective, property::bounded, property::injective};
  CHECK_THROWS_WITH(run_battery(sinusoidal_scheme<double>{}, "test", cfg),
                    Catch::Matchers::Contains("'injective' is named twice"));
  CHECK_THROWS_AS(run_battery(sinusoidal_scheme<double>{}, "test", cfg), std::invalid_argument);
  cfg.laws = {static_cast<property>(property_count)};
  CHECK_THROWS_WITH(run_battery(sinusoidal_scheme<double>{}, "test", cfg), Catch::Matchers::Contains("names no law"));
  CHECK_THROWS_AS(run_battery(sinusoidal_scheme<double>{}, "test", cfg), std::invalid_argument);
}

TEST_CASE("every law check states its row's arithmetic and evidence kind, the n/a ones included", "[pe][evidence]") {
  // NOTE: ALiBi has no single-position encoding (injective skipped) and no phases (bound decays skipped).
  for (const auto& run : {run_battery(alibi_scheme<double>{}, "test"), run_battery(alibi_scheme<Q>{}, "test")}) {
    const bool exact = run_text(run, "arithmetic").find("(exact)") != std::string::npos;
    REQUIRE(laws(run).size() == property_count);
    CHECK(law(run, property::injective).outcome == orderblind::verify::verdict::skipped);
    for (const auto& c : laws(run)) {
      INFO(c.id);
      CHECK(c.arithmetic == run_text(run, "arithmetic"));
      CHECK(c.statement == property_law(property_of(c)));
      CHECK(c.id == std::string(property_name(property_of(c))) + " (" + run_text(run, "scheme") + ")");
      CHECK(c.evidence == (exact ? orderblind::verify::evidence_kind::sampled_exact
                                 : orderblind::verify::evidence_kind::sampled_within_bound));
      CHECK(c.details.at(0).key == "property");
      CHECK(c.details.at(1).key == "battery_evidence");
    }
  }
}
