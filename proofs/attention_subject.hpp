// SPDX-License-Identifier: MIT
#pragma once
/// The attention a proof is run against: the library's, or (in the tests) a deliberately broken one.
#include <functional>
#include <string>

#include "orderblind/attention.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind::proofs {

using Q = mpq_rational;  ///< the exact arithmetic of the proofs
using R = mpfr100;       ///< the real arithmetic of the steps that need exp, sin, cos

/// One attention head as a proof sees it: queries from Y, keys and values from C (self-attention: Y = C).
struct attention_subject {
  std::string name;
  /// Exact attention with the rational kernel φ(s) = 1 + s + s²/2.
  std::function<attention_trace<Q>(const Matrix<Q>& y, const Matrix<Q>& c, const head_weights<Q>& w,
                                   const Q& scale)>
      exact;
  /// Softmax attention in mpfr100 with the given summation over the sequence axis.
  std::function<attention_trace<R>(const Matrix<R>& y, const Matrix<R>& c, const head_weights<R>& w,
                                   const R& scale, summation how)>
      real;
};

/// orderblind's own cross_attention_trace (rational kernel; softmax in mpfr100).
attention_subject library_attention();

}  // namespace orderblind::proofs
