// SPDX-License-Identifier: MIT
#pragma once
/// Vectorised maxima for double arrays: max |m_ij| and max |a_ij − b_ij|, the same values as
/// orderblind::max_abs and orderblind::max_abs_difference return for finite inputs, either for inputs
/// known to be finite (fast::all_finite) or with the finiteness test folded into the same pass
/// (max_abs_difference_checked). Callers take the generic functions otherwise (they name NaN and
/// infinities).
// NOTE: the maximum of finite non-NaN values is exact and does not depend on the order the values are
// met in (|x| of −0 is −0 here, and −0 never replaces the starting +0 nor a larger value, so max has no
// signed-zero tie either): any lane split gives the same result. a − b of two finite doubles may
// overflow to ±∞ but is never NaN, so the maximum stays well defined.
#include <Eigen/Core>

#include "orderblind/fast/kernels/double_products.hpp"

namespace orderblind::fast {

namespace detail {

/// max over i of |p[i] − (q ? q[i] : 0)| over vectors V of L lanes, two accumulators; when `finite`
/// is given, *finite = whether every difference (every p[i] when q is null) is finite.
// NOTE: d − d is 0 for a finite d and NaN otherwise, and NaN survives a sum: the finiteness test is one
// subtraction and one addition per lane, without a branch. A non-finite a_ij or b_ij always gives a
// non-finite difference (±∞ − x is ±∞ or NaN, NaN − x is NaN), so "every difference finite" implies
// "every entry finite"; the converse fails only when a difference of finite entries overflows.
template <class V, int L>
__attribute__((always_inline)) inline double max_abs_lanes(const double* p, const double* q, Eigen::Index size,
                                                           bool* finite) {
  const V z{};
  V m0{}, m1{}, f0{}, f1{};
  Eigen::Index i = 0;
  for (; i + 2 * L <= size; i += 2 * L) {
    V x0, x1;
    __builtin_memcpy(&x0, p + i, sizeof x0);
    __builtin_memcpy(&x1, p + i + L, sizeof x1);
    if (q) {
      V y0, y1;
      __builtin_memcpy(&y0, q + i, sizeof y0);
      __builtin_memcpy(&y1, q + i + L, sizeof y1);
      x0 -= y0;
      x1 -= y1;
    }
    if (finite) {
      f0 += x0 - x0;
      f1 += x1 - x1;
    }
    x0 = x0 < z ? -x0 : x0;
    x1 = x1 < z ? -x1 : x1;
    m0 = m0 < x0 ? x0 : m0;
    m1 = m1 < x1 ? x1 : m1;
  }
  const V m = m0 < m1 ? m1 : m0;
  const V f = f0 + f1;
  double worst = 0.0, rest = 0.0;
  for (int l = 0; l < L; ++l) {
    if (worst < m[l]) worst = m[l];
    rest += f[l];
  }
  for (; i < size; ++i) {
    double d = q ? p[i] - q[i] : p[i];
    rest += d - d;
    d = d < 0 ? -d : d;
    if (worst < d) worst = d;
  }
  if (finite) *finite = rest == 0.0;
  return worst;
}

typedef double v2d_max __attribute__((vector_size(16)));
/// max_abs_lanes over two-lane (SSE2) vectors, any x86-64 CPU.
inline double max_abs_sse2(const double* p, const double* q, Eigen::Index size, bool* finite) {
  return max_abs_lanes<v2d_max, 2>(p, q, size, finite);
}
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
typedef double v4d_max __attribute__((vector_size(32)));
typedef double v8d_max __attribute__((vector_size(64)));
/// max_abs_lanes over four-lane vectors; only where the CPU has AVX2.
__attribute__((target("avx2"))) inline double max_abs_avx2(const double* p, const double* q, Eigen::Index size,
                                                            bool* finite) {
  return max_abs_lanes<v4d_max, 4>(p, q, size, finite);
}
/// max_abs_lanes over eight-lane vectors; only where the CPU has AVX-512F.
__attribute__((target("avx512f"))) inline double max_abs_avx512f(const double* p, const double* q,
                                                                  Eigen::Index size, bool* finite) {
  return max_abs_lanes<v8d_max, 8>(p, q, size, finite);
}
#endif

/// max_abs_lanes with the widest vectors the CPU has (the product kernels' choice).
inline double max_abs_best(const double* p, const double* q, Eigen::Index size, bool* finite) {
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  const double_product_isa isa = best_double_product_isa();
  if (isa == double_product_isa::avx512f) return max_abs_avx512f(p, q, size, finite);
  if (isa == double_product_isa::avx2_fma) return max_abs_avx2(p, q, size, finite);
#endif
  return max_abs_sse2(p, q, size, finite);
}

}  // namespace detail

/// max over i of |p[i] − (q ? q[i] : 0)|, for `size` finite entries (0 when size is 0).
inline double max_abs_finite(const double* p, const double* q, Eigen::Index size) {
  return detail::max_abs_best(p, q, size, nullptr);
}

/// max |m_ij| for a matrix of finite entries.
inline double max_abs_finite(const Eigen::MatrixXd& m) { return max_abs_finite(m.data(), nullptr, m.size()); }

/// max |a_ij − b_ij| for two matrices of one shape with finite entries.
inline double max_abs_difference_finite(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return max_abs_finite(a.data(), b.data(), a.size());
}

/// max over i of |p[i] − q[i]| into `worst`, in the same pass as the finiteness test: true when every
/// difference is finite (then every p[i] and q[i] is finite and `worst` is max_abs_difference's value),
/// false otherwise (some entry is NaN or ±inf, or a difference overflowed: take the generic function).
inline bool max_abs_difference_checked(const double* p, const double* q, Eigen::Index size, double& worst) {
  bool finite = false;
  worst = detail::max_abs_best(p, q, size, &finite);
  return finite;
}

}  // namespace orderblind::fast
