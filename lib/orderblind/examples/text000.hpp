// SPDX-License-Identifier: MIT
#pragma once
/// Text 000 ("Why Position Must Be Encoded"), §3 and §4: dog bites man in d = 2 with W = I.
#include "orderblind/attention.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/positional.hpp"

namespace orderblind::examples::text000 {

/// Rows dog = [1, 0], bites = [0, 1], man = [1, 1] in sentence A, "dog bites man".
template <Scalar T>
Matrix<T> sentence_a() {
  return from_rows<T, int>({{1, 0}, {0, 1}, {1, 1}});
}
/// Sentence B, "man bites dog": sentence A with positions 0 and 2 swapped (the P of §1).
inline permutation swap_first_and_last() { return permutation::transposition(3, 0, 2); }
template <Scalar T>
Matrix<T> sentence_b() {
  return swap_first_and_last().apply_rows(sentence_a<T>());
}
/// W_Q = W_K = W_V = I (d = 2); the scale is 1/√2.
template <Scalar T>
head_weights<T> identity_weights() {
  const Matrix<T> i = from_rows<T, int>({{1, 0}, {0, 1}});
  return {i, i, i};
}
/// §3: Attn(X) with W = I and softmax, scale 1/√2.
template <Scalar T>
attention_trace<T> attend(const Matrix<T>& x) {
  return self_attention_trace<T, softmax_kernel>(x, identity_weights<T>());
}
/// §4: X + PE with the d = 2 sinusoid (θ = 1, so PE_t = [sin t, cos t]).
template <Scalar T>
Matrix<T> with_sinusoid(const Matrix<T>& x) {
  return pe::add_positions(x, pe::sinusoidal<T>(x.rows(), x.cols()));
}

/// The true values (computed to 100 digits with this library and rounded to 8 decimals).
inline constexpr double dog_output[2] = {0.80222419, 0.59888791};
inline constexpr double dog_with_pe_a[2] = {1.29004339, 1.03165034};
inline constexpr double dog_with_pe_b[2] = {1.69559336, 0.05993787};
/// §4 prints sentence B's dog as ≈ [1.695, 0.061]: the second figure is off in the third decimal.
inline constexpr double text_dog_with_pe_b[2] = {1.695, 0.061};

}  // namespace orderblind::examples::text000
