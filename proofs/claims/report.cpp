// SPDX-License-Identifier: MIT
// The text-claims report as checks (the rows, their data and their evaluation are data.cpp, rows.cpp and
// evaluate.cpp).
#include "proofs/claims/report.hpp"

#include "orderblind/version.hpp"

namespace orderblind::claims {
namespace {

/// The source line of `text` ("text 000: 000_….txt (title)"), or the text's name when none matches.
std::string file_of(const std::string& text) {
  for (const auto& s : claim_sources())
    if (s.rfind(text + ":", 0) == 0) return s;
  return text;
}

verify::value::list strings(const std::vector<std::string>& v) {
  verify::value::list l;
  for (const auto& s : v) l.emplace_back(s);
  return l;
}

}  // namespace

verify::verdict verdict_of(const claim& c) {
  switch (c.verdict()) {
    case claim_verdict::held: return verify::verdict::held;
    case claim_verdict::erratum: return verify::verdict::erratum;
    case claim_verdict::questionable: return verify::verdict::questionable;
    case claim_verdict::failed: return verify::verdict::failed;
  }
  return verify::verdict::failed;
}

std::string claim_id(const claim& c) { return c.text + (c.section.empty() ? "" : " " + c.section); }

verify::check claim_check(const claim& c) {
  verify::check k;
  k.id = claim_id(c).empty() ? "claim" : claim_id(c);
  k.statement = c.quote;
  k.source = file_of(c.text) + (c.section.empty() ? "" : ", " + c.section);
  k.arithmetic = c.arithmetic;
  k.evidence = c.evidence;
  k.cases = c.cases;
  k.seed = c.seed;
  k.outcome = verdict_of(c);
  k.note = c.note;
  verify::value::list cited;
  for (auto e : c.step_evidence) cited.emplace_back(to_string(evidence_from(e)));
  k.with("text", c.text)
      .with("section", c.section)
      .with("quote", c.quote)
      .with("text_value", c.text_value)
      .with("computed", c.computed)
      .with("correction", c.verdict() == claim_verdict::erratum ? verify::value(c.correction) : verify::value())
      .with("evidence_basis", c.evidence_detail)
      .with("inputs", strings(c.inputs))
      .with("proof_steps", strings(c.steps))
      .with("cited_evidence", std::move(cited))
      .with("reason_source", c.questionable ? verify::value(c.source) : verify::value());
  return k;
}

std::string claims_summary_line(const claims_report& r) {
  return std::to_string(r.claims.size()) + " claims: " + std::to_string(r.count(claim_verdict::held)) + " held, " +
         std::to_string(r.count(claim_verdict::erratum)) + " errata, " +
         std::to_string(r.count(claim_verdict::questionable)) + " questionable, " +
         std::to_string(r.count(claim_verdict::failed)) + " FAILED";
}

verify::report to_report(const claims_report& r) {
  verify::report rep{claims_schema, std::string("Text claims (orderblind ") + version + ")", {}};
  verify::value::checks all;
  verify::value::list errata, questionable;
  for (const auto& c : r.claims) {
    all.push_back(claim_check(c));
    if (c.verdict() == claim_verdict::erratum)
      errata.push_back(verify::value::object{{"claim", claim_id(c)},
                                             {"the_text_says", c.text_value},
                                             {"correct", c.correction}});
    if (c.verdict() == claim_verdict::questionable)
      questionable.push_back(verify::value::object{{"claim", claim_id(c)},
                                                   {"the_text_says", c.quote},
                                                   {"why", c.note},
                                                   {"source", c.source}});
  }
  rep.add("sources", strings(claim_sources()))
      .add("all_held", r.held())
      .add("summary", verify::value::object{{"claims", static_cast<std::int64_t>(r.claims.size())},
                                            {"held", r.count(claim_verdict::held)},
                                            {"erratum", r.count(claim_verdict::erratum)},
                                            {"questionable", r.count(claim_verdict::questionable)},
                                            {"failed", r.count(claim_verdict::failed)}})
      .add("claims", std::move(all))
      .add("errata", std::move(errata))
      .add("questionable", std::move(questionable))
      .add("conclusion", claims_summary_line(r) + "; " + (r.held() ? "no check failed" : "some checks FAILED"));
  return rep;
}

}  // namespace orderblind::claims
