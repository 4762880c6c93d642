// SPDX-License-Identifier: MIT
// The text-claims report (the rows, their data and their evaluation into checks are data.cpp, rows.cpp and
// evaluate.cpp).
#include "proofs/claims/report.hpp"

#include "orderblind/version.hpp"

namespace orderblind::claims {

std::string claims_summary_line(const verify::value::checks& claims) {
  using verify::verdict;
  return std::to_string(claims.size()) + " claims: " + std::to_string(count(claims, verdict::held)) + " held, " +
         std::to_string(count(claims, verdict::erratum)) + " errata, " +
         std::to_string(count(claims, verdict::questionable)) + " questionable, " +
         std::to_string(count(claims, verdict::failed)) + " FAILED";
}

verify::report to_report(const verify::value::checks& claims) {
  using verify::verdict;
  // NOTE: appended piece by piece: g++ 12 raises a false -Warray-bounds on "…" + std::string when inlined.
  std::string title = "Text claims (orderblind ";
  title.append(version).push_back(')');
  verify::report rep{claims_schema, std::move(title), {}};
  verify::value::list errata, questionable, sources;
  for (const auto& c : claims) {
    if (c.outcome == verdict::erratum)
      errata.push_back(verify::value::object{{"claim", c.id},
                                             {"the_text_says", text_of(c, "text_value")},
                                             {"correct", text_of(c, "correction")}});
    if (c.outcome == verdict::questionable)
      questionable.push_back(verify::value::object{{"claim", c.id},
                                                   {"the_text_says", c.statement},
                                                   {"why", c.note},
                                                   {"source", text_of(c, "reason_source")}});
  }
  for (const auto& s : claim_sources()) sources.emplace_back(s);
  const bool held = all_held(claims);
  rep.add("sources", std::move(sources))
      .add("all_held", held)
      .add("summary", verify::value::object{{"claims", static_cast<std::int64_t>(claims.size())},
                                            {"held", count(claims, verdict::held)},
                                            {"erratum", count(claims, verdict::erratum)},
                                            {"questionable", count(claims, verdict::questionable)},
                                            {"failed", count(claims, verdict::failed)}})
      .add("claims", claims)
      .add("errata", std::move(errata))
      .add("questionable", std::move(questionable))
      .add("conclusion", claims_summary_line(claims) + "; " + (held ? "no check failed" : "some checks FAILED"));
  return rep;
}

}  // namespace orderblind::claims
