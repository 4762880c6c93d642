// SPDX-License-Identifier: MIT
// `orderblind schemes [--scheme NAME…] [--expect "property=verdict,…"]`: the positional-encoding schemes ×
// properties report, and its exit rule, from orderblind::pe (orderblind/pe/schemes_command.hpp, shared with
// a user's scheme check); also a main job (one summary check per scheme).
#include <iostream>

#include "orderblind/pe/schemes_command.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

const registrar cmd{command{
    "schemes", "check every positional-encoding scheme against the property battery (the matrix)",
    [](args& sub, const global_options& opts, int& rc) {
      static pe::schemes_request request;
      static std::string expect_spec;
      sub.option("--scheme", request.names, "schemes to check (a name, or a family such as rope-interleaved)");
      sub.option("--expect", expect_spec,
                 "expected verdicts for each chosen scheme, e.g. \"relative scores=holds,norm-preserving=n/a\" "
                 "(holds, fails or n/a; replaces the catalogue's expectation of that cell); exit 1 if one differs");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        if (!expect_spec.empty()) request.expect = expect_spec;
        request.none_registered =
            "no positional-encoding schemes compiled in (configure with ORDERBLIND_BUILD_PROPERTIES=ON)";
        rc = pe::run_schemes_command(request, [&](const verify::report& r) { emit(r, opts, std::cout); }, std::cerr);
      });
    }}};

const registrar job{main_job{50, "schemes", [](const global_options&) { return pe::schemes_summary(); }}};

}  // namespace
}  // namespace orderblind::cli
