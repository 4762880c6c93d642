// SPDX-License-Identifier: MIT
// Proofs A.1-exp and A.2-exp: text 001, Appendices A.1 and A.2 with the real softmax, exactly, in Q(t).
#include "orderblind/expfield/appendix.hpp"
#include "proof.hpp"

namespace orderblind::proofs {
namespace {

/// The Q(t) steps as certificate records.
proof_result as_result(const expfield::exact_proof& pr, std::string id, std::string title, std::string source,
                       std::uint64_t seed) {
  proof_result r{std::move(id), std::move(title), source, expfield::random_case_description(), {}};
  for (const auto& s : pr.steps)
    r.steps.push_back({s.number, s.statement, source, s.compared, expfield::exact_arithmetic(), "== (exact, in Q(t))",
                       s.example_cases, s.random_cases, seed, s.held ? "0" : "≠ (exact)", s.held,
                       s.held ? std::string("one softmax level: exactly what this appendix needs")
                              : "FAILED on " + s.failure});
  return r;
}

proof_result prove_a1_exact_softmax(const run_config& cfg) {
  return as_result(expfield::prove_a1(cfg.cases, cfg.seed), "A.1-exp",
                   "self-attention is permutation-equivariant with the real softmax, exactly in Q(t)",
                   "text 001, Appendix A.1", cfg.seed);
}

proof_result prove_a2_exact_softmax(const run_config& cfg) {
  return as_result(expfield::prove_a2(cfg.cases, cfg.seed), "A.2-exp",
                   "the row numbers do not reach the decoder, real softmax, exactly in Q(t)", "text 001, Appendix A.2",
                   cfg.seed);
}

const proof_registrar reg_a1{proof{"A.1-exp", "self-attention is permutation-equivariant, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.1", &prove_a1_exact_softmax}};
const proof_registrar reg_a2{proof{"A.2-exp", "the row numbers do not reach the decoder, real softmax, exactly in Q(t)",
                                   "text 001, Appendix A.2", &prove_a2_exact_softmax}};

}  // namespace
}  // namespace orderblind::proofs
