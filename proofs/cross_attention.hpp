// SPDX-License-Identifier: MIT
#pragma once
/// Proof A.2 (text 001, Appendix A.2): the row numbers do not reach the decoder. Steps 0–5 as the text
/// numbers them: the encoder output is reordered (0); keys and values are reordered (1); scores (2) and
/// weights (3) are reordered; the weighted sum does not change at all (4); heads, decoder rows and
/// decoder blocks change nothing (5).
#include "attention_subject.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// Runs A.2 against `subject`'s cross-attention (the library's unless a test passes a mutant).
verify::check prove_a2(const run_config& cfg, const attention_subject& subject = library_attention());

}  // namespace orderblind::proofs
