// SPDX-License-Identifier: MIT
// `orderblind claims`: the text-claims report with its errata (built in proofs/claims/report.cpp); also
// a job of the no-argument run.
#include <iostream>

#include "proofs/claims/report.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

using claims::compute_claims;
using claims::texts_inputs;

/// The proofs the claims cite run at --cases / --seed when given, else at their defaults.
proofs::run_config config_of(const global_options& opts) {
  proofs::run_config cfg;
  if (opts.cases) cfg.cases = *opts.cases;
  if (opts.seed) cfg.seed = *opts.seed;
  return cfg;
}

const registrar cmd{command{"claims",
                            "check every claim of the four texts; list the errata and the questionable claims",
                            [](args& sub, const global_options& opts, int& rc) {
                              sub.on_run([&opts, &rc] {
                                require_format(opts.format);
                                const auto r = compute_claims(texts_inputs(config_of(opts)));
                                const auto report = claims::to_report(r);
                                emit(report, opts, std::cout);
                                // NOTE: an empty table checked nothing, so it does not hold either.
                                rc = claims::all_held(r) ? exit_code_of(report) : failed;
                              });
                            }}};

const registrar job{main_job{40, "claims", "claims",
                             [](const global_options& opts) {
                               return claims::to_report(compute_claims(texts_inputs(config_of(opts))));
                             },
                             [](const verify::report& r) {
                               const auto& claims = field_as<verify::value::checks>(r.body, "claims");
                               auto c = verify::summarise(claims, "claims",
                                                          "every checkable claim of texts 000–003 (see 'orderblind claims')");
                               // NOTE: an empty table checked nothing, so it does not hold either (as the subcommand).
                               if (!claims::all_held(claims)) c.outcome = verify::verdict::failed;
                               c.note = claims::claims_summary_line(claims);
                               return verify::value::checks{c};
                             }}};

}  // namespace
}  // namespace orderblind::cli
