// SPDX-License-Identifier: MIT
#pragma once
/// Vectorised maxima for double matrices whose entries are all finite (fast::all_finite): max |m_ij| and
/// max |a_ij − b_ij|, the same values as orderblind::max_abs and orderblind::max_abs_difference return
/// for such inputs. Callers test finiteness first and take the generic functions otherwise (they name
/// NaN and infinities).
// NOTE: the maximum of finite non-NaN values is exact and does not depend on the order the values are
// met in (|x| is never −0, so max has no signed-zero tie either): any lane split gives the same result.
// a − b of two finite doubles may overflow to ±∞ but is never NaN, so the maximum stays well defined.
#include <Eigen/Core>

namespace orderblind::fast {

namespace detail {
typedef double v2m __attribute__((vector_size(16)));
inline v2m abs2(v2m x) {
  v2m z = {0.0, 0.0};
  return x < z ? -x : x;
}
inline v2m max2(v2m a, v2m b) { return a < b ? b : a; }
}  // namespace detail

/// max over i of |p[i] − (q ? q[i] : 0)|, for `size` finite entries (0 when size is 0).
inline double max_abs_finite(const double* p, const double* q, Eigen::Index size) {
  using detail::v2m;
  v2m m0 = {0.0, 0.0}, m1 = m0;
  Eigen::Index i = 0;
  for (; i + 4 <= size; i += 4) {
    v2m x0, x1;
    __builtin_memcpy(&x0, p + i, sizeof x0);
    __builtin_memcpy(&x1, p + i + 2, sizeof x1);
    if (q) {
      v2m y0, y1;
      __builtin_memcpy(&y0, q + i, sizeof y0);
      __builtin_memcpy(&y1, q + i + 2, sizeof y1);
      x0 -= y0;
      x1 -= y1;
    }
    m0 = detail::max2(m0, detail::abs2(x0));
    m1 = detail::max2(m1, detail::abs2(x1));
  }
  const v2m m = detail::max2(m0, m1);
  double worst = m[0] < m[1] ? m[1] : m[0];
  for (; i < size; ++i) {
    double d = q ? p[i] - q[i] : p[i];
    d = d < 0 ? -d : d;
    if (worst < d) worst = d;
  }
  return worst;
}

/// max |m_ij| for a matrix of finite entries.
inline double max_abs_finite(const Eigen::MatrixXd& m) { return max_abs_finite(m.data(), nullptr, m.size()); }

/// max |a_ij − b_ij| for two matrices of one shape with finite entries.
inline double max_abs_difference_finite(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return max_abs_finite(a.data(), b.data(), a.size());
}

}  // namespace orderblind::fast
