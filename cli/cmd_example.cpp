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

// NOTE: one summary check per example, from the same figure checks the subcommand prints.
const registrar job{main_job{10, "examples", [](const global_options&) {
                               verify::value::checks rows;
                               for (const auto& e : proofs::worked_examples())
                                 rows.push_back(verify::summarise(e.figures(), "example:" + e.name,
                                                                  e.title + " (" + e.source + ")"));
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
