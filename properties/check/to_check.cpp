// SPDX-License-Identifier: MIT
// A law's result on a user's data as the one evidence record (verify::check) the command renders.
#include <cstdio>

#include "properties/check/check.hpp"

namespace orderblind::properties {

std::string stated_bound(const std::string& formula, double value, bool overridden) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  if (overridden) return std::string("≤ ") + buf + " (--tolerance-eps)";
  return "≤ " + formula + " = " + buf;
}

verify::check to_check(const check_result& r) {
  verify::check c;
  c.id = r.id.empty() ? r.law : r.id;
  // NOTE: a PE law's sentence starts with its id ("bounded: …"); the statement is the rest, so that the
  // id is not said twice.
  const std::string prefix = r.id + ": ";
  c.statement = !r.id.empty() && r.law.rfind(prefix, 0) == 0 ? r.law.substr(prefix.size()) : r.law;
  c.compared = r.compared;
  c.arithmetic = r.arithmetic;
  c.evidence = r.evidence;
  c.bound = r.bound_text;
  if (!r.skipped) c.residual = r.worst;
  c.cases = r.cases;
  c.seed = r.seed;
  c.outcome = r.skipped       ? verify::verdict::skipped
              : r.undecidable ? verify::verdict::not_decidable
                              : verify::held_if(r.held);
  c.note = r.note;
  // NOTE: a failure's note leads with where it failed (the counterexample), so that every format's one-line
  // failure message (JUnit's, Markdown's) names it; `worst_case` keeps it as a field too.
  if (verify::is_failure(c.outcome) && !r.worst_case.empty())
    c.note = "fails at " + r.worst_case + (r.note.empty() ? "" : "; " + r.note);
  c.with("unit", r.unit).with("worst_case", r.worst_case);
  return c;
}

}  // namespace orderblind::properties
