// SPDX-License-Identifier: MIT
#pragma once
/// The seeds' worked examples as reports: each figure computed, set beside the text's figure, judged.
#include <string>
#include <vector>

namespace orderblind::cli {

/// One figure of a worked example.
struct figure {
  std::string what;      ///< e.g. "dog's output, sentence A"
  std::string text;      ///< the figure as the seed prints it ("" when the text prints none)
  std::string computed;  ///< the value orderblind computes
  bool held = false;     ///< the check passed (computed == expected; a text figure that is wrong is an erratum)
  std::string note;      ///< erratum or remark
};

/// A worked example: where it is from, the arithmetic used, and its figures.
struct worked_example {
  std::string name;        ///< command-line name, e.g. "dog-bites-man"
  std::string source;      ///< e.g. "text 000, §3 and §4"
  std::string title;
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)"
  std::vector<figure> figures;
  bool held() const {
    for (const auto& f : figures)
      if (!f.held) return false;
    return true;
  }
};

/// Every worked example, computed now.
std::vector<worked_example> compute_worked_examples();

}  // namespace orderblind::cli
