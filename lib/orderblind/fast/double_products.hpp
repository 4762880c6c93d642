#pragma once
/// Product kernels for double that give bit-for-bit the results of the
/// generic loops (every output entry is 0 + a_i0·b_0j + a_i1·b_1j + … in index order, each product
/// and sum rounded once) without their overheads.
// NOTE: double: the loops run j, k, then i innermost, so that the innermost loop walks a column of
// the column-major operands and vectorises; each out(i, j) still receives its terms in k order, so
// the rounding sequence of every entry is unchanged.
#include "orderblind/matrix.hpp"

namespace orderblind::fast {

/// a·b (or a·bᵀ) for double, bitwise equal to the generic loops.
inline Matrix<double> multiply_double(const Matrix<double>& a, const Matrix<double>& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Matrix<double> out(n, m);
  const double* pa = a.data();
  // NOTE: explicit 4-wide vectors (GCC/Clang vector extension: SSE2 pairs, or AVX where enabled),
  // so that the loop is vectorised at -O2 too; lanes are independent outputs, never partial sums.
  typedef double v4 __attribute__((vector_size(32)));
  const Eigen::Index n4 = n - n % 4;
  for (Eigen::Index j = 0; j < m; ++j) {
    double* oj = out.data() + j * n;
    for (Eigen::Index i = 0; i < n4; i += 4) {
      v4 acc = {0.0, 0.0, 0.0, 0.0};
      for (Eigen::Index t = 0; t < k; ++t) {
        const double btj = b_transposed ? b(j, t) : b(t, j);
        v4 at;
        __builtin_memcpy(&at, pa + t * n + i, sizeof at);
        acc += at * btj;
      }
      __builtin_memcpy(oj + i, &acc, sizeof acc);
    }
    for (Eigen::Index i = n4; i < n; ++i) {
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
