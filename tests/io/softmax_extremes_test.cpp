// SPDX-License-Identifier: MIT
// Numerical edge cases a user's matrices can reach in double: softmax stays finite and correct for
// scores up to ±1e300 and for rows of equal scores (both kernel forms, and through a whole layer).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"

using namespace orderblind;

namespace {
bool all_finite(const std::vector<double>& w) {
  for (double x : w)
    if (!std::isfinite(x)) return false;
  return true;
}
double sum(const std::vector<double>& w) {
  double s = 0;
  for (double x : w) s += x;
  return s;
}
const double eps = std::numeric_limits<double>::epsilon();
}  // namespace

TEMPLATE_TEST_CASE("softmax of scores up to ±1e300 is finite, sums to 1 and puts the mass on the maximum",
                   "[softmax][extremes]", softmax_kernel, softmax_difference_kernel) {
  for (const std::vector<double>& s : {std::vector<double>{1e300, -1e300, 0}, std::vector<double>{-1e300, -1e300 * 0.5, 1e300},
                                       std::vector<double>{1e300, 1e300 * (1 - 1e-15), -1e300}}) {
    const auto w = TestType::template weights<double>(s, summation::in_order);
    REQUIRE(all_finite(w));
    // NOTE: differences between these scores are at least ~1e285, so every exp(s_k − max) other than
    // the maximum's underflows to 0: the weights are exactly one-hot.
    const auto top = static_cast<std::size_t>(std::max_element(s.begin(), s.end()) - s.begin());
    for (std::size_t j = 0; j < w.size(); ++j) CHECK(w[j] == (j == top ? 1.0 : 0.0));
  }
}

TEMPLATE_TEST_CASE("softmax of a row of equal scores is uniform, whatever their size", "[softmax][extremes]",
                   softmax_kernel, softmax_difference_kernel) {
  for (const double v : {0.0, 1.0, -1e300, 1e300, 5e-324}) {
    for (const std::size_t n : {1U, 2U, 3U, 7U, 64U}) {
      const auto w = TestType::template weights<double>(std::vector<double>(n, v), summation::in_order);
      REQUIRE(all_finite(w));
      // NOTE: every term is exp(0) = 1 exactly (or exp(v − v) = 1 in the difference form), the sum is
      // the integer n exactly, so every weight is fl(1/n): all equal, and within ε of 1/n.
      for (double x : w) CHECK(x == w.front());
      CHECK(std::abs(w.front() - 1.0 / static_cast<double>(n)) <= eps / static_cast<double>(n));
      CHECK(std::abs(sum(w) - 1.0) <= static_cast<double>(n) * eps);
    }
  }
}

TEST_CASE("a layer whose scores reach ±1e300 stays finite and still commutes with permutations",
          "[softmax][extremes]") {
  // Scores s_ij = scale · x_i · x_j with scale 1e300 and |x_i · x_j| ≤ 1: finite, huge, distinct.
  const auto x = from_rows<double, double>({{1, 0}, {0, 1}, {0.6, 0.8}, {-1, 0}});
  const head_weights<double> w{from_rows<double, int>({{1, 0}, {0, 1}}), from_rows<double, int>({{1, 0}, {0, 1}}),
                               from_rows<double, int>({{1, 0}, {0, 1}})};
  attention_options<double> opt;
  opt.scale = 1e300;
  const auto z = self_attention<double>(x, w, opt);
  REQUIRE(z.allFinite());
  CHECK(z == x);  // one-hot on the diagonal: each token's own score x_i·x_i = 1 is its row's maximum
  const auto p = permutation::reversal(4);
  CHECK(self_attention<double>(p.apply_rows(x), w, opt) == p.apply_rows(z));
}
