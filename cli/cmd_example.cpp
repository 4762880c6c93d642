// SPDX-License-Identifier: MIT
// `orderblind example [name…]`: the texts' worked examples with their values (computed, and reported as
// one check per figure, in proofs/examples/); also a main job.
#include <algorithm>
#include <iostream>

#include "proofs/examples/worked_examples.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

const registrar cmd{command{
    "example", "print the texts' worked examples (dog-bites-man, i-love-llms, i-love-llms-exact, counter) with their values",
    [](args& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> names;
      sub.option("name", names, "which examples (default: all)");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        const auto ids = proofs::worked_example_ids();
        for (const auto& n : names)
          if (std::find(ids.begin(), ids.end(), n) == ids.end())
            throw usage_error("example", "unknown example '" + n + "' (" + proofs::worked_example_names + ")");
        const auto r = proofs::example_report(names);
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

// NOTE: one summary check per example, from the figure checks of the report the subcommand prints.
const registrar job{main_job{10, "examples", "example", [](const global_options&) { return proofs::example_report({}); },
                             [](const verify::report& r) {
                               verify::value::checks rows;
                               for (const auto& e : field_as<verify::value::list>(r.body, "examples")) {
                                 const auto& o = value_as<verify::value::object>(&e, "example");
                                 const auto text = [&](const char* key) { return field_as<std::string>(o, key); };
                                 rows.push_back(verify::summarise(field_as<verify::value::checks>(o, "figures"),
                                                                  "example:" + text("name"),
                                                                  text("title") + " (" + text("source") + ")"));
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
