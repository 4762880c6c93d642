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

/// What backs one proof id: its executable steps, the Coq theorems linked to it, and whether this
/// build checked them all.
struct proof_kinds {
  bool executable = true;  // every registered proof runs its steps
  std::vector<std::string> theorems;
  bool all_checked = false;

  bool formal() const { return !theorems.empty(); }
  /// "executable", "formal" or "executable + formal".
  std::string kinds() const {
    if (executable && formal()) return "executable + formal";
    return formal() ? "formal" : "executable";
  }
  /// e.g. "executable + formal (6 Coq theorems, checked by this build)".
  std::string backed_by() const {
    if (!formal()) return kinds();
    return kinds() + " (" + std::to_string(theorems.size()) +
           (theorems.size() == 1 ? " Coq theorem, " : " Coq theorems, ") +
           (all_checked ? "checked by this build" : "not checked by this build") + ")";
  }
};

proof_kinds kinds_of(const proofs::proof& p) {
  proof_kinds k;
  const auto ts = proofs::formal_theorems(p.id);
  k.all_checked = !ts.empty();
  for (const auto& t : ts) {
    k.theorems.push_back(t.name);
    k.all_checked = k.all_checked && t.checked;
  }
  return k;
}

/// The listing: data, no check (so it always holds; JUnit has no testcase).
verify::report list_report() {
  verify::report r{"orderblind-list/2", "What orderblind can run", {}};
  verify::value::list ps;
  for (const auto& p : proofs::registered_proofs()) {
    const auto k = kinds_of(p);
    verify::value::list theorems;
    for (const auto& t : k.theorems) theorems.emplace_back(t);
    ps.push_back(verify::value::object{
        {"id", p.id},
        {"title", p.title},
        {"source", p.source},
        {"kinds", k.kinds()},
        {"backed_by", k.backed_by()},
        {"executable", k.executable},
        {"formal", verify::value::object{{"theorems", std::move(theorems)}, {"checked_by_this_build", k.all_checked}}}});
  }
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
