// SPDX-License-Identifier: MIT
// verify/bound.hpp and verify/law.hpp: the one comparison family and the permutation law. Each rule has a
// case that must fail (∞ on both sides, an ∞ scale, an overlap-only enclosure, a large column masking a
// leak, an empty output) and a case just under its bound that must hold.
#include <catch2/catch.hpp>

#include <limits>
#include <utility>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind {
namespace {

using verify::compare;

const double inf = std::numeric_limits<double>::infinity();
const double eps = std::numeric_limits<double>::epsilon();

Matrix<double> m2(double a, double b, double c, double d) {
  Matrix<double> m(2, 2);
  m << a, b, c, d;
  return m;
}

TEST_CASE("bound: the same infinity on both sides fails, naming the entry") {
  const auto a = m2(1, inf, 0, 0), b = m2(1, inf, 0, 5);
  const auto c = compare(a, b, verify::within_eps<double>(4, verify::one_scale(1.0), "≤ 4ε"));
  CHECK_FALSE(c.held);
  CHECK(c.at.row == 0);
  CHECK(c.at.col == 1);
  CHECK(c.why.find("+inf") != std::string::npos);
  // Also when everything else is equal, and for −∞ (a masked score is not an output to bound).
  CHECK_FALSE(compare(m2(-inf, 0, 0, 0), m2(-inf, 0, 0, 0), verify::within_eps<double>(4, verify::one_scale(1.0), "")).held);
  CHECK_FALSE(compare(m2(-inf, 0, 0, 0), m2(-inf, 0, 0, 0), verify::equality<double>()).held);
  // The library's older entry points carry the same rule.
  CHECK_FALSE(agrees(a, a, 1e30));
  CHECK_FALSE(compare_within_eps(a, a, 1e30, 1.0).held);
}

TEST_CASE("bound: NaN anywhere fails, also in the scale and in k") {
  const auto a = m2(1, 2, 3, 4);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(compare(a, m2(1, 2, nan, 4), verify::within_eps<double>(1e300, verify::one_scale(1.0), "")).held);
  CHECK_FALSE(compare(a, a, verify::within_eps<double>(4, verify::one_scale(nan), "")).held);
  CHECK_FALSE(compare(a, a, verify::within_eps<double>(nan, verify::one_scale(1.0), "")).held);
  const auto c = compare(a, a, verify::within_eps<double>(4, verify::one_scale(inf), ""));
  CHECK_FALSE(c.held);
  CHECK(c.why.find("scale") != std::string::npos);
  CHECK(std::isnan(c.ratio));
}

TEST_CASE("bound: an empty output is refused, not passed") {
  const Matrix<double> e(3, 0);
  const auto c = compare(e, e, verify::within_eps<double>(4, verify::one_scale(1.0), ""));
  CHECK_FALSE(c.held);
  CHECK(c.why.find("empty") != std::string::npos);
  const Matrix<mpq_rational> q(0, 2);
  CHECK_FALSE(compare(q, q, verify::equality<mpq_rational>()).held);
}

TEST_CASE("bound: just under the bound holds, just over fails, and the ratio says by how much") {
  const double k = 12, s = 3.5;
  const double bound = k * eps * s;
  const auto a = m2(1, 2, 3, 4);
  auto under = a, over = a;
  under(1, 1) += 0.9 * bound;  // |4 + 0.9·12·3.5ε − 4| is a few ulps of 4: representable within 1 %
  over(1, 1) += 1.1 * bound;
  const auto t = verify::within_eps<double>(k, verify::one_scale(s), "≤ 12·ε·3.5");
  const auto cu = compare(under, a, t), co = compare(over, a, t);
  CHECK(cu.held);
  CHECK(cu.ratio > 0.8);
  CHECK(cu.ratio <= 1.0);
  CHECK_FALSE(co.held);
  CHECK(co.ratio > 1.0);
  CHECK(co.at.row == 1);
  CHECK(co.at.col == 1);
}

TEST_CASE("bound: no max(1, ·) floor — the bound scales with the data") {
  // NOTE: the same relative error at scale 1 and at scale 10^-20: a floor at 1 would pass the second
  // (the bound would be 10^20 times too loose); a scale-invariant bound fails both.
  for (const double scale : {1.0, 1e-20, 1e-300, 1e200}) {
    const auto a = m2(scale, 2 * scale, 3 * scale, 4 * scale);
    auto b = a;
    b(0, 0) += 100 * eps * scale;  // 100 ε of the data, against a bound of 4 ε of the data
    CHECK_FALSE(compare(a, b, verify::within_eps<double>(4, verify::one_scale(4 * scale), "")).held);
    CHECK_FALSE(agrees(a, b, 4.0));
    CHECK(agrees(a, a, 4.0));
  }
}

TEST_CASE("bound: per-column scales — one large column cannot mask a leak in another") {
  // A constant 10^12 column beside a column that leaks 10^-6·row into the output: with one scale for the
  // whole matrix the leak is 10^-6/10^12 = 10^-18 of it, far under 40 ε; per column it is 10^6 ε·|col|.
  Matrix<double> a(4, 2), b(4, 2);
  for (int i = 0; i < 4; ++i) {
    a(i, 0) = b(i, 0) = 1e12;
    a(i, 1) = 1.0;
    b(i, 1) = 1.0 + 1e-6 * i;
  }
  CHECK(compare(a, b, verify::within_eps<double>(40, verify::one_scale(1e12), "")).held);  // masked
  const auto per_column = verify::larger_scales(verify::column_scales(a), verify::column_scales(b));
  const auto c = compare(a, b, verify::within_eps<double>(40, per_column, "≤ 40ε·max_i|col|"));
  CHECK_FALSE(c.held);
  CHECK(c.at.col == 1);
}

TEST_CASE("bound: an enclosure must overlap and be no wider than the bound") {
  using I = mpfi100;
  const I x(1);
  Matrix<I> a = Matrix<I>::Constant(1, 1, x);
  // Widened by [−1, 1] and off by 0.5: the intervals overlap, but assert nothing.
  Matrix<I> wide = Matrix<I>::Constant(1, 1, I(mpfr100(-0.5), mpfr100(2.5)));
  const auto t = verify::within_eps<I>(8, verify::one_scale(I(1)), "≤ 8ε");
  const auto c = compare(a, wide, t);
  CHECK_FALSE(c.held);
  CHECK(c.why.find("enclosure") != std::string::npos);
  // Two tight enclosures of the same number hold.
  const I third = I(1) / I(3);
  CHECK(compare(Matrix<I>(Matrix<I>::Constant(1, 1, third)), Matrix<I>(Matrix<I>::Constant(1, 1, I(2) / I(6))), t).held);
}

TEST_CASE("bound: exact scalars compare with ==") {
  Matrix<mpq_rational> a(1, 2), b(1, 2);
  a << mpq_rational(1, 3), mpq_rational(2);
  b << mpq_rational(1, 3), mpq_rational(2);
  CHECK(compare(a, b, verify::within_eps<mpq_rational>(1e9, verify::one_scale(mpq_rational(1)), "")).held);
  b(0, 0) = mpq_rational(1, 3) + mpq_rational(1, 1000000000);
  const auto c = compare(a, b, verify::equality<mpq_rational>());
  CHECK_FALSE(c.held);
  CHECK(c.at.col == 0);
}

TEST_CASE("bound: compare_held is compare's verdict, on every rule above, without the words") {
  // NOTE: one body (detail::compare_entries) decides both; this pins that the quiet form is not a second
  // rule: each case is decided by both and must agree, holding and failing cases alike.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto a = m2(1, 2, 3, 4);
  const double k = 12, s = 3.5, bound = k * eps * s;
  auto under = a, over = a;
  under(1, 1) += 0.9 * bound;
  over(1, 1) += 1.1 * bound;
  const auto t = verify::within_eps<double>(k, verify::one_scale(s), "");
  const std::vector<std::pair<Matrix<double>, verify::tolerance<double>>> against_a = {
      {under, t}, {over, t}, {a, t}, {m2(1, inf, 3, 4), t}, {m2(1, 2, nan, 4), t},
      {a, verify::within_eps<double>(4, verify::one_scale(nan), "")},
      {a, verify::within_eps<double>(nan, verify::one_scale(1.0), "")},
      {a, verify::equality<double>()}, {under, verify::equality<double>()}};
  int held = 0;
  for (const auto& [b, tol] : against_a) {
    const bool quiet = verify::compare_held(a, b, tol);
    CHECK(quiet == compare(a, b, tol).held);
    held += quiet;
  }
  CHECK(held == 3);  // under, a itself, a == a
  CHECK_FALSE(verify::compare_held(Matrix<double>(3, 0), Matrix<double>(3, 0), t));
  CHECK_FALSE(verify::compare_held(a, Matrix<double>(2, 3), t));
  // mpfr100 just under and just over its bound, and the scalar form.
  using R = mpfr100;
  const R one(1), e = scalar_traits<R>::epsilon();
  const auto tr = verify::within_eps<R>(4, verify::one_scale(one), "");
  CHECK(verify::compare_held(one, R(one + R(3) * e), tr));  // 1 + 3ε and 1 + 5ε are representable: ε is the ulp of 1
  CHECK_FALSE(verify::compare_held(one, R(one + R(5) * e), tr));
  CHECK(verify::compare_held(one, R(one + R(5) * e), tr) == compare(one, R(one + R(5) * e), tr).held);
  // Enclosures and exact scalars.
  using I = mpfi100;
  const auto ti = verify::within_eps<I>(8, verify::one_scale(I(1)), "");
  CHECK_FALSE(verify::compare_held(I(1), I(mpfr100(-0.5), mpfr100(2.5)), ti));
  CHECK(verify::compare_held(I(I(1) / I(3)), I(I(2) / I(6)), ti));
  CHECK_FALSE(verify::compare_held(mpq_rational(1, 3), mpq_rational(1, 3) + mpq_rational(1, 1000000000),
                                   verify::equality<mpq_rational>()));
}

TEST_CASE("law: attention holds the equivariance law; a position leak and a causal mask fail it") {
  Matrix<double> x(4, 3);
  x << 0.5, -1, 2, 1.5, 0.25, -0.75, -2, 1, 0.5, 0.125, 0.375, -1.25;
  head_weights<double> w{Matrix<double>::Identity(3, 3), Matrix<double>::Identity(3, 3), Matrix<double>::Identity(3, 3)};
  const auto p = permutation::reversal(4);
  const auto law = verify::equivariance("Attn(PX) = P·Attn(X)");
  const auto tol = [&](const std::vector<Matrix<double>>& in, const Matrix<double>&) {
    return verify::within_eps<double>(attention_reorder_bound_eps(4), verify::column_scales(multiply(in[0], w.wv)),
                                      "≤ 4(n+1)ε·max_k|V_kj|");
  };
  const auto attn = [&](const std::vector<Matrix<double>>& in) { return self_attention<double>(in[0], w); };
  CHECK(verify::check_law<double>(law, attn, {x}, p, tol).held);
  const auto leak = [&](const std::vector<Matrix<double>>& in) {
    Matrix<double> z = self_attention<double>(in[0], w);
    z(0, 0) += 1e-3 * in[0](0, 0);  // reads the first row's position
    return z;
  };
  CHECK_FALSE(verify::check_law<double>(law, leak, {x}, p, tol).held);
  attention_options<double> causal;
  causal.mask = mask::causal();
  const auto masked = [&](const std::vector<Matrix<double>>& in) { return self_attention<double>(in[0], w, causal); };
  CHECK_FALSE(verify::check_law<double>(law, masked, {x}, p, tol).held);
  // Mean pooling is invariant, and not equivariant.
  const auto pool = [](const std::vector<Matrix<double>>& in) { return Matrix<double>(in[0].colwise().mean()); };
  const auto none = [](const std::vector<Matrix<double>>& in, const Matrix<double>&) {
    return verify::within_eps<double>(8, verify::column_scales(in[0]), "≤ 8ε·max_i|x_ij|");
  };
  CHECK(verify::check_law<double>(verify::invariance(), pool, {x}, p, none).held);
  const auto first_row = [](const std::vector<Matrix<double>>& in) { return Matrix<double>(in[0].topRows(1)); };
  CHECK_FALSE(verify::check_law<double>(verify::invariance(), first_row, {x}, p, none).held);
  // Wrong arity is a configuration error, not a verdict.
  CHECK_THROWS_AS(verify::check_law<double>(law, attn, {x, x}, p, tol), configuration_error);
}

TEST_CASE("law: scores permute on both sides, P·S·Pᵀ, exactly; a score that reads the position fails") {
  Matrix<double> x(3, 2);
  x << 0.5, -1, 2, 0.25, -0.75, 1.5;
  const auto p = permutation::cycle(3, {0, 1, 2});
  const verify::permutation_law law{"S(PX) = P·S(X)·Pᵀ", {verify::action::permute_rows},
                                    verify::action::permute_rows_and_cols};
  const auto scores = [](const std::vector<Matrix<double>>& in) { return Matrix<double>(in[0] * in[0].transpose()); };
  const auto exact = [](const std::vector<Matrix<double>>&, const Matrix<double>&) { return verify::equality<double>(); };
  CHECK(verify::check_law<double>(law, scores, {x}, p, exact).held);
  const auto leak = [&](const std::vector<Matrix<double>>& in) {
    Matrix<double> s = scores(in);
    s(0, 1) += 0.125;  // a score that depends on where the pair sits
    return s;
  };
  CHECK_FALSE(verify::check_law<double>(law, leak, {x}, p, exact).held);
  // Rows only is not this law: P·S is not S(PX).
  CHECK_FALSE(verify::check_law<double>(verify::equivariance(), scores, {x}, p, exact).held);
  // The sides with f(x) given are the sides computed from scratch.
  const auto [l1, r1] = verify::sides<double>(law, scores, {x}, p);
  const auto [l2, r2] = verify::sides<double>(law, scores, {x}, p, scores({x}));
  CHECK(l1 == l2);
  CHECK(r1 == r2);
}

TEST_CASE("bound: mixed column scales are Σ_c max_i|V_ic|·|W(c, j)|, so a large column widens only what it feeds") {
  Matrix<double> v(2, 2), w(2, 2);
  v << 1e12, -0.5, -2e12, 0.25;  // column 0 at 2·10^12, column 1 at 0.5
  w << 0, 1, 3, -4;               // output column 0 reads only V's column 1
  const Matrix<double> s = verify::mixed_column_scales(v, w);
  REQUIRE(s.rows() == 1);
  REQUIRE(s.cols() == 2);
  CHECK(s(0, 0) == 1.5);               // 0.5·3
  CHECK(s(0, 1) == 2e12 * 1 + 0.5 * 4);
}

}  // namespace
}  // namespace orderblind
