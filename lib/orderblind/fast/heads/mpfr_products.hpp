// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// Product kernels for fixed-precision MPFR reals that give bit-for-bit the results of the generic
/// loops (every output entry is 0 + a_i0·b_0j + a_i1·b_1j + … in index order, each product and sum
/// rounded to nearest once) without their overheads.
// NOTE: the generic loop allocates and frees a temporary for every a·b; here one scratch value serves
// every product, and the sum is swapped into the output instead of copied.
#include <mpfr.h>

#include "orderblind/matrix.hpp"

namespace orderblind::fast {

/// a·b (or a·bᵀ) for a fixed-precision MPFR number type R, bitwise equal to the generic loops.
template <class R>
Matrix<R> multiply_mpfr(const Matrix<R>& a, const Matrix<R>& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Matrix<R> out(n, m);
  if (n == 0 || m == 0) return out;
  const mpfr_prec_t prec = mpfr_get_prec(out(0, 0).backend().data());
  mpfr_t s, t;
  mpfr_init2(s, prec);
  mpfr_init2(t, prec);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) {
      mpfr_set_ui(s, 0, MPFR_RNDN);
      for (Eigen::Index x = 0; x < k; ++x) {
        mpfr_mul(t, a(i, x).backend().data(), (b_transposed ? b(j, x) : b(x, j)).backend().data(), MPFR_RNDN);
        mpfr_add(s, s, t, MPFR_RNDN);
      }
      mpfr_swap(s, out(i, j).backend().data());
    }
  mpfr_clear(s);
  mpfr_clear(t);
  return out;
}

}  // namespace orderblind::fast
