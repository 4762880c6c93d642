// SPDX-License-Identifier: MIT
#pragma once
/// Proof A.1 (text 001, Appendix A.1; text 000, §2): self-attention is permutation-equivariant,
/// Attn(PX) = P·Attn(X), checked step by step as the texts write it.
#include "attention_subject.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// Runs A.1 against `subject` (the library's attention unless a test passes a mutant).
verify::check prove_a1(const run_config& cfg, const attention_subject& subject = library_attention());

}  // namespace orderblind::proofs
