// SPDX-License-Identifier: MIT
#pragma once
// The pictures of `orderblind plot`, each a function returning an SVG document.
#include <cstdint>
#include <string>

#include "orderblind/plot/svg.hpp"

namespace orderblind::cli {

/// Text 000, "Try it yourself" 3: the sinusoidal table (positions × dims) as a heatmap, with each
/// column's wavelength (fast and slow hands), and the columns against position below it.
plot::document sinusoid_table_figure(long positions, long dims);

/// The position part of the score against the offset m − n, one line per query position m:
/// counter (c·m·n: a fan), sinusoid and RoPE (one curve: a function of m − n alone).
plot::document position_scores_figure(long positions, long dims);

/// The residual figure and what it measured (the checks `orderblind plot residual` reports).
struct residual_figure {
  plot::document doc;
  long sizes = 0;               ///< n = 2..max_tokens
  long cases = 0;               ///< (n, P) pairs compared, over every n
  double worst_fraction = 0;    ///< max over n of the double residual / its bound 4(n+1) (NaN: a NaN residual)
  long worst_n = 0;             ///< the n of worst_fraction
  long double_within = 0;       ///< sizes whose double residual is within the bound
  long exact_equal = 0;         ///< sizes where the rational layer held with == for every P
};

/// The equivariance residual max|Attn(PX) − P·Attn(X)| in double (softmax), against the bound
/// 4(n+1)ε·max(1, max|V|), and exactly over the rationals (always 0), for n = 2..max_tokens.
residual_figure equivariance_residual_figure(long max_tokens, long permutations, std::uint64_t seed);

}  // namespace orderblind::cli
