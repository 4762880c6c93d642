// SPDX-License-Identifier: MIT
// `orderblind list`: the proofs that `prove` accepts (each marked executable, formal or both), the
// worked examples and the seed-claims report.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "proofs/claims/claims.hpp"
#include "proofs/proof.hpp"
#include "registry.hpp"
#include "worked_examples.hpp"

namespace orderblind::cli {
namespace {

/// What backs one proof id: its executable steps, the Coq theorems linked to it, and whether this
/// build checked them all.
struct proof_kinds {
  bool executable = true;  // every registered proof runs its steps
  std::vector<std::string> theorems;
  bool all_checked = false;

  bool formal() const { return !theorems.empty(); }
  /// "executable", "formal" or "executable + formal".
  std::string kinds() const {
    if (executable && formal()) return "executable + formal";
    return formal() ? "formal" : "executable";
  }
  /// e.g. "6 Coq theorems, checked by this build" (empty when there are none).
  std::string formal_note() const {
    if (!formal()) return {};
    return std::to_string(theorems.size()) + (theorems.size() == 1 ? " Coq theorem, " : " Coq theorems, ") +
           (all_checked ? "checked by this build" : "not checked by this build");
  }
};

proof_kinds kinds_of(const proofs::proof& p) {
  proof_kinds k;
  const auto ts = proofs::formal_theorems(p.id);
  k.all_checked = !ts.empty();
  for (const auto& t : ts) {
    k.theorems.push_back(t.name);
    k.all_checked = k.all_checked && t.checked;
  }
  return k;
}

const registrar cmd{command{
    "list", "list the proofs (for 'prove'), the worked examples (for 'example') and the claims report",
    [](CLI::App& sub, const global_options& opts, int&) {
      sub.callback([&opts] {
        const auto ps = proofs::registered_proofs();
        std::vector<std::string> examples;
        for (const auto& e : compute_worked_examples()) examples.push_back(e.name);
        const auto sources = claims::claim_sources();
        if (opts.format == "json") {
          nlohmann::json j;
          for (const auto& p : ps) {
            const auto k = kinds_of(p);
            j["proofs"].push_back({{"id", p.id},
                                   {"title", p.title},
                                   {"source", p.source},
                                   {"kinds", k.kinds()},
                                   {"executable", k.executable},
                                   {"formal", {{"theorems", k.theorems}, {"checked_by_this_build", k.all_checked}}}});
          }
          j["examples"] = examples;
          j["claims"] = {{"command", "orderblind claims"}, {"texts", sources}};
          std::cout << j.dump(2) << "\n";
          return;
        }
        if (opts.format == "markdown") {
          std::cout << "| proof | title | source | evidence |\n|---|---|---|---|\n";
          for (const auto& p : ps) {
            const auto k = kinds_of(p);
            std::cout << "| " << p.id << " | " << p.title << " | " << p.source << " | " << k.kinds()
                      << (k.formal() ? " (" + k.formal_note() + ")" : std::string()) << " |\n";
          }
        } else {
          std::cout << "Proofs (orderblind prove <id>…):\n";
          std::size_t width = 0;
          for (const auto& p : ps) width = std::max(width, p.id.size());
          const std::string indent(width + 3, ' ');
          for (const auto& p : ps) {
            const auto k = kinds_of(p);
            std::cout << "  " << std::left << std::setw(static_cast<int>(width + 1)) << p.id << p.title << "\n"
                      << indent << p.source << "\n"
                      << indent << k.kinds() << (k.formal() ? " (" + k.formal_note() + ")" : std::string()) << "\n";
          }
        }
        std::cout << "\nWorked examples (orderblind example <name>…):";
        for (const auto& e : examples) std::cout << " " << e;
        std::cout << "\n\nSeed claims (orderblind claims):";
        for (const auto& s : sources) std::cout << " " << s << ";";
        std::cout << "\n";
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
