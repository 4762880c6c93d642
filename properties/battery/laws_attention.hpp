// SPDX-License-Identifier: MIT
#pragma once
/// P1 (attention commutes with row permutations), P3 (a causal mask breaks it) and P8 (what double
/// really does: bit-exactness with an order-independent sum, and not without; the ulp table is measured
/// in battery_double.cpp). Each law is a template over the scalar T and the implementation under test,
/// and states its permutation law as data (verify/law.hpp).
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
                            verify::mixed_column_scales(Matrix<T>(multiply(x, w.wv)), w.wo), "MHA(PX)", "P·MHA(X)");
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
    const auto mha = [&](const std::vector<Matrix<T>>& in) { return impl.template multi<T>(in[0], in[0], w, opt); };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("MHA(PX) = P·MHA(X)"), mha, {x}, p);
    observe_heads_weights(impl, x, x, w, opt);
    require_equal(lhs, rhs, "MHA(PX)", "P·MHA(X)");
  };
}

}  // namespace orderblind::properties::laws
