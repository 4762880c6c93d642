// SPDX-License-Identifier: MIT
// NOTE: no #pragma once on purpose: double_products.hpp includes this body once per instruction set,
// each time under that set's `#pragma GCC target` and with ORDERBLIND_DOUBLE_FMA_ISA naming the namespace
// (orderblind::fast::detail::<isa>) that already holds the set's vector type V, `lanes`, the tile shape
// R × C and the operations zero, set1, load, load_first, store, store_first and fma. GCC compiles a
// template with the target in force where it is defined, and an intrinsic only inlines into a function
// of its own target, so one shared body has to be defined twice rather than instantiated twice.
#ifndef ORDERBLIND_DOUBLE_FMA_ISA
#error "double_products_fma.hpp is included by double_products.hpp only"
#endif

namespace orderblind::fast::detail::ORDERBLIND_DOUBLE_FMA_ISA {

/// out(i, j) for the rows [i, i + RR·lanes) (the last vector holding only `last` rows) and the columns
/// [j, j + CC): RR·CC independent accumulators, each entry's terms fused in k order.
template <int RR, int CC>
__attribute__((always_inline)) inline void tile(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                                Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index i, Eigen::Index j,
                                                double* out, int last) {
  V s[CC][RR];
#pragma GCC unroll 16
  for (int c = 0; c < CC; ++c)
#pragma GCC unroll 16
    for (int r = 0; r < RR; ++r) s[c][r] = zero();
  for (Eigen::Index t = 0; t < k; ++t) {
    const double* at = pa + t * n + i;
    V x[RR];
#pragma GCC unroll 16
    for (int r = 0; r < RR; ++r) x[r] = r + 1 < RR || last == lanes ? load(at + r * lanes) : load_first(at + r * lanes, last);
#pragma GCC unroll 16
    for (int c = 0; c < CC; ++c) {
      const V b = set1(pb[t * ldb_t + (j + c) * ldb_j]);
#pragma GCC unroll 16
      for (int r = 0; r < RR; ++r) s[c][r] = fma(x[r], b, s[c][r]);
    }
  }
#pragma GCC unroll 16
  for (int c = 0; c < CC; ++c)
#pragma GCC unroll 16
    for (int r = 0; r < RR; ++r) {
      double* o = out + (j + c) * n + i + r * lanes;
      if (r + 1 < RR || last == lanes)
        store(o, s[c][r]);
      else
        store_first(o, s[c][r], last);
    }
}

/// Every row of the columns [j, j + CC): blocks of R vectors, then single vectors, then one partial vector.
template <int CC>
__attribute__((always_inline)) inline void columns(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb,
                                                   Eigen::Index ldb_t, Eigen::Index ldb_j, Eigen::Index j, double* out) {
  Eigen::Index i = 0;
  for (; i + R * lanes <= n; i += R * lanes) tile<R, CC>(pa, n, k, pb, ldb_t, ldb_j, i, j, out, lanes);
  for (; i + lanes <= n; i += lanes) tile<1, CC>(pa, n, k, pb, ldb_t, ldb_j, i, j, out, lanes);
  if (i < n) tile<1, CC>(pa, n, k, pb, ldb_t, ldb_j, i, j, out, static_cast<int>(n - i));
}

/// out = a·b as in multiply_double_into: groups of C output columns, then groups of 2, then single ones.
inline void multiply(const double* pa, Eigen::Index n, Eigen::Index k, const double* pb, Eigen::Index ldb_t,
                     Eigen::Index ldb_j, Eigen::Index m, double* out) {
  Eigen::Index j = 0;
  for (; j + C <= m; j += C) columns<C>(pa, n, k, pb, ldb_t, ldb_j, j, out);
  for (; j + 2 <= m; j += 2) columns<2>(pa, n, k, pb, ldb_t, ldb_j, j, out);
  for (; j < m; ++j) columns<1>(pa, n, k, pb, ldb_t, ldb_j, j, out);
}

}  // namespace orderblind::fast::detail::ORDERBLIND_DOUBLE_FMA_ISA
