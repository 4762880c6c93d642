#pragma once
/// A law of the battery: a sentence, the arithmetic it is checked in, and how to check it on the
/// library and on each of its mutants (deliberately broken implementations it must catch).
#include <functional>
#include <string>
#include <vector>

#include "properties/support/runner.hpp"

namespace orderblind::properties {

/// The verdict of one check of a law.
struct verdict {
  bool held = false;  ///< the law held (for an "is broken by" law: the expected counterexample was found)
  outcome run;        ///< the RapidCheck run behind it
  std::string note;   ///< what was found (e.g. the counterexample that breaks a law that must fail)
};

/// Checks a law with one implementation.
using law_check = std::function<verdict(const run_options&)>;

/// A deliberately broken implementation, and the check of the law on it (it must NOT hold).
struct mutant {
  std::string name;  ///< what is broken, e.g. "attention adds a bias that grows with the row index"
  law_check check;   ///< the law's check, run on the mutant
};

/// One law of the battery, in one arithmetic.
struct law {
  std::string property;    ///< the issue's property number, "P1" … "P8"
  std::string id;          ///< unique, e.g. "P1.multi-head[mpfr100]" (the RC_PARAMS reproduce key)
  std::string title;       ///< the law as a sentence
  std::string arithmetic;  ///< scalar, kernel, norm
  std::string tolerance;   ///< "exact (==)", or the bound in ε and why
  long default_cases = 200;
  bool refutes = false;           ///< the law asserts a counterexample (P3, P5b, P7a, P8a)
  law_check check;                ///< on the library
  std::vector<mutant> mutants;    ///< each must make `check` fail
};

/// Verdict of a law that must hold: it held iff every case passed.
inline verdict holds(outcome o) {
  verdict v;
  v.held = o.passed;
  v.run = std::move(o);
  return v;
}

/// Verdict of a law that says a property is BROKEN: it held iff RapidCheck found a counterexample
/// (and `accept` agrees with the shrunk one; `accept` returns an empty string to accept, otherwise why not).
inline verdict breaks(outcome o, const std::function<std::string(const outcome&)>& accept = {}) {
  verdict v;
  if (o.passed) {
    v.held = false;
    v.note = "no counterexample in " + std::to_string(o.cases) + " cases";
  } else if (o.counterexample.empty()) {
    v.held = false;
    v.note = "the run ended without a counterexample (gave up or errored): " + o.message;
  } else {
    const std::string why = accept ? accept(o) : std::string();
    v.held = why.empty();
    v.note = v.held ? "counterexample found after " + std::to_string(o.cases + 1) + " case(s) and shrunk:\n" + o.message
                    : why + "\n" + o.message;
  }
  v.run = std::move(o);
  return v;
}

/// All laws of the battery, in every arithmetic it is compiled for (double, mpq_rational, mpfr100).
std::vector<law> all_laws();

/// Checks that must hold, or must break, given a testable and its default case count.
template <class Testable>
law_check must_hold(std::string id, long cases, Testable t) {
  return [id = std::move(id), cases, t](const run_options& o) { return holds(run_property(id, t, o, cases)); };
}
template <class Testable>
law_check must_break(std::string id, long cases, Testable t, std::function<std::string(const outcome&)> accept = {}) {
  return [id = std::move(id), cases, t, accept](const run_options& o) {
    return breaks(run_property(id, t, o, cases), accept);
  };
}

}  // namespace orderblind::properties
