// SPDX-License-Identifier: MIT
#pragma once
/// P5 (the counter's position score is c·m·n and not a function of m − n), P6 (the sinusoid's
/// rotation identity) and P7 (a positional encoding breaks equivariance — unless it is permuted too).
#include "properties/battery/checks.hpp"
#include "properties/battery/tolerances.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/weights.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties::laws {

/// The counter's position score p_m M p_nᵀ, with p_m row m of the encoding's table.
template <Scalar T, class Enc>
T position_score(const Enc& enc, const Matrix<T>& m_matrix, long m, long n) {
  const Eigen::Index rows = std::max(m, n) + 1;
  const Matrix<T> table = enc.template table<T>(rows, m_matrix.rows());
  const Matrix<T> pm = table.row(m), pn = table.row(n);
  return multiply_transposed(multiply(pm, m_matrix, "p_m", "M"), pn, "p_m M", "p_n")(0, 0);
}

/// 𝟙ᵀ M 𝟙.
template <Scalar T>
T sum_of_entries(const Matrix<T>& m) {
  T s(0);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) s += m(i, j);
  return s;
}

/// P5a (exact): p_m M p_nᵀ = (𝟙ᵀM𝟙)·m·n for random M and positions m, n (text 001, §3.7).
template <Scalar T, class Enc>
auto counter_score_is_cmn(Enc enc) {
  static_assert(scalar_traits<T>::is_exact, "P5 is an exact identity");
  return [enc] {
    const auto d = draw_size(1, 6, "d_model");
    const auto mm = *gen_matrix<T>(d, d).as("M = W_Q W_Kᵀ");
    const auto m = *gen_position(400).as("m (query position)");
    const auto n = *gen_position(400).as("n (key position)");
    observe_d(d);
    observe_input(mm);
    if (m == 0 || n == 0) observe_degenerate("a position is 0 (both sides 0)");
    const T score = position_score<T>(enc, mm, m, n);
    const T expected = sum_of_entries(mm) * T(m) * T(n);
    RC_ASSERT(score == expected);
  };
}

/// P5b (inner, exact): "the position score is a function of m − n" (p_m M p_nᵀ = p_{m+k} M p_{n+k}ᵀ) —
/// FALSE for the counter; the law asserts a counterexample.
template <Scalar T, class Enc>
auto position_score_depends_only_on_gap(Enc enc) {
  return [enc] {
    const auto d = draw_size(1, 6, "d_model");
    const auto mm = *gen_matrix<T>(d, d).as("M = W_Q W_Kᵀ");
    const auto m = *gen_position(400).as("m (query position)");
    const auto n = *gen_position(400).as("n (key position)");
    const auto k = *gen_uniform<long>(1, 400).as("k (shift)");
    observe_d(d);
    observe_input(mm);
    const T a = position_score<T>(enc, mm, m, n), b = position_score<T>(enc, mm, m + k, n + k);
    if (!(a == b))
      RC_FAIL("score(m, n) = " + format_scalar(a) + " but score(m + k, n + k) = " + format_scalar(b) + " (c = " +
              format_scalar(sum_of_entries(mm)) + ")");
  };
}

/// P6, exact: PE(p + k) = R(kθ_i)·PE(p) for every pair i, with exact unit rotations
/// (cos θ_i = (1 − t_i²)/(1 + t_i²), sin θ_i = 2t_i/(1 + t_i²), t_i ≠ 0, ±1: no zero or right angle);
/// pairs ordered (sin, cos), so R(kθ) = [[cos kθ, sin kθ], [−sin kθ, cos kθ]].
template <Scalar T, class Impl>
auto rotation_identity_exact(Impl impl) {
  static_assert(scalar_traits<T>::is_exact);
  return [impl] {
    const auto pairs = *gen_uniform<std::size_t>(1, 4).as("pairs (d/2)");
    const auto t = *rc::gen::container<std::vector<T>>(pairs, gen_angle_parameter<T>()).as("t_i (tan of half the angle)");
    const auto p = *gen_position(40).as("p");
    const auto k = *gen_position(40).as("k");
    observe_d(2 * static_cast<Eigen::Index>(pairs));
    for (const auto& ti : t)
      if (ti == T(0)) observe_degenerate("an angle is 0 (t_i = 0)");
    if (k == 0) observe_degenerate("k = 0 (R is the identity)");
    const Matrix<T> at = impl.template position<T>(p, t), shifted = impl.template position<T>(p + k, t);
    for (Eigen::Index i = 0; i < static_cast<Eigen::Index>(pairs); ++i) {
      Matrix<T> v(2, 1);
      v << at(0, 2 * i), at(0, 2 * i + 1);
      Matrix<T> lhs(2, 1);
      lhs << shifted(0, 2 * i), shifted(0, 2 * i + 1);
      require_equal(lhs, multiply(impl.template rotation<T>(k, i, t), v), "pair " + std::to_string(i) + " of PE(p+k)",
                    "R(kθ_" + std::to_string(i) + ")·(pair of PE(p))");
    }
  };
}

/// P6, real: the same identity for the sinusoid with θ_i = base^(−2i/d), within
/// rotation_bound_eps(p, k, θ_i) — a bound that grows with the phase (p + k)θ_i.
template <Scalar T, class Impl>
auto rotation_identity_real(Impl impl) {
  static_assert(!scalar_traits<T>::is_exact);
  return [impl] {
    const auto c = *gen_pe_case(1000, 1000, 16).as("case");
    observe_d(c.d);
    if (c.k == 0) observe_degenerate("k = 0 (R is the identity)");
    const Matrix<T> at = impl.template position<T>(c.p, c.d, c.base);
    const Matrix<T> shifted = impl.template position<T>(c.p + c.k, c.d, c.base);
    for (Eigen::Index i = 0; i < c.d / 2; ++i) {
      Matrix<T> v(2, 1);
      v << at(0, 2 * i), at(0, 2 * i + 1);
      Matrix<T> lhs(2, 1);
      lhs << shifted(0, 2 * i), shifted(0, 2 * i + 1);
      const double theta = static_cast<double>(pe::sinusoid_frequency(i, c.d, T(c.base)));
      require_agree(lhs, multiply(impl.template rotation<T>(c.k, i, c.d, c.base), v),
                    rotation_bound_eps(c.p, c.k, theta), T(1), "pair " + std::to_string(i) + " of PE(p+k)",
                    "R(kθ_" + std::to_string(i) + ")·(pair of PE(p))");
    }
  };
}

/// f(X, PE) = Attn(X + PE), one head of `attn` with weights `w`: the function of P7's two laws.
template <Scalar T, class Attn>
auto attention_of_sum(const Attn& attn, const head_weights<T>& w, const attention_options<T>& opt) {
  return [&attn, &w, &opt](const std::vector<Matrix<T>>& in) {
    const Matrix<T> sum = pe::add_positions(in[0], in[1]);
    return Matrix<T>(attn.template trace<T>(sum, sum, w, opt).z);
  };
}

/// P7a (inner): "adding positions after permuting commutes": Attn(PX + PE) = P·Attn(X + PE) — FALSE;
/// the law asserts a counterexample.
template <Scalar T, class Attn, class Enc>
auto positions_after_permuting_commute(Attn attn, Enc enc) {
  using S = case_sizes<T>;
  return [attn, enc] {
    const auto n = draw_tokens<T>();
    const auto d = 2 * draw_size(1, S::max_d / 2, "d_model / 2");
    observe_d(d);
    const auto x = draw_input<T>(n, d, "X");
    const auto w = *gen_head_weights<T>(d, d, d).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const Matrix<T> pe = enc.template table<T>(n, d);
    attention_options<T> opt;
    opt.scale = T(1);
    const Matrix<T> with = pe::add_positions(x, pe);
    if (collecting_stats()) observe_weights(attn.template trace<T>(with, with, w, opt).a);
    // NOTE: f(X, PE) = Attn(X + PE) with the tokens X permuted and the table PE left in place.
    const verify::permutation_law law{"Attn(PX + PE) = P·Attn(X + PE)",
                                      {verify::action::permute_rows, verify::action::none},
                                      verify::action::permute_rows};
    const auto [lhs, rhs] = verify::sides<T>(law, attention_of_sum(attn, w, opt), {x, pe}, p);
    require_agree_columns(lhs, rhs, attention_reorder_bound_eps(n), verify::column_scales(Matrix<T>(multiply(with, w.wv))),
                          "Attn(PX + PE)", "P·Attn(X + PE)");
  };
}

/// P7b: adding the positions before permuting still commutes: Attn(P(X + PE)) = P·Attn(X + PE).
template <Scalar T, class Attn, class Enc>
auto positions_before_permuting_commute(Attn attn, Enc enc) {
  using S = case_sizes<T>;
  return [attn, enc] {
    const auto n = draw_tokens<T>();
    const auto d = 2 * draw_size(1, S::max_d / 2, "d_model / 2");
    observe_d(d);
    const auto x = draw_input<T>(n, d, "X");
    const auto w = *gen_head_weights<T>(d, d, d).as("weights");
    const auto p = draw_permutation(static_cast<std::size_t>(n));
    const Matrix<T> pe = enc.template table<T>(n, d);
    const Matrix<T> with = pe::add_positions(x, pe);
    attention_options<T> opt;
    opt.scale = T(1);
    if (collecting_stats()) observe_weights(attn.template trace<T>(with, with, w, opt).a);
    // NOTE: f(X, PE) = Attn(X + PE) with the tokens and their positions permuted together: PX + P·PE is
    // P(X + PE) entry for entry (the sum is taken entry by entry).
    const verify::permutation_law law{"Attn(P(X + PE)) = P·Attn(X + PE)",
                                      {verify::action::permute_rows, verify::action::permute_rows},
                                      verify::action::permute_rows};
    const auto [lhs, rhs] = verify::sides<T>(law, attention_of_sum(attn, w, opt), {x, pe}, p);
    // NOTE: output column j is a convex combination of column j of V = (X + PE)·W_V: each its own scale.
    require_agree_columns(lhs, rhs, attention_reorder_bound_eps(n), verify::column_scales(Matrix<T>(multiply(with, w.wv))),
                          "Attn(P(X + PE))", "P·Attn(X + PE)");
  };
}

}  // namespace orderblind::properties::laws
