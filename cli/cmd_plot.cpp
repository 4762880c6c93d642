// SPDX-License-Identifier: MIT
// `orderblind plot sinusoid|scores|residual|all`: SVG pictures (hand-written SVG, no plotting library). One
// report per run (cli/plot_write.cpp): the files written and, when the residual figure is drawn, the two
// checks it measured.
#include <filesystem>
#include <iostream>

#include "plot_figures.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

const registrar cmd{command{
    "plot",
    "write SVG pictures: the sinusoidal table (sinusoid), position scores against m − n (scores), the "
    "equivariance residual of double against exact (residual), or all three",
    [](args& sub, const global_options& opts, int& rc) {
      static plot_request a;
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
        if (a.out.empty() && !std::filesystem::is_directory(a.dir))
          throw usage_error("--dir", "'" + a.dir + "' is not a directory");
        const auto r = write_figures(a, opts.seed.value_or(default_seed), opts.cases.value_or(10));
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
