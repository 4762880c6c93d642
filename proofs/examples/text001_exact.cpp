// SPDX-License-Identifier: MIT
// Text 001 §3.2 in Q(t): the worked example with the real softmax, exactly — no rounding anywhere, so every figure is checked with ==.
#include <boost/multiprecision/mpfi.hpp>
#include <cstdio>
#include <limits>

#include "proofs/examples/worked_examples.hpp"

#include "orderblind/compare.hpp"
#include "orderblind/expfield/text001.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::proofs {
namespace {

using namespace orderblind::expfield;
namespace ex = orderblind::examples::text001;
/// 120-digit intervals: enough guard digits to certify 100 printed digits.
using mpfi120 = bmp::number<bmp::mpfi_float_backend<120>, bmp::et_off>;

std::string row_closed_form(const Matrix<element>& m, Eigen::Index i) {
  std::string s = "[";
  for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + format_scalar(m(i, j));
  return s + "]";
}

/// The 100 significant digits of x, when both ends of its enclosure print the same; "" otherwise.
std::string certified_100_digits(const mpfi120& enc) {
  const auto lo = lower(enc).str(100, std::ios_base::scientific);
  const auto hi = upper(enc).str(100, std::ios_base::scientific);
  return lo == hi ? lo : std::string();
}

}  // namespace

verify::value::checks text001_exact_figures() {
  const std::string src = "text 001, §3.2";
  verify::value::checks out;
  const auto tr = text001::forward(ex::x<element>());
  const auto hand = text001::hand_derived_z();
  const auto real = ex::forward<mpfr100>(ex::x<mpfr100>());
  // NOTE: the MPFR path is ~12 correctly rounded operations per entry on values ≤ 2 (3 exps, a sum of
  // 3, a division, 3 products and a sum of 3): within 32 ε of the exact value.
  const mpfr100 slack = 32 * std::numeric_limits<mpfr100>::epsilon();
  for (int i = 0; i < 3; ++i) {
    const std::string who = text001::row_name(i);
    std::string text = "(";
    for (int j = 0; j < 4; ++j) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.2f", ex::text_z[i][j]);
      text += (j ? ", " : "") + std::string(buf);
    }
    text += ")";
    bool closed_ok = true, rounds_ok = true, digits_ok = true, mpfr_ok = true;
    std::string digits;
    for (int j = 0; j < 4; ++j) {
      closed_ok = closed_ok && tr.z(i, j) == hand(i, j);
      const mpfi120 enc = evaluate<mpfi120>(tr.z(i, j));
      const std::string d = certified_100_digits(enc);
      digits_ok = digits_ok && !d.empty();
      digits += (j ? ", " : "") + (d.empty() ? std::string("(uncertified)") : d);
      // The text's 2-decimal figure is a correct rounding: |x − figure| ≤ 0.005 for the whole enclosure.
      const mpfi120 off = abs(enc - mpfi120(mpfr100(ex::text_z[i][j]).str(3)));  // the figure as a decimal
      rounds_ok = rounds_ok && upper(off) <= bmp::number<bmp::mpfr_float_backend<120>>("0.005");
      const mpfr100 lo(lower(enc)), hi(upper(enc));
      mpfr_ok = mpfr_ok && lo - slack <= real.z(i, j) && real.z(i, j) <= hi + slack;
    }
    auto closed = figure(src, "Z row " + who + " in closed form, t = e^(1/2)", text, row_closed_form(tr.z, i),
                         "each entry against the hand derivation (==), and its MPFI enclosure against the text's "
                         "2-decimal figure");
    closed.arithmetic = "Q(t) exact (==); the rounding to the text's figures over MPFI, 120 digits";
    closed.evidence = verify::evidence_kind::exact_on_data;
    closed.bound = "== the hand derivation (exact, in Q(t)); every point of the enclosure within ½·10^-2 of the text's "
                   "figure";
    closed.outcome = verify::held_if(closed_ok && rounds_ok);
    closed.note = closed_ok ? "equals the hand derivation exactly; rounds to the text's figures"
                            : "differs from the hand derivation (V = X W_V, weights t^(raw score))";
    out.push_back(closed);
    auto hundred = figure(src, "Z row " + who + " to 100 digits", "", digits,
                          "the two ends of each entry's MPFI enclosure, printed to 100 digits; the mpfr100 value "
                          "against the enclosure");
    hundred.arithmetic = "MPFI, 120 digits (rigorous enclosure); cross-check: mpfr100";
    hundred.evidence = verify::evidence_kind::enclosure;
    hundred.bound = "both ends of the enclosure print the same 100 significant digits; mpfr100 within the enclosure ± "
                    "32 ε";
    hundred.outcome = verify::held_if(digits_ok && mpfr_ok);
    hundred.note = "both ends of a 120-digit MPFI enclosure print these 100 digits; the mpfr100 path lies in the "
                   "enclosure ± 32 ε";
    out.push_back(hundred);
  }
  auto love = figure(src, "A row love (who love attends to)", "0.14 (I), 0.23 (LLMs)", row_closed_form(tr.a, 1),
                     "A(love, I) against 1/(t^3 + t + 1)");
  love.arithmetic = "Q(t) exact (==)";
  love.evidence = verify::evidence_kind::exact_on_data;
  love.bound = "== (exact, in Q(t))";
  love.outcome = verify::held_if(
      tr.a(1, 0) == element(1) / (element::power(text001::t_half(), 3) + element::power(text001::t_half(), 1) + 1));
  love.note = "love gives I 1/(t^3 + t + 1) from either side: the same element of Q(t) in both sentences";
  out.push_back(love);
  const auto p = ex::reversal();
  // NOTE: Z and A by the law of verify/law.hpp: Z(PX) = P·Z(X), and A, indexed by tokens on both sides,
  // A(PX) = P·A(X)·Pᵀ (the action permute_rows_and_cols).
  const auto exact_q = [](const auto&, const auto&) { return verify::equality<element>(); };
  const auto z_law = verify::check_law<element>(
      verify::equivariance("Z(PX) = P·Z(X)"), [](const std::vector<Matrix<element>>& in) { return text001::forward(in[0]).z; },
      {ex::x<element>()}, p, exact_q);
  const auto a_law = verify::check_law<element>(
      verify::permutation_law{"A(PX) = P·A(X)·Pᵀ", {verify::action::permute_rows}, verify::action::permute_rows_and_cols},
      [](const std::vector<Matrix<element>>& in) { return text001::forward(in[0]).a; }, {ex::x<element>()}, p, exact_q);
  auto reversed = figure(src, "reversed: Z(PX) = P·Z(X) in Q(t), real softmax", "", "holds exactly",
                         "Z and A of the reversed sentence against P·Z and P·A·Pᵀ, every entry");
  reversed.arithmetic = "Q(t) exact (==)";
  reversed.evidence = verify::evidence_kind::exact_on_data;
  reversed.bound = "== (exact, in Q(t))";
  reversed.outcome = verify::held_if(z_law.held && a_law.held);
  reversed.note = "not approximately: as rational functions of t, hence at t = e^(1/2)";
  out.push_back(reversed);
  return out;
}

}  // namespace orderblind::proofs
