#pragma once
/// Product kernels for double that give bit-for-bit the results of the
/// generic loops (every output entry is 0 + a_i0·b_0j + a_i1·b_1j + … in index order, each product
/// and sum rounded once) without their overheads.
// NOTE: the loops run j, then blocks of i, then k, so that the innermost loop walks a column of
// the column-major operands and vectorises; each out(i, j) still receives its terms in k order, so
// the rounding sequence of every entry is unchanged. Vector lanes are separate output rows, never
// partial sums of one entry.
#include "orderblind/matrix.hpp"

namespace orderblind::fast {

namespace detail {

typedef double v2d __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));

/// The product loops over vectors V of `lanes` doubles: blocks of four vectors of output rows, then
/// single vectors, then single rows.
template <class V, int lanes>
__attribute__((always_inline)) inline void multiply_double_body(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                const Matrix<double>& b, bool b_transposed,
                                                                Eigen::Index m, double* out) {
  constexpr Eigen::Index block = 4 * lanes;
  const auto bt = [&](Eigen::Index t, Eigen::Index j) { return b_transposed ? b(j, t) : b(t, j); };
  for (Eigen::Index j = 0; j < m; ++j) {
    double* oj = out + j * n;
    Eigen::Index i = 0;
    for (; i + block <= n; i += block) {
      V s0 = {}, s1 = s0, s2 = s0, s3 = s0;
      for (Eigen::Index t = 0; t < k; ++t) {
        const double btj = bt(t, j);
        V bb;
        for (int l = 0; l < lanes; ++l) bb[l] = btj;
        const double* at = pa + t * n + i;
        V x0, x1, x2, x3;
        __builtin_memcpy(&x0, at, sizeof(V));
        __builtin_memcpy(&x1, at + lanes, sizeof(V));
        __builtin_memcpy(&x2, at + 2 * lanes, sizeof(V));
        __builtin_memcpy(&x3, at + 3 * lanes, sizeof(V));
        s0 += x0 * bb;
        s1 += x1 * bb;
        s2 += x2 * bb;
        s3 += x3 * bb;
      }
      __builtin_memcpy(oj + i, &s0, sizeof(V));
      __builtin_memcpy(oj + i + lanes, &s1, sizeof(V));
      __builtin_memcpy(oj + i + 2 * lanes, &s2, sizeof(V));
      __builtin_memcpy(oj + i + 3 * lanes, &s3, sizeof(V));
    }
    for (; i + lanes <= n; i += lanes) {
      V s0 = {};
      for (Eigen::Index t = 0; t < k; ++t) {
        const double btj = bt(t, j);
        V bb;
        for (int l = 0; l < lanes; ++l) bb[l] = btj;
        V x0;
        __builtin_memcpy(&x0, pa + t * n + i, sizeof(V));
        s0 += x0 * bb;
      }
      __builtin_memcpy(oj + i, &s0, sizeof(V));
    }
    for (; i < n; ++i) {
      double s = 0.0;
      for (Eigen::Index t = 0; t < k; ++t) s += pa[t * n + i] * bt(t, j);
      oj[i] = s;
    }
  }
}

inline void multiply_double_sse2(const double* pa, Eigen::Index n, Eigen::Index k, const Matrix<double>& b,
                                 bool b_transposed, Eigen::Index m, double* out) {
  multiply_double_body<v2d, 2>(pa, n, k, b, b_transposed, m, out);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ORDERBLIND_HAVE_AVX2_PRODUCTS 1
// NOTE: "avx2" and not "avx2,fma": without FMA instructions the compiler cannot contract x·b + s into
// one fused rounding, so each lane keeps the generic loop's two roundings per term. (AVX-512F carries
// its own FMA instructions, so it is not used here.)
__attribute__((target("avx2"))) inline void multiply_double_avx2(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                 const Matrix<double>& b, bool b_transposed,
                                                                 Eigen::Index m, double* out) {
  multiply_double_body<v4d, 4>(pa, n, k, b, b_transposed, m, out);
}

/// Whether this CPU runs AVX2 (asked once).
inline bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

}  // namespace detail

/// a·b (or a·bᵀ) for double, bitwise equal to the generic loops; AVX2 where the CPU has it, else SSE2.
inline Matrix<double> multiply_double(const Matrix<double>& a, const Matrix<double>& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Matrix<double> out(n, m);
#ifdef ORDERBLIND_HAVE_AVX2_PRODUCTS
  if (detail::cpu_has_avx2()) {
    detail::multiply_double_avx2(a.data(), n, k, b, b_transposed, m, out.data());
    return out;
  }
#endif
  detail::multiply_double_sse2(a.data(), n, k, b, b_transposed, m, out.data());
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
