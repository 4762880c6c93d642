// `orderblind claims`: the seed-claims report with its errata; also a job of the no-argument run.
#include <iostream>

#include "claims.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

const registrar cmd{command{"claims",
                            "check every numeric or algebraic claim of the four seeds and list the errata",
                            [](CLI::App& sub, const global_options& opts, int& rc) {
                              sub.callback([&opts, &rc] {
                                const auto r = compute_claims();
                                render_claims(r, opts.format, std::cout);
                                if (!r.held()) rc = failed;
                              });
                            }}};

const registrar job{main_job{40, "claims", [](const global_options&) {
                               const auto r = compute_claims();
                               std::vector<summary_row> rows;
                               rows.push_back({"claims", "every checkable claim of seeds 000–003 (" +
                                                             std::to_string(r.errata()) +
                                                             " errata; see 'orderblind claims')",
                                               static_cast<long>(r.claims.size()), "mpq_rational + mpfr100 + double",
                                               0, r.held()});
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
