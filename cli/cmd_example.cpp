// SPDX-License-Identifier: MIT
// `orderblind example [name…]`: the texts' worked examples with their values; also a main job.
#include <iostream>
#include <nlohmann/json.hpp>

#include "registry.hpp"
#include "worked_examples.hpp"

namespace orderblind::cli {
namespace {

void print(const std::vector<worked_example>& list, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& e : list) {
      nlohmann::json je{{"name", e.name}, {"source", e.source}, {"title", e.title}, {"arithmetic", e.arithmetic},
                        {"verdict", e.held() ? "held" : "FAILED"}};
      for (const auto& f : e.figures)
        je["figures"].push_back({{"what", f.what}, {"text", f.text}, {"computed", f.computed},
                                 {"verdict", f.held ? "held" : "FAILED"}, {"note", f.note}});
      j.push_back(je);
    }
    os << j.dump(2) << "\n";
    return;
  }
  for (const auto& e : list) {
    if (format == "markdown") {
      os << "### " << e.title << " (" << e.source << ")\n\nArithmetic: " << e.arithmetic
         << "\n\n| figure | text | computed | verdict | note |\n|---|---|---|---|---|\n";
      for (const auto& f : e.figures)
        os << "| " << f.what << " | " << f.text << " | " << f.computed << " | " << (f.held ? "held" : "**FAILED**")
           << " | " << f.note << " |\n";
      os << "\n";
    } else {
      os << e.name << ": " << e.title << " (" << e.source << ")\n  arithmetic: " << e.arithmetic << "\n";
      for (const auto& f : e.figures) {
        os << "  [" << (f.held ? "held" : "FAILED") << "] " << f.what << ": " << f.computed;
        if (!f.text.empty()) os << "   (text: " << f.text << ")";
        if (!f.note.empty()) os << "\n         " << f.note;
        os << "\n";
      }
      os << "\n";
    }
  }
}

const registrar cmd{command{
    "example", "print the texts' worked examples (dog-bites-man, i-love-llms, i-love-llms-exact, counter) with their values",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> names;
      sub.add_option("name", names, "which examples (default: all)");
      sub.callback([&opts, &rc] {
        auto all = compute_worked_examples();
        std::vector<worked_example> chosen;
        for (const auto& n : names) {
          bool found = false;
          for (const auto& e : all)
            if (e.name == n) {
              chosen.push_back(e);
              found = true;
            }
          if (!found) throw CLI::ValidationError("example", "unknown example '" + n + "' (dog-bites-man, i-love-llms, i-love-llms-exact, counter)");
        }
        if (names.empty()) chosen = all;
        print(chosen, opts.format, std::cout);
        for (const auto& e : chosen)
          if (!e.held()) rc = failed;
      });
    }}};

const registrar job{main_job{10, "examples", [](const global_options&) {
                               std::vector<summary_row> rows;
                               for (const auto& e : compute_worked_examples())
                                 rows.push_back({"example:" + e.name, e.title + " (" + e.source + ")",
                                                 static_cast<long>(e.figures.size()), e.arithmetic, 0, e.held()});
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
