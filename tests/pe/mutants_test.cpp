// SPDX-License-Identifier: MIT
// Every deliberately broken scheme of mutants.hpp is flagged by the battery, by the property named in each test.
#include <catch2/catch.hpp>

#include "mutants.hpp"
#include "orderblind/pe/battery.hpp"

using namespace orderblind;
using namespace orderblind::pe;
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
}  // namespace

TEST_CASE("RoPE with interleaved frequencies but a half-split rotate_half is caught by norm preservation and relative scores",
          "[pe][mutant]") {
  mutants::rope_layout_mismatch<Q> m;
  configure_rope(m, 4, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4));
  const auto row = run_battery(m, "mutant");
  CHECK(row.at(property::norm_preserving).result == orderblind::verify::verdict::failed);
  CHECK(row.at(property::relative_scores).result == orderblind::verify::verdict::failed);
  INFO(row.at(property::norm_preserving).evidence);
  // The correct scheme with the same table passes both.
  rope_scheme<Q> good{"rope-half-split", 4, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4)};
  const auto ok = run_battery(good);
  CHECK(held_exactly(ok.at(property::norm_preserving)));
  CHECK(held_exactly(ok.at(property::relative_scores)));
}

TEST_CASE("partial rotary that rotates the pass-through dims is caught by norm preservation and relative scores",
          "[pe][mutant]") {
  mutants::partial_rotates_passthrough<Q> m;
  configure_rope(m, 8, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4));
  const auto row = run_battery(m, "mutant");
  CHECK(row.at(property::norm_preserving).result == orderblind::verify::verdict::failed);
  CHECK(row.at(property::relative_scores).result == orderblind::verify::verdict::failed);
  rope_scheme<Q> good{"rope-partial", 8, 4, rotary_layout::half_split, angle_table<Q>::pythagorean(4)};
  CHECK(held_exactly(run_battery(good).at(property::norm_preserving)));
}

TEST_CASE("positions rounded to bfloat16 alias: injectivity fails at positions 256 and 257", "[pe][mutant]") {
  mutants::rope_bf16_positions<R> m;
  configure_rope(m, 8, 8, rotary_layout::interleaved, angle_table<R>::standard(8));
  const auto row = run_battery(m, "mutant");
  const auto& c = row.at(property::injective);
  CHECK(c.result == orderblind::verify::verdict::failed);
  CHECK_THAT(c.summary, Catch::Matchers::Contains("positions 256 and 257"));
  rope_scheme<R> good{"rope", 8, 8, rotary_layout::interleaved, angle_table<R>::standard(8)};
  const auto ok = run_battery(good).at(property::injective);
  INFO(ok.evidence);
  CHECK(held_within_bound(ok));
}

TEST_CASE("a cached-decoding path that drops the position offset is caught by relative scores", "[pe][mutant]") {
  mutants::rope_cache_drops_offset<Q> m;
  configure_rope(m, 4, 4, rotary_layout::interleaved, angle_table<Q>::pythagorean(4));
  const auto row = run_battery(m, "mutant");
  CHECK(row.at(property::relative_scores).result == orderblind::verify::verdict::failed);
  CHECK(held_exactly(row.at(property::norm_preserving)));  // not what catches it
}

TEST_CASE("bidirectional ALiBi without |m - n| is caught by score decay", "[pe][mutant]") {
  mutants::alibi_without_abs<Q> m;
  const auto row = run_battery(m, "mutant");
  CHECK(row.at(property::score_decays).result == orderblind::verify::verdict::failed);
  CHECK(held_exactly(row.at(property::relative_scores)));  // still translation-invariant
  CHECK(held_exactly(run_battery(alibi_scheme<Q>{}).at(property::score_decays)));
}

TEST_CASE("a T5 bucket function that can return num_buckets is caught by extrapolation at distance 128",
          "[pe][mutant]") {
  const auto row = run_battery(mutants::t5_unclamped<Q>(), "mutant");
  const auto& c = row.at(property::extrapolates);
  CHECK(c.result == orderblind::verify::verdict::failed);
  CHECK_THAT(c.summary, Catch::Matchers::Contains("bucket(128) = 32"));
  CHECK(t5_bucket(128, 32, 128, false) == 32);
  CHECK(t5_bucket(128) == 31);
  CHECK(held_exactly(run_battery(t5_scheme<Q>{}).at(property::extrapolates)));
}

TEST_CASE("YaRN's attention factor applied twice contradicts the declared norm scale", "[pe][mutant]") {
  mutants::yarn_factor_twice<R> m;
  configure_rope(m, 8, 8, rotary_layout::half_split, yarn_angles<R>(8, 10000, 4, 4096, 32, 1, 2));
  m.declared = yarn_angles<R>(8, 10000, 4, 4096).amplitude;
  const auto row = run_battery(m, "mutant");
  const auto& c = row.at(property::norm_preserving);
  CHECK(c.result == orderblind::verify::verdict::failed);
  CHECK(c.contradicts_declaration);
  CHECK_FALSE(row.agrees());
  // Correct YaRN: not norm-preserving either, but by exactly the declared factor a.
  rope_scheme<R> good{"rope-yarn", 8, 8, rotary_layout::half_split, yarn_angles<R>(8, 10000, 4, 4096)};
  const auto ok = run_battery(good).at(property::norm_preserving);
  CHECK(ok.result == orderblind::verify::verdict::failed);
  CHECK_FALSE(ok.contradicts_declaration);
}

TEST_CASE("a sinusoid whose positions pass through bfloat16 fails relative scores at the far window around 2^8",
          "[pe][mutant][far]") {
  // NOTE: exact below 256, so the near grid (m, n < 16) alone would let it hold.
  for (const auto& row : {run_battery(mutants::sinusoid_bf16_positions<R>{}, "mutant"),
                          run_battery(mutants::sinusoid_bf16_positions<double>{}, "mutant")}) {
    const auto& c = row.at(property::relative_scores);
    INFO(c.evidence);
    CHECK(c.result == orderblind::verify::verdict::failed);
    CHECK_THAT(c.summary, Catch::Matchers::Contains("window around 2^8"));
    CHECK(row.at(property::shift_linear).result == orderblind::verify::verdict::failed);
  }
  // The correct sinusoid holds both, and says which positions were probed.
  for (const auto& row : {run_battery(sinusoidal_scheme<R>{}, "test"), run_battery(sinusoidal_scheme<double>{}, "test")}) {
    const auto& c = row.at(property::relative_scores);
    INFO(c.evidence);
    CHECK(held_within_bound(c));
    CHECK_THAT(c.evidence, Catch::Matchers::Contains("[254, 258)"));
    CHECK_THAT(c.evidence, Catch::Matchers::Contains("[65534, 65538)"));
  }
  // NOTE: only the mpfr100 row for shift-linear: in double, the fit of T_k on d + 2 samples of the slow
  // frequencies is ill-conditioned and misses near p = 20 already (a limit of the double row, not of the
  // far probes).
  CHECK(held_within_bound(run_battery(sinusoidal_scheme<R>{}).at(property::shift_linear)));
  // Score decay probes far windows too (ALiBi: −m_h|Δ| decays everywhere).
  CHECK_THAT(run_battery(alibi_scheme<R>{4, 4, 1}).at(property::score_decays).evidence, Catch::Matchers::Contains("4102"));
}

TEST_CASE("exact rows say where their far windows stop and that the real rows probe further", "[pe][far]") {
  const auto row = run_battery(sinusoidal_scheme<Q>{4, sinusoid_layout::paper, angle_table<Q>::pythagorean(4)}, "test");
  CHECK_THAT(row.at(property::relative_scores).evidence, Catch::Matchers::Contains("the real-arithmetic rows probe the farther windows"));
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
  INFO(tiny.at(property::injective).summary);
  CHECK(held_within_bound(tiny.at(property::injective)));
  CHECK(held_within_bound(run_battery(sinusoidal_scheme<double>{}, "test").at(property::injective)));
  const auto bad = run_battery(scaled_additive<mutants::sinusoid_bf16_positions<double>>{}, "mutant");
  INFO(bad.at(property::injective).summary);
  CHECK(bad.at(property::injective).result == orderblind::verify::verdict::failed);
}
