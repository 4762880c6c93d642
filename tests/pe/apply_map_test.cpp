// SPDX-License-Identifier: MIT
// pe::apply_map (T·x_j for every sample) against the textbook product Σ_i T(r, i)·x_j(i), in exact
// arithmetic, on samples mostly of zeros (its column-by-column path over nonzero entries, d ≥ 8: a rotated
// basis vector) and on dense ones (Eigen's product); and a NaN in a sparse sample reaches the image.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "orderblind/case_source.hpp"
#include "orderblind/pe/solve.hpp"
#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind {
namespace {

using Q = mpq_rational;
using MatQ = Eigen::Matrix<Q, Eigen::Dynamic, Eigen::Dynamic>;

std::vector<pe::vec<Q>> textbook(const MatQ& t, const std::vector<pe::vec<Q>>& xs) {
  std::vector<pe::vec<Q>> out;
  for (const auto& x : xs) {
    pe::vec<Q> y(static_cast<std::size_t>(t.rows()), Q(0));
    for (Eigen::Index r = 0; r < t.rows(); ++r)
      for (Eigen::Index i = 0; i < t.cols(); ++i) y[static_cast<std::size_t>(r)] += t(r, i) * x[static_cast<std::size_t>(i)];
    out.push_back(y);
  }
  return out;
}

TEST_CASE("apply_map equals the textbook product on sparse and dense samples, exactly") {
  case_source rng(20261206);
  // NOTE: the sparse path is taken when at most a quarter of the entries are nonzero: two in d from d = 8
  // on; at d = 1, 2 and 5 both sample sets go through Eigen's product.
  for (const Eigen::Index d : {1, 2, 5, 8, 16, 32}) {
    MatQ t(d + 1, d);  // NOTE: not square: rows and columns are not confused
    for (Eigen::Index r = 0; r < t.rows(); ++r)
      for (Eigen::Index c = 0; c < t.cols(); ++c) t(r, c) = Q(rng.uniform_int<long>(-100, 100), 7);
    std::vector<pe::vec<Q>> sparse, dense;
    for (Eigen::Index j = 0; j < d; ++j) {
      pe::vec<Q> s(static_cast<std::size_t>(d), Q(0)), x(static_cast<std::size_t>(d));
      s[static_cast<std::size_t>(j)] = Q(3, 5);
      s[static_cast<std::size_t>((j + 1) % d)] = Q(-4, 5);  // a rotated basis vector: two nonzeros
      for (auto& e : x) e = Q(rng.uniform_int<long>(-9, 9), 4);
      sparse.push_back(s);
      dense.push_back(x);
    }
    INFO("d = " << d);
    CHECK(pe::apply_map(t, sparse) == textbook(t, sparse));
    CHECK(pe::apply_map(t, dense) == textbook(t, dense));
  }
}

TEST_CASE("a NaN in a sparse sample reaches its image") {
  Eigen::MatrixXd t = Eigen::MatrixXd::Identity(8, 8);
  std::vector<pe::vec<double>> xs(8, pe::vec<double>(8, 0.0));
  xs[3][5] = std::nan("");
  const auto y = pe::apply_map(t, xs);
  CHECK(std::isnan(y[3][5]));
}

}  // namespace
}  // namespace orderblind
