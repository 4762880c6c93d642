#pragma once
/// The seed-claims report: every checkable numeric or algebraic claim of the four seeds, quoted with
/// its file and section, the value the text gives, the value computed, and a verdict. Where the text's
/// figure is wrong the check asserts the correct value and the claim is listed under errata.
#include <iosfwd>
#include <string>
#include <vector>

namespace orderblind::cli {

/// One checked claim.
struct claim {
  std::string seed;        ///< e.g. "seed 000"
  std::string section;     ///< e.g. "§4, sentence B"
  std::string quote;       ///< the claim, quoted from the text
  std::string text_value;  ///< the value or statement the text gives
  std::string computed;    ///< what orderblind computes
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)"
  bool text_correct = false;  ///< the text's value is right (else: an erratum)
  bool check_held = false;    ///< the computation matched the asserted (correct) value
  std::string correction;  ///< errata: the corrected figure or statement
  std::string note;
  /// "held", "erratum" (the check held and the text is wrong) or "FAILED".
  std::string verdict() const { return !check_held ? "FAILED" : text_correct ? "held" : "erratum"; }
};

/// All claims of all seeds.
struct claims_report {
  std::vector<claim> claims;
  bool held() const {
    for (const auto& c : claims)
      if (!c.check_held) return false;
    return !claims.empty();
  }
  long errata() const {
    long n = 0;
    for (const auto& c : claims) n += (c.check_held && !c.text_correct) ? 1 : 0;
    return n;
  }
};

/// Computes every claim now.
claims_report compute_claims();
/// The seed files the report covers, e.g. "seed 000: 000_53ca8007e607dbd8.txt".
std::vector<std::string> claim_sources();
/// Renders the report (text | markdown | json); the errata are listed again in their own section.
void render_claims(const claims_report& r, const std::string& format, std::ostream& os);

}  // namespace orderblind::cli
