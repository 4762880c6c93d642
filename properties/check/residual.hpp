// SPDX-License-Identifier: MIT
#pragma once
/// The law behind `orderblind plot residual`: the equivariance residual Attn(PX) − P·Attn(X) of one head
/// in double against its reordering bound, 4(n+1)(ε·max_i|V_ij| + η) in output column j (V = X·W_V: the
/// bound of `orderblind check` on a layer), and the same head over mpq_rational with ==, for
/// n = 2..max_tokens. Computation and verdicts only: two checks, each with its sizes as a table, which the
/// command draws (cli/plot_residual.cpp). The heads are parameters so that the law's mutants can be run
/// through the same code (tests/plot/residual_law_test.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <functional>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/report.hpp"
#include "properties/check/layer_impl.hpp"

namespace orderblind::properties {

/// One head in double (X, W) ↦ Attn(X).
using double_head = std::function<Matrix<double>(const Matrix<double>&, const head_weights<double>&)>;
/// One head over mpq_rational (X, W) ↦ Attn(X).
using exact_head = std::function<Matrix<mpq_rational>(const Matrix<mpq_rational>&, const head_weights<mpq_rational>&)>;

/// The library's head in double: self_attention<double> (softmax, scale 1/√4, in-order sums).
inline double_head library_double_head() {
  return [](const Matrix<double>& x, const head_weights<double>& w) { return self_attention<double>(x, w); };
}

/// The library's head over mpq_rational: self_attention with the rational kernel and the scale 1/2 = 1/√4.
inline exact_head library_exact_head() {
  return [](const Matrix<mpq_rational>& x, const head_weights<mpq_rational>& w) {
    attention_options<mpq_rational> opt;
    opt.scale = mpq_rational(1, 2);  // 1/√4, exact
    return self_attention<mpq_rational, rational_kernel>(x, w, opt);
  };
}

/// The model dimension of the sweep's head (X is n × 4, W_Q, W_K, W_V are 4 × 4).
inline constexpr Eigen::Index residual_head_dim = 4;

/// The sweep n = 2..max_tokens as two checks. W and, for each n, X are drawn uniform in [−2, 2) from
/// case_source(seed); at each n the permutations of `for_each_permutation(n, permutations, seed + n, …)`; the
/// rational head reads the same doubles as exact dyadic rationals.
///  - residual[double]: at every n, Attn(PX) within 4(n+1)(ε·max_i|V_ij| + η) of P·Attn(X) in every output
///    column j; residual the largest fraction of that bound reached. Detail `sizes`: per n, `n`, `residual`
///    (the worst over the permutations, in ε·max_i|V_ij| + η; a NaN is kept) and `bound` (4(n+1)).
///  - residual[mpq_rational]: Attn(PX) == P·Attn(X) at every n. Detail `sizes`: per n, `n` and `held`.
/// No sizes (max_tokens < 2) holds nothing: both fail.
inline verify::value::checks equivariance_residual(long max_tokens, long permutations, std::uint64_t seed,
                                                   const double_head& dbl = library_double_head(),
                                                   const exact_head& exact = library_exact_head()) {
  constexpr Eigen::Index d = residual_head_dim;
  using Q = mpq_rational;
  case_source rng(seed);
  const auto random_matrix = [&](Eigen::Index r, Eigen::Index c) {
    Matrix<double> m(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
      for (Eigen::Index j = 0; j < c; ++j) m(i, j) = rng.uniform_real(-2.0, 2.0);
    return m;
  };
  const head_weights<double> w{random_matrix(d, d), random_matrix(d, d), random_matrix(d, d)};
  const head_weights<Q> wq{cast_matrix<Q>(w.wq), cast_matrix<Q>(w.wk), cast_matrix<Q>(w.wv)};
  const auto law = verify::equivariance("Attn(PX) = P·Attn(X)");
  const auto f = [&](const std::vector<Matrix<double>>& a) { return dbl(a[0], w); };
  const auto fq = [&](const std::vector<Matrix<Q>>& a) { return exact(a[0], wq); };
  verify::value::list double_sizes, exact_sizes;
  long sizes = 0, within = 0, exact_equal = 0, worst_n = 0, cases = 0;
  double worst_fraction = 0;
  for (long n = 2; n <= max_tokens; ++n) {
    const std::vector<Matrix<double>> x{random_matrix(n, d)};
    const auto z = f(x);
    // NOTE: the comparison runs at k = 1, so its ratio is the residual in ε·max_i|V_ij| + η (per column, as
    // `check` bounds a user's layer: layer_double.cpp); the law holds at n when that is ≤ 4(n+1).
    const auto tol = verify::within_eps<double>(1.0, verify::column_scales(Matrix<double>(multiply(x[0], w.wv, "X", "W_V"))),
                                                "ε·max_i|V_ij| + η in output column j");
    const std::vector<Matrix<Q>> xq{cast_matrix<Q>(x[0])};
    const auto zq = fq(xq);
    double worst = 0;
    bool equal = true;
    for_each_permutation(static_cast<std::size_t>(n), permutations, seed + static_cast<std::uint64_t>(n),
                         [&](const std::string&, const permutation& p) {
                           const auto [lhs, rhs] = verify::sides<double>(law, f, x, p, z);
                           const double r = verify::compare(lhs, rhs, tol).ratio;
                           if (!(r <= worst)) worst = r;  // NOTE: keeps a NaN (std::max would drop it)
                           const auto [lq, rq] = verify::sides<Q>(law, fq, xq, p, zq);
                           equal = equal && verify::compare(lq, rq, verify::equality<Q>()).held;
                           ++cases;
                           return true;
                         });
    const double bound = attention_reorder_bound_eps(n);
    ++sizes;
    within += worst <= bound;
    exact_equal += equal;
    // NOTE: written so that NaN fails: `worst <= bound` is false for NaN, and the first NaN fraction is the
    // worst one reported.
    if (const double fraction = worst / bound; !std::isnan(worst_fraction) && !(fraction <= worst_fraction)) {
      worst_fraction = fraction;
      worst_n = n;
    }
    double_sizes.push_back(verify::value::object{{"n", n}, {"residual", worst}, {"bound", bound}});
    exact_sizes.push_back(verify::value::object{{"n", n}, {"held", equal}});
  }
  const std::string dims = "d = " + std::to_string(residual_head_dim) + ", one head";
  const std::string perms = "the reversal, a swap, a rotation and random permutations at each n";
  verify::check dc;
  dc.id = "residual[double]";
  dc.statement = "|Attn(PX) − P·Attn(X)| ≤ 4(n+1)(ε·max_i|V_ij| + η) in every output column j, at every n (softmax, "
                 "in-order sums)";
  dc.source = "attention_reorder_bound_eps (lib/orderblind/compare.hpp)";
  dc.compared = "Attn(PX) against P·Attn(X), " + perms + " (n = 2.." + std::to_string(max_tokens) + ", " + dims + ")";
  dc.arithmetic = "double (IEEE binary64)";
  dc.evidence = verify::evidence_kind::sampled_within_bound;
  dc.bound = "residual / 4(n+1) ≤ 1 at every n (residual in ε·max_i|V_ij| + η, column j)";
  dc.residual = worst_fraction;
  dc.cases = cases;
  dc.seed = seed;
  dc.outcome = verify::held_if(within == sizes && sizes > 0);
  dc.note = "largest fraction of the bound at n = " + std::to_string(worst_n) + "; " + std::to_string(within) + " of " +
            std::to_string(sizes) + " sizes within it";
  dc.with("sizes", std::move(double_sizes));
  verify::check qc;
  qc.id = "residual[mpq_rational]";
  qc.statement = "Attn(PX) == P·Attn(X) at every n (rational kernel, exact)";
  qc.compared = dc.compared;
  qc.arithmetic = "mpq_rational (exact, ==)";
  qc.evidence = verify::evidence_kind::sampled_exact;
  qc.bound = "== (exact)";
  qc.cases = cases;
  qc.seed = seed;
  qc.outcome = verify::held_if(exact_equal == sizes && sizes > 0);
  qc.note = std::to_string(exact_equal) + " of " + std::to_string(sizes) + " sizes held with ==";
  qc.with("sizes", std::move(exact_sizes));
  return {std::move(dc), std::move(qc)};
}

}  // namespace orderblind::properties
