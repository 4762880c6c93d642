// SPDX-License-Identifier: MIT
// The text-claims report: rendering only (the rows, their data and their evaluation are the library
// proofs/claims/).
#include "claims_render.hpp"

#include <ostream>
#include <nlohmann/json.hpp>

#include "orderblind/version.hpp"

namespace orderblind::cli {

using claims::claim;
using claims::claim_verdict;
using claims::claims_report;
using claims::claim_sources;

namespace {
std::string cell(const std::string& s) {
  std::string o;
  for (char ch : s) o += (ch == '|') ? std::string("\\|") : std::string(1, ch);
  return o;
}
std::string summary(const claims_report& r) {
  return std::to_string(r.claims.size()) + " claims: " + std::to_string(r.count(claim_verdict::held)) + " held, " +
         std::to_string(r.count(claim_verdict::erratum)) + " errata, " +
         std::to_string(r.count(claim_verdict::questionable)) + " questionable, " +
         std::to_string(r.count(claim_verdict::failed)) + " FAILED";
}
}  // namespace

void render_claims(const claims_report& r, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j{{"schema", "orderblind-claims/3"},
                     {"orderblind_version", version},
                     {"sources", claim_sources()},
                     {"all_held", r.held()},
                     {"summary",
                      {{"claims", r.claims.size()},
                       {"held", r.count(claim_verdict::held)},
                       {"erratum", r.count(claim_verdict::erratum)},
                       {"questionable", r.count(claim_verdict::questionable)},
                       {"failed", r.count(claim_verdict::failed)}}},
                     {"claims", nlohmann::json::array()},
                     {"errata", nlohmann::json::array()},
                     {"questionable", nlohmann::json::array()}};
    for (const auto& c : r.claims) {
      nlohmann::json jc{{"text", c.text},         {"section", c.section},       {"quote", c.quote},
                        {"text_value", c.text_value}, {"computed", c.computed}, {"arithmetic", c.arithmetic},
                        {"evidence", claims::to_string(c.evidence)}, {"evidence_detail", c.evidence_detail},
                        {"verdict", to_string(c.verdict())}, {"correction", c.correction},
                        {"note", c.note},         {"inputs", c.inputs},         {"proof_steps", c.steps}};
      // NOTE: the kind of each cited step, as `evidence` names it (a row that also computes on the data
      // carries its own kind in `evidence` and the cited steps' kinds here).
      nlohmann::json cited = nlohmann::json::array();
      for (auto k : c.step_evidence) cited.push_back(claims::to_string(claims::evidence_from(k)));
      jc["cited_evidence"] = cited;
      if (c.questionable) jc["source"] = c.source;
      j["claims"].push_back(jc);
      if (c.verdict() == claim_verdict::erratum) j["errata"].push_back(jc);
      if (c.verdict() == claim_verdict::questionable) j["questionable"].push_back(jc);
    }
    os << j.dump(2) << "\n";
    return;
  }
  if (format == "markdown") {
    os << "## Text claims (orderblind " << version << ")\n\n"
       << "| text | section | claim | text says | computed | arithmetic | evidence | verdict |\n"
          "|---|---|---|---|---|---|---|---|\n";
    for (const auto& c : r.claims) {
      const std::string v = to_string(c.verdict());
      os << "| " << c.text << " | " << cell(c.section) << " | " << cell(c.quote) << " | " << cell(c.text_value) << " | "
         << cell(c.computed) << " | " << cell(c.arithmetic) << " | " << cell(c.evidence_detail) << " | "
         << (c.verdict() == claim_verdict::held ? v : "**" + v + "**") << " |\n";
    }
    os << "\n### Errata\n\n| text | section | the text says | correct |\n|---|---|---|---|\n";
    for (const auto& c : r.claims)
      if (c.verdict() == claim_verdict::erratum)
        os << "| " << c.text << " | " << cell(c.section) << " | " << cell(c.text_value) << " | " << cell(c.correction)
           << " |\n";
    os << "\n### Questionable (dated or contested; not a failure)\n\n| text | section | the text says | why | source "
          "|\n|---|---|---|---|---|\n";
    for (const auto& c : r.claims)
      if (c.verdict() == claim_verdict::questionable)
        os << "| " << c.text << " | " << cell(c.section) << " | " << cell(c.quote) << " | " << cell(c.note) << " | "
           << cell(c.source) << " |\n";
    os << "\n" << summary(r) << "; " << (r.held() ? "no check failed." : "**some checks FAILED.**") << "\n";
    return;
  }
  for (const auto& c : r.claims) {
    os << "[" << to_string(c.verdict()) << "] " << c.text << ", " << c.section << ": \"" << c.quote << "\"\n"
       << "    text: " << c.text_value << "\n    computed: " << c.computed << "   (" << c.arithmetic << "; "
       << c.evidence_detail << ")\n";
    if (!c.correction.empty()) os << "    correct: " << c.correction << "\n";
    if (!c.note.empty()) os << (c.questionable ? "    why: " : "    note: ") << c.note << "\n";
    if (!c.source.empty()) os << "    source: " << c.source << "\n";
  }
  os << "\nErrata (the text's figure is wrong; the check asserts the correct one):\n";
  for (const auto& c : r.claims)
    if (c.verdict() == claim_verdict::erratum)
      os << "  " << c.text << ", " << c.section << ": the text says " << c.text_value << "; correct: " << c.correction
         << "\n";
  os << "\nQuestionable (dated or contested; not a failure):\n";
  for (const auto& c : r.claims)
    if (c.verdict() == claim_verdict::questionable)
      os << "  " << c.text << ", " << c.section << ": \"" << c.quote << "\" — " << c.note << " (" << c.source << ")\n";
  os << "\n" << summary(r) << "; " << (r.held() ? "no check failed" : "some checks FAILED") << " (orderblind " << version
     << ")\n";
}

}  // namespace orderblind::cli
