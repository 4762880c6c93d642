// SPDX-License-Identifier: MIT
#pragma once
/// Proof 3.7 (text 001, §3.7): why not a counter. The score's four-term expansion; with p_m = m𝟙 the
/// position term collapses to c·m·n; the three pairs three apart; the ranking needs c > 0; and the
/// exercise "find a pair three apart scoring 1600c" has no solution.
#include <functional>

#include "attention_subject.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// The counter encoding under proof: row vector p_m of width d (the library's: m·𝟙).
struct counter_subject {
  std::string name;
  std::function<Matrix<Q>(long m, Eigen::Index d)> encode;
};
/// orderblind::pe::counter.
counter_subject library_counter();

/// Runs 3.7.
verify::check prove_37(const run_config& cfg, const counter_subject& subject = library_counter());

}  // namespace orderblind::proofs
