// SPDX-License-Identifier: MIT
#pragma once
/// P4: cross-attention ignores the order of the encoder rows — each step of text 001, Appendix A.2.
#include "properties/battery/checks.hpp"
#include "properties/battery/laws_rowwise.hpp"
#include "properties/battery/tolerances.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/weights.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties::laws {

/// Cross-attention's permutation law as data: f(Y, C) with the encoder rows C permuted and the decoder
/// rows Y left as they are; `output` says how P acts on f's result (its rows: K' = PK; its columns, the
/// keys' axis: s' = s·Pᵀ; not at all: the output is unchanged).
inline verify::permutation_law encoder_rows_law(std::string statement, verify::action output) {
  return {std::move(statement), {verify::action::none, verify::action::permute_rows}, output};
}

/// The steps of Appendix A.2 this battery checks one by one.
enum class a2_step {
  keys_values,  ///< Step 1: K' = PK and V' = PV
  scores,       ///< Step 2: s' = s·Pᵀ
  weights,      ///< Step 3: a' = a·Pᵀ
  output        ///< Step 4: the output is unchanged
};

/// Steps 1–4 for one head and several decoder rows: the trace over PC against the trace over C.
// NOTE: tolerances. Steps 1 and 2 are `==` for every scalar: K, V and the scores are dot products over
// the feature axis, computed by the same loop for each row, so reordering C reorders bit-identical values.
// Step 3: softmax_weight_reorder_bound_eps(n) (the normaliser is summed in another order). Step 4:
// attention_reorder_bound_eps(n) relative to max|V|.
template <Scalar T, class Impl>
auto cross_attention_step(Impl impl, a2_step step) {
  using S = case_sizes<T>;
  return [impl, step] {
    const auto m = draw_size(1, S::max_n, "decoder rows");
    const auto n = draw_tokens<T>("n (encoder rows)");
    const auto d = draw_width<T>();
    const auto dk = draw_size(1, S::max_d, "d_k");
    const auto dv = draw_size(1, S::max_d, "d_v");
    const auto y = draw_input<T>(m, d, "Y (decoder rows)");
    const auto c = draw_input<T>(n, d, "C (encoder output)");
    const auto w = *gen_head_weights<T>(d, dk, dv).as("cross-attention weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.scale = scale_for<T>(dk);
    const std::vector<Matrix<T>> inputs{y, c};
    // NOTE: `t` (the trace over C) gives the softmax rows for the statistics and the columns' scales of V.
    const auto t = impl.template trace<T>(y, c, w, opt);
    observe_weights(t.a);
    // NOTE: f of each step's law is one part of the head's trace of Attn(Y, C).
    const auto of_trace = [&](Matrix<T> attention_trace<T>::*part) {
      return [&, part](const std::vector<Matrix<T>>& in) { return Matrix<T>(impl.template trace<T>(in[0], in[1], w, opt).*part); };
    };
    using verify::action;
    switch (step) {
      case a2_step::keys_values: {
        const auto keys = encoder_rows_law("K' = PK", action::permute_rows);
        const auto [k_pc, pk] = verify::sides<T>(keys, of_trace(&attention_trace<T>::k), inputs, p);
        const auto [v_pc, pv] = verify::sides<T>(encoder_rows_law("V' = PV", action::permute_rows),
                                                 of_trace(&attention_trace<T>::v), inputs, p);
        require_equal(k_pc, pk, "K' (keys of PC)", "PK");
        require_equal(v_pc, pv, "V' (values of PC)", "PV");
        // NOTE: the step says K' = (PC)W_K and V' = (PC)W_V: keys from W_K, values from W_V (a head that
        // took its keys from W_Q would still permute them, and this is what catches it).
        const Matrix<T> pc = verify::permuted_inputs<T>(keys, inputs, p)[1];
        require_equal(k_pc, multiply(pc, w.wk), "K' (keys of PC)", "(PC)·W_K");
        require_equal(v_pc, multiply(pc, w.wv), "V' (values of PC)", "(PC)·W_V");
        break;
      }
      case a2_step::scores: {
        const auto law = encoder_rows_law("s' = s·Pᵀ", action::permute_cols);
        const auto [s_pc, s_pt] = verify::sides<T>(law, of_trace(&attention_trace<T>::s), inputs, p);
        require_equal(s_pc, s_pt, "s' (scores against PC)", "s·Pᵀ");
        // NOTE: the step says s' = Q K'ᵀ (times the scale): scores that permute but are not those products
        // (doubled, say) would pass the line above, and this is what catches them.
        Matrix<T> expected = multiply_transposed(multiply(y, w.wq), multiply(verify::permuted_inputs<T>(law, inputs, p)[1], w.wk));
        const T scale = opt.scale ? *opt.scale : inverse_sqrt_scale<T>(dk);
        for (Eigen::Index i = 0; i < expected.rows(); ++i)
          for (Eigen::Index j = 0; j < expected.cols(); ++j) expected(i, j) = T(expected(i, j) * scale);
        require_equal(s_pc, expected, "s' (scores against PC)", "Q·(PC W_K)ᵀ·scale");
        break;
      }
      case a2_step::weights: {
        const auto [a_pc, a_pt] = verify::sides<T>(encoder_rows_law("a' = a·Pᵀ", action::permute_cols),
                                                   of_trace(&attention_trace<T>::a), inputs, p);
        require_agree(a_pc, a_pt, softmax_weight_reorder_bound_eps(n), T(1), "a' (weights over PC)", "a·Pᵀ");
        // NOTE: a' are weights: each row sums to 1. Within (2n+2)ε: the normaliser's rounding ((n−1)ε), the
        // divisions (ε) and this check's own in-order sum ((n−1)ε), on weights ≤ 1.
        Matrix<T> sums(a_pc.rows(), 1), ones(a_pc.rows(), 1);
        for (Eigen::Index i = 0; i < a_pc.rows(); ++i) {
          T total(0);
          for (Eigen::Index j = 0; j < a_pc.cols(); ++j) total += a_pc(i, j);
          sums(i, 0) = total;
          ones(i, 0) = T(1);
        }
        require_agree(sums, ones, softmax_weight_reorder_bound_eps(n), T(1), "row sums of a'", "1");
        break;
      }
      case a2_step::output: {
        const auto law = encoder_rows_law("Attn(Y, PC) = Attn(Y, C)", action::none);
        const auto [z_pc, z] = verify::sides<T>(law, of_trace(&attention_trace<T>::z), inputs, p);
        require_agree_columns(z_pc, z, attention_reorder_bound_eps(n), verify::column_scales(t.v), "output over PC",
                              "output over C");
        const auto moved = verify::permuted_inputs<T>(law, inputs, p);
        require_in_hull(z_pc, impl.template trace<T>(moved[0], moved[1], w, opt).v, attention_reorder_bound_eps(n),
                        "output over PC", "the value rows V'");
        break;
      }
    }
  };
}

/// Step 5, several heads and several decoder rows: MHA(Y, PC) = MHA(Y, C) (W_O included); within the
/// multi-head bound, or `==` with `bitwise`.
template <Scalar T, class Impl>
auto multi_head_cross_attention_ignores_order(Impl impl, bool bitwise = false) {
  using S = case_sizes<T>;
  return [impl, bitwise] {
    const auto m = draw_size(1, S::max_n, "decoder rows");
    const auto n = draw_tokens<T>("n (encoder rows)");
    const auto layout = draw_layout(S::max_d);
    const auto y = draw_input<T>(m, layout.d_model, "Y (decoder rows)");
    const auto c = draw_input<T>(n, layout.d_model, "C (encoder output)");
    const auto w = *gen_multi_head_weights<T>(layout).as("cross-attention weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    attention_options<T> opt;
    opt.scale = scale_for<T>(layout.head_width());
    observe_heads_weights(impl, y, c, w, opt);
    const auto mha = [&](const std::vector<Matrix<T>>& in) { return impl.template multi<T>(in[0], in[1], w, opt); };
    const auto [lhs, rhs] =
        verify::sides<T>(encoder_rows_law("MHA(Y, PC) = MHA(Y, C)", verify::action::none), mha, {y, c}, p);
    if (bitwise)
      require_equal(lhs, rhs, "MHA(Y, PC)", "MHA(Y, C)");
    else
      require_agree_columns(lhs, rhs, multi_head_reorder_bound_eps(n, layout.d_model),
                            verify::mixed_column_scales(Matrix<T>(multiply(c, w.wv)), w.wo), "MHA(Y, PC)", "MHA(Y, C)");
  };
}

/// Step 5, several decoder blocks over an encoder stack: Decoder(Y, Encoder(PX)) = Decoder(Y, Encoder(X)).
/// Reals use summation::sorted (then `==`); exact types are exact.
template <Scalar T, class Impl, class K, class Norm>
auto decoder_stack_ignores_encoder_order(Impl impl) {
  using S = case_sizes<T>;
  return [impl] {
    const auto n = draw_tokens<T>("n (encoder rows)", S::max_stack_n);
    const auto enc = draw_stack<T>(n, true);
    const auto m = draw_size(1, S::max_stack_m, "decoder rows");
    const auto d = enc.x.cols();
    const auto layout = head_layout{d, enc.blocks.front().attention.heads};
    const auto hidden = enc.blocks.front().ffn.w1.cols();
    const auto count = *gen_uniform<std::size_t>(2, S::max_blocks).as("decoder blocks");
    const auto entry = stack_entry<T>(true);
    const auto y = *gen_matrix<T>(m, d, entry).as("Y (decoder rows)");
    observe_input(y);
    const auto dec = *rc::gen::container<std::vector<decoder_block_weights<T>>>(
                          count, gen_decoder_block_weights<T>(layout, hidden, entry))
                          .as("decoder weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    // NOTE: f(Y, X) = Decoder(Y, Encoder(X)): the input rows X are permuted, the decoder rows Y are not.
    const auto stack = [&](const std::vector<Matrix<T>>& in) {
      return impl.template decoder<T, Norm>(in[0], encoder_stack<T, K, Norm>(in[1], enc.blocks, enc.opt), dec, enc.opt);
    };
    const auto [lhs, rhs] = verify::sides<T>(
        encoder_rows_law("Decoder(Y, Encoder(PX)) = Decoder(Y, Encoder(X))", verify::action::none), stack, {y, enc.x}, p);
    require_equal(lhs, rhs, "Decoder(Y, Encoder(PX))", "Decoder(Y, Encoder(X))");
  };
}

}  // namespace orderblind::properties::laws
