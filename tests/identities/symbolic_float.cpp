// SPDX-License-Identifier: MIT
// Must NOT compile: a floating constant would enter GiNaC as a float, and then x·S(1 + 1e-25) == x.
#include "orderblind/scalar/symbolic.hpp"

int main() {
  const orderblind::symbolic::expr x = orderblind::symbolic::expr::symbol("x");
  return x * orderblind::symbolic::expr(1 + 1e-25) == x ? 0 : 1;
}
