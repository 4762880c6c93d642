#pragma once
/// Product kernels for double that give bit-for-bit the results of the
/// generic loops (every output entry is 0 + a_i0·b_0j + a_i1·b_1j + … in index order, each product
/// and sum rounded once) without their overheads.
// NOTE: the loops run j, then blocks of i, then k, so that the innermost loop walks a column of
// the column-major operands and vectorises; each out(i, j) still receives its terms in k order, so
// the rounding sequence of every entry is unchanged.
#include "orderblind/matrix.hpp"

namespace orderblind::fast {

/// a·b (or a·bᵀ) for double, bitwise equal to the generic loops.
inline Matrix<double> multiply_double(const Matrix<double>& a, const Matrix<double>& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Matrix<double> out(n, m);
  const double* pa = a.data();
  // NOTE: SSE2-width vectors (GCC/Clang vector extension), four of them per step: eight independent
  // output rows accumulate side by side; lanes are separate outputs, never partial sums of one.
  typedef double v2 __attribute__((vector_size(16)));
  const Eigen::Index n8 = n - n % 8;
  for (Eigen::Index j = 0; j < m; ++j) {
    double* oj = out.data() + j * n;
    for (Eigen::Index i = 0; i < n8; i += 8) {
      v2 s0 = {0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0;
      for (Eigen::Index t = 0; t < k; ++t) {
        const double btj = b_transposed ? b(j, t) : b(t, j);
        const v2 bb = {btj, btj};
        const double* at = pa + t * n + i;
        v2 x0, x1, x2, x3;
        __builtin_memcpy(&x0, at, 16);
        __builtin_memcpy(&x1, at + 2, 16);
        __builtin_memcpy(&x2, at + 4, 16);
        __builtin_memcpy(&x3, at + 6, 16);
        s0 += x0 * bb;
        s1 += x1 * bb;
        s2 += x2 * bb;
        s3 += x3 * bb;
      }
      __builtin_memcpy(oj + i, &s0, 16);
      __builtin_memcpy(oj + i + 2, &s1, 16);
      __builtin_memcpy(oj + i + 4, &s2, 16);
      __builtin_memcpy(oj + i + 6, &s3, 16);
    }
    for (Eigen::Index i = n8; i < n; ++i) {
      double s = 0.0;
      for (Eigen::Index t = 0; t < k; ++t) s += pa[t * n + i] * (b_transposed ? b(j, t) : b(t, j));
      oj[i] = s;
    }
  }
  return out;
}

}  // namespace orderblind::fast

namespace orderblind {

/// double: the generic summation order, vectorised over the rows (see fast/double_products.hpp).
template <>
struct product_kernels<double> {
  static Matrix<double> multiply(const Matrix<double>& a, const Matrix<double>& b) {
    return fast::multiply_double(a, b, false);
  }
  static Matrix<double> multiply_transposed(const Matrix<double>& a, const Matrix<double>& b) {
    return fast::multiply_double(a, b, true);
  }
};

}  // namespace orderblind
