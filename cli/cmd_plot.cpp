// SPDX-License-Identifier: MIT
// `orderblind plot sinusoid|scores|residual|all`: SVG pictures (hand-written SVG, no plotting library). One
// report per run: the files written and, when the residual figure is drawn, the two checks it measured.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "plot_figures.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

/// The two checks behind the residual figure: double within its bound at every n, exact == at every n.
verify::value::checks residual_checks(const residual_figure& f, long max_tokens, std::uint64_t seed) {
  const std::string sizes = "n = 2.." + std::to_string(max_tokens) + ", d = 4, one head";
  const std::string perms = "the reversal, a swap, a rotation and random permutations at each n";
  verify::check d;
  d.id = "residual[double]";
  d.statement = "max|Attn(PX) − P·Attn(X)| ≤ 4(n+1) ε·max(1, max|V|) at every n (softmax, in-order sums)";
  d.source = "attention_reorder_bound_eps (lib/orderblind/compare.hpp)";
  d.compared = "Attn(PX) against P·Attn(X), " + perms + " (" + sizes + ")";
  d.arithmetic = "double (IEEE binary64)";
  d.evidence = verify::evidence_kind::sampled_within_bound;
  d.bound = "residual / 4(n+1) ≤ 1 at every n (residual in ε·max(1, max|V|))";
  d.residual = f.worst_fraction;
  d.cases = f.cases;
  d.seed = seed;
  d.outcome = verify::held_if(f.double_within == f.sizes && f.sizes > 0);
  char buf[96];
  std::snprintf(buf, sizeof buf, "largest fraction of the bound at n = %ld; %ld of %ld sizes within it", f.worst_n,
                f.double_within, f.sizes);
  d.note = buf;
  verify::check q;
  q.id = "residual[mpq_rational]";
  q.statement = "Attn(PX) == P·Attn(X) at every n (rational kernel, exact)";
  q.compared = d.compared;
  q.arithmetic = "mpq_rational (exact, ==)";
  q.evidence = verify::evidence_kind::sampled_exact;
  q.bound = "== (exact)";
  q.cases = f.cases;
  q.seed = seed;
  q.outcome = verify::held_if(f.exact_equal == f.sizes && f.sizes > 0);
  q.note = std::to_string(f.exact_equal) + " of " + std::to_string(f.sizes) + " sizes held with ==";
  return {std::move(d), std::move(q)};
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
        verify::value::list written;
        verify::value::checks checks;
        for (const auto& f : figures) {
          const std::string name = f == "sinusoid" ? "sinusoid-table.svg"
                                   : f == "scores" ? "position-scores.svg"
                                                   : "equivariance-residual.svg";
          const std::string path = a.out.empty() ? (std::filesystem::path(a.dir) / name).string() : a.out;
          if (f == "residual") {
            const auto res = equivariance_residual_figure(a.max_tokens, perms, seed);
            res.doc.save(path);
            checks = residual_checks(res, a.max_tokens, seed);
          } else {
            (f == "sinusoid" ? sinusoid_table_figure(a.positions, a.dims) : position_scores_figure(a.score_positions, a.dims))
                .save(path);
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
