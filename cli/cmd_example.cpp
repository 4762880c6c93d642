// SPDX-License-Identifier: MIT
// `orderblind example [name…]`: the texts' worked examples with their values (computed in
// proofs/examples/), one check per figure; also a main job.
#include <iostream>

#include "proofs/examples/worked_examples.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

using proofs::worked_example;

/// One figure as a check: the text's figure and the computed value are its details.
verify::check figure_check(const worked_example& e, const proofs::figure& f, std::size_t k) {
  verify::check c;
  c.id = e.name + " #" + std::to_string(k);
  c.statement = f.what;
  c.source = e.source;
  c.compared = !f.compared.empty() ? f.compared
               : f.text.empty()     ? "the computed value against the statement"
                                    : "the computed value against the text's figure";
  c.arithmetic = f.arithmetic;
  c.evidence = f.evidence;
  c.bound = f.bound;
  if (f.residual) c.residual = *f.residual;
  c.outcome = !f.held ? verify::verdict::failed : f.erratum ? verify::verdict::erratum : verify::verdict::held;
  c.note = f.note;
  // NOTE: null, not "", when the text prints no figure (text and Markdown then omit it).
  c.with("text_figure", f.text.empty() ? verify::value() : verify::value(f.text)).with("computed", f.computed);
  return c;
}

verify::report example_report(const std::vector<worked_example>& list) {
  verify::report r{"orderblind-example/2", "Worked examples of the texts", {}};
  verify::value::list examples;
  for (const auto& e : list) {
    verify::value::checks figures;
    for (std::size_t k = 0; k < e.figures.size(); ++k) figures.push_back(figure_check(e, e.figures[k], k + 1));
    examples.push_back(verify::value::object{{"name", e.name},
                                             {"title", e.title},
                                             {"source", e.source},
                                             {"arithmetic", e.arithmetic},
                                             {"verdict", e.held() ? "held" : "FAILED"},
                                             {"figures", std::move(figures)}});
  }
  r.add("examples", std::move(examples));
  return r;
}

const registrar cmd{command{
    "example", "print the texts' worked examples (dog-bites-man, i-love-llms, i-love-llms-exact, counter) with their values",
    [](args& sub, const global_options& opts, int& rc) {
      static std::vector<std::string> names;
      sub.option("name", names, "which examples (default: all)");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        auto all = proofs::compute_worked_examples();
        std::vector<worked_example> chosen;
        for (const auto& n : names) {
          bool found = false;
          for (const auto& e : all)
            if (e.name == n) {
              chosen.push_back(e);
              found = true;
            }
          if (!found)
            throw usage_error("example", "unknown example '" + n + "' (" + proofs::worked_example_names + ")");
        }
        if (names.empty()) chosen = all;
        const auto r = example_report(chosen);
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

// NOTE: one summary check per example, from the same figure checks the subcommand prints.
const registrar job{main_job{10, "examples", [](const global_options&) {
                               verify::value::checks rows;
                               for (const auto& e : proofs::compute_worked_examples()) {
                                 verify::value::checks figures;
                                 for (std::size_t k = 0; k < e.figures.size(); ++k)
                                   figures.push_back(figure_check(e, e.figures[k], k + 1));
                                 rows.push_back(verify::summarise(figures, "example:" + e.name, e.title + " (" + e.source + ")"));
                               }
                               return rows;
                             }}};

}  // namespace
}  // namespace orderblind::cli
