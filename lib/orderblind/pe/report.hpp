// SPDX-License-Identifier: MIT
#pragma once
/// What the battery returns: one verdict per (scheme, property), with its evidence; and the registry
/// through which compiled-in schemes (the catalogue, users' headers) reach the `orderblind schemes` report.
#include <functional>
#include <string>
#include <vector>

#include "orderblind/pe/properties.hpp"

namespace orderblind::pe {

/// The outcome of one property on one scheme.
enum class verdict { proved_exactly, held_to_tolerance, not_applicable, fails };

/// "held exactly" (== in exact arithmetic on the cases the cell states — not a proof for every position),
/// "held to tolerance", "n/a", "fails".
inline const char* verdict_name(verdict v) {
  switch (v) {
    case verdict::proved_exactly: return "held exactly";  // NOTE: == on the stated cases, not a proof for all
    case verdict::held_to_tolerance: return "held to tolerance";
    case verdict::not_applicable: return "n/a";
    case verdict::fails: return "fails";
  }
  return "?";
}

/// True for the two "holds" verdicts.
inline bool holds(verdict v) { return v == verdict::proved_exactly || v == verdict::held_to_tolerance; }

/// One cell of the matrix.
struct cell {
  property prop{};
  verdict result = verdict::not_applicable;
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
      case expectation::fails: return result == verdict::fails;
      case expectation::not_applicable: return result == verdict::not_applicable;
    }
    return false;
  }
  /// The cell's property result as a short word ("holds", "fails", "n/a").
  const char* word() const { return holds(result) ? "holds" : result == verdict::fails ? "fails" : "n/a"; }
};

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
