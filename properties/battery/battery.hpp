// SPDX-License-Identifier: MIT
#pragma once
/// The order-blindness battery: every law, in every arithmetic, with its mutants; and the
/// ulp table of property 8. The CLI (`orderblind properties`) and ctest run this same code.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "properties/battery/law.hpp"

namespace orderblind::properties {

/// The laws of the battery for one scalar (explicitly instantiated for double, mpq_rational and
/// mpfr100, one translation unit each).
template <class T>
std::vector<law> battery_laws();

/// One row of the P8 table: how far Attn(PX) is from P·Attn(X) over double with in-order sums.
struct ulp_row {
  std::string what;           ///< which layer
  long cases = 0;             ///< cases measured
  long differing = 0;         ///< cases where the two sides differ in at least one bit
  double max_ulps = 0;        ///< max entry-wise distance in units in the last place
  double max_scaled_eps = 0;  ///< max|Δ| / (ε·scale): the measure the bound is stated in
  std::string scale;          ///< what "scale" is
  double bound = 0;           ///< the derived bound on max_scaled_eps for the largest n (0: none derived)
  std::string bound_text;     ///< the bound as a formula
};

/// Measures the P8 table over `cases` random cases per layer (default 200 × ORDERBLIND_CASE_SCALE).
std::vector<ulp_row> ulp_table(const run_options& o);

/// One law's run: its verdict, its mutants, what its cases were and how long it took.
struct law_result {
  const law* l = nullptr;  ///< the law (an element of the vector given to run_battery)
  verdict v;               ///< the law on the library
  double seconds = 0;      ///< wall time of the law and, with mutants, of its mutants and perturbations
  double check_seconds = 0;      ///< wall time of the law's own run on the library (mutants not included)
  double check_cpu_seconds = 0;  ///< CPU time of that run (its thread's clock: robust on a busy machine)
  std::vector<std::pair<std::string, bool>> mutants_caught;  ///< (mutant, caught)
  std::vector<std::pair<std::string, bool>> within_held;     ///< (perturbation within the bound, law held)
  std::optional<case_stats> stats;  ///< with statistics: what the cases were
  entry_sizes sizes;                ///< the sizes of the entries the law's own run met (always measured)

  /// Cases of the law's own run per second of its wall time (0 when no time was measured).
  double cases_per_second() const { return check_seconds > 0 ? static_cast<double>(v.run.cases) / check_seconds : 0; }
};

/// How `run_battery` runs.
struct battery_options {
  run_options run;         ///< case count and seed of every law (unset: each law's default, the default seed)
  bool mutants = false;    ///< also run every law on its mutants and within-bound perturbations
  bool stats = false;      ///< also collect case statistics
  std::string only;        ///< run only the laws whose id starts with this (empty: all)
  bool ulp_table = false;  ///< also measure the P8 ulp table
  unsigned jobs = 1;       ///< worker processes (1: everything in this process)
};

/// The outcome of `run_battery`.
struct battery_run {
  std::vector<law_result> laws;  ///< in the order of the given laws (the --jobs count never changes it)
  std::vector<ulp_row> ulps;     ///< the P8 table, when asked for
  unsigned jobs = 1;             ///< worker processes used
  double seconds = 0;            ///< wall time of the whole run
};

/// The default worker count: std::thread::hardware_concurrency() (1 if it is unknown).
unsigned default_jobs();

/// Runs `laws` (those selected by `o.only`) and, if asked, the P8 ulp table, in `o.jobs` worker processes.
/// Every law runs under its own id with the same seed and case count whatever `o.jobs` is, so its cases,
/// verdict, counterexample and statistics are the same; only the timings differ. A malformed RC_PARAMS
/// or ORDERBLIND_CASE_SCALE throws std::invalid_argument before anything runs.
battery_run run_battery(const std::vector<law>& laws, const battery_options& o);

/// Everything a law's run decided — verdict, cases, seed, counterexample, mutants, statistics, entry
/// sizes — as one JSON text, timings left out: the part of a run that replays exactly.
std::string replayable_record(const law_result& r);

}  // namespace orderblind::properties
