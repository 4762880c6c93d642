// SPDX-License-Identifier: MIT
// `orderblind plot sinusoid` and `orderblind plot scores`: the positional tables as pictures.
#include <cmath>
#include <functional>
#include <numbers>

#include "orderblind/positional.hpp"
#include "plot_figures.hpp"

namespace orderblind::cli {

plot::document sinusoid_table_figure(long positions, long dims) {
  const auto pe = pe::sinusoidal<double>(positions, dims);
  const double cell_w = std::max(3.0, std::min(12.0, 760.0 / static_cast<double>(positions)));
  const double cell_h = std::max(6.0, std::min(28.0, 300.0 / static_cast<double>(dims)));
  const double left = 80, top = 60, hw = cell_w * static_cast<double>(positions), hh = cell_h * static_cast<double>(dims);
  const double line_top = top + hh + 90, line_h = 220;
  const double width = left + hw + 260, height = line_top + line_h + 60;
  plot::document doc(width, height, "Sinusoidal positional table, " + std::to_string(positions) + " positions x " +
                                        std::to_string(dims) + " dims");
  doc.text(left + hw / 2, 24,
           "sinusoidal(" + std::to_string(positions) + ", " + std::to_string(dims) +
               "): PE(p, 2i) = sin(p·θᵢ), PE(p, 2i+1) = cos(p·θᵢ), θᵢ = 10000^(−2i/d)",
           14, "middle", 0, "bold");
  doc.text(left + hw / 2, 42, "text 000, Try it yourself 3: which columns are the fast hands, which the slow?", 12, "middle");
  for (long j = 0; j < dims; ++j)
    for (long p = 0; p < positions; ++p)
      doc.rect(left + cell_w * static_cast<double>(p), top + cell_h * static_cast<double>(j), cell_w + 0.3, cell_h + 0.3,
               plot::diverging_colour(pe(p, j)));
  doc.rect(left, top, hw, hh, "none", " stroke=\"#444444\" stroke-width=\"1\"");
  const double fast_cut = static_cast<double>(positions) / 4;  // a period shorter than a quarter of the table
  for (long j = 0; j < dims; ++j) {
    const double y = top + cell_h * (static_cast<double>(j) + 0.5) + 4;
    const long i = j / 2;
    doc.text(left - 6, y, std::to_string(j) + (j % 2 == 0 ? " sin" : " cos"), 11, "end");
    const double theta = pe::sinusoid_frequency<double>(i, dims, 10000.0);
    const double wavelength = 2 * std::numbers::pi / theta;
    char buf[96];
    std::snprintf(buf, sizeof buf, "i=%ld, period %.4g", i, wavelength);
    doc.text(left + hw + 8, y, std::string(buf) + (wavelength < fast_cut ? "  fast hand" : (wavelength > 4 * static_cast<double>(positions) ? "  slow hand" : "")), 11,
             "start", 0, wavelength < fast_cut || wavelength > 4 * static_cast<double>(positions) ? "bold" : "normal");
  }
  for (long p = 0; p < positions; p += std::max(1L, positions / 8))
    doc.text(left + cell_w * (static_cast<double>(p) + 0.5), top + hh + 14, std::to_string(p), 10, "middle");
  doc.text(left + hw / 2, top + hh + 30, "position p", 12, "middle");
  doc.text(left - 52, top + hh / 2, "dimension", 12, "middle", -90);
  // colour bar
  for (int k = 0; k <= 40; ++k) {
    const double v = -1 + k / 20.0;
    doc.rect(left + hw / 2 - 100 + 5 * k, top + hh + 40, 5.3, 10, plot::diverging_colour(v));
  }
  doc.text(left + hw / 2 - 106, top + hh + 49, "−1", 10, "end");
  doc.text(left + hw / 2 + 111, top + hh + 49, "+1", 10, "start");
  // the columns against position
  plot::panel pan(left, line_top, hw, line_h, 0, static_cast<double>(positions - 1), -1.1, 1.1);
  pan.axes(doc, "position p", "PE(p, j)", "each column against position (one line per dimension j)");
  for (long j = 0; j < dims; ++j) {
    std::vector<std::pair<double, double>> pts;
    for (long p = 0; p < positions; ++p) pts.emplace_back(pan.x(static_cast<double>(p)), pan.y(pe(p, j)));
    doc.polyline(pts, plot::series_colour(static_cast<std::size_t>(j)), 1.6);
    doc.rect(left + hw + 12, line_top + 14 * static_cast<double>(j), 10, 3, plot::series_colour(static_cast<std::size_t>(j)));
    doc.text(left + hw + 26, line_top + 14 * static_cast<double>(j) + 5, "j = " + std::to_string(j), 10);
  }
  return doc;
}

namespace {

/// The score of each scheme for query position m and key position n (d dims, base 10000).
struct score_scheme {
  std::string title;
  std::string formula;
  std::function<double(long, long)> score;
};

}  // namespace

plot::document position_scores_figure(long positions, long dims) {
  const double d = static_cast<double>(dims);
  const auto theta = [&](long i) { return pe::sinusoid_frequency<double>(i, dims, 10000.0); };
  // NOTE: fixed content vectors for RoPE (any q, k show the law); q·Rₙ₋ₘ k is the score.
  std::vector<double> q(static_cast<std::size_t>(dims)), k(static_cast<std::size_t>(dims));
  for (long j = 0; j < dims; ++j) {
    q[static_cast<std::size_t>(j)] = std::cos(1.3 * static_cast<double>(j) + 0.4);
    k[static_cast<std::size_t>(j)] = std::sin(0.7 * static_cast<double>(j) + 1.1);
  }
  std::vector<score_scheme> schemes{
      {"counter, PE(p) = p·𝟙", "p_m·p_n = d·m·n", [=](long m, long n) { return d * static_cast<double>(m * n); }},
      {"sinusoid (M = I)", "p_m·p_n = Σᵢ cos((m−n)θᵢ)",
       [=](long m, long n) {
         double s = 0;
         for (long i = 0; i < dims / 2; ++i)
           s += std::sin(static_cast<double>(m) * theta(i)) * std::sin(static_cast<double>(n) * theta(i)) +
                std::cos(static_cast<double>(m) * theta(i)) * std::cos(static_cast<double>(n) * theta(i));
         return s;
       }},
      {"RoPE, fixed q and k", "⟨R_m q, R_n k⟩ = qᵀR_(n−m) k",
       [=](long m, long n) {
         double s = 0;
         for (long i = 0; i < dims / 2; ++i) {
           const auto a = static_cast<std::size_t>(2 * i), b = a + 1;
           const double cm = std::cos(static_cast<double>(m) * theta(i)), sm = std::sin(static_cast<double>(m) * theta(i));
           const double cn = std::cos(static_cast<double>(n) * theta(i)), sn = std::sin(static_cast<double>(n) * theta(i));
           const double qa = cm * q[a] - sm * q[b], qb = sm * q[a] + cm * q[b];
           const double ka = cn * k[a] - sn * k[b], kb = sn * k[a] + cn * k[b];
           s += qa * ka + qb * kb;
         }
         return s;
       }}};
  const double pw = 300, ph = 260, gap = 90, left = 80, top = 80;
  plot::document doc(left + 3 * pw + 2 * gap + 40, top + ph + 120,
                     "Position score against the offset m - n: counter, sinusoid, RoPE");
  doc.text(left + (3 * pw + 2 * gap) / 2, 26,
           "The position part of the score against the offset m − n, one line per query position m (" +
               std::to_string(positions) + " positions, d = " + std::to_string(dims) + ")",
           14, "middle", 0, "bold");
  doc.text(left + (3 * pw + 2 * gap) / 2, 46,
           "counter: the lines fan out (the score c·m·n depends on m and n, not on m − n); sinusoid and RoPE: "
           "every line lies on one curve",
           12, "middle");
  const long last = positions - 1;
  for (std::size_t s = 0; s < schemes.size(); ++s) {
    double lo = 0, hi = 0;
    for (long m = 0; m < positions; ++m)
      for (long n = 0; n < positions; ++n) {
        lo = std::min(lo, schemes[s].score(m, n));
        hi = std::max(hi, schemes[s].score(m, n));
      }
    const double pad = 0.05 * (hi - lo);
    plot::panel pan(left + static_cast<double>(s) * (pw + gap), top, pw, ph, static_cast<double>(-last),
                    static_cast<double>(last), lo - pad, hi + pad);
    pan.axes(doc, "offset m − n", "position score", schemes[s].title);
    for (long m = 0; m < positions; ++m) {
      std::vector<std::pair<double, double>> pts;
      for (long n = positions - 1; n >= 0; --n)
        pts.emplace_back(pan.x(static_cast<double>(m - n)), pan.y(schemes[s].score(m, n)));
      // NOTE: colour runs with m, so a fan shows as a spread of colours and one curve as overlap.
      const double t = positions > 1 ? static_cast<double>(m) / static_cast<double>(last) : 0;
      doc.polyline(pts, plot::diverging_colour(2 * t - 1 == 0 ? 0.05 : 2 * t - 1), 1.4, 0.85);
    }
    doc.text(pan.left + pw / 2, top + ph + 56, schemes[s].formula, 12, "middle");
  }
  doc.text(left, top + ph + 90, "line colour: query position m, from blue (m = 0) to red (m = " + std::to_string(last) + ")", 11);
  return doc;
}

}  // namespace orderblind::cli
