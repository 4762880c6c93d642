// SPDX-License-Identifier: MIT
#pragma once
/// P1 (attention commutes with row permutations), P3 (a causal mask breaks it) and P8 (what double
/// really does: reordering error in ulps, and bit-exactness with an order-independent sum).
/// Each law is a template over the scalar T and the implementation under test.
#include <cstring>
#include <limits>

#include "properties/battery/battery.hpp"

#include "properties/battery/checks.hpp"
#include "properties/battery/tolerances.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/weights.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties::laws {

/// P1a/b: Attn(PX) = P·Attn(X) for one head; `scaled` uses 1/√d_k (an explicit 1/d_k where an exact
/// type cannot hold the root), otherwise scale 1. Reals: column j within 4(n+1)ε·max_i|V_ij| (each column its own scale).
template <Scalar T, class Impl>
auto self_attention_commutes(Impl impl, bool scaled) {
  using S = case_sizes<T>;
  return [impl, scaled] {
    const auto n = draw_tokens<T>();
    const auto d = draw_width<T>();
    const auto dk = draw_size(1, S::max_d, "d_k");
    const auto dv = draw_size(1, S::max_d, "d_v");
    const auto x = draw_input<T>(n, d, "X");
    const auto w = *gen_head_weights<T>(d, dk, dv).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.scale = scaled ? scale_for<T>(dk) : std::optional<T>(T(1));
    const auto attn = [&](const std::vector<Matrix<T>>& in) { return impl.template trace<T>(in[0], in[0], w, opt).z; };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("Attn(PX) = P·Attn(X)"), attn, {x}, p);
    if (collecting_stats()) observe_weights(impl.template trace<T>(x, x, w, opt).a);
    // NOTE: output column j is a convex combination of V's column j: each column is bounded by its own scale.
    require_agree_columns(lhs, rhs, attention_reorder_bound_eps(n), verify::column_scales(Matrix<T>(multiply(x, w.wv))),
                          "Attn(PX)", "P·Attn(X)");
  };
}

/// P1c: MHA(PX) = P·MHA(X) with W_O (head counts dividing d). Reals: within
/// (4(n+1) + 2d + 2)ε·Σ_c max_i|V_ic|·|W_O(c, j)| in column j (multi_head_reorder_bound_eps, per column); with `bitwise`, `==`.
template <Scalar T, class Impl>
auto multi_head_attention_commutes(Impl impl, bool bitwise = false) {
  using S = case_sizes<T>;
  return [impl, bitwise] {
    const auto n = draw_tokens<T>();
    const auto layout = draw_layout(S::max_d);
    const auto x = draw_input<T>(n, layout.d_model, "X");
    const auto w = *gen_multi_head_weights<T>(layout).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.scale = scale_for<T>(layout.head_width());
    const auto mha = [&](const std::vector<Matrix<T>>& in) { return impl.template multi<T>(in[0], in[0], w, opt); };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("MHA(PX) = P·MHA(X)"), mha, {x}, p);
    observe_heads_weights(impl, x, x, w, opt);
    if (bitwise)
      require_equal(lhs, rhs, "MHA(PX)", "P·MHA(X)");
    else
      require_agree_columns(lhs, rhs, multi_head_reorder_bound_eps(n, layout.d_model),
                            mixed_column_scales(Matrix<T>(multiply(x, w.wv)), w.wo), "MHA(PX)", "P·MHA(X)");
  };
}

/// P3 (inner): "causal attention commutes with any row permutation" — FALSE; the law asserts that
/// RapidCheck refutes it and shrinks to n = 2.
template <Scalar T, class Impl>
auto causal_attention_commutes(Impl impl) {
  return [impl] {
    const auto n = draw_tokens<T>();
    const auto d = draw_width<T>();
    const auto x = draw_input<T>(n, d, "X");
    const auto w = *gen_head_weights<T>(d, d, d).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.scale = T(1);
    opt.mask = mask::causal();
    const auto attn = [&](const std::vector<Matrix<T>>& in) { return impl.template trace<T>(in[0], in[0], w, opt).z; };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("CausalAttn(PX) = P·CausalAttn(X)"), attn, {x}, p);
    if (collecting_stats()) observe_weights(impl.template trace<T>(x, x, w, opt).a);
    require_agree_columns(lhs, rhs, attention_reorder_bound_eps(n), verify::column_scales(Matrix<T>(multiply(x, w.wv))),
                          "CausalAttn(PX)", "P·CausalAttn(X)");
  };
}

/// P8a (inner, double): "Attn(PX) and P·Attn(X) are bit-for-bit equal with in-order sums" — FALSE in
/// general; the law asserts a counterexample.
template <Scalar T, class Impl>
auto attention_bitwise_equivariant(Impl impl, summation how) {
  using S = case_sizes<T>;
  return [impl, how] {
    const auto n = draw_tokens<T>();
    const auto layout = draw_layout(S::max_d);
    const auto x = draw_input<T>(n, layout.d_model, "X");
    const auto w = *gen_multi_head_weights<T>(layout).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.sum = how;
    const Matrix<T> lhs = impl.template multi<T>(p.apply_rows(x), p.apply_rows(x), w, opt);
    const Matrix<T> rhs = p.apply_rows(impl.template multi<T>(x, x, w, opt));
    observe_heads_weights(impl, x, x, w, opt);
    require_equal(lhs, rhs, "MHA(PX)", "P·MHA(X)");
  };
}

/// Distance between two doubles in units in the last place (the number of representable doubles
/// between them; 0 when equal).
inline double ulp_distance(double a, double b) {
  if (a == b) return 0;
  auto key = [](double v) {
    std::int64_t i;
    std::memcpy(&i, &v, sizeof i);
    return i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i;  // monotone in v
  };
  const std::int64_t ka = key(a), kb = key(b);
  return static_cast<double>(ka > kb ? static_cast<std::uint64_t>(ka) - static_cast<std::uint64_t>(kb)
                                     : static_cast<std::uint64_t>(kb) - static_cast<std::uint64_t>(ka));
}

/// Max entry-wise ulp distance of two same-shape double matrices.
inline double max_ulps(const Matrix<double>& a, const Matrix<double>& b) {
  double worst = 0;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) worst = std::max(worst, ulp_distance(a(i, j), b(i, j)));
  return worst;
}

/// Records one comparison into a row of the ulp table.
inline void record(ulp_row& row, const Matrix<double>& lhs, const Matrix<double>& rhs, double scale) {
  ++row.cases;
  if (!exactly_equal(lhs, rhs)) ++row.differing;
  row.max_ulps = std::max(row.max_ulps, max_ulps(lhs, rhs));
  row.max_scaled_eps = std::max(row.max_scaled_eps, residual_eps(lhs, rhs, scale));
}

}  // namespace orderblind::properties::laws
