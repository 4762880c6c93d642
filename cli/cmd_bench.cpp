// SPDX-License-Identifier: MIT
// `orderblind bench`: time the equivariance check of one workload (bench/bench_workloads.hpp: the run and
// its report, whose checks are one verify::check and whose timings are fields).
#include <iostream>

#include "bench_workloads.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

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
        const auto r = bench::run(run);  // configuration_error (invalid_argument) -> exit 2 in main
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
