// SPDX-License-Identifier: MIT
// `orderblind bench`: time the equivariance check of one workload (see bench_workloads.hpp); the checks
// it ran are one verify::check, the timings are fields.
#include <iostream>

#include "bench_workloads.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

verify::report bench_report(const bench::result& r) {
  verify::check c;
  c.id = r.info.name;
  c.statement = "Attn(PX) = P·Attn(X), P uniformly random, n = " + std::to_string(r.opt.n) +
                ", d = " + std::to_string(r.opt.d) + ", heads = " + std::to_string(r.opt.heads);
  c.compared = "Attn(PX) against P·Attn(X), each timed check on a fresh random case";
  c.arithmetic = r.info.arithmetic;
  // NOTE: rational and expfield compare with ==; mp100 and double within the tolerance that
  // `comparison` states (bench_workloads.cpp, describe).
  const bool exact = r.info.name == "rational" || r.info.name == "expfield";
  c.evidence = exact ? verify::evidence_kind::sampled_exact : verify::evidence_kind::sampled_within_bound;
  c.bound = r.info.comparison;
  c.cases = r.checks;
  c.seed = r.opt.seed;
  c.outcome = verify::held_if(r.all_held());
  // NOTE: the timing loop records whether each check held, not its residual: the residual stays null.
  c.note = r.all_held() ? "every check held" : std::to_string(r.failures) + " checks FAILED";
  c.with("failures", r.failures);
  verify::report rep{"orderblind-bench/2", "Benchmark: the permutation-equivariance check, workload " + r.info.name, {}};
  rep.add("workload", r.info.name)
      .add("arithmetic", r.info.arithmetic)
      .add("kernel", r.info.kernel)
      .add("scale", r.info.scale)
      .add("n", r.opt.n)
      .add("d", r.opt.d)
      .add("heads", r.opt.heads)
      .add("seed", r.opt.seed)
      .add("seconds_requested", r.opt.seconds)
      .add("equivariance", verify::value::checks{std::move(c)})
      .add("mean_seconds", r.mean_seconds)
      .add("median_seconds", r.median_seconds)
      .add("min_seconds", r.min_seconds)
      .add("cpu_median_seconds", r.cpu_median_seconds)
      .add("seconds_in_checks", r.total_seconds);
  return rep;
}

const registrar cmd{command{
    "bench", "time the permutation-equivariance check (rational, mp100, double or expfield workload)",
    [](args& sub, const global_options& opts, int& rc) {
      static bench::options o;
      sub.option("--workload", o.workload, "rational | mp100 | double | expfield", {.show_default = true});
      sub.option("--n", o.n, "tokens (rows of X)", {.show_default = true});
      sub.option("--d", o.d, "model width d (W_Q, W_K, W_V are d x d)", {.show_default = true});
      sub.option("--heads", o.heads, "heads (must divide d; W_O is drawn like the others)", {.show_default = true});
      sub.option("--seconds", o.seconds, "run checks for at least this long", {.show_default = true});
      sub.flag("--allow-large", o.allow_large,
                   "allow exact workloads above n*d, n^2 or d^2 = " + std::to_string(bench::exact_size_limit) +
                       " (never above " + std::to_string(bench::float_size_limit) + ")");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        bench::options run = o;
        run.seed = opts.seed.value_or(default_seed);
        bench::validate(run);  // configuration_error (invalid_argument) -> exit 2 in main
        // NOTE: --allow-large lifts the exact workloads' limit; say so before a run that can take minutes
        // (one check is never interrupted by --seconds), instead of appearing to hang.
        const bool exact = run.workload == "rational" || run.workload == "expfield";
        const auto big = [](long a, long b) { return a > bench::exact_size_limit / b; };
        if (exact && run.allow_large && (big(run.n, run.d) || big(run.n, run.n) || big(run.d, run.d)))
          std::cerr << "orderblind: bench: --allow-large: n = " << run.n << ", d = " << run.d
                    << " is above the exact workloads' limit of " << bench::exact_size_limit
                    << " (n·d, n², d²); one exact check at this size can take minutes and is not interrupted by "
                       "--seconds\n";
        const auto r = bench_report(bench::run(run));  // configuration_error (invalid_argument) -> exit 2 in main
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
