// SPDX-License-Identifier: MIT
// `orderblind bench`: time the equivariance check of one workload (see bench_workloads.hpp).
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "bench_workloads.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

nlohmann::json to_json(const bench::result& r) {
  return {{"workload", r.info.name},
          {"arithmetic", r.info.arithmetic},
          {"kernel", r.info.kernel},
          {"scale", r.info.scale},
          {"comparison", r.info.comparison},
          {"n", r.opt.n},
          {"d", r.opt.d},
          {"heads", r.opt.heads},
          {"seed", r.opt.seed},
          {"seconds_requested", r.opt.seconds},
          {"checks", r.checks},
          {"failures", r.failures},
          {"mean_seconds", r.mean_seconds},
          {"median_seconds", r.median_seconds},
          {"min_seconds", r.min_seconds},
          {"cpu_median_seconds", r.cpu_median_seconds},
          {"seconds_in_checks", r.total_seconds},
          {"all_held", r.all_held()},
          {"verdict", r.all_held() ? "held" : "FAILED"}};
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", s);
  return buf;
}

void print(const bench::result& r, const std::string& format, std::ostream& os) {
  if (format == "json") {
    os << to_json(r).dump(2) << "\n";
    return;
  }
  const std::string verdict = r.all_held() ? "every check held" : std::to_string(r.failures) + " checks FAILED";
  if (format == "markdown") {
    os << "| workload | arithmetic | n | d | heads | checks | mean s/check | median s/check | verdict |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---|\n"
       << "| " << r.info.name << " | " << r.info.arithmetic << " | " << r.opt.n << " | " << r.opt.d << " | "
       << r.opt.heads << " | " << r.checks << " | " << seconds(r.mean_seconds) << " | " << seconds(r.median_seconds)
       << " | " << verdict << " |\n";
    return;
  }
  os << "workload " << r.info.name << ": " << r.info.arithmetic << ", " << r.info.kernel << ", scale "
     << r.info.scale << ", n=" << r.opt.n << " d=" << r.opt.d << " heads=" << r.opt.heads << ", seed "
     << r.opt.seed << "\n"
     << "  check: Attn(PX) against P*Attn(X), P uniformly random; " << r.info.comparison << "\n"
     << "  " << r.checks << " checks, mean " << seconds(r.mean_seconds) << " s/check (median "
     << seconds(r.median_seconds) << ", min " << seconds(r.min_seconds) << ", median CPU " << seconds(r.cpu_median_seconds) << "): " << verdict << "\n";
}

const registrar cmd{command{
    "bench", "time the permutation-equivariance check (rational, mp100, double or expfield workload)",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static bench::options o;
      sub.add_option("--workload", o.workload, "rational | mp100 | double | expfield")->capture_default_str();
      sub.add_option("--n", o.n, "tokens (rows of X)")->capture_default_str();
      sub.add_option("--d", o.d, "model width d (W_Q, W_K, W_V are d x d)")->capture_default_str();
      sub.add_option("--heads", o.heads, "heads (must divide d; W_O is drawn like the others)")->capture_default_str();
      sub.add_option("--seconds", o.seconds, "run checks for at least this long")->capture_default_str();
      sub.add_flag("--allow-large", o.allow_large,
                   "allow exact workloads above n*d = " + std::to_string(bench::exact_size_limit));
      sub.callback([&opts, &rc] {
        bench::options run = o;
        run.seed = opts.seed.value_or(default_seed);
        const auto r = bench::run(run);  // configuration_error (invalid_argument) -> exit 2 in main
        print(r, opts.format, std::cout);
        if (!r.all_held()) rc = failed;
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
