// SPDX-License-Identifier: MIT
#pragma once
/// Text 001 §3.2 ("I love LLMs") with the real softmax, exactly: every output row as a closed form in
/// t = e^(1/2), evaluated to 100 digits and compared with the MPFR path.
#include <string>
#include <vector>

#include "orderblind/compare.hpp"
#include "orderblind/examples/text001.hpp"
#include "orderblind/expfield/layer.hpp"

namespace orderblind::expfield::text001 {

/// Raw scores are integers and d_k = 4: exp(s/2) = t^s with t = e^(1/2) (grid D = 1, d_k = 4).
inline variable t_half() { return variable::for_scores(1, 4); }

/// The §3.2 forward pass in Q(t).
inline attention_trace<element> forward(const Matrix<element>& x) {
  return self_attention_trace<element>(x, examples::text001::weights<element>(), options_for(t_half()));
}

/// Z derived by hand (independent of the library): with V = X W_V = [(1,1,0,0), (2,0,0,1), (1,0,1,0)],
///   row I    = (t²+3, t², 1, 1) / (t²+2)          (weights t⁴, t², t² over t⁴+2t², divided by t²)
///   row love = (2t³+t+1, 1, t, t³) / (t³+t+1)     (weights t², t⁵, t³ divided by t²)
///   row LLMs = (t³+t+2, t, t³, 1) / (t³+t+1)      (weights t³, t², t⁵ divided by t²)
inline Matrix<element> hand_derived_z() {
  const variable v = t_half();
  auto t = [&](long k) { return element::power(v, k); };
  const element d0 = t(2) + 2, d1 = t(3) + t(1) + 1;
  Matrix<element> z(3, 4);
  z << (t(2) + 3) / d0, t(2) / d0, element(1) / d0, element(1) / d0,  //
      (2 * t(3) + t(1) + 1) / d1, element(1) / d1, t(1) / d1, t(3) / d1,  //
      (t(3) + t(1) + 2) / d1, t(1) / d1, t(3) / d1, element(1) / d1;
  return z;
}

/// Row names of X.
inline const char* row_name(int i) {
  static const char* names[] = {"I", "love", "LLMs"};
  return names[i];
}

}  // namespace orderblind::expfield::text001
