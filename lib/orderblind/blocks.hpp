// SPDX-License-Identifier: MIT
#pragma once
/// Encoder and decoder blocks (post-norm, as in "Attention Is All You Need") and their stacks.
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/layers.hpp"

namespace orderblind {

/// One encoder block: H = Norm(X + MHA(X)); out = Norm(H + FFN(H)).
template <Scalar T>
struct encoder_block_weights {
  multi_head_weights<T> attention;
  ffn_weights<T> ffn;
  norm_params<T> norm1, norm2;
};

/// One decoder block: causal self-attention, cross-attention over the encoder output, FFN.
template <Scalar T>
struct decoder_block_weights {
  multi_head_weights<T> self_attention;
  multi_head_weights<T> cross_attention;
  ffn_weights<T> ffn;
  norm_params<T> norm1, norm2, norm3;
};

/// The encoder block. `opt.mask` applies to its self-attention (normally none).
template <Scalar T, class K = default_kernel<T>, class Norm = default_norm<T>>
Matrix<T> encoder_block(const Matrix<T>& x, const encoder_block_weights<T>& w, const attention_options<T>& opt = {}) {
  const Matrix<T> h = Norm::apply(residual(x, multi_head_self_attention<T, K>(x, w.attention, opt)), w.norm1);
  return Norm::apply(residual(h, feed_forward(h, w.ffn)), w.norm2);
}

/// Encoder blocks applied in order.
template <Scalar T, class K = default_kernel<T>, class Norm = default_norm<T>>
Matrix<T> encoder_stack(Matrix<T> x, const std::vector<encoder_block_weights<T>>& blocks,
                        const attention_options<T>& opt = {}) {
  for (const auto& b : blocks) x = encoder_block<T, K, Norm>(x, b, opt);
  return x;
}

/// The decoder block over encoder output C. Self-attention is causal; cross-attention sees every
/// encoder row (a padding mask in `cross_opt` may hide some).
template <Scalar T, class K = default_kernel<T>, class Norm = default_norm<T>>
Matrix<T> decoder_block(const Matrix<T>& y, const Matrix<T>& c, const decoder_block_weights<T>& w,
                        attention_options<T> self_opt = {}, const attention_options<T>& cross_opt = {}) {
  self_opt.mask = mask::causal();
  const Matrix<T> h1 =
      Norm::apply(residual(y, multi_head_attention<T, K>(y, y, w.self_attention, self_opt)), w.norm1);
  const Matrix<T> h2 =
      Norm::apply(residual(h1, multi_head_attention<T, K>(h1, c, w.cross_attention, cross_opt)), w.norm2);
  return Norm::apply(residual(h2, feed_forward(h2, w.ffn)), w.norm3);
}

/// Decoder blocks applied in order, each reading the same encoder output C. `opt` (scale, summation)
/// applies to every attention; self-attention is always causal.
template <Scalar T, class K = default_kernel<T>, class Norm = default_norm<T>>
Matrix<T> decoder_stack(Matrix<T> y, const Matrix<T>& c, const std::vector<decoder_block_weights<T>>& blocks,
                        const attention_options<T>& opt = {}) {
  for (const auto& b : blocks) y = decoder_block<T, K, Norm>(y, c, b, opt, opt);
  return y;
}

}  // namespace orderblind

// NOTE: as attention.hpp's instances (ORDERBLIND_INSTANCES_COMPILED: this project's own targets).
#define ORDERBLIND_BLOCKS_INSTANCES(EXTERN, T)                                                                    \
  EXTERN template Matrix<T> encoder_block<T, default_kernel<T>, default_norm<T>>(                                 \
      const Matrix<T>&, const encoder_block_weights<T>&, const attention_options<T>&);                            \
  EXTERN template Matrix<T> encoder_stack<T, default_kernel<T>, default_norm<T>>(                                 \
      Matrix<T>, const std::vector<encoder_block_weights<T>>&, const attention_options<T>&);                      \
  EXTERN template Matrix<T> decoder_block<T, default_kernel<T>, default_norm<T>>(                                 \
      const Matrix<T>&, const Matrix<T>&, const decoder_block_weights<T>&, attention_options<T>,                  \
      const attention_options<T>&);                                                                               \
  EXTERN template Matrix<T> decoder_stack<T, default_kernel<T>, default_norm<T>>(                                 \
      Matrix<T>, const Matrix<T>&, const std::vector<decoder_block_weights<T>>&, const attention_options<T>&);
#ifdef ORDERBLIND_INSTANCES_COMPILED
namespace orderblind {
ORDERBLIND_BLOCKS_INSTANCES(extern, double)
ORDERBLIND_BLOCKS_INSTANCES(extern, mpq_rational)
ORDERBLIND_BLOCKS_INSTANCES(extern, mpfr100)
}  // namespace orderblind
#endif
