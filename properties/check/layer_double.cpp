// SPDX-License-Identifier: MIT
// `orderblind check` on a user's layer in double: Attn(PX) = P·Attn(X), each output column within its own
// reordering bound.
#include <limits>

#include "properties/check/layer_impl.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties {

verify::value::checks check_layer_double(const layer_files& in, const check_settings& s) {
  const auto layer = make_layer<double, softmax_kernel>(in);
  const Matrix<double> x = in.x.as<double>();
  const Matrix<double> z = layer(x);  // validates every shape first (shape_error, configuration_error)
  if (!z.allFinite())
    throw input_overflow_error("the layer overflows in double on these inputs (an output is ±inf or NaN); "
                               "scale the inputs down or use --exact");
  // NOTE: per output column, as the property battery bounds it (require_agree_columns). Output column j of
  // one head is a convex combination of column j of V = X·W_V, so reordering the two sums over the tokens
  // moves it by ≤ 4(n+1)(ε·max_i|V_ij| + η) (attention_reorder_bound_eps, compare.hpp; proved with 2n + 1 in
  // proofs/formal/FloatSum.v). One global max|V| would let a constant 10^12 column of V widen the bound of
  // every other column until a 10^-6 leak there passed unseen. The law is scale-invariant, so the unit is
  // the data's own magnitude, with no max(1, ·) floor (a floor made a causal mask on X×10^-20 "hold"); η =
  // 2^-1074 is the absolute rounding of a product below the normal range (verify/bound.hpp). With W_O, the
  // concatenated heads' column c moves by ≤ 4(n+1)(ε·max_i|V_ic| + η) and passes through x ↦ x·W_O: output
  // column j moves by that error times |W_O(c, j)|, summed over c, plus the product's own rounding, which
  // differs between Attn(PX) and P·Attn(X) (their rows differ by that error) by ≤ 2γ_d·s_j (Higham §3.1):
  // the scale becomes s_j = Σ_c max_i|V_ic|·|W_O(c, j)| (verify::mixed_column_scales) and the bound
  // 4(n+1) + 2d_model.
  const Matrix<double> v = multiply(layer.positions.size() ? layer.add(x) : x, layer.wv, "X", "W_V");
  const auto n = x.rows();
  const auto un = static_cast<std::size_t>(n);
  double k = attention_reorder_bound_eps(n);
  std::string formula = "4(n+1)", unit = "ε·max_i|V_ij| + η for output column j (V = X·W_V, η = 2^-1074)";
  Matrix<double> scales = verify::column_scales(v);
  if (layer.multi_head) {
    k += 2.0 * static_cast<double>(layer.wo.rows());
    formula = "4(n+1) + 2d_model";
    unit = "ε·s_j + η for output column j, s_j = Σ_c max_i|V_ic|·|W_O(c, j)| (V the heads' values, η = 2^-1074)";
    scales = verify::mixed_column_scales(v, layer.wo);
  }
  verify::check c;
  c.id = "layer equivariance";
  c.statement = "the layer commutes with any permutation of the tokens: Attn(PX) = P·Attn(X)";
  c.arithmetic = "double (softmax, scale 1/√d_k)";
  c.evidence = layer_evidence(false, un, s.random_permutations);
  c.seed = layer_seed(un, s.random_permutations, s.seed);
  c.compared = "max|Attn(PX) − P·Attn(X)| on the user's X, each output column in its own unit (see unit), for " +
               permutations_tried(un, s.random_permutations, s.seed);
  const double bound = s.tolerance_eps.value_or(k);
  c.bound = stated_bound(formula, bound, s.tolerance_eps.has_value());
  c.note = layer_description(in);
  // NOTE: the comparison runs at k = 1, so its ratio is the residual in the unit above; the law holds when
  // that is ≤ the bound (compare's own rule, ratio ≤ 1 at k = bound, which --tolerance-eps 0 would turn into
  // 0·∞). Attn(X) is finite (checked above), so a NaN or ∞ can come only from the permuted input: the layer
  // does not commute with P in double, and that fails, naming the entry (`NaN <= bound` is false).
  const auto tol = verify::within_eps<double>(1.0, scales, unit);
  const auto law = verify::equivariance(c.statement);
  const auto f = [&layer](const std::vector<Matrix<double>>& a) { return layer(a[0]); };
  double worst = -1;
  std::string worst_case;
  progress bar("check: layer equivariance (double)", permutation_count(un, s.random_permutations), s.show_progress);
  for_each_permutation(un, s.random_permutations, s.seed, [&](const std::string& name, const permutation& p) {
    const auto [lhs, rhs] = verify::sides<double>(law, f, {x}, p, z);
    const auto cmp = verify::compare(lhs, rhs, tol, "Attn(PX)", "P·Attn(X)");
    ++c.cases;
    bar.tick();
    if (!(cmp.ratio <= worst)) {
      worst = cmp.ratio;
      worst_case = name + ": " + p.cycles() + (std::isnan(cmp.ratio) ? ": " + cmp.why : "");
    }
    return !std::isnan(cmp.ratio);
  });
  c.residual = std::isnan(worst) ? std::numeric_limits<double>::infinity() : worst;
  conclude(c, verify::held_if(worst <= bound), unit, worst_case);
  return {c};
}

}  // namespace orderblind::properties
