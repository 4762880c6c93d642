// SPDX-License-Identifier: MIT
// Bad input at the public entry points: each is a typed exception naming the problem, never an abort.
#include <catch2/catch.hpp>
#include <limits>

#include "orderblind/orderblind.hpp"

using namespace orderblind;

namespace {
Matrix<double> ones(Eigen::Index r, Eigen::Index c) { return Matrix<double>::Ones(r, c); }
head_weights<double> id4() {
  const Matrix<double> i = Matrix<double>::Identity(4, 4);
  return {i, i, i};
}
}  // namespace

TEST_CASE("mismatched shapes name both shapes", "[errors][shape]") {
  Matrix<double> x = ones(3, 4);
  head_weights<double> w = id4();
  w.wq = ones(3, 3);
  CHECK_THROWS_AS(self_attention(x, w), shape_error);
  CHECK_THROWS_WITH(self_attention(x, w), Catch::Contains("3x3") && Catch::Contains("width 4"));
  w = id4();
  w.wk = ones(4, 2);
  CHECK_THROWS_WITH(self_attention(x, w), Catch::Contains("W_Q is 4x4 but W_K is 4x2"));
  CHECK_THROWS_WITH(cross_attention(x, ones(2, 3), id4()), Catch::Contains("3x4") && Catch::Contains("2x3"));
  CHECK_THROWS_WITH(multiply(Matrix<double>(2, 3), Matrix<double>(2, 3)), Catch::Contains("3 columns vs 2 rows"));
  CHECK_THROWS_AS(attend_trace<double>(ones(2, 2), ones(3, 2), ones(2, 2)),
                  shape_error);
}

TEST_CASE("zero-length sequences are refused", "[errors][empty]") {
  CHECK_THROWS_AS(self_attention(Matrix<double>(0, 4), id4()), empty_input_error);
  CHECK_THROWS_WITH(self_attention(Matrix<double>(0, 4), id4()), Catch::Contains("X is empty (0x4)"));
  CHECK_THROWS_AS(cross_attention(ones(1, 4), Matrix<double>(0, 4), id4()), empty_input_error);
}

TEST_CASE("NaN and infinity in floating input are refused with their position", "[errors][finite]") {
  Matrix<double> x = ones(3, 4);
  x(1, 2) = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(self_attention(x, id4()), non_finite_error);
  CHECK_THROWS_WITH(self_attention(x, id4()), Catch::Contains("X(1,2) is nan"));
  x(1, 2) = std::numeric_limits<double>::infinity();
  CHECK_THROWS_WITH(self_attention(x, id4()), Catch::Contains("X(1,2) is inf"));
  Matrix<mpfr100> y = Matrix<mpfr100>::Ones(2, 2);
  y(0, 1) = std::numeric_limits<mpfr100>::quiet_NaN();
  const Matrix<mpfr100> i = Matrix<mpfr100>::Identity(2, 2);
  CHECK_THROWS_AS(self_attention(y, head_weights<mpfr100>{i, i, i}), non_finite_error);
}

TEST_CASE("a head count that does not divide d_model is refused", "[errors][heads]") {
  multi_head_weights<double> w{Matrix<double>::Identity(4, 4), Matrix<double>::Identity(4, 4),
                               Matrix<double>::Identity(4, 4), Matrix<double>::Identity(4, 4), 3};
  CHECK_THROWS_AS(multi_head_self_attention(ones(2, 4), w), configuration_error);
  CHECK_THROWS_WITH(multi_head_self_attention(ones(2, 4), w),
                    Catch::Contains("head count 3 does not divide d_model = 4"));
  w.heads = 0;
  CHECK_THROWS_WITH(multi_head_self_attention(ones(2, 4), w), Catch::Contains("at least 1"));
  w.heads = 2;
  w.wo = Matrix<double>::Identity(3, 3);
  CHECK_THROWS_AS(multi_head_self_attention(ones(2, 4), w), shape_error);
}

TEST_CASE("exact scalars refuse an irrational scale instead of rounding it", "[errors][exact]") {
  const Matrix<mpq_rational> x = Matrix<mpq_rational>::Identity(3, 3);
  CHECK_THROWS_AS(self_attention(x, head_weights<mpq_rational>{x, x, x}), unsupported_operation_error);
}

TEST_CASE("a padding mask of the wrong length is a shape error", "[errors][mask]") {
  attention_options<double> opt;
  opt.mask = mask::padding({true, false});
  CHECK_THROWS_WITH(self_attention(ones(3, 4), id4(), opt), Catch::Contains("2 entries but there are 3 keys"));
}

TEST_CASE("exceptions derive from the standard ones", "[errors]") {
  STATIC_REQUIRE(std::is_base_of_v<std::invalid_argument, shape_error>);
  STATIC_REQUIRE(std::is_base_of_v<std::invalid_argument, not_a_permutation_error>);
  STATIC_REQUIRE(std::is_base_of_v<std::domain_error, non_finite_error>);
  STATIC_REQUIRE(std::is_base_of_v<std::domain_error, unsupported_operation_error>);
}
