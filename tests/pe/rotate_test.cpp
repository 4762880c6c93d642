// SPDX-License-Identifier: MIT
// pe::rotate against the rotation written out pair by pair, (c·x_a − s·x_b, s·x_a + c·x_b) with (c, s) =
// angles.cos_sin(i, p), in both layouts, partial (r < d) and full: over double and mpfr100 (the same
// operations, so `==`) and exactly over mpq_rational (Pythagorean angles, its Gaussian-integer path). Inputs:
// every basis vector (one nonzero pair: rotate leaves the zero pairs without computing their angle), dense
// vectors, and a NaN, which reaches its pair's image.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "orderblind/pe/rotary.hpp"
#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind {
namespace {

template <class T>
pe::angle_table<T> angles_for(Eigen::Index r) {
  if constexpr (scalar_traits<T>::is_exact) return pe::angle_table<T>::pythagorean(r);
  else return pe::angle_table<T>::standard(r);
}

template <class T>
pe::vec<T> written_out(const pe::vec<T>& x, Eigen::Index p, Eigen::Index r, pe::rotary_layout layout,
                       const pe::angle_table<T>& angles) {
  pe::vec<T> y = x;
  for (Eigen::Index i = 0; i < r / 2; ++i) {
    const auto a = static_cast<std::size_t>(layout == pe::rotary_layout::interleaved ? 2 * i : i);
    const auto b = static_cast<std::size_t>(layout == pe::rotary_layout::interleaved ? 2 * i + 1 : i + r / 2);
    const auto [c, s] = angles.cos_sin(i, p);
    y[a] = T(c * x[a] - s * x[b]);
    y[b] = T(s * x[a] + c * x[b]);
  }
  return y;
}

}  // namespace

TEMPLATE_TEST_CASE("rotate equals the rotation written out pair by pair, on basis and dense vectors", "[pe][rotary]",
                   double, mpfr100, mpq_rational) {
  using T = TestType;
  const Eigen::Index d = 8;
  for (Eigen::Index r : {Eigen::Index(8), Eigen::Index(4)}) {
    const auto angles = angles_for<T>(r);
    std::vector<pe::vec<T>> xs;
    for (Eigen::Index j = 0; j < d; ++j) {
      pe::vec<T> e(static_cast<std::size_t>(d), T(0));
      e[static_cast<std::size_t>(j)] = T(1);
      xs.push_back(e);
    }
    xs.push_back({T(1) / T(3), T(-2), T(5) / T(7), T(0), T(3), T(-1) / T(9), T(4), T(2) / T(11)});
    xs.push_back({T(0), T(0), T(-3) / T(4), T(0), T(0), T(0), T(0), T(1)});
    for (auto layout : {pe::rotary_layout::interleaved, pe::rotary_layout::half_split})
      for (Eigen::Index p : {0, 1, 7, -5, 300})
        for (std::size_t k = 0; k < xs.size(); ++k) {
          INFO("r = " << r << ", layout " << (layout == pe::rotary_layout::interleaved ? "interleaved" : "half-split")
                      << ", p = " << p << ", input " << k);
          const auto got = pe::rotate(xs[k], p, r, layout, angles);
          const auto want = written_out(xs[k], p, r, layout, angles);
          for (std::size_t j = 0; j < got.size(); ++j) CHECK(got[j] == want[j]);
        }
  }
}

TEMPLATE_TEST_CASE("rotate: a NaN beside a zero reaches its pair's image; the zero pairs stay zero", "[pe][rotary]",
                   double, mpfr100) {
  using T = TestType;
  pe::vec<T> x(8, T(0));
  x[2] = T(std::numeric_limits<double>::quiet_NaN());
  const auto y = pe::rotate(x, 3, 8, pe::rotary_layout::interleaved, pe::angle_table<T>::standard(8));
  using std::isnan;
  CHECK(isnan(y[2]));
  CHECK(isnan(y[3]));
  for (std::size_t j : {0UL, 1UL, 4UL, 5UL, 6UL, 7UL}) CHECK(y[j] == T(0));
}

}  // namespace orderblind
