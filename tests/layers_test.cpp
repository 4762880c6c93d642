// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/layers.hpp.
#include <catch2/catch.hpp>

#include "support/fixtures.hpp"
#include "support/scalar_under_test.hpp"

using namespace orderblind;
using orderblind::testing::scalar;
using orderblind::testing::traits;
using T = scalar;
namespace fx = orderblind::testing;

TEST_CASE("the FFN acts on each row alone: permuting rows permutes outputs exactly", "[layers][ffn]") {
  const auto x = fx::small_matrix<T>(4, 3, 1);
  const auto w = fx::small_ffn<T>(3, 5, 2);
  const auto p = permutation::cycle(4, {3, 1});
  // Row-wise and in the same index order: bit-for-bit equal even in floating point.
  CHECK(exactly_equal(feed_forward(p.apply_rows(x), w), p.apply_rows(feed_forward(x, w))));
}

TEST_CASE("ReLU zeroes negatives and keeps the rest", "[layers][ffn]") {
  CHECK(relu(T(-2)) == T(0));
  CHECK(relu(T(3) / T(2)) == T(3) / T(2));
  CHECK(relu(T(0)) == T(0));
}

TEST_CASE("the MAD norm centres each row and divides by its mean absolute deviation", "[layers][norm]") {
  const auto x = from_rows<T, int>({{1, 2, 3, 6}});
  norm_params<T> p;
  p.eps = T(0);
  const auto y = mad_norm(x, p);
  // mean 3, deviations -2 -1 0 3, MAD = 6/4 = 3/2
  CHECK(agrees(y, Matrix<T>(from_rows<T, T>({{T(-4) / T(3), T(-2) / T(3), T(0), T(2)}})), 4));
}

namespace {
template <class U>
void check_layer_norm_commutes(const Matrix<U>& x, const permutation& p) {
  if constexpr (scalar_traits<U>::has_sqrt) {
    CHECK(exactly_equal(layer_norm(p.apply_rows(x)), p.apply_rows(layer_norm(x))));
  }
}
}  // namespace

TEST_CASE("norms, residual and pooling commute with row permutations", "[layers][equivariance]") {
  const auto x = fx::small_matrix<T>(5, 4, 7);
  const auto p = permutation::reversal(5);
  CHECK(exactly_equal(mad_norm(p.apply_rows(x)), p.apply_rows(mad_norm(x))));
  check_layer_norm_commutes(x, p);
  CHECK(exactly_equal(residual(p.apply_rows(x), p.apply_rows(x)), p.apply_rows(residual(x, x))));
  // NOTE: mean pooling sums 5 rows in another order: ≤ 2·4 roundings of the sum, plus the division.
  CHECK(agrees(mean_pool(p.apply_rows(x)), mean_pool(x), 10));
  if constexpr (traits::is_ordered) {
    CHECK(exactly_equal(mean_pool(p.apply_rows(x), summation::sorted), mean_pool(x, summation::sorted)));
  }
}

TEST_CASE("layer inputs with the wrong shape are refused with the shapes in the message", "[layers][errors]") {
  const auto x = fx::small_matrix<T>(2, 3, 1);
  CHECK_THROWS_WITH(feed_forward(x, fx::small_ffn<T>(4, 5, 2)), Catch::Contains("W1 is 4x5"));
  CHECK_THROWS_WITH(residual(x, fx::small_matrix<T>(3, 3, 1)), Catch::Contains("2x3"));
  CHECK_THROWS_AS(mean_pool(Matrix<T>(0, 3)), empty_input_error);
}
