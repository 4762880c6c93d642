// SPDX-License-Identifier: MIT
// How a law on a user's data settles its evidence record (verify::check), the report of `orderblind
// check`, and the command's size limits.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "orderblind/io/csv.hpp"
#include "orderblind/io/npy.hpp"
#include "orderblind/io/work_limits.hpp"
#include "properties/check/check.hpp"

namespace orderblind::properties {
namespace {

// NOTE: the default limits are io::default_max_work_double, io::default_max_work_exact and
// io::default_max_square (orderblind/io/work_limits.hpp, stated once for the command and the Python module).
using io::default_max_square;
using io::default_max_work_double;
using io::default_max_work_exact;

std::string fmt(double v) {
  std::ostringstream os;
  os << std::setprecision(4) << v;
  return os.str();
}

void require_work(double work, const std::string& what, bool exact, std::optional<double> max_size) {
  const double limit = max_size.value_or(exact ? default_max_work_exact : default_max_work_double);
  if (work > limit)
    throw size_limit_error(what + ": n²·d = " + fmt(work) + " exceeds the limit " + fmt(limit) +
                                                 (exact ? " for exact arithmetic" : " for double") +
                                                 " (cost grows with n²·d); raise it with --max-size " +
                                                 std::to_string(static_cast<long long>(std::ceil(work))));
}

void require_memory(double n, const std::string& what, std::optional<double> max_size) {
  const double limit = std::max(default_max_square, max_size.value_or(0));
  if (n * n > limit)
    throw size_limit_error(what + ": its n×n matrices (n = " + fmt(n) + ") have " + fmt(n * n) +
                                        " entries each, above the memory limit " + fmt(limit) +
                                        " (2^26 = 512 MiB of doubles); raise it with --max-size " +
                                        std::to_string(static_cast<long long>(std::ceil(n * n))));
}

}  // namespace

std::string stated_bound(const std::string& formula, double value, bool overridden) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  if (overridden) return std::string("≤ ") + buf + " (--tolerance-eps)";
  return "≤ " + formula + " = " + buf;
}

void conclude(verify::check& c, verify::verdict v, const std::string& unit, const std::string& worst_case) {
  c.outcome = v;
  // NOTE: a failure's note leads with where it failed (the counterexample), so that every format's one-line
  // failure message (JUnit's, Markdown's) names it; `worst_case` keeps it as a field too.
  if (verify::is_failure(v) && !worst_case.empty())
    c.note = "fails at " + worst_case + (c.note.empty() ? "" : "; " + c.note);
  c.with("unit", unit).with("worst_case", worst_case);
}

/// The report: the files read, the seed, every law's check on them, and whether all held.
verify::report check_report(verify::value::checks checks, const std::string& input, std::uint64_t seed) {
  verify::report rep{"orderblind-check/2", "orderblind check: the laws on your files", {}};
  rep.add("input", input).add("seed", seed).add("results", std::move(checks));
  rep.add("all_held", verify::all_held(rep));
  return rep;
}

void require_size(double n, double d, const std::string& what, bool exact, std::optional<double> max_size) {
  require_work(n * n * d, what, exact, max_size);
  require_memory(n, what, max_size);
}

}  // namespace orderblind::properties
