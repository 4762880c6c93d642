// SPDX-License-Identifier: MIT
// `orderblind plot sinusoid|scores|residual|all`: SVG pictures (hand-written SVG, no plotting library). One
// report per run: the files written and, when the residual figure is drawn, the two checks it measured.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "plot_figures.hpp"
#include "properties/check/residual.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

/// Throws usage_error (exit 2) naming `option` and `path` unless `path` can be opened for writing.
// NOTE: checked for every figure before any is computed (the residual sweep takes seconds), so that an
// unwritable output is bad usage, exit 2, not a failed check (exit 1). Opening for writing creates or
// truncates the file, which the run overwrites anyway.
void require_writable(const std::string& option, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw usage_error(option, "cannot write '" + path + "': it is a directory");
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) throw usage_error(option, "cannot write '" + path + "': " + std::strerror(errno));
}

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
    [](args& sub, const global_options& opts, int& rc) {
      static plot_args a;
      sub.option("figure", a.which, "sinusoid, scores, residual or all (default)",
                 {.one_of = {"sinusoid", "scores", "residual", "all"}});
      sub.option("-o,--output", a.out, "output file (one figure; default <figure-name>.svg in --dir)");
      sub.option("--dir", a.dir, "output directory (default .)");
      sub.option("--positions", a.positions, "positions of the sinusoid table (default 64)", {.range = {{1, 4096}}});
      sub.option("--dims", a.dims, "dimensions d, even (default 8)", {.range = {{2, 512}}});
      sub.option("--score-positions", a.score_positions, "positions for the score figure (default 16)",
                 {.range = {{2, 256}}});
      sub.option("--max-tokens", a.max_tokens, "largest n of the residual figure (default 32)", {.range = {{2, 128}}});
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        if (a.dims % 2 != 0) throw usage_error("--dims", "d must be even (sin/cos pairs), got " + std::to_string(a.dims));
        if (!a.out.empty() && a.which == "all")
          throw usage_error("--output", "--output names one file: choose a figure, or use --dir for all");
        const std::uint64_t seed = opts.seed.value_or(default_seed);
        const long perms = opts.cases.value_or(10);
        std::vector<std::string> figures =
            a.which == "all" ? std::vector<std::string>{"sinusoid", "scores", "residual"} : std::vector<std::string>{a.which};
        if (a.out.empty() && !std::filesystem::is_directory(a.dir))
          throw usage_error("--dir", "'" + a.dir + "' is not a directory");
        const auto path_of = [](const std::string& f) {
          const std::string name = f == "sinusoid" ? "sinusoid-table.svg"
                                   : f == "scores" ? "position-scores.svg"
                                                   : "equivariance-residual.svg";
          return a.out.empty() ? (std::filesystem::path(a.dir) / name).string() : a.out;
        };
        const std::string option = a.out.empty() ? "--dir" : "--output";
        for (const auto& f : figures) require_writable(option, path_of(f));
        const auto save = [&option](const plot::document& doc, const std::string& path) {
          try {
            doc.save(path);
          } catch (const std::runtime_error& e) {  // e.g. the disk filled up after the check above
            throw usage_error(option, e.what());
          }
        };
        verify::value::list written;
        verify::value::checks checks;
        for (const auto& f : figures) {
          const std::string path = path_of(f);
          if (f == "residual") {
            const auto sweep = properties::equivariance_residual_sweep(a.max_tokens, perms, seed);
            save(equivariance_residual_figure(sweep), path);
            checks = properties::equivariance_residual_checks(sweep);
          } else {
            save(f == "sinusoid" ? sinusoid_table_figure(a.positions, a.dims) : position_scores_figure(a.score_positions, a.dims),
                 path);
          }
          written.push_back(verify::value::object{{"figure", f}, {"file", path}});
        }
        verify::report r{"orderblind-plot/2", "Pictures written (SVG)", {}};
        r.add("figures", std::move(written));
        if (!checks.empty()) r.add("residual_checks", std::move(checks));
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
