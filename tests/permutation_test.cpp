// SPDX-License-Identifier: MIT
// Unit tests of lib/orderblind/permutation.hpp (scalar-free, plus the matrix form over two scalars).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "orderblind/permutation.hpp"
#include "orderblind/scalar/multiprecision.hpp"

using namespace orderblind;

TEST_CASE("a permutation validates its input and names the fault", "[permutation][errors]") {
  CHECK_THROWS_WITH(permutation({0, 0, 1}), Catch::Contains("0 appears twice"));
  CHECK_THROWS_WITH(permutation({0, 3, 1}), Catch::Contains("entry 1 is 3, out of range"));
  CHECK_THROWS_WITH(permutation::from_signed({0, -1}), Catch::Contains("negative"));
  CHECK_THROWS_AS(permutation::transposition(3, 0, 3), not_a_permutation_error);
  CHECK_THROWS_AS(permutation::cycle(3, {0, 1, 0}), not_a_permutation_error);
  CHECK_NOTHROW(permutation({}));
}

TEST_CASE("reversal, transpositions and cycles act on rows as documented", "[permutation]") {
  CHECK(permutation::reversal(3).image() == std::vector<std::size_t>{2, 1, 0});
  CHECK(permutation::transposition(4, 1, 3).image() == std::vector<std::size_t>{0, 3, 2, 1});
  CHECK(permutation::cycle(4, {0, 2, 3}).image() == std::vector<std::size_t>{2, 1, 3, 0});
  CHECK(permutation::cycle(4, {0, 2, 3}).cycles() == "(0 2 3)");
  CHECK(permutation::reversal(4).cycles() == "(0 3)(1 2)");
  CHECK(permutation::identity(3).cycles() == "()");
  CHECK(permutation::identity(3).is_identity());
}

TEST_CASE("P X picks row π(i) into row i; the matrix form agrees; PᵀP = I", "[permutation][matrix]") {
  const auto p = permutation::cycle(3, {0, 1, 2});
  Matrix<mpq_rational> x(3, 2);
  x << 1, 2, 3, 4, 5, 6;
  const auto px = p.apply_rows(x);
  CHECK(px(0, 0) == 3);  // row 0 of PX is row π(0) = 1 of X
  const Matrix<mpq_rational> pm = p.matrix<mpq_rational>();
  CHECK(multiply(pm, x) == px);
  CHECK(multiply(Matrix<mpq_rational>(pm.transpose()), pm) == Matrix<mpq_rational>::Identity(3, 3));
  CHECK(p.inverse().apply_rows(px) == x);
  CHECK(permutation::from_matrix(pm) == p);
  CHECK(p.then_after(p.inverse()).is_identity());
  // (P_a P_b) X = P_a (P_b X)
  const auto q = permutation::transposition(3, 0, 2);
  CHECK(p.then_after(q).apply_rows(x) == p.apply_rows(q.apply_rows(x)));
  CHECK(multiply(p.matrix<mpq_rational>(), q.matrix<mpq_rational>()) == p.then_after(q).matrix<mpq_rational>());
}

TEST_CASE("a matrix that is not a permutation matrix is refused", "[permutation][errors]") {
  Matrix<double> m = Matrix<double>::Identity(3, 3);
  m(1, 1) = 0.5;
  CHECK_THROWS_WITH(permutation::from_matrix(m), Catch::Contains("entry (1,1) is 0.5"));
  m = Matrix<double>::Identity(3, 3);
  m(1, 2) = 1;
  CHECK_THROWS_WITH(permutation::from_matrix(m), Catch::Contains("row 1 has 2 ones"));
  CHECK_THROWS_WITH(permutation::from_matrix(Matrix<double>(2, 3)), Catch::Contains("square"));
  Matrix<double> dup(2, 2);
  dup << 1, 0, 1, 0;
  CHECK_THROWS_WITH(permutation::from_matrix(dup), Catch::Contains("appears twice"));
}

TEST_CASE("permuting a matrix of the wrong height is a shape error", "[permutation][errors]") {
  Matrix<double> x(4, 2);
  x.setZero();
  CHECK_THROWS_WITH(permutation::reversal(3).apply_rows(x), Catch::Contains("permutation of 3 points"));
}

TEST_CASE("P X of a temporary moves its rows and equals P X of a copy", "[permutation][matrix]") {
  std::mt19937_64 rng(61);
  for (int rep = 0; rep < 200; ++rep) {
    const std::size_t n = 1 + rng() % 12;
    std::vector<std::size_t> image(n);
    for (std::size_t i = 0; i < n; ++i) image[i] = i;
    std::shuffle(image.begin(), image.end(), rng);
    const permutation p(image);
    Matrix<mpq_rational> x(static_cast<Eigen::Index>(n), 3);
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      for (Eigen::Index j = 0; j < 3; ++j) x(i, j) = mpq_rational(static_cast<long>(rng() % 1000)) / 7;
    const Matrix<mpq_rational> copied = p.apply_rows(x);  // const&: a copy
    Matrix<mpq_rational> temp = x;
    const Matrix<mpq_rational> moved = p.apply_rows(std::move(temp));  // rvalue: swaps along the cycles
    INFO("permutation " << p.cycles());
    CHECK(moved == copied);
    for (std::size_t i = 0; i < n; ++i) CHECK(moved.row(static_cast<Eigen::Index>(i)) == x.row(static_cast<Eigen::Index>(image[i])));
  }
  // Mutant: one swap too few per cycle (the cycle's last row keeps the wrong entry) is caught.
  const auto p = permutation::cycle(3, {0, 1, 2});
  Matrix<double> x(3, 1);
  x << 1, 2, 3;
  Matrix<double> broken = x;
  broken.row(0).swap(broken.row(1));  // only the first of the cycle's two swaps
  CHECK_FALSE(broken == p.apply_rows(x));
  CHECK(p.apply_rows(Matrix<double>(x)) == p.apply_rows(x));
  CHECK_THROWS_WITH(permutation::reversal(3).apply_rows(Matrix<double>(2, 2)), Catch::Contains("permutation of 3 points"));
}
