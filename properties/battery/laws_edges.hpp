// SPDX-License-Identifier: MIT
#pragma once
/// The implementation mutants at the edge of each floating law's ε-bound: the library's attention (or
/// sinusoid) with an order-dependent error of 3× the law's bound (the law must catch it) and of 0.5×
/// (the law must let it through). See mutants::edge_attention and docs/generators.md.
#include <string>
#include <vector>

#include "properties/battery/laws_attention.hpp"
#include "properties/battery/laws_cross.hpp"
#include "properties/battery/laws_position.hpp"
#include "properties/battery/mutants.hpp"

namespace orderblind::properties {

/// Adds to every law of `out` that compares within an ε-bound (floating T; exact laws are `==`) the
/// implementation mutant at 3× its bound and the one at 0.5× (a perturbation it must still pass).
// NOTE: 3×, not 4×: the compared-side perturbation already sits at 4×; an implementation error of 3×
// shows that the bound catches an error of a few ε made inside the code, on both sides of the comparison.
template <Scalar T, class K, class Enc>
void add_edge_mutants(std::vector<law>& out) {
  if constexpr (!scalar_traits<T>::is_exact) {
    using mutants::edge_attention;
    using mutants::edge_target;
    const std::string tag = std::string("[") + scalar_traits<T>::name + "]";
    auto find = [&](const std::string& name) -> law* {
      for (auto& l : out)
        if (l.id == name + tag) return &l;
      return nullptr;
    };
    const auto catch_cases = [](long cases) { return cases; };
    const auto hold_cases = [](long cases) { return std::min<long>(cases, 100); };
    // NOTE: `attach` adds the pair to a law if it exists in this arithmetic (P1.multi-head is `==` over
    // MPFR-100 and its bound lives in P1.multi-head-generic there).
    auto attach = [&](const std::string& name, const std::string& what, auto make) {
      law* l = find(name);
      if (!l || l->refutes || l->evidence != verify::evidence_kind::sampled_within_bound) return;
      const std::string base = l->id + "/mutant: ";
      l->mutants.push_back({what + " (3x the law's bound)",
                            must_hold(base + "edge 3x", catch_cases(l->default_cases), make(3.0))});
      l->within_bound.push_back({what + " (0.5x the law's bound; must still hold)",
                                 must_hold(base + "edge 0.5x", hold_cases(l->default_cases), make(0.5))});
    };
    const std::string out_what = "order-dependent error in output entry (0, 0)";
    for (const bool scaled : {false, true})
      attach(scaled ? "P1.scaled" : "P1.single-head", out_what, [scaled](double f) {
        return laws::self_attention_commutes<T>(edge_attention<K>{f, edge_target::output}, scaled);
      });
    for (const char* n : {"P1.multi-head", "P1.multi-head-generic"})
      attach(n, out_what, [](double f) {
        return laws::multi_head_attention_commutes<T>(edge_attention<K>{f, edge_target::output});
      });
    attach("P4.step3", "order-dependent error in the weight of key 0 in query row 0", [](double f) {
      return laws::cross_attention_step<T>(edge_attention<K>{f, edge_target::weights}, laws::a2_step::weights);
    });
    attach("P4.step4", out_what, [](double f) {
      return laws::cross_attention_step<T>(edge_attention<K>{f, edge_target::output}, laws::a2_step::output);
    });
    for (const char* n : {"P4.step5-heads", "P4.step5-heads-generic"})
      attach(n, out_what, [](double f) {
        return laws::multi_head_cross_attention_ignores_order<T>(edge_attention<K>{f, edge_target::output});
      });
    attach("P6.rotation", "PE(q) for q > 1000 off in every pair's sin entry", [](double f) {
      mutants::edge_sinusoid s;
      s.factor = f;
      return laws::rotation_identity_real<T>(s);
    });
    attach("P7.before", out_what, [](double f) {
      return laws::positions_before_permuting_commute<T>(edge_attention<K>{f, edge_target::output}, Enc{});
    });
  }
}

}  // namespace orderblind::properties
