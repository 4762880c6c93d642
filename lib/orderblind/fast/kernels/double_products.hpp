// SPDX-License-Identifier: MIT
#pragma once
/// Product kernels for double. Every output entry is the chain of IEEE 754 fusedMultiplyAdd operations
/// s = 0; s = fma(a_i0, b_0j, s); s = fma(a_i1, b_1j, s); … in index order, one rounding per term:
/// the library's definition of a double product (the generic path and the fused head both come here).
// NOTE: fma is exactly specified (the exact a·b + s, rounded once), so every implementation below gives
// the same bits: AVX-512F or AVX2+FMA vectors chosen at run time, and std::fma elsewhere. Vector lanes
// are different output rows, never partial sums of one entry, and each lane runs the k loop in order.
// NOTE: a leaf: it includes Eigen only (Eigen::MatrixXd is orderblind::Matrix<double>), so that
// matrix.hpp can include it and specialise product_kernels<double> with it without a cycle.
#include <cmath>

#include <Eigen/Core>

#include "orderblind/fast/kernels/double_panels.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ORDERBLIND_HAVE_FMA_PRODUCTS 1
#include <immintrin.h>
#endif

namespace orderblind::fast {

/// The implementations of the double products (all give the same bits; `best` picks one per CPU).
enum class double_product_isa {
  portable,  ///< std::fma per term, any CPU
  avx2_fma,  ///< 4 lanes, AVX2 and FMA
  avx512f,   ///< 8 lanes, AVX-512F
};

namespace detail {

/// The portable loops: std::fma per term, in k order.
// NOTE: without FMA instructions std::fma is a library call (glibc emulates it exactly on such CPUs):
// slow, but the same bits; every x86-64 CPU since 2013–2015 takes a vector path instead.
inline void multiply_double_portable(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                     Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index m, double* out) {
  for (Eigen::Index j = 0; j < m; ++j)
    for (Eigen::Index i = 0; i < n; ++i) {
      double s = 0.0;
      for (Eigen::Index t = 0; t < k; ++t) s = std::fma(pa[t * n + i], pb[t * ldb_t + j * ldb_j], s);
      out[j * n + i] = s;
    }
}

}  // namespace detail
}  // namespace orderblind::fast

#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
// NOTE: the operations are written with intrinsics (_mm256_fmadd_pd, _mm512_fmadd_pd): the fusion is
// explicit, never left to the compiler's contraction of x·b + s, and nothing else in these functions
// could be contracted (no other multiply or add).
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace orderblind::fast::detail::avx2_fma {
typedef __m256d V;
constexpr int lanes = 4;
// NOTE: 4 vectors of rows × 3 columns: 12 accumulators of the 16 ymm registers (measured the fastest at
// n = d = 16 and 64 among the shapes tried for the unfused loops, and kept).
constexpr int R = 4, C = 3;
inline V zero() { return _mm256_setzero_pd(); }
inline V set1(double x) { return _mm256_set1_pd(x); }
inline V load(const double* p) { return _mm256_loadu_pd(p); }
inline __m256i first(int count) {
  return _mm256_cmpgt_epi64(_mm256_set1_epi64x(count), _mm256_setr_epi64x(0, 1, 2, 3));
}
/// The first `count` lanes from p, the others 0 (nothing past them is read).
inline V load_first(const double* p, int count) { return _mm256_maskload_pd(p, first(count)); }
inline void store(double* p, V x) { _mm256_storeu_pd(p, x); }
/// The first `count` lanes of x to p (nothing past them is written).
inline void store_first(double* p, V x, int count) { _mm256_maskstore_pd(p, first(count), x); }
inline V fma(V a, V b, V c) { return _mm256_fmadd_pd(a, b, c); }
}  // namespace orderblind::fast::detail::avx2_fma
#define ORDERBLIND_DOUBLE_FMA_ISA avx2_fma
#include "orderblind/fast/kernels/double_products_fma.hpp"
#undef ORDERBLIND_DOUBLE_FMA_ISA
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace orderblind::fast::detail::avx512f {
typedef __m512d V;
constexpr int lanes = 8;
// NOTE: 2 vectors of rows × 8 columns: 16 accumulators of the 32 zmm registers; at n = 16 one tile
// covers every row, and 16 independent chains cover the latency of two FMA pipes.
constexpr int R = 2, C = 8;
inline V zero() { return _mm512_setzero_pd(); }
inline V set1(double x) { return _mm512_set1_pd(x); }
inline V load(const double* p) { return _mm512_loadu_pd(p); }
inline __mmask8 first(int count) { return static_cast<__mmask8>((1u << count) - 1u); }
/// The first `count` lanes from p, the others 0 (masked lanes are not read).
inline V load_first(const double* p, int count) { return _mm512_maskz_loadu_pd(first(count), p); }
inline void store(double* p, V x) { _mm512_storeu_pd(p, x); }
/// The first `count` lanes of x to p (masked lanes are not written).
inline void store_first(double* p, V x, int count) { _mm512_mask_storeu_pd(p, first(count), x); }
inline V fma(V a, V b, V c) { return _mm512_fmadd_pd(a, b, c); }
}  // namespace orderblind::fast::detail::avx512f
#define ORDERBLIND_DOUBLE_FMA_ISA avx512f
#include "orderblind/fast/kernels/double_products_fma.hpp"
#undef ORDERBLIND_DOUBLE_FMA_ISA
#pragma GCC pop_options
#endif

namespace orderblind::fast {

/// Whether this CPU runs `isa` (asked once per set).
inline bool double_product_isa_available(double_product_isa isa) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  static const bool avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  if (isa == double_product_isa::avx2_fma) return avx2_fma;
  if (isa == double_product_isa::avx512f) return avx512;
#endif
  return isa == double_product_isa::portable;
}

/// The implementation multiply_double_into uses on this CPU: AVX-512F, else AVX2+FMA, else portable.
// NOTE: AVX-512F first: on the machine this was tuned on (AMD Zen 5, two full-width 512-bit FMA pipes)
// one 16×16×16 product takes about half the AVX2 time (docs/performance.md).
inline double_product_isa best_double_product_isa() {
  static const double_product_isa best = double_product_isa_available(double_product_isa::avx512f)
                                             ? double_product_isa::avx512f
                                             : double_product_isa_available(double_product_isa::avx2_fma)
                                                   ? double_product_isa::avx2_fma
                                                   : double_product_isa::portable;
  return best;
}

/// multiply_double_into with a given implementation, which the CPU must run
/// (double_product_isa_available); the tests compare every available one.
inline void multiply_double_into_isa(double_product_isa isa, const double* pa, Eigen::Index n, Eigen::Index k,
                                     const double* pb, Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index m,
                                     double* out) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  if (isa == double_product_isa::avx512f) return detail::avx512f::multiply(pa, n, k, pb, ldb_t, ldb_j, m, out);
  if (isa == double_product_isa::avx2_fma) return detail::avx2_fma::multiply(pa, n, k, pb, ldb_t, ldb_j, m, out);
#endif
  (void)isa;
  detail::multiply_double_portable(pa, n, k, pb, ldb_t, ldb_j, m, out);
}

namespace detail {

/// all_finite over vectors V of L lanes: a sum of x − x per lane, two accumulators.
// NOTE: x − x is exactly 0 for every finite x and NaN for ±inf and NaN, and NaN stays NaN through a
// sum: one sum per lane decides the whole array without a branch per entry. Two accumulators, so that
// the loop does not wait out the latency of every addition.
template <class V, int L>
__attribute__((always_inline)) inline bool all_finite_lanes(const double* p, Eigen::Index size) {
  V a0{}, a1{};
  Eigen::Index i = 0;
  for (; i + 2 * L <= size; i += 2 * L) {
    V x0, x1;
    __builtin_memcpy(&x0, p + i, sizeof x0);
    __builtin_memcpy(&x1, p + i + L, sizeof x1);
    a0 += x0 - x0;
    a1 += x1 - x1;
  }
  double rest = 0.0;
  for (; i < size; ++i) rest += p[i] - p[i];
  const V all = a0 + a1;
  bool zero = rest == 0.0;
  for (int l = 0; l < L; ++l) zero = zero && all[l] == 0.0;
  return zero;
}

typedef double v2d_finite __attribute__((vector_size(16)));
/// all_finite over two-lane (SSE2) vectors, any x86-64 CPU.
inline bool all_finite_sse2(const double* p, Eigen::Index size) { return all_finite_lanes<v2d_finite, 2>(p, size); }
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
typedef double v4d_finite __attribute__((vector_size(32)));
typedef double v8d_finite __attribute__((vector_size(64)));
/// all_finite over four-lane vectors; only where the CPU has AVX2.
__attribute__((target("avx2"))) inline bool all_finite_avx2(const double* p, Eigen::Index size) {
  return all_finite_lanes<v4d_finite, 4>(p, size);
}
/// all_finite over eight-lane vectors; only where the CPU has AVX-512F.
__attribute__((target("avx512f"))) inline bool all_finite_avx512f(const double* p, Eigen::Index size) {
  return all_finite_lanes<v8d_finite, 8>(p, size);
}
#endif

}  // namespace detail

/// True when no entry of p[0 .. size) is NaN or ±inf.
// NOTE: the widest vectors the CPU has (the product kernels' choice): the answer does not depend on
// the width, only the number of passes does.
inline bool all_finite(const double* p, Eigen::Index size) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  const double_product_isa isa = best_double_product_isa();
  if (isa == double_product_isa::avx512f) return detail::all_finite_avx512f(p, size);
  if (isa == double_product_isa::avx2_fma) return detail::all_finite_avx2(p, size);
#endif
  return detail::all_finite_sse2(p, size);
}
/// True when no entry of m is NaN or ±inf.
inline bool all_finite(const Eigen::MatrixXd& m) { return all_finite(m.data(), m.size()); }

/// out = a·b (or a·bᵀ) for double into caller-owned storage: a is n×k (column-major, at pa), b is read as
/// b(t, j) = pb[t·ldb_t + j·ldb_j], out is n×m (column-major). Each entry the fma chain in k order.
inline void multiply_double_into(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                 Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index m, double* out) {
  // NOTE: at real sizes the panels (fast/kernels/double_panels.hpp): the same bits, with packed operands that
  // stay in cache. Measured in thread CPU time on the Xeon of docs/performance.md, one thread: 1024×512
  // by 512×512 14.8 ms unpacked, 8.7 ms by panels; 512×512 by 512×64 0.84 and 0.62 ms. With a short
  // inner dimension or few rows the unpacked tiles win (1024×64 by 64×1024: 2.0 against 2.8 ms).
  if (n * k * m >= large_product_min_terms && k >= 256 && n >= 256 && best_large_head_isa() != large_head_isa::none)
    return multiply_double_panels(best_large_head_isa(), pa, n, k, pb, ldb_t, ldb_j, m, out,
                                  n * k * m >= large_product_min_threaded_terms ? large_head_threads() : 1);
  multiply_double_into_isa(best_double_product_isa(), pa, n, k, pb, ldb_t, ldb_j, m, out);
}

/// a·b (or a·bᵀ) for double: each entry the fma chain in k order.
inline Eigen::MatrixXd multiply_double(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b, bool b_transposed) {
  const Eigen::Index n = a.rows(), k = a.cols(), m = b_transposed ? b.rows() : b.cols();
  Eigen::MatrixXd out(n, m);
  multiply_double_into(a.data(), n, k, b.data(), b_transposed ? b.rows() : 1, b_transposed ? 1 : b.rows(), m,
                       out.data());
  return out;
}

}  // namespace orderblind::fast
