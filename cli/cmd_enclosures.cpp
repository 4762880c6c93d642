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

verify::report enclosure_report(const std::vector<enclosure::enclosure_result>& rs) {
  using namespace orderblind::enclosure;
  // NOTE: the threshold as the library decides it (certificate_holds), printed rounded upward.
  const std::string required = upward(required_bound());
  verify::report r{"orderblind-enclosures/2", "Certificate: rigorous enclosures of the sinusoid and RoPE identities", {}};
  verify::value::checks identities;
  for (const auto& e : rs) {
    verify::check c;
    c.id = e.id;
    c.statement = e.statement;
    c.source = e.source;
    c.compared = "the residual of the identity, enclosed in an MPFI interval, in every case (" + e.setup + ")";
    c.arithmetic = "mpfi100 (MPFI intervals, 100 decimal digits)";
    c.evidence = verify::evidence_kind::enclosure;
    c.bound = "proven |residual| ≤ " + required + " in every case, every enclosure bounded";
    // NOTE: the residual is the proven bound on |residual| over every case, a decimal rounded upward
    // (so safe to read as "≤"; "inf"/"nan" when an enclosure was unbounded), as text: it is a bound,
    // not a sampled value.
    c.residual = upward(e.bound);
    c.cases = e.cases;
    c.seed = e.seed;
    c.outcome = verify::held_if(e.held);
    c.note = e.unbounded_at.empty() ? "" : "NOT A BOUNDED ENCLOSURE: " + e.unbounded_at;
    c.with("setup", e.setup)
        .with("max_width", upward(e.max_width))
        .with("all_contain_zero", e.all_contain_zero)
        .with("worst_case", e.worst_case)
        .with("unbounded_at", e.unbounded_at.empty() ? verify::value() : verify::value(e.unbounded_at));
    identities.push_back(std::move(c));
  }
  r.add("arithmetic", certificate_arithmetic())
      .add("frequencies", "theta_i = 10000^(-2i/d), enclosed as exp(-(2i/d)·log 10000)")
      .add("required_bound", required)
      .add("identities", std::move(identities))
      .add("caveat", certificate_caveat());
  return r;
}

/// The subcommand's report, for the subcommand and for the no-argument run alike.
verify::report run_enclosures(const global_options& opts) {
  const long cases = opts.cases.value_or(default_enclosure_cases);
  if (cases <= 0) throw usage_error("--cases", "must be at least 1");
  return enclosure_report(enclosure::run_certificate(cases, opts.seed.value_or(default_seed)));
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

const registrar job{main_job{35, "enclosures", [](const global_options& opts) {
                               return verify::value::checks{verify::summarise(
                                   verify::top_checks(run_enclosures(opts)), "enclosures",
                                   "MPFI enclosures of the sinusoid and RoPE identities (see 'orderblind enclosures')")};
                             }}};

}  // namespace
}  // namespace orderblind::cli
