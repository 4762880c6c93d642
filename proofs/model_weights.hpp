// SPDX-License-Identifier: MIT
#pragma once
/// Random and example weights of whole blocks (encoder and decoder) for the proofs that stack layers.
#include "orderblind/blocks.hpp"
#include "random_cases.hpp"

namespace orderblind::proofs {

/// Multi-head weights d × d with `heads` heads, entries from the generators.
template <Scalar T>
multi_head_weights<T> random_multi_head(case_source& src, Eigen::Index d, std::size_t heads) {
  return {src.matrix<T>(d, d), src.matrix<T>(d, d), src.matrix<T>(d, d), src.matrix<T>(d, d), heads};
}
/// A position-wise FFN d → hidden → d.
template <Scalar T>
ffn_weights<T> random_ffn(case_source& src, Eigen::Index d, Eigen::Index hidden) {
  return {src.matrix<T>(d, hidden), src.matrix<T>(1, hidden), src.matrix<T>(hidden, d), src.matrix<T>(1, d)};
}
/// An encoder block.
template <Scalar T>
encoder_block_weights<T> random_encoder_block(case_source& src, Eigen::Index d, std::size_t heads) {
  return {random_multi_head<T>(src, d, heads), random_ffn<T>(src, d, 2), {}, {}};
}
/// A decoder block.
template <Scalar T>
decoder_block_weights<T> random_decoder_block(case_source& src, Eigen::Index d, std::size_t heads) {
  return {random_multi_head<T>(src, d, heads), random_multi_head<T>(src, d, heads), random_ffn<T>(src, d, 2), {}, {}, {}};
}
/// Converts block weights to another scalar.
template <Scalar T, Scalar U>
multi_head_weights<T> cast_weights(const multi_head_weights<U>& w) {
  return {cast_matrix<T>(w.wq), cast_matrix<T>(w.wk), cast_matrix<T>(w.wv), cast_matrix<T>(w.wo), w.heads};
}
template <Scalar T, Scalar U>
ffn_weights<T> cast_weights(const ffn_weights<U>& w) {
  return {cast_matrix<T>(w.w1), cast_matrix<T>(w.b1), cast_matrix<T>(w.w2), cast_matrix<T>(w.b2)};
}
template <Scalar T, Scalar U>
encoder_block_weights<T> cast_weights(const encoder_block_weights<U>& w) {
  return {cast_weights<T>(w.attention), cast_weights<T>(w.ffn), {}, {}};
}

}  // namespace orderblind::proofs
