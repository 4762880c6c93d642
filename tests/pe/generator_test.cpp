// SPDX-License-Identifier: MIT
// A query_key scheme that declares a generator G (pe/concept.hpp): the battery checks GᵀG = I and
// query/key = G^p on the positions it probes, and concludes "relative scores for all m, n" by the shift
// argument only in exact arithmetic, only when both held. Mutants: a G that is not orthogonal, a G that
// the scheme's query contradicts (a wrong angle; ids wrapped at 2^7), a G of the wrong shape.
#include <catch2/catch.hpp>

#include "orderblind/pe/battery.hpp"
#include "orderblind/pe/schemes.hpp"
#include "orderblind/pe/schemes_report.hpp"
#include "battery_subset.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using Q = mpq_rational;

namespace {
rope_scheme<Q> exact_rope(rotary_layout layout = rotary_layout::interleaved, Eigen::Index d = 4, Eigen::Index r = 4) {
  return rope_scheme<Q>{"rope", d, r, layout, angle_table<Q>::pythagorean(r)};
}

/// RoPE whose declared G is the rotation by twice the angle: the law holds, the declaration does not.
struct rope_wrong_generator : rope_scheme<Q> {
  rope_wrong_generator() : rope_scheme<Q>(exact_rope()) {}
  std::string name() const { return "mutant:rope-wrong-generator"; }
  std::vector<vec<Q>> generator() const {
    const auto g = rope_scheme<Q>::generator();
    std::vector<vec<Q>> g2(g.size(), vec<Q>(g.size(), Q(0)));
    for (std::size_t i = 0; i < g.size(); ++i)
      for (std::size_t j = 0; j < g.size(); ++j)
        for (std::size_t k = 0; k < g.size(); ++k) g2[i][j] += g[i][k] * g[k][j];
    return g2;
  }
};

/// RoPE with ids wrapped at 2^7 declaring the true G: it contradicts G at p = 128.
struct rope_wrapped_with_generator : rope_scheme<Q> {
  rope_wrapped_with_generator() : rope_scheme<Q>(exact_rope()) {}
  std::string name() const { return "mutant:rope-wrapped-with-generator"; }
  vec<Q> query(const vec<Q>& q, Eigen::Index m) const { return rope_scheme<Q>::query(q, m % 128); }
  vec<Q> key(const vec<Q>& k, Eigen::Index n) const { return rope_scheme<Q>::key(k, n % 128); }
};

/// query(q, m) = G^m q with G = (6/5)·R, declared honestly: G is not orthogonal.
struct scaled_rotation : rope_scheme<Q> {
  scaled_rotation() : rope_scheme<Q>(exact_rope()) {}
  std::string name() const { return "mutant:scaled-rotation"; }
  /// (6/5)^p, in lowest terms as it is built.
  Q factor(Eigen::Index p) const {
    Q f;
    mpz_ui_pow_ui(mpq_numref(f.backend().data()), 6, static_cast<unsigned long>(p));
    mpz_ui_pow_ui(mpq_denref(f.backend().data()), 5, static_cast<unsigned long>(p));
    return f;
  }
  vec<Q> query(const vec<Q>& q, Eigen::Index m) const {
    auto v = rope_scheme<Q>::query(q, m);
    for (auto& x : v) x *= factor(m);
    return v;
  }
  vec<Q> key(const vec<Q>& k, Eigen::Index n) const {
    auto v = rope_scheme<Q>::key(k, n);
    for (auto& x : v) x *= factor(n);
    return v;
  }
  std::vector<vec<Q>> generator() const {
    auto g = rope_scheme<Q>::generator();
    for (auto& row : g)
      for (auto& x : row) x *= Q(6) / Q(5);
    return g;
  }
};

/// A G of the wrong shape: bad input.
struct rope_short_generator : rope_scheme<Q> {
  rope_short_generator() : rope_scheme<Q>(exact_rope()) {}
  std::string name() const { return "mutant:rope-short-generator"; }
  std::vector<vec<Q>> generator() const { return {vec<Q>(4, Q(1))}; }
};
}  // namespace

TEST_CASE("exact RoPE variants that declare G get relative scores for all m, n, saying what it rests on", "[pe][generator]") {
  for (const auto& s : {exact_rope(), exact_rope(rotary_layout::half_split), exact_rope(rotary_layout::half_split, 6, 4)}) {
    // NOTE: the boundaries stop at about 2^13 here (20000 characters; the default reaches 2^18 in
    // ≈ 2.5 s per row): what is tested is the group's statement, which names the first boundary.
    auto cfg = pe::testing::only<Q>({property::relative_scores});
    cfg.exact_boundary_chars = 20000;
    const auto row = run_battery(s, "test", cfg);
    const auto& c = law(row, property::relative_scores);
    INFO(run_text(row, "parameters") << ": " << battery_evidence(c));
    CHECK(held_exactly(c));
    CHECK_FALSE(contradicts_declaration(c));
    CHECK_THAT(group_of(c), Catch::Matchers::StartsWith("relative scores for all m, n by the shift argument"));
    CHECK_THAT(group_of(c), Catch::Matchers::Contains("GᵀG = I (exact ==)"));
    CHECK_THAT(group_of(c), Catch::Matchers::Contains("windows around 2^7"));
    CHECK_THAT(group_of(c), Catch::Matchers::Contains("boundaries 2^11"));
    CHECK_THAT(group_of(c), Catch::Matchers::Contains("not checked there"));
    // In the report's note, after the summary; the matrix word stays "holds" (not a Coq proof).
    const auto k = agreement_check(row, c);
    CHECK_THAT(k.note, Catch::Matchers::Contains("for all m, n by the shift argument"));
    CHECK(pe::detail::matrix_word(c).rfind("holds", 0) == 0);
  }
}

TEST_CASE("real rows check a declared G within the tolerance and conclude nothing for all m, n", "[pe][generator]") {
  rope_scheme<double> s{"rope", 8, 8, rotary_layout::interleaved, angle_table<double>::standard(8)};
  const auto row = run_battery(s, "test");
  const auto& c = law(row, property::relative_scores);
  INFO(battery_evidence(c));
  CHECK(held_within_bound(c));
  CHECK_FALSE(contradicts_declaration(c));
  CHECK(group_of(c).empty());
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("no conclusion for all m, n here"));
  // YaRN's amplitude a ≠ 1 declares no generator (a·R_m is not G^m).
  rope_scheme<double> yarn{"rope-yarn", 8, 8, rotary_layout::half_split, yarn_angles<double>(8, 10000, 4, 4096)};
  CHECK(yarn.generator().empty());
  CHECK_THAT(battery_evidence(law(run_battery(yarn, "test"), property::relative_scores)),
             !Catch::Matchers::Contains("declared generator"));
}

TEST_CASE("a G that is not orthogonal gets no conclusion", "[pe][generator][mutant]") {
  // NOTE: near positions only (no far tiers): the point is G, and (6/5)^p·R_p far out costs minutes exactly.
  auto cfg = battery_config::defaults<Q>();
  cfg.pair_far.clear();
  const auto row = run_battery(scaled_rotation{}, "mutant", cfg);
  const auto& c = law(row, property::relative_scores);
  INFO(battery_evidence(c));
  CHECK(c.outcome == orderblind::verify::verdict::failed);  // the sampled law sees it too
  CHECK(group_of(c).empty());
  CHECK_FALSE(contradicts_declaration(c));  // query = G^m q is true; G is just not orthogonal
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("G is not orthogonal: (GᵀG)[0][0] = 36/25, not 1"));
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("no conclusion for all m, n"));
}

TEST_CASE("a scheme whose query disagrees with G^m at a probed position gets no conclusion and contradicts its "
          "declaration", "[pe][generator][mutant]") {
  SECTION("G the rotation by twice the angle: the sampled law holds, G^1 ≠ R_1") {
    const auto row = run_battery(rope_wrong_generator{}, "mutant");
    const auto& c = law(row, property::relative_scores);
    INFO(c.note);
    CHECK(held_exactly(c));
    CHECK(group_of(c).empty());
    CHECK(contradicts_declaration(c));
    CHECK_FALSE(agrees(c));
    CHECK_THAT(c.note, Catch::Matchers::StartsWith("the scheme contradicts its declared generator G: query(x, 1) = "));
  }
  SECTION("ids wrapped at 2^7 with the true G: caught at p = 128") {
    const auto row = run_battery(rope_wrapped_with_generator{}, "mutant");
    const auto& c = law(row, property::relative_scores);
    INFO(c.note);
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    CHECK(group_of(c).empty());
    CHECK(contradicts_declaration(c));
    CHECK_THAT(c.note, Catch::Matchers::Contains("contradicts its declared generator G: query(x, 128)"));
  }
}

TEST_CASE("a generator that is not d×d is bad input, named", "[pe][generator][robustness]") {
  CHECK_THROWS_WITH(run_battery(rope_short_generator{}, "mutant"),
                    Catch::Matchers::Contains("generator() returned 1 rows, but dim() = 4"));
}
