// SPDX-License-Identifier: MIT
// The battery probes every precision boundary (pe/battery.hpp, far windows and distance scales): each
// mutant family of precision_mutants.hpp fails the law it breaks for every parameter in the stated range,
// in exact, mpfr100 and double rows, and the correct scheme it mutates does not.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/pe/battery.hpp"
#include "battery_subset.hpp"
#include "precision_mutants.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using orderblind::pe::testing::only;
using R = mpfr100;
using Q = mpq_rational;

namespace {
template <class S>
S rope_like(Eigen::Index d) {
  S s;
  s.id = "mutant";
  s.d = d;
  s.r = d;
  s.layout = rotary_layout::interleaved;
  s.angles = angle_table<typename S::scalar_type>::standard(d);
  return s;
}
std::string pow2(int k) { return "2^" + std::to_string(k); }

// NOTE: a mutant here breaks relative scores or injectivity, and each test asserts that law alone: the run
// is restricted to it (battery_subset.hpp). The whole battery per parameter (k = 7 … 24, P, the table
// sizes) spent most of its time on the laws no test reads.
}  // namespace

TEST_CASE("position ids wrapped at 2^k fail relative scores for every k in 7…24 (double, mpfr100, exact)",
          "[pe][mutant][precision]") {
  const int k = GENERATE(range(7, 25));
  const Eigen::Index period = Eigen::Index(1) << k;
  INFO("k = " << k);
  auto d = rope_like<mutants::rope_ids_mod<double>>(8);
  d.period = period;
  auto r = rope_like<mutants::rope_ids_mod<R>>(4);
  r.period = period;
  mutants::alibi_ids_mod<Q> q;
  q.period = period;
  const auto wanted = {property::relative_scores};
  for (const auto& row : {run_battery(d, "mutant", only<double>(wanted)), run_battery(r, "mutant", only<R>(wanted)), run_battery(q, "mutant", only<Q>(wanted))}) {
    const auto& c = law(row, property::relative_scores);
    INFO(run_text(row, "arithmetic") << ": " << c.note);
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    // NOTE: caught at the window straddling 2^k (or, earlier, by a pair across 2^k at some distance scale).
    CHECK((c.note.find("window around " + pow2(k)) != std::string::npos ||
           c.note.find("distance n − m") != std::string::npos));
  }
}

namespace {
template <class S>
S pythagorean_rope() {
  S s = rope_like<S>(4);
  s.angles = angle_table<typename S::scalar_type>::pythagorean(4);
  return s;
}
template <class S>
S pythagorean_sinusoid() {
  S s;
  s.d = 4;
  s.angles = angle_table<typename S::scalar_type>::pythagorean(4);
  return s;
}
/// The largest k whose boundary 2^k exact rotary rows probe by default (battery_config::exact_boundary_chars).
constexpr int exact_rotary_reach = 18;

/// Exact rotary rows with ids wrapped at 2^k fail relative scores, and with positions on a k-bit grid fail
/// injectivity, at 2^k.
void exact_rotary_rows_catch(int k, const battery_config& cfg) {
  const Eigen::Index period = Eigen::Index(1) << k;
  INFO("k = " << k);
  auto rope = pythagorean_rope<mutants::rope_ids_mod<Q>>();
  rope.period = period;
  auto sinus = pythagorean_sinusoid<mutants::sinusoid_ids_mod<Q>>();
  sinus.period = period;
  for (const auto& row : {run_battery(rope, "mutant", only(cfg, {property::relative_scores})), run_battery(sinus, "mutant", only(cfg, {property::relative_scores}))}) {
    const auto& c = law(row, property::relative_scores);
    INFO(run_text(row, "scheme") << " " << run_text(row, "arithmetic") << ": " << c.note);
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    CHECK((c.note.find("window around " + pow2(k)) != std::string::npos ||
           c.note.find("boundary pair at " + pow2(k)) != std::string::npos));
  }
  auto rope_grid = pythagorean_rope<mutants::rope_significand<Q>>();
  rope_grid.bits = k;
  auto sinus_grid = pythagorean_sinusoid<mutants::sinusoid_significand<Q>>();
  sinus_grid.bits = k;
  for (const auto& row : {run_battery(rope_grid, "mutant", only(cfg, {property::injective})), run_battery(sinus_grid, "mutant", only(cfg, {property::injective}))}) {
    const auto& c = law(row, property::injective);
    INFO(run_text(row, "scheme") << " " << run_text(row, "arithmetic") << ": " << c.note.substr(0, 300));
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    CHECK_THAT(c.note, Catch::Matchers::Contains("p = " + std::to_string(period) + ", q = " + std::to_string(period + 1)));
  }
}
}  // namespace

TEST_CASE("exact rotary rows catch ids wrapped at 2^k and positions on a k-bit grid for every k in 7…18",
          "[pe][mutant][precision][exact]") {
  // NOTE: past the whole windows (2^10 for d = 4) exact rows probe each boundary 2^k alone; its entries
  // have ≈ 2.2·2^k digits, and the default boundary budget stops them after 2^18 (battery_impl.hpp).
  exact_rotary_rows_catch(GENERATE(range(7, exact_rotary_reach + 1)), battery_config::defaults<Q>());
}

TEST_CASE("with the boundary budget raised, exact rotary rows catch ids wrapped at 2^k and positions on a k-bit grid "
          "for every k in 19…24",
          "[pe][mutant][precision][exact][slow]") {
  // NOTE: minutes of CPU in all (docs/user-schemes.md §8): ctest runs each k as a test of its own (section
  // "k = …", label `long`: its own CI stage, docs/build.md), side by side. The budget is raised for each k
  // just past 2^k (entries of ≈ 2.2·2^k digits; 3.3·2^k characters admits the boundary 2^k and stops before
  // 2^(k+1), whose cost is 2.2 times 2^k's), so no run pays for boundaries past its own.
  for (int k = exact_rotary_reach + 1; k <= 24; ++k) {
    SECTION("k = " + std::to_string(k)) {
      auto cfg = battery_config::defaults<Q>();
      cfg.exact_boundary_chars = (std::size_t{33} << k) / 10;
      exact_rotary_rows_catch(k, cfg);
    }
  }
}

TEST_CASE("past the default boundary budget (k = 19…24) the exact rotary row says where it stopped, and its "
          "real twin (the same Pythagorean rotations in mpfr100) fails",
          "[pe][mutant][precision][exact]") {
  const int k = GENERATE(range(exact_rotary_reach + 1, 25));
  const Eigen::Index period = Eigen::Index(1) << k;
  INFO("k = " << k);
  // NOTE: the exact row runs at the ends of the range only: it probes no position past 2^18 + 1 (the
  // limit it states), where ids modulo 2^k for k = 19…24 are the ids themselves, so the rows for k = 20…23
  // would compute what these two compute (≈ 2.6 s of CPU each, machine D).
  if (k == exact_rotary_reach + 1 || k == 24) {
    auto exact = pythagorean_rope<mutants::rope_ids_mod<Q>>();
    exact.period = period;
    const auto exact_row = run_battery(exact, "mutant", only<Q>({property::relative_scores}));
    const auto& e = law(exact_row, property::relative_scores);
    INFO(battery_evidence(e));
    CHECK(held_exactly(e));  // NOTE: not probed there by default: the limit, stated
    CHECK_THAT(battery_evidence(e), Catch::Matchers::Contains("boundary pairs stop before " + pow2(exact_rotary_reach + 1)));
    CHECK_THAT(battery_evidence(e), Catch::Matchers::Contains("the real-arithmetic rows probe the farther windows"));
  }
  auto twin = pythagorean_rope<mutants::rope_ids_mod<R>>();
  twin.period = period;
  auto grid = pythagorean_rope<mutants::rope_significand<R>>();
  grid.bits = k;
  const auto twin_row = run_battery(twin, "mutant", only<R>({property::relative_scores}));
  const auto& t = law(twin_row, property::relative_scores);
  INFO(t.note);
  CHECK(t.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(t.note, Catch::Matchers::Contains("window around " + pow2(k)));
  const auto grid_row = run_battery(grid, "mutant", only<R>({property::injective}));
  const auto& g = law(grid_row, property::injective);
  INFO(g.note);
  CHECK(g.outcome == orderblind::verify::verdict::failed);
  CHECK_THAT(g.note, Catch::Matchers::Contains("p = " + std::to_string(period) + ", q = " + std::to_string(period + 1)));
}

TEST_CASE("position ids reduced modulo a period P ≤ 2^20 that is not a power of two fail relative scores",
          "[pe][mutant][precision]") {
  const Eigen::Index period = GENERATE(as<Eigen::Index>{}, 100, 1000, 3000, 12345, 65537, 99991, 524287, 1000003 - 3,
                                       (1 << 20) - 1);
  INFO("P = " << period);
  auto d = rope_like<mutants::rope_ids_mod<double>>(8);
  d.period = period;
  mutants::alibi_ids_mod<Q> q;
  q.period = period;
  for (const auto& row : {run_battery(d, "mutant", only<double>({property::relative_scores})), run_battery(q, "mutant", only<Q>({property::relative_scores}))}) {
    INFO(run_text(row, "arithmetic") << ": " << law(row, property::relative_scores).note);
    CHECK(law(row, property::relative_scores).outcome == orderblind::verify::verdict::failed);
  }
}

TEST_CASE("positions rounded to a k-bit significand fail injectivity for every k in 7…24 (double, mpfr100, exact)",
          "[pe][mutant][precision]") {
  const int k = GENERATE(range(7, 25));
  INFO("k = " << k);
  mutants::sinusoid_significand<double> d;
  d.bits = k;
  auto r = rope_like<mutants::rope_significand<R>>(4);
  r.bits = k;
  mutants::counter_significand<Q> q;
  q.bits = k;
  const auto wanted = {property::injective};
  for (const auto& row : {run_battery(d, "mutant", only<double>(wanted)), run_battery(r, "mutant", only<R>(wanted)), run_battery(q, "mutant", only<Q>(wanted))}) {
    const auto& c = law(row, property::injective);
    INFO(run_text(row, "arithmetic") << ": " << c.note);
    CHECK(c.outcome == orderblind::verify::verdict::failed);
    // NOTE: 2^k and 2^k + 1 round to the same value: the first collision.
    CHECK_THAT(c.note, Catch::Matchers::Contains("p = " + std::to_string(Eigen::Index(1) << k) + ", q = " +
                                                    std::to_string((Eigen::Index(1) << k) + 1)));
  }
}

TEST_CASE("a learned table with two equal rows fails injectivity, checked whole, wherever the rows are",
          "[pe][mutant][precision]") {
  const int k = GENERATE(range(3, 11));  // tables of 2^k rows, 8 … 1024
  const Eigen::Index L = Eigen::Index(1) << k;
  for (const auto& [from, to] : std::vector<std::pair<Eigen::Index, Eigen::Index>>{{0, L - 1}, {L / 2 - 1, L / 2 + 3}, {L - 2, L - 1}}) {
    INFO("L = " << L << ", row " << to << " = row " << from);
    // NOTE: d = 8 (9^8 possible rows): the d = 4 table of seed 7 has two equal rows of its own (90 and 93).
    learned_scheme<Q> control{8, L};
    REQUIRE(held_exactly(law(run_battery(control, "mutant", only<Q>({property::injective})), property::injective)));
    mutants::learned_two_equal_rows<Q> q;
    q.d = 8;
    q.rows = L;
    q.copy_from = from;
    q.copy_to = to;
    mutants::learned_two_equal_rows<double> d;
    d.d = 8;
    d.rows = L;
    d.copy_from = from;
    d.copy_to = to;
    for (const auto& row : {run_battery(q, "mutant", only<Q>({property::injective})), run_battery(d, "mutant", only<double>({property::injective}))}) {
      const auto& c = law(row, property::injective);
      INFO(run_text(row, "arithmetic") << ": " << c.note);
      CHECK(c.outcome == orderblind::verify::verdict::failed);
      CHECK_THAT(c.note, Catch::Matchers::Contains("p = " + std::to_string(from) + ", q = " + std::to_string(to)));
    }
  }
}

TEST_CASE("the correct schemes the mutants change hold the laws, and say where they looked", "[pe][precision]") {
  const auto both = {property::relative_scores, property::injective};
  const auto rope_d = run_battery(rope_like<rope_scheme<double>>(8), "mutant", only<double>({property::relative_scores}));
  const auto rope_r = run_battery(rope_like<rope_scheme<R>>(4), "mutant", only<R>(both));
  const auto alibi_q = run_battery(alibi_scheme<Q>{}, "mutant", only<Q>({property::relative_scores}));
  for (const auto* row : {&rope_d, &rope_r, &alibi_q}) {
    const auto& c = law(*row, property::relative_scores);
    INFO(run_text(*row, "arithmetic") << ": " << battery_evidence(c));
    CHECK(holds(c.outcome));
    CHECK_THAT(c.note, Catch::Matchers::Contains("windows around 2^7 … 2^24, 2^31"));
    CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("[16777214, 16777218)"));
    CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("distances n − m = ±2^j"));
  }
  CHECK_THAT(law(alibi_q, property::relative_scores).note, Catch::Matchers::StartsWith("held exactly on "));
  for (const auto& row : {run_battery(sinusoidal_scheme<double>{}, "mutant", only<double>({property::injective})), rope_r,
                          run_battery(counter_scheme<Q>{}, "mutant", only<Q>({property::injective}))}) {
    const auto& c = law(row, property::injective);
    INFO(run_text(row, "arithmetic") << ": " << battery_evidence(c));
    CHECK(holds(c.outcome));
    CHECK_THAT(c.note, Catch::Matchers::Contains("windows around 2^7 … 2^24, 2^31"));
  }
  // A table checked whole says so.
  learned_scheme<Q> table{8, 512};
  const auto t = run_battery(table, "mutant", only<Q>(both));
  INFO(law(t, property::injective).note);
  CHECK(held_exactly(law(t, property::injective)));
  CHECK_THAT(law(t, property::injective).note, Catch::Matchers::Contains("for every position of the table"));
  CHECK_THAT(law(t, property::injective).note, Catch::Matchers::Contains("130816 pairs"));
  CHECK(law(t, property::relative_scores).outcome == orderblind::verify::verdict::failed);
}

TEST_CASE("exact rows probe the far windows within a stated size budget and say where they stop", "[pe][precision]") {
  // NOTE: a Pythagorean rotation at p has denominators 5^p; the plan predicts the size of the next
  // window linearly from the last and stops before the budget (docs/positional.md measures the cost).
  const auto row = run_battery(rope_scheme<Q>{"rope-interleaved", 4, 4, rotary_layout::interleaved, angle_table<Q>::pythagorean(4)}, "mutant", only<Q>({property::relative_scores, property::injective}));
  const auto& c = law(row, property::relative_scores);
  INFO(battery_evidence(c));
  CHECK(held_exactly(c));
  CHECK_THAT(c.note, Catch::Matchers::Contains("windows around 2^7"));
  CHECK_THAT(c.note, Catch::Matchers::Contains("boundary pairs across 2^11 … 2^18"));
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("whole windows stop before 2^11"));
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("boundary pairs stop before 2^19"));
  CHECK_THAT(battery_evidence(c), Catch::Matchers::Contains("the real-arithmetic rows probe the farther windows"));
  const auto& inj = law(row, property::injective);
  INFO(inj.note);
  CHECK(held_exactly(inj));
  CHECK_THAT(inj.note, Catch::Matchers::Contains("boundaries 2^11 … 2^18"));
}

TEST_CASE("∞ fails like NaN: a scheme with one +∞ entry holds neither length-consistency nor relative scores",
          "[pe][nonfinite]") {
  struct one_inf : counter_scheme<double> {
    std::string name() const { return "mutant:one-inf"; }
    vec<double> encode(Eigen::Index p, Eigen::Index n) const {
      auto v = counter_scheme<double>::encode(p, n);
      v[0] = std::numeric_limits<double>::infinity();
      return v;
    }
  };
  const auto row = run_battery(one_inf{}, "mutant");
  CHECK(law(row, property::length_consistent).outcome == orderblind::verify::verdict::failed);
  CHECK(law(row, property::relative_scores).outcome == orderblind::verify::verdict::failed);
  CHECK(law(row, property::injective).outcome == orderblind::verify::verdict::failed);
}

TEST_CASE("long exact values print as labelled decimals, never as truncated digits", "[pe][words]") {
  // How the battery writes an exact scalar in a verdict, and a vector's entries in a note: the renderer's
  // wording (verify/reading.hpp).
  CHECK(pe::detail::readable(Q(12, 5)) == "12/5");
  CHECK(pe::detail::readable(Q(std::string("1") + std::string(60, '0'))) == "≈ 1e+60 (exact: an integer of 61 digits)");
  CHECK(pe::detail::readable(Q(std::string("-") + std::string(30, '3') + "/1" + std::string(40, '0'))) ==
        "≈ -3.333333333e-11 (exact: a fraction of 30 over 41 digits)");
  const pe::vec<Q> v{Q(1, 3), Q(std::string(25, '7') + "/2"), Q(-2)};
  CHECK(pe::format_vec(v) == "(1/3, ≈ 3.888888889e+24 (exact: a fraction of 25 over 1 digits), -2)");
  // Past 10⁴ digits, from GMP's sizes (no decimal text; mpz_sizeinbase may count one digit more).
  Q big(1);
  for (int k = 0; k < 12000; ++k) big *= 10;
  CHECK(pe::detail::readable(big).rfind("≈ 1e+12000 (exact: an integer of about 1200", 0) == 0);
  CHECK(pe::detail::readable(Q(-big / 7)).rfind("≈ -1.42857e+11999 (exact: a fraction of about 1200", 0) == 0);
  CHECK(pe::detail::readable(Q(Q(big + 1) / Q(big * 3))).rfind("≈ 3.33333e-1 (exact: a fraction of about 1200", 0) == 0);
  // a mantissa that rounds to 10 at 6 digits is 1 of the next power: 9.999997·10^12000 reads 1e+12001
  // (its log₁₀ is 1.3·10⁻⁷ below 12001, far more than the path's error; 10^12000 − 1 comes out as 12000 exactly)
  CHECK(pe::detail::readable(Q(Q(big / 1000000) * 9999997)).rfind("≈ 1e+12001 (exact: an integer of about 1200", 0) == 0);
}
