// SPDX-License-Identifier: MIT
// The library's attention as a proof subject.
#include "attention_subject.hpp"

namespace orderblind::proofs {

attention_subject library_attention() {
  return {"orderblind::cross_attention_trace",
          [](const Matrix<Q>& y, const Matrix<Q>& c, const head_weights<Q>& w, const Q& scale) {
            attention_options<Q> opt;
            opt.scale = scale;
            return cross_attention_trace<Q, rational_kernel>(y, c, w, opt);
          },
          [](const Matrix<R>& y, const Matrix<R>& c, const head_weights<R>& w, const R& scale, summation how) {
            attention_options<R> opt;
            opt.scale = scale;
            opt.sum = how;
            return cross_attention_trace<R, softmax_kernel>(y, c, w, opt);
          }};
}

}  // namespace orderblind::proofs
