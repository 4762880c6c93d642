// SPDX-License-Identifier: MIT
// `orderblind float-error`: the Boost.Math-style table of Attn(PX) − P·Attn(X) in double: how far in-order
// floating sums move the output under a permutation; one check per (summation, n) row.
#include <iostream>

#include "orderblind/enclosure/float_error.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

constexpr long default_float_cases = 200;

/// The subcommand's report, for the subcommand and for the no-argument run alike.
verify::report run_float_error(const global_options& opts, bool accuracy) {
  const long cases = opts.cases.value_or(default_float_cases);
  const std::uint64_t seed = opts.seed.value_or(default_seed);
  if (cases <= 0) throw usage_error("--cases", "must be at least 1");
  return enclosure::float_error_report(cases, seed, accuracy);
}

const registrar cmd{command{
    "float-error",
    "table of Attn(PX) - P·Attn(X) in double (max and RMS in eps, worst input) for in-order and sorted sums",
    [](args& sub, const global_options& opts, int& rc) {
      static bool no_accuracy = false;
      sub.flag("--no-accuracy", no_accuracy, "skip the mpfr100 reference (faster)");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        const auto r = run_float_error(opts, !no_accuracy);
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

// NOTE: the summary splits the table by summation: sorted sums (bit for bit) and in-order sums (within
// the bound) are different claims with different kinds of evidence.
const registrar job{main_job{36, "float-error", "float-error",
                             [](const global_options& opts) { return run_float_error(opts, true); },
                             [](const verify::report& r) {
                               verify::value::checks sorted, in_order;
                               for (auto& c : verify::top_checks(r))
                                 (c.id.rfind("sorted", 0) == 0 ? sorted : in_order).push_back(std::move(c));
                               return verify::value::checks{
                                   verify::summarise(sorted, "float:sorted",
                                                     "double attention with sorted sums is bit-for-bit equivariant"),
                                   verify::summarise(in_order, "float:in-order",
                                                     "double attention with in-order sums: |Attn(PX) − P·Attn(X)| ≤ "
                                                     "4(n+1)ε·max|V| (see 'orderblind float-error')")};
                             }}};

}  // namespace
}  // namespace orderblind::cli
