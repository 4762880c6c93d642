// SPDX-License-Identifier: MIT
#pragma once
/// The one renderer set: any `verify::report` as text, Markdown, JSON or JUnit XML. Commands build a
/// report and call `render`; none formats output itself.
///
/// - JSON: `{"schema": …, "orderblind_version": …, <fields>}`; a check is an object with the same keys
///   everywhere (id, statement, source, compared, arithmetic, evidence, evidence_detail, bound, residual,
///   cases, seed, verdict, note, then its details); an exact number is a string holding its whole value.
/// - text and Markdown: the title, then the fields in order; a list of objects is a table; a check is a
///   block (text) or a table row (Markdown) that states its verdict, arithmetic, kind of evidence, cases
///   and seed. A long exact number is shown as a decimal approximation that says so and how long the
///   exact value is (the whole value is in the JSON form).
/// - JUnit: one testcase per check (a proof's steps included); FAILED is a failure, skipped, not
///   decidable and questionable are skipped; CI systems read it as test results.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "orderblind/verify/reading.hpp"
#include "orderblind/verify/report.hpp"
#include "orderblind/version.hpp"
#include "orderblind/xml.hpp"

namespace orderblind::verify {

/// The output formats.
enum class format { text, markdown, json, junit };

/// The format named `s` ("text", "markdown", "json", "junit"), or nothing.
inline std::optional<format> parse_format(std::string_view s) {
  if (s == "text") return format::text;
  if (s == "markdown") return format::markdown;
  if (s == "json") return format::json;
  if (s == "junit") return format::junit;
  return std::nullopt;
}

/// The names `parse_format` accepts, for messages.
inline constexpr const char* format_names = "text, markdown, json or junit";

namespace detail {

/// A double for reading: 6 significant digits; "NaN", "inf", "-inf" spelled out.
inline std::string number(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << std::setprecision(6) << d;
  return os.str();
}

/// True for an empty string or an empty list: text and Markdown omit it, as they omit null (JSON keeps it).
inline bool is_empty(const value& v) {
  if (const auto* l = v.as<value::list>()) return l->empty();
  if (const auto* c = v.as<value::checks>()) return c->empty();
  const auto* s = v.as<std::string>();
  return s && s->empty();
}

/// True for text, booleans, numbers and null.
inline bool is_scalar(const value& v) {
  return !v.as<value::list>() && !v.as<value::object>() && !v.as<value::checks>();
}

/// A scalar for reading ("" for null; lists of scalars joined with ", ").
inline std::string scalar_text(const value& v) {
  struct visitor {
    std::string operator()(std::monostate) const { return ""; }
    std::string operator()(const std::string& s) const { return s; }
    std::string operator()(bool b) const { return b ? "yes" : "no"; }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(std::uint64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return number(d); }
    std::string operator()(const exact_number& e) const { return exact_for_reading(e.text); }
    std::string operator()(const value::list& l) const {
      std::string s;
      for (const auto& x : l) s += (s.empty() ? "" : ", ") + scalar_text(x);
      return s;
    }
    std::string operator()(const value::object&) const { return "(object)"; }
    std::string operator()(const value::checks& c) const { return std::to_string(c.size()) + " checks"; }
  };
  return std::visit(visitor{}, v.get());
}

/// True for a list whose every element is a scalar.
inline bool is_scalar_list(const value& v) {
  const auto* l = v.as<value::list>();
  if (!l) return false;
  for (const auto& x : *l)
    if (!is_scalar(x)) return false;
  return true;
}

/// True for a non-empty list of objects whose values are all scalars or scalar lists: a table.
inline bool is_table(const value& v) {
  const auto* l = v.as<value::list>();
  if (!l || l->empty()) return false;
  for (const auto& x : *l) {
    const auto* o = x.as<value::object>();
    if (!o) return false;
    for (const auto& f : *o)
      if (!is_scalar(f.val) && !is_scalar_list(f.val)) return false;
  }
  return true;
}

/// A key for reading: '_' as ' '.
inline std::string human(std::string k) {
  for (auto& ch : k)
    if (ch == '_') ch = ' ';
  return k;
}

/// The columns of a table: every key, in first-seen order.
inline std::vector<std::string> columns(const value::list& rows) {
  std::vector<std::string> cols;
  for (const auto& r : rows)
    for (const auto& f : *r.as<value::object>()) {
      bool seen = false;
      for (const auto& c : cols) seen = seen || c == f.key;
      if (!seen) cols.push_back(f.key);
    }
  return cols;
}

/// The value of `key` in an object, or null.
inline const value* lookup(const value::object& o, const std::string& key) {
  for (const auto& f : o)
    if (f.key == key) return &f.val;
  return nullptr;
}

/// How many terminal columns `s` takes (UTF-8 code points).
inline std::size_t width(const std::string& s) {
  std::size_t w = 0;
  for (unsigned char ch : s) w += (ch & 0xC0) != 0x80;
  return w;
}

/// The cases a check saw, in words.
inline std::string cases_phrase(const check& c) {
  const std::string seed = c.seed ? ", seed " + std::to_string(*c.seed) : "";
  switch (c.evidence) {
    case evidence_kind::identity: return "every real input, at the sizes stated (no sampling)";
    case evidence_kind::formal: return "every size (no sampling)";
    case evidence_kind::literature: return "no computation";
    case evidence_kind::exhaustive_exact:
      return std::to_string(c.cases) + " permutations, every one enumerated (the input drawn" +
             (c.seed ? " from seed " + std::to_string(*c.seed) : std::string(" as stated")) + ")";
    default: break;
  }
  if (c.cases == 0) return "no sampled cases: the inputs are those stated";
  return std::to_string(c.cases) + " case" + (c.cases == 1 ? "" : "s") + seed;
}

// ---- JSON -------------------------------------------------------------------------------------------

inline nlohmann::ordered_json to_json(const value& v);

inline nlohmann::ordered_json to_json(const check& c) {
  nlohmann::ordered_json j{{"id", c.id},
                           {"statement", c.statement},
                           {"source", c.source},
                           {"compared", c.compared},
                           {"arithmetic", c.arithmetic},
                           {"evidence", name(c.evidence)},
                           {"evidence_detail", describe(c.evidence)},
                           {"bound", c.bound},
                           {"residual", to_json(c.residual)},
                           {"cases", c.cases},
                           {"seed", c.seed ? nlohmann::ordered_json(*c.seed) : nlohmann::ordered_json(nullptr)},
                           {"verdict", to_string(c.outcome)},
                           {"note", c.note}};
  for (const auto& d : c.details) j[d.key] = to_json(d.val);
  return j;
}

inline nlohmann::ordered_json to_json(const value& v) {
  struct visitor {
    nlohmann::ordered_json operator()(std::monostate) const { return nullptr; }
    nlohmann::ordered_json operator()(const std::string& s) const { return s; }
    nlohmann::ordered_json operator()(bool b) const { return b; }
    nlohmann::ordered_json operator()(std::int64_t i) const { return i; }
    nlohmann::ordered_json operator()(std::uint64_t i) const { return i; }
    // NOTE: JSON has no NaN or infinity; they become the strings "NaN", "inf", "-inf" rather than null,
    // so that a reader cannot mistake a non-finite residual for a missing one.
    nlohmann::ordered_json operator()(double d) const {
      if (std::isfinite(d)) return d;
      return number(d);
    }
    nlohmann::ordered_json operator()(const exact_number& e) const { return e.text; }
    nlohmann::ordered_json operator()(const value::list& l) const {
      auto a = nlohmann::ordered_json::array();
      for (const auto& x : l) a.push_back(to_json(x));
      return a;
    }
    nlohmann::ordered_json operator()(const value::object& o) const {
      auto j = nlohmann::ordered_json::object();
      for (const auto& f : o) j[f.key] = to_json(f.val);
      return j;
    }
    nlohmann::ordered_json operator()(const value::checks& cs) const {
      auto a = nlohmann::ordered_json::array();
      for (const auto& c : cs) a.push_back(to_json(c));
      return a;
    }
  };
  return std::visit(visitor{}, v.get());
}

// ---- text -------------------------------------------------------------------------------------------

inline void text_fields(const value::object& o, std::size_t indent, std::ostream& os);

inline void text_table(const value::list& rows, std::size_t indent, std::ostream& os) {
  const auto cols = columns(rows);
  std::vector<std::vector<std::string>> cells;
  std::vector<std::size_t> w(cols.size());
  for (std::size_t c = 0; c < cols.size(); ++c) w[c] = width(human(cols[c]));
  for (const auto& r : rows) {
    std::vector<std::string> line;
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const value* v = lookup(*r.as<value::object>(), cols[c]);
      line.push_back(v ? scalar_text(*v) : "");
      w[c] = std::max(w[c], width(line.back()));
    }
    cells.push_back(std::move(line));
  }
  const auto row = [&](const std::vector<std::string>& line) {
    os << std::string(indent, ' ');
    for (std::size_t c = 0; c < line.size(); ++c) {
      os << line[c];
      if (c + 1 < line.size()) os << std::string(w[c] - width(line[c]) + 2, ' ');
    }
    os << "\n";
  };
  std::vector<std::string> head;
  for (const auto& c : cols) head.push_back(human(c));
  row(head);
  for (const auto& line : cells) row(line);
}

inline void text_check(const check& c, std::size_t indent, std::ostream& os) {
  const std::string pad(indent, ' '), more(indent + 4, ' ');
  os << pad << "[" << to_string(c.outcome) << "] " << c.id << (c.statement.empty() ? "" : ": " + c.statement) << "\n";
  if (!c.arithmetic.empty()) os << more << "arithmetic: " << c.arithmetic << "\n";
  os << more << "evidence:   " << describe(c.evidence) << "; " << cases_phrase(c) << "\n";
  if (!c.compared.empty()) os << more << "compared:   " << c.compared << "\n";
  if (!c.bound.empty() || !c.residual.is_null()) {
    os << more << "bound:      " << (c.bound.empty() ? "(none)" : c.bound);
    if (!c.residual.is_null()) os << "; residual " << scalar_text(c.residual);
    os << "\n";
  }
  if (!c.source.empty()) os << more << "source:     " << c.source << "\n";
  if (!c.note.empty()) os << more << "note:       " << c.note << "\n";
  text_fields(c.details, indent + 4, os);
}

inline void text_fields(const value::object& o, std::size_t indent, std::ostream& os) {
  const std::string pad(indent, ' ');
  for (const auto& f : o) {
    const value& v = f.val;
    if (v.is_null() || is_empty(v)) continue;
    if (is_scalar(v) || is_scalar_list(v)) {
      os << pad << human(f.key) << ": " << scalar_text(v) << "\n";
    } else if (const auto* cs = v.as<value::checks>()) {
      os << pad << human(f.key) << ":\n";
      for (const auto& c : *cs) text_check(c, indent + 2, os);
    } else if (is_table(v)) {
      os << pad << human(f.key) << ":\n";
      text_table(*v.as<value::list>(), indent + 2, os);
    } else if (const auto* sub = v.as<value::object>()) {
      os << pad << human(f.key) << ":\n";
      text_fields(*sub, indent + 2, os);
    } else if (const auto* l = v.as<value::list>()) {
      os << pad << human(f.key) << ":\n";
      for (const auto& x : *l) {
        if (const auto* xo = x.as<value::object>()) {
          os << pad << "  -\n";
          text_fields(*xo, indent + 4, os);
        } else {
          text_fields({{"-", x}}, indent + 2, os);
        }
      }
    }
  }
}

// ---- Markdown ---------------------------------------------------------------------------------------

/// A Markdown table cell: '|' escaped, line breaks as spaces.
inline std::string cell(const std::string& s) {
  std::string o;
  for (char ch : s) {
    if (ch == '|') o += "\\|";
    else if (ch == '\n' || ch == '\r') o += ' ';
    else o += ch;
  }
  return o;
}

inline void markdown_fields(const value::object& o, const std::string& path, std::ostream& os);

inline void markdown_table(const value::list& rows, std::ostream& os) {
  const auto cols = columns(rows);
  os << "|";
  for (const auto& c : cols) os << " " << cell(human(c)) << " |";
  os << "\n|";
  for (std::size_t c = 0; c < cols.size(); ++c) os << "---|";
  os << "\n";
  for (const auto& r : rows) {
    os << "|";
    for (const auto& c : cols) {
      const value* v = lookup(*r.as<value::object>(), c);
      os << " " << cell(v ? scalar_text(*v) : "") << " |";
    }
    os << "\n";
  }
}

inline void markdown_checks(const value::checks& cs, const std::string& path, std::ostream& os) {
  // Scalar details become extra columns; the others (a proof's steps) follow the table.
  std::vector<std::string> extra;
  for (const auto& c : cs)
    for (const auto& d : c.details)
      if (is_scalar(d.val) || is_scalar_list(d.val)) {
        bool seen = false;
        for (const auto& e : extra) seen = seen || e == d.key;
        if (!seen) extra.push_back(d.key);
      }
  os << "| id | statement | verdict | arithmetic | evidence | cases | bound | residual |";
  for (const auto& e : extra) os << " " << cell(human(e)) << " |";
  os << "\n|---|---|---|---|---|---|---|---|";
  for (std::size_t i = 0; i < extra.size(); ++i) os << "---|";
  os << "\n";
  for (const auto& c : cs) {
    const std::string v = to_string(c.outcome);
    os << "| " << cell(c.id) << " | " << cell(c.statement) << " | " << (is_failure(c.outcome) ? "**" + v + "**" : v)
       << " | " << cell(c.arithmetic) << " | " << cell(describe(c.evidence)) << " | " << cell(cases_phrase(c))
       << " | " << cell(c.bound) << " | " << cell(scalar_text(c.residual)) << " |";
    for (const auto& e : extra) {
      const value* d = lookup(c.details, e);
      os << " " << cell(d ? scalar_text(*d) : "") << " |";
    }
    os << "\n";
  }
  bool any = false;
  for (const auto& c : cs) {
    if (c.compared.empty() && c.source.empty() && c.note.empty()) continue;
    if (!any) os << "\n";
    any = true;
    os << "- **" << c.id << "**";
    if (!c.source.empty()) os << " — source: " << c.source;
    if (!c.compared.empty()) os << " — compared: " << c.compared;
    if (!c.note.empty()) os << " — note: " << c.note;
    os << "\n";
  }
  // NOTE: a blank line ends the table (or the list of notes) before any nested heading; without it
  // Markdown reads the heading as one more row of the table, or as the last list item's continuation.
  os << "\n";
  for (const auto& c : cs) {
    value::object nested;
    for (const auto& d : c.details)
      if (!is_scalar(d.val) && !is_scalar_list(d.val)) nested.push_back(d);
    if (!nested.empty()) markdown_fields(nested, path + (path.empty() ? "" : " — ") + c.id, os);
  }
}

inline void markdown_fields(const value::object& o, const std::string& path, std::ostream& os) {
  bool in_list = false;
  for (const auto& f : o) {
    const value& v = f.val;
    if (v.is_null() || is_empty(v)) continue;
    const std::string heading = path.empty() ? human(f.key) : path + " — " + human(f.key);
    if (is_scalar(v) || is_scalar_list(v)) {
      os << "- **" << human(f.key) << ":** " << scalar_text(v) << "\n";
      in_list = true;
      continue;
    }
    if (in_list) os << "\n";
    in_list = false;
    if (const auto* cs = v.as<value::checks>()) {
      os << "**" << heading << "**\n\n";
      markdown_checks(*cs, heading, os);
    } else if (is_table(v)) {
      os << "**" << heading << "**\n\n";
      markdown_table(*v.as<value::list>(), os);
    } else if (const auto* sub = v.as<value::object>()) {
      os << "**" << heading << "**\n\n";
      markdown_fields(*sub, heading, os);
    } else if (const auto* l = v.as<value::list>()) {
      os << "**" << heading << "**\n\n";
      std::size_t i = 0;
      for (const auto& x : *l) {
        ++i;
        if (const auto* xo = x.as<value::object>()) markdown_fields(*xo, heading + " " + std::to_string(i), os);
        else os << "- " << scalar_text(x) << "\n";
      }
    }
    os << "\n";
  }
  if (in_list) os << "\n";
}

// ---- JUnit ------------------------------------------------------------------------------------------

/// XML character data and attribute values: the five entities escaped; control characters other than
/// tab and line breaks (not allowed in XML 1.0) dropped (orderblind::xml_escape, orderblind/xml.hpp).
inline std::string xml(const std::string& s) { return orderblind::xml_escape(s); }

inline void junit_cases(const value& v, const std::string& classname, std::ostream& os) {
  if (const auto* cs = v.as<value::checks>()) {
    for (const auto& c : *cs) {
      os << "    <testcase classname=\"" << xml(classname) << "\" name=\""
         << xml(c.id + (c.statement.empty() ? "" : ": " + c.statement)) << "\">\n";
      const std::string detail = c.arithmetic + "; " + describe(c.evidence) + "; " + cases_phrase(c) +
                                 (c.bound.empty() ? "" : "; bound " + c.bound) +
                                 (c.residual.is_null() ? "" : "; residual " + scalar_text(c.residual));
      if (is_failure(c.outcome))
        os << "      <failure message=\"" << xml(c.note.empty() ? "FAILED" : c.note) << "\">" << xml(detail)
           << "</failure>\n";
      else if (c.outcome == verdict::skipped || c.outcome == verdict::not_decidable ||
               c.outcome == verdict::questionable)
        os << "      <skipped message=\"" << xml(std::string(to_string(c.outcome)) + ": " + c.note) << "\"/>\n";
      os << "      <system-out>" << xml(detail + (c.note.empty() ? "" : "; note: " + c.note)) << "</system-out>\n"
         << "    </testcase>\n";
      for (const auto& d : c.details) junit_cases(d.val, classname + "." + c.id, os);
    }
  } else if (const auto* l = v.as<value::list>()) {
    // NOTE: an object in a list is named by its own "name" or "id" text (e.g. a worked example), else
    // by its position, so that two items' checks never share a classname.
    std::size_t i = 0;
    for (const auto& x : *l) {
      std::string item = std::to_string(i++);
      if (const auto* xo = x.as<value::object>())
        for (const char* k : {"name", "id"})
          if (const value* n = lookup(*xo, k); n && n->as<std::string>() && !n->as<std::string>()->empty()) {
            item = *n->as<std::string>();
            break;
          }
      junit_cases(x, x.as<value::object>() ? classname + "." + item : classname, os);
    }
  } else if (const auto* o = v.as<value::object>()) {
    for (const auto& f : *o) junit_cases(f.val, classname + "." + f.key, os);
  }
}

}  // namespace detail

/// The report as one JSON document: `schema`, `orderblind_version`, then the fields in order.
inline nlohmann::ordered_json to_json(const report& r) {
  nlohmann::ordered_json j{{"schema", r.schema}, {"orderblind_version", version}};
  for (const auto& f : r.body) j[f.key] = detail::to_json(f.val);
  return j;
}

/// Writes the report in format `f`.
inline void render(const report& r, format f, std::ostream& os) {
  switch (f) {
    case format::json: os << to_json(r).dump(2) << "\n"; return;
    case format::text:
      if (!r.title.empty()) os << r.title << "\n";
      detail::text_fields(r.body, 0, os);
      return;
    case format::markdown:
      if (!r.title.empty()) os << "## " << r.title << "\n\n";
      detail::markdown_fields(r.body, "", os);
      return;
    case format::junit: {
      std::size_t tests = 0, failures = 0, skipped = 0;
      for_each_check(r, [&](const check& c) {
        ++tests;
        failures += is_failure(c.outcome);
        skipped += c.outcome == verdict::skipped || c.outcome == verdict::not_decidable ||
                   c.outcome == verdict::questionable;
      });
      const std::string name = detail::xml(r.title.empty() ? r.schema : r.title);
      os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"" << detail::xml(r.schema)
         << "\" tests=\"" << tests << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n"
         << "  <testsuite name=\"" << name << "\" tests=\"" << tests << "\" failures=\"" << failures
         << "\" errors=\"0\" skipped=\"" << skipped << "\">\n";
      for (const auto& fld : r.body) detail::junit_cases(fld.val, r.schema, os);
      os << "  </testsuite>\n</testsuites>\n";
      return;
    }
  }
}

}  // namespace orderblind::verify
