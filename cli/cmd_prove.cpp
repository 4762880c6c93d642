// SPDX-License-Identifier: MIT
// `orderblind prove <id>…`: run proofs and emit their checks (the report: proofs/certificate.cpp);
// also the no-argument run's proofs job.
#include <iostream>

#include "proofs/certificate.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

proofs::run_config resolve(const global_options& opts) {
  proofs::run_config cfg;
  if (opts.cases) cfg.cases = *opts.cases;
  if (opts.seed) cfg.seed = *opts.seed;
  return cfg;
}

const registrar cmd{command{
    "prove", "run proofs step by step and print their certificates (ids: see 'orderblind list'; 'all' for every one)",
    [](args& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> ids;
      sub.option("id", ids, "proof ids, e.g. A.1 A.2 3.4 3.7 4, or 'all'", {.required = true});
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        std::vector<std::string> chosen;
        for (const auto& id : ids) {
          if (id == "all") {
            for (const auto& p : proofs::registered_proofs()) chosen.push_back(p.id);
            continue;
          }
          try {
            proofs::find_proof(id);
          } catch (const std::invalid_argument& e) {
            throw usage_error("prove", e.what());
          }
          chosen.push_back(id);
        }
        const auto cfg = resolve(opts);
        verify::value::checks certs;
        for (const auto& id : chosen) certs.push_back(proofs::find_proof(id).run(cfg));
        const auto report = proofs::certificates_report(std::move(certs), cfg);
        emit(report, opts, std::cout);
        rc = exit_code_of(report);
      });
    }}};

// NOTE: the report of `prove all`; a proof's run is already one check (the weakest kind of its steps, its
// cases and seed): the summary prints each certificate as the subcommand does, without the per-step details.
const registrar job{main_job{20, "proofs", "prove all",
                             [](const global_options& opts) {
                               const auto cfg = resolve(opts);
                               verify::value::checks certs;
                               for (const auto& p : proofs::registered_proofs()) certs.push_back(p.run(cfg));
                               return proofs::certificates_report(std::move(certs), cfg);
                             },
                             [](const verify::report& r) {
                               verify::value::checks rows = field_as<verify::value::checks>(r.body, "certificates");
                               for (auto& c : rows) {
                                 c.id = "proof:" + c.id;
                                 c.statement += " (" + c.source + ")";
                                 std::erase_if(c.details, [](const verify::field& f) { return f.key != "reproduce"; });
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
