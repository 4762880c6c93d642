// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/blocks.hpp (and, through it, every layer), one TU per scalar: every
// scalar compiles through the whole library here.
#include <catch2/catch.hpp>

#include "support/fixtures.hpp"
#include "support/scalar_under_test.hpp"

using namespace orderblind;
using orderblind::testing::scalar;
using orderblind::testing::traits;
using T = scalar;
namespace fx = orderblind::testing;

namespace {
encoder_block_weights<T> block(int seed) {
  return {fx::small_mha<T>(4, 2, seed), fx::small_ffn<T>(4, 6, seed + 10), {}, {}};
}
decoder_block_weights<T> dblock(int seed) {
  return {fx::small_mha<T>(4, 2, seed), fx::small_mha<T>(4, 2, seed + 5), fx::small_ffn<T>(4, 6, seed + 10),
          {}, {}, {}};
}
// NOTE: a tolerance for a whole stack of floating blocks. Each block's attention is within
// attention_reorder_bound_eps(n) of equivariant; the norms divide by a row's spread (≥ about 1/10 for
// these inputs, so they amplify by ≤ 10) and W_O, the FFN and the residual multiply by ≤ d·3 = 12 each.
// 10⁴·bound per block is loose but still a test: a row-order bug moves outputs by O(1), 10⁷⁰ times more
// in mpfr100 and 10¹¹ times more in double.
constexpr double stack_bound_eps = 1e4 * 4.0 * 6;
}  // namespace

TEST_CASE("an encoder block maps a permuted input to the permuted output", "[blocks][equivariance]") {
  const auto x = fx::small_matrix<T>(4, 4, 31);
  const auto p = permutation::cycle(4, {0, 1, 2, 3});
  const auto opt = fx::quarter_scale<T>();
  const auto out = encoder_block(x, block(40), opt);
  CHECK(agrees(encoder_block(p.apply_rows(x), block(40), opt), p.apply_rows(out), stack_bound_eps));
}

TEST_CASE("a stack of two encoder blocks stays equivariant, and mean pooling makes it invariant", "[blocks][pooling]") {
  const auto x = fx::small_matrix<T>(3, 4, 33);
  const auto p = permutation::reversal(3);
  const auto opt = fx::quarter_scale<T>();
  const std::vector<encoder_block_weights<T>> stack{block(50), block(60)};
  const auto out = encoder_stack(x, stack, opt);
  const auto outp = encoder_stack(p.apply_rows(x), stack, opt);
  CHECK(agrees(outp, p.apply_rows(out), stack_bound_eps));
  CHECK(agrees(mean_pool(outp), mean_pool(out), stack_bound_eps));
}

TEST_CASE("a decoder block's output does not depend on the order of the encoder rows", "[blocks][decoder]") {
  const auto y = fx::small_matrix<T>(2, 4, 70);
  const auto c = fx::small_matrix<T>(3, 4, 71);
  const auto pc = permutation::cycle(3, {0, 2, 1}).apply_rows(c);
  const std::vector<decoder_block_weights<T>> stack{dblock(80), dblock(90)};
  // NOTE: exact scalars need an explicit scale (d_h = 2 is not a square); the decoder uses 1/√d_h,
  // so run the decoder only where sqrt exists, and the single block with explicit scale elsewhere.
  if constexpr (traits::has_sqrt) {
    CHECK(agrees(decoder_stack(y, pc, stack), decoder_stack(y, c, stack), stack_bound_eps));
  } else {
    const auto opt = fx::quarter_scale<T>();
    CHECK(agrees(decoder_block(y, pc, dblock(80), opt, opt), decoder_block(y, c, dblock(80), opt, opt), 0));
  }
}

TEST_CASE("the decoder's causal self-attention lets the first row see only itself", "[blocks][decoder]") {
  const auto y = fx::small_matrix<T>(3, 4, 72);
  const auto c = fx::small_matrix<T>(2, 4, 73);
  const auto opt = fx::quarter_scale<T>();
  // Changing a later decoder row must not change the first output row.
  auto y2 = y;
  y2(2, 0) = T(y2(2, 0) + T(5));
  const auto a = decoder_block(y, c, dblock(81), opt, opt);
  const auto b = decoder_block(y2, c, dblock(81), opt, opt);
  CHECK(agrees(Matrix<T>(a.row(0)), Matrix<T>(b.row(0)), 0));
  CHECK_FALSE(exactly_equal(Matrix<T>(a.row(2)), Matrix<T>(b.row(2))));
}
