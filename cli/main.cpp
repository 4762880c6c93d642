// SPDX-License-Identifier: MIT
// The `orderblind` command: with no arguments, runs every registered job and prints a summary table.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

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
    throw CLI::ValidationError("--format", "unknown format '" + format + "' (expected " + verify::format_names + ")");
}
void emit(const verify::report& r, const global_options& opts, std::ostream& os) {
  require_format(opts.format);
  verify::render(r, *verify::parse_format(opts.format), os);
}
int exit_code_of(const verify::report& r) { return verify::all_held(r) ? held : failed; }

namespace {

void print_summary(const std::vector<summary_row>& rows, const std::string& format, std::ostream& os) {
  const bool all = std::all_of(rows.begin(), rows.end(), [](const summary_row& r) { return r.held; });
  if (format == "json") {
    nlohmann::json j;
    j["orderblind_version"] = version;
    j["all_held"] = all;
    for (const auto& r : rows)
      j["results"].push_back({{"id", r.id}, {"title", r.title}, {"steps", r.steps}, {"arithmetic", r.arithmetic},
                              {"cases", r.cases}, {"verdict", r.held ? "held" : "FAILED"}});
    os << j.dump(2) << "\n";
    return;
  }
  if (format == "markdown") {
    os << "| id | title | steps | arithmetic | cases | verdict |\n|---|---|---:|---|---:|---|\n";
    for (const auto& r : rows)
      os << "| " << r.id << " | " << r.title << " | " << r.steps << " | " << r.arithmetic << " | " << r.cases
         << " | " << (r.held ? "held" : "**FAILED**") << " |\n";
  } else {
    // NOTE: titles hold UTF-8 (𝟙, ᵀ), so they go last, unpadded; the padded columns are ASCII.
    std::size_t idw = 4;
    for (const auto& r : rows) idw = std::max(idw, r.id.size());
    const int w = static_cast<int>(idw) + 2;  // ids are ASCII, so their byte length is their width
    os << std::left << std::setw(8) << "verdict" << std::setw(w) << "id" << std::setw(7) << "steps" << std::setw(9)
       << "cases" << "arithmetic — title\n";
    for (const auto& r : rows)
      os << std::left << std::setw(8) << (r.held ? "held" : "FAILED") << std::setw(w) << r.id << std::setw(7)
         << r.steps << std::setw(9) << r.cases << r.arithmetic << " — " << r.title << "\n";
  }
  os << (all ? "all " : "NOT all ") << rows.size() << " results held (orderblind " << version << ")\n";
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
  app.add_option("--cases", opts.cases, "random cases per check (default: each check's own)")
      ->check(CLI::Validator(
          [](std::string& v) {
            return v.find_first_not_of("0123456789") == std::string::npos && !v.empty()
                       ? std::string()
                       : "'" + v + "' is not a whole number";
          },
          "N"))
      ->check(CLI::Range(1L, 100000000L));
  app.add_option("--seed", opts.seed, "RNG seed for the random cases (default: fixed, and printed)");
  app.fallthrough();  // global options may follow the subcommand
  app.require_subcommand(0, 1);

  int rc = held;
  std::vector<command> cmds = commands();
  std::sort(cmds.begin(), cmds.end(), [](const command& a, const command& b) { return a.name < b.name; });
  for (const auto& c : cmds) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    c.configure(*sub, opts, rc);
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
  } catch (const std::invalid_argument& e) {
    std::cerr << "orderblind: bad input: " << e.what() << "\n";
    return bad_usage;
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
  } catch (const std::exception& e) {
    std::cerr << "orderblind: error: " << e.what() << "\n";
    return failed;
  }
  print_summary(rows, opts.format, std::cout);
  return std::all_of(rows.begin(), rows.end(), [](const summary_row& r) { return r.held; }) ? held : failed;
}
