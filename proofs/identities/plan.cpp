// SPDX-License-Identifier: MIT
// The full list of identities and their sizes (docs/identities.md has the table of times).
#include "proofs/identities/identities.hpp"
#include "proofs/identities/specification.hpp"

namespace orderblind::identities {

namespace {
// NOTE: the quick default subset (the main job and `prove` without ORDERBLIND_IDENTITY_SIZES=full):
// the permutation laws up to n = 6 (attention) and n = 4 (blocks), everything else in full. Measured in
// docs/identities.md: the subset takes a few seconds, the full list under two minutes.
constexpr long quick_attention_n = 6;
constexpr long quick_block_n = 4;
}  // namespace

std::vector<planned_run> planned_runs(bool quick) {
  std::vector<planned_run> out;
  auto add = [&](std::string group, std::string label, bool in_default, std::function<identity_run()> f) {
    if (quick && !in_default) return;
    out.push_back({std::move(group), std::move(label), in_default, std::move(f)});
  };
  // A.1-sym: self-attention (scale 1), scaled, multi-head with W_O (heads 1, 2, 4); n = 2…16, d = 8.
  constexpr long d = 8;
  for (long n = 2; n <= 16; ++n) {
    const bool q = n <= quick_attention_n;
    const std::string at = ", n = " + std::to_string(n);
    add("A.1-sym", "self-attention" + at, q, [n] { return attention_equivariance(attention_form::self_attention, n, d); });
    add("A.1-sym", "scaled self-attention" + at, q,
        [n] { return attention_equivariance(attention_form::scaled_self_attention, n, d); });
    for (std::size_t h : {1u, 2u, 4u})
      add("A.1-sym", "MHA heads = " + std::to_string(h) + at, q,
          [n, h] { return attention_equivariance(attention_form::multi_head, n, d, h); });
  }
  // A.2-sym: cross-attention and a decoder block ignore the order of the encoder rows; n_enc = 2…8.
  for (long ne = 2; ne <= 8; ++ne) {
    const bool q = ne <= quick_block_n;
    const std::string at = ", n_enc = " + std::to_string(ne);
    add("A.2-sym", "cross-attention" + at, q, [ne] { return cross_attention_order(3, ne, d, 2); });
    add("A.2-sym", "decoder block" + at, q, [ne] { return decoder_block_order(3, ne, d, 2); });
  }
  // 3.4-sym: an encoder block, a stack of 2, mean pooling; n = 2…8, d = 8.
  for (long n = 2; n <= 8; ++n) {
    const bool q = n <= quick_block_n;
    const std::string at = ", n = " + std::to_string(n);
    add("3.4-sym", "encoder block" + at, q, [n] { return encoder_stack_equivariance(n, d, 2, 1); });
    add("3.4-sym", "encoder stack of 2" + at, q, [n] { return encoder_stack_equivariance(n, d, 2, 2); });
    add("3.4-sym", "mean pooling" + at, q, [n] { return mean_pool_invariance(n, d, 2, 2); });
  }
  // 3.7-sym: the counter's position part.
  for (long dd = 1; dd <= 8; ++dd)
    add("3.7-sym", "counter, symbolic m, n, d = " + std::to_string(dd), true, [dd] { return counter_score_symbolic(dd); });
  add("3.7-sym", "counter table, d = 8", true, [] { return counter_score_table(8, 8); });
  // causal-sym: the residual is not zero.
  add("causal-sym", "causal mask, n = 2, d = 1", true, [] { return causal_mask_residual(2, 1); });
  add("causal-sym", "causal mask, n = 3, d = 2", true, [] { return causal_mask_residual(3, 2); });
  // rope-sym: the shift identity of RoPE with exact rotations, and the sinusoid's rotation.
  add("rope-sym", "RoPE interleaved, d = 8", true, [] { return rope_shift("interleaved", 8, 8, 5, {1, 3}); });
  add("rope-sym", "RoPE half-split, d = 8", true, [] { return rope_shift("half-split", 8, 8, 5, {1, 3}); });
  add("rope-sym", "partial RoPE r = 4, d = 8", true, [] { return rope_shift("interleaved", 8, 4, 5, {1, 3}); });
  add("rope-sym", "Pythagorean sinusoid, symbolic t", true, [] { return sinusoid_rotation_symbolic_t(4, 5); });
  // spec-sym: implementation == specification (proofs/spec/), every n ≤ 8, d ≤ 8, heads 1, 2, 4 dividing
  // d, blocks and stacks of 2; the quick subset n ≤ 3, d ∈ {4, 8}.
  for (auto& p : planned_spec_runs(quick)) out.push_back(std::move(p));
  return out;
}

}  // namespace orderblind::identities
