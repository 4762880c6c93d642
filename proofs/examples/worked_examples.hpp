// SPDX-License-Identifier: MIT
#pragma once
/// The seeds' worked examples, computed: each figure of a text set beside the value orderblind
/// computes, with the arithmetic, the kind of evidence, the bound and the residual of its comparison.
/// `orderblind example` prints their report (cli/cmd_example.cpp); tests/expfield tests the exact one.
#include <optional>
#include <string>
#include <vector>

#include "orderblind/verify/report.hpp"

namespace orderblind::proofs {

/// One figure of a worked example.
struct figure {
  std::string what;        ///< e.g. "dog's output in sentence A (row 0)"
  std::string text;        ///< the figure as the seed prints it ("" when the text prints none)
  std::string computed;    ///< the value orderblind computes
  bool held = false;       ///< the comparison held (for an erratum: the corrected figure was confirmed)
  std::string note;        ///< the erratum or a remark
  bool erratum = false;    ///< the text's own figure is wrong; the check asserts the correct one
  std::string arithmetic;  ///< the arithmetic of this figure's computation and comparison
  verify::evidence_kind evidence = verify::evidence_kind::exact_on_data;  ///< what the figure rests on
  std::string bound;       ///< the comparison: "== (exact)", "|x − figure| ≤ 0.0005 per entry", …
  std::optional<double> residual;  ///< the largest residual, in the bound's unit (unset: an exact ==)
  std::string compared;    ///< what was compared with what, when not the value against the text's figure
};

/// A worked example: where it is from, the arithmetic used, and its figures.
struct worked_example {
  std::string name;        ///< command-line name, e.g. "dog-bites-man"
  std::string source;      ///< e.g. "text 000, §3 and §4"
  std::string title;
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)"
  std::vector<figure> figures;
  /// Every figure's comparison held (an erratum's corrected figure counts as held).
  bool held() const {
    for (const auto& f : figures)
      if (!f.held) return false;
    return true;
  }
};

/// The "i-love-llms-exact" worked example (text 001 §3.2 with the real softmax, in Q(t)): A and Z in
/// Q(t) as closed forms, against a hand derivation; each Z entry to 100 certified digits (MPFI at 120
/// digits); the mpfr100 path inside that enclosure; and the reversal, exactly.
worked_example text001_exact_example();

/// Every worked example, computed now: dog-bites-man, i-love-llms, i-love-llms-exact, counter.
std::vector<worked_example> compute_worked_examples();

/// An example's figures as checks ("<name> #k"): the text's figure and the computed value are details;
/// an erratum whose corrected figure was confirmed is `erratum`.
verify::value::checks figure_checks(const worked_example& e);

/// `orderblind example`'s report ("orderblind-example/2"): the examples named (in that order; none: all),
/// each with its figures' checks. A name that is not in worked_example_ids() is left out.
verify::report example_report(const std::vector<std::string>& names);

/// The names of the examples `compute_worked_examples` returns, in order (without computing them).
inline std::vector<std::string> worked_example_ids() {
  return {"dog-bites-man", "i-love-llms", "i-love-llms-exact", "counter"};
}

/// The same names joined with ", ", for messages.
inline constexpr const char* worked_example_names = "dog-bites-man, i-love-llms, i-love-llms-exact, counter";

}  // namespace orderblind::proofs
