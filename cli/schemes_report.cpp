// SPDX-License-Identifier: MIT
// The schemes × properties matrix in three formats, the expectations a user states, the exit code.
#include "schemes_report.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

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

/// Lower case, with '-', '_' and runs of spaces as one ' ', trimmed: "Relative_Scores " → "relative scores".
std::string normalised(const std::string& s) {
  std::string out;
  for (char ch : s) {
    const char c = (ch == '-' || ch == '_' || std::isspace(static_cast<unsigned char>(ch)))
                       ? ' '
                       : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string known_properties() {
  std::string known;
  for (auto p : pe::all_properties) known += (known.empty() ? "" : ", ") + std::string(pe::property_name(p));
  return known;
}

bool matches(const pe::registered_scheme& s, const std::string& n) {
  return s.name == n || s.name.substr(0, s.name.find('/')) == n;
}

}  // namespace

stated_expectations parse_expectations(const std::string& spec) {
  stated_expectations out;
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string item = spec.substr(start, comma - start);
    start = comma + 1;
    if (normalised(item).empty()) {
      if (comma == spec.size() && !out.empty()) break;  // NOTE: a trailing comma is harmless
      throw std::invalid_argument("empty item in '" + spec +
                                  "' (expected property=verdict pairs separated by commas)");
    }
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("'" + item + "' is not property=verdict (e.g. \"relative scores=holds\")");
    const std::string name = normalised(item.substr(0, eq));
    const std::string value = normalised(item.substr(eq + 1));
    const auto p = std::find_if(pe::all_properties.begin(), pe::all_properties.end(),
                                [&](pe::property q) { return normalised(pe::property_name(q)) == name; });
    if (p == pe::all_properties.end())
      throw std::invalid_argument("unknown property '" + item.substr(0, eq) + "' (known: " +
                                  known_properties() + ")");
    pe::expectation e;
    if (value == "holds") e = pe::expectation::holds;
    else if (value == "fails") e = pe::expectation::fails;
    else if (value == "n/a" || value == "na") e = pe::expectation::not_applicable;
    else
      throw std::invalid_argument("unknown verdict '" + item.substr(eq + 1) + "' for " +
                                  pe::property_name(*p) + " (expected holds, fails or n/a)");
    for (const auto& [q, f] : out)
      if (q == *p)
        throw std::invalid_argument(std::string() + pe::property_name(*p) + " is stated twice");
    out.emplace_back(*p, e);
  }
  return out;
}

void state_expectations(pe::scheme_row& row, const stated_expectations& expect, const std::string& source) {
  for (const auto& [p, e] : expect) {
    auto& c = row.at(p);
    c.expected = e;
    c.expectation_source = source;
    c.expectation_note.clear();
  }
}

std::vector<const pe::registered_scheme*> select_schemes(const std::vector<std::string>& names) {
  std::string known;
  for (const auto& s : pe::scheme_registry()) known += (known.empty() ? "" : ", ") + s.name;
  for (const auto& n : names)
    if (std::none_of(pe::scheme_registry().begin(), pe::scheme_registry().end(),
                     [&](const pe::registered_scheme& s) { return matches(s, n); }))
      throw std::invalid_argument("unknown scheme '" + n + "' (known: " + known + ")");
  std::vector<const pe::registered_scheme*> out;
  for (const auto& s : pe::scheme_registry())
    if (names.empty() || std::any_of(names.begin(), names.end(), [&](const std::string& n) { return matches(s, n); }))
      out.push_back(&s);
  return out;
}

int schemes_exit_code(const std::vector<pe::scheme_row>& rows) {
  return std::all_of(rows.begin(), rows.end(), [](const pe::scheme_row& r) { return r.agrees(); }) ? 0 : 1;
}

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
