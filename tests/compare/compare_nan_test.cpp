// SPDX-License-Identifier: MIT
// NaN never passes (compare.hpp): every comparison of the family fails on a NaN, an infinity against a
// number, or an unbounded enclosure, and says where; an infinity fails like NaN, also on both sides.
#include <catch2/catch.hpp>
#include <limits>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar.hpp"

using namespace orderblind;
using T = ORDERBLIND_SCALAR;

namespace {
Matrix<T> sample() {
  Matrix<T> m(2, 3);
  m << T(1), T(-2), T(3), T(4), T(5), T(-6);
  return m;
}
constexpr bool can_nan = !scalar_traits<T>::is_exact;
T nan_value() {
  if constexpr (scalar_traits<T>::is_interval) return T(std::numeric_limits<mpfr100>::quiet_NaN());
  else if constexpr (can_nan) return std::numeric_limits<T>::quiet_NaN();
  else return T(0);
}

/// MUTANT: softmax whose last weight of every row is NaN (an exp that overflowed into inf/inf).
struct nan_softmax_kernel {
  static constexpr const char* name = "MUTANT softmax, last weight NaN";
  template <Scalar S>
  static constexpr bool supports = scalar_traits<S>::has_exp;
  template <Scalar S>
  static std::vector<S> weights(const std::vector<S>& s, summation how) {
    auto w = softmax_kernel::weights<S>(s, how);
    w.back() = S(std::numeric_limits<double>::quiet_NaN());
    return w;
  }
};
}  // namespace

TEST_CASE("equal matrices agree under every comparison of the family", "[compare]") {
  const auto a = sample();
  CHECK(agrees(a, a, 1.0));
  CHECK(agrees_relative_to(a, a, 1.0, T(1)));
  CHECK(compare_within_eps(a, a, 1.0, T(1)).held);
  CHECK(within_eps(T(3), T(3), 0.0, T(1)));
  CHECK(max_abs_difference(a, a) == T(0));
  CHECK(!first_incomparable(a));
}

TEST_CASE("a NaN in one side fails agrees, agrees_relative_to, within_eps and compare_within_eps, naming (row, column)",
          "[compare][nan]") {
  if constexpr (!can_nan) {
    SUCCEED("exact scalars hold no NaN; their comparisons are ==");
  } else {
    const auto a = sample();
    Matrix<T> b = a;
    b(1, 2) = nan_value();
    for (const double k : {0.0, 1.0, 1e30}) {
      CHECK_FALSE(agrees(a, b, k));
      CHECK_FALSE(agrees(b, a, k));
      CHECK_FALSE(agrees_relative_to(a, b, k, T(1)));
      CHECK_FALSE(within_eps(a(1, 2), b(1, 2), k, T(1)));
      const auto c = compare_within_eps(a, b, k, T(1), "got", "want");
      CHECK_FALSE(c.held);
      CHECK(c.at.row == 1);
      CHECK(c.at.col == 2);
      CHECK_THAT(c.why, Catch::Matchers::Contains("want(1, 2) is"));
    }
    CHECK(first_incomparable(b).row == 1);
    CHECK_FALSE(comparable(b(1, 2)));
  }
}

TEST_CASE("NaN in the same place on both sides fails too (the bug: max|a-b| skipped NaN and reported 0)",
          "[compare][nan]") {
  if constexpr (can_nan) {
    Matrix<T> a = sample();
    a(0, 1) = nan_value();
    const Matrix<T> b = a;
    CHECK_FALSE(agrees(a, b, 1e30));
    CHECK_FALSE(agrees_relative_to(a, b, 1e30, T(1)));
    CHECK_FALSE(compare_within_eps(a, b, 1e30, T(1)).held);
    CHECK_FALSE(comparable(max_abs_difference(a, b)));  // propagated, not skipped
    CHECK_FALSE(comparable(max_abs(a)));
    if constexpr (!scalar_traits<T>::is_interval) {
      CHECK_FALSE(residual_in_eps(a, b) <= T(1e30));
      CHECK_FALSE(exactly_equal(a, b));
    }
  }
}

TEST_CASE("a NaN magnitude fails agrees_relative_to and within_eps", "[compare][nan]") {
  if constexpr (can_nan && !scalar_traits<T>::is_interval) {
    const auto a = sample();
    Matrix<T> b = a;
    b(0, 0) = T(a(0, 0) + scalar_traits<T>::epsilon());
    CHECK(agrees_relative_to(a, b, 4.0, T(1)));
    CHECK_FALSE(agrees_relative_to(a, b, 4.0, nan_value()));
    CHECK_FALSE(within_eps(a(0, 0), b(0, 0), 4.0, nan_value()));
    CHECK_FALSE(compare_within_eps(a, b, 4.0, nan_value()).held);
  }
}

TEST_CASE("infinities fail like NaN: also the same infinity on both sides, and against a number",
          "[compare][nan]") {
  if constexpr (can_nan && !scalar_traits<T>::is_interval) {
    const T inf = std::numeric_limits<T>::infinity();
    Matrix<T> a = sample();
    a(1, 0) = T(-inf);
    Matrix<T> b = a;
    // NOTE: an infinite output has no residual to bound, whatever the other side says (verify/bound.hpp).
    CHECK_FALSE(agrees(a, b, 1.0));
    CHECK_FALSE(agrees_relative_to(a, b, 1.0, T(1)));
    CHECK_FALSE(compare_within_eps(a, b, 1.0, T(1)).held);
    CHECK_THAT(compare_within_eps(a, b, 1.0, T(1)).why, Catch::Matchers::Contains("left(1, 0) is -inf"));
    b(1, 0) = T(3);
    CHECK_FALSE(agrees(a, b, 1e30));
    CHECK_FALSE(agrees_relative_to(a, b, 1e30, T(1)));
    const auto c = compare_within_eps(a, b, 1e30, T(1));
    CHECK_FALSE(c.held);
    CHECK_THAT(c.why, Catch::Matchers::Contains("left(1, 0) is -inf"));
    b(1, 0) = inf;
    CHECK_FALSE(agrees(a, b, 1e30));
  }
}

TEST_CASE("an unbounded enclosure fails, however wide the tolerance", "[compare][interval]") {
  if constexpr (scalar_traits<T>::is_interval) {
    const auto a = sample();
    Matrix<T> b = a;
    b(0, 2) = T(std::numeric_limits<mpfr100>::infinity());  // the point interval [inf, inf]
    CHECK_FALSE(comparable(b(0, 2)));
    CHECK_FALSE(agrees(a, b, 1e30));
    CHECK_FALSE(within_eps(a(0, 2), b(0, 2), 1e30, T(1)));
    const auto c = compare_within_eps(a, b, 1e30, T(1));
    CHECK_FALSE(c.held);
    CHECK(c.at.col == 2);
  }
}

/// The mutant case, as a template so that exact scalars (no exp) never instantiate it.
template <Scalar S>
void nan_softmax_case() {
  Matrix<S> x(3, 2);
  x << S(1), S(0), S(0), S(1), S(1), S(1);
  Matrix<S> w(2, 2);
  w << S(1), S(0), S(0), S(1);
  const head_weights<S> hw{w, w, w};
  const auto p = permutation::reversal(3);
  // The correct softmax: Attn(PX) = P·Attn(X) within the reordering bound.
  const Matrix<S> z = self_attention<S, softmax_kernel>(x, hw);
  const Matrix<S> zp = self_attention<S, softmax_kernel>(p.apply_rows(x), hw);
  CHECK(agrees_relative_to(zp, Matrix<S>(p.apply_rows(z)), attention_reorder_bound_eps(3), S(max_abs(x))));
  // The mutant: every output is NaN, on both sides, so max|difference| used to be 0.
  const Matrix<S> mz = self_attention<S, nan_softmax_kernel>(x, hw);
  const Matrix<S> mzp = self_attention<S, nan_softmax_kernel>(p.apply_rows(x), hw);
  CHECK_FALSE(agrees(mzp, Matrix<S>(p.apply_rows(mz)), attention_reorder_bound_eps(3)));
  CHECK_FALSE(agrees_relative_to(mzp, Matrix<S>(p.apply_rows(mz)), attention_reorder_bound_eps(3), S(1)));
  const auto c = compare_within_eps(mzp, Matrix<S>(p.apply_rows(mz)), attention_reorder_bound_eps(3), S(1), "Attn(PX)",
                                    "P·Attn(X)");
  CHECK_FALSE(c.held);
  CHECK_THAT(c.why, Catch::Matchers::Contains("Attn(PX)(0, 0) is NaN"));
}

TEST_CASE("MUTANT: a softmax that outputs NaN fails the equivariance comparison it used to pass",
          "[compare][nan][mutant]") {
  if constexpr (scalar_traits<T>::has_exp && !scalar_traits<T>::is_interval) nan_softmax_case<T>();
}

TEST_CASE("the tolerance is tight: a perturbation at 0.5x the bound holds, at 2x it fails", "[compare][edge]") {
  if constexpr (can_nan && !scalar_traits<T>::is_interval) {
    // NOTE: entries of magnitude ≤ 1 and magnitude 1, so the unit is ε; 1 + jε is exact for small j.
    const double k = 8;
    const T eps = scalar_traits<T>::epsilon();
    Matrix<T> a(1, 2);
    a << T(1), T(0.5);
    for (const double f : {0.5, 2.0}) {
      Matrix<T> b = a;
      b(0, 0) = T(a(0, 0) + T(f * k) * eps);
      const bool should_hold = f < 1;
      CHECK(agrees_relative_to(a, b, k, T(1)) == should_hold);
      CHECK(compare_within_eps(a, b, k, T(1)).held == should_hold);
      CHECK(within_eps(a(0, 0), b(0, 0), k, T(1)) == should_hold);
      CHECK(agrees(a, b, k) == should_hold);
    }
  }
}
