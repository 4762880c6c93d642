// SPDX-License-Identifier: MIT
#pragma once
/// The text-claims report as the one verification core's report (schema "orderblind-claims/4",
/// docs/json.md): every claim a `verify::check` (as `evaluate` decided it), a summary of the counts, and
/// the errata and the questionable claims listed again as tables that name the claims (not as checks, so
/// that no claim is counted twice). The command (`orderblind claims`) only computes and emits it.
#include <string>

#include "orderblind/verify/report.hpp"
#include "proofs/claims/claims.hpp"

namespace orderblind::claims {

/// The schema name of the `orderblind claims` report.
inline constexpr const char* claims_schema = "orderblind-claims/4";

/// "114 claims: 100 held, 9 errata, 5 questionable, 0 FAILED".
std::string claims_summary_line(const verify::value::checks& claims);

/// The report: sources, all_held, summary {claims, held, erratum, questionable, failed}, claims (checks),
/// errata and questionable (tables naming the claims), conclusion.
verify::report to_report(const verify::value::checks& claims);

}  // namespace orderblind::claims
