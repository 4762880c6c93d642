// SPDX-License-Identifier: MIT
#pragma once
// The pictures of `orderblind plot`, each a function returning an SVG document.
#include <cstdint>
#include <string>

#include "orderblind/plot/svg.hpp"

namespace orderblind::properties {
struct residual_sweep;  // properties/check/residual.hpp
}  // namespace orderblind::properties

namespace orderblind::cli {

/// Text 000, "Try it yourself" 3: the sinusoidal table (positions × dims) as a heatmap, with each
/// column's wavelength (fast and slow hands), and the columns against position below it.
plot::document sinusoid_table_figure(long positions, long dims);

/// The position part of the score against the offset m − n, one line per query position m:
/// counter (c·m·n: a fan), sinusoid and RoPE (one curve: a function of m − n alone).
plot::document position_scores_figure(long positions, long dims);

/// The equivariance residual of a sweep (properties/check/residual.hpp, which also states its two checks):
/// per n the double residual against the bound 4(n+1), and the sizes where the rational head held with ==.
plot::document equivariance_residual_figure(const properties::residual_sweep& s);

}  // namespace orderblind::cli
