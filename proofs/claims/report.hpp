// SPDX-License-Identifier: MIT
#pragma once
/// The text-claims report as the one verification core's report (schema "orderblind-claims/4",
/// docs/json.md): every claim a `verify::check`, a summary of the counts, and the errata and the
/// questionable claims listed again as tables that name the claims (not as checks, so that no claim is
/// counted twice). The command (`orderblind claims`) only computes and emits it.
#include <string>

#include "orderblind/verify/report.hpp"
#include "proofs/claims/claims.hpp"

namespace orderblind::claims {

/// The schema name of the `orderblind claims` report.
inline constexpr const char* claims_schema = "orderblind-claims/4";

/// The claim's verdict in the one evidence model: held, erratum, questionable or failed.
verify::verdict verdict_of(const claim& c);

/// "text 000 §4, sentence B": the claim's text and section (the id of its check).
std::string claim_id(const claim& c);

/// One claim as a check: id `claim_id`, statement = the quote, source = the text's file, arithmetic,
/// evidence, cases and seed, verdict, note (for a questionable claim, the reason); details text, section,
/// quote, text_value, computed, correction (null unless an erratum), evidence_basis (the evidence in
/// the row's own words), inputs, proof_steps, cited_evidence (the kind of each cited step) and
/// reason_source (null unless questionable).
verify::check claim_check(const claim& c);

/// "114 claims: 100 held, 9 errata, 5 questionable, 0 FAILED".
std::string claims_summary_line(const claims_report& r);

/// The report: sources, all_held, summary {claims, held, erratum, questionable, failed}, claims (checks),
/// errata and questionable (tables naming the claims), conclusion.
verify::report to_report(const claims_report& r);

}  // namespace orderblind::claims
