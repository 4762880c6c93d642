// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/attention.hpp, kernel.hpp and mask.hpp, one TU per scalar.
#include <catch2/catch.hpp>

#include "orderblind/examples/text001.hpp"
#include "orderblind/pe/additive.hpp"
#include "support/fixtures.hpp"
#include "support/reference.hpp"
#include "support/scalar_under_test.hpp"

using namespace orderblind;
using orderblind::testing::scalar;
using orderblind::testing::traits;
using T = scalar;

namespace {
// NOTE: the inputs here have |V| ≤ 3 and n ≤ 5; attention_reorder_bound_eps(n) is derived in
// compare.hpp. Exact types ignore it and compare with ==.
bool same_up_to_reordering(const Matrix<T>& a, const Matrix<T>& b, const Matrix<T>& v) {
  return agrees_relative_to(a, b, attention_reorder_bound_eps(v.rows()), max_abs(v));
}
Matrix<T> row_sums(const Matrix<T>& a) {
  Matrix<T> s(a.rows(), 1);
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    T t(0);
    for (Eigen::Index j = 0; j < a.cols(); ++j) t += a(i, j);
    s(i, 0) = t;
  }
  return s;
}
}  // namespace

TEST_CASE("attention weights are a distribution over the keys of each row", "[attention]") {
  namespace ex = examples::text001;
  const auto t = ex::forward<T>(ex::x<T>());
  Matrix<T> ones(3, 1);
  for (int i = 0; i < 3; ++i) ones(i, 0) = T(1);
  // NOTE: a row sum of 3 weights in [0,1] carries at most 3 roundings of the sum plus one per division.
  CHECK(agrees(row_sums(t.a), ones, 8.0));
  for (Eigen::Index i = 0; i < 3; ++i)
    for (Eigen::Index j = 0; j < 3; ++j) CHECK_FALSE(t.a(i, j) < T(0));
}

TEST_CASE("self-attention commutes with reversing the rows (text 001, §3.2)", "[attention][equivariance]") {
  namespace ex = examples::text001;
  const auto x = ex::x<T>();
  const auto p = ex::reversal();
  const auto z = ex::forward<T>(x).z;
  const auto zp = ex::forward<T>(p.apply_rows(x)).z;
  CHECK(same_up_to_reordering(zp, p.apply_rows(z), ex::forward<T>(x).v));
}

TEST_CASE("single-head self-attention commutes with a 3-cycle on 5 tokens", "[attention][equivariance]") {
  const auto x = orderblind::testing::small_matrix<T>(5, 4, 1);
  const head_weights<T> w{orderblind::testing::small_matrix<T>(4, 4, 2),
                          orderblind::testing::small_matrix<T>(4, 4, 3),
                          orderblind::testing::small_matrix<T>(4, 4, 4)};
  const auto p = permutation::cycle(5, {0, 3, 1});
  const auto opt = orderblind::testing::quarter_scale<T>();
  const auto t = self_attention_trace(x, w, opt);
  CHECK(same_up_to_reordering(self_attention(p.apply_rows(x), w, opt), p.apply_rows(t.z), t.v));
}

TEST_CASE("multi-head self-attention with W_O commutes with a transposition", "[attention][equivariance]") {
  const auto x = orderblind::testing::small_matrix<T>(4, 4, 11);
  const auto w = orderblind::testing::small_mha<T>(4, 2, 12);
  const auto p = permutation::transposition(4, 1, 3);
  const auto opt = orderblind::testing::quarter_scale<T>();
  const auto z = multi_head_self_attention(x, w, opt);
  const auto zp = multi_head_self_attention(p.apply_rows(x), w, opt);
  // NOTE: W_O mixes d = 4 head outputs, each off by the reordering bound, and |W_O| ≤ 3: 4·3 = 12 times
  // the single-head bound covers it.
  const auto xv = multiply(x, w.wv);
  CHECK(agrees_relative_to(zp, p.apply_rows(z), 12 * attention_reorder_bound_eps(4), max_abs(xv)));
}

TEST_CASE("cross-attention ignores the order of the encoder rows", "[attention][cross]") {
  const auto y = orderblind::testing::small_matrix<T>(2, 4, 21);
  const auto c = orderblind::testing::small_matrix<T>(3, 4, 22);
  const head_weights<T> w{orderblind::testing::small_matrix<T>(4, 4, 23),
                          orderblind::testing::small_matrix<T>(4, 4, 24),
                          orderblind::testing::small_matrix<T>(4, 4, 25)};
  const auto opt = orderblind::testing::quarter_scale<T>();
  const auto t = cross_attention_trace(y, c, w, opt);
  const auto tp = cross_attention_trace(y, permutation::reversal(3).apply_rows(c), w, opt);
  CHECK(same_up_to_reordering(tp.z, t.z, t.v));  // the output is unchanged, not reordered
  CHECK(t.z.rows() == 2);
}

TEST_CASE("the causal mask gives zero weight to later keys and full weight to row 0's own key", "[attention][mask]") {
  namespace ex = examples::text001;
  attention_options<T> opt;
  opt.scale = ex::scale<T>();
  opt.mask = mask::causal();
  const auto t = self_attention_trace(ex::x<T>(), ex::weights<T>(), opt);
  using orderblind::testing::holds_value;
  CHECK(holds_value(t.a(0, 0), T(1)));
  CHECK(holds_value(t.a(0, 1), T(0)));
  CHECK(holds_value(t.a(0, 2), T(0)));
  CHECK(holds_value(t.a(1, 2), T(0)));
  CHECK_FALSE(holds_value(t.a(2, 0), T(0)));
}

TEST_CASE("a padding mask hides the padded key from every row", "[attention][mask]") {
  namespace ex = examples::text001;
  attention_options<T> opt;
  opt.scale = ex::scale<T>();
  opt.mask = mask::padding({true, true, false});
  const auto t = self_attention_trace(ex::x<T>(), ex::weights<T>(), opt);
  for (int i = 0; i < 3; ++i) CHECK(orderblind::testing::holds_value(t.a(i, 2), T(0)));
  opt.mask = mask::padding({false, false, false});
  CHECK_THROWS_AS(self_attention(ex::x<T>(), ex::weights<T>(), opt), configuration_error);
}

TEST_CASE("the default scale is 1/sqrt(d_k), exact when d_k is a perfect square", "[attention][scale]") {
  CHECK(inverse_sqrt_scale<T>(4) == T(1) / T(2));
  CHECK(inverse_sqrt_scale<T>(9) == T(1) / T(3));
  if constexpr (traits::has_sqrt) {
    CHECK_NOTHROW(inverse_sqrt_scale<T>(3));
  } else {
    CHECK_THROWS_WITH(inverse_sqrt_scale<T>(3), Catch::Contains("1/sqrt(3) is irrational"));
  }
  CHECK_THROWS_AS(inverse_sqrt_scale<T>(0), configuration_error);
}

TEST_CASE("the rational kernel is exact and positive", "[kernel]") {
  CHECK(rational_kernel::phi(T(0)) == T(1));
  CHECK(rational_kernel::phi(T(-1)) == T(1) / T(2));  // 1 - 1 + 1/2
  CHECK(T(0) < rational_kernel::phi(T(-3)));
  const auto w = rational_kernel::weights<T>({T(0), T(-1)}, summation::in_order);
  CHECK(w[0] == T(2) / T(3));
  CHECK(w[1] == T(1) / T(3));
}

namespace {
/// A query_key scheme that maps every row to itself.
template <Scalar U>
struct identity_rotation {
  using scalar_type = U;
  static constexpr pe::pe_kind kind = pe::pe_kind::query_key;
  std::string name() const { return "identity"; }
  std::string parameters() const { return "q, k unchanged"; }
  long dim() const { return 4; }
  std::vector<U> query(const std::vector<U>& q, long) const { return q; }
  std::vector<U> key(const std::vector<U>& k, long) const { return k; }
};
}  // namespace

TEST_CASE("a scheme that changes nothing (NoPE, an identity rotation) gives attention without positions",
          "[attention][positions]") {
  // NOTE: with a scheme attached the generic path runs, without one the fused head (where there is one):
  // this compares the two.
  const auto x = orderblind::testing::small_matrix<T>(5, 4, 1);
  const head_weights<T> w{orderblind::testing::small_matrix<T>(4, 4, 2),
                          orderblind::testing::small_matrix<T>(4, 4, 3),
                          orderblind::testing::small_matrix<T>(4, 4, 4)};
  const auto opt = orderblind::testing::quarter_scale<T>();
  const auto plain = self_attention_trace(x, w, opt);
  auto with = opt;
  with.positions = pe::nope<T>{};
  CHECK(same_up_to_reordering(self_attention(x, w, with), self_attention(x, w, opt), plain.v));
  with.positions = identity_rotation<T>{};
  CHECK(same_up_to_reordering(self_attention(x, w, with), self_attention(x, w, opt), plain.v));
  CHECK(same_up_to_reordering(self_attention_trace(x, w, with).s, plain.s, plain.v));
}
