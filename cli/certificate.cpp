// SPDX-License-Identifier: MIT
// Certificate renderers: text, Markdown and JSON.
#include "certificate.hpp"

#include <ostream>

#include "orderblind/version.hpp"

namespace orderblind::cli {
namespace {

const char* verdict(bool held) { return held ? "held" : "FAILED"; }

std::string cases_phrase(const proofs::step_record& s) {
  // NOTE: an identity is not a count of cases: it holds for every real input at the sizes its
  // statement names, and a formal proof for every size. Saying "0 text examples" would undersell it,
  // and a count would oversell it as sampling.
  switch (proofs::evidence_of(s)) {
    case proofs::evidence_kind::identity: return "every real input, at the sizes stated (no sampling)";
    case proofs::evidence_kind::formal: return "every size (no sampling)";
    case proofs::evidence_kind::exhaustive_exact:
      return "every permutation (none sampled), on 1 stated input drawn from seed " + std::to_string(s.seed);
    default: break;
  }
  if (s.example_cases == 0 && s.random_cases == 0) return "no sampled cases: the inputs are those stated under 'compared'";
  std::string t = std::to_string(s.example_cases) + " text example" + (s.example_cases == 1 ? "" : "s");
  if (s.random_cases > 0) t += " + " + std::to_string(s.random_cases) + " random (seed " + std::to_string(s.seed) + ")";
  return t;
}

/// "formally proved: name (checker; assumptions: …)", or why it is not claimed.
std::string formal_phrase(const proofs::formal_theorem& t) {
  if (!t.checked) return "formal proof not checked by this build: " + t.name + " (" + t.file + ")";
  return "formally proved: " + t.name + " (" + t.checker + "; assumptions: " + t.assumptions + ")";
}

/// Markdown table cells must not contain a bare '|'.
std::string cell(const std::string& s) {
  std::string o;
  for (char ch : s) o += (ch == '|') ? std::string("\\|") : std::string(1, ch);
  return o;
}

}  // namespace

certificate make_certificate(proofs::proof_result result, const proofs::run_config& cfg) {
  certificate c;
  c.orderblind_version = version;
  c.config = cfg;
  c.reproduce = "orderblind prove " + result.id + " --cases " + std::to_string(cfg.cases) + " --seed " +
                std::to_string(cfg.seed);
  c.formal = proofs::formal_theorems(result.id);
  c.proof = std::move(result);
  return c;
}

void render_text(const certificate& c, std::ostream& os) {
  const auto& p = c.proof;
  os << "Proof " << p.id << ": " << p.title << "\n"
     << "  source:      " << p.source << "\n"
     << "  verdict:     " << verdict(p.held()) << " (" << p.steps.size() << " steps)\n"
     << "  orderblind:  " << c.orderblind_version << "\n"
     << "  reproduce:   " << c.reproduce << "\n"
     << "  random cases: " << p.random_cases_from << "\n";
  for (const auto& t : c.formal) os << "  " << formal_phrase(t) << "\n      statement:  " << t.statement << "\n";
  for (const auto& s : p.steps) {
    os << "  [" << verdict(s.held) << "] step " << s.number << ": " << s.statement << "\n"
       << "      compared:   " << s.compared << "\n"
       << "      arithmetic: " << s.arithmetic << ", bound " << s.bound << ", max residual " << s.max_residual << "\n"
       << "      evidence:   " << proofs::to_string(proofs::evidence_of(s)) << "\n"
       << "      cases:      " << cases_phrase(s) << "\n";
    if (!s.note.empty()) os << "      note:       " << s.note << "\n";
  }
}

void render_markdown(const certificate& c, std::ostream& os) {
  const auto& p = c.proof;
  os << "### Proof " << p.id << ": " << p.title << "\n\n"
     << "*Source:* " << p.source << ". *Verdict:* **" << verdict(p.held()) << "** (" << p.steps.size()
     << " steps). *Checked by* orderblind " << c.orderblind_version << "; reproduce with `" << c.reproduce
     << "`.\n\n*Random cases:* " << p.random_cases_from << ".\n\n";
  for (const auto& t : c.formal) os << "- " << formal_phrase(t) << ": " << t.statement << "\n";
  if (!c.formal.empty()) os << "\n";
  os << "| step | statement | compared | arithmetic | bound | evidence | cases | max residual | verdict |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& s : p.steps)
    os << "| " << s.number << " | " << cell(s.statement) << " | " << cell(s.compared) << " | " << cell(s.arithmetic)
       << " | " << cell(s.bound) << " | " << proofs::to_string(proofs::evidence_of(s)) << " | " << cases_phrase(s)
       << " | " << cell(s.max_residual) << " | "
       << (s.held ? "held" : "**FAILED**") << " |\n";
  bool notes = false;
  for (const auto& s : p.steps)
    if (!s.note.empty()) {
      if (!notes) os << "\nNotes:\n\n";
      notes = true;
      os << "- Step " << s.number << ": " << s.note << "\n";
    }
  os << "\n";
}

nlohmann::json to_json(const certificate& c) {
  const auto& p = c.proof;
  nlohmann::json j{{"schema", "orderblind-certificate/1"},
                   {"orderblind_version", c.orderblind_version},
                   {"proof", p.id},
                   {"title", p.title},
                   {"source", p.source},
                   {"verdict", verdict(p.held())},
                   {"cases", c.config.cases},
                   {"seed", c.config.seed},
                   {"random_cases_from", p.random_cases_from},
                   {"reproduce", c.reproduce},
                   {"formal", nlohmann::json::array()},
                   {"steps", nlohmann::json::array()}};
  for (const auto& t : c.formal)
    j["formal"].push_back({{"theorem", t.name},
                           {"file", t.file},
                           {"statement", t.statement},
                           {"checked_by_this_build", t.checked},
                           {"checker", t.checker},
                           {"assumptions", t.assumptions}});
  for (const auto& s : p.steps)
    j["steps"].push_back({{"step", s.number},
                          {"statement", s.statement},
                          {"source", s.source},
                          {"compared", s.compared},
                          {"arithmetic", s.arithmetic},
                          {"bound", s.bound},
                          {"example_cases", s.example_cases},
                          {"random_cases", s.random_cases},
                          {"seed", s.seed},
                          {"max_residual", s.max_residual},
                          {"evidence", proofs::to_string(proofs::evidence_of(s))},
                          {"verdict", verdict(s.held)},
                          {"note", s.note}});
  return j;
}

void render(const std::vector<certificate>& cs, const std::string& format, std::ostream& os) {
  if (format == "json") {
    if (cs.size() == 1) {
      os << to_json(cs.front()).dump(2) << "\n";
    } else {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& c : cs) a.push_back(to_json(c));
      os << a.dump(2) << "\n";
    }
    return;
  }
  for (const auto& c : cs) {
    if (format == "markdown") render_markdown(c, os);
    else {
      render_text(c, os);
      os << "\n";
    }
  }
}

}  // namespace orderblind::cli
