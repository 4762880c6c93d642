// SPDX-License-Identifier: MIT
// The battery's results as values: a law's run is a verify::check, built where the law ran (in its worker
// process), and the battery's run is a verify::report ("orderblind-properties/2") with the P8 ulp table,
// the mutants' tally and the throughput table. The evidence kind comes from the law's own data (law::evidence).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <exception>
#include <iomanip>
#include <map>
#include <sstream>

#include "properties/battery/battery.hpp"

#include "orderblind/verify/render.hpp"

namespace orderblind::properties {
namespace {

using verify::value;

/// The aims the generators are held to (docs/generators.md): no size above a third of the cases,
/// degenerate cases ≤ 5 %, and (floating laws that compare within a bound) ≥ 50 % of cases in which
/// the two sides differ in some bit.
std::string aims(const law& l, const case_stats& s) {
  // NOTE: a refutation's run ends at its first counterexample, so its few cases have no distribution to judge.
  if (l.refutes) return "n/a (a refutation ends at its first counterexample)";
  std::vector<std::string> missed;
  if (case_stats::max_share(s.n) > 1.0 / 3.0) missed.push_back("an n above 1/3 of cases");
  if (s.cases && double(s.degenerate) > 0.05 * double(s.cases)) missed.push_back("degenerate > 5%");
  const bool bounded = l.evidence == verify::evidence_kind::sampled_within_bound;
  if (bounded && s.compared && double(s.differing) < 0.5 * double(s.compared)) missed.push_back("sides differ < 50%");
  std::string out;
  for (const auto& m : missed) out += (out.empty() ? "" : ", ") + m;
  return out.empty() ? "met" : "MISSED: " + out;
}

/// Counts by key as an object: key → cases.
template <class K>
value counts(const std::map<K, long>& h) {
  value::object o;
  for (const auto& [k, c] : h) {
    if constexpr (std::is_same_v<K, std::string>) o.push_back({k, c});
    else o.push_back({std::to_string(k), c});
  }
  return o;
}

/// What the law's cases were (--stats).
value stats_of(const law& l, const case_stats& s) {
  return value::object{{"aims", aims(l, s)},
                       {"cases", s.cases},
                       {"n", counts(s.n)},
                       {"d", counts(s.d)},
                       {"heads", counts(s.heads)},
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
value sizes_of(const size_histogram& h) {
  return value::object{{"entries", h.entries()}, {"median", h.median()}, {"max", h.max()}};
}

/// A field of an object value (null when it has none).
value field(const value& o, const std::string& key) {
  if (const auto* x = o.as<value::object>())
    for (const auto& f : *x)
      if (f.key == key) return f.val;
  return {};
}

/// An integer value, signed or not (none for another value).
std::optional<long> integer(const value& v) {
  if (const auto* i = v.as<std::int64_t>()) return static_cast<long>(*i);
  if (const auto* u = v.as<std::uint64_t>()) return static_cast<long>(*u);
  return std::nullopt;
}

/// "37 / 412 bits" (rationals) or "2^-1 / 2^3" (reals): median and largest size of the compared entries,
/// or of the inputs (marked "inputs") for a law that compares no matrix (P5); "—" if none. From a law
/// check's `entry_sizes` detail.
std::string size_cell(const value& z) {
  const auto n = integer(field(field(z, "compared"), "entries"));
  const bool inputs = !n || *n == 0;
  const value h = field(z, inputs ? "inputs" : "compared");
  const auto med = integer(field(h, "median")), top = integer(field(h, "max"));
  if (!med || !top) return "—";
  const std::string tail = inputs ? " (inputs)" : "";
  const value u = field(z, "unit");
  const auto* unit = u.as<std::string>();
  if (unit && unit->rfind("bits", 0) == 0) return std::to_string(*med) + " / " + std::to_string(*top) + " bits" + tail;
  return "2^" + std::to_string(*med) + " / 2^" + std::to_string(*top) + tail;
}

/// x in fixed notation with `decimals` places (the throughput table: no exponents in a column of times).
std::string fixed(double x, int decimals) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(decimals) << x;
  return os.str();
}

/// The detail `key` of `c` (null when it has none).
value detail_of(const verify::check& c, const std::string& key) {
  for (const auto& d : c.details)
    if (d.key == key) return d.val;
  return {};
}

/// A detail that is a number, as a double (0 when it is none).
double number(const verify::check& c, const std::string& key) {
  const value v = detail_of(c, key);
  if (const auto* d = v.as<double>()) return *d;
  if (const auto* i = v.as<std::int64_t>()) return static_cast<double>(*i);
  if (const auto* u = v.as<std::uint64_t>()) return static_cast<double>(*u);
  return 0;
}

/// Every (name, flag) entry of the list detail `key` (mutants: "caught"; perturbations: "held").
std::vector<bool> flags(const verify::check& c, const std::string& key, const std::string& flag) {
  std::vector<bool> out;
  const value v = detail_of(c, key);
  if (const auto* l = v.as<value::list>())
    for (const auto& row : *l)
      if (const auto* o = row.as<value::object>())
        for (const auto& f : *o)
          if (f.key == flag) out.push_back(f.val.as<bool>() && *f.val.as<bool>());
  return out;
}

/// CPU time of the calling thread, in seconds.
double thread_cpu_seconds() {
#ifdef CLOCK_THREAD_CPUTIME_ID
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#else
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// The statement of each property P1–P8 in one line, for the no-argument run's summary.
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

/// What a law's run measured besides its verdict: the sizes of the entries it met, its case statistics
/// (with statistics), its timings and, with mutants, each mutant's and perturbation's result.
struct law_facts {
  entry_sizes sizes;
  std::optional<case_stats> stats;
  double seconds = 0;            ///< wall time of the law and, with mutants, of its mutants and perturbations
  double check_seconds = 0;      ///< wall time of the law's own run on the library (mutants not included)
  double check_cpu_seconds = 0;  ///< CPU time of that run (its thread's clock: robust on a busy machine)
  value::list mutants;           ///< {mutant, caught} per mutant
  value::list within_bound;      ///< {perturbation, held} per perturbation within the bound
};

/// A law's run as its check: the run's check `run` (law.hpp: law_runner — its cases, seed, verdict, note,
/// error flag, failure and replay) under the law's id, with the law's title, arithmetic, evidence kind and
/// tolerance; details: property, cases_requested, timings, entry sizes, error, failure and replay (when
/// it failed), mutants, perturbations and statistics.
verify::check of_law(const law& l, const verify::check& run, const law_facts& f) {
  verify::check c;
  c.id = l.id;
  c.statement = l.title;
  c.arithmetic = l.arithmetic;
  c.evidence = l.evidence;
  c.bound = l.tolerance;
  // NOTE: the residual is the worst residual ÷ bound over the law's cases, measured only while the run
  // collects statistics (--stats), for the laws within an ε-bound whose comparison records it (−1: none did).
  if (f.stats && f.stats->worst_bound_ratio >= 0) c.residual = f.stats->worst_bound_ratio;
  c.cases = run.cases;
  c.seed = run.seed;
  c.outcome = run.outcome;
  const bool held = run.outcome == verify::verdict::held;
  // NOTE: a refuting law's evidence is its counterexample, so its note (the shrunk counterexample) is
  // kept when the law held too.
  c.note = run.note;
  if (!held && c.note.empty())
    c.note = "FAILED after " + std::to_string(run.cases) + " successful case(s), seed " +
             (run.seed ? std::to_string(*run.seed) : std::string("none")) +
             " (RapidCheck's report: failure; replay: reproduce)";
  // NOTE: the throughput of the law's own run on the library (mutants excluded); a refutation stops at
  // its first counterexample, so its cases fall short of cases_requested and its time includes shrinking.
  const double rate = f.check_seconds > 0 ? static_cast<double>(run.cases) / f.check_seconds : 0;
  c.with("property", l.property)
      .with("cases_requested", detail_of(run, "cases_requested"))
      .with("seconds", f.seconds)
      .with("check_seconds", f.check_seconds)
      .with("check_cpu_seconds", f.check_cpu_seconds)
      .with("cases_per_second", rate)
      .with("entry_sizes", value::object{{"unit", f.sizes.unit.empty() ? std::string("no matrix entries observed") : f.sizes.unit},
                                         {"compared", sizes_of(f.sizes.compared)},
                                         {"inputs", sizes_of(f.sizes.inputs)}})
      // NOTE: an implementation that threw is an error, never a counterexample: FAILED all the same (exit
      // code 1), told apart here.
      .with("error", errored(run));
  if (!held) c.with("failure", detail_of(run, "failure")).with("reproduce", detail_of(run, "reproduce"));
  // NOTE: an empty list is left out rather than written as [] (an exact law has no perturbations within
  // a bound): in Markdown an empty list would become a column of the laws' table.
  if (!f.mutants.empty()) c.with("mutants", f.mutants);
  if (!f.within_bound.empty()) c.with("within_bound", f.within_bound);
  if (f.stats) c.with("stats", stats_of(l, *f.stats));
  return c;
}

}  // namespace

verify::check run_law(const law& l, const battery_options& o) {
  law_facts f;
  run_options counted = o.run;
  counted.sizes = &f.sizes;
  if (o.stats) {
    f.stats.emplace();
    counted.stats = &*f.stats;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = thread_cpu_seconds();
  verify::check run;
  try {
    run = l.check(counted);
  } catch (const std::exception& e) {
    run = run_error(l.id, std::string("running the law threw: ") + e.what());
  }
  f.check_cpu_seconds = thread_cpu_seconds() - c0;
  f.check_seconds = seconds_since(t0);
  if (o.mutants) {
    // NOTE: a perturbation within the bound must leave the law holding; reported as "held".
    try {
      for (const auto& m : l.mutants)
        f.mutants.push_back(value::object{{"mutant", m.name}, {"caught", m.check(o.run).outcome != verify::verdict::held}});
      for (const auto& m : l.within_bound)
        f.within_bound.push_back(value::object{{"perturbation", m.name}, {"held", m.check(o.run).outcome == verify::verdict::held}});
    } catch (const std::exception& e) {
      run = run_error(l.id, std::string("running a mutant threw: ") + e.what());
    }
  }
  f.seconds = seconds_since(t0);
  return of_law(l, run, f);
}

verify::check lost_law(const law& l, const std::string& what) { return of_law(l, run_error(l.id, what), {}); }

verify::report battery_report(const std::vector<const law*>& laws, verify::value::checks checks,
                              verify::value ulps, const battery_options& o, unsigned jobs, double seconds) {
  verify::report rep{"orderblind-properties/2", "orderblind properties: the order-blindness battery (P1-P8)", {}};
  rep.add("jobs", jobs).add("seconds", seconds);
  rep.add("residual",
          "each law's residual is its worst residual ÷ its bound (1 = at the bound) over its own cases: measured "
          "only with --stats, for the laws within an ε-bound whose comparison records it; null otherwise");
  // NOTE: the throughput table: per law, its own run's cases, time, cases/s and entry sizes (the same
  // figures as each law's details, one line per law); a refutation's rate is null (it stops early).
  double cpu = 0;
  long n = 0, caught = 0, w = 0, held = 0;
  value::list rows;
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const verify::check& c = checks[i];
    cpu += number(c, "check_cpu_seconds");
    for (const bool m : flags(c, "mutants", "caught")) n += 1, caught += m;
    for (const bool m : flags(c, "within_bound", "held")) w += 1, held += m;
    value rate;
    if (!laws[i]->refutes) rate = number(c, "cases_per_second");
    rows.push_back(value::object{{"cases_per_second", rate},
                                 {"cases", c.cases},
                                 {"wall_seconds", number(c, "check_seconds")},
                                 {"cpu_seconds", number(c, "check_cpu_seconds")},
                                 {"entries_median_max", size_cell(detail_of(c, "entry_sizes"))},
                                 {"law", c.id}});
  }
  rep.add("laws", std::move(checks));
  if (!ulps.is_null()) rep.add("ulp_table", std::move(ulps));
  // NOTE: a mutant not caught (or a perturbation within the bound that failed) makes the run fail (held()).
  if (o.mutants)
    rep.add("mutants", value::object{{"mutants", n},
                                      {"caught", caught},
                                      {"within_bound", w},
                                      {"within_bound_held", held},
                                      {"all_caught_and_held", caught == n && held == w}});
  if (o.stats)
    rep.add("case_statistics",
            "the cases each law's run generated (shrink attempts not counted). Degenerate: an all-zero input, "
            "every softmax row one-hot (largest weight ≥ 1 − 10⁻³), P = I, or the law's own reason. Aims: no n "
            "above 1/3 of cases; degenerate ≤ 5%; laws within an ε-bound: sides differ in some bit in ≥ 50% of "
            "cases");
  if (!rows.empty())
    rep.add("throughput",
            value::object{{"about", "each law's own run on the library (mutants not included); " + std::to_string(jobs) +
                                        " worker process(es), " + fixed(seconds, 2) + " s wall for the whole run, " +
                                        fixed(cpu, 2) +
                                        " s CPU in the laws' runs. Cases per second: null for a refutation (it stops at "
                                        "its first counterexample). Entries: median / largest size of the compared "
                                        "entries (rationals: numerator + denominator bits; reals: binary exponent)."},
                          {"cpu_seconds", cpu},
                          {"laws", std::move(rows)}});
  return rep;
}

verify::report list_report(const std::vector<law>& laws) {
  value::list rows;
  for (const auto& l : laws) {
    value::list m, w;
    for (const auto& x : l.mutants) m.push_back(x.name);
    for (const auto& x : l.within_bound) w.push_back(x.name);
    rows.push_back(value::object{{"id", l.id},
                                 {"property", l.property},
                                 {"title", l.title},
                                 {"arithmetic", l.arithmetic},
                                 {"tolerance", l.tolerance},
                                 {"evidence", verify::name(l.evidence)},
                                 {"refutes", l.refutes},
                                 {"default_cases", l.default_cases},
                                 {"mutants", std::move(m)},
                                 {"within_bound", std::move(w)}});
  }
  verify::report rep{"orderblind-properties-list/2", "orderblind properties --list: the laws of the battery", {}};
  rep.add("laws", std::move(rows));
  return rep;
}

bool held(const verify::report& r) {
  if (!verify::all_held(r)) return false;
  for (const auto& f : r.body)
    if (f.key == "mutants")
      if (const auto* o = f.val.as<value::object>())
        for (const auto& x : *o)
          if (x.key == "all_caught_and_held") return x.val.as<bool>() && *x.val.as<bool>();
  return true;
}

verify::value::checks by_property(const verify::report& r) {
  const auto laws = verify::top_checks(r);
  verify::value::checks rows;
  for (const auto& [id, title] : property_titles()) {
    verify::value::checks mine;
    for (const auto& c : laws)
      if (const value p = detail_of(c, "property"); p.as<std::string>() && *p.as<std::string>() == id) mine.push_back(c);
    if (!mine.empty()) rows.push_back(verify::summarise(mine, id, title));
  }
  return rows;
}

std::string failure_text(const verify::check& c) {
  const value failure = detail_of(c, "failure"), reproduce = detail_of(c, "reproduce");
  std::string out = c.id + ": FAILED after " + std::to_string(c.cases) + " successful case(s), seed " +
                    (c.seed ? std::to_string(*c.seed) : std::string("none"));
  if (const auto* f = failure.as<std::string>()) out += "\n" + *f;
  if (const auto* r = reproduce.as<std::string>(); r && !r->empty()) out += "\nreplay with: " + *r;
  return out;
}

std::string replayable_record(const verify::check& c) {
  verify::check r = c;
  std::erase_if(r.details, [](const verify::field& d) {
    return d.key == "seconds" || d.key == "check_seconds" || d.key == "check_cpu_seconds" || d.key == "cases_per_second";
  });
  verify::report rep{"replay", "", {}};
  rep.add("law", verify::value::checks{std::move(r)});
  return verify::to_json(rep).dump();
}

}  // namespace orderblind::properties
