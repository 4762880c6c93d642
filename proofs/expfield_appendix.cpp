// SPDX-License-Identifier: MIT
// Proofs A.1-exp and A.2-exp: text 001, Appendices A.1 and A.2 with the real softmax, exactly, in Q(t).
#include "orderblind/expfield/appendix.hpp"
#include "proof.hpp"

namespace orderblind::proofs {
namespace {

/// The Q(t) proof as a proof's check: each step's counted cases recorded on a verify::step.
verify::check as_check(const expfield::exact_proof& pr, const std::string& id, const std::string& title,
                       const std::string& source, const run_config& cfg) {
  verify::value::checks steps;
  for (const auto& s : pr.steps) {
    verify::step st{s.number, s.statement, source, s.compared, expfield::exact_arithmetic(), "== (exact, in Q(t))"};
    // NOTE: the Q(t) layer counts its cases and keeps the first failing one; a failed step records that
    // case first, so its note names it.
    long examples = s.example_cases, randoms = s.random_cases;
    if (!s.held) {
      const bool example = examples > 0 && randoms == 0;
      st.add(verify::decided(false), example, s.failure);
      --(example ? examples : randoms);
    }
    for (long k = 0; k < examples; ++k) st.add(verify::decided(true), true);
    for (long k = 0; k < randoms; ++k) st.add(verify::decided(true), false);
    if (s.held) st.remark("one softmax level: exactly what this appendix needs");
    steps.push_back(st.finish(cfg.seed));
  }
  return proof_check(id, title, source, expfield::random_case_description(), std::move(steps), cfg);
}

verify::check prove_a1_exact_softmax(const run_config& cfg) {
  return as_check(expfield::prove_a1(cfg.cases, cfg.seed), "A.1-exp",
                  "self-attention is permutation-equivariant with the real softmax, exactly in Q(t)",
                  "text 001, Appendix A.1", cfg);
}

verify::check prove_a2_exact_softmax(const run_config& cfg) {
  return as_check(expfield::prove_a2(cfg.cases, cfg.seed), "A.2-exp",
                  "the row numbers do not reach the decoder, real softmax, exactly in Q(t)", "text 001, Appendix A.2",
                  cfg);
}

const proof_registrar reg_a1{proof{"A.1-exp", "self-attention is permutation-equivariant, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.1", &prove_a1_exact_softmax}};
const proof_registrar reg_a2{proof{"A.2-exp", "the row numbers do not reach the decoder, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.2", &prove_a2_exact_softmax}};

}  // namespace
}  // namespace orderblind::proofs
