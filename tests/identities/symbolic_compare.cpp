// SPDX-License-Identifier: MIT
// Must NOT compile: a comparison of symbolic values (here the maximum inside max_abs_difference) would
// branch on the value of a symbol; the symbolic scalar has no order.
#include "orderblind/compare.hpp"
#include "orderblind/scalar/symbolic.hpp"

int main() {
  using S = orderblind::symbolic::expr;
  orderblind::Matrix<S> a(1, 1), b(1, 1);
  a(0, 0) = S::symbol("a");
  b(0, 0) = S::symbol("b");
  return orderblind::max_abs_difference(a, b) == S(0) ? 0 : 1;
}
