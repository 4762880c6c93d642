// SPDX-License-Identifier: MIT
// `orderblind claims`: the text-claims report with its errata; also a job of the no-argument run.
#include <iostream>

#include "claims_render.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

using claims::claim_verdict;
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
                            [](CLI::App& sub, const global_options& opts, int& rc) {
                              sub.callback([&opts, &rc] {
                                const auto r = compute_claims(texts_inputs(config_of(opts)));
                                render_claims(r, opts.format, std::cout);
                                if (!r.held()) rc = failed;
                              });
                            }}};

const registrar job{main_job{40, "claims", [](const global_options& opts) {
                               const auto r = compute_claims(texts_inputs(config_of(opts)));
                               std::vector<summary_row> rows;
                               rows.push_back({"claims", "every checkable claim of texts 000–003 (" +
                                                             std::to_string(r.errata()) + " errata, " +
                                                             std::to_string(r.count(claim_verdict::questionable)) +
                                                             " questionable; see 'orderblind claims')",
                                               static_cast<long>(r.claims.size()), "mpq_rational + mpfr100 + double",
                                               0, r.held()});
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
