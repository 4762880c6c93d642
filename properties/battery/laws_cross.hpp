// SPDX-License-Identifier: MIT
#pragma once
/// P4: cross-attention ignores the order of the encoder rows — each step of text 001, Appendix A.2.
#include "properties/battery/checks.hpp"
#include "properties/battery/laws_rowwise.hpp"
#include "properties/battery/tolerances.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/weights.hpp"

namespace orderblind::properties::laws {

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
    const auto t = impl.template trace<T>(y, c, w, opt);
    const auto tp = impl.template trace<T>(y, p.apply_rows(c), w, opt);
    observe_weights(t.a);
    switch (step) {
      case a2_step::keys_values: {
        require_equal(tp.k, p.apply_rows(t.k), "K' (keys of PC)", "PK");
        require_equal(tp.v, p.apply_rows(t.v), "V' (values of PC)", "PV");
        // NOTE: the step says K' = (PC)W_K and V' = (PC)W_V: keys from W_K, values from W_V (a head that
        // took its keys from W_Q would still permute them, and this is what catches it).
        const Matrix<T> pc = p.apply_rows(c);
        require_equal(tp.k, multiply(pc, w.wk), "K' (keys of PC)", "(PC)·W_K");
        require_equal(tp.v, multiply(pc, w.wv), "V' (values of PC)", "(PC)·W_V");
        break;
      }
      case a2_step::scores: {
        require_equal(tp.s, p.apply_cols(t.s), "s' (scores against PC)", "s·Pᵀ");
        // NOTE: the step says s' = Q K'ᵀ (times the scale): scores that permute but are not those products
        // (doubled, say) would pass the line above, and this is what catches them.
        Matrix<T> expected = multiply_transposed(multiply(y, w.wq), multiply(p.apply_rows(c), w.wk));
        const T scale = opt.scale ? *opt.scale : inverse_sqrt_scale<T>(dk);
        for (Eigen::Index i = 0; i < expected.rows(); ++i)
          for (Eigen::Index j = 0; j < expected.cols(); ++j) expected(i, j) = T(expected(i, j) * scale);
        require_equal(tp.s, expected, "s' (scores against PC)", "Q·(PC W_K)ᵀ·scale");
        break;
      }
      case a2_step::weights: {
        require_agree(tp.a, p.apply_cols(t.a), softmax_weight_reorder_bound_eps(n), T(1), "a' (weights over PC)",
                      "a·Pᵀ");
        // NOTE: a' are weights: each row sums to 1. Within (2n+2)ε: the normaliser's rounding ((n−1)ε), the
        // divisions (ε) and this check's own in-order sum ((n−1)ε), on weights ≤ 1.
        Matrix<T> sums(tp.a.rows(), 1), ones(tp.a.rows(), 1);
        for (Eigen::Index i = 0; i < tp.a.rows(); ++i) {
          T total(0);
          for (Eigen::Index j = 0; j < tp.a.cols(); ++j) total += tp.a(i, j);
          sums(i, 0) = total;
          ones(i, 0) = T(1);
        }
        require_agree(sums, ones, softmax_weight_reorder_bound_eps(n), T(1), "row sums of a'", "1");
        break;
      }
      case a2_step::output:
        require_agree_columns(tp.z, t.z, attention_reorder_bound_eps(n), verify::column_scales(t.v), "output over PC",
                              "output over C");
        require_in_hull(tp.z, tp.v, attention_reorder_bound_eps(n), "output over PC", "the value rows V'");
        break;
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
    const Matrix<T> lhs = impl.template multi<T>(y, p.apply_rows(c), w, opt), rhs = impl.template multi<T>(y, c, w, opt);
    if (bitwise)
      require_equal(lhs, rhs, "MHA(Y, PC)", "MHA(Y, C)");
    else
      require_agree_columns(lhs, rhs, multi_head_reorder_bound_eps(n, layout.d_model),
                            mixed_column_scales(Matrix<T>(multiply(c, w.wv)), w.wo), "MHA(Y, PC)", "MHA(Y, C)");
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
    const Matrix<T> c = encoder_stack<T, K, Norm>(enc.x, enc.blocks, enc.opt);
    const Matrix<T> cp = encoder_stack<T, K, Norm>(p.apply_rows(enc.x), enc.blocks, enc.opt);
    const Matrix<T> lhs = impl.template decoder<T, Norm>(y, cp, dec, enc.opt);
    const Matrix<T> rhs = impl.template decoder<T, Norm>(y, c, dec, enc.opt);
    require_equal(lhs, rhs, "Decoder(Y, Encoder(PX))", "Decoder(Y, Encoder(X))");
  };
}

}  // namespace orderblind::properties::laws
