// SPDX-License-Identifier: MIT
// Must NOT compile: mpq_rational's products are specialised in orderblind/scalar/multiprecision.hpp; a unit
// with the types only (scalar.hpp) and matrix.hpp would run the generic loops in their place (an ODR
// violation beside any unit that has the specialisation), so matrix.hpp refuses, naming the header.
#include "orderblind/matrix.hpp"
#include "orderblind/scalar.hpp"

int main() {
  orderblind::Matrix<orderblind::mpq_rational> a(1, 1);
  a(0, 0) = 2;
  return orderblind::multiply(a, a)(0, 0) == 4 ? 0 : 1;
}
