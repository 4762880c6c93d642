// SPDX-License-Identifier: MIT
#pragma once
/// RapidCheck generators of layer weights: one head, several heads (head counts dividing d), the
/// feed-forward network, norms, encoder/decoder blocks; and positions/offsets for PE properties.
#include <rapidcheck.h>

#include <optional>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/layers.hpp"
#include "properties/support/matrices.hpp"

namespace orderblind::properties {

/// W_Q, W_K (d_model × d_k) and W_V (d_model × d_v).
template <Scalar T>
rc::Gen<head_weights<T>> gen_head_weights(Eigen::Index d_model, Eigen::Index d_k, Eigen::Index d_v,
                                          rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(rc::gen::tuple(gen_matrix<T>(d_model, d_k, entry), gen_matrix<T>(d_model, d_k, entry),
                                     gen_matrix<T>(d_model, d_v, entry)),
                      [](const std::tuple<Matrix<T>, Matrix<T>, Matrix<T>>& t) {
                        return head_weights<T>{std::get<0>(t), std::get<1>(t), std::get<2>(t)};
                      });
}

/// A multi-head shape: d_model and a head count that divides it.
struct head_layout {
  Eigen::Index d_model = 1;
  std::size_t heads = 1;
  /// d_model / heads.
  Eigen::Index head_width() const { return d_model / static_cast<Eigen::Index>(heads); }
};

/// True when r·r == k for some integer r.
inline bool is_perfect_square(Eigen::Index k) {
  Eigen::Index r = 0;
  while ((r + 1) * (r + 1) <= k) ++r;
  return r * r == k;
}

/// d_model uniform in [min_d, max_d] and a head count uniform among its divisors (shrinks toward d = 1,
/// one head).
/// With `square_heads`, only layouts whose head width is a perfect square (so that exact types can
/// use the default scale 1/√d_h).
inline rc::Gen<head_layout> gen_head_layout(Eigen::Index max_d, bool square_heads = false, Eigen::Index min_d = 1) {
  if (min_d < 1 || max_d < min_d) throw configuration_error("gen_head_layout: need 1 <= min_d <= max_d");
  return full_range(rc::gen::mapcat(rc::gen::inRange<Eigen::Index>(min_d, max_d + 1), [square_heads](Eigen::Index d) {
    std::vector<std::size_t> counts;
    for (Eigen::Index h = 1; h <= d; ++h)
      if (d % h == 0 && (!square_heads || is_perfect_square(d / h))) counts.push_back(static_cast<std::size_t>(h));
    return rc::gen::map(rc::gen::elementOf(counts), [d](std::size_t h) { return head_layout{d, h}; });
  }));
}

/// The score scale for heads of width d_h: unset (the default 1/√d_h) when T can hold it, else an
/// explicit rational 1/d_h (exact types and non-square d_h).
template <Scalar T>
std::optional<T> scale_for(Eigen::Index d_h) {
  if constexpr (!scalar_traits<T>::has_sqrt) {
    if (!is_perfect_square(d_h)) return T(1) / T(d_h);
  }
  return std::nullopt;
}

/// Multi-head weights W_Q, W_K, W_V, W_O (all d_model × d_model) for a layout.
template <Scalar T>
rc::Gen<multi_head_weights<T>> gen_multi_head_weights(head_layout l, rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(rc::gen::tuple(gen_matrix<T>(l.d_model, l.d_model, entry),
                                     gen_matrix<T>(l.d_model, l.d_model, entry),
                                     gen_matrix<T>(l.d_model, l.d_model, entry),
                                     gen_matrix<T>(l.d_model, l.d_model, entry)),
                      [l](const std::tuple<Matrix<T>, Matrix<T>, Matrix<T>, Matrix<T>>& t) {
                        return multi_head_weights<T>{std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t),
                                                     l.heads};
                      });
}

/// FFN weights W1 (d × hidden), b1 (1 × hidden), W2 (hidden × d), b2 (1 × d).
template <Scalar T>
rc::Gen<ffn_weights<T>> gen_ffn_weights(Eigen::Index d_model, Eigen::Index hidden,
                                        rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(rc::gen::tuple(gen_matrix<T>(d_model, hidden, entry), gen_row<T>(hidden, entry),
                                     gen_matrix<T>(hidden, d_model, entry), gen_row<T>(d_model, entry)),
                      [](const std::tuple<Matrix<T>, Matrix<T>, Matrix<T>, Matrix<T>>& t) {
                        return ffn_weights<T>{std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t)};
                      });
}

/// Norm gain γ and bias β (1 × d each; the norm's own ε is left at its default).
template <Scalar T>
rc::Gen<norm_params<T>> gen_norm_params(Eigen::Index d_model, rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(rc::gen::pair(gen_row<T>(d_model, entry), gen_row<T>(d_model, entry)),
                      [](const std::pair<Matrix<T>, Matrix<T>>& p) {
                        norm_params<T> n;
                        n.gamma = p.first;
                        n.beta = p.second;
                        return n;
                      });
}

/// One encoder block's weights (multi-head attention, FFN with `hidden` units, two norms).
template <Scalar T>
rc::Gen<encoder_block_weights<T>> gen_encoder_block_weights(head_layout l, Eigen::Index hidden,
                                                            rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(rc::gen::tuple(gen_multi_head_weights<T>(l, entry), gen_ffn_weights<T>(l.d_model, hidden, entry),
                                     gen_norm_params<T>(l.d_model, entry), gen_norm_params<T>(l.d_model, entry)),
                      [](const std::tuple<multi_head_weights<T>, ffn_weights<T>, norm_params<T>, norm_params<T>>& t) {
                        return encoder_block_weights<T>{std::get<0>(t), std::get<1>(t), std::get<2>(t), std::get<3>(t)};
                      });
}

/// One decoder block's weights (causal self-attention, cross-attention, FFN, three norms).
template <Scalar T>
rc::Gen<decoder_block_weights<T>> gen_decoder_block_weights(head_layout l, Eigen::Index hidden,
                                                            rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::map(
      rc::gen::tuple(gen_multi_head_weights<T>(l, entry), gen_multi_head_weights<T>(l, entry),
                     gen_ffn_weights<T>(l.d_model, hidden, entry), gen_norm_params<T>(l.d_model, entry),
                     gen_norm_params<T>(l.d_model, entry), gen_norm_params<T>(l.d_model, entry)),
      [](const std::tuple<multi_head_weights<T>, multi_head_weights<T>, ffn_weights<T>, norm_params<T>,
                          norm_params<T>, norm_params<T>>& t) {
        return decoder_block_weights<T>{std::get<0>(t), std::get<1>(t), std::get<2>(t),
                                        std::get<3>(t), std::get<4>(t), std::get<5>(t)};
      });
}

/// `count` blocks of the same layout (a stack).
template <Scalar T, class Block>
rc::Gen<std::vector<Block>> gen_blocks(std::size_t count, rc::Gen<Block> block) {
  return rc::gen::container<std::vector<Block>>(count, std::move(block));
}

/// A position p uniform in [0, max_position] (shrinks toward 0).
inline rc::Gen<long> gen_position(long max_position) {
  if (max_position < 0) throw configuration_error("gen_position: max_position must be >= 0");
  return gen_uniform<long>(0, max_position);
}

/// An offset k uniform in [−max_offset, max_offset] (shrinks toward 0); with `nonzero`, never 0.
inline rc::Gen<long> gen_offset(long max_offset, bool nonzero = false) {
  if (max_offset < 1) throw configuration_error("gen_offset: max_offset must be >= 1");
  auto g = full_range(rc::gen::map(rc::gen::pair(rc::gen::inRange<long>(0, max_offset + 1), rc::gen::arbitrary<bool>()),
                                   [](const std::pair<long, bool>& p) { return p.second ? -p.first : p.first; }));
  if (!nonzero) return g;
  return rc::gen::suchThat(g, [](long k) { return k != 0; });
}

/// The parameter t of an exact unit rotation (cos α, sin α) = ((1 − t²)/(1 + t²), 2t/(1 + t²)):
/// t = p/q with 1 ≤ |p| ≤ 9, 1 ≤ q ≤ 9 and t ≠ ±1, so α is neither 0 nor a right angle.
// NOTE: t = 0 is the angle 0 (R = I: an identity that cannot fail) and t = ±1 the right angle, whose
// powers cycle with period 4; every other rational t gives an angle that is an irrational multiple of π
// (Niven), so its powers never repeat.
template <Scalar T>
rc::Gen<T> gen_angle_parameter() {
  return rc::gen::suchThat(gen_rational<T>(), [](const T& t) { return !(t == T(0)) && !(t * t == T(1)); });
}

/// One case of a PE rotation property: position p, offset k ≥ 0, even width d, base.
struct pe_case {
  long p = 0;           ///< position
  long k = 0;           ///< offset (p + k is the other position)
  Eigen::Index d = 2;   ///< model width (even)
  long base = 10000;    ///< the sinusoid's base
};

/// p in [0, max_position], k in [0, max_offset], d even in [2, max_d], base 10000 half of the time
/// and otherwise in [2, 20000].
inline rc::Gen<pe_case> gen_pe_case(long max_position, long max_offset, Eigen::Index max_d) {
  return full_range(rc::gen::map(
      rc::gen::tuple(gen_position(max_position), rc::gen::inRange<long>(0, max_offset + 1),
                     rc::gen::inRange<Eigen::Index>(1, max_d / 2 + 1),
                     rc::gen::weightedOneOf<long>({{1, rc::gen::just(10000L)}, {1, rc::gen::inRange<long>(2, 20001)}})),
      [](const std::tuple<long, long, Eigen::Index, long>& t) {
        return pe_case{std::get<0>(t), std::get<1>(t), 2 * std::get<2>(t), std::get<3>(t)};
      }));
}

}  // namespace orderblind::properties
