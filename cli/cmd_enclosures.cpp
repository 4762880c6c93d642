// SPDX-License-Identifier: MIT
// `orderblind enclosures`: the MPFI certificate of the sinusoid and RoPE identities (rigorous: every true value lies in the printed interval); also a
// main job (order 35) with one summary row per identity.
#include <iostream>
#include <nlohmann/json.hpp>

#include "orderblind/enclosure/certificate.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

constexpr long default_enclosure_cases = 50;

void print(const std::vector<enclosure::enclosure_result>& rs, const std::string& format, std::ostream& os) {
  using namespace orderblind::enclosure;
  const std::string required = "1e-90";
  if (format == "json") {
    nlohmann::json j{{"arithmetic", certificate_arithmetic()}, {"required_bound", required},
                     {"caveat", certificate_caveat()}, {"identities", nlohmann::json::array()}};
    for (const auto& r : rs)
      j["identities"].push_back({{"id", r.id}, {"statement", r.statement}, {"source", r.source}, {"setup", r.setup},
                                 {"cases", r.cases}, {"seed", r.seed}, {"proven_bound", upward(r.bound)},
                                 {"max_width", upward(r.max_width)}, {"all_contain_zero", r.all_contain_zero},
                                 {"worst_case", r.worst_case}, {"unbounded_at", r.unbounded_at},
                                 {"verdict", r.held ? "held" : "FAILED"}});
    os << j.dump(2) << "\n";
    return;
  }
  const bool md = format == "markdown";
  os << (md ? "### " : "") << "Certificate: rigorous enclosures of the sinusoid and RoPE identities\n\n"
     << "arithmetic: " << certificate_arithmetic() << "\n"
     << "frequencies: theta_i = 10000^(-2i/d), enclosed as exp(-(2i/d)·log 10000)\n"
     << "required: proven |residual| <= " << required << " in every case\n\n";
  for (const auto& r : rs) {
    os << (md ? "- **" : "[") << (r.held ? "held" : "FAILED") << (md ? "** " : "] ") << r.id << ": " << r.statement
       << "\n    source: " << r.source << "\n    cases: " << r.cases << " (seed " << r.seed << "; " << r.setup << ")"
       << "\n    proven: |residual| <= " << upward(r.bound) << " in every case (worst: " << r.worst_case << ")"
       << "\n    widest enclosure: " << upward(r.max_width)
       << "; every enclosure contains 0: " << (r.all_contain_zero ? "yes" : "no") << "\n";
    // NOTE: a NaN or unbounded enclosure fails the identity (it proves nothing); say where.
    if (!r.unbounded_at.empty()) os << "    NOT A BOUNDED ENCLOSURE: " << r.unbounded_at << "\n";
  }
  os << "\nnote: " << certificate_caveat() << "\n";
}

const registrar cmd{command{
    "enclosures", "certificate: MPFI (100 digits) bounds on the residuals of the sinusoid and RoPE identities",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      sub.callback([&opts, &rc] {
        const long cases = opts.cases.value_or(default_enclosure_cases);
        if (cases <= 0) throw CLI::ValidationError("--cases", "must be at least 1");
        const auto rs = enclosure::run_certificate(cases, opts.seed.value_or(default_seed));
        print(rs, opts.format, std::cout);
        for (const auto& r : rs)
          if (!r.held) rc = failed;
      });
    }}};

const registrar job{main_job{35, "enclosures", [](const global_options& opts) {
                               const long cases = opts.cases.value_or(20);
                               std::vector<summary_row> rows;
                               for (const auto& r : enclosure::run_certificate(cases, opts.seed.value_or(default_seed)))
                                 rows.push_back({"mpfi:" + r.id, r.statement + " — proven |residual| <= " + enclosure::upward(r.bound),
                                                 1, "mpfi100 (rigorous intervals, 100 digits)", r.cases, r.held});
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
