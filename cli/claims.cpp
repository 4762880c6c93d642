// The seed-claims report (computation in claims_*.cpp, rendering here).
#include "claims.hpp"

#include <ostream>
#include <nlohmann/json.hpp>

#include "orderblind/version.hpp"

namespace orderblind::cli {

std::vector<std::string> claim_sources() {
  return {"seed 000: 000_53ca8007e607dbd8.txt (Why Position Must Be Encoded)",
          "seed 001: 001_f874646ec48c7dc4.txt (Why a Transformer Cannot See Word Order)",
          "seed 002: 002_fca85e27634fae72.txt (Position: Attention Has No Sense of Order)",
          "seed 003: 003_7b256b8f5e37c13c.txt (How Does It Even Know Word Order?)"};
}

namespace {
std::string cell(const std::string& s) {
  std::string o;
  for (char ch : s) o += (ch == '|') ? std::string("\\|") : std::string(1, ch);
  return o;
}
}  // namespace

void render_claims(const claims_report& r, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j{{"schema", "orderblind-claims/1"},
                     {"orderblind_version", version},
                     {"sources", claim_sources()},
                     {"all_held", r.held()},
                     {"claims", nlohmann::json::array()},
                     {"errata", nlohmann::json::array()}};
    for (const auto& c : r.claims) {
      nlohmann::json jc{{"seed", c.seed},       {"section", c.section},      {"quote", c.quote},
                        {"text_value", c.text_value}, {"computed", c.computed}, {"arithmetic", c.arithmetic},
                        {"verdict", c.verdict()}, {"correction", c.correction}, {"note", c.note}};
      j["claims"].push_back(jc);
      if (c.verdict() == "erratum") j["errata"].push_back(jc);
    }
    os << j.dump(2) << "\n";
    return;
  }
  if (format == "markdown") {
    os << "## Seed claims (orderblind " << version << ")\n\n"
       << "| seed | section | claim | text | computed | arithmetic | verdict |\n|---|---|---|---|---|---|---|\n";
    for (const auto& c : r.claims)
      os << "| " << c.seed << " | " << cell(c.section) << " | " << cell(c.quote) << " | " << cell(c.text_value) << " | "
         << cell(c.computed) << " | " << cell(c.arithmetic) << " | "
         << (c.verdict() == "held" ? "held" : "**" + c.verdict() + "**") << " |\n";
    os << "\n### Errata\n\n| seed | section | the text says | correct |\n|---|---|---|---|\n";
    for (const auto& c : r.claims)
      if (c.verdict() == "erratum")
        os << "| " << c.seed << " | " << cell(c.section) << " | " << cell(c.text_value) << " | " << cell(c.correction)
           << " |\n";
    os << "\n" << r.claims.size() << " claims checked, " << r.errata() << " errata; "
       << (r.held() ? "every check held." : "**some checks FAILED.**") << "\n";
    return;
  }
  for (const auto& c : r.claims) {
    os << "[" << c.verdict() << "] " << c.seed << ", " << c.section << ": \"" << c.quote << "\"\n"
       << "    text: " << c.text_value << "\n    computed: " << c.computed << "   (" << c.arithmetic << ")\n";
    if (!c.correction.empty()) os << "    correct: " << c.correction << "\n";
    if (!c.note.empty()) os << "    note: " << c.note << "\n";
  }
  os << "\nErrata (the text's figure is wrong; the check asserts the correct one):\n";
  for (const auto& c : r.claims)
    if (c.verdict() == "erratum")
      os << "  " << c.seed << ", " << c.section << ": the text says " << c.text_value << "; correct: " << c.correction
         << "\n";
  os << "\n" << r.claims.size() << " claims checked, " << r.errata() << " errata; "
     << (r.held() ? "every check held" : "some checks FAILED") << " (orderblind " << version << ")\n";
}

}  // namespace orderblind::cli
