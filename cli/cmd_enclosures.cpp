// SPDX-License-Identifier: MIT
// `orderblind enclosures`: the MPFI certificate of the sinusoid and RoPE identities (rigorous: every true
// value lies in the printed interval), one check per identity; also a main job (order 35): the same
// report, summarised.
#include <iostream>

#include "orderblind/enclosure/certificate.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

constexpr long default_enclosure_cases = 50;

/// The subcommand's report, for the subcommand and for the no-argument run alike.
verify::report run_enclosures(const global_options& opts) {
  const long cases = opts.cases.value_or(default_enclosure_cases);
  if (cases <= 0) throw usage_error("--cases", "must be at least 1");
  return enclosure::run_certificate(cases, opts.seed.value_or(default_seed));
}

const registrar cmd{command{
    "enclosures", "certificate: MPFI (100 digits) bounds on the residuals of the sinusoid and RoPE identities",
    [](args& sub, const global_options& opts, int& rc) {
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        const auto r = run_enclosures(opts);
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

const registrar job{main_job{35, "enclosures", "enclosures", run_enclosures, [](const verify::report& r) {
                               return verify::value::checks{verify::summarise(
                                   verify::top_checks(r), "enclosures",
                                   "MPFI enclosures of the sinusoid and RoPE identities (see 'orderblind enclosures')")};
                             }}};

}  // namespace
}  // namespace orderblind::cli
