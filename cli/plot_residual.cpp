// SPDX-License-Identifier: MIT
// `orderblind plot residual`: the picture of the equivariance residual of double against exact arithmetic
// drawn from the sweep's two checks (properties/check/residual.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "plot_figures.hpp"

namespace orderblind::cli {

namespace {

/// The value of `key` in an object of a check's table, as a double (NaN when absent or not a number).
double number(const verify::value& row, const std::string& key) {
  if (const auto* o = row.as<verify::value::object>())
    for (const auto& f : *o)
      if (f.key == key) {
        if (const auto* d = f.val.as<double>()) return *d;
        if (const auto* i = f.val.as<std::int64_t>()) return static_cast<double>(*i);
        if (const auto* b = f.val.as<bool>()) return *b ? 1.0 : 0.0;
      }
  return std::numeric_limits<double>::quiet_NaN();
}

/// The rows of the check's detail `sizes` (empty when it has none).
const verify::value::list& sizes_of(const verify::check& c) {
  static const verify::value::list none;
  for (const auto& d : c.details)
    if (d.key == "sizes")
      if (const auto* l = d.val.as<verify::value::list>()) return *l;
  return none;
}

}  // namespace

plot::document equivariance_residual_figure(const verify::value::checks& sweep, long max_tokens, long permutations) {
  std::vector<std::pair<double, double>> dbl, exact, bound;
  double top = 0;
  for (const auto& r : sizes_of(sweep.at(0))) {
    const double n = number(r, "n"), b = number(r, "bound"), worst = number(r, "residual");
    bound.emplace_back(n, b);
    top = std::max(top, b);
    // NOTE: a non-finite residual is not drawn (an SVG coordinate must be finite); the check reports it.
    if (!std::isfinite(worst)) continue;
    dbl.emplace_back(n, worst);
    top = std::max(top, worst);
  }
  // NOTE: an exact residual is drawn only where == held; were it ever non-zero the point would be missing
  // from the plot and the legend says so, rather than a made-up value.
  const auto& exact_rows = sizes_of(sweep.at(1));
  for (const auto& r : exact_rows)
    if (number(r, "held") == 1.0) exact.emplace_back(number(r, "n"), 0.0);
  const long sizes = static_cast<long>(exact_rows.size());
  const std::uint64_t seed = sweep.at(0).seed.value_or(0);
  const double left = 90, ptop = 80, pw = 640, ph = 340;
  plot::document doc(left + pw + 260, ptop + ph + 90, "Equivariance residual: double against exact");
  doc.text(left + pw / 2, 26, "max|Attn(PX) − P·Attn(X)| for one head, d = 4, random inputs (seed " + std::to_string(seed) + ")",
           14, "middle", 0, "bold");
  doc.text(left + pw / 2, 46,
           "per n: the worst of reversal, a swap, a rotation and " + std::to_string(permutations) + " random permutations",
           12, "middle");
  plot::panel pan(left, ptop, pw, ph, 2, static_cast<double>(max_tokens), 0, top * 1.05);
  pan.axes(doc, "tokens n", "residual in ε·max_i|V_ij| + η (column j)", "");
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
