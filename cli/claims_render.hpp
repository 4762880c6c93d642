// SPDX-License-Identifier: MIT
#pragma once
/// Renders the text-claims report (computed by the library in proofs/claims/).
#include <iosfwd>
#include <string>

#include "proofs/claims/claims.hpp"

namespace orderblind::cli {

/// Renders the report (text | markdown | json); the errata and the questionable rows are listed again
/// in their own sections, and a summary counts held / erratum / questionable / FAILED.
void render_claims(const claims::claims_report& r, const std::string& format, std::ostream& os);

}  // namespace orderblind::cli
