// SPDX-License-Identifier: MIT
// `orderblind list`: the proofs that `prove` accepts (each marked executable, formal or both), the
// worked examples and the seed-claims report.
#include <iostream>

#include "proofs/claims/claims.hpp"
#include "proofs/examples/worked_examples.hpp"
#include "proofs/proof.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

/// One proof as a row: its executable steps and the Coq theorems linked to it, and whether this build
/// checked them all (every registered proof runs its steps, so it is always "executable").
verify::value proof_row(const proofs::proof& p) {
  const auto ts = proofs::formal_theorems(p.id);
  bool checked = !ts.empty();
  verify::value::list theorems;
  for (const auto& t : ts) {
    theorems.emplace_back(t.name);
    checked = checked && t.checked;
  }
  const std::string kinds = ts.empty() ? "executable" : "executable + formal";
  const std::string backed =
      ts.empty() ? kinds
                 : kinds + " (" + std::to_string(ts.size()) + (ts.size() == 1 ? " Coq theorem, " : " Coq theorems, ") +
                       (checked ? "checked by this build" : "not checked by this build") + ")";
  return verify::value::object{
      {"id", p.id},       {"title", p.title},      {"source", p.source}, {"kinds", kinds},
      {"backed_by", backed}, {"executable", true},
      {"formal", verify::value::object{{"theorems", std::move(theorems)}, {"checked_by_this_build", checked}}}};
}

/// The listing: data, no check (so it always holds; JUnit has no testcase).
verify::report list_report() {
  verify::report r{"orderblind-list/2", "What orderblind can run", {}};
  verify::value::list ps;
  for (const auto& p : proofs::registered_proofs()) ps.push_back(proof_row(p));
  verify::value::list examples;
  for (const auto& name : proofs::worked_example_ids()) examples.emplace_back(name);
  verify::value::list texts;
  for (const auto& s : claims::claim_sources()) texts.emplace_back(s);
  r.add("commands", verify::value::object{{"proofs", "orderblind prove <id>…"},
                                          {"examples", "orderblind example <name>…"},
                                          {"claims", "orderblind claims"}})
      .add("proofs", std::move(ps))
      .add("examples", std::move(examples))
      .add("claims", verify::value::object{{"command", "orderblind claims"}, {"texts", std::move(texts)}});
  return r;
}

const registrar cmd{command{
    "list", "list the proofs (for 'prove'), the worked examples (for 'example') and the claims report",
    [](args& sub, const global_options& opts, int& rc) {
      sub.on_run([&opts, &rc] {
        const auto r = list_report();
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

}  // namespace
}  // namespace orderblind::cli
