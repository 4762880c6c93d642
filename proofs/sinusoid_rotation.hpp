// SPDX-License-Identifier: MIT
#pragma once
/// Proof 4 (text 000, §4; text 003): the sinusoid is bounded and length-consistent, pos/length is not
/// (3/5 vs 3/50); shifting by k is one fixed rotation, PE(p+k) = R(k)·PE(p); with M = I the position
/// score depends on m − n only, with a general M it does not.
#include <functional>

#include "attention_subject.hpp"
#include "proof.hpp"

namespace orderblind::proofs {

/// The shift map under proof: the 2×2 block acting on one (sin, cos) pair, from cos kω and sin kω.
struct rotation_subject {
  std::string name;
  std::function<Matrix<Q>(const Q& cos_k, const Q& sin_k)> exact;
  std::function<Matrix<R>(const R& cos_k, const R& sin_k)> real;
};
/// The texts' matrix [[cos kω, sin kω], [−sin kω, cos kω]] (text 000 §4, text 003).
rotation_subject text_rotation();

/// Runs 4.
verify::check prove_4(const run_config& cfg, const rotation_subject& subject = text_rotation());

}  // namespace orderblind::proofs
