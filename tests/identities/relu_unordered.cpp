// SPDX-License-Identifier: MIT
// Must NOT compile: ReLU compares with 0, and Q(t) has no order and supplies no ReLU of its own.
#include "orderblind/layers.hpp"
#include "orderblind/scalar/expfield.hpp"

int main() {
  const orderblind::expfield::element x(3);
  return orderblind::relu(x) == orderblind::expfield::element(3) ? 0 : 1;
}
