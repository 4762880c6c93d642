// SPDX-License-Identifier: MIT
// Must NOT compile: a type without scalar_traits is not a Scalar.
#include "orderblind/attention.hpp"

struct not_a_scalar {};

int main() {
  orderblind::Matrix<not_a_scalar> x;
  orderblind::head_weights<not_a_scalar> w;
  (void)orderblind::self_attention(x, w);
}
