// SPDX-License-Identifier: MIT
// `orderblind check` on a user's layer in double: Attn(PX) = P·Attn(X) within the reordering bound.
#include <limits>

#include "properties/check/layer_impl.hpp"

namespace orderblind::properties {

std::vector<check_result> check_layer_double(const layer_files& in, const check_settings& s) {
  const auto layer = make_layer<double, softmax_kernel>(in);
  const Matrix<double> x = in.x.as<double>();
  const Matrix<double> z = layer(x);  // validates every shape first (shape_error, configuration_error)
  if (!z.allFinite())
    throw input_overflow_error("the layer overflows in double on these inputs (an output is ±inf or NaN); "
                               "scale the inputs down or use --exact");
  // NOTE: the bound attention_reorder_bound_eps(n) = 4(n+1) is in units of ε·max|V| per head (compare.hpp
  // derives it; the law is scale-invariant, so the unit is the data's own magnitude, with no max(1, ·)
  // floor: a floor made a causal mask on X×10^-20 "hold"). Below the normal range a product is rounded
  // absolutely, by ≤ 2^-1075 per term: the unit is u = max(ε·max|V|, 2^-1074), which is ε·max|V| for any
  // V whose entries are normal. With W_O, the concatenated heads' error passes through x ↦ x·W_O, which
  // multiplies a max-norm error by at most ‖W_O‖, the largest column sum of |W_O|; the product's own
  // rounding differs between Attn(PX) and P·Attn(X) (their rows differ by that error) by ≤ 2γ_d·max|V|·‖W_O‖
  // (Higham §3.1; an output row is a convex combination of rows of V): the unit becomes u·‖W_O‖ and the
  // bound 4(n+1) + 2d_model.
  const Matrix<double> xin = layer.positions.size() ? layer.add(x) : x;
  const double eps = scalar_traits<double>::epsilon();
  double magnitude = std::max(eps * max_abs(multiply(xin, layer.wv, "X", "W_V")), std::numeric_limits<double>::denorm_min());
  std::string unit = "ε·max|V| (at least 2^-1074)";
  double bound = attention_reorder_bound_eps(x.rows());
  std::string formula = "4(n+1)";
  if (layer.multi_head) {
    magnitude *= max_abs_column_sum(layer.wo);
    magnitude = std::max(magnitude, std::numeric_limits<double>::denorm_min());
    unit = "ε·max|V|·‖W_O‖ (at least 2^-1074), ‖W_O‖ the largest column sum of |W_O|";
    bound += 2.0 * static_cast<double>(layer.wo.rows());
    formula = "4(n+1) + 2d_model";
  }
  const auto n = x.rows();
  const auto un = static_cast<std::size_t>(n);
  check_result r;
  r.id = "layer equivariance";
  r.law = "the layer commutes with any permutation of the tokens: Attn(PX) = P·Attn(X)";
  r.arithmetic = "double (softmax, scale 1/√d_k)";
  r.evidence = layer_evidence(false, un, s.random_permutations);
  r.seed = layer_seed(un, s.random_permutations, s.seed);
  r.compared = "max|Attn(PX) − P·Attn(X)| on the user's X, in " + unit + ", for " +
               permutations_tried(un, s.random_permutations, s.seed);
  r.unit = unit;
  r.bound = s.tolerance_eps.value_or(bound);
  r.bound_text = stated_bound(formula, r.bound, s.tolerance_eps.has_value());
  r.note = layer_description(in);
  progress bar("check: layer equivariance (double)", permutation_count(un, s.random_permutations), s.show_progress);
  r.worst = -1;
  bool incomparable = false;
  for_each_permutation(un, s.random_permutations, s.seed, [&](const std::string& name, const permutation& p) {
    const Matrix<double> zp = layer(p.apply_rows(x));
    const Matrix<double> pz = p.apply_rows(z);
    ++r.cases;
    // NOTE: Attn(X) is finite (checked above), so a NaN or ∞ here appeared only for the permuted input:
    // the layer does not commute with P in double. That fails the check, naming the entry; it is not
    // skipped (`NaN > worst` is false) and not passed (`NaN <= bound` is false).
    if (const std::string bad = incomparable_entry(zp, "Attn(PX)", pz, "P·Attn(X)"); !bad.empty()) {
      r.worst = std::numeric_limits<double>::infinity();
      r.worst_case = name + ": " + p.cycles() + ": " + bad;
      incomparable = true;
      return false;
    }
    const double res = max_abs_difference(zp, pz) / magnitude;
    if (res > r.worst) {
      r.worst = res;
      r.worst_case = name + ": " + p.cycles();
    }
    bar.tick();
    return true;
  });
  if (incomparable) {
    r.held = false;
    return {r};
  }
  r.held = r.worst <= r.bound;
  return {r};
}

}  // namespace orderblind::properties
