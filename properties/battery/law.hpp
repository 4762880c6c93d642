// SPDX-License-Identifier: MIT
#pragma once
/// A law of the battery: a sentence, the arithmetic it is checked in, and how to check it on the
/// library and on each of its mutants (deliberately broken implementations it must catch).
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/verify/report.hpp"
#include "properties/support/runner.hpp"

namespace orderblind::properties {

/// Checks a law with one implementation: the whole run (`run`, called as runner(o)), which returns the
/// run as its evidence record, and the case it repeats (`body`: one RapidCheck case — the law's generators
/// and comparison on that implementation), for callers that run the cases themselves (the law benchmarks,
/// bench/laws_bench.cpp).
///
/// The run's check states what the run itself decided: id (the RapidCheck id), cases and seed of the run,
/// verdict (held, or FAILED — for a law that must break, held means the expected counterexample was
/// found), note (e.g. the shrunk counterexample), and the details `cases_requested`, `error` (the
/// implementation threw: FAILED, an error, never a counterexample) and, when it failed, `failure`
/// (RapidCheck's report and the note) and `reproduce` (RC_PARAMS replaying it). The law's statement,
/// arithmetic, evidence and bound are the law's own: `run_law` (battery.hpp) adds them.
// NOTE: the body is the battery's own, not a copy, so that what a benchmark times is what the battery
// checks: the law's implementation and flags are chosen once, in battery_impl.hpp.
struct law_runner {
  std::function<verify::check(const run_options&)> run;
  std::function<void()> body;
  verify::check operator()(const run_options& o) const { return run(o); }
};

/// The run's check (as `law_runner` states it) of a run that ended in an internal error before deciding
/// anything (`what`: why): FAILED, with `error` true — never evidence either way.
verify::check run_error(std::string id, const std::string& what);

/// True when a run's check records an error (its detail `error`), not a counterexample.
bool errored(const verify::check& run);

/// A deliberately broken implementation, and the check of the law on it (it must NOT hold).
struct mutant {
  std::string name;  ///< what is broken, e.g. "attention adds a bias that grows with the row index"
  law_runner check;  ///< the law's check, run on the mutant
};

/// One law of the battery, in one arithmetic.
struct law {
  std::string property;    ///< the property's number, "P1" … "P8" (docs/battery.md)
  std::string id;          ///< unique, e.g. "P1.multi-head[mpfr100]" (the RC_PARAMS reproduce key)
  std::string title;       ///< the law as a sentence
  std::string arithmetic;  ///< scalar, kernel, norm
  std::string tolerance;   ///< "exact (==)", or the bound in ε and why
  /// sampled_exact for a law compared with == (exact, or bit for bit), sampled_within_bound for one
  /// compared within its ε-bound: what the law's report says and which laws get the edge mutants.
  verify::evidence_kind evidence = verify::evidence_kind::sampled_exact;
  long default_cases = 200;
  bool refutes = false;           ///< the law asserts a counterexample (P3, P5b, P7a, P8a)
  law_runner check;               ///< on the library
  std::vector<mutant> mutants;    ///< each must make `check` fail
  std::vector<mutant> within_bound;  ///< perturbations at half the law's bound: each must still HOLD
};

/// Exceptions an implementation threw during a run.
struct error_log {
  long count = 0;
  std::string first;  ///< what() of the first one
};

namespace detail {
/// The factor by which the running check moves its left side (see checks.hpp: `edge_factor`).
inline thread_local double edge_factor = 0;
/// Sets edge_factor for its lifetime.
struct edge_scope {
  double previous;
  explicit edge_scope(double e) : previous(edge_factor) { edge_factor = e; }
  ~edge_scope() { edge_factor = previous; }
  edge_scope(const edge_scope&) = delete;
  edge_scope& operator=(const edge_scope&) = delete;
};
}  // namespace detail

/// `t`, with every std::exception it throws recorded in `log`; `swallow` turns the case into a pass
/// (for laws that must find a counterexample: an exception must never count as one). `edge` sets the
/// perturbation factor of the compared left sides for the duration of the case (0: none).
/// A law's case body: it draws its inputs with RapidCheck's `*gen` and asserts with RC_ASSERT.
using case_body = std::function<void()>;

/// `t` run with `edge` in effect; an exception is counted in `log` (and swallowed when `swallow`).
case_body recording_errors(case_body t, std::shared_ptr<error_log> log, bool swallow, double edge = 0);

/// All laws of the battery, in every arithmetic it is compiled for (double, mpq_rational, mpfr100).
std::vector<law> all_laws();

/// Checks that must hold, or must break, given a testable and its default case count. An exception
/// thrown by the implementation is an error: the law does not hold, and a refutation is not found.
/// `edge` (must_hold only) moves the left side of every comparison by that multiple of the law's bound
/// (checks.hpp): the perturbation checks of the bound's tightness.
// NOTE: the checks are built by non-template functions over `case_body` (law.cpp, compiled once):
// RapidCheck's property machinery (checkTestable, the shrinking of the case, the result) is then
// instantiated for one testable type, not once for every law's and mutant's lambda. That machinery was
// most of the object code of each battery unit (measured in docs/build.md).
law_runner hold_check(std::string id, long cases, case_body t, double edge);
law_runner break_check(std::string id, long cases, case_body t, std::function<std::string(const outcome&)> accept);

template <class Testable>
law_runner must_hold(std::string id, long cases, Testable t, double edge = 0) {
  return hold_check(std::move(id), cases, case_body(std::move(t)), edge);
}
template <class Testable>
law_runner must_break(std::string id, long cases, Testable t, std::function<std::string(const outcome&)> accept = {}) {
  return break_check(std::move(id), cases, case_body(std::move(t)), std::move(accept));
}

}  // namespace orderblind::properties
