// SPDX-License-Identifier: MIT
#pragma once
/// The law behind `orderblind plot residual`: the equivariance residual max|Attn(PX) − P·Attn(X)| of one
/// head in double against its reordering bound 4(n+1)ε·max(1, max|X·W_V|), and the same head over
/// mpq_rational with ==, for n = 2..max_tokens. Computation and verdicts only; the command draws the
/// sweep (cli/plot_residual.cpp). The heads are parameters so that the law's mutants can be run through
/// the same code (tests/plot/residual_law_test.cpp).
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
#include "orderblind/verify/report.hpp"
#include "properties/check/layer_impl.hpp"

namespace orderblind::properties {

/// One token count n of the sweep.
struct residual_row {
  long n = 0;
  /// max over the permutations tried of max|Attn(PX) − P·Attn(X)|, in ε·max(1, max|X·W_V|); a NaN is kept.
  double worst = 0;
  double bound = 0;          ///< attention_reorder_bound_eps(n) = 4(n+1), in the same unit
  bool exact_equal = false;  ///< the rational head held with == for every permutation tried
};

/// The sweep n = 2..max_tokens and what it drew.
struct residual_sweep {
  std::vector<residual_row> rows;
  long cases = 0;         ///< (n, P) pairs compared, over every n
  long max_tokens = 0;    ///< the largest n
  long permutations = 0;  ///< random permutations per n, besides the reversal, a swap and a rotation
  std::uint64_t seed = 0;
};

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

/// Measures the sweep: W and, for each n, X drawn uniform in [−2, 2) from case_source(seed); at each n the
/// permutations of `for_each_permutation(n, permutations, seed + n, …)`. The rational head reads the same
/// doubles as exact dyadic rationals.
inline residual_sweep equivariance_residual_sweep(long max_tokens, long permutations, std::uint64_t seed,
                                                  const double_head& dbl = library_double_head(),
                                                  const exact_head& exact = library_exact_head()) {
  constexpr Eigen::Index d = residual_head_dim;
  case_source rng(seed);
  const auto random_matrix = [&](Eigen::Index r, Eigen::Index c) {
    Matrix<double> m(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
      for (Eigen::Index j = 0; j < c; ++j) m(i, j) = rng.uniform_real(-2.0, 2.0);
    return m;
  };
  const head_weights<double> w{random_matrix(d, d), random_matrix(d, d), random_matrix(d, d)};
  const head_weights<mpq_rational> wq{cast_matrix<mpq_rational>(w.wq), cast_matrix<mpq_rational>(w.wk),
                                      cast_matrix<mpq_rational>(w.wv)};
  const double eps = scalar_traits<double>::epsilon();
  residual_sweep s;
  s.max_tokens = max_tokens;
  s.permutations = permutations;
  s.seed = seed;
  for (long n = 2; n <= max_tokens; ++n) {
    const auto x = random_matrix(n, d);
    const auto z = dbl(x, w);
    // NOTE: the unit is ε·max|V| + η, as verify::compare applies the bound (no max(1, ·) floor).
    const double mag = max_abs(multiply(x, w.wv, "X", "W_V")), eta = std::numeric_limits<double>::denorm_min();
    const auto xq = cast_matrix<mpq_rational>(x);
    const auto zq = exact(xq, wq);
    residual_row row;
    row.n = n;
    row.bound = attention_reorder_bound_eps(n);
    row.exact_equal = true;
    for_each_permutation(static_cast<std::size_t>(n), permutations, seed + static_cast<std::uint64_t>(n),
                         [&](const std::string&, const permutation& p) {
                           const double r =
                               max_abs_difference(dbl(p.apply_rows(x), w), Matrix<double>(p.apply_rows(z))) / (eps * mag + eta);
                           if (!(r <= row.worst)) row.worst = r;  // NOTE: keeps a NaN (std::max would drop it)
                           row.exact_equal = row.exact_equal && exactly_equal(exact(p.apply_rows(xq), wq),
                                                                              Matrix<mpq_rational>(p.apply_rows(zq)));
                           ++s.cases;
                           return true;
                         });
    s.rows.push_back(row);
  }
  return s;
}

/// The two checks of a sweep: residual[double] (worst ≤ bound at every n) and residual[mpq_rational]
/// (== at every n). No sizes (max_tokens < 2) holds nothing: both fail.
// NOTE: written so that NaN fails: `worst <= bound` is false for NaN, and the first NaN fraction is the
// worst one reported.
inline verify::value::checks equivariance_residual_checks(const residual_sweep& s) {
  const long sizes = static_cast<long>(s.rows.size());
  long within = 0, exact_equal = 0, worst_n = 0;
  double worst_fraction = 0;
  for (const auto& r : s.rows) {
    if (r.worst <= r.bound) ++within;
    if (r.exact_equal) ++exact_equal;
    const double fraction = r.worst / r.bound;
    if (!std::isnan(worst_fraction) && !(fraction <= worst_fraction)) {
      worst_fraction = fraction;
      worst_n = r.n;
    }
  }
  const std::string dims = "d = " + std::to_string(residual_head_dim) + ", one head";
  const std::string perms = "the reversal, a swap, a rotation and random permutations at each n";
  verify::check d;
  d.id = "residual[double]";
  d.statement = "max|Attn(PX) − P·Attn(X)| ≤ 4(n+1) ε·max(1, max|V|) at every n (softmax, in-order sums)";
  d.source = "attention_reorder_bound_eps (lib/orderblind/compare.hpp)";
  d.compared = "Attn(PX) against P·Attn(X), " + perms + " (n = 2.." + std::to_string(s.max_tokens) + ", " + dims + ")";
  d.arithmetic = "double (IEEE binary64)";
  d.evidence = verify::evidence_kind::sampled_within_bound;
  d.bound = "residual / 4(n+1) ≤ 1 at every n (residual in ε·max(1, max|V|))";
  d.residual = worst_fraction;
  d.cases = s.cases;
  d.seed = s.seed;
  d.outcome = verify::held_if(within == sizes && sizes > 0);
  d.note = "largest fraction of the bound at n = " + std::to_string(worst_n) + "; " + std::to_string(within) + " of " +
           std::to_string(sizes) + " sizes within it";
  verify::check q;
  q.id = "residual[mpq_rational]";
  q.statement = "Attn(PX) == P·Attn(X) at every n (rational kernel, exact)";
  q.compared = d.compared;
  q.arithmetic = "mpq_rational (exact, ==)";
  q.evidence = verify::evidence_kind::sampled_exact;
  q.bound = "== (exact)";
  q.cases = s.cases;
  q.seed = s.seed;
  q.outcome = verify::held_if(exact_equal == sizes && sizes > 0);
  q.note = std::to_string(exact_equal) + " of " + std::to_string(sizes) + " sizes held with ==";
  return {std::move(d), std::move(q)};
}

}  // namespace orderblind::properties
