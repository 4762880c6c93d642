// The schemes × properties matrix in three formats.
#include "schemes_report.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace orderblind::cli {
namespace {

std::string cell_text(const pe::cell& c) {
  std::string s = c.word();
  if (c.result == pe::verdict::proved_exactly) s = "proved";
  if (c.result == pe::verdict::held_to_tolerance) s = "held (ε)";
  if (!c.agrees()) s += " ✗";
  else if (!c.expectation_stated()) s += " (?)";
  return s;
}

const char* expected_word(pe::expectation e) { return pe::expectation_name(e); }

/// "agrees", "DISAGREES" or "no expectation stated" for a row.
// NOTE: a row without stated expectations (a user's scheme) is never reported as agreeing: nothing was
// compared.
std::string row_status(const pe::scheme_row& r) {
  if (!r.agrees()) return "DISAGREES";
  return r.has_expectations() ? "agrees" : "no expectation stated";
}

}  // namespace

void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : rows) {
      nlohmann::json jr{{"scheme", r.name},         {"kind", r.kind},     {"parameters", r.parameters},
                        {"arithmetic", r.arithmetic}, {"origin", r.origin}, {"expectations", row_status(r)}};
      // NOTE: null, not true, when nothing was stated: no comparison was made.
      jr["agrees_with_catalogue"] = r.has_expectations() ? nlohmann::json(r.agrees()) : nlohmann::json(nullptr);
      for (const auto& c : r.cells)
        jr["properties"][pe::property_name(c.prop)] = {{"verdict", pe::verdict_name(c.result)},
                                                        {"summary", c.summary},
                                                        {"evidence", c.evidence},
                                                        {"expected", expected_word(c.expected)},
                                                        {"expected_source", c.expectation_source},
                                                        {"agrees", c.expectation_stated() ? nlohmann::json(c.agrees())
                                                                                          : nlohmann::json(nullptr)},
                                                        {"contradicts_declaration", c.contradicts_declaration}};
      j.push_back(jr);
    }
    os << j.dump(2) << "\n";
    return;
  }
  if (format == "markdown") {
    os << "| scheme | arithmetic |";
    for (auto p : pe::all_properties) os << " " << pe::property_name(p) << " |";
    os << "\n|---|---|";
    for (std::size_t i = 0; i < pe::property_count; ++i) os << "---|";
    os << "\n";
    for (const auto& r : rows) {
      os << "| " << r.name << " | " << r.arithmetic << " |";
      for (const auto& c : r.cells) os << " " << cell_text(c) << " |";
      os << "\n";
    }
    os << "\nproved = exact arithmetic over the stated cases; held (ε) = within the stated tolerance; ✗ = disagrees "
          "with the expected verdict (PE-CATALOGUE.md, the papers, or the scheme's own statement); (?) = no expectation "
          "stated.\n\n";
    for (const auto& r : rows) {
      os << "#### " << r.name << " — " << r.arithmetic << " (" << r.kind << ", " << r.origin << "; " << row_status(r)
         << ")\n\n"
         << r.parameters << "\n\n";
      for (const auto& c : r.cells)
        os << "- **" << pe::property_name(c.prop) << "**: " << pe::verdict_name(c.result) << " (expected "
           << expected_word(c.expected) << (c.expectation_source.empty() ? "" : " — " + c.expectation_source)
           << (c.agrees() ? "" : ", **DISAGREES**") << ") — " << c.evidence << "\n";
      os << "\n";
    }
    return;
  }
  for (const auto& r : rows) {
    os << r.name << " [" << r.arithmetic << "] " << r.kind << ", " << r.origin
       << (!r.agrees() ? "  ** DISAGREES **" : r.has_expectations() ? "" : "  (no expectation stated)") << "\n  "
       << r.parameters << "\n";
    for (const auto& c : r.cells) {
      os << "  " << (c.agrees() ? "  " : "✗ ") << pe::property_name(c.prop) << ": " << pe::verdict_name(c.result)
         << " — " << c.summary;
      if (!c.agrees()) os << " [expected " << expected_word(c.expected) << ": " << c.expectation_source << "]";
      os << "\n";
    }
    os << "\n";
  }
}

}  // namespace orderblind::cli
