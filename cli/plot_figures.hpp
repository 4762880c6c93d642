// SPDX-License-Identifier: MIT
#pragma once
// The pictures of `orderblind plot`, each a function returning an SVG document.
#include <cstdint>
#include <string>

#include "args.hpp"
#include "orderblind/plot/svg.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::cli {

/// Text 000, "Try it yourself" 3: the sinusoidal table (positions × dims) as a heatmap, with each
/// column's wavelength (fast and slow hands), and the columns against position below it.
plot::document sinusoid_table_figure(long positions, long dims);

/// The position part of the score against the offset m − n, one line per query position m:
/// counter (c·m·n: a fan), sinusoid and RoPE (one curve: a function of m − n alone).
plot::document position_scores_figure(long positions, long dims);

/// The equivariance residual of a sweep, drawn from its two checks (equivariance_residual in
/// properties/check/residual.hpp: residual[double] and residual[mpq_rational], each with its sizes): per n
/// the double residual against the bound 4(n+1), and the sizes where the rational head held with ==;
/// `permutations` random ones per n.
plot::document equivariance_residual_figure(const verify::value::checks& sweep, long max_tokens, long permutations);

/// What `orderblind plot` was asked to draw, and where.
struct plot_request {
  std::string which = "all";  ///< sinusoid, scores, residual or all
  std::string out;            ///< one figure's file (empty: <figure-name>.svg in dir)
  std::string dir = ".";
  long positions = 64, dims = 8, score_positions = 16, max_tokens = 32;
};

/// Writes the figures of `a` (the residual sweep with `perms` permutations per n from `seed`) and returns
/// the report "orderblind-plot/2": the files written and the residual's two checks. Every output is checked
/// for writing before any figure is computed: an unwritable one is a usage_error (exit 2).
verify::report write_figures(const plot_request& a, std::uint64_t seed, long perms);

}  // namespace orderblind::cli
