// SPDX-License-Identifier: MIT
#pragma once
/// Product kernels for double that give bit-for-bit the results of the
/// generic loops (every output entry is 0 + a_i0·b_0j + a_i1·b_1j + … in index order, each product
/// and sum rounded once) without their overheads.
// NOTE: the loops run j, then blocks of i, then k, so that the innermost loop walks a column of
// the column-major operands and vectorises; each out(i, j) still receives its terms in k order, so
// the rounding sequence of every entry is unchanged. Vector lanes are separate output rows, never
// partial sums of one entry.
// NOTE: a leaf: it includes Eigen only (Eigen::MatrixXd is orderblind::Matrix<double>), so that
// matrix.hpp can include it and specialise product_kernels<double> with it without a cycle.
#include <Eigen/Core>

namespace orderblind::fast {

namespace detail {

typedef double v2d __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));

/// out(i, j) for the rows [i, i + R·lanes) and the columns [j, j + C): R·C independent accumulators, so
/// the additions of different entries overlap instead of waiting out each other's latency.
template <class V, int lanes, int R, int C>
__attribute__((always_inline)) inline void multiply_double_tile(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                const double* pb, Eigen::Index ldb_t, Eigen::Index ldb_j,
                                                                Eigen::Index i, Eigen::Index j, double* out) {
  V s[C][R];
#pragma GCC unroll 8
  for (int c = 0; c < C; ++c)
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) s[c][r] = V{};
  for (Eigen::Index t = 0; t < k; ++t) {
    const double* at = pa + t * n + i;
    V x[R];
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) __builtin_memcpy(&x[r], at + r * lanes, sizeof(V));
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c) {
      const double btj = pb[t * ldb_t + (j + c) * ldb_j];
      V bb;
#pragma GCC unroll 8
      for (int l = 0; l < lanes; ++l) bb[l] = btj;
#pragma GCC unroll 8
      for (int r = 0; r < R; ++r) {
        V p = x[r] * bb;
        // NOTE: the empty asm keeps the product in a register of its own, so that GCC cannot fuse
        // x·b + s into one rounding even where the target has FMA instructions (-ffp-contract=fast is
        // its default in the GNU dialects). It costs no instruction. Clang contracts only within one
        // expression by default, and p and the sum are two.
#if defined(__GNUC__) && !defined(__clang__)
        __asm__("" : "+x"(p));
#endif
        s[c][r] += p;
      }
    }
  }
#pragma GCC unroll 8
  for (int c = 0; c < C; ++c)
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) __builtin_memcpy(out + (j + c) * n + i + r * lanes, &s[c][r], sizeof(V));
}

/// The rows [i0, n) of the columns [j, j + C): vectors of `lanes` rows, then single rows.
template <class V, int lanes, int C>
__attribute__((always_inline)) inline void multiply_double_rest(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                const double* pb, Eigen::Index ldb_t, Eigen::Index ldb_j,
                                                                Eigen::Index i0, Eigen::Index j, double* out) {
  Eigen::Index i = i0;
  for (; i + lanes <= n; i += lanes) multiply_double_tile<V, lanes, 1, C>(pa, n, k, pb, ldb_t, ldb_j, i, j, out);
  for (; i < n; ++i)
    for (int c = 0; c < C; ++c) {
      double s = 0.0;
      for (Eigen::Index t = 0; t < k; ++t) s += pa[t * n + i] * pb[t * ldb_t + (j + c) * ldb_j];
      out[(j + c) * n + i] = s;
    }
}

/// The product loops over vectors V of `lanes` doubles: groups of C output columns, and in each
/// blocks of R vectors of output rows, then single vectors, then single rows; the columns left over
/// one at a time.
// NOTE: b(t, j) sits at pb[t·ldb_t + j·ldb_j]: (1, rows) for a column-major b, (rows, 1) for its transpose.
template <class V, int lanes, int R, int C>
__attribute__((always_inline)) inline void multiply_double_body(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                const double* pb, Eigen::Index ldb_t,
                                                                Eigen::Index ldb_j, Eigen::Index m, double* out) {
  constexpr Eigen::Index block = R * lanes;
  Eigen::Index j = 0;
  for (; j + C <= m; j += C) {
    Eigen::Index i = 0;
    for (; i + block <= n; i += block) multiply_double_tile<V, lanes, R, C>(pa, n, k, pb, ldb_t, ldb_j, i, j, out);
    multiply_double_rest<V, lanes, C>(pa, n, k, pb, ldb_t, ldb_j, i, j, out);
  }
  for (; j < m; ++j) {
    Eigen::Index i = 0;
    for (; i + block <= n; i += block) multiply_double_tile<V, lanes, R, 1>(pa, n, k, pb, ldb_t, ldb_j, i, j, out);
    multiply_double_rest<V, lanes, 1>(pa, n, k, pb, ldb_t, ldb_j, i, j, out);
  }
}

// NOTE: SSE2 (two lanes): 4 vectors of rows × 2 columns, 8 accumulators; AVX2 (four lanes): 4 × 3, 12
// accumulators. Both measured fastest at n = d = 16 and 64 among the shapes tried (docs/performance.md).
inline void multiply_double_sse2_raw(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                     Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index m, double* out) {
  multiply_double_body<v2d, 2, 4, 2>(pa, n, k, pb, ldb_t, ldb_j, m, out);
}
/// The SSE2 loops on a matrix b (or its transpose).
inline void multiply_double_sse2(const double* pa, Eigen::Index n, Eigen::Index k, const Eigen::MatrixXd& b,
                                 bool b_transposed, Eigen::Index m, double* out) {
  multiply_double_sse2_raw(pa, n, k, b.data(), b_transposed ? b.rows() : 1, b_transposed ? 1 : b.rows(), m, out);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ORDERBLIND_HAVE_AVX2_PRODUCTS 1
// NOTE: "avx2" and not "avx2,fma": without FMA instructions the compiler cannot contract x·b + s into
// one fused rounding, so each lane keeps the generic loop's two roundings per term (the empty asm in
// multiply_double_tile guards the vector lanes as well). AVX-512F is not used: it brings FMA
// instructions, which GCC then contracts into in the scalar tail (measured: different bits at n = 17),
// and its 512-bit loops measured slower than AVX2 on this machine.
__attribute__((target("avx2"))) inline void multiply_double_avx2_raw(const double* pa, Eigen::Index n, Eigen::Index k,
                                                                     const double* pb, Eigen::Index ldb_t,
                                                                     Eigen::Index ldb_j, Eigen::Index m, double* out) {
  multiply_double_body<v4d, 4, 4, 3>(pa, n, k, pb, ldb_t, ldb_j, m, out);
}
/// The AVX2 loops on a matrix b (or its transpose); only where cpu_has_avx2().
inline void multiply_double_avx2(const double* pa, Eigen::Index n, Eigen::Index k, const Eigen::MatrixXd& b,
                                 bool b_transposed, Eigen::Index m, double* out) {
  multiply_double_avx2_raw(pa, n, k, b.data(), b_transposed ? b.rows() : 1, b_transposed ? 1 : b.rows(), m, out);
}

/// Whether this CPU runs AVX2 (asked once).
inline bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

}  // namespace detail

/// True when no entry of p[0 .. size) is NaN or ±inf.
inline bool all_finite(const double* p, Eigen::Index size) {
  // NOTE: x − x is exactly 0 for every finite x and NaN for ±inf and NaN, and NaN stays NaN through a
  // sum: one two-lane sum decides the whole matrix without a branch per entry.
  // Four accumulators: one would make the loop wait out the latency of every addition.
  typedef double v2 __attribute__((vector_size(16)));
  v2 a0 = {0.0, 0.0}, a1 = a0, a2 = a0, a3 = a0;
  Eigen::Index i = 0;
  for (; i + 8 <= size; i += 8) {
    v2 x0, x1, x2, x3;
    __builtin_memcpy(&x0, p + i, sizeof x0);
    __builtin_memcpy(&x1, p + i + 2, sizeof x1);
    __builtin_memcpy(&x2, p + i + 4, sizeof x2);
    __builtin_memcpy(&x3, p + i + 6, sizeof x3);
    a0 += x0 - x0;
    a1 += x1 - x1;
    a2 += x2 - x2;
    a3 += x3 - x3;
  }
  double rest = 0.0;
  for (; i < size; ++i) rest += p[i] - p[i];
  const v2 all = (a0 + a1) + (a2 + a3);
  return all[0] == 0.0 && all[1] == 0.0 && rest == 0.0;
}
/// True when no entry of m is NaN or ±inf.
inline bool all_finite(const Eigen::MatrixXd& m) { return all_finite(m.data(), m.size()); }

/// out = a·b (or a·bᵀ) for double into caller-owned storage: a is n×k (column-major, at pa), b is read as
/// b(t, j) = pb[t·ldb_t + j·ldb_j], out is n×m (column-major). Bitwise equal to the generic loops; AVX2
/// where the CPU has it, else SSE2.
inline void multiply_double_into(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                 Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index m, double* out) {
#ifdef ORDERBLIND_HAVE_AVX2_PRODUCTS
  if (detail::cpu_has_avx2()) {
    detail::multiply_double_avx2_raw(pa, n, k, pb, ldb_t, ldb_j, m, out);
    return;
  }
#endif
  detail::multiply_double_sse2_raw(pa, n, k, pb, ldb_t, ldb_j, m, out);
}

/// a·b (or a·bᵀ) for double, bitwise equal to the generic loops; AVX2 where the CPU has it, else SSE2.
inline Eigen::MatrixXd multiply_double(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Eigen::MatrixXd out(n, m);
  multiply_double_into(a.data(), n, k, b.data(), b_transposed ? b.rows() : 1, b_transposed ? 1 : b.rows(), m,
                       out.data());
  return out;
}

}  // namespace orderblind::fast
