// SPDX-License-Identifier: MIT
// `orderblind properties [--list] [--only ID] [--mutants] [--stats] [--jobs N]`: the order-blindness battery
// (laws P1–P8 over exact rationals, MPFR-100 and double), and a main job with one summary check per property.
// The battery (properties/battery) runs its laws and returns the report; this file parses and prints it.
#include "registry.hpp"

#include <algorithm>
#include <iostream>

#include "properties/battery/battery.hpp"

namespace orderblind::cli {
namespace {

/// The battery options the flags ask for (unset: each law's default count, the fixed seed); the P8 ulp
/// table is measured whenever P8 runs.
properties::battery_options options_from(const global_options& g, unsigned jobs, const std::string& only = {},
                                         bool mutants = false, bool stats = false) {
  properties::battery_options b;
  if (g.cases) b.run.cases = *g.cases;
  if (g.seed) b.run.seed = *g.seed;
  b.jobs = jobs;
  b.mutants = mutants;
  b.stats = stats;
  b.only = only;
  b.ulp_table = only.empty() || std::string("P8").rfind(only.substr(0, 2), 0) == 0;
  return b;
}

const registrar cmd{command{
    "properties",
    "run the order-blindness property battery (P1-P8; RapidCheck) and print each law's verdict; --list to list",
    [](args& sub, const global_options& opts, int& rc) {
      static bool list = false, mutants = false, stats = false;
      static std::string only;
      static unsigned jobs = properties::default_jobs();
      sub.flag("--list", list, "list the laws, their arithmetic, tolerance and mutants without running them");
      sub.flag("--mutants", mutants, "also run every law on its mutants and report whether each is caught");
      sub.flag("--stats", stats,
               "also print, per law, what its cases were: histograms of n, d, heads and permutation kinds, the "
               "share of degenerate cases and of cases whose two sides differ in some bit");
      sub.option("--only", only, "run only the laws whose id starts with this (e.g. P4, P1.multi-head)");
      sub.option("--jobs", jobs,
                 "worker processes running laws side by side (default: the hardware's threads, " +
                     std::to_string(properties::default_jobs()) +
                     "); every law's cases, verdict and counterexample are the same for any N",
                 {.range = {{1, 1024}}});
      sub.on_run([&opts, &rc] {
        const auto laws = properties::all_laws();
        if (!only.empty() &&
            std::none_of(laws.begin(), laws.end(), [](const auto& l) { return l.id.rfind(only, 0) == 0; }))
          throw usage_error("--only", "no law id starts with '" + only + "' (see 'orderblind properties --list')");
        if (list) return emit(properties::list_report(laws), opts, std::cout);
        const auto rep = properties::run_battery(laws, options_from(opts, jobs, only, mutants, stats));
        emit(rep, opts, std::cout);
        rc = properties::held(rep) ? held : failed;
      });
    }}};

// NOTE: the report of `properties` with its defaults; one summary check per property (P1–P8), from its law
// checks; a failed law's note and failure go to stderr.
const registrar job{main_job{30, "properties", "properties",
                             [](const global_options& opts) {
                               auto rep = properties::run_battery(properties::all_laws(),
                                                                  options_from(opts, properties::default_jobs()));
                               for (const auto& c : verify::top_checks(rep))
                                 if (verify::is_failure(c.outcome)) std::cerr << properties::failure_text(c) << "\n";
                               return rep;
                             },
                             properties::by_property}};

}  // namespace
}  // namespace orderblind::cli
