// SPDX-License-Identifier: MIT
// `orderblind properties [--list] [--only ID] [--mutants] [--stats] [--jobs N]`: the order-blindness battery
// (laws P1–P8 over exact rationals, MPFR-100 and double), and a main job with one summary row per property.
// The laws are properties/battery's all_laws(), run by its run_battery: the same code ctest runs. The run is
// a report ("orderblind-properties/2") whose laws are verify::checks, printed through emit().
#include "registry.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "properties/battery/battery.hpp"

namespace orderblind::cli {
namespace {

using properties::law;

/// The run options the global flags ask for (unset: each law's default count, the fixed seed).
properties::run_options options_from(const global_options& g) {
  properties::run_options o;
  if (g.cases) o.cases = *g.cases;
  if (g.seed) o.seed = *g.seed;
  return o;
}

/// The statement of each property, for the summary table.
const std::map<std::string, std::string>& property_titles() {
  static const std::map<std::string, std::string> t = {
      {"P1", "self-attention commutes with any row permutation (one head, scaled, multi-head with W_O)"},
      {"P2", "row-wise layers and encoder stacks commute with permutations; mean pooling after them is invariant"},
      {"P3", "a causal mask breaks equivariance (counterexample shrunk to n = 2)"},
      {"P4", "cross-attention ignores the order of the encoder rows (text 001, Appendix A.2, Steps 1-5)"},
      {"P5", "the counter's position score is c·m·n, and not a function of m − n (text 001, §3.7)"},
      {"P6", "the sinusoid's rotation identity PE(p+k) = R(kθ_i)·PE(p) for every pair"},
      {"P7", "positions added after permuting break equivariance; added before, they keep it"},
      {"P8", "double: reordering moves bits (ulp table); with sorted sums attention is bit-for-bit equivariant"}};
  return t;
}

using properties::law_result;

/// The battery options the flags ask for.
properties::battery_options battery_options_from(const global_options& g, bool mutants, const std::string& only,
                                                 bool stats, unsigned jobs) {
  properties::battery_options b;
  b.run = options_from(g);
  b.mutants = mutants;
  b.only = only;
  b.stats = stats;
  b.jobs = jobs;
  return b;
}

/// The aims the generators are held to (docs/generators.md): no size above a third of the cases,
/// degenerate cases ≤ 5 %, and (floating laws that compare within a bound) ≥ 50 % of cases in which
/// the two sides differ in some bit.
std::string aims(const law_result& r) {
  const auto& s = *r.stats;
  // NOTE: a refutation's run ends at its first counterexample, so its few cases have no distribution to judge.
  if (r.l->refutes) return "n/a (a refutation ends at its first counterexample)";
  std::vector<std::string> missed;
  if (properties::case_stats::max_share(s.n) > 1.0 / 3.0) missed.push_back("an n above 1/3 of cases");
  if (s.cases && double(s.degenerate) > 0.05 * double(s.cases)) missed.push_back("degenerate > 5%");
  const bool bounded = r.l->tolerance.find("ε") != std::string::npos && !r.l->refutes;
  if (bounded && s.compared && double(s.differing) < 0.5 * double(s.compared)) missed.push_back("sides differ < 50%");
  std::string out;
  for (const auto& m : missed) out += (out.empty() ? "" : ", ") + m;
  return out.empty() ? "met" : "MISSED: " + out;
}

/// The kind of evidence a law's run gives: seeded random cases compared within its ε-bound, or with ==
/// (exact arithmetic, or bit for bit in floating point).
// NOTE: every law states its tolerance: "exact (==)", "bit-for-bit (==) …", or a bound in ε.
verify::evidence_kind evidence_of(const law& l) {
  return l.tolerance.find("ε") != std::string::npos ? verify::evidence_kind::sampled_within_bound
                                                     : verify::evidence_kind::sampled_exact;
}

/// A histogram as an object: value → cases.
verify::value histogram(const std::map<long, long>& h) {
  verify::value::object o;
  for (const auto& [k, c] : h) o.push_back({std::to_string(k), c});
  return o;
}

/// Counts by name as an object: name → cases.
verify::value counts(const std::map<std::string, long>& h) {
  verify::value::object o;
  for (const auto& [k, c] : h) o.push_back({k, c});
  return o;
}

/// What the law's cases were (--stats).
verify::value stats_of(const law_result& r) {
  const auto& s = *r.stats;
  return verify::value::object{{"aims", aims(r)},
                               {"cases", s.cases},
                               {"n", histogram(s.n)},
                               {"d", histogram(s.d)},
                               {"heads", histogram(s.heads)},
                               {"permutations", counts(s.permutations)},
                               {"degenerate", s.degenerate},
                               {"zero_input", s.zero_input},
                               {"all_rows_one_hot", s.all_one_hot},
                               {"softmax_rows", s.weight_rows},
                               {"one_hot_rows", s.one_hot_rows},
                               {"compared", s.compared},
                               {"differing", s.differing},
                               {"other_degenerate", counts(s.other_degenerate)},
                               {"worst_residual_over_bound", s.worst_bound_ratio}};
}

/// {entries, median, max} of a size histogram (median and max null when it is empty).
verify::value sizes_of(const properties::size_histogram& h) {
  return verify::value::object{{"entries", h.entries()}, {"median", h.median()}, {"max", h.max()}};
}

/// One law's run as a check. The residual is the worst residual ÷ bound over the law's cases, which the
/// battery measures only while it collects statistics (--stats), for the laws within an ε-bound whose
/// comparison records it (case_stats::worst_bound_ratio; −1, hence null, when none did).
verify::check law_check_of(const law_result& r) {
  const law& l = *r.l;
  verify::check c;
  c.id = l.id;
  c.statement = l.title;
  c.arithmetic = l.arithmetic;
  c.evidence = evidence_of(l);
  c.bound = l.tolerance;
  if (r.stats && r.stats->worst_bound_ratio >= 0) c.residual = r.stats->worst_bound_ratio;
  c.cases = r.v.run.cases;
  c.seed = r.v.run.seed;
  c.outcome = verify::held_if(r.v.held);
  // NOTE: a refuting law's evidence is its counterexample, so its note (the shrunk counterexample) is
  // kept when the law held too.
  c.note = r.v.note;
  if (!r.v.held && c.note.empty())
    c.note = "FAILED after " + std::to_string(r.v.run.cases) + " successful case(s), seed " +
             std::to_string(r.v.run.seed) + " (RapidCheck's report: failure; replay: reproduce)";
  // NOTE: the throughput of the law's own run on the library (mutants excluded); a refutation stops at
  // its first counterexample, so its cases fall short of cases_requested and its time includes shrinking.
  c.with("property", l.property)
      .with("cases_requested", r.v.run.requested)
      .with("seconds", r.seconds)
      .with("check_seconds", r.check_seconds)
      .with("check_cpu_seconds", r.check_cpu_seconds)
      .with("cases_per_second", r.cases_per_second())
      .with("entry_sizes",
            verify::value::object{
                {"unit", r.sizes.unit.empty() ? std::string("no matrix entries observed") : r.sizes.unit},
                {"compared", sizes_of(r.sizes.compared)},
                {"inputs", sizes_of(r.sizes.inputs)}})
      // NOTE: an implementation that threw is an error, never a counterexample: FAILED all the same (exit
      // code 1), told apart here.
      .with("error", r.v.errored);
  if (!r.v.held) c.with("failure", r.v.run.message + r.v.note).with("reproduce", r.v.run.reproduce);
  // NOTE: an empty list is left out rather than written as [] (an exact law has no perturbations within
  // a bound): in Markdown an empty list would become a column of the laws' table.
  verify::value::list m, w;
  for (const auto& [name, caught] : r.mutants_caught)
    m.push_back(verify::value::object{{"mutant", name}, {"caught", caught}});
  for (const auto& [name, held] : r.within_held)
    w.push_back(verify::value::object{{"perturbation", name}, {"held", held}});
  if (!m.empty()) c.with("mutants", std::move(m));
  if (!w.empty()) c.with("within_bound", std::move(w));
  if (r.stats) c.with("stats", stats_of(r));
  return c;
}

/// x in fixed notation with `decimals` places (the throughput table: no exponents in a column of times).
std::string fixed(double x, int decimals) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(decimals) << x;
  return os.str();
}

/// "37 / 412 bits" (rationals) or "2^-1 / 2^3" (reals): median and largest size of the compared entries,
/// or of the inputs (marked "inputs") for a law that compares no matrix (P5); "—" if none.
std::string size_cell(const properties::entry_sizes& z) {
  const bool inputs = z.compared.entries() == 0;
  const auto& h = inputs ? z.inputs : z.compared;
  const auto med = h.median(), top = h.max();
  if (!med || !top) return "—";
  const std::string tail = inputs ? " (inputs)" : "";
  if (z.unit.rfind("bits", 0) == 0) return std::to_string(*med) + " / " + std::to_string(*top) + " bits" + tail;
  return "2^" + std::to_string(*med) + " / 2^" + std::to_string(*top) + tail;
}

/// The throughput table: per law, its own run's cases, time, cases/s and entry sizes (the same figures
/// as each law's details, one line per law).
verify::value throughput(const properties::battery_run& run) {
  double cpu = 0;
  for (const auto& r : run.laws) cpu += r.check_cpu_seconds;
  verify::value::list rows;
  for (const auto& r : run.laws) {
    // NOTE: a refutation stops at its first counterexample, so its cases are not a rate: null.
    verify::value rate;
    if (!r.l->refutes) rate = r.cases_per_second();
    rows.push_back(verify::value::object{{"cases_per_second", rate},
                                         {"cases", r.v.run.cases},
                                         {"wall_seconds", r.check_seconds},
                                         {"cpu_seconds", r.check_cpu_seconds},
                                         {"entries_median_max", size_cell(r.sizes)},
                                         {"law", r.l->id}});
  }
  return verify::value::object{
      {"about", "each law's own run on the library (mutants not included); " + std::to_string(run.jobs) +
                    " worker process(es), " + fixed(run.seconds, 2) + " s wall for the whole run, " + fixed(cpu, 2) +
                    " s CPU in the laws' runs. Cases per second: null for a refutation (it stops at its first "
                    "counterexample). Entries: median / largest size of the compared entries (rationals: "
                    "numerator + denominator bits; reals: binary exponent)."},
      {"cpu_seconds", cpu},
      {"laws", std::move(rows)}};
}

/// The run as a report: the worker count, the time, every law as a check, the P8 ulp table, the mutants'
/// tally (--mutants), what the case statistics mean (--stats) and the throughput table.
verify::report properties_report(const properties::battery_run& run, bool mutants, bool stats) {
  verify::report rep{"orderblind-properties/2", "orderblind properties: the order-blindness battery (P1-P8)", {}};
  rep.add("jobs", run.jobs).add("seconds", run.seconds);
  rep.add("residual",
          "each law's residual is its worst residual ÷ its bound (1 = at the bound) over its own cases: measured "
          "only with --stats, for the laws within an ε-bound whose comparison records it; null otherwise");
  verify::value::checks laws;
  for (const auto& r : run.laws) laws.push_back(law_check_of(r));
  rep.add("laws", std::move(laws));
  if (!run.ulps.empty()) {
    verify::value::list rows;
    for (const auto& u : run.ulps)
      rows.push_back(verify::value::object{{"layer", u.what},
                                           {"cases", u.cases},
                                           {"differing", u.differing},
                                           {"max_ulps", u.max_ulps},
                                           {"max_error_eps", u.max_scaled_eps},
                                           {"scale", u.scale},
                                           {"bound", u.bound_text},
                                           {"bound_at_max_n", u.bound}});
    rep.add("ulp_table", std::move(rows));
  }
  if (mutants) {
    long n = 0, caught = 0, w = 0, held = 0;
    for (const auto& r : run.laws) {
      n += static_cast<long>(r.mutants_caught.size());
      w += static_cast<long>(r.within_held.size());
      for (const auto& m : r.mutants_caught) caught += m.second;
      for (const auto& m : r.within_held) held += m.second;
    }
    // NOTE: a mutant not caught (or a perturbation within the bound that failed) makes the exit code 1.
    rep.add("mutants", verify::value::object{{"mutants", n},
                                            {"caught", caught},
                                            {"within_bound", w},
                                            {"within_bound_held", held},
                                            {"all_caught_and_held", caught == n && held == w}});
  }
  if (stats)
    rep.add("case_statistics",
            "the cases each law's run generated (shrink attempts not counted). Degenerate: an all-zero input, "
            "every softmax row one-hot (largest weight ≥ 1 − 10⁻³), P = I, or the law's own reason. Aims: no n "
            "above 1/3 of cases; degenerate ≤ 5%; laws within an ε-bound: sides differ in some bit in ≥ 50% of "
            "cases");
  if (!run.laws.empty()) rep.add("throughput", throughput(run));
  return rep;
}

/// `properties --list`: the laws, their arithmetic, tolerance, evidence and mutants, without running them.
verify::report list_report(const std::vector<law>& laws) {
  verify::value::list rows;
  for (const auto& l : laws) {
    verify::value::list m, w;
    for (const auto& x : l.mutants) m.push_back(x.name);
    for (const auto& x : l.within_bound) w.push_back(x.name);
    rows.push_back(verify::value::object{{"id", l.id},
                                         {"property", l.property},
                                         {"title", l.title},
                                         {"arithmetic", l.arithmetic},
                                         {"tolerance", l.tolerance},
                                         {"evidence", verify::name(evidence_of(l))},
                                         {"refutes", l.refutes},
                                         {"default_cases", l.default_cases},
                                         {"mutants", std::move(m)},
                                         {"within_bound", std::move(w)}});
  }
  verify::report rep{"orderblind-properties-list/2", "orderblind properties --list: the laws of the battery", {}};
  rep.add("laws", std::move(rows));
  return rep;
}

/// Exit code: 1 when a law failed, or (--mutants) a mutant escaped or a perturbation within the bound failed.
int exit_code(const properties::battery_run& run, const verify::report& rep, bool mutants) {
  if (exit_code_of(rep) != held) return failed;
  if (mutants)
    for (const auto& r : run.laws) {
      for (const auto& m : r.mutants_caught)
        if (!m.second) return failed;
      for (const auto& m : r.within_held)
        if (!m.second) return failed;
    }
  return held;
}

const registrar cmd{command{
    "properties",
    "run the order-blindness property battery (P1-P8; RapidCheck) and print each law's verdict; --list to list",
    [](args& sub, const global_options& opts, int& rc) {
      static bool list = false, mutants = false, stats = false;
      static std::string only;
      static unsigned jobs = properties::default_jobs();
      sub.flag("--list", list, "list the laws, their arithmetic, tolerance and mutants without running them");
      sub.flag("--mutants", mutants, "also run every law on its mutants and report whether each is caught");
      sub.flag("--stats", stats,
                   "also print, per law, what its cases were: histograms of n, d, heads and permutation kinds, the "
                   "share of degenerate cases and of cases whose two sides differ in some bit");
      sub.option("--only", only, "run only the laws whose id starts with this (e.g. P4, P1.multi-head)");
      sub.option("--jobs", jobs,
                     "worker processes running laws side by side (default: the hardware's threads, " +
                         std::to_string(properties::default_jobs()) +
                         "); every law's cases, verdict and counterexample are the same for any N",
                 {.range = {{1, 1024}}});
      sub.on_run([&opts, &rc] {
        const auto laws = properties::all_laws();
        if (!only.empty() &&
            std::none_of(laws.begin(), laws.end(), [](const law& l) { return l.id.rfind(only, 0) == 0; }))
          throw usage_error("--only", "no law id starts with '" + only + "' (see 'orderblind properties --list')");
        if (list) {
          emit(list_report(laws), opts, std::cout);
          return;
        }
        auto b = battery_options_from(opts, mutants, only, stats, jobs);
        b.ulp_table = only.empty() || std::string("P8").rfind(only.substr(0, 2), 0) == 0;
        const auto run = properties::run_battery(laws, b);
        const auto rep = properties_report(run, mutants, stats);
        emit(rep, opts, std::cout);
        rc = exit_code(run, rep, mutants);
      });
    }}};

// NOTE: one summary check per property (P1–P8), from the same law checks `orderblind properties` prints.
const registrar job{main_job{30, "properties", [](const global_options& opts) {
                               const auto laws = properties::all_laws();
                               const auto run = properties::run_battery(
                                   laws, battery_options_from(opts, false, "", false, properties::default_jobs()));
                               verify::value::checks rows;
                               for (const auto& [id, title] : property_titles()) {
                                 verify::value::checks mine;
                                 for (const auto& r : run.laws) {
                                   if (r.l->property != id) continue;
                                   mine.push_back(law_check_of(r));
                                   if (!r.v.held)
                                     std::cerr << properties::describe_failure(r.l->id, r.v.run) << r.v.note << "\n";
                                 }
                                 if (!mine.empty()) rows.push_back(verify::summarise(mine, id, title));
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
