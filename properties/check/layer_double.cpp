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
  // NOTE: the bound attention_reorder_bound_eps(n) is in units of ε·max(1, max|V|) per head (compare.hpp
  // derives it). With W_O, the concatenated heads' error passes through x ↦ x·W_O, which multiplies a
  // max-norm error by at most the largest column sum of |W_O|; so the unit becomes
  // ε·max(1, max|V|)·max(1, ‖W_O‖), ‖W_O‖ the max column sum of |W_O|.
  const Matrix<double> xin = layer.positions.size() ? layer.add(x) : x;
  double magnitude = std::max(1.0, max_abs(multiply(xin, layer.wv, "X", "W_V")));
  std::string unit = "ε·max(1, max|V|)";
  if (layer.multi_head) {
    magnitude *= std::max(1.0, max_abs_column_sum(layer.wo));
    unit = "ε·max(1, max|V|)·max(1, ‖W_O‖)";
  }
  const auto n = x.rows();
  const auto un = static_cast<std::size_t>(n);
  const double eps = scalar_traits<double>::epsilon();
  check_result r;
  r.id = "layer equivariance";
  r.law = "the layer commutes with any permutation of the tokens: Attn(PX) = P·Attn(X)";
  r.arithmetic = "double (softmax, scale 1/√d_k)";
  r.evidence = layer_evidence(false, un, s.random_permutations);
  r.seed = layer_seed(un, s.random_permutations, s.seed);
  r.compared = "max|Attn(PX) − P·Attn(X)| on the user's X, in " + unit + ", for " +
               permutations_tried(un, s.random_permutations, s.seed);
  r.unit = unit;
  r.bound = s.tolerance_eps.value_or(attention_reorder_bound_eps(n));
  r.bound_text = stated_bound("4(n+1)", r.bound, s.tolerance_eps.has_value());
  r.note = layer_description(in);
  const auto perms = permutations_to_try(un, s.random_permutations, s.seed);
  progress bar("check: layer equivariance (double)", static_cast<long>(perms.size()), s.show_progress);
  r.worst = -1;
  for (const auto& [name, p] : perms) {
    const Matrix<double> zp = layer(p.apply_rows(x));
    const Matrix<double> pz = p.apply_rows(z);
    // NOTE: Attn(X) is finite (checked above), so a NaN or ∞ here appeared only for the permuted input:
    // the layer does not commute with P in double. That fails the check, naming the entry; it is not
    // skipped (`NaN > worst` is false) and not passed (`NaN <= bound` is false).
    if (const std::string bad = incomparable_entry(zp, "Attn(PX)", pz, "P·Attn(X)"); !bad.empty()) {
      r.worst = std::numeric_limits<double>::infinity();
      r.worst_case = name + ": " + p.cycles() + ": " + bad;
      r.held = false;
      ++r.cases;
      return {r};
    }
    const double res = max_abs_difference(zp, pz) / (eps * magnitude);
    if (res > r.worst) {
      r.worst = res;
      r.worst_case = name + ": " + p.cycles();
    }
    ++r.cases;
    bar.tick();
  }
  r.held = r.worst <= r.bound;
  return {r};
}

}  // namespace orderblind::properties
