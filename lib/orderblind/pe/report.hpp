// SPDX-License-Identifier: MIT
#pragma once
/// What the battery returns, as the project's one evidence model: each law decided on a scheme is a
/// `verify::check` (a "law check"), and one scheme's run is a `verify::report` holding them; the free
/// functions here read and set what a law check carries beyond verify::check's own fields. And the
/// registry through which compiled-in schemes (the catalogue, users' headers) reach `orderblind schemes`.
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "orderblind/pe/concept.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::pe {

/// A law check: id "<property> (<scheme>)", statement = property_law(p), arithmetic = the run's
/// (arithmetic_name<T>()), evidence = sampled_exact (exact T) or sampled_within_bound (floating T) — for
/// every law of that arithmetic, the n/a ones too; outcome = the battery's verdict; note = the one-line
/// evidence or counterexample; cases = the positions or pairs compared where the law counts them (0
/// otherwise: the note says them in words). Details, in order: `property` (its name), `battery_evidence`
/// (the longer evidence text), `group` (a declared generator's conclusion, when there is one),
/// `contradicts_declaration` (true, when the scheme contradicts what it declared), and what an
/// expectation adds: `expected`, `expected_source`, `expectation_note`, `proof`.
/// Its outcome with its evidence kind, in the project's one vocabulary:
///   held + sampled_exact         == in exact arithmetic on the cases the check states ("held exactly on …"),
///                                never a proof for every position;
///   held + sampled_within_bound  within the stated k·(ε·s + η) bound ("held within the tolerance on …");
///   held/failed + formal         a Coq theorem (named in `proof`) decides the law for all positions, and
///                                the battery's run agrees with it;
///   failed                       a genuine counterexample (the note states it);
///   skipped                      "n/a": the law does not apply to the scheme (its kind has no such object —
///                                a bias has no single-position encoding, an additive scheme no q/k
///                                transform, a scheme without phases no RoPE bound, a constant score no
///                                position part);
///   not_decidable                "n/a": the law applies, but the battery cannot decide it here (too few
///                                positions defined, the battery's own size limit, a quantity not exact
///                                over the row's arithmetic); the note says which.
// NOTE: both n/a outcomes agree with an expected "n/a" and neither is a failure; they are kept apart so a
// report says whether the law is meaningless for the scheme or merely undecided by this run.

/// held (exactly or within the tolerance, as the check's evidence kind says).
inline bool holds(verify::verdict v) { return v == verify::verdict::held; }
/// skipped or not decidable: the law reads "n/a".
inline bool not_applicable(verify::verdict v) {
  return v == verify::verdict::skipped || v == verify::verdict::not_decidable;
}

namespace detail {
/// The text of detail `key`, or "" when absent or not text.
inline const std::string& detail_text(const verify::check& c, std::string_view key) {
  static const std::string none;
  const verify::value* v = verify::find_detail(c, key);
  const std::string* s = v ? v->as<std::string>() : nullptr;
  return s ? *s : none;
}
}  // namespace detail

/// An undecided law check of property p (not decidable until a law decides it), in `arithmetic`, resting
/// on `basis`; its details `property` and an empty `battery_evidence`. The run sets the id.
inline verify::check law_check(property p, std::string arithmetic, verify::evidence_kind basis) {
  verify::check c;
  c.id = property_name(p);
  c.statement = property_law(p);
  c.arithmetic = std::move(arithmetic);
  c.evidence = basis;
  c.outcome = verify::verdict::not_decidable;
  c.with("property", property_name(p)).with("battery_evidence", std::string());
  return c;
}

/// The property a law check decides. Throws std::invalid_argument for a check that is not one.
inline property property_of(const verify::check& c) {
  const std::string& name = detail::detail_text(c, "property");
  for (auto p : all_properties)
    if (name == property_name(p)) return p;
  throw std::invalid_argument("'" + c.id + "' is not a law check of the PE battery (no known property detail)");
}

/// The longer evidence text of a law check (the details one level down: arithmetic, cases, bound, values).
inline const std::string& battery_evidence(const verify::check& c) { return detail::detail_text(c, "battery_evidence"); }
/// The longer evidence text of a law check, to write (created empty when absent).
inline std::string& battery_evidence(verify::check& c) {
  verify::value* v = verify::find_detail(c, "battery_evidence");
  if (!v || !v->as<std::string>()) {
    verify::set_detail(c, "battery_evidence", std::string());
    v = verify::find_detail(c, "battery_evidence");
  }
  return std::get<std::string>(v->get());
}

/// For a query_key scheme that declares a generator G (a one-parameter group, pe/concept.hpp): what the
/// battery concludes from G and what the conclusion rests on ("relative scores for all m, n by the shift
/// argument: GᵀG = I (exact ==); query/key = G^p … on N probed positions …"). Empty when nothing is
/// concluded; why not is then in the evidence.
inline const std::string& group_of(const verify::check& c) { return detail::detail_text(c, "group"); }
/// Records a generator's conclusion on the law check (the `group` detail).
inline void set_group(verify::check& c, std::string words) { verify::set_detail(c, "group", std::move(words)); }

/// The scheme declared a behaviour (e.g. norm_scale, a generator) the battery found it does not have.
inline bool contradicts_declaration(const verify::check& c) {
  const verify::value* v = verify::find_detail(c, "contradicts_declaration");
  const bool* b = v ? v->as<bool>() : nullptr;
  return b && *b;
}
/// Marks the law check as contradicting the scheme's own declaration (it then never agrees).
inline void set_contradicts_declaration(verify::check& c) { verify::set_detail(c, "contradicts_declaration", true); }

/// The verdict expected of the law check (unspecified when none was stated).
inline expectation expected_of(const verify::check& c) {
  const std::string& w = detail::detail_text(c, "expected");
  for (auto e : {expectation::holds, expectation::fails, expectation::not_applicable})
    if (w == expectation_name(e)) return e;
  return expectation::unspecified;
}
/// Where the expected verdict comes from (paper §, text §, "derived: …", "stated by the scheme (…)").
inline const std::string& expected_source_of(const verify::check& c) { return detail::detail_text(c, "expected_source"); }
/// Why the catalogue's expectation differs, when it does (explained); empty otherwise.
inline const std::string& expectation_note_of(const verify::check& c) { return detail::detail_text(c, "expectation_note"); }
/// A machine-checked proof that covers this law for all positions, when one does and the battery's
/// verdict agrees with it: "Coq theorem `rope_relative` (proofs/formal/Sinusoid.v): …". Empty otherwise:
/// the verdict then rests on the positions its note states, and is never called "proved".
inline const std::string& proof_of(const verify::check& c) { return detail::detail_text(c, "proof"); }

/// States the expected verdict `e` of the law check, from `source` (replacing an earlier one and its
/// note); `note` says why it differs from the catalogue's, when it does.
inline void state_expectation(verify::check& c, expectation e, std::string source, std::string note = {}) {
  verify::set_detail(c, "expected", expectation_name(e));
  verify::set_detail(c, "expected_source", std::move(source));
  if (!note.empty() || verify::find_detail(c, "expectation_note")) verify::set_detail(c, "expectation_note", std::move(note));
}
/// Records the Coq theorem that decides the law check for all positions (`proof_of`).
inline void set_proof(verify::check& c, std::string words) { verify::set_detail(c, "proof", std::move(words)); }

/// An expected verdict was stated for this law check (by the catalogue, the scheme itself or a user).
inline bool expectation_stated(const verify::check& c) { return expected_of(c) != expectation::unspecified; }
/// The law check agrees with the expectation stated for it (or none was stated: see expectation_stated,
/// which the report shows as "no expectation stated" rather than as agreement), and the scheme does not
/// contradict its own declaration.
inline bool agrees(const verify::check& c) {
  if (contradicts_declaration(c)) return false;
  switch (expected_of(c)) {
    case expectation::unspecified: return true;
    case expectation::holds: return holds(c.outcome);
    case expectation::fails: return c.outcome == verify::verdict::failed;
    case expectation::not_applicable: return pe::not_applicable(c.outcome);
  }
  return false;
}
/// The law's result as a short word ("holds", "fails", "n/a").
inline const char* word(const verify::check& c) {
  return holds(c.outcome) ? "holds" : c.outcome == verify::verdict::failed ? "fails" : "n/a";
}
/// The battery's result in words: "held exactly" (== on the stated cases), "held within the tolerance",
/// "fails", "n/a" (skipped or not decidable). The evidence kind says whether a theorem covers it.
inline const char* result_words(const verify::check& c) {
  if (c.outcome == verify::verdict::failed) return "fails";
  if (!holds(c.outcome)) return "n/a";
  return c.evidence == verify::evidence_kind::sampled_within_bound ? "held within the tolerance" : "held exactly";
}

/// The kind of evidence a law check rests on: formal when a Coq theorem covers it (`proof_of`, set only
/// when the battery's result agrees with the theorem), else what the battery's run rests on (its `evidence`).
inline verify::evidence_kind evidence_of(const verify::check& c) {
  return proof_of(c).empty() ? c.evidence : verify::evidence_kind::formal;
}

/// The battery's run held with == in exact arithmetic on the stated cases ("held exactly on …").
inline bool held_exactly(const verify::check& c) {
  return holds(c.outcome) && c.evidence == verify::evidence_kind::sampled_exact;
}
/// The battery's run held within its stated ε-bound (a floating row).
inline bool held_within_bound(const verify::check& c) {
  return holds(c.outcome) && c.evidence == verify::evidence_kind::sampled_within_bound;
}

// A scheme's run is a verify::report: fields scheme, kind, parameters, arithmetic, origin, and
// `properties`, the law checks in report order (a law not run is absent, never reported held).
// NOTE: a report rather than a check with the law checks nested: its fields are the schemes report's
// per-scheme object as it is, verify::all_held(run) means "every law held on this scheme" without a
// summary outcome to keep in step with the laws, and the renderer writes it like any command's report.

/// The schema name of one scheme's run (a `verify::report`; docs/json.md).
inline constexpr const char* scheme_run_schema = "orderblind-scheme-run/1";

/// An empty run of a scheme (no law decided yet).
inline verify::report scheme_run(std::string name, std::string kind, std::string parameters, std::string arithmetic,
                                 std::string origin) {
  verify::report r{scheme_run_schema, name + " [" + arithmetic + "]", {}};
  r.add("scheme", std::move(name))
      .add("kind", std::move(kind))
      .add("parameters", std::move(parameters))
      .add("arithmetic", std::move(arithmetic))
      .add("origin", std::move(origin))
      .add("properties", verify::value::checks{});
  return r;
}

/// The text field `key` of a run ("scheme", "kind", "parameters", "arithmetic", "origin"); "" when absent.
inline std::string run_text(const verify::report& run, std::string_view key) {
  const verify::value* v = verify::find_field(run.body, key);
  const std::string* s = v ? v->as<std::string>() : nullptr;
  return s ? *s : std::string();
}

/// The law checks of a run, in report order. Throws std::invalid_argument for a report that is not a run.
inline const verify::value::checks& laws(const verify::report& run) {
  const verify::value* v = verify::find_field(run.body, "properties");
  const auto* cs = v ? v->as<verify::value::checks>() : nullptr;
  if (!cs) throw std::invalid_argument("'" + run.title + "' is not a scheme's run (no properties)");
  return *cs;
}
/// The law checks of a run (mutable).
inline verify::value::checks& laws(verify::report& run) {
  const auto& cs = laws(static_cast<const verify::report&>(run));
  return const_cast<verify::value::checks&>(cs);
}

/// The law check of property p in a run, or nullptr when that law was not run.
inline const verify::check* find_law(const verify::report& run, property p) {
  for (const auto& c : laws(run))
    if (property_of(c) == p) return &c;
  return nullptr;
}
/// The law check of property p in a run, or nullptr when that law was not run (mutable).
inline verify::check* find_law(verify::report& run, property p) {
  return const_cast<verify::check*>(find_law(static_cast<const verify::report&>(run), p));
}
/// The law check of property p in a run. Throws std::out_of_range when that law was not run.
inline const verify::check& law(const verify::report& run, property p) {
  if (const verify::check* c = find_law(run, p)) return *c;
  throw std::out_of_range(std::string(property_name(p)) + " was not run on " + run_text(run, "scheme"));
}
/// The law check of property p in a run (mutable).
inline verify::check& law(verify::report& run, property p) {
  return const_cast<verify::check&>(law(static_cast<const verify::report&>(run), p));
}

/// Some law check of the run has a stated expectation. A run without any is reported as "no expectation
/// stated", never as agreeing.
inline bool has_expectations(const verify::report& run) {
  for (const auto& c : laws(run))
    if (expectation_stated(c)) return true;
  return false;
}
/// Every law check of the run agrees with its expectation.
inline bool agrees(const verify::report& run) {
  for (const auto& c : laws(run))
    if (!agrees(c)) return false;
  return true;
}

/// A compiled-in scheme: its name and how to run the battery on it.
struct registered_scheme {
  std::string name;
  std::string origin;
  std::string arithmetic;  ///< the row's arithmetic, e.g. "mpq_rational (exact)", known without a run
  std::function<verify::report()> run;  ///< the battery on the scheme: its run (scheme_run)
};

/// Every scheme compiled into this program (filled at static-initialisation time by `register_scheme`, pe/register.hpp).
inline std::vector<registered_scheme>& scheme_registry() {
  static std::vector<registered_scheme> all;
  return all;
}

}  // namespace orderblind::pe
