// `orderblind schemes [--scheme NAME…]`: the positional-encoding schemes × properties matrix; also a
// main job (one summary row per scheme: held = its row agrees with PE-CATALOGUE.md's expectations).
#include <iostream>

#include "orderblind/pe/report.hpp"
#include "registry.hpp"
#include "schemes_report.hpp"

namespace orderblind::cli {
namespace {

std::vector<pe::scheme_row> run_selected(const std::vector<std::string>& names) {
  std::vector<pe::scheme_row> rows;
  for (const auto& n : names) {
    bool found = false;
    for (const auto& s : pe::scheme_registry())
      if (s.name == n || s.name.substr(0, s.name.find('/')) == n) found = true;
    if (!found) {
      std::string known;
      for (const auto& s : pe::scheme_registry()) known += (known.empty() ? "" : ", ") + s.name;
      throw CLI::ValidationError("--scheme", "unknown scheme '" + n + "' (known: " + known + ")");
    }
  }
  for (const auto& s : pe::scheme_registry()) {
    bool chosen = names.empty();
    for (const auto& n : names) chosen = chosen || s.name == n || s.name.substr(0, s.name.find('/')) == n;
    if (chosen) rows.push_back(s.run());
  }
  return rows;
}

const registrar cmd{command{
    "schemes", "check every positional-encoding scheme against the property battery (the matrix)",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> names;
      sub.add_option("--scheme", names, "schemes to check (a name, or a family such as rope-interleaved)");
      sub.callback([&opts, &rc] {
        require_format(opts.format);
        if (pe::scheme_registry().empty()) {
          std::cerr << "orderblind: no positional-encoding schemes compiled in (configure with ORDERBLIND_BUILD_PROPERTIES=ON)\n";
          rc = bad_usage;
          return;
        }
        const auto rows = run_selected(names);
        print_scheme_matrix(rows, opts.format, std::cout);
        for (const auto& r : rows)
          if (!r.agrees()) rc = failed;
      });
    }}};

const registrar job{main_job{50, "schemes", [](const global_options&) {
                               std::vector<summary_row> rows;
                               for (const auto& s : pe::scheme_registry()) {
                                 const auto r = s.run();
                                 // NOTE: a row without stated expectations is not claimed to agree; its title
                                 // says so (it holds only in the sense that nothing stated was contradicted).
                                 rows.push_back({"pe:" + r.name,
                                                 "PE battery (11 properties) on " + r.name +
                                                     (r.has_expectations() ? " agrees with its expected verdicts (sources in docs/checks.md)"
                                                                           : ": no expectation stated, nothing compared"),
                                                 static_cast<long>(r.cells.size()), r.arithmetic, 0, r.agrees()});
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
