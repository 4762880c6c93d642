// SPDX-License-Identifier: MIT
// Must NOT compile: the sinusoid needs sin and cos, which the exact rationals do not have.
#include "orderblind/positional.hpp"
#include "orderblind/scalar.hpp"

int main() { return orderblind::pe::sinusoidal<orderblind::mpq_rational>(3, 2).rows() == 3 ? 0 : 1; }
