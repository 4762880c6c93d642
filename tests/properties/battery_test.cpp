// SPDX-License-Identifier: MIT
// ctest entry point of the battery: one Catch2 test per law (it must hold on the library) and one per
// mutant (the law must fail on it). Tests are registered from all_laws(), the list the CLI runs.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <deque>
#include <optional>
#include <iostream>
#include <string>

#include "properties/battery/battery.hpp"
#include "properties/battery/laws_attention.hpp"
#include "properties/battery/laws_cross.hpp"
#include "properties/battery/mutants.hpp"
#include "orderblind/verify/render.hpp"

namespace orderblind::properties {
namespace {

/// Runs one law, or one of its mutants, as a Catch2 test.
class law_invoker : public Catch::ITestInvoker {
 public:
  law_invoker(law l, int mutant_index, bool within = false)
      : law_(std::move(l)), mutant_(mutant_index), within_(within) {}
  void invoke() const override {
    if (within_) {
      const auto& m = law_.within_bound[static_cast<std::size_t>(mutant_)];
      const verify::check c = m.check({});
      const bool held = c.outcome == verify::verdict::held;
      std::cout << law_.id << " under '" << m.name << "': " << verify::to_string(c.outcome) << " after " << c.cases
                << " case(s)\n";
      INFO(law_.id << " under '" << m.name << "': the law must still HOLD here\n" << failure_text(c));
      CHECK(held);
      return;
    }
    if (mutant_ < 0) {
      const verify::check c = law_.check({});
      const bool held = c.outcome == verify::verdict::held;
      std::cout << law_.id << ": " << verify::to_string(c.outcome) << " after " << c.cases << " case(s), seed "
                << c.seed.value_or(0) << "\n";
      INFO(law_.id << " (" << law_.arithmetic << "; tolerance " << law_.tolerance << ")\n"
                   << (held ? c.note : failure_text(c)));
      CHECK(held);
      // NOTE: a refutation may hold on its very first case (0 successful cases before the counterexample).
      if (held && !law_.refutes) CHECK(c.cases > 0);
    } else {
      const auto& m = law_.mutants[static_cast<std::size_t>(mutant_)];
      // NOTE: a mutant only has to fail; shrinking its counterexample would cost time and prove nothing,
      // except for laws that assert a (shrunk) counterexample themselves.
      run_options o;
      o.shrink = law_.refutes;
      const verify::check c = m.check(o);
      const bool held = c.outcome == verify::verdict::held;
      std::cout << law_.id << " on the mutant '" << m.name << "': " << (held ? "NOT caught" : "caught")
                << (errored(c) ? " (as an error)" : "") << "\n";
      INFO(law_.id << " on the mutant '" << m.name << "': the law must FAIL here\n" << c.note);
      CHECK_FALSE(held);
    }
  }

 private:
  law law_;
  int mutant_;
  bool within_;
};

/// Registers every law and mutant with Catch2 at static-initialisation time.
struct registration {
  std::deque<std::string> names;  // NOTE: Catch keeps StringRefs to the names; a deque never moves them.
  registration() {
    for (const auto& l : all_laws()) {
      names.push_back(l.id + ": " + l.title);
      const std::string& name = names.back();
      names.push_back("[" + l.property + "]");
      Catch::AutoReg(new law_invoker(l, -1), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                     Catch::NameAndTags{name, names.back()});
      for (std::size_t i = 0; i < l.mutants.size(); ++i) {
        names.push_back(l.id + " catches the mutant: " + l.mutants[i].name);
        Catch::AutoReg(new law_invoker(l, static_cast<int>(i)), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                       Catch::NameAndTags{names.back(), "[" + l.property + "][mutant]"});
      }
      for (std::size_t i = 0; i < l.within_bound.size(); ++i) {
        names.push_back(l.id + " still holds under: " + l.within_bound[i].name);
        Catch::AutoReg(new law_invoker(l, static_cast<int>(i), true), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                       Catch::NameAndTags{names.back(), "[" + l.property + "][within-bound]"});
      }
    }
  }
};
const registration registered;

TEST_CASE("a refutation law reports an always-throwing implementation as an error, not a counterexample",
          "[battery][errors]") {
  const auto check = must_break("test/throwing-refutation", 50,
                                laws::causal_attention_commutes<double>(mutants::throwing_attention<softmax_kernel>{}));
  const verify::check c = check({});
  INFO(c.note);
  CHECK(c.outcome == verify::verdict::failed);
  CHECK(errored(c));
  CHECK(c.note.find("ERROR") != std::string::npos);
}

TEST_CASE("a law that must hold fails, as an error, on an always-throwing implementation", "[battery][errors]") {
  const auto check = must_hold("test/throwing-law", 50,
                               laws::self_attention_commutes<double>(mutants::throwing_attention<softmax_kernel>{}, true));
  const verify::check c = check({});
  CHECK(c.outcome == verify::verdict::failed);
  CHECK(errored(c));
}

TEST_CASE("every floating law has a NaN mutant and a perturbation at its edge", "[battery][mutant]") {
  // NOTE: the per-mutant tests above check that each of these is caught (and each 0.5x perturbation held).
  for (const auto& l : all_laws()) {
    if (l.id.find("[mpq_rational]") != std::string::npos) continue;
    INFO(l.id);
    bool nan = false, edge = false;
    for (const auto& m : l.mutants) {
      nan = nan || m.name.find("NaN") != std::string::npos;
      edge = edge || m.name.find("perturbation") != std::string::npos;
    }
    CHECK(nan);
    if (!l.refutes) CHECK(edge);
    if (!l.refutes && l.evidence == verify::evidence_kind::sampled_within_bound) CHECK(l.within_bound.size() >= 1);
  }
}

TEST_CASE("a law's evidence kind is data, and agrees with the bound its tolerance states", "[battery]") {
  // NOTE: the kind is set where the law is defined (battery_impl.hpp); its text must say the same thing.
  for (const auto& l : all_laws()) {
    INFO(l.id << ": " << l.tolerance);
    const bool eps = l.tolerance.find("ε") != std::string::npos;
    CHECK(eps == (l.evidence == verify::evidence_kind::sampled_within_bound));
    if (l.id.find("[mpq_rational]") != std::string::npos) CHECK(l.evidence == verify::evidence_kind::sampled_exact);
  }
}

/// The detail `key` of a law's check (null when it has none).
verify::value detail_of(const verify::check& c, const std::string& key) {
  for (const auto& d : c.details)
    if (d.key == key) return d.val;
  return {};
}

TEST_CASE("a law's run is its check: cases, seed and verdict and, when it failed, RapidCheck's report and replay",
          "[battery]") {
  const auto below = [](int limit) {
    return [limit] {
      const auto x = *rc::gen::inRange(0, 1000).as("x");
      RC_ASSERT(x < limit);
    };
  };
  run_options o;
  o.seed = 5;
  const verify::check h = must_hold("test/holds", 30, below(1000))(o);
  CHECK(h.id == "test/holds");
  CHECK(h.outcome == verify::verdict::held);
  CHECK(h.cases == 30);
  CHECK(h.seed == 5u);
  CHECK_FALSE(errored(h));
  CHECK(detail_of(h, "cases_requested").as<std::int64_t>());
  CHECK(detail_of(h, "failure").is_null());
  const verify::check f = must_hold("test/fails", 100, below(300))(o);
  CHECK(f.outcome == verify::verdict::failed);
  CHECK_FALSE(errored(f));
  const auto failure = detail_of(f, "failure"), replay = detail_of(f, "reproduce");
  REQUIRE(failure.as<std::string>());
  CHECK(failure.as<std::string>()->find("300") != std::string::npos);  // the shrunk counterexample
  REQUIRE(replay.as<std::string>());
  CHECK(replay.as<std::string>()->rfind("RC_PARAMS=\"reproduce=", 0) == 0);
  // A law that must break holds when RapidCheck finds the counterexample, and says which.
  const verify::check r = must_break("test/refutes", 100, below(300))(o);
  CHECK(r.outcome == verify::verdict::held);
  CHECK(r.note.find("counterexample found") != std::string::npos);
  CHECK(detail_of(r, "failure").is_null());
}

/// A detail that is a number, as a double.
double number(const verify::check& c, const std::string& key) {
  const auto v = detail_of(c, key);
  if (const auto* d = v.as<double>()) return *d;
  if (const auto* i = v.as<std::int64_t>()) return static_cast<double>(*i);
  if (const auto* u = v.as<std::uint64_t>()) return static_cast<double>(*u);
  FAIL("the detail " << key << " of " << c.id << " is not a number");
  return 0;
}

/// A field of an object value (null when it has none).
verify::value field(const verify::value& o, const std::string& key) {
  if (const auto* x = o.as<verify::value::object>())
    for (const auto& f : *x)
      if (f.key == key) return f.val;
  return {};
}

/// An integer value, signed or not.
std::optional<long> integer(const verify::value& v) {
  if (const auto* i = v.as<std::int64_t>()) return static_cast<long>(*i);
  if (const auto* u = v.as<std::uint64_t>()) return static_cast<long>(*u);
  return std::nullopt;
}

/// The report's field `key` (null when it has none).
verify::value field(const verify::report& r, const std::string& key) {
  for (const auto& f : r.body)
    if (f.key == key) return f.val;
  return {};
}

/// The laws of all_laws() whose id starts with one of `prefixes`.
std::vector<law> laws_starting_with(const std::vector<std::string>& prefixes) {
  std::vector<law> out;
  for (const auto& l : all_laws())
    for (const auto& p : prefixes)
      if (l.id.rfind(p, 0) == 0) {
        out.push_back(l);
        break;
      }
  return out;
}

TEST_CASE("every law reports its cases and time and cases per second and the sizes of the entries it met",
          "[battery][throughput]") {
  const auto laws = laws_starting_with({"P1.single-head", "P3.causal", "P5.counter", "P6.rotation"});
  REQUIRE(laws.size() >= 9);
  battery_options o;
  o.run.cases = 40;
  const auto run = verify::top_checks(run_battery(laws, o));
  REQUIRE(run.size() == laws.size());
  for (std::size_t i = 0; i < laws.size(); ++i) {
    const auto& r = run[i];
    const law& l = laws[i];
    INFO(l.id << "\n" << r.note);
    CHECK(r.id == l.id);
    CHECK(r.outcome == verify::verdict::held);
    CHECK(integer(detail_of(r, "cases_requested")) == 40);
    // NOTE: a refutation ends at its first counterexample; every other law runs every requested case.
    if (l.refutes) CHECK(r.cases < 40);
    else CHECK(r.cases == 40);
    const double check_seconds = number(r, "check_seconds");
    CHECK(check_seconds > 0);
    CHECK(number(r, "check_cpu_seconds") >= 0);
    CHECK(number(r, "seconds") >= check_seconds);
    if (!l.refutes) CHECK(number(r, "cases_per_second") == Approx(40 / check_seconds));
    // NOTE: P5 compares scalars, not matrices: only its input M is measured.
    const auto sizes = detail_of(r, "entry_sizes");
    const auto h = field(sizes, l.property == "P5" ? "inputs" : "compared");
    REQUIRE(integer(field(h, "entries")).value_or(0) > 0);
    const auto median = integer(field(h, "median")), max = integer(field(h, "max"));
    REQUIRE(median);
    REQUIRE(max);
    CHECK(*median <= *max);
    const auto unit_value = field(sizes, "unit");
    const auto* unit = unit_value.as<std::string>();
    REQUIRE(unit);
    if (l.id.find("[mpq_rational]") != std::string::npos) {
      CHECK(*unit == "bits (numerator + denominator)");
      CHECK(*median >= 2);  // 0 = 0/1 is the smallest entry: one bit each
    } else {
      CHECK(unit->find("binary exponent") == 0);
      CHECK(*max >= -1074);
      CHECK(*max <= 1023);
    }
  }
}

TEST_CASE("entry sizes: bits of a rational and binary exponent of a real and the median and largest of a histogram",
          "[battery][throughput]") {
  CHECK(entry_size(mpq_rational(0)) == 2);
  CHECK(entry_size(mpq_rational(-3, 4)) == 2 + 3);
  CHECK(entry_size(mpq_rational(255, 256)) == 8 + 9);
  CHECK(entry_size(1.0) == 0);
  CHECK(entry_size(-0.75) == -1);
  CHECK(entry_size(1024.5) == 10);
  CHECK_FALSE(entry_size(0.0));
  CHECK(entry_size(mpfr100(1024.5)) == 10);
  CHECK(entry_size(mpfr100(-0.75)) == -1);
  CHECK_FALSE(entry_size(mpfr100(0)));
  size_histogram h;
  CHECK_FALSE(h.median());
  for (const long s : {7, 3, 3, 12, 5}) h.add(s);
  h.add(-2, 2);
  CHECK(h.entries() == 7);
  CHECK(h.median() == 3);  // -2 -2 3 3 5 7 12
  CHECK(h.max() == 12);
  CHECK(h.as_map() == std::map<long, long>{{-2, 2}, {3, 2}, {5, 1}, {7, 1}, {12, 1}});
}

TEST_CASE("two worker processes replay one process: the same cases and verdicts and counterexamples and mutants and statistics",
          "[battery][jobs]") {
  // NOTE: holding laws in three arithmetics, refutations (a shrunk counterexample each) and mutants.
  const auto laws = laws_starting_with({"P1.single-head", "P3.causal", "P7.after", "P4.step2"});
  REQUIRE(laws.size() >= 12);
  battery_options o;
  o.run.cases = 25;
  o.run.seed = 7;
  o.mutants = true;
  o.stats = true;
  o.jobs = 1;
  const auto one = run_battery(laws, o);
  o.jobs = 2;
  const auto two = run_battery(laws, o);
  CHECK(integer(field(one, "jobs")) == 1);
  CHECK(integer(field(two, "jobs")) == 2);
  const auto a = verify::top_checks(one), b = verify::top_checks(two);
  REQUIRE(a.size() == laws.size());
  REQUIRE(b.size() == laws.size());
  for (std::size_t i = 0; i < laws.size(); ++i) {
    INFO(laws[i].id);
    CHECK(a[i].id == laws[i].id);
    CHECK(b[i].id == laws[i].id);
    CHECK(a[i].seed == 7u);
    CHECK(replayable_record(a[i]) == replayable_record(b[i]));
    CHECK(a[i].outcome == verify::verdict::held);
  }
  // NOTE: with statistics, a law within an ε-bound reports its real worst residual ÷ bound, from the worker
  // too (it travels in the check); an exact law reports none.
  for (std::size_t i = 0; i < laws.size(); ++i) {
    if (laws[i].id.rfind("P1.single-head", 0) != 0) continue;
    INFO(laws[i].id);
    for (const auto* c : {&a[i], &b[i]}) {
      if (laws[i].evidence == verify::evidence_kind::sampled_within_bound) {
        const auto* r = c->residual.as<double>();
        REQUIRE(r);
        CHECK(*r > 0);
        CHECK(*r <= 1);
        CHECK(field(detail_of(*c, "stats"), "worst_residual_over_bound").as<double>());
        CHECK(*field(detail_of(*c, "stats"), "worst_residual_over_bound").as<double>() == *r);
      } else {
        CHECK(c->residual.is_null());
      }
    }
  }
  // NOTE: the record is a law's whole check less its timings: statistics and mutants are in it.
  CHECK(replayable_record(a[0]).find("\"stats\"") != std::string::npos);
  CHECK(replayable_record(a[0]).find("\"mutants\"") != std::string::npos);
  CHECK(replayable_record(a[0]).find("check_seconds") == std::string::npos);
}

TEST_CASE("a worker process that dies costs its law an ERROR verdict and not the run", "[battery][jobs]") {
  auto laws = laws_starting_with({"P2.ffn[double]"});
  REQUIRE(laws.size() == 1);
  law dying = laws.front();
  dying.id = "test/dying-worker";
  dying.check.run = [](const run_options&) -> verify::check { _exit(7); };
  laws.insert(laws.begin(), dying);
  battery_options o;
  o.run.cases = 20;
  o.jobs = 2;
  const auto run = verify::top_checks(run_battery(laws, o));
  REQUIRE(run.size() == 2);
  CHECK(run[0].outcome == verify::verdict::failed);
  const auto error = detail_of(run[0], "error");
  REQUIRE(error.as<bool>());
  CHECK(*error.as<bool>());
  CHECK(run[0].note.find("exited with status 7") != std::string::npos);
  CHECK(run[1].outcome == verify::verdict::held);
  CHECK(run[1].cases == 20);
}

TEST_CASE("the battery's exit rule: every law held and, with mutants, every mutant caught and every perturbation held",
          "[battery][exit]") {
  verify::check law;
  law.id = "P1.test[double]";
  law.outcome = verify::verdict::held;
  verify::report rep{"orderblind-properties/2", "", {}};
  rep.add("laws", verify::value::checks{law});
  CHECK(held(rep));
  auto with_tally = [&](bool all) {
    verify::report r = rep;
    r.add("mutants", verify::value::object{{"mutants", 2}, {"caught", all ? 2 : 1}, {"within_bound", 1},
                                           {"within_bound_held", 1}, {"all_caught_and_held", all}});
    return r;
  };
  CHECK(held(with_tally(true)));
  CHECK_FALSE(held(with_tally(false)));
  law.outcome = verify::verdict::failed;
  verify::report failed{"orderblind-properties/2", "", {}};
  failed.add("laws", verify::value::checks{law});
  CHECK_FALSE(held(failed));
}

TEST_CASE("a failure's reproduce string replays its shrunk counterexample in RapidCheck", "[battery][reproduce]") {
  const auto prop = [] {
    const auto x = *rc::gen::inRange(0, 1000).as("x");
    RC_ASSERT(x < 300);
  };
  run_options o;
  o.seed = 3;
  const auto out = run_property("test/replay", prop, o, 100);
  REQUIRE_FALSE(out.passed);
  REQUIRE(out.value_of("x") == "300");
  const std::string prefix = "RC_PARAMS=\"";
  REQUIRE(out.reproduce.rfind(prefix, 0) == 0);
  const std::string params = out.reproduce.substr(prefix.size(), out.reproduce.size() - prefix.size() - 1);
  const auto config = rc::detail::configFromString(params);
  REQUIRE(config.reproduce.count("test/replay") == 1);
  rc::detail::TestMetadata meta;
  meta.id = "test/replay";
  silent_listener quiet;
  const auto replayed = rc::detail::checkTestable(prop, meta, rc::detail::TestParams{}, quiet, config.reproduce);
  REQUIRE(replayed.is<rc::detail::FailureResult>());
  const auto& f = replayed.get<rc::detail::FailureResult>();
  CHECK(f.counterExample == out.counterexample);
}

}  // namespace
}  // namespace orderblind::properties

TEST_CASE("a failed bound prints its residual with the digits that tell it from the bound") {
  using orderblind::properties::digits_apart_from;
  CHECK(digits_apart_from(12.0000000094734, 12) == "12.00000001");
  CHECK(digits_apart_from(13.5, 12) == "13.5");
  CHECK(digits_apart_from(1.0 + 0x1p-52, 1) == "1.0000000000000002");
}

namespace {
/// Whether require_agree_columns (or require_agree) accepts a against b: RC_FAIL throws a CaseResult.
template <class F>
bool accepts(F&& f) {
  try {
    f();
    return true;
  } catch (const rc::detail::CaseResult&) {
    return false;
  }
}
}  // namespace

TEST_CASE("per-column scale: a 10^12 constant column of V does not hide a 10^-6 leak in another column",
          "[battery][mutant][scale]") {
  using namespace orderblind;
  using orderblind::properties::require_agree;
  using orderblind::properties::require_agree_columns;
  // V: column 0 the constant 10¹², column 1 values of order 1; the outputs' column j is a mean of V's.
  const Eigen::Index n = 5;
  Matrix<double> v(n, 2), z(n, 2);
  for (Eigen::Index i = 0; i < n; ++i) {
    v(i, 0) = 1e12;
    v(i, 1) = 0.25 + 0.125 * static_cast<double>(i);
    z(i, 0) = 1e12;
    z(i, 1) = 0.5;
  }
  const double k = attention_reorder_bound_eps(n);
  Matrix<double> leak = z;
  for (Eigen::Index i = 0; i < n; ++i) leak(i, 1) += 1e-6 * static_cast<double>(i);
  // One global scale max|V| = 10¹² lets the leak through (the defect); the column's own scale does not.
  CHECK(accepts([&] { require_agree(leak, z, k, orderblind::max_abs(v), "leaky", "expected"); }));
  CHECK_FALSE(accepts([&] { require_agree_columns(leak, z, k, verify::column_scales(v), "leaky", "expected"); }));
  // At the edge of column 1's own bound k·ε·max|V_·1|: just under passes, just over fails.
  const double s1 = verify::column_scales(v)(0, 1), eps = std::numeric_limits<double>::epsilon();
  Matrix<double> under = z, over = z;
  under(3, 1) += 0.9 * k * eps * s1;
  over(3, 1) += 1.1 * k * eps * s1;
  CHECK(accepts([&] { require_agree_columns(under, z, k, verify::column_scales(v), "under", "expected"); }));
  CHECK_FALSE(accepts([&] { require_agree_columns(over, z, k, verify::column_scales(v), "over", "expected"); }));
  // Column 0 keeps its own (large) scale: an error of 10⁻⁶ there is far under k·ε·10¹² and passes.
  Matrix<double> big = z;
  big(2, 0) += 1e-6;
  CHECK(accepts([&] { require_agree_columns(big, z, k, verify::column_scales(v), "big", "expected"); }));
  // Scales of the wrong shape are a clear error, not a comparison.
  CHECK_THROWS_AS(require_agree_columns(z, z, k, Matrix<double>(Matrix<double>::Ones(1, 3)), "z", "z"),
                  std::invalid_argument);
}

TEST_CASE("the laws as data: P acts on each input and on the output as the law says", "[battery][law]") {
  using namespace orderblind;
  using namespace orderblind::properties;
  using verify::action;
  using Q = mpq_rational;
  // Y (2 decoder rows) and C (3 encoder rows) with distinct entries, and P a 3-cycle.
  Matrix<Q> y(2, 2), c(3, 2);
  y << Q(1), Q(2), Q(-1), Q(3);
  c << Q(1), Q(0), Q(2), Q(5), Q(-3), Q(1, 2);
  const auto p = permutation::cycle(3, {0, 1, 2});
  const std::vector<Matrix<Q>> inputs{y, c};
  // Scores Y·Cᵀ: one column per encoder row, so permuting C permutes the columns: s' = s·Pᵀ.
  const auto scores = [](const std::vector<Matrix<Q>>& in) { return Matrix<Q>(multiply_transposed(in[0], in[1])); };
  const auto [s_pc, s_pt] = verify::sides<Q>(laws::encoder_rows_law("s' = s·Pᵀ", action::permute_cols), scores, inputs, p);
  CHECK(exactly_equal(s_pc, s_pt));
  CHECK(exactly_equal(s_pc, Matrix<Q>(multiply_transposed(y, p.apply_rows(c)))));
  // The same function read as invariant in C is refuted: the scores do move.
  const auto [s_moved, s_fixed] = verify::sides<Q>(laws::encoder_rows_law("s' = s", action::none), scores, inputs, p);
  CHECK_FALSE(exactly_equal(s_moved, s_fixed));
  // Y·CᵀC sums over the encoder rows: invariant in their order, exactly.
  const auto pooled = [](const std::vector<Matrix<Q>>& in) {
    return Matrix<Q>(multiply(Matrix<Q>(multiply_transposed(in[0], in[1])), in[1]));
  };
  const auto [g_pc, g_c] = verify::sides<Q>(laws::encoder_rows_law("f(Y, PC) = f(Y, C)", action::none), pooled, inputs, p);
  CHECK(exactly_equal(g_pc, g_c));
  // The decoder rows stay where they are; the encoder rows move.
  const auto moved = verify::permuted_inputs<Q>(laws::encoder_rows_law("s' = s·Pᵀ", action::permute_cols), inputs, p);
  CHECK(exactly_equal(moved[0], y));
  CHECK(exactly_equal(moved[1], Matrix<Q>(p.apply_rows(c))));
  CHECK(exactly_equal(verify::act(action::permute_cols, s_fixed, p), Matrix<Q>(p.apply_cols(s_fixed))));
  CHECK(std::string(verify::right_side_name(laws::encoder_rows_law("s' = s·Pᵀ", action::permute_cols))) == "f(x)·Pᵀ");
  // A law given the wrong number of inputs is a clear error.
  CHECK_THROWS_AS(verify::sides<Q>(verify::equivariance(), scores, inputs, p), configuration_error);
}

TEST_CASE("the P8 ulp table is a list of rows with the report's fields, and a bounded row stays under its bound",
          "[battery][P8]") {
  using namespace orderblind;
  using namespace orderblind::properties;
  using verify::value;
  run_options o;
  o.cases = 30;
  const value table = ulp_table(o);
  const auto* rows = table.as<value::list>();
  REQUIRE(rows);
  REQUIRE(rows->size() == 4);
  const std::vector<std::string> keys = {"layer", "cases", "differing", "max_ulps", "max_error_eps", "scale", "bound",
                                         "bound_at_max_n"};
  for (const auto& row : *rows) {
    const auto* fields = row.as<value::object>();
    REQUIRE(fields);
    REQUIRE(fields->size() == keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) CHECK((*fields)[i].key == keys[i]);
    const auto at = [&](std::size_t i) { return (*fields)[i].val; };
    INFO(*at(0).as<std::string>());
    CHECK(*at(1).as<std::int64_t>() == 30);
    CHECK(*at(2).as<std::int64_t>() <= 30);
    const double error = *at(4).as<double>(), bound = *at(7).as<double>();
    CHECK(error >= 0);
    if (bound > 0) CHECK(error <= bound);
  }
  // In the battery's run the table is measured in a worker process and sent back as JSON: the same rows.
  battery_options b;
  b.run = o;
  b.only = "P8.sorted-bitwise";
  b.ulp_table = true;
  b.jobs = 2;
  const auto rep = run_battery(all_laws(), b);
  value sent;
  for (const auto& f : rep.body)
    if (f.key == "ulp_table") sent = f.val;
  CHECK(verify::detail::to_json(sent).dump() == verify::detail::to_json(table).dump());
}
