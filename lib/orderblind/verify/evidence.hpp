// SPDX-License-Identifier: MIT
#pragma once
/// The evidence model: what a result rests on and what it decided. Every check the library, the
/// batteries, the proofs and the claims table report is a `verify::check` (verify/report.hpp) carrying
/// one `evidence_kind` and one `verdict` from here; every output format is written from it by one
/// renderer (verify/render.hpp).
#include <string>

namespace orderblind::verify {

/// The kind of evidence a result rests on. The first six are ordered weakest to strongest (`weakest`
/// takes the minimum); the others describe a computation on a text's own data, or none.
enum class evidence_kind {
  sampled_within_bound,  ///< seeded random cases (and the texts' examples), floating arithmetic, each within a stated ε-bound
  sampled_exact,         ///< seeded random cases (and the texts' examples), compared with == (exact arithmetic, or bit for bit)
  exhaustive_exact,      ///< every permutation of S_n enumerated (none sampled), compared with ==, on stated inputs only
  enclosure,             ///< rigorous interval enclosures (MPFI): every true value lies in the printed interval
  identity,              ///< the library's own code run over symbols: an identity for all real inputs, at the stated sizes
  formal,                ///< a machine-checked proof for all sizes (Coq)
  exact_on_data,         ///< exact rational arithmetic (==) on a text's or a user's data
  mpfr100_on_data,       ///< 100-digit MPFR on a text's data (figures checked as correct roundings) — not exact
  double_on_data,        ///< IEEE double on a text's or a user's data
  count_on_data,         ///< a count on a text's data: a figure against the data's shapes (no arithmetic)
  literature,            ///< no computation: a questionable claim, with its reason and source
};

/// The enumerator's name, e.g. "sampled_exact": the JSON value of `evidence`.
inline const char* name(evidence_kind k) {
  switch (k) {
    case evidence_kind::sampled_within_bound: return "sampled_within_bound";
    case evidence_kind::sampled_exact: return "sampled_exact";
    case evidence_kind::exhaustive_exact: return "exhaustive_exact";
    case evidence_kind::enclosure: return "enclosure";
    case evidence_kind::identity: return "identity";
    case evidence_kind::formal: return "formal";
    case evidence_kind::exact_on_data: return "exact_on_data";
    case evidence_kind::mpfr100_on_data: return "mpfr100_on_data";
    case evidence_kind::double_on_data: return "double_on_data";
    case evidence_kind::count_on_data: return "count_on_data";
    case evidence_kind::literature: return "literature";
  }
  return "unknown";
}

/// A short phrase for the kind, as certificates print it ("sampled cases, within a stated bound", …).
inline const char* describe(evidence_kind k) {
  switch (k) {
    case evidence_kind::sampled_within_bound: return "sampled cases, within a stated bound";
    case evidence_kind::sampled_exact: return "sampled cases, == (exact arithmetic, or bit for bit in floating point)";
    case evidence_kind::exhaustive_exact: return "every permutation enumerated, == (exact), on the stated inputs only";
    case evidence_kind::enclosure: return "rigorous enclosures";
    case evidence_kind::identity: return "identity for all real inputs, at fixed sizes";
    case evidence_kind::formal: return "machine-checked proof for all sizes";
    case evidence_kind::exact_on_data: return "exact arithmetic (==) on the stated data";
    case evidence_kind::mpfr100_on_data: return "100-digit MPFR on the stated data (not exact)";
    case evidence_kind::double_on_data: return "IEEE double on the stated data";
    case evidence_kind::count_on_data: return "a count on the stated data";
    case evidence_kind::literature: return "no computation: a reason and a source";
  }
  return "unknown";
}

/// True for the kinds that sample (a case count and a seed say how much was seen).
inline bool is_sampled(evidence_kind k) {
  return k == evidence_kind::sampled_within_bound || k == evidence_kind::sampled_exact;
}

/// The weaker of two of the first six kinds (a result resting on both claims no more than the weaker).
// NOTE: the data kinds are not on that scale; for them the first argument is kept, so a caller that
// mixes scales states the kind itself.
inline evidence_kind weakest(evidence_kind a, evidence_kind b) {
  const auto on_scale = [](evidence_kind k) { return static_cast<int>(k) <= static_cast<int>(evidence_kind::formal); };
  if (!on_scale(a) || !on_scale(b)) return a;
  return static_cast<int>(a) <= static_cast<int>(b) ? a : b;
}

/// What a check decided.
enum class verdict {
  held,           ///< the check held
  failed,         ///< the check failed: a genuine counterexample (exit code 1)
  skipped,        ///< not testable on this input; the note says why (not a failure)
  not_decidable,  ///< the input cannot decide the law; the note says why (not a failure)
  erratum,        ///< a text's figure is wrong; the check asserts the correct one, and that held
  questionable,   ///< a dated or contested claim no computation decides (not a failure)
};

/// "held", "FAILED", "skipped", "not decidable", "erratum", "questionable".
inline const char* to_string(verdict v) {
  switch (v) {
    case verdict::held: return "held";
    case verdict::failed: return "FAILED";
    case verdict::skipped: return "skipped";
    case verdict::not_decidable: return "not decidable";
    case verdict::erratum: return "erratum";
    case verdict::questionable: return "questionable";
  }
  return "unknown";
}

/// True only for `failed`: the one verdict that makes a run exit 1.
inline bool is_failure(verdict v) { return v == verdict::failed; }

/// held or failed.
inline verdict held_if(bool held) { return held ? verdict::held : verdict::failed; }

}  // namespace orderblind::verify
