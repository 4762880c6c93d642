// SPDX-License-Identifier: MIT
// A user's program: self-attention over the rationals commutes with a permutation of the tokens.
#include <iostream>
#include <orderblind/attention.hpp>
#include <orderblind/permutation.hpp>
#include <orderblind/scalar.hpp>

int main() {
  using namespace orderblind;
  using Q = mpq_rational;
  const auto x = from_rows<Q>({{1, 0}, {0, 1}, {1, 1}});
  const head_weights<Q> w{from_rows<Q>({{1, 2}, {0, 1}}), from_rows<Q>({{1, 0}, {1, 1}}), from_rows<Q>({{2, 0}, {0, 1}})};
  attention_options<Q> opt;
  opt.scale = Q(1);
  const auto p = permutation::reversal(3);
  const bool held = self_attention<Q, rational_kernel>(p.apply_rows(x), w, opt) ==
                    p.apply_rows(self_attention<Q, rational_kernel>(x, w, opt));
  std::cout << (held ? "equivariance held" : "equivariance FAILED") << "\n";
  return held ? 0 : 1;
}
