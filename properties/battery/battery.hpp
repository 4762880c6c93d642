// SPDX-License-Identifier: MIT
#pragma once
/// The order-blindness battery: every law, in every arithmetic, with its mutants; and the
/// ulp table of property 8. The CLI (`orderblind properties`) and ctest run this same code.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/verify/report.hpp"
#include "properties/battery/law.hpp"

namespace orderblind::properties {

/// The laws of the battery for one scalar (explicitly instantiated for double, mpq_rational and
/// mpfr100, one translation unit each).
template <class T>
std::vector<law> battery_laws();

/// Measures the P8 ulp table, how far Attn(PX) is from P·Attn(X) over double with in-order sums, over
/// `cases` random cases per layer (default 200 × ORDERBLIND_CASE_SCALE): a list with one object per layer —
/// layer, cases, differing (cases whose sides differ in some bit), max_ulps, max_error_eps (max|Δ| ÷ ε·scale),
/// scale, bound (a formula) and bound_at_max_n (the derived bound at the largest n; 0: none derived) — the
/// report's `ulp_table` field.
verify::value ulp_table(const run_options& o);

/// How `run_battery` runs.
struct battery_options {
  run_options run;         ///< case count and seed of every law (unset: each law's default, the default seed)
  bool mutants = false;    ///< also run every law on its mutants and within-bound perturbations
  bool stats = false;      ///< also collect case statistics
  std::string only;        ///< run only the laws whose id starts with this (empty: all)
  bool ulp_table = false;  ///< also measure the P8 ulp table
  unsigned jobs = 1;       ///< worker processes (1: everything in this process)
};

/// The default worker count: std::thread::hardware_concurrency() (1 if it is unknown).
unsigned default_jobs();

/// The check of a law whose run could not complete (`what`: why): FAILED as an error, never evidence
/// either way.
verify::check lost_law(const law& l, const std::string& what);

/// Runs one law (and, if asked, its mutants, perturbations and statistics) here, as its check.
verify::check run_law(const law& l, const battery_options& o);

/// Runs `laws` (those selected by `o.only`) and, if asked, the P8 ulp table, in `o.jobs` worker processes,
/// as the report "orderblind-properties/2": each law's run as a check (field `laws`, in the order of
/// `laws`), the ulp table, the mutants' tally (with mutants), the case statistics' legend (with
/// statistics) and the throughput table. A worker sends its law's check back as the check's JSON.
/// Every law runs under its own id with the same seed and case count whatever `o.jobs` is, so its cases,
/// verdict, counterexample and statistics are the same; only the timings differ. A malformed RC_PARAMS
/// or ORDERBLIND_CASE_SCALE throws std::invalid_argument before anything runs.
verify::report run_battery(const std::vector<law>& laws, const battery_options& o);

/// The report of a run from its laws' checks (in the order of `laws`), the ulp table (null: not measured)
/// and the run's figures.
verify::report battery_report(const std::vector<const law*>& laws, verify::value::checks checks, verify::value ulps,
                              const battery_options& o, unsigned jobs, double seconds);

/// `properties --list` ("orderblind-properties-list/2"): the laws, their arithmetic, tolerance, evidence
/// and mutants, without running them.
verify::report list_report(const std::vector<law>& laws);

/// The battery's exit rule: every law held and, when the mutants ran, every mutant was caught and every
/// perturbation within the bound held.
bool held(const verify::report& r);

/// One check per property (P1–P8) summarising the report's law checks (verify::summarise): the no-argument run.
verify::value::checks by_property(const verify::report& r);

/// A failed law's check for a log: "id: FAILED after N successful case(s), seed S", RapidCheck's report
/// and the note, and the RC_PARAMS that replays it.
std::string failure_text(const verify::check& c);

/// Everything a law's run decided — verdict, cases, seed, note, failure and replay, mutants, statistics,
/// entry sizes — as one JSON text, timings left out: the part of a run that replays exactly.
std::string replayable_record(const verify::check& c);

}  // namespace orderblind::properties
