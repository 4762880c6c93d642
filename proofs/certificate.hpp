// SPDX-License-Identifier: MIT
#pragma once
/// Certificates: a proof run as one `verify::check`, stamped with the command that reproduces it, and
/// the report of `orderblind prove` (schema "orderblind-prove/2", docs/json.md). The command only
/// parses, calls `certificates_report` and emits it; the tests check the same report.
#include <string>
#include <vector>

#include "orderblind/verify/report.hpp"
#include "proofs/proof.hpp"

namespace orderblind::proofs {

/// The schema name of the `orderblind prove` report.
inline constexpr const char* prove_schema = "orderblind-prove/2";

/// A citable record of one proof run.
struct certificate {
  std::string reproduce;  ///< the command that replays exactly this run: "orderblind prove ID --cases N --seed S"
  run_config config;
  proof_result proof;
  /// Machine-checked theorems (Coq) that prove the same statements for all sizes, with whether this
  /// build checked them; empty when the proof has none.
  std::vector<formal_theorem> formal;
  bool held() const { return proof.held(); }
};

/// Stamps a proof result with the reproducing command and its linked formal theorems.
certificate make_certificate(proof_result result, const run_config& cfg);

/// The evidence record of one step: id "step N" (or the text's "Step N"), its statement, source,
/// compared, arithmetic, bound, residual, cases (the texts' examples + the random ones), seed, kind
/// of evidence, verdict and note; details `step`, `example_cases`, `random_cases`.
verify::check step_check(const step_record& s);

/// The weakest kind of evidence of the proof's steps (a proof rests on all of them, so it claims no
/// more than the weakest); `sampled_within_bound` for a proof with no steps.
verify::evidence_kind weakest_evidence(const proof_result& r);

/// The certificate as one check: id = the proof id, statement = its title, its source, arithmetic, the
/// weakest evidence of its steps, cases (the largest random case count of a step; when every step is
/// exhaustive, the most permutations a step enumerated), seed, verdict; details
/// `steps` (one check per step), `formal` (the linked theorems), `random_cases_from` and `reproduce`.
verify::check certificate_check(const certificate& c);

/// The report of `orderblind prove ID…`: `cases` and `seed` of the run, then `certificates` (one check
/// per proof, in the order given).
verify::report certificates_report(const std::vector<certificate>& cs, const run_config& cfg);

}  // namespace orderblind::proofs
