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
  return s;
}

const char* expected_word(pe::expectation e) {
  switch (e) {
    case pe::expectation::holds: return "holds";
    case pe::expectation::fails: return "fails";
    case pe::expectation::not_applicable: return "n/a";
    default: return "unspecified";
  }
}

}  // namespace

void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : rows) {
      nlohmann::json jr{{"scheme", r.name},         {"kind", r.kind},     {"parameters", r.parameters},
                        {"arithmetic", r.arithmetic}, {"origin", r.origin}, {"agrees_with_catalogue", r.agrees()}};
      for (const auto& c : r.cells)
        jr["properties"][pe::property_name(c.prop)] = {{"verdict", pe::verdict_name(c.result)},
                                                        {"summary", c.summary},
                                                        {"evidence", c.evidence},
                                                        {"expected", expected_word(c.expected)},
                                                        {"agrees", c.agrees()},
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
          "with PE-CATALOGUE.md's expectation.\n\n";
    for (const auto& r : rows) {
      os << "#### " << r.name << " — " << r.arithmetic << " (" << r.kind << ", " << r.origin << ")\n\n"
         << r.parameters << "\n\n";
      for (const auto& c : r.cells)
        os << "- **" << pe::property_name(c.prop) << "**: " << pe::verdict_name(c.result) << " (expected "
           << expected_word(c.expected) << (c.agrees() ? "" : ", **DISAGREES**") << ") — " << c.evidence << "\n";
      os << "\n";
    }
    return;
  }
  for (const auto& r : rows) {
    os << r.name << " [" << r.arithmetic << "] " << r.kind << ", " << r.origin << (r.agrees() ? "" : "  ** DISAGREES **")
       << "\n  " << r.parameters << "\n";
    for (const auto& c : r.cells)
      os << "  " << (c.agrees() ? "  " : "✗ ") << pe::property_name(c.prop) << ": " << pe::verdict_name(c.result)
         << " — " << c.summary << "\n";
    os << "\n";
  }
}

}  // namespace orderblind::cli
