// SPDX-License-Identifier: MIT
#pragma once
/// What the battery returns: one verdict per (scheme, property), with its evidence; and the registry
/// through which compiled-in schemes (the catalogue, users' headers) reach the `orderblind schemes` report.
#include <functional>
#include <string>
#include <vector>

#include "orderblind/pe/concept.hpp"
#include "orderblind/verify/evidence.hpp"

namespace orderblind::pe {

/// A cell's outcome is a verify::verdict with a verify::evidence_kind — the project's one vocabulary:
///   held + sampled_exact         == in exact arithmetic on the cases the cell states ("held exactly on …"),
///                                never a proof for every position;
///   held + sampled_within_bound  within the stated k·(ε·s + η) bound ("held within the tolerance on …");
///   held/failed + formal         a Coq theorem (named in `proof`) decides the cell for all positions, and
///                                the battery's run agrees with it;
///   failed                       a genuine counterexample (the summary states it);
///   skipped                      "n/a": the law does not apply to the scheme (its kind has no such object —
///                                a bias has no single-position encoding, an additive scheme no q/k
///                                transform, a scheme without phases no RoPE bound, a constant score no
///                                position part);
///   not_decidable                "n/a": the law applies, but the battery cannot decide it here (too few
///                                positions defined, the battery's own size limit, a quantity not exact
///                                over the row's arithmetic); the summary says which.
// NOTE: both n/a outcomes agree with an expected "n/a" and neither is a failure; they are kept apart so a
// report says whether the law is meaningless for the scheme or merely undecided by this run.

/// held (exactly or within the tolerance, as the cell's `basis` says).
inline bool holds(verify::verdict v) { return v == verify::verdict::held; }
/// skipped or not decidable: the cell reads "n/a".
inline bool not_applicable(verify::verdict v) {
  return v == verify::verdict::skipped || v == verify::verdict::not_decidable;
}

/// One cell of the matrix.
struct cell {
  property prop{};
  /// What the battery decided (see the table above; a cell not yet decided is not decidable).
  verify::verdict result = verify::verdict::not_decidable;
  /// What the battery's run rests on: sampled_exact (== in exact arithmetic) or sampled_within_bound (a
  /// floating row, within the stated bound). `evidence_of` gives the cell's kind (formal when a theorem covers it).
  verify::evidence_kind basis = verify::evidence_kind::sampled_exact;
  std::string summary;   ///< one line: the evidence or the counterexample
  std::string evidence;  ///< the details one level down (arithmetic, cases, bound, values)
  bool contradicts_declaration = false;  ///< the scheme declared a behaviour (e.g. norm_scale) it does not have
  expectation expected = expectation::unspecified;
  std::string expectation_note;  ///< why the catalogue's expectation differs, when it does (explained)
  std::string expectation_source;  ///< where the expected verdict comes from (paper §, text §, "derived: …")
  /// A machine-checked proof that covers this cell for all positions, when one does and the battery's
  /// verdict agrees with it: "Coq theorem `rope_relative` (proofs/formal/Sinusoid.v): …". Empty otherwise:
  /// the verdict then rests on the positions its summary states, and is never called "proved".
  std::string proof;
  /// For a query_key scheme that declares a generator G (a one-parameter group, pe/concept.hpp): what the
  /// battery concludes from G and what the conclusion rests on ("relative scores for all m, n by the shift
  /// argument: GᵀG = I (exact ==); query/key = G^p … on N probed positions …"). Empty when nothing is
  /// concluded; why not is then in the evidence.
  std::string group;

  /// An expected verdict was stated for this cell (by the catalogue or by the scheme itself).
  bool expectation_stated() const { return expected != expectation::unspecified; }
  /// The cell agrees with the catalogue (or the catalogue says nothing about it: see expectation_stated,
  /// which the report shows as "no expectation stated" rather than as agreement).
  bool agrees() const {
    if (contradicts_declaration) return false;
    switch (expected) {
      case expectation::unspecified: return true;
      case expectation::holds: return holds(result);
      case expectation::fails: return result == verify::verdict::failed;
      case expectation::not_applicable: return pe::not_applicable(result);
    }
    return false;
  }
  /// The cell's property result as a short word ("holds", "fails", "n/a").
  const char* word() const { return holds(result) ? "holds" : result == verify::verdict::failed ? "fails" : "n/a"; }
  /// The battery's result in words: "held exactly" (== on the stated cases), "held within the tolerance",
  /// "fails", "n/a" (skipped or not decidable). The evidence kind says whether a theorem covers it.
  const char* result_words() const {
    if (result == verify::verdict::failed) return "fails";
    if (!holds(result)) return "n/a";
    return basis == verify::evidence_kind::sampled_within_bound ? "held within the tolerance" : "held exactly";
  }
};

/// The kind of evidence a cell rests on: formal when a Coq theorem covers it (`proof`, set only when the
/// battery's result agrees with the theorem), else what the battery's run rests on (`basis`).
inline verify::evidence_kind evidence_of(const cell& c) {
  return c.proof.empty() ? c.basis : verify::evidence_kind::formal;
}

/// The battery's run held with == in exact arithmetic on the stated cases ("held exactly on …").
inline bool held_exactly(const cell& c) { return holds(c.result) && c.basis == verify::evidence_kind::sampled_exact; }
/// The battery's run held within its stated ε-bound (a floating row).
inline bool held_within_bound(const cell& c) {
  return holds(c.result) && c.basis == verify::evidence_kind::sampled_within_bound;
}

/// One row: a scheme under one arithmetic, with every property decided.
struct scheme_row {
  std::string name;        ///< e.g. "rope-interleaved/pythagorean"
  std::string kind;        ///< additive | query_key | score_bias
  std::string parameters;
  std::string arithmetic;  ///< e.g. "mpq_rational (exact)"
  std::string origin;      ///< "catalogue", "user header", "mutant", …
  std::vector<cell> cells;

  const cell& at(property p) const { return cells.at(static_cast<std::size_t>(p)); }
  cell& at(property p) { return cells.at(static_cast<std::size_t>(p)); }
  /// Some cell has a stated expectation. A row without any is reported as "no expectation stated",
  /// never as agreeing.
  bool has_expectations() const {
    for (const auto& c : cells)
      if (c.expectation_stated()) return true;
    return false;
  }
  /// Every cell agrees with the expectations.
  bool agrees() const {
    for (const auto& c : cells)
      if (!c.agrees()) return false;
    return true;
  }
};

/// A compiled-in scheme: its name and how to run the battery on it.
struct registered_scheme {
  std::string name;
  std::string origin;
  std::string arithmetic;  ///< the row's arithmetic, e.g. "mpq_rational (exact)", known without a run
  std::function<scheme_row()> run;
};

/// Every scheme compiled into this program (filled at static-initialisation time by `register_scheme`, pe/register.hpp).
inline std::vector<registered_scheme>& scheme_registry() {
  static std::vector<registered_scheme> all;
  return all;
}

}  // namespace orderblind::pe
