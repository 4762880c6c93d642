// SPDX-License-Identifier: MIT
// A proof run as one verify::check with its steps nested, and the report of `orderblind prove`.
#include "proofs/certificate.hpp"

#include <algorithm>
#include <cstdint>

#include "orderblind/version.hpp"

namespace orderblind::proofs {
namespace {

/// "formally proved: name (checker; assumptions: …)", or why it is not claimed.
std::string formal_phrase(const formal_theorem& t) {
  if (!t.checked) return "formal proof not checked by this build: " + t.name + " (" + t.file + ")";
  return "formally proved: " + t.name + " (" + t.checker + "; assumptions: " + t.assumptions + ")";
}

/// The distinct arithmetics of the steps (the scalar's name, the part before " ("), joined with " + ".
std::string arithmetics(const verify::value::checks& steps) {
  std::vector<std::string> seen;
  for (const auto& s : steps) {
    const auto name = s.arithmetic.substr(0, s.arithmetic.find(" ("));
    if (std::find(seen.begin(), seen.end(), name) == seen.end()) seen.push_back(name);
  }
  std::string out;
  for (const auto& n : seen) out += (out.empty() ? "" : " + ") + n;
  return out;
}

}  // namespace

const verify::value::checks& steps_of(const verify::check& proof) {
  static const verify::value::checks none;
  for (const auto& d : proof.details)
    if (d.key == "steps")
      if (const auto* cs = d.val.as<verify::value::checks>()) return *cs;
  return none;
}

const verify::check* find_step(const verify::check& proof, const std::string& number) {
  for (const auto& s : steps_of(proof))
    for (const auto& d : s.details)
      if (d.key == "step" && d.val.as<std::string>() && *d.val.as<std::string>() == number) return &s;
  return nullptr;
}

std::int64_t count_of(const verify::check& c, const std::string& key) {
  for (const auto& d : c.details)
    if (d.key == key) {
      if (const auto* i = d.val.as<std::int64_t>()) return *i;
      if (const auto* u = d.val.as<std::uint64_t>()) return static_cast<std::int64_t>(*u);
    }
  return 0;
}

std::string residual_text(const verify::check& step) {
  if (const auto* e = step.residual.as<verify::exact_number>()) return e->text;
  if (const auto* t = step.residual.as<std::string>()) return *t;
  return {};
}

verify::check proof_check(const std::string& id, const std::string& title, const std::string& source,
                          const std::string& random_cases_from, verify::value::checks steps, const run_config& cfg) {
  verify::check c;
  c.id = id;
  c.statement = title;
  c.source = source;
  c.compared = std::to_string(steps.size()) + " step" + (steps.size() == 1 ? "" : "s") + ", each below";
  c.arithmetic = arithmetics(steps);
  c.evidence = steps.empty() ? evidence_kind::sampled_within_bound : steps.front().evidence;
  for (const auto& s : steps) c.evidence = verify::weakest(c.evidence, s.evidence);
  for (const auto& s : steps) c.cases = std::max<std::int64_t>(c.cases, count_of(s, "random_cases"));
  // NOTE: when every step is exhaustive, the proof's count is what such a check counts: the most
  // permutations a step enumerated (a random case count would read as a number of permutations).
  if (c.evidence == evidence_kind::exhaustive_exact)
    for (const auto& s : steps) c.cases = std::max<std::int64_t>(c.cases, s.cases);
  c.seed = cfg.seed;
  c.outcome = verify::held_if(!steps.empty() && std::none_of(steps.begin(), steps.end(), [](const verify::check& s) {
                                return s.outcome != verify::verdict::held;
                              }));
  if (steps.empty()) c.note = "no step was checked";
  for (const auto& s : steps)
    if (s.outcome != verify::verdict::held) {
      c.note = "FAILED at " + s.id + (s.note.empty() ? "" : ": " + s.note);
      break;
    }
  verify::value::list formal;
  for (const auto& t : formal_theorems(id))
    formal.push_back(verify::value::object{{"theorem", t.name},
                                           {"file", t.file},
                                           {"statement", t.statement},
                                           {"checked_by_this_build", t.checked},
                                           {"checker", t.checker},
                                           {"assumptions", t.assumptions},
                                           {"status", formal_phrase(t)}});
  c.with("random_cases_from", random_cases_from)
      .with("reproduce", "orderblind prove " + id + " --cases " + std::to_string(cfg.cases) + " --seed " +
                             std::to_string(cfg.seed))
      .with("formal", std::move(formal))
      .with("steps", std::move(steps));
  return c;
}

verify::report certificates_report(verify::value::checks proofs, const run_config& cfg) {
  // NOTE: appended rather than `std::string(…) + version + …`: g++ 12's false -Warray-bounds in libstdc++
  // (lib/orderblind/attention.hpp, require_finite_from_scheme).
  std::string title("Proof certificates (orderblind ");
  title.append(version).append(", ").append(std::to_string(cfg.cases)).append(" random cases per step, seed ");
  title.append(std::to_string(cfg.seed)).append(")");
  verify::report r{prove_schema, std::move(title), {}};
  r.add("cases", cfg.cases).add("seed", cfg.seed).add("certificates", std::move(proofs));
  return r;
}

}  // namespace orderblind::proofs
