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
#include <random>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind::enclosure {

/// One row of the table: one sequence length and one summation policy.
struct float_error_row {
  std::string summation;      ///< "in order" or "sorted"
  Eigen::Index n = 0;         ///< tokens
  long cases = 0;
  double max_eps = 0;         ///< max over cases and entries of |Attn(PX) − P·Attn(X)| / (ε·max(1, max|Attn(X)|))
  double rms_eps = 0;         ///< RMS of the same over every entry of every case
  long bit_identical = 0;     ///< cases where Attn(PX) == P·Attn(X) bit for bit
  double bound_eps = 0;       ///< the derived bound attention_reorder_bound_eps(n) (0: must be bit-for-bit)
  bool held = false;          ///< max_eps ≤ bound_eps (sorted: every case bit-identical)
  std::string worst;          ///< the worst input: case, seed, P
  // Accuracy against an mpfr100 reference (filled when asked).
  double acc_max_eps = -1;    ///< max |Attn_double(X) − Attn_mpfr100(X)| / (ε·max(1, max|Attn(X)|)); −1: not run
  double acc_rms_eps = -1;
  std::string non_number;     ///< the first case with a NaN or infinite output ("" if none); the row then fails
};

/// How the inputs are drawn (printed with the table).
inline std::string float_error_inputs() {
  return "std::mt19937_64(seed, case): X n x 16 and W_Q, W_K (16 x 8), W_V (16 x 8) entries uniform in [-1, 1], "
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
  std::mt19937_64 rng(seed ^ (0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(k + 1)) ^ static_cast<std::uint64_t>(n));
  std::uniform_real_distribution<double> u(-1, 1);
  auto mat = [&](Eigen::Index r, Eigen::Index c, double s) {
    Matrix<double> m(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
      for (Eigen::Index j = 0; j < c; ++j) m(i, j) = s * u(rng);
    return m;
  };
  float_case fc{mat(n, 16, 1), {mat(16, 8, 4), mat(16, 8, 1), mat(16, 8, 1)}, permutation::identity(static_cast<std::size_t>(n))};
  std::vector<std::size_t> order(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  fc.p = permutation(order);
  return fc;
}
}  // namespace detail

/// The table over sequence lengths `ns`, `cases` inputs each, for both summation policies.
template <class K = softmax_kernel>
std::vector<float_error_row> float_error_table(const std::vector<Eigen::Index>& ns, long cases, std::uint64_t seed,
                                               bool with_accuracy) {
  std::vector<float_error_row> rows;
  const double eps = std::numeric_limits<double>::epsilon();
  for (const auto n : ns)
    for (const auto how : {summation::in_order, summation::sorted}) {
      float_error_row r;
      r.summation = how == summation::sorted ? "sorted" : "in order";
      r.n = n;
      r.cases = cases;
      r.bound_eps = how == summation::sorted ? 0.0 : attention_reorder_bound_eps(n);
      double sum_sq = 0, acc_sq = 0;
      long entries = 0;
      if (with_accuracy) r.acc_max_eps = r.acc_rms_eps = 0;
      attention_options<double> opt;
      opt.sum = how;
      for (long k = 0; k < cases; ++k) {
        const auto fc = detail::draw_float_case(seed, k, n);
        const auto z = self_attention<double, K>(fc.x, fc.w, opt);
        const auto zp = self_attention<double, K>(fc.p.apply_rows(fc.x), fc.w, opt);
        const auto pz = fc.p.apply_rows(z);
        const double scale = std::max(1.0, max_abs(z)) * eps;
        if (exactly_equal(zp, pz)) ++r.bit_identical;
        // NOTE: NaN never passes: a NaN (or an infinity) in either output makes the row fail and names it;
        // the loop below would otherwise skip it (`NaN > max` is false).
        if (const std::string bad = incomparable_entry(zp, "Attn(PX)", pz, "P·Attn(X)"); !bad.empty() && r.non_number.empty())
          r.non_number = "case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", n = " + std::to_string(n) +
                         "): " + bad;
        if (const auto p = first_incomparable(z); p && r.non_number.empty())
          r.non_number = "case " + std::to_string(k + 1) + ": Attn(X)" + p.str() + " is " + describe_incomparable(z(p.row, p.col));
        for (Eigen::Index i = 0; i < z.rows(); ++i)
          for (Eigen::Index j = 0; j < z.cols(); ++j) {
            const double e = std::abs(zp(i, j) - pz(i, j)) / scale;
            sum_sq += e * e;
            ++entries;
            if (e > r.max_eps) {
              r.max_eps = e;
              r.worst = "case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", n = " + std::to_string(n) +
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
              r.acc_max_eps = std::max(r.acc_max_eps, e);
            }
        }
      }
      r.rms_eps = entries ? std::sqrt(sum_sq / static_cast<double>(entries)) : 0;
      if (with_accuracy) r.acc_rms_eps = entries ? std::sqrt(acc_sq / static_cast<double>(entries)) : 0;
      r.held = r.non_number.empty() && (how == summation::sorted ? r.bit_identical == cases : r.max_eps <= r.bound_eps);
      if (!r.non_number.empty()) r.worst = "not a number: " + r.non_number;
      if (r.worst.empty()) r.worst = "none (every case bit-identical)";
      rows.push_back(std::move(r));
    }
  return rows;
}

}  // namespace orderblind::enclosure
