// SPDX-License-Identifier: MIT
#pragma once
/// Proof 3.4 (text 001, §3.4; text 000, §2): FFN, LayerNorm and residual act row by row; stacks stay
/// equivariant; mean pooling is invariant; the causal mask is the one step that reads row numbers
/// (it is not equivariant: a minimal counterexample is found and shown).
#include <functional>

#include "attention_subject.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/mask.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// The row-wise layers under proof (the library's unless a test passes a mutant).
struct layers_subject {
  std::string name;
  std::function<Matrix<Q>(const Matrix<Q>&, const ffn_weights<Q>&)> ffn;
  orderblind::mask decoder_mask;  ///< the decoder's self-attention mask (causal)
};
/// orderblind::feed_forward and mask::causal().
layers_subject library_layers();

/// Runs 3.4.
verify::check prove_34(const run_config& cfg, const layers_subject& subject = library_layers());

}  // namespace orderblind::proofs
