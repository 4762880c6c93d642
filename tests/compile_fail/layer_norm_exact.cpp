// SPDX-License-Identifier: MIT
// Must NOT compile: LayerNorm needs sqrt, which the exact rationals do not have.
#include "orderblind/layers.hpp"
#include "orderblind/scalar.hpp"

int main() {
  orderblind::Matrix<orderblind::mpq_rational> x(1, 2);
  x << 1, 2;
  return orderblind::layer_norm(x).rows() == 1 ? 0 : 1;
}
