// SPDX-License-Identifier: MIT
#pragma once
/// The seeds' worked examples, computed: each figure of a text is a `verify::check` — the text's figure
/// and the value orderblind computes as its details, with the arithmetic, the kind of evidence, the bound
/// and the residual of its comparison set where the figure is computed. `orderblind example` prints their
/// report (cli/cmd_example.cpp); tests/expfield tests the exact one.
#include <functional>
#include <string>
#include <vector>

#include "orderblind/verify/report.hpp"

namespace orderblind::proofs {

/// A worked example, as data: its command-line name, where it is from, its title and arithmetic, and the
/// computation that returns its figures as checks ("<name> #k", in the text's order).
struct example_row {
  std::string name;        ///< e.g. "dog-bites-man"
  std::string source;      ///< e.g. "text 000, §3 and §4"
  std::string title;
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)"
  std::function<verify::value::checks()> figures;
};

/// Every worked example, in order: dog-bites-man, i-love-llms, i-love-llms-exact, counter (not computed).
const std::vector<example_row>& worked_examples();

/// The "i-love-llms-exact" example's figures (text 001 §3.2 with the real softmax, in Q(t)): A and Z in
/// Q(t) as closed forms, against a hand derivation; each Z entry to 100 certified digits (MPFI at 120
/// digits); the mpfr100 path inside that enclosure; and the reversal, exactly. Not yet numbered: the
/// example's row (`worked_examples()`) gives them their ids.
verify::value::checks text001_exact_figures();

/// A figure's check before it is decided: statement `what`, source, what was compared (by default the
/// computed value against the text's figure, or against the statement when the text prints none), and
/// the details text_figure (null when the text prints none) and computed. The verdict is FAILED until the
/// figure's computation decides it.
verify::check figure(std::string source, std::string what, std::string text_figure, std::string computed,
                     std::string compared = {});

/// `orderblind example`'s report ("orderblind-example/2"): the examples named (in that order; none: all),
/// each with its figures' checks. A name that is not in worked_example_ids() is left out.
verify::report example_report(const std::vector<std::string>& names);

/// The names of the examples `worked_examples` lists, in order (without building their table).
inline std::vector<std::string> worked_example_ids() {
  return {"dog-bites-man", "i-love-llms", "i-love-llms-exact", "counter"};
}

/// The same names joined with ", ", for messages.
inline constexpr const char* worked_example_names = "dog-bites-man, i-love-llms, i-love-llms-exact, counter";

}  // namespace orderblind::proofs
