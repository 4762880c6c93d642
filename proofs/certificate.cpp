// SPDX-License-Identifier: MIT
// Certificates as evidence records: a proof run becomes one verify::check with its steps nested.
#include "proofs/certificate.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <regex>

#include "orderblind/version.hpp"

namespace orderblind::proofs {
namespace {

/// "formally proved: name (checker; assumptions: …)", or why it is not claimed.
std::string formal_phrase(const formal_theorem& t) {
  if (!t.checked) return "formal proof not checked by this build: " + t.name + " (" + t.file + ")";
  return "formally proved: " + t.name + " (" + t.checker + "; assumptions: " + t.assumptions + ")";
}

/// A step's printed residual as a report value: an exact number ("0", "p/q"), a double when the whole
/// text is one ("1.1e-16"), else the text as printed ("≠ (exact)").
// NOTE: the proofs print their residuals; only a text that is entirely a number becomes one, so a
// residual with words around it is never half-read.
verify::value residual_of(const std::string& printed) {
  static const std::regex exact("-?[0-9]+(/[0-9]+)?");
  if (std::regex_match(printed, exact)) return verify::exact_number{printed};
  if (!printed.empty()) {
    char* end = nullptr;
    const double d = std::strtod(printed.c_str(), &end);
    if (end == printed.c_str() + printed.size()) return d;
  }
  return printed;
}

}  // namespace

certificate make_certificate(proof_result result, const run_config& cfg) {
  certificate c;
  c.config = cfg;
  c.reproduce = "orderblind prove " + result.id + " --cases " + std::to_string(cfg.cases) + " --seed " +
                std::to_string(cfg.seed);
  c.formal = formal_theorems(result.id);
  c.proof = std::move(result);
  return c;
}

verify::check step_check(const step_record& s) {
  verify::check c;
  // NOTE: some texts number their steps "Step 1" themselves; the id then keeps their word.
  c.id = (s.number.rfind("Step", 0) == 0 || s.number.rfind("step", 0) == 0) ? s.number : "step " + s.number;
  c.statement = s.statement;
  c.source = s.source;
  c.compared = s.compared;
  c.arithmetic = s.arithmetic;
  c.evidence = evidence_of(s);
  c.bound = s.bound;
  c.residual = residual_of(s.max_residual);
  // NOTE: an exhaustive step counts the permutations it enumerated (on its one stated input); a sampled
  // step counts its cases, the texts' examples and the random ones; an identity or a formal step
  // samples nothing, and the renderer says so whatever the count.
  c.cases = c.evidence == evidence_kind::exhaustive_exact && s.enumerated > 0 ? s.enumerated
                                                                               : s.example_cases + s.random_cases;
  if (s.random_cases > 0 || c.evidence == evidence_kind::exhaustive_exact) c.seed = s.seed;
  c.outcome = verify::held_if(s.held);
  c.note = s.note;
  c.with("step", s.number).with("example_cases", s.example_cases).with("random_cases", s.random_cases);
  return c;
}

verify::evidence_kind weakest_evidence(const proof_result& r) {
  if (r.steps.empty()) return evidence_kind::sampled_within_bound;
  evidence_kind k = evidence_of(r.steps.front());
  for (const auto& s : r.steps) k = verify::weakest(k, evidence_of(s));
  return k;
}

verify::check certificate_check(const certificate& cert) {
  const auto& p = cert.proof;
  verify::check c;
  c.id = p.id;
  c.statement = p.title;
  c.source = p.source;
  c.compared = std::to_string(p.steps.size()) + " step" + (p.steps.size() == 1 ? "" : "s") + ", each below";
  c.arithmetic = p.arithmetic();
  c.evidence = weakest_evidence(p);
  c.cases = p.cases();
  // NOTE: when every step is exhaustive, the certificate's count is what such a check counts: the most
  // permutations a step enumerated (a random case count would read as a number of permutations).
  if (c.evidence == evidence_kind::exhaustive_exact)
    for (const auto& s : p.steps) c.cases = std::max<std::int64_t>(c.cases, s.enumerated);
  c.seed = cert.config.seed;
  c.outcome = verify::held_if(p.held());
  if (p.steps.empty()) c.note = "no step was checked";
  for (const auto& s : p.steps)
    if (!s.held) {
      c.note = "FAILED at step " + s.number + (s.note.empty() ? "" : ": " + s.note);
      break;
    }
  verify::value::checks steps;
  for (const auto& s : p.steps) steps.push_back(step_check(s));
  verify::value::list formal;
  for (const auto& t : cert.formal)
    formal.push_back(verify::value::object{{"theorem", t.name},
                                           {"file", t.file},
                                           {"statement", t.statement},
                                           {"checked_by_this_build", t.checked},
                                           {"checker", t.checker},
                                           {"assumptions", t.assumptions},
                                           {"status", formal_phrase(t)}});
  c.with("random_cases_from", p.random_cases_from)
      .with("reproduce", cert.reproduce)
      .with("formal", std::move(formal))
      .with("steps", std::move(steps));
  return c;
}

verify::report certificates_report(const std::vector<certificate>& cs, const run_config& cfg) {
  verify::report r{prove_schema,
                   std::string("Proof certificates (orderblind ") + version + ", " + std::to_string(cfg.cases) +
                       " random cases per step, seed " + std::to_string(cfg.seed) + ")",
                   {}};
  verify::value::checks certs;
  for (const auto& c : cs) certs.push_back(certificate_check(c));
  r.add("cases", cfg.cases).add("seed", cfg.seed).add("certificates", std::move(certs));
  return r;
}

}  // namespace orderblind::proofs
