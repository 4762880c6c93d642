// SPDX-License-Identifier: MIT
// The checks of a law (law.hpp): its RapidCheck run, compiled once for every law of every arithmetic, and
// the run as its verify::check.
#include "properties/battery/law.hpp"

#include <exception>
#include <memory>
#include <string>
#include <utility>

namespace orderblind::properties {
namespace {

/// The run's check: id, the run's cases and seed, the verdict `held` and `note`; details
/// cases_requested, error and, when it failed, failure and reproduce (law.hpp: law_runner).
verify::check run_check(std::string id, const outcome& o, bool held, std::string note, bool error) {
  verify::check c;
  c.id = std::move(id);
  c.cases = o.cases;
  c.seed = o.seed;
  c.outcome = verify::held_if(held);
  c.note = std::move(note);
  c.with("cases_requested", o.requested).with("error", error);
  if (!held) c.with("failure", o.message + c.note).with("reproduce", o.reproduce);
  return c;
}

/// The note added when the implementation threw (empty when it did not).
std::string error_note(const error_log& log) {
  if (log.count == 0) return {};
  return "ERROR: the implementation threw in " + std::to_string(log.count) +
         " case(s) — an error, not evidence either way; first: " + log.first;
}

/// `a`, then `b` on a line of its own (either may be empty).
std::string lines(std::string a, const std::string& b) {
  if (b.empty()) return a;
  return a + (a.empty() ? "" : "\n") + b;
}

/// The check of a law that must hold: it held iff every case passed and nothing threw.
verify::check holds(std::string id, const outcome& o, const error_log& log) {
  const bool error = log.count > 0;
  return run_check(std::move(id), o, o.passed && !error, error_note(log), error);
}

/// The check of a law that says a property is BROKEN: it held iff RapidCheck found a counterexample (and
/// `accept` agrees with the shrunk one; `accept` returns an empty string to accept, otherwise why not).
verify::check breaks(std::string id, const outcome& o, const std::function<std::string(const outcome&)>& accept,
                     const error_log& log) {
  bool held = false, error = log.count > 0;
  std::string note;
  if (o.passed) {
    note = "no counterexample in " + std::to_string(o.cases) + " cases";
  } else if (o.counterexample.empty()) {
    note = "the run ended without a counterexample (gave up or errored): " + o.message;
    error = true;
  } else {
    const std::string why = accept ? accept(o) : std::string();
    held = why.empty();
    note = held ? "counterexample found after " + std::to_string(o.cases + 1) + " case(s) and shrunk:\n" + o.message
                : why + "\n" + o.message;
  }
  return run_check(std::move(id), o, held && !error, lines(note, error_note(log)), error);
}

}  // namespace

case_body recording_errors(case_body t, std::shared_ptr<error_log> log, bool swallow, double edge) {
  return [t = std::move(t), log = std::move(log), swallow, edge] {
    const detail::edge_scope scope(edge);
    try {
      t();
    } catch (const std::exception& e) {
      ++log->count;
      if (log->first.empty()) log->first = e.what();
      if (!swallow) throw;
    }
  };
}

verify::check run_error(std::string id, const std::string& what) {
  return run_check(std::move(id), outcome{}, false, "ERROR: " + what, true);
}

bool errored(const verify::check& run) {
  for (const auto& d : run.details)
    if (d.key == "error") return d.val.as<bool>() && *d.val.as<bool>();
  return false;
}

law_runner hold_check(std::string id, long cases, case_body t, double edge) {
  return {[id = std::move(id), cases, t, edge](const run_options& o) {
            auto log = std::make_shared<error_log>();
            const outcome out = run_property(id, recording_errors(t, log, false, edge), o, cases);
            return holds(id, out, *log);
          },
          [t, edge] {
            const detail::edge_scope scope(edge);
            t();
          }};
}

law_runner break_check(std::string id, long cases, case_body t, std::function<std::string(const outcome&)> accept) {
  return {[id = std::move(id), cases, t, accept = std::move(accept)](const run_options& o) {
            auto log = std::make_shared<error_log>();
            const outcome out = run_property(id, recording_errors(t, log, true), o, cases);
            return breaks(id, out, accept, *log);
          },
          t};
}

}  // namespace orderblind::properties
