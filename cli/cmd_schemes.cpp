// SPDX-License-Identifier: MIT
// `orderblind schemes [--scheme NAME…] [--expect "property=verdict,…"]`: the positional-encoding schemes ×
// properties report (built in orderblind/pe/schemes_report.hpp), exit 1 when a stated expectation differs;
// also a main job (one summary row per scheme: held = its row agrees with PE-CATALOGUE.md's expectations).
#include <iostream>

#include "orderblind/pe/register.hpp"
#include "orderblind/pe/schemes_report.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

std::vector<pe::scheme_row> run_selected(const std::vector<std::string>& names,
                                         const pe::stated_expectations& expect) {
  std::vector<const pe::registered_scheme*> chosen;
  try {
    chosen = pe::select_schemes(names);
  } catch (const std::invalid_argument& e) {
    throw usage_error("--scheme", e.what());
  }
  std::vector<pe::scheme_row> rows;
  for (const auto* s : chosen) {
    rows.push_back(s->run());
    pe::state_expectations(rows.back(), expect, "stated on the command line (--expect)");
  }
  return rows;
}

const registrar cmd{command{
    "schemes", "check every positional-encoding scheme against the property battery (the matrix)",
    [](args& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> names;
      static std::string expect_spec;
      sub.option("--scheme", names, "schemes to check (a name, or a family such as rope-interleaved)");
      sub.option("--expect", expect_spec,
                     "expected verdicts for each chosen scheme, e.g. \"relative scores=holds,norm-preserving=n/a\" "
                     "(holds, fails or n/a; replaces the catalogue's expectation of that cell); exit 1 if one differs");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        pe::stated_expectations expect;
        if (!expect_spec.empty()) {
          try {
            expect = pe::parse_expectations(expect_spec);
          } catch (const std::invalid_argument& e) {
            throw usage_error("--expect", e.what());
          }
        }
        if (!pe::registration_conflicts().empty()) {
          for (const auto& c : pe::registration_conflicts()) std::cerr << "orderblind: " << c << "\n";
          rc = bad_usage;
          return;
        }
        if (pe::scheme_registry().empty()) {
          std::cerr << "orderblind: no positional-encoding schemes compiled in (configure with ORDERBLIND_BUILD_PROPERTIES=ON)\n";
          rc = bad_usage;
          return;
        }
        const auto rows = run_selected(names, expect);
        const auto report = pe::schemes_report(rows);
        emit(report, opts, std::cout);
        // NOTE: any stated expectation that differs fails — the catalogue's, the scheme's own, or --expect's:
        // the report's cells fail exactly then, so its exit code is pe::schemes_exit_code(rows).
        rc = exit_code_of(report);
      });
    }}};

// NOTE: one summary check per scheme, from the same cells `orderblind schemes` prints.
const registrar job{main_job{50, "schemes", [](const global_options&) {
                               verify::value::checks rows;
                               for (const auto& s : pe::scheme_registry()) {
                                 const auto r = s.run();
                                 verify::value::checks cells;
                                 verify::for_each_check(pe::schemes_report({r}),
                                                        [&](const verify::check& c) { cells.push_back(c); });
                                 rows.push_back(verify::summarise(
                                     cells, "pe:" + r.name,
                                     "PE battery on " + r.name +
                                         (r.has_expectations() ? ": agrees with its expected verdicts (see 'orderblind schemes')"
                                                               : ": no expectation stated, nothing compared")));
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
