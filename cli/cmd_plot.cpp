// SPDX-License-Identifier: MIT
// `orderblind plot sinusoid|scores|residual|all`: SVG pictures (hand-written SVG, no plotting library).
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "plot_figures.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

struct plot_args {
  std::string which = "all";
  std::string out;
  std::string dir = ".";
  long positions = 64, dims = 8, score_positions = 16, max_tokens = 32;
};

const registrar cmd{command{
    "plot",
    "write SVG pictures: the sinusoidal table (sinusoid), position scores against m − n (scores), the "
    "equivariance residual of double against exact (residual), or all three",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static plot_args a;
      sub.add_option("figure", a.which, "sinusoid, scores, residual or all (default)")
          ->check(CLI::IsMember({"sinusoid", "scores", "residual", "all"}));
      sub.add_option("-o,--output", a.out, "output file (one figure; default <figure-name>.svg in --dir)");
      sub.add_option("--dir", a.dir, "output directory (default .)");
      sub.add_option("--positions", a.positions, "positions of the sinusoid table (default 64)")->check(CLI::Range(1L, 4096L));
      sub.add_option("--dims", a.dims, "dimensions d, even (default 8)")->check(CLI::Range(2L, 512L));
      sub.add_option("--score-positions", a.score_positions, "positions for the score figure (default 16)")
          ->check(CLI::Range(2L, 256L));
      sub.add_option("--max-tokens", a.max_tokens, "largest n of the residual figure (default 32)")->check(CLI::Range(2L, 128L));
      sub.callback([&opts, &rc] {
        if (a.dims % 2 != 0) throw CLI::ValidationError("--dims", "d must be even (sin/cos pairs), got " + std::to_string(a.dims));
        if (!a.out.empty() && a.which == "all")
          throw CLI::ValidationError("--output", "--output names one file: choose a figure, or use --dir for all");
        const std::uint64_t seed = opts.seed.value_or(default_seed);
        const long perms = opts.cases.value_or(10);
        std::vector<std::string> figures =
            a.which == "all" ? std::vector<std::string>{"sinusoid", "scores", "residual"} : std::vector<std::string>{a.which};
        if (a.out.empty() && !std::filesystem::is_directory(a.dir))
          throw CLI::ValidationError("--dir", "'" + a.dir + "' is not a directory");
        for (const auto& f : figures) {
          const std::string name = f == "sinusoid" ? "sinusoid-table.svg"
                                   : f == "scores" ? "position-scores.svg"
                                                   : "equivariance-residual.svg";
          const std::string path = a.out.empty() ? (std::filesystem::path(a.dir) / name).string() : a.out;
          const auto doc = f == "sinusoid" ? sinusoid_table_figure(a.positions, a.dims)
                           : f == "scores" ? position_scores_figure(a.score_positions, a.dims)
                                           : equivariance_residual_figure(a.max_tokens, perms, seed);
          doc.save(path);
          if (opts.format == "json")
            std::cout << nlohmann::json{{"figure", f}, {"file", path}}.dump() << "\n";
          else
            std::cout << "wrote " << path << "\n";
        }
        rc = held;
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
