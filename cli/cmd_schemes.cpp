// SPDX-License-Identifier: MIT
// `orderblind schemes [--scheme NAME…] [--expect "property=verdict,…"]`: the positional-encoding schemes ×
// properties report, and its exit rule, from orderblind::pe (orderblind/pe/schemes_command.hpp, shared with
// a user's scheme check); also a main job (the same report, one summary check per scheme).
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "orderblind/pe/schemes_command.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

constexpr const char* none_registered =
    "no positional-encoding schemes compiled in (configure with ORDERBLIND_BUILD_PROPERTIES=ON)";

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
        request.none_registered = none_registered;
        rc = pe::run_schemes_command(request, [&](const verify::report& r) { emit(r, opts, std::cout); }, std::cerr);
      });
    }}};

/// The report of `schemes` (every registered scheme, the catalogue's expectations).
verify::report every_scheme(const global_options&) {
  pe::schemes_request request;
  request.none_registered = none_registered;
  std::optional<verify::report> out;
  std::ostringstream err;
  const int rc = pe::run_schemes_command(request, [&](const verify::report& r) { out = r; }, err);
  // NOTE: exit 2 of `schemes` (no scheme registered, two under one name, a scheme that breaks the plug-in
  // contract) is bad input here too; exit 1 (a verdict that disagrees) is in the report's checks.
  if (rc == bad_usage || !out) {
    std::string message = err.str();
    if (message.rfind(request.program + ": ", 0) == 0) message.erase(0, request.program.size() + 2);
    while (!message.empty() && message.back() == '\n') message.pop_back();
    throw std::invalid_argument(message);
  }
  return *out;
}

// NOTE: one summary check per scheme, from its agreement checks in the report: held when its row agrees
// with its expected verdicts.
const registrar job{main_job{50, "schemes", "schemes", every_scheme, [](const verify::report& r) {
                               verify::value::checks rows;
                               for (const auto& s : field_as<verify::value::list>(r.body, "schemes")) {
                                 const auto& o = value_as<verify::value::object>(&s, "scheme");
                                 const auto& name = field_as<std::string>(o, "scheme");
                                 verify::value::checks agreement;
                                 verify::for_each_check(s, [&](const verify::check& c) { agreement.push_back(c); });
                                 // NOTE: agrees_with_catalogue is null exactly when no expectation was stated.
                                 const verify::value* agrees = verify::find_field(o, "agrees_with_catalogue");
                                 if (!agrees) throw std::logic_error("a scheme's row without agrees_with_catalogue");
                                 const bool stated = !agrees->is_null();
                                 rows.push_back(verify::summarise(
                                     agreement,
                                     "pe:" + name + " [" + field_as<std::string>(o, "arithmetic") +
                                         "]",  // NOTE: a scheme runs in several arithmetics
                                     "PE battery on " + name +
                                         (stated ? ": agrees with its expected verdicts (see 'orderblind schemes')"
                                                 : ": no expectation stated, nothing compared")));
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
