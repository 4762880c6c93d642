// SPDX-License-Identifier: MIT
#pragma once
/// P2: the row-wise layers (FFN, norm, residual) commute with row permutations; an encoder stack of
/// several blocks commutes; mean pooling after it is invariant.
// NOTE: why `==` even over double and MPFR for the row-wise layers: every output row is computed from
// its own input row by the same operations in the same order (the product kernel is a plain loop per
// row), so permuting the rows permutes bit-identical results. For the stacks the reals use
// summation::sorted, which makes the two sums over the sequence axis order-independent (see P8).
#include "properties/battery/checks.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/weights.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties::laws {

/// FFN(PX) = P·FFN(X).
template <Scalar T, class Impl>
auto ffn_commutes(Impl impl) {
  using S = case_sizes<T>;
  return [impl] {
    const auto n = draw_tokens<T>();
    const auto d = draw_width<T>();
    const auto hidden = draw_size(1, S::max_hidden, "hidden");
    const auto x = draw_input<T>(n, d, "X");
    const auto w = *gen_ffn_weights<T>(d, hidden).as("FFN weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const auto ffn = [&](const std::vector<Matrix<T>>& in) { return impl.template ffn<T>(in[0], w); };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("FFN(PX) = P·FFN(X)"), ffn, {x}, p);
    require_equal(lhs, rhs, "FFN(PX)", "P·FFN(X)");
  };
}

/// Norm(PX) = P·Norm(X) (LayerNorm for reals, the exact MAD norm for rationals).
template <Scalar T, class Impl>
auto norm_commutes(Impl impl) {
  return [impl] {
    const auto n = draw_tokens<T>();
    const auto d = draw_width<T>();
    const auto x = draw_input<T>(n, d, "X");
    const auto g = *gen_norm_params<T>(d).as("gain and bias");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const auto norm = [&](const std::vector<Matrix<T>>& in) { return impl.template norm<T>(in[0], g); };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("Norm(PX) = P·Norm(X)"), norm, {x}, p);
    require_equal(lhs, rhs, "Norm(PX)", "P·Norm(X)");
  };
}

/// PX + PF(X) = P·(X + F(X)): the residual pairs each row with its own sublayer output.
template <Scalar T, class Impl>
auto residual_commutes(Impl impl) {
  return [impl] {
    const auto n = draw_tokens<T>();
    const auto d = draw_width<T>();
    const auto x = draw_input<T>(n, d, "X");
    const auto f = *gen_matrix<T>(n, d).as("F(X)");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    // NOTE: both inputs are sequences: X and the sublayer's output F(X) move together.
    const verify::permutation_law law{"PX + P·F(X) = P·(X + F(X))",
                                      {verify::action::permute_rows, verify::action::permute_rows},
                                      verify::action::permute_rows};
    const auto residual = [&](const std::vector<Matrix<T>>& in) { return impl.template add<T>(in[0], in[1]); };
    const auto [lhs, rhs] = verify::sides<T>(law, residual, {x, f}, p);
    require_equal(lhs, rhs, "PX + P·F(X)", "P·(X + F(X))");
  };
}

/// The summation a stack uses: in order for exact types (it is exact anyway), sorted for reals.
template <Scalar T>
summation stack_summation() {
  return scalar_traits<T>::is_exact ? summation::in_order : summation::sorted;
}

/// A random encoder stack case: X, the blocks, P, and the attention options.
template <Scalar T>
struct stack_case {
  Matrix<T> x;
  std::vector<encoder_block_weights<T>> blocks;
  attention_options<T> opt;
};

/// The entries of the exact decoder-over-encoder case: ±1/2, ±1, ±2 (never 0); other cases use the
/// natural entry generator of T.
// NOTE: why. Every exact attention layer combines the rows' denominators and the rational kernel squares
// the scores, so bit lengths grow geometrically through the six attention layers of that case: with
// entries p/q (|p|, q ≤ 9) the outputs had up to ~3·10⁵ bits at n = 3. Entries with the denominators 1 and
// 2 and weights of the same kind keep each layer's growth to what its own arithmetic adds; the law is
// still an exact `==` on every entry (docs/generators.md gives the sizes before and after).
template <Scalar T>
rc::Gen<T> stack_entry(bool compact) {
  if constexpr (scalar_traits<T>::is_exact) {
    if (compact) return full_range(rc::gen::element(T(1), T(-1), T(1) / T(2), T(-1) / T(2), T(2), T(-2)));
  }
  return gen_entry<T>();
}

/// Draws a stack case inside a property (n tokens, 1..max_blocks blocks of one layout, width ≥ 2);
/// `compact` uses the smaller widths and entries of the decoder-over-encoder case.
template <Scalar T>
stack_case<T> draw_stack(Eigen::Index n, bool compact = false) {
  using S = case_sizes<T>;
  const auto layout = draw_layout(compact ? S::max_stack_d : S::max_block_d, S::min_stack_d);
  const auto hidden = draw_size(1, compact ? S::max_stack_hidden : S::max_hidden, "hidden");
  // NOTE: the exact decoder-over-encoder case reads one encoder block: each further rational-kernel layer
  // multiplies the bit length, and two encoder blocks under two decoder blocks cost minutes per run.
  const std::size_t most = compact && scalar_traits<T>::is_exact ? 1 : S::max_blocks;
  const auto count = *gen_uniform<std::size_t>(1, most).as("blocks");
  const auto entry = stack_entry<T>(compact);
  stack_case<T> c;
  c.x = *gen_matrix<T>(n, layout.d_model, entry).as("X");
  observe_input(c.x);
  c.blocks = *rc::gen::container<std::vector<encoder_block_weights<T>>>(
                  count, gen_encoder_block_weights<T>(layout, hidden, entry))
                  .as("block weights");
  c.opt.scale = scale_for<T>(layout.head_width());
  c.opt.sum = stack_summation<T>();
  return c;
}

/// Encoder(PX) = P·Encoder(X) for a stack of several blocks.
template <Scalar T, class Impl>
auto encoder_stack_commutes(Impl impl) {
  using S = case_sizes<T>;
  return [impl] {
    const auto n = draw_tokens<T>("n (tokens)", S::max_block_n);
    const auto c = draw_stack<T>(n);
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const auto encoder = [&](const std::vector<Matrix<T>>& in) { return impl.template encoder<T>(in[0], c.blocks, c.opt); };
    const auto [lhs, rhs] = verify::sides<T>(verify::equivariance("Encoder(PX) = P·Encoder(X)"), encoder, {c.x}, p);
    require_equal(lhs, rhs, "Encoder(PX)", "P·Encoder(X)");
  };
}

/// MeanPool(Encoder(PX)) = MeanPool(Encoder(X)).
template <Scalar T, class Impl>
auto pooled_stack_is_invariant(Impl impl) {
  using S = case_sizes<T>;
  return [impl] {
    const auto n = draw_tokens<T>("n (tokens)", S::max_block_n);
    const auto c = draw_stack<T>(n);
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const auto how = stack_summation<T>();
    // NOTE: `encoded` keeps Encoder(X) for the range check below: sides calls f on the inputs as given last.
    Matrix<T> encoded;
    const auto pooled_stack = [&](const std::vector<Matrix<T>>& in) {
      encoded = impl.template encoder<T>(in[0], c.blocks, c.opt);
      return impl.template pool<T>(encoded, how);
    };
    const auto [lhs, pooled] =
        verify::sides<T>(verify::invariance("MeanPool(Encoder(PX)) = MeanPool(Encoder(X))"), pooled_stack, {c.x}, p);
    require_equal(lhs, pooled, "MeanPool(Encoder(PX))", "MeanPool(Encoder(X))");
    // NOTE: a mean of the rows lies in their range, column by column; within (n+2)ε·max(1, max|row|) for
    // reals (the sum's rounding, ≤ (n−1)ε relative, and the division).
    require_in_hull(pooled, encoded, static_cast<double>(n + 2), "MeanPool(Encoder(X))", "the rows of Encoder(X)");
  };
}

}  // namespace orderblind::properties::laws
