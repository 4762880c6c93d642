// SPDX-License-Identifier: MIT
#pragma once
/// The report of `orderblind schemes` (schema "orderblind-schemes/2", docs/json.md), shared by the
/// command, the Python module and the one-translation-unit check of a user's scheme
/// (`orderblind_check_scheme`, docs/user-schemes.md): which registered schemes to run, the expectations
/// a user states, and the schemes × properties matrix as one `verify::report` — every cell a
/// `verify::check` that FAILS exactly when the battery's law check disagrees with a stated expectation,
/// so that the report's exit code is the expectations' agreement.
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/pe/report.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::pe {

/// The schema name of the schemes report.
inline constexpr const char* schemes_schema = "orderblind-schemes/2";

/// Expected verdicts stated by a user, property by property.
using stated_expectations = std::vector<std::pair<property, expectation>>;

namespace detail {

/// Lower case, with '-', '_' and runs of spaces as one ' ', trimmed: "Relative_Scores " → "relative scores".
inline std::string normalised_name(const std::string& s) {
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

inline std::string known_properties() {
  std::string known;
  for (auto p : all_properties) known += (known.empty() ? "" : ", ") + std::string(property_name(p));
  return known;
}

inline bool scheme_matches(const registered_scheme& s, const std::string& n) {
  return s.name == n || s.name.substr(0, s.name.find('/')) == n;
}

/// A law check as a cell of the compact matrix: "proved" (a Coq theorem covers it for all positions),
/// "holds" (== in exact arithmetic on the positions the check states), "held (ε)", "fails", "n/a"; " ✗"
/// when it disagrees with the expected verdict, " (?)" when none was stated.
// NOTE: an exact sampled result is never "proved" (the words of the schema's matrix: holds, proved, held (ε), …).
inline std::string matrix_word(const verify::check& c) {
  std::string s = word(c);
  if (held_within_bound(c)) s = "held (ε)";
  if (holds(c.outcome) && evidence_of(c) == verify::evidence_kind::formal) s = "proved";
  if (!agrees(c)) s += " ✗";
  else if (!expectation_stated(c)) s += " (?)";
  return s;
}

/// The Coq name of the theorem a law check's proof words name ("Coq theorem `rope_relative` (…): …" →
/// "rope_relative"): the text between the first two backticks, or the whole words when they have none.
inline std::string theorem_name(const std::string& proof) {
  const std::size_t a = proof.find('`');
  const std::size_t b = a == std::string::npos ? a : proof.find('`', a + 1);
  return b == std::string::npos ? proof : proof.substr(a + 1, b - a - 1);
}

}  // namespace detail

/// Parse "relative scores=holds,norm-preserving=n/a": comma-separated `property=verdict` pairs. A
/// property is named as in the report (case, '-', '_' and ' ' are interchangeable); a verdict is
/// `holds`, `fails` or `n/a`. Throws std::invalid_argument naming the problem (unknown property, unknown
/// verdict, a pair without '=', one property stated twice, an empty list).
inline stated_expectations parse_expectations(const std::string& spec) {
  stated_expectations out;
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string item = spec.substr(start, comma - start);
    start = comma + 1;
    if (detail::normalised_name(item).empty()) {
      if (comma == spec.size() && !out.empty()) break;  // NOTE: a trailing comma is harmless
      throw std::invalid_argument("empty item in '" + spec +
                                  "' (expected property=verdict pairs separated by commas)");
    }
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("'" + item + "' is not property=verdict (e.g. \"relative scores=holds\")");
    const std::string name = detail::normalised_name(item.substr(0, eq));
    const std::string value = detail::normalised_name(item.substr(eq + 1));
    const auto p = std::find_if(all_properties.begin(), all_properties.end(),
                                [&](property q) { return detail::normalised_name(property_name(q)) == name; });
    if (p == all_properties.end())
      throw std::invalid_argument("unknown property '" + item.substr(0, eq) + "' (known: " +
                                  detail::known_properties() + ")");
    expectation e;
    if (value == "holds") e = expectation::holds;
    else if (value == "fails") e = expectation::fails;
    else if (value == "n/a" || value == "na") e = expectation::not_applicable;
    else
      throw std::invalid_argument("unknown verdict '" + item.substr(eq + 1) + "' for " + property_name(*p) +
                                  " (expected holds, fails or n/a)");
    for (const auto& [q, f] : out)
      if (q == *p) throw std::invalid_argument(std::string() + property_name(*p) + " is stated twice");
    out.emplace_back(*p, e);
  }
  return out;
}

/// State `expect` on a scheme's run: each named law's expected verdict becomes the stated one (replacing
/// the catalogue's or the scheme's own for that law), with `source` as its source. A law the run did not
/// decide is refused (std::invalid_argument): an expectation is never met by a law not run.
inline void state_expectations(verify::report& run, const stated_expectations& expect, const std::string& source) {
  for (const auto& [p, e] : expect) {
    verify::check* c = find_law(run, p);
    if (!c)
      throw std::invalid_argument(std::string("an expectation for '") + property_name(p) + "', which was not run on " +
                                  run_text(run, "scheme"));
    state_expectation(*c, e, source);
  }
}

/// The registered schemes whose name, or family (the name up to '/'), is one of `names` (all of them when
/// `names` is empty). Throws std::invalid_argument on an unknown name ("unknown scheme 'x' (known: …)").
inline std::vector<const registered_scheme*> select_schemes(const std::vector<std::string>& names) {
  std::string known;
  for (const auto& s : scheme_registry()) known += (known.empty() ? "" : ", ") + s.name;
  for (const auto& n : names)
    if (std::none_of(scheme_registry().begin(), scheme_registry().end(),
                     [&](const registered_scheme& s) { return detail::scheme_matches(s, n); }))
      throw std::invalid_argument("unknown scheme '" + n + "' (known: " + known + ")");
  std::vector<const registered_scheme*> out;
  for (const auto& s : scheme_registry())
    if (names.empty() ||
        std::any_of(names.begin(), names.end(), [&](const std::string& n) { return detail::scheme_matches(s, n); }))
      out.push_back(&s);
  return out;
}

/// 0 when every stated expectation of every run agrees with its verdict (and no declaration is
/// contradicted), 1 otherwise: the exit code of the report `schemes_report` builds.
inline int schemes_exit_code(const std::vector<verify::report>& runs) {
  return std::all_of(runs.begin(), runs.end(), [](const verify::report& r) { return agrees(r); }) ? 0 : 1;
}

/// "agrees", "DISAGREES" or "no expectation stated" for a scheme's run.
// NOTE: a run without stated expectations (a user's scheme) is never reported as agreeing: nothing was
// compared.
inline std::string row_status(const verify::report& run) {
  if (!agrees(run)) return "DISAGREES";
  return has_expectations(run) ? "agrees" : "no expectation stated";
}

/// The agreement check of one law check `c` of a scheme's run: id "<property> (<scheme>)", statement =
/// the law, compared = the battery's verdict against the expected one; evidence = the law's kind
/// (sampled_exact, sampled_within_bound, or formal when a Coq theorem covers it); verdict FAILED when they
/// disagree (or the scheme contradicts its own declaration), held when they agree, skipped when no
/// expectation was stated (nothing compared); note = the law's one-line evidence or counterexample;
/// details property, result (the battery's result in words), battery_verdict (held, FAILED, skipped —
/// the law does not apply — or not decidable — the battery cannot decide it here; both read "n/a"),
/// expected, expected_source, agrees (null when nothing was stated), contradicts_declaration,
/// battery_evidence, theorem (the Coq name of the machine-checked theorem that decides the law for all
/// positions — a line of proofs/formal/theorems.txt — or null when the verdict rests only on the
/// positions it states).
inline verify::check agreement_check(const verify::report& run, const verify::check& c) {
  const property p = property_of(c);
  const std::string& proof = proof_of(c);
  const std::string& group = group_of(c);
  const std::string& source = expected_source_of(c);
  const std::string& note = expectation_note_of(c);
  const bool stated = expectation_stated(c), agreed = agrees(c), contradicts = contradicts_declaration(c);
  verify::check k;
  k.id = std::string(property_name(p)) + " (" + run_text(run, "scheme") + ")";
  k.statement = property_law(p);
  k.compared = std::string("battery: ") + result_words(c) + "; expected: " + expectation_name(expected_of(c)) +
               (source.empty() ? "" : " (" + source + ")") + (note.empty() ? "" : " — " + note);
  k.arithmetic = run_text(run, "arithmetic");
  k.evidence = evidence_of(c);
  k.outcome = !agreed ? verify::verdict::failed : stated ? verify::verdict::held : verify::verdict::skipped;
  k.note = contradicts ? "the scheme contradicts its own declaration: " + c.note : c.note;
  if (!proof.empty()) k.note += (holds(c.outcome) ? "; proved for all positions: " : "; for all positions: ") + proof;
  if (!group.empty()) k.note += "; " + group;
  if (k.outcome == verify::verdict::skipped) k.note = "no expectation stated, nothing compared: " + k.note;
  k.with("property", property_name(p))
      .with("result", result_words(c))
      .with("battery_verdict", verify::to_string(c.outcome))
      .with("expected", expectation_name(expected_of(c)))
      .with("expected_source", source)
      .with("agrees", stated ? verify::value(agreed) : verify::value())
      .with("contradicts_declaration", contradicts)
      .with("battery_evidence", battery_evidence(c))
      .with("theorem", proof.empty() ? verify::value() : verify::value(detail::theorem_name(proof)));
  return k;
}

/// The report: `matrix` (one table row per scheme: scheme, arithmetic, the run's status, one word per
/// law), then `schemes` (per scheme: scheme, kind, parameters, arithmetic, origin, expectations,
/// agrees_with_catalogue, and `properties`, one agreement check per law check), then the legend.
inline verify::report schemes_report(const std::vector<verify::report>& runs) {
  verify::report rep{schemes_schema, "Positional-encoding schemes × properties", {}};
  verify::value::list matrix, schemes;
  for (const auto& r : runs) {
    const std::string name = run_text(r, "scheme"), arithmetic = run_text(r, "arithmetic");
    verify::value::object m{{"scheme", name}, {"arithmetic", arithmetic}, {"expectations", row_status(r)}};
    verify::value::checks agreement;
    for (const auto& c : laws(r)) {
      m.push_back({property_name(property_of(c)), detail::matrix_word(c)});
      agreement.push_back(agreement_check(r, c));
    }
    matrix.emplace_back(std::move(m));
    // NOTE: null, not true, when nothing was stated: no comparison was made.
    schemes.emplace_back(verify::value::object{
        {"scheme", name},
        {"kind", run_text(r, "kind")},
        {"parameters", run_text(r, "parameters")},
        {"arithmetic", arithmetic},
        {"origin", run_text(r, "origin")},
        {"expectations", row_status(r)},
        {"agrees_with_catalogue", has_expectations(r) ? verify::value(agrees(r)) : verify::value()},
        {"properties", std::move(agreement)}});
  }
  rep.add("matrix", std::move(matrix))
      .add("legend",
           "proved = a Coq theorem (named in the cell's theorem and note) covers every position; holds = == in exact arithmetic on "
           "the positions the cell states; held (ε) = within the stated tolerance; n/a = the law does not apply to the "
           "scheme, or the battery cannot decide it here (the cell's battery verdict says which); ✗ = disagrees "
           "with the expected verdict (PE-CATALOGUE.md, the papers, or the scheme's own statement); (?) = no "
           "expectation stated")
      .add("schemes", std::move(schemes));
  return rep;
}

}  // namespace orderblind::pe
