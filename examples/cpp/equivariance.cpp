// SPDX-License-Identifier: MIT
// The README's C++ example, built and run as a test (tests/examples/CMakeLists.txt): one attention head is
// permutation-equivariant exactly over the rationals and within its derived bound in double; a causal
// mask breaks it.
#include <iostream>

#include "orderblind/orderblind.hpp"
#include "orderblind/verify/law.hpp"

using namespace orderblind;

int main() {
  // Exact: GMP rationals, kernel 1 + s + s²/2, compared with ==.
  Matrix<mpq_rational> x(3, 4);  // d = 4: the scale 1/√4 is exact
  x << 1, 2, 0, -1, mpq_rational(1, 2), 0, 3, 1, -1, 3, mpq_rational(1, 4), 2;
  const Matrix<mpq_rational> id = Matrix<mpq_rational>::Identity(4, 4);
  const head_weights<mpq_rational> w{id, id, id};
  const auto attn = [&](const std::vector<Matrix<mpq_rational>>& in) { return self_attention<mpq_rational>(in[0], w); };
  const auto exact = [](const auto&, const auto&) { return verify::equality<mpq_rational>(); };
  const auto p = permutation::cycle(3, {0, 1, 2});
  const auto held = verify::check_law<mpq_rational>(verify::equivariance("Attn(PX) = P·Attn(X)"), attn, {x}, p, exact);
  std::cout << "exact: " << (held ? "held (==)" : held.why) << "\n";

  // double: within 4(n+1)·ε·max_k|V_kj| per entry (attention_reorder_bound_eps, derived in compare.hpp).
  const Matrix<double> xd = x.unaryExpr([](const mpq_rational& q) { return static_cast<double>(q); });
  const head_weights<double> wd{Matrix<double>::Identity(4, 4), Matrix<double>::Identity(4, 4), Matrix<double>::Identity(4, 4)};
  const auto bound = [&](const std::vector<Matrix<double>>& in, const Matrix<double>&) {
    return verify::within_eps<double>(attention_reorder_bound_eps(3), verify::column_scales(multiply(in[0], wd.wv)),
                                      "≤ 4(n+1)·ε·max_k|V_kj|");
  };
  attention_options<double> causal;
  causal.mask = mask::causal();
  const auto plain = [&](const std::vector<Matrix<double>>& in) { return self_attention<double>(in[0], wd); };
  const auto masked = [&](const std::vector<Matrix<double>>& in) { return self_attention<double>(in[0], wd, causal); };
  const auto a = verify::check_law<double>(verify::equivariance(), plain, {xd}, p, bound);
  const auto b = verify::check_law<double>(verify::equivariance(), masked, {xd}, p, bound);
  std::cout << "double: " << (a ? "held" : a.why) << " (worst residual " << a.ratio << " of the bound)\n";
  std::cout << "causal: " << (b ? "held" : "FAILED: " + b.why) << "\n";
  return held && a && !b ? 0 : 1;
}
