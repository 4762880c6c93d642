// SPDX-License-Identifier: MIT
// `orderblind check` on a layer in double bounds each output column by its own scale (layer_double.cpp), as
// the property battery does (require_agree_columns): a constant 10^12 column of V must not widen the bound
// of another column, where a position leak of 10^-6 per row would then pass unseen; a leak of 0.9× that
// column's own bound passes and one of 1.1× fails.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "orderblind/compare.hpp"
#include "properties/check/check.hpp"

using namespace orderblind;

namespace {

constexpr Eigen::Index n = 6, d = 4;
constexpr double big = 1e12;

io::table as_table(const Matrix<double>& m) {
  io::table t;
  t.source = "<memory>";
  t.element_type = "float64";
  t.rows = m.rows();
  t.cols = m.cols();
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) t.values.push_back(m(r, c));
  return t;
}

/// A layer that is the identity on X + PE, exactly, so that its only departure from equivariance is the
/// leak PE − P·PE the positions put into column 3.
// NOTE: why the identity, exactly. Columns 1 and 2 of X place token i on the unit circle at angle 2πi/n;
// W_Q = W_K = 100·(those two columns), so the score of i against j is 10^4·cos(θ_i − θ_j)/√4 and a token's
// own score exceeds every other by ≥ 10^4·(1 − cos 60°)/2 = 2500: exp(−2500) is 0 in double, the weights
// are exactly 1 and 0, and with W_V = I the output row i is (X + PE)_i bit for bit. Column 0 is the
// constant 10^12 (outside the scores); column 3 holds `base` plus the positions' leak.
properties::layer_files leaky_layer(double base, double leak_per_row) {
  Matrix<double> x(n, d), pe = Matrix<double>::Zero(n, d), wqk = Matrix<double>::Zero(d, d);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double theta = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
    x.row(i) << big, std::cos(theta), std::sin(theta), base;
    pe(i, 3) = leak_per_row * static_cast<double>(i);
  }
  wqk(1, 1) = wqk(2, 2) = 100;
  return {as_table(x), as_table(wqk), as_table(wqk), as_table(Matrix<double>::Identity(d, d)), std::nullopt, 1,
          false, as_table(pe)};
}

verify::check layer_check(const properties::layer_files& in) {
  properties::check_settings s;
  s.random_permutations = 5;
  return properties::check_layer_double(in, s).at(0);
}

double residual(const verify::check& c) {
  const double* r = c.residual.as<double>();
  return r ? *r : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

TEST_CASE("check --x … --add-pe: a 10^-6 leak per row beside a constant 10^12 column fails; one global max|V| "
          "passed it",
          "[robustness][check][layer][column]") {
  const auto in = leaky_layer(0.75, 1e-6);
  const auto c = layer_check(in);
  INFO(c.note << "; residual " << residual(c));
  CHECK(c.outcome == verify::verdict::failed);
  CHECK(c.bound == "≤ 4(n+1) = 28");
  // The reversal moves row 0's leak (0) to row 5 and back: |leak| = 5·10^-6 in column 3, whose own scale
  // is max|V_i3| = 0.75 + 5·10^-6: about 3·10^10 units of ε.
  CHECK(residual(c) > 1e10);
  // NOTE: what one global scale made of the same difference: 5·10^-6 / (ε·10^12) ≈ 0.02 units, far within
  // 4(n+1) = 28. That is the scale layer_double.cpp used before it bounded each column by its own.
  const double eps = std::numeric_limits<double>::epsilon();
  CHECK(5e-6 / (eps * big) < attention_reorder_bound_eps(n));
  // Without the leak every column holds (the constant column and the circle are moved exactly).
  const auto plain = layer_check(leaky_layer(0.75, 0));
  CHECK(plain.outcome == verify::verdict::held);
  CHECK(residual(plain) == 0);
}

TEST_CASE("check --x … --add-pe: a leak of 0.9× its column's own bound passes and one of 1.1× fails",
          "[robustness][check][layer][column][tolerance]") {
  // NOTE: column 3 is 1 + leak·i, its scale max_i|V_i3| = 1 + 5·leak ≈ 1, its bound 4(n+1) = 28 units of
  // ε·1 + η. The reversal's largest difference is 5·leak; choosing 5·leak = f·28ε puts it at f of the
  // bound. Each side rounds 1 + leak·i once (≤ ε/2), so the residual is f·28 within 1 unit (1/28 of the
  // bound): 0.9 stays below 1 and 1.1 above it, while the constant 10^12 column beside them would have
  // allowed 10^12 times more.
  const double eps = std::numeric_limits<double>::epsilon();
  const double bound = attention_reorder_bound_eps(n);
  for (const double f : {0.9, 1.1}) {
    const auto c = layer_check(leaky_layer(1.0, f * bound * eps / static_cast<double>(n - 1)));
    INFO("f = " << f << ": residual " << residual(c) << " of " << bound);
    CHECK(std::abs(residual(c) - f * bound) <= 1.0);
    CHECK(c.outcome == (f < 1 ? verify::verdict::held : verify::verdict::failed));
  }
}
