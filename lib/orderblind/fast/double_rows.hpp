// SPDX-License-Identifier: MIT
#pragma once
/// Row gathers for double matrices in column-major storage: out row i = in row rows[i], the
/// copy that permutation::apply_rows makes, into caller-owned storage and with vector gathers where
/// the CPU has them (a copy: every implementation gives the same bits).
// NOTE: a leaf like double_products.hpp (Eigen and that header only). Each column of the output is one
// gather per vector of rows with the same index vector, so the indices are loaded once per vector of rows.
#include <Eigen/Core>

#include "orderblind/fast/double_products.hpp"

namespace orderblind::fast {

namespace detail {

/// The portable loop: out[c·n + i] = in[c·n + rows[i]].
inline void gather_rows_portable(const double* in, Eigen::Index n, Eigen::Index cols, const Eigen::Index* rows,
                                 Eigen::Index from, double* out) {
  for (Eigen::Index c = 0; c < cols; ++c)
    for (Eigen::Index i = from; i < n; ++i) out[c * n + i] = in[c * n + rows[i]];
}

}  // namespace detail
}  // namespace orderblind::fast

#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
#pragma GCC push_options
#pragma GCC target("avx2")
namespace orderblind::fast::detail {
/// gather_rows with four-lane AVX2 gathers (rows past the last whole vector by the portable loop).
inline void gather_rows_avx2(const double* in, Eigen::Index n, Eigen::Index cols, const Eigen::Index* rows,
                             double* out) {
  static_assert(sizeof(Eigen::Index) == sizeof(long long), "64-bit row indices");
  Eigen::Index i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m256i idx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + i));
    for (Eigen::Index c = 0; c < cols; ++c) _mm256_storeu_pd(out + c * n + i, _mm256_i64gather_pd(in + c * n, idx, 8));
  }
  gather_rows_portable(in, n, cols, rows, i, out);
}
}  // namespace orderblind::fast::detail
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f")
namespace orderblind::fast::detail {
/// gather_rows with eight-lane AVX-512F gathers (rows past the last whole vector by the portable loop).
inline void gather_rows_avx512f(const double* in, Eigen::Index n, Eigen::Index cols, const Eigen::Index* rows,
                                double* out) {
  Eigen::Index i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512i idx = _mm512_loadu_si512(rows + i);
    for (Eigen::Index c = 0; c < cols; ++c) _mm512_storeu_pd(out + c * n + i, _mm512_i64gather_pd(idx, in + c * n, 8));
  }
  gather_rows_portable(in, n, cols, rows, i, out);
}
}  // namespace orderblind::fast::detail
#pragma GCC pop_options
#endif

namespace orderblind::fast {

/// out = the n×cols matrix at `in` (column-major) with its rows taken in the order `rows`: out row i is
/// in row rows[i], every rows[i] in [0, n). `out` must not overlap `in`. The implementation is the
/// product kernels' choice for this CPU (the same copy whichever runs).
inline void gather_rows(const double* in, Eigen::Index n, Eigen::Index cols, const Eigen::Index* rows, double* out,
                        double_product_isa isa = best_double_product_isa()) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  if (isa == double_product_isa::avx512f) return detail::gather_rows_avx512f(in, n, cols, rows, out);
  if (isa == double_product_isa::avx2_fma) return detail::gather_rows_avx2(in, n, cols, rows, out);
#endif
  (void)isa;
  detail::gather_rows_portable(in, n, cols, rows, 0, out);
}

}  // namespace orderblind::fast
