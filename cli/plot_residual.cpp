// SPDX-License-Identifier: MIT
// `orderblind plot residual`: the equivariance residual of double against exact arithmetic.
#include <cmath>
#include <random>

#include "properties/check/layer_impl.hpp"
#include "orderblind/scalar.hpp"
#include "plot_figures.hpp"

namespace orderblind::cli {

residual_figure equivariance_residual_figure(long max_tokens, long permutations, std::uint64_t seed) {
  constexpr Eigen::Index d = 4;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  const auto random_matrix = [&](Eigen::Index r, Eigen::Index c) {
    Matrix<double> m(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
      for (Eigen::Index j = 0; j < c; ++j) m(i, j) = u(rng);
    return m;
  };
  const head_weights<double> w{random_matrix(d, d), random_matrix(d, d), random_matrix(d, d)};
  const head_weights<mpq_rational> wq{cast_matrix<mpq_rational>(w.wq), cast_matrix<mpq_rational>(w.wk),
                                      cast_matrix<mpq_rational>(w.wv)};
  attention_options<mpq_rational> qopt;
  qopt.scale = mpq_rational(1, 2);  // 1/√4, exact
  const double eps = scalar_traits<double>::epsilon();
  std::vector<std::pair<double, double>> dbl, exact, bound;
  double top = 0, worst_fraction = 0;
  long sizes = 0, cases = 0, worst_n = 0, within = 0;
  for (long n = 2; n <= max_tokens; ++n) {
    const auto x = random_matrix(n, d);
    const auto z = self_attention<double>(x, w);
    const double mag = std::max(1.0, max_abs(multiply(x, w.wv, "X", "W_V")));
    const auto xq = cast_matrix<mpq_rational>(x);
    const auto zq = self_attention<mpq_rational, rational_kernel>(xq, wq, qopt);
    double worst = 0;
    bool exact_equal = true;
    for (const auto& [name, p] : properties::permutations_to_try(static_cast<std::size_t>(n), permutations, seed + static_cast<std::uint64_t>(n))) {
      const double r = max_abs_difference(self_attention<double>(p.apply_rows(x), w), Matrix<double>(p.apply_rows(z))) / (eps * mag);
      if (!(r <= worst)) worst = r;  // NOTE: keeps a NaN (std::max would drop it)
      exact_equal = exact_equal && exactly_equal(self_attention<mpq_rational, rational_kernel>(p.apply_rows(xq), wq, qopt),
                                                 Matrix<mpq_rational>(p.apply_rows(zq)));
      ++cases;
    }
    // NOTE: written so that NaN fails: `worst <= bound` is false for NaN, and the first NaN fraction is
    // kept. A non-finite residual is not drawn (an SVG coordinate must be finite); the check reports it.
    ++sizes;
    const double fraction = worst / attention_reorder_bound_eps(n);
    if (worst <= attention_reorder_bound_eps(n)) ++within;
    if (!std::isnan(worst_fraction) && !(fraction <= worst_fraction)) {
      worst_fraction = fraction;
      worst_n = n;
    }
    // NOTE: an exact residual is drawn only where == held; were it ever non-zero the point would be
    // missing from the plot and the legend says so, rather than a made-up value.
    if (exact_equal) exact.emplace_back(static_cast<double>(n), 0.0);
    bound.emplace_back(static_cast<double>(n), attention_reorder_bound_eps(n));
    top = std::max(top, attention_reorder_bound_eps(n));
    if (!std::isfinite(worst)) continue;
    dbl.emplace_back(static_cast<double>(n), worst);
    top = std::max(top, worst);
  }
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
  return {std::move(doc), sizes, cases, worst_fraction, worst_n, within,
          static_cast<long>(exact.size())};
}

}  // namespace orderblind::cli
