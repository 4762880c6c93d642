// SPDX-License-Identifier: MIT
// `orderblind check --pe table`: the PE catalogue's properties on a user's positional table
// (positions × dims), each with its worst case.
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "orderblind/compare.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "properties/check/check.hpp"
#include "properties/check/progress.hpp"

namespace orderblind::properties {
namespace {

std::string pos(Eigen::Index p) { return "position " + std::to_string(p); }

std::string sci(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

/// The table scaled by a power of two so that its largest |entry| lies in [1/2, 1), and the units its
/// floating laws are measured in (see the NOTE in `scale_free`).
struct scaled_table {
  Matrix<double> s;    ///< PE·2^-e
  int exponent = 0;    ///< e (0 for an all-zero table)
  double max_abs = 0;  ///< max|S| ∈ [1/2, 1) (0 for an all-zero table)
  double eps_in = 0;   ///< ε_in, the unit roundoff bound of the file's element type
  double unit = 0;     ///< u_S = max(ε_in·max|S|, η_in·2^-e) (> 0)
  std::string eta;     ///< η_in as text
};

// NOTE: scale-free units. Each floating law here is invariant under PE ↦ c·PE (c ≠ 0): bounded (the
// growth exponent of ‖PE(p)‖), shift-linearity (T_k does not change) and relative scores (G ↦ c²G);
// injectivity compares stored values exactly. So the verdict must not depend on a global scale, and the
// unit of every bound is the table's own magnitude: u = max(ε_in·max|PE|, η_in), where ε_in is the
// rounding of the file's element type (the error of a stored entry is ≤ (n+1)ε_in·max|PE| for a table
// computed from phases p·θ, p < n) and η_in its absolute rounding of a subnormal (2^-1074 for float64
// and CSV, 2^-149 for float32: the spacing of the subnormals, twice the largest rounding error there).
// A table entirely below the normal range (e.g. a sinusoid ×10^-310) has lost bits to that absolute
// rounding, and η_in states it; for any other table u = ε_in·max|PE|. There is no absolute floor such
// as max(1, max|PE|), which made every table below 1 in magnitude look exact (a random N(0, 0.02) table
// ×10^-20 passed relative scores and shift-linearity).
// The laws are computed on S = PE·2^-e with max|S| ∈ [1/2, 1): multiplying by a power of two only moves
// exponents, so S holds the stored values exactly (an entry more than 2^1021 times smaller than max|PE|
// may round, by ≤ 2^-1075 ≤ 2^-1022·ε·max|S|, far below the unit), and PE ×2^k gives bit for bit the same
// S and the same verdict. In S no square, Gram entry or norm can overflow or underflow (|S| ≤ 1, d ≤ 2^24):
// ×10^200 and ×10^-310 tables are checked like the unscaled one. u scales with S: u_S = u·2^-e.
scaled_table scale_free(const io::table& t, double eps_in) {
  scaled_table r;
  r.eps_in = eps_in;
  r.s = t.as<double>();
  const double m = max_abs(r.s);
  if (m > 0) {
    (void)std::frexp(m, &r.exponent);  // m = f·2^e, f ∈ [1/2, 1)
    for (Eigen::Index i = 0; i < r.s.rows(); ++i)
      for (Eigen::Index j = 0; j < r.s.cols(); ++j) r.s(i, j) = std::ldexp(r.s(i, j), -r.exponent);
    r.max_abs = max_abs(r.s);
  }
  const int eta_exponent = t.element_type == "float32" ? -149 : -1074;
  r.eta = "2^" + std::to_string(eta_exponent);
  // NOTE: ldexp underflows to 0 when η_in·2^-e is far below ε_in·max|S| (a large table): max takes the other.
  r.unit = std::max(eps_in * r.max_abs, std::ldexp(1.0, eta_exponent - r.exponent));
  // NOTE: u_S > 0 always: max|S| ≥ 1/2 unless the table is all zeros, and then e = 0 and u_S = η_in.
  return r;
}

/// "u = max(ε_in·max|PE|, η_in)" with its values, for a law's `unit`.
std::string unit_text(const scaled_table& st, const std::string& factor) {
  return factor + "u, u = max(ε_in·max|PE|, η_in), ε_in = " + sci(st.eps_in) + ", η_in = " +
         st.eta + " (scale-free: the table's own magnitude, no floor)";
}

/// Least-squares line y = a + α·x: the slope α and its standard error (0 when the fit is exact).
struct slope_fit {
  double alpha = 0, se = 0;
  long points = 0;
};
slope_fit fit_slope(const std::vector<double>& x, const std::vector<double>& y) {
  slope_fit f;
  f.points = static_cast<long>(x.size());
  if (x.size() < 3) return f;
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(x.size());
  my /= static_cast<double>(x.size());
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (!(sxx > 0)) return f;
  f.alpha = sxy / sxx;
  double rss = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - my - f.alpha * (x[i] - mx);
    rss += r * r;
  }
  f.se = std::sqrt(rss / static_cast<double>(x.size() - 2) / sxx);
  return f;
}

/// The growth exponent α of ‖PE(p)‖ ∝ p^α fitted on ln‖PE(p)‖ against ln p over positions [from, rows),
/// rows of norm 0 left out (their logarithm is −∞).
// NOTE: on the scaled table S (scale_free), with Eigen's stableNorm (scaled sums of squares): no norm
// overflows or underflows, so a ×10^200 or ×10^-310 table fits the same exponent as the unscaled one
// (ln‖S(p)‖ = ln‖PE(p)‖ − e·ln 2: the slope does not see the scale).
slope_fit growth_exponent(const Matrix<double>& s, Eigen::Index from) {
  std::vector<double> x, y;
  for (Eigen::Index p = std::max<Eigen::Index>(from, 1); p < s.rows(); ++p) {
    const double norm = s.row(p).stableNorm();
    if (norm > 0 && std::isfinite(norm)) {
      x.push_back(std::log(static_cast<double>(p)));
      y.push_back(std::log(norm));
    }
  }
  return fit_slope(x, y);
}

verify::check bounded(const io::table& t, const scaled_table& st) {
  verify::check r;
  r.id = "bounded";
  r.statement = "‖PE(p)‖ does not grow with p (growth exponent α of ‖PE(p)‖ ∝ p^α, least squares on ln‖PE(p)‖ "
                "against ln p)";
  r.arithmetic = "double (least-squares fits with standard errors)";
  r.evidence = verify::evidence_kind::double_on_data;
  r.compared = "the growth exponent α of ‖PE(p)‖, fitted over positions 1..end (α_all) and over the later half "
               "(α_late), each with its standard error σ; the residual is α_all + 3σ";
  r.bound = "held: α_all + 3σ < 0.05; FAILED: α_late − 3σ > 0.25; otherwise not decidable";
  const std::string unit = "α (3σ upper bound over the whole table)";
  // NOTE: the statistic and its thresholds. A finite table is always bounded; what a table can show is
  // whether its norm grows with p. α is fitted twice: over the whole table (α_all: "does it grow at
  // all?") and over the later half (α_late: "is it still growing where the table ends?"), each with its
  // standard error σ from the residuals (rows behave like noise around the trend for learned tables).
  //  - held ("no growth"): α_all + 3σ < 0.05. Below p^(1/20) the norm would rise less than 2× even over
  //    10^6 positions (10^(6/20) ≈ 2): slower than any rate a finite table could tell from a bound.
  //  - FAILED ("grows with p"): α_late − 3σ > 0.25, i.e. still growing at least like p^(1/4) (doubling
  //    every 16× in p) at the end of the table, at 3σ. The counter p·𝟙 is α = 1, a √p norm α = 1/2.
  //  - otherwise "not decidable from a finite table": e.g. ln p growth has local exponent 1/ln p ≈ 0.15
  //    at p ≈ 1000, which a finite table cannot tell from a slow approach to a bound.
  // 3σ: a false "grows" or "no growth" from noise has probability ≈ 0.1 % (normal residuals).
  // The old statistic (max |entry| of the later half ≤ that of the earlier half) is a comparison of
  // two maxima of noise: a random N(0, 0.02) table exceeds it about half the time.
  constexpr double flat_alpha = 0.05, growth_alpha = 0.25, sigmas = 3;
  if (t.rows < 8) {
    r.note = "needs at least 8 positions to fit a growth exponent";
    conclude(r, verify::verdict::skipped, unit, "");
    return r;
  }
  const slope_fit all = growth_exponent(st.s, 1), late = growth_exponent(st.s, t.rows / 2);
  r.cases = all.points;
  if (all.points < 6 || late.points < 3) {
    r.note = "fewer than 6 rows with a non-zero norm: no growth exponent can be fitted";
    conclude(r, verify::verdict::skipped, unit, "");
    return r;
  }
  const auto pm = [](const slope_fit& f) { return sci(f.alpha) + " ± " + sci(f.se); };
  const double worst = all.alpha + sigmas * all.se;
  r.residual = worst;
  const std::string worst_case = "α = " + pm(all) + " over positions 1.." + std::to_string(t.rows - 1) + " (" +
                 std::to_string(all.points) + " rows), α = " + pm(late) + " over the later half";
  verify::verdict v = verify::verdict::held;
  if (late.alpha - sigmas * late.se > growth_alpha) {
    v = verify::verdict::failed;
    r.note = "grows with p: at the end of the table ‖PE(p)‖ grows at least like p^" + sci(late.alpha - sigmas * late.se) +
             " (3σ), above the threshold p^0.25";
  } else if (worst < flat_alpha) {
    r.note = "no growth: α ≤ " + sci(worst) + " (3σ) < 0.05 over the whole table (a finite table cannot prove "
             "boundedness beyond its last row)";
  } else {
    v = verify::verdict::not_decidable;
    r.note = "not decidable from a finite table: ‖PE(p)‖ rises (α = " + pm(all) + ") but not clearly as a power " +
             "at the end of the table (α_late = " + pm(late) + ", threshold 0.25 at 3σ)";
  }
  conclude(r, v, unit, worst_case);
  return r;
}

verify::check injective(const io::table& t, const scaled_table& st, const check_settings& s) {
  verify::check r;
  r.id = "injective";
  r.statement = "no two positions share a row (PE(p) ≠ PE(q) for p ≠ q)";
  r.arithmetic = "exact comparison of the stored values";
  r.evidence = verify::evidence_kind::exact_on_data;
  r.compared = "every pair of rows p < q: their max-norm distance (the stored values, compared exactly); "
               "the residual is the smallest distance";
  r.bound = "> 0 (no two rows equal)";
  const std::string unit = "smallest max-norm distance between two rows, over max|PE| (scale-free)";
  if (t.rows < 2) {
    r.note = "needs at least 2 positions";
    conclude(r, verify::verdict::skipped, unit, "");
    return r;
  }
  double best = std::numeric_limits<double>::infinity();
  Eigen::Index bp = 0, bq = 1;
  progress bar("check: injectivity", static_cast<long>(t.rows), s.show_progress);
  for (Eigen::Index p = 0; p < t.rows; ++p) {
    for (Eigen::Index q = p + 1; q < t.rows; ++q) {
      double d = 0;
      for (Eigen::Index c = 0; c < t.cols; ++c) d = std::max(d, std::abs(t.at(p, c) - t.at(q, c)));
      if (d < best) {
        best = d;
        bp = p;
        bq = q;
      }
      ++r.cases;
    }
    bar.tick();
  }
  // NOTE: the verdict compares the stored values; the residual is shown relative to max|PE| (computed in
  // the scaled table, so that it neither overflows nor underflows at 10^±300).
  r.residual = st.max_abs > 0 ? std::ldexp(best, -st.exponent) / st.max_abs : 0.0;
  // NOTE: for doubles a − b == 0 iff a == b (gradual underflow), so distance 0 means equal rows exactly.
  conclude(r, verify::held_if(best > 0), unit, "closest rows: " + pos(bp) + " and " + pos(bq));
  return r;
}

/// The relative-score law on the Gram matrix G = PE·PEᵀ: G(m, n) depends only on m − n.
template <Scalar T>
verify::check relative_scores(const io::table& t, const scaled_table& st, const check_settings& s) {
  verify::check r;
  r.id = "relative scores";
  r.statement = "PE(m)·PE(n) depends only on m − n (M = I)";
  r.compared = "the Gram matrix G = PE·PEᵀ: along each offset m − n, the spread max G − min G; the residual is "
               "the largest spread";
  // NOTE: exactly, on the stored values (a dyadic rational each); in double, on the scaled table S
  // (scale_free), whose Gram entries cannot overflow.
  Matrix<T> pe;
  if constexpr (scalar_traits<T>::is_exact) pe = t.as<T>();
  else pe = st.s;
  const Matrix<T> g = multiply_transposed(pe, pe, "PE", "PE");
  const Eigen::Index n = t.rows;
  T worst(0);
  Eigen::Index worst_delta = 0;
  std::pair<Eigen::Index, Eigen::Index> wa{0, 0}, wb{0, 0};
  progress bar("check: relative scores", static_cast<long>(2 * n - 1), s.show_progress);
  for (Eigen::Index delta = -(n - 1); delta <= n - 1; ++delta) {
    const Eigen::Index m0 = std::max<Eigen::Index>(0, delta);
    Eigen::Index lo = m0, hi = m0;
    for (Eigen::Index m = m0; m < n && m - delta < n; ++m) {
      if (g(m, m - delta) < g(lo, lo - delta)) lo = m;
      if (g(hi, hi - delta) < g(m, m - delta)) hi = m;
      ++r.cases;
    }
    const T spread = g(hi, hi - delta) - g(lo, lo - delta);
    if (worst < spread) {
      worst = spread;
      worst_delta = delta;
      wa = {hi, hi - delta};
      wb = {lo, lo - delta};
    }
    bar.tick();
  }
  const auto pair = [](std::pair<Eigen::Index, Eigen::Index> p) {
    return "(" + std::to_string(p.first) + ", " + std::to_string(p.second) + ")";
  };
  const std::string worst_case = "offset m − n = " + std::to_string(worst_delta) + ": G" + pair(wa) + " vs G" + pair(wb);
  if constexpr (scalar_traits<T>::is_exact) {
    r.arithmetic = "mpq_rational (exact; the stored doubles as dyadic rationals)";
    r.evidence = verify::evidence_kind::exact_on_data;
    r.bound = "== (exact)";
    // NOTE: the verdict is ==; the residual is shown relative to max|PE|² so that it neither overflows
    // nor underflows as a double for a table at 10^200 or 10^-310.
    const T m = max_abs(pe);
    r.residual = m == T(0) ? 0.0 : static_cast<double>(T(worst / (m * m)));
    conclude(r, verify::held_if(worst == T(0)), "exact spread of G along one offset, over max|PE|²", worst_case);
  } else {
    // NOTE: why 4d(n+d+2), in units of max|PE|·u (scale_free; u_S and max|S| in S). A stored entry
    // carries an error ≤ (n+1)ε_in·max|PE| + η_in ≤ (n+2)u. A Gram entry sums d products: the inputs'
    // errors move it by ≤ 2d(n+2)·max|PE|·u, its own rounding by ≤ γ_d·d·max|PE|² ≤ d²·max|PE|·u (Higham
    // §3.1; ε ≤ ε_in, and in S no product underflows to matter). A spread is the difference of two
    // entries: ≤ 4d(n+2) + 2d² ≤ 4d(n+d+2). A table off the law by more is not relative, at any scale.
    const double unit = std::max(st.max_abs * st.unit, std::numeric_limits<double>::denorm_min());
    r.arithmetic = "double (on the table scaled by 2^" + std::to_string(-st.exponent) + ", exactly)";
    r.evidence = verify::evidence_kind::double_on_data;
    const double residual = static_cast<double>(worst) / unit;
    const double bound = s.tolerance_eps.value_or(4.0 * static_cast<double>(t.cols) * static_cast<double>(n + t.cols + 2));
    r.residual = residual;
    r.bound = stated_bound("4d(n+d+2)", bound, s.tolerance_eps.has_value());
    conclude(r, verify::held_if(residual <= bound), unit_text(st, "max|PE|·"), worst_case);
  }
  return r;
}

verify::check shift_linear(const io::table& t, const scaled_table& st, const check_settings& s) {
  verify::check r;
  r.id = "shift-linear";
  r.statement = "for each k one matrix T_k gives PE(p+k) = PE(p)·T_k for every p (least squares)";
  r.arithmetic = "double (complete orthogonal decomposition)";
  r.evidence = verify::evidence_kind::double_on_data;
  const Eigen::Index n = t.rows, d = t.cols;
  const Eigen::Index kmax = std::min<Eigen::Index>(4, n - d - 1);
  if (kmax < 1) {
    r.note = "needs more than d + 1 = " + std::to_string(d + 1) +
             " positions: with fewer rows than unknowns every table fits exactly";
    conclude(r, verify::verdict::skipped, "", "");
    return r;
  }
  const Matrix<double>& pe = st.s;
  r.arithmetic = "double (complete orthogonal decomposition, on the table scaled by 2^" + std::to_string(-st.exponent) +
                 ", exactly)";
  const std::string unit = unit_text(st, "");
  r.compared = "for k = 1.." + std::to_string(kmax) + ", the least-squares T_k of PE(p)·T_k ≈ PE(p+k) over every p; "
               "the residual is the largest entry of |PE(p)·T_k − PE(p+k)|";
  const double bound = s.tolerance_eps.value_or(16.0 * static_cast<double>(n + d));
  r.bound = stated_bound("16(n+d)", bound, s.tolerance_eps.has_value());
  double worst = -1;
  std::string worst_case;
  for (Eigen::Index k = 1; k <= kmax; ++k) {
    const Eigen::MatrixXd a = pe.topRows(n - k), b = pe.bottomRows(n - k);
    const Eigen::MatrixXd tk = a.completeOrthogonalDecomposition().solve(b);
    const Eigen::MatrixXd res = a * tk - b;
    Eigen::Index rr = 0, rc = 0;
    ++r.cases;
    if (const auto at = first_incomparable(Matrix<double>(res))) {
      // NOTE: a NaN residual (an overflowed fit) fails; maxCoeff would not see it.
      r.residual = std::numeric_limits<double>::infinity();
      conclude(r, verify::verdict::failed, unit,
               "shift k = " + std::to_string(k) + ", " + pos(at.row + k) + ", dim " + std::to_string(at.col) +
                   ": the fit's residual is " + describe_incomparable(res(at.row, at.col)));
      return r;
    }
    const double w = res.cwiseAbs().maxCoeff(&rr, &rc) / st.unit;
    if (w > worst) {
      worst = w;
      worst_case = "shift k = " + std::to_string(k) + ", " + pos(rr + k) + ", dim " + std::to_string(rc);
    }
  }
  // NOTE: why 16(n+d), in units of u (scale_free). A truly shift-linear table stored with errors E
  // (|E| ≤ (n+2)u, as for relative scores) leaves a residual |E_B − E_A·T_k| ≤ (1 + ‖T_k‖∞)(n+2)u, with
  // ‖T_k‖∞ ≤ √2 for the sinusoid's 2×2 rotations; the least-squares solve is backward stable and adds
  // O((n+d)ε·max|PE|).
  // 16(n+d) covers both with margin; a counter's residual is ~10^13 times larger.
  r.residual = worst;
  conclude(r, verify::held_if(worst <= bound), unit, worst_case);
  return r;
}

}  // namespace

double input_unit_roundoff(const io::table& t) {
  return t.element_type == "float32" ? static_cast<double>(std::numeric_limits<float>::epsilon())
                                     : std::numeric_limits<double>::epsilon();
}

verify::value::checks check_pe_table(const io::table& pe, bool exact, const check_settings& s) {
  const scaled_table st = scale_free(pe, input_unit_roundoff(pe));
  verify::value::checks out{bounded(pe, st), injective(pe, st, s)};
  out.push_back(shift_linear(pe, st, s));
  out.push_back(exact ? relative_scores<mpq_rational>(pe, st, s) : relative_scores<double>(pe, st, s));
  for (auto& r : out) r.note = (r.note.empty() ? "" : r.note + "; ") + "table " + pe.describe();
  return out;
}

}  // namespace orderblind::properties
