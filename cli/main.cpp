// SPDX-License-Identifier: MIT
// The `orderblind` command: with no arguments, runs every registered job and emits the summary report.
#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "orderblind/verify/render.hpp"
#include "orderblind/version.hpp"
#include "registry.hpp"

namespace orderblind::cli {

std::vector<command>& commands() {
  static std::vector<command> c;
  return c;
}
std::vector<main_job>& main_jobs() {
  static std::vector<main_job> j;
  return j;
}
void require_format(const std::string& format) {
  if (!verify::parse_format(format))
    throw usage_error("--format", "unknown format '" + format + "' (expected " + verify::format_names + ")");
}
void emit(const verify::report& r, const global_options& opts, std::ostream& os) {
  require_format(opts.format);
  verify::render(r, *verify::parse_format(opts.format), os);
}
int exit_code_of(const verify::report& r) { return verify::all_held(r) ? held : failed; }

namespace {

/// A whole number written in decimal digits, at most `max`; the value is handed on in canonical decimal.
// NOTE: CLI11 converts with strtoull/strtoll in base 0: "-1" became 2^64 − 1 for --seed, a value past
// 2^64 − 1 saturated (two different requests replayed as one), and "010" was read as octal 8. Only digits
// are accepted here, compared with `max` by from_chars (which reports a value out of range instead of
// saturating), and leading zeros are dropped so that the base-0 conversion reads the decimal value.
CLI::Validator decimal_whole_number(std::uint64_t max) {
  return CLI::Validator(
      [max](std::string& v) -> std::string {
        const std::string range = "a whole number in [0, " + std::to_string(max) + "]";
        if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
          return "must be " + range + " in decimal digits, got '" + v + "'";
        std::uint64_t x = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
        if (ec == std::errc::result_out_of_range || x > max) return "must be " + range + ", got " + v;
        if (ec != std::errc() || end != v.data() + v.size()) return "must be " + range + ", got '" + v + "'";
        v = std::to_string(x);
        return {};
      },
      "N");
}

/// Reports an allocation that failed: exit 2, never 1 (no check failed).
// NOTE: every size the command accepts is guarded where it is allocated (docs/robustness.md); an input
// that still exhausts memory (a smaller machine, an address-space limit) is too large an input, not a
// failed check, and "std::bad_alloc" alone named nothing.
int out_of_memory() {
  std::cerr << "orderblind: out of memory: the input is larger than this machine can hold (std::bad_alloc); "
               "reduce it\n";
  return bad_usage;
}

/// The schema name of the no-argument run's report.
constexpr const char* summary_schema = "orderblind-summary/2";

/// The no-argument run as a report: one check per row (id, title as the statement, arithmetic, kind of
/// evidence, cases, seed, verdict; the steps as a detail), then the count.
verify::report summary_report(const std::vector<summary_row>& rows) {
  verify::value::checks results;
  for (const auto& r : rows) {
    verify::check c;
    c.id = r.id;
    c.statement = r.title;
    c.arithmetic = r.arithmetic;
    // NOTE: a job that does not state its kind of evidence gets the weakest one: never more than it said.
    c.evidence = r.evidence.value_or(verify::evidence_kind::sampled_within_bound);
    c.cases = r.cases;
    c.seed = r.seed;
    c.outcome = verify::held_if(r.held);
    c.note = r.note;
    c.with("steps", r.steps);
    results.push_back(std::move(c));
  }
  const auto held_rows = std::count_if(rows.begin(), rows.end(), [](const summary_row& r) { return r.held; });
  verify::report rep{summary_schema,
                     std::string("orderblind ") + version + ": every proof, example, property battery and table", {}};
  rep.add("results", std::move(results))
      .add("held", static_cast<std::int64_t>(held_rows))
      .add("failed", static_cast<std::int64_t>(rows.size()) - held_rows)
      .add("conclusion", std::string(held_rows == static_cast<std::ptrdiff_t>(rows.size()) ? "all " : "NOT all ") +
                             std::to_string(rows.size()) + " results held");
  return rep;
}

}  // namespace
}  // namespace orderblind::cli

int main(int argc, char** argv) {
  using namespace orderblind::cli;
  CLI::App app{"orderblind: exact, executable checks that attention is blind to word order.\n"
               "With no subcommand: run every proof and property battery and print a summary.\n"
               "Exit codes: 0 all held, 1 a check failed, 2 bad usage or bad input."};
  app.set_version_flag("--version", std::string("orderblind ") + orderblind::version);
  global_options opts;
  app.add_option("--format", opts.format, "output format: text, markdown, json or junit (JUnit XML, one testcase per check)")
      ->check([](const std::string& f) {
        return orderblind::verify::parse_format(f) ? std::string()
                                                   : "unknown format '" + f + "' (text, markdown, json, junit)";
      });
  app.add_option("--cases", opts.cases, "random cases per check, 1 to 10^8 (default: each check's own)")
      ->transform(decimal_whole_number(100000000))
      ->check(CLI::Range(1L, 100000000L));
  app.add_option("--seed", opts.seed, "RNG seed for the random cases, 0 to 2^64-1 (default: fixed, and printed)")
      ->transform(decimal_whole_number(UINT64_MAX));
  app.fallthrough();  // global options may follow the subcommand
  app.require_subcommand(0, 1);

  int rc = held;
  std::vector<command> cmds = commands();
  std::sort(cmds.begin(), cmds.end(), [](const command& a, const command& b) { return a.name < b.name; });
  for (const auto& c : cmds) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    args a(*sub);
    c.configure(a, opts, rc);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "orderblind: " << e.what() << " (see 'orderblind --help')\n";
    return bad_usage;
  } catch (const usage_error& e) {  // a command's own check of its options, reported as CLI11's are
    std::cerr << "orderblind: " << e.what() << " (see 'orderblind --help')\n";
    return bad_usage;
  } catch (const std::invalid_argument& e) {
    std::cerr << "orderblind: bad input: " << e.what() << "\n";
    return bad_usage;
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::exception& e) {
    std::cerr << "orderblind: error: " << e.what() << "\n";
    return failed;
  }
  if (!app.get_subcommands().empty()) return rc;

  // No subcommand: the main job.
  std::vector<main_job> jobs = main_jobs();
  std::sort(jobs.begin(), jobs.end(), [](const main_job& a, const main_job& b) { return a.order < b.order; });
  std::vector<summary_row> rows;
  try {
    for (const auto& j : jobs) {
      auto r = j.run(opts);
      rows.insert(rows.end(), r.begin(), r.end());
    }
  } catch (const std::invalid_argument& e) {  // bad input, e.g. a malformed RC_PARAMS or ORDERBLIND_CASE_SCALE
    std::cerr << "orderblind: bad input: " << e.what() << "\n";
    return bad_usage;
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  } catch (const std::exception& e) {
    std::cerr << "orderblind: error: " << e.what() << "\n";
    return failed;
  }
  const auto report = summary_report(rows);
  emit(report, opts, std::cout);
  return exit_code_of(report);
}
