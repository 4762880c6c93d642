// SPDX-License-Identifier: MIT
// Proofs A.1-exp and A.2-exp: text 001, Appendices A.1 and A.2 with the real softmax, exactly, in Q(t).
// The Q(t) layer returns each appendix's steps as checks (verify::step); this file registers them as proofs.
#include "orderblind/expfield/appendix.hpp"
#include "proof.hpp"

namespace orderblind::proofs {
namespace {

verify::check prove_a1_exact_softmax(const run_config& cfg) {
  return proof_check("A.1-exp", "self-attention is permutation-equivariant with the real softmax, exactly in Q(t)",
                     "text 001, Appendix A.1", expfield::random_case_description(),
                     expfield::prove_a1(cfg.cases, cfg.seed), cfg);
}

verify::check prove_a2_exact_softmax(const run_config& cfg) {
  return proof_check("A.2-exp", "the row numbers do not reach the decoder, real softmax, exactly in Q(t)",
                     "text 001, Appendix A.2", expfield::random_case_description(),
                     expfield::prove_a2(cfg.cases, cfg.seed), cfg);
}

const proof_registrar reg_a1{proof{"A.1-exp", "self-attention is permutation-equivariant, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.1", &prove_a1_exact_softmax}};
const proof_registrar reg_a2{proof{"A.2-exp", "the row numbers do not reach the decoder, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.2", &prove_a2_exact_softmax}};

}  // namespace
}  // namespace orderblind::proofs
