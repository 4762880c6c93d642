#pragma once
/// The outcomes PE-CATALOGUE.md expects (and, where it is silent, what the formulas imply), per scheme
/// family and property. The report marks every cell that disagrees; the main job fails on any.
#include <map>
#include <string>

#include "orderblind/pe/report.hpp"

namespace orderblind::pe::catalogue {

/// One character per property in report order: H holds, F fails, N not applicable, ? unspecified.
/// Order: bounded, length-consistent, injective, extrapolates, shift-linear, relative scores,
/// relative-expressible, norm-preserving, bound decays, score decays, breaks equivariance.
// NOTE: sources. Catalogue lines ("Expected outcomes") give: counter F bounded/shift/relative;
// pos/length H bounded, F length; sinusoid H bounded/length/injective/extrapolates/shift/relative(M=I);
// learned F extrapolates/shift; RoPE family H relative/norm; YaRN F norm; xPos H relative, F bounded;
// bias schemes H translation-invariance/relative; RoPE "score can fail to decay". The rest follow from
// the formulas: sums of cosines are not monotone in Δ (score decay F for sinusoid/RoPE), a random table
// or bucket table is not monotone (learned/Shaw/T5 F), −m|Δ| and −r₁ln(1+r₂|Δ|) are (ALiBi/KERPLE H);
// NoPE adds 0 (constant scores: decay N, injective F, no relative structure to express: F); the bias
// schemes encode pairs (injective N); the RoPE bound needs √ (N for the exact rows).
inline const std::map<std::string, std::string>& expected_table() {
  static const std::map<std::string, std::string> t = {
      //                       b l i e s r x n B d q
      {"nope",              "HHFHHHFNNNF"},
      {"counter",           "FHHHFFFNNFH"},
      {"pos-length",        "HFHHFFFNNFH"},
      {"sinusoidal",        "HHHHHHHNNFH"},
      {"sinusoidal-concat", "HHHHHHHNNFH"},
      {"learned",           "HHHFFFFNNFH"},
      {"rope-interleaved",  "HHHHHHNHHFH"},
      {"rope-half-split",   "HHHHHHNHHFH"},
      {"rope-partial",      "HHHHHHNHHFH"},
      {"rope-pi",           "HHHHHHNHHFH"},
      {"rope-ntk",          "HHHHHHNHHFH"},
      {"rope-yarn",         "HHHHHHNFHFH"},
      {"rope-llama3",       "HHHHHHNHHFH"},
      {"xpos",              "FHHHHHNFNFH"},
      {"alibi",             "FHNHHHNNNHH"},
      {"shaw",              "HHNHHHNNNFH"},
      {"t5",                "HHNHHHNNNFH"},
      {"kerple-log",        "FHNHHHNNNHH"},
      {"kerple-power",      "FHNHHHNNNHH"},
  };
  return t;
}

/// Family of a row name: "rope-interleaved/pythagorean" → "rope-interleaved".
inline std::string family(const std::string& name) { return name.substr(0, name.find('/')); }

/// Fill in the expectations of a row (rows of unknown families keep `unspecified`).
inline void annotate(scheme_row& row) {
  const auto it = expected_table().find(family(row.name));
  if (it == expected_table().end()) return;
  const bool exact_row = row.arithmetic.find("(exact)") != std::string::npos;
  for (std::size_t i = 0; i < row.cells.size() && i < it->second.size(); ++i) {
    char e = it->second[i];
    // NOTE: the RoPE bound needs a square root; over the rationals it is decided in the mpfr row instead.
    if (exact_row && row.cells[i].prop == property::bound_decays && e == 'H') e = 'N';
    row.cells[i].expected = e == 'H' ? expectation::holds
                            : e == 'F' ? expectation::fails
                            : e == 'N' ? expectation::not_applicable
                                       : expectation::unspecified;
  }
}

}  // namespace orderblind::pe::catalogue
