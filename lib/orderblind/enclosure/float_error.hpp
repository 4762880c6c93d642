// SPDX-License-Identifier: MIT
#pragma once
/// Floating error, honestly: how far the double layer is from equivariant, in units of ε of the largest
/// output (Boost.Math style: max and RMS, worst input kept), and how far it is from the real value.
///
/// Attn(PX) and P·Attn(X) differ in double only through the two sums over the sequence axis (the
/// normaliser and A·V), which change their order. Summing sorted terms (summation::sorted) makes every
/// ordering of the same multiset give the same bits, so the sorted layer is bit-for-bit equivariant.
// NOTE: double products are fma chains (s = fma(a_k, b_k, s) in k order, matrix.hpp), and the bounds this
// table checks against still hold. (1) Bit-identical projections and scores on both sides: each entry is
// still one fixed sequence of operations on one row's data, so P·(XW) = (PX)W bit for bit. (2) The
// bound 4(n+1) (attention_reorder_bound_eps, compare.hpp) rests on the γ_n bound for a sum of n terms,
// |fl(Σ a_j v_j) − Σ a_j v_j| ≤ γ_n Σ|a_j v_j| (Higham, Accuracy and Stability, §3.1): with fma, term j
// meets one rounding in its own fma and one in each later one, n − j + 1 ≤ n factors (1 + δ), |δ| ≤ u,
// against n − j + 2 (and n for the first) when the product is rounded first; the bound only gets
// smaller, and the normaliser Σ_j w_j has no products at all. (3) The sorted path adds rounded products
// a_j·v_j (weighted_sum), so it is unchanged and still bit-for-bit equivariant. (4) The mpfr100
// reference is unaffected (fma applies to double only). The battery's tolerances
// (properties/battery/tolerances.hpp) hold for the same reasons: multi_head_reorder_bound_eps uses
// γ_d for the W_O dot product, which (2) covers; softmax_weight_reorder_bound_eps involves sums and
// divisions only; rotation_bound_eps counts ≤ 3 roundings for two products and a sum, and fusing one
// product into the sum leaves 2.
#include <cmath>
#include <cstdint>
#include <limits>
#include <cstdio>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::enclosure {

/// How the inputs are drawn (printed with the table).
inline std::string float_error_inputs() {
  return "case_source(seed, case) (" + case_source::describe() + "): X n x 16 and W_Q, W_K (16 x 8), W_V (16 x 8) entries uniform in [-1, 1], "
         "W_Q scaled by 4 so that rows of A range from flat to peaked; scale 1/sqrt(8); P uniform";
}

/// A kernel that must fail the table: softmax with the first weight of each row scaled by (1 + 2^-30).
struct nudged_softmax_kernel {
  static constexpr const char* name = "MUTANT softmax, first weight × (1 + 2^-30)";
  template <Scalar T>
  static constexpr bool supports = scalar_traits<T>::has_exp;
  template <Scalar T>
  static std::vector<T> weights(const std::vector<T>& s, summation how) {
    auto w = softmax_kernel::weights<T>(s, how);
    w.front() *= T(1) + T(std::ldexp(1.0, -30));
    return w;
  }
};

namespace detail {
struct float_case {
  Matrix<double> x;
  head_weights<double> w;
  permutation p;
};
inline float_case draw_float_case(std::uint64_t seed, long k, Eigen::Index n) {
  case_source rng(seed ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(k + 1)) ^ static_cast<std::uint64_t>(n));
  auto mat = [&](Eigen::Index r, Eigen::Index c, double s) {
    Matrix<double> m(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
      for (Eigen::Index j = 0; j < c; ++j) m(i, j) = s * rng.uniform_real(-1, 1);
    return m;
  };
  float_case fc{mat(n, 16, 1), {mat(16, 8, 4), mat(16, 8, 1), mat(16, 8, 1)}, permutation::identity(static_cast<std::size_t>(n))};
  std::vector<std::size_t> order(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  rng.shuffle(order.begin(), order.end());
  fc.p = permutation(order);
  return fc;
}
}  // namespace detail

/// The table over sequence lengths `ns`, `cases` inputs each, for both summation policies: one check per
/// (summation, n) row. In-order sums: |Attn(PX) − P·Attn(X)| within the derived bound 4(n+1) ε (sampled,
/// within a bound; residual: the max in units of ε·max|V| + η, V = X·W_V); sorted sums: bit for bit
/// (sampled, ==). Details: summation, n, RMS, bit-identical cases, the bound, the accuracy against mpfr100
/// (null without `with_accuracy`) and the worst input; a NaN or infinite output fails its row, named in the note.
template <class K = softmax_kernel>
verify::value::checks float_error_table(const std::vector<Eigen::Index>& ns, long cases, std::uint64_t seed,
                                        bool with_accuracy) {
  verify::value::checks rows;
  const verify::permutation_law law = verify::equivariance("Attn(PX) = P·Attn(X)");
  const double eps = std::numeric_limits<double>::epsilon();
  for (const auto n : ns)
    for (const auto how : {summation::in_order, summation::sorted}) {
      const bool sorted = how == summation::sorted;
      const double bound_eps = sorted ? 0.0 : attention_reorder_bound_eps(n);
      double max_eps = 0, sum_sq = 0, acc_sq = 0, acc_max = 0;
      long entries = 0, bit_identical = 0, failed_cases = 0;
      std::string worst, non_number, first_failure;
      attention_options<double> opt;
      opt.sum = how;
      for (long k = 0; k < cases; ++k) {
        const auto fc = detail::draw_float_case(seed, k, n);
        const auto attn = [&](const std::vector<Matrix<double>>& in) { return self_attention<double, K>(in[0], fc.w, opt); };
        const auto [zp, pz] = verify::sides<double>(law, attn, {fc.x}, fc.p);
        // NOTE: Attn(X) itself (for the mpfr100 reference and the not-a-number test) is P·Attn(X) with its
        // rows put back: P only moves rows, so no third evaluation is needed.
        const auto z = fc.p.inverse().apply_rows(pz);
        // NOTE: the unit is ε·max|V| + η (V = X·W_V), the scale of the reordering bound 4(n+1) as
        // verify::compare applies it (attn_reorder_eps in proofs/formal/FloatSum.v): no max(1, ·) floor.
        const double magnitude = max_abs(multiply(fc.x, fc.w.wv));
        const double scale = magnitude * eps + std::numeric_limits<double>::denorm_min();
        if (exactly_equal(zp, pz)) ++bit_identical;
        // NOTE: the verdict is verify::compare's (verify/bound.hpp): == for sorted sums, 4(n+1)(ε·max|V| + η)
        // for in-order ones; NaN never passes: a NaN (or an infinity) in either output fails the row and is
        // named (the statistics below would otherwise skip it: `NaN > max` is false).
        const auto cmp = verify::compare(zp, pz,
                                         sorted ? verify::equality<double>("== (bit for bit)")
                                                : verify::within_eps<double>(bound_eps, verify::one_scale(magnitude), ""),
                                         "Attn(PX)", "P·Attn(X)");
        if (!cmp.held && ++failed_cases == 1)
          first_failure = "case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", n = " + std::to_string(n) +
                          ", P = " + fc.p.cycles() + "): " + cmp.why;
        if (const std::string bad = incomparable_entry(zp, "Attn(PX)", pz, "P·Attn(X)"); !bad.empty() && non_number.empty())
          non_number = "case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", n = " + std::to_string(n) +
                       "): " + bad;
        if (const auto p = first_incomparable(z); p && non_number.empty())
          non_number = "case " + std::to_string(k + 1) + ": Attn(X)" + p.str() + " is " + describe_incomparable(z(p.row, p.col));
        for (Eigen::Index i = 0; i < z.rows(); ++i)
          for (Eigen::Index j = 0; j < z.cols(); ++j) {
            const double e = std::abs(zp(i, j) - pz(i, j)) / scale;
            sum_sq += e * e;
            ++entries;
            if (e > max_eps) {
              max_eps = e;
              worst = "case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", n = " + std::to_string(n) +
                      ", P = " + fc.p.cycles() + ", entry (" + std::to_string(i) + "," + std::to_string(j) + "))";
            }
          }
        if (with_accuracy) {
          attention_options<mpfr100> ro;
          ro.sum = summation::in_order;
          const auto zr = self_attention<mpfr100, softmax_kernel>(cast_matrix<mpfr100>(fc.x),
                                                                  {cast_matrix<mpfr100>(fc.w.wq), cast_matrix<mpfr100>(fc.w.wk),
                                                                   cast_matrix<mpfr100>(fc.w.wv)},
                                                                  ro);
          for (Eigen::Index i = 0; i < z.rows(); ++i)
            for (Eigen::Index j = 0; j < z.cols(); ++j) {
              const double e = static_cast<double>(abs(mpfr100(zr(i, j) - mpfr100(z(i, j))))) / scale;
              acc_sq += e * e;
              acc_max = std::max(acc_max, e);
            }
        }
      }
      const auto rms = [&](double sq) { return entries ? std::sqrt(sq / static_cast<double>(entries)) : 0.0; };
      if (!non_number.empty()) worst = "not a number: " + non_number;
      if (worst.empty()) worst = "none (every case bit-identical)";
      char bound[32];
      std::snprintf(bound, sizeof bound, "%.3g", bound_eps);
      verify::check c;
      c.id = std::string(sorted ? "sorted" : "in order") + ", n = " + std::to_string(n);
      c.statement = sorted ? "Attn(PX) == P·Attn(X) bit for bit, with sorted sums"
                           : "|Attn(PX) − P·Attn(X)| ≤ 4(n+1)(ε·max|V| + η), V = X·W_V, with in-order sums";
      c.source = sorted ? "summation::sorted (lib/orderblind/matrix.hpp)"
                        : "attention_reorder_bound_eps (lib/orderblind/compare.hpp; Higham §4.2)";
      c.compared = "Attn(PX) against P·Attn(X), every entry, in units of ε·max|V| + η, ε = 2^-52, η = 2^-1074";
      c.arithmetic = "double (IEEE binary64)";
      c.evidence = sorted ? verify::evidence_kind::sampled_exact : verify::evidence_kind::sampled_within_bound;
      c.bound = sorted ? "== (bit for bit)" : "≤ " + std::string(bound) + " ε (4(n+1))";
      c.residual = max_eps;
      c.cases = cases;
      c.seed = seed;
      c.outcome = verify::held_if(non_number.empty() && failed_cases == 0);
      c.note = non_number.empty() ? first_failure : "not a number: " + non_number;
      // NOTE: the accuracy columns are null when the mpfr100 reference was skipped, never a made-up 0.
      const auto accuracy = [&](double v) { return with_accuracy ? verify::value(v) : verify::value(); };
      c.with("summation", sorted ? "sorted" : "in order")
          .with("n", static_cast<std::int64_t>(n))
          .with("rms_eps", rms(sum_sq))
          .with("bit_identical", bit_identical)
          .with("bound_eps", bound_eps)
          .with("accuracy_max_eps", accuracy(acc_max))
          .with("accuracy_rms_eps", accuracy(rms(acc_sq)))
          .with("worst", worst);
      rows.push_back(std::move(c));
    }
  return rows;
}

/// `orderblind float-error`'s report ("orderblind-float-error/2"): the table over n = 2 … 64 with its inputs,
/// arithmetic and bound rule.
template <class K = softmax_kernel>
verify::report float_error_report(long cases, std::uint64_t seed, bool accuracy) {
  verify::report r{"orderblind-float-error/2", "Floating error of attention's equivariance, double (IEEE binary64)", {}};
  r.add("what", "max |Attn(PX) - P·Attn(X)| / (eps·max|V| + eta), V = X·W_V, double")
      .add("arithmetic", "double (IEEE binary64), reference mpfr100")
      .add("cases_per_row", cases)
      .add("seed", seed)
      .add("inputs", float_error_inputs())
      .add("accuracy", accuracy ? "|Attn_double(X) - Attn_mpfr100(X)| in the same units (accuracy max / RMS)"
                                : "not computed (--no-accuracy)")
      .add("rows", float_error_table<K>({2, 4, 8, 16, 32, 64}, cases, seed, accuracy))
      .add("bound_rule", "4(n+1) eps for in-order sums (lib/orderblind/compare.hpp, attention_reorder_bound_eps); "
                         "sorted sums must be bit-for-bit (summation::sorted)");
  return r;
}

}  // namespace orderblind::enclosure
