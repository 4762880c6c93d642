// SPDX-License-Identifier: MIT
// `orderblind plot residual`: the picture of the equivariance residual of double against exact arithmetic
// (the sweep and its checks: properties/check/residual.hpp).
#include <algorithm>
#include <cmath>

#include "plot_figures.hpp"
#include "properties/check/residual.hpp"

namespace orderblind::cli {

plot::document equivariance_residual_figure(const properties::residual_sweep& s) {
  std::vector<std::pair<double, double>> dbl, exact, bound;
  double top = 0;
  for (const auto& r : s.rows) {
    const double n = static_cast<double>(r.n);
    // NOTE: an exact residual is drawn only where == held; were it ever non-zero the point would be
    // missing from the plot and the legend says so, rather than a made-up value.
    if (r.exact_equal) exact.emplace_back(n, 0.0);
    bound.emplace_back(n, r.bound);
    top = std::max(top, r.bound);
    // NOTE: a non-finite residual is not drawn (an SVG coordinate must be finite); the check reports it.
    if (!std::isfinite(r.worst)) continue;
    dbl.emplace_back(n, r.worst);
    top = std::max(top, r.worst);
  }
  const long sizes = static_cast<long>(s.rows.size());
  const long max_tokens = s.max_tokens;
  const long permutations = s.permutations;
  const std::uint64_t seed = s.seed;
  const double left = 90, ptop = 80, pw = 640, ph = 340;
  plot::document doc(left + pw + 260, ptop + ph + 90, "Equivariance residual: double against exact");
  doc.text(left + pw / 2, 26, "max|Attn(PX) − P·Attn(X)| for one head, d = 4, random inputs (seed " + std::to_string(seed) + ")",
           14, "middle", 0, "bold");
  doc.text(left + pw / 2, 46,
           "per n: the worst of reversal, a swap, a rotation and " + std::to_string(permutations) + " random permutations",
           12, "middle");
  plot::panel pan(left, ptop, pw, ph, 2, static_cast<double>(max_tokens), 0, top * 1.05);
  pan.axes(doc, "tokens n", "residual in ε·max(1, max|V|)", "");
  std::vector<std::pair<double, double>> px;
  for (const auto& [n, b] : bound) px.emplace_back(pan.x(n), pan.y(b));
  doc.polyline(px, "#777777", 1.5);
  px.clear();
  for (const auto& [n, r] : dbl) {
    px.emplace_back(pan.x(n), pan.y(r));
    doc.circle(pan.x(n), pan.y(r), 3.2, plot::series_colour(1));
  }
  doc.polyline(px, plot::series_colour(1), 1, 0.6);
  for (const auto& [n, r] : exact) doc.rect(pan.x(n) - 3, pan.y(r) - 3, 6, 6, plot::series_colour(0));
  const double lx = left + pw + 20;
  doc.line(lx, ptop + 10, lx + 22, ptop + 10, "#777777", 1.5);
  doc.text(lx + 28, ptop + 14, "bound 4(n+1) (compare.hpp)", 11);
  doc.circle(lx + 11, ptop + 32, 3.2, plot::series_colour(1));
  doc.text(lx + 28, ptop + 36, "double, softmax: worst residual", 11);
  doc.rect(lx + 8, ptop + 51, 6, 6, plot::series_colour(0));
  doc.text(lx + 28, ptop + 58, "mpq_rational, rational kernel:", 11);
  doc.text(lx + 28, ptop + 72, "== held (residual exactly 0)", 11);
  doc.text(lx + 28, ptop + 86, std::to_string(exact.size()) + " of " + std::to_string(sizes) + " sizes", 11);
  return doc;
}

}  // namespace orderblind::cli
