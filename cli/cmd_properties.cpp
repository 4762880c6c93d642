// SPDX-License-Identifier: MIT
// `orderblind properties [--list] [--only ID] [--mutants] [--stats] [--jobs N]`: the order-blindness battery
// (laws P1–P8 over exact rationals, MPFR-100 and double), and a main job with one summary row per property.
// The laws are properties/battery's all_laws(), run by its run_battery: the same code ctest runs.
#include "registry.hpp"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "properties/battery/battery.hpp"

namespace orderblind::cli {
namespace {

using properties::law;
using properties::verdict;

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

/// A markdown table cell: '|' escaped, newlines as <br>.
std::string cell(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += "<br>";
    else out += c;
  }
  return out;
}

std::string fmt(double x, int precision = 3) {
  std::ostringstream os;
  os << std::setprecision(precision) << x;
  return os.str();
}

void print_ulp_table(const std::vector<properties::ulp_row>& rows, const std::string& format, std::ostream& os) {
  if (format == "markdown") {
    os << "\n#### P8: Attn(PX) vs P·Attn(X) over double, in-order sums\n\n"
       << "| layer | cases | cases differing | max ulps | max abs. error / (ε·scale) | scale | bound |\n"
       << "|---|---:|---:|---:|---:|---|---|\n";
    for (const auto& r : rows)
      os << "| " << r.what << " | " << r.cases << " | " << r.differing << " | " << fmt(r.max_ulps, 6) << " | "
         << fmt(r.max_scaled_eps) << " | " << cell(r.scale) << " | " << cell(r.bound_text)
         << (r.bound > 0 ? " = " + fmt(r.bound) + " at the largest n" : "") << " |\n";
    return;
  }
  os << "\nP8: Attn(PX) vs P·Attn(X) over double with in-order sums (entry-wise ulps; error in ε·scale)\n";
  for (const auto& r : rows)
    os << "  " << std::left << std::setw(50) << r.what << " cases " << std::setw(5) << r.cases << " differing "
       << std::setw(5) << r.differing << " max ulps " << std::setw(10) << fmt(r.max_ulps, 6) << " max err "
       << std::setw(8) << fmt(r.max_scaled_eps) << " ε·" << r.scale << "  (bound " << r.bound_text
       << (r.bound > 0 ? " = " + fmt(r.bound) + " at the largest n" : "") << ")\n";
}

/// "2:40 3:37 …" for a histogram, with each value's share.
std::string histogram(const std::map<long, long>& h) {
  long total = 0;
  for (const auto& [k, c] : h) total += c;
  std::ostringstream os;
  for (const auto& [k, c] : h) os << (os.tellp() > 0 ? " " : "") << k << ":" << fmt(100.0 * double(c) / double(total), 2) << "%";
  return total ? os.str() : "—";
}

std::string percent(long part, long whole) { return whole ? fmt(100.0 * double(part) / double(whole), 3) + "%" : "—"; }

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

nlohmann::json stats_json(const properties::case_stats& s) {
  auto hist = [](const std::map<long, long>& h) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [k, c] : h) j[std::to_string(k)] = c;
    return j;
  };
  nlohmann::json perms = nlohmann::json::object();
  for (const auto& [k, c] : s.permutations) perms[k] = c;
  nlohmann::json other = nlohmann::json::object();
  for (const auto& [k, c] : s.other_degenerate) other[k] = c;
  return {{"cases", s.cases},          {"n", hist(s.n)},
          {"d", hist(s.d)},            {"heads", hist(s.heads)},
          {"permutations", perms},     {"degenerate", s.degenerate},
          {"zero_input", s.zero_input}, {"all_rows_one_hot", s.all_one_hot},
          {"softmax_rows", s.weight_rows}, {"one_hot_rows", s.one_hot_rows},
          {"compared", s.compared},    {"differing", s.differing},
          {"other_degenerate", other}, {"worst_residual_over_bound", s.worst_bound_ratio}};
}

void print_stats(const std::vector<law_result>& results, std::ostream& os) {
  if (std::none_of(results.begin(), results.end(), [](const law_result& r) { return r.stats.has_value(); })) return;
  os << "\nCase statistics (the cases each law's run generated; shrink attempts not counted).\n"
     << "Degenerate: an all-zero input, every softmax row one-hot (largest weight ≥ 1 − 10⁻³), P = I, or the\n"
     << "law's own reason. Aims: no n above 1/3 of cases; degenerate ≤ 5%; laws within an ε-bound: sides differ\n"
     << "in some bit in ≥ 50% of cases.\n";
  for (const auto& r : results) {
    if (!r.stats) continue;
    const auto& s = *r.stats;
    os << "\n" << r.l->id << ": " << s.cases << " cases — aims " << aims(r) << "\n";
    if (!s.n.empty()) os << "  n       " << histogram(s.n) << "\n";
    if (!s.d.empty()) os << "  d       " << histogram(s.d) << "\n";
    if (!s.heads.empty()) os << "  heads   " << histogram(s.heads) << "\n";
    if (!s.permutations.empty()) {
      long total = 0;
      for (const auto& [k, c] : s.permutations) total += c;
      os << "  P      ";
      for (const char* k : {"identity", "transposition", "cycle", "other"}) {
        const auto it = s.permutations.find(k);
        os << " " << k << " " << percent(it == s.permutations.end() ? 0 : it->second, total);
      }
      os << "\n";
    }
    os << "  degenerate " << percent(s.degenerate, s.cases) << " (all-zero input " << percent(s.zero_input, s.cases)
       << ", all softmax rows one-hot " << percent(s.all_one_hot, s.cases);
    for (const auto& [k, c] : s.other_degenerate) os << ", " << k << " " << percent(c, s.cases);
    os << ")\n";
    if (s.weight_rows) os << "  one-hot softmax rows " << percent(s.one_hot_rows, s.weight_rows) << " of " << s.weight_rows << "\n";
    if (s.compared) os << "  sides differ in some bit in " << percent(s.differing, s.compared) << " of " << s.compared << " cases\n";
    if (s.worst_bound_ratio >= 0) os << "  worst residual / bound " << fmt(s.worst_bound_ratio, 3) << "\n";
  }
}

/// {entries, median, max} of a size histogram (median and max null when it is empty).
nlohmann::json sizes_json(const properties::size_histogram& h) {
  nlohmann::json j{{"entries", h.entries()}, {"median", nullptr}, {"max", nullptr}};
  if (const auto m = h.median()) j["median"] = *m;
  if (const auto m = h.max()) j["max"] = *m;
  return j;
}

nlohmann::json to_json(const law_result& r) {
  nlohmann::json j{{"id", r.l->id},           {"property", r.l->property},   {"title", r.l->title},
                   {"arithmetic", r.l->arithmetic}, {"tolerance", r.l->tolerance}, {"cases", r.v.run.cases},
                   {"seed", r.v.run.seed},    {"seconds", r.seconds},       {"verdict", r.v.held ? "held" : "FAILED"}};
  // NOTE: the throughput of the law's own run on the library (mutants excluded); a refutation stops at
  // its first counterexample, so its cases fall short of cases_requested and its time includes shrinking.
  j["cases_requested"] = r.v.run.requested;
  j["check_seconds"] = r.check_seconds;
  j["check_cpu_seconds"] = r.check_cpu_seconds;
  j["cases_per_second"] = r.cases_per_second();
  j["entry_sizes"] = {{"unit", r.sizes.unit.empty() ? std::string("no matrix entries observed") : r.sizes.unit},
                      {"compared", sizes_json(r.sizes.compared)},
                      {"inputs", sizes_json(r.sizes.inputs)}};
  if (!r.v.held) {
    j["failure"] = r.v.run.message + r.v.note;
    j["reproduce"] = r.v.run.reproduce;
  } else if (!r.v.note.empty()) {
    j["note"] = r.v.note;
  }
  for (const auto& [name, caught] : r.mutants_caught) j["mutants"].push_back({{"mutant", name}, {"caught", caught}});
  for (const auto& [name, held] : r.within_held) j["within_bound"].push_back({{"perturbation", name}, {"held", held}});
  if (r.v.errored) j["verdict"] = "ERROR";
  if (r.stats) {
    j["stats"] = stats_json(*r.stats);
    j["stats"]["aims"] = aims(r);
  }
  return j;
}

/// x in fixed notation with `decimals` places (the throughput table: no exponents in a column of times).
std::string fixed(double x, int decimals) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(decimals) << x;
  return os.str();
}

/// A rate: whole numbers from 100 up, one decimal below, two below 1.
std::string rate(double x) { return fixed(x, x >= 100 ? 0 : x >= 1 ? 1 : 2); }

/// A law's cases/s for the table; "refutes" for a refutation (it stops at its first counterexample, so
/// its cases are not a rate).
std::string rate_cell(const law_result& r) { return r.l->refutes ? "refutes" : rate(r.cases_per_second()); }

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

/// The throughput table: per law, its own run's cases, time, cases/s and entry sizes.
void print_throughput(const properties::battery_run& run, const std::string& format, std::ostream& os) {
  if (run.laws.empty()) return;
  double cpu = 0;
  for (const auto& r : run.laws) cpu += r.check_cpu_seconds;
  const std::string head = "Throughput: each law's own run on the library (mutants not included); " +
                           std::to_string(run.jobs) + " worker process(es), " + fixed(run.seconds, 2) +
                           " s wall for the whole run, " + fixed(cpu, 2) +
                           " s CPU in the laws' runs. Entries: median / largest size of the compared "
                           "entries (rationals: numerator + denominator bits; reals: binary exponent).";
  if (format == "markdown") {
    os << "\n" << head << "\n\n| id | cases | wall s | CPU s | cases/s | compared entries: median / max |\n"
       << "|---|---:|---:|---:|---:|---|\n";
    for (const auto& r : run.laws)
      os << "| " << r.l->id << " | " << r.v.run.cases << " | " << fixed(r.check_seconds, 3) << " | "
         << fixed(r.check_cpu_seconds, 3) << " | " << rate_cell(r) << " | "
         << size_cell(r.sizes) << " |\n";
    return;
  }
  os << "\n" << head << "\n";
  os << "  " << std::right << std::setw(10) << "cases/s" << std::setw(8) << "cases" << std::setw(10) << "wall s"
     << std::setw(10) << "CPU s" << "  " << std::left << std::setw(22) << "entries med / max" << "law\n";
  for (const auto& r : run.laws)
    os << "  " << std::right << std::setw(10) << rate_cell(r) << std::setw(8) << r.v.run.cases
       << std::setw(10) << fixed(r.check_seconds, 3) << std::setw(10) << fixed(r.check_cpu_seconds, 3) << "  " << std::left
       << std::setw(22) << size_cell(r.sizes) << r.l->id << "\n";
}

void print_results(const properties::battery_run& run, const std::string& format, std::ostream& os) {
  const auto& results = run.laws;
  const auto& ulps = run.ulps;
  if (format == "json") {
    nlohmann::json j;
    j["jobs"] = run.jobs;
    j["seconds"] = run.seconds;
    for (const auto& r : results) j["laws"].push_back(to_json(r));
    for (const auto& u : ulps)
      j["ulp_table"].push_back({{"layer", u.what}, {"cases", u.cases}, {"differing", u.differing},
                                {"max_ulps", u.max_ulps}, {"max_error_eps", u.max_scaled_eps}, {"scale", u.scale},
                                {"bound", u.bound_text}, {"bound_at_max_n", u.bound}});
    os << j.dump(2) << "\n";
    return;
  }
  if (format == "markdown")
    os << "| id | law | arithmetic | tolerance | cases | seed | verdict |\n|---|---|---|---|---:|---:|---|\n";
  for (const auto& r : results) {
    if (format == "markdown") {
      os << "| " << r.l->id << " | " << cell(r.l->title) << " | " << cell(r.l->arithmetic) << " | " << cell(r.l->tolerance) << " | "
         << r.v.run.cases << " | " << r.v.run.seed << " | " << (r.v.held ? "held" : "**FAILED**");
      for (const auto& [name, caught] : r.mutants_caught)
        os << "<br>mutant '" << name << "': " << (caught ? "caught" : "**NOT caught**");
      os << " |\n";
      continue;
    }
    os << "[" << (r.v.held ? "held" : r.v.errored ? "ERROR" : "FAILED") << "] " << r.l->id << ": " << r.l->title << "\n    "
       << r.l->arithmetic << "; tolerance " << r.l->tolerance << "; " << r.v.run.cases << " cases, seed "
       << r.v.run.seed << ", " << fmt(r.seconds, 2) << " s\n";
    if (!r.v.held || r.l->refutes) {
      // NOTE: a refuting law's evidence is its counterexample, so it is printed when the law held too.
      std::istringstream is(r.v.held ? r.v.note : properties::describe_failure(r.l->id, r.v.run) + r.v.note);
      for (std::string line; std::getline(is, line);) os << "    | " << line << "\n";
    }
    for (const auto& [name, caught] : r.mutants_caught)
      os << "    mutant '" << name << "': " << (caught ? "caught" : "NOT caught") << "\n";
    for (const auto& [name, held] : r.within_held)
      os << "    within the bound, '" << name << "': " << (held ? "held" : "FAILED (the bound is too tight)") << "\n";
  }
  if (!ulps.empty()) print_ulp_table(ulps, format, os);
  if (format != "json") print_stats(results, os);
  print_throughput(run, format, os);
}

void print_list(const std::vector<law>& laws, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& l : laws) {
      nlohmann::json jl{{"id", l.id},         {"property", l.property},   {"title", l.title},
                        {"arithmetic", l.arithmetic}, {"tolerance", l.tolerance}, {"default_cases", l.default_cases}};
      for (const auto& m : l.mutants) jl["mutants"].push_back(m.name);
      j.push_back(jl);
    }
    os << j.dump(2) << "\n";
    return;
  }
  for (const auto& l : laws) {
    os << l.id << ": " << l.title << "\n    " << l.arithmetic << "; tolerance " << l.tolerance << "; "
       << l.default_cases << " cases by default\n";
    for (const auto& m : l.mutants) os << "    mutant: " << m.name << "\n";
  }
}

bool all_held(const std::vector<law_result>& results, bool mutants) {
  for (const auto& r : results) {
    if (!r.v.held) return false;
    if (mutants) {
      for (const auto& m : r.mutants_caught)
        if (!m.second) return false;
      for (const auto& m : r.within_held)
        if (!m.second) return false;
    }
  }
  return true;
}

const registrar cmd{command{
    "properties",
    "run the order-blindness property battery (P1-P8; RapidCheck) and print each law's verdict; --list to list",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static bool list = false, mutants = false, stats = false;
      static std::string only;
      static unsigned jobs = properties::default_jobs();
      sub.add_flag("--list", list, "list the laws, their arithmetic, tolerance and mutants without running them");
      sub.add_flag("--mutants", mutants, "also run every law on its mutants and report whether each is caught");
      sub.add_flag("--stats", stats,
                   "also print, per law, what its cases were: histograms of n, d, heads and permutation kinds, the "
                   "share of degenerate cases and of cases whose two sides differ in some bit");
      sub.add_option("--only", only, "run only the laws whose id starts with this (e.g. P4, P1.multi-head)");
      sub.add_option("--jobs", jobs,
                     "worker processes running laws side by side (default: the hardware's threads, " +
                         std::to_string(properties::default_jobs()) +
                         "); every law's cases, verdict and counterexample are the same for any N")
          ->check(CLI::Range(1u, 1024u));
      sub.callback([&opts, &rc] {
        const auto laws = properties::all_laws();
        if (!only.empty() &&
            std::none_of(laws.begin(), laws.end(), [](const law& l) { return l.id.rfind(only, 0) == 0; }))
          throw CLI::ValidationError("--only", "no law id starts with '" + only + "' (see 'orderblind properties --list')");
        if (list) {
          print_list(laws, opts.format, std::cout);
          return;
        }
        auto b = battery_options_from(opts, mutants, only, stats, jobs);
        b.ulp_table = only.empty() || std::string("P8").rfind(only.substr(0, 2), 0) == 0;
        const auto run = properties::run_battery(laws, b);
        print_results(run, opts.format, std::cout);
        if (!all_held(run.laws, mutants)) rc = failed;
      });
    }}};

const registrar job{main_job{30, "properties", [](const global_options& opts) {
                               const auto laws = properties::all_laws();
                               const auto results =
                                   properties::run_battery(
                                       laws, battery_options_from(opts, false, "", false, properties::default_jobs()))
                                       .laws;
                               std::vector<summary_row> rows;
                               for (const auto& [id, title] : property_titles()) {
                                 summary_row row{id, title, 0, "", 0, true};
                                 std::vector<std::string> scalars;
                                 for (const auto& r : results) {
                                   if (r.l->property != id) continue;
                                   ++row.steps;
                                   row.cases += r.v.run.cases;
                                   row.held = row.held && r.v.held;
                                   const auto s = r.l->id.substr(r.l->id.find('[') + 1);
                                   const auto name = s.substr(0, s.size() - 1);
                                   if (std::find(scalars.begin(), scalars.end(), name) == scalars.end())
                                     scalars.push_back(name);
                                   if (!r.v.held)
                                     std::cerr << properties::describe_failure(r.l->id, r.v.run) << r.v.note << "\n";
                                 }
                                 for (std::size_t i = 0; i < scalars.size(); ++i)
                                   row.arithmetic += (i ? ", " : "") + scalars[i];
                                 if (row.steps > 0) rows.push_back(row);
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
