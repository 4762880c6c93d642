// `orderblind list`: the proofs that `prove` accepts, the worked examples and the seed-claims report.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "claims.hpp"
#include "proofs/proof.hpp"
#include "registry.hpp"
#include "worked_examples.hpp"

namespace orderblind::cli {
namespace {

const registrar cmd{command{
    "list", "list the proofs (for 'prove'), the worked examples (for 'example') and the claims report",
    [](CLI::App& sub, const global_options& opts, int&) {
      sub.callback([&opts] {
        const auto ps = proofs::registered_proofs();
        std::vector<std::string> examples;
        for (const auto& e : compute_worked_examples()) examples.push_back(e.name);
        const auto sources = claim_sources();
        if (opts.format == "json") {
          nlohmann::json j;
          for (const auto& p : ps) j["proofs"].push_back({{"id", p.id}, {"title", p.title}, {"source", p.source}});
          j["examples"] = examples;
          j["claims"] = {{"command", "orderblind claims"}, {"seeds", sources}};
          std::cout << j.dump(2) << "\n";
          return;
        }
        if (opts.format == "markdown") {
          std::cout << "| proof | title | source |\n|---|---|---|\n";
          for (const auto& p : ps) std::cout << "| " << p.id << " | " << p.title << " | " << p.source << " |\n";
        } else {
          std::cout << "Proofs (orderblind prove <id>…):\n";
          for (const auto& p : ps)
            std::cout << "  " << std::left << std::setw(9) << p.id << p.title << "\n           " << p.source << "\n";
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
