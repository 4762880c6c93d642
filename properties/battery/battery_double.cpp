// SPDX-License-Identifier: MIT
// The battery over IEEE double (softmax, LayerNorm), plus the P8 ulp table.
#include <cstring>
#include <functional>
#include <limits>
#include <tuple>

#include "properties/battery/battery_impl.hpp"

namespace orderblind::properties {

template std::vector<law> battery_laws<double>();
// NOTE: the law families (battery_impl.hpp), here unless ORDERBLIND_SPLIT_BATTERY compiles each in its
// own unit (battery_double_<family>.cpp; properties/battery/CMakeLists.txt says why not by default).
#ifndef ORDERBLIND_SPLIT_BATTERY
template void battery_builder<double>::p1_self_attention();
template void battery_builder<double>::p2_rowwise();
template void battery_builder<double>::p3_p4_mask_and_cross();
template void battery_builder<double>::p5_p8_positions_and_floating();
#endif

namespace {

/// Distance between two doubles in units in the last place (the number of representable doubles
/// between them; 0 when equal).
// NOTE: hand-written: neither the standard library nor a linked library counts the doubles between two
// values; the key maps the bit pattern to an integer that is monotone in the value.
double ulp_distance(double a, double b) {
  if (a == b) return 0;
  auto key = [](double v) {
    std::int64_t i;
    std::memcpy(&i, &v, sizeof i);
    return i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i;  // monotone in v
  };
  const std::int64_t ka = key(a), kb = key(b);
  return static_cast<double>(ka > kb ? static_cast<std::uint64_t>(ka) - static_cast<std::uint64_t>(kb)
                                     : static_cast<std::uint64_t>(kb) - static_cast<std::uint64_t>(ka));
}

/// Max entry-wise ulp distance of two same-shape double matrices.
double max_ulps(const Matrix<double>& a, const Matrix<double>& b) {
  double worst = 0;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) worst = std::max(worst, ulp_distance(a(i, j), b(i, j)));
  return worst;
}

/// The two sides of one measured case and the scale its error is stated in.
using measured_case = std::tuple<Matrix<double>, Matrix<double>, double>;

/// One row of the table: `body` draws a case (RapidCheck, `cases` of them) and returns its two sides and
/// scale; the row says in how many cases the sides differ in some bit, the largest distance in ulps and
/// the largest error in units of ε·scale, beside the derived bound (`bound_at_max_n`, 0: none derived).
verify::value measure(const std::string& layer, const std::string& scale, const std::string& bound,
                      double bound_at_max_n, const run_options& o, const std::function<measured_case()>& body) {
  long cases = 0, differing = 0;
  double ulps = 0, eps = 0;
  const auto r = run_property("P8.ulp-table/" + layer, [&] {
    const auto [lhs, rhs, magnitude] = body();
    ++cases;
    if (!exactly_equal(lhs, rhs)) ++differing;
    ulps = std::max(ulps, max_ulps(lhs, rhs));
    eps = std::max(eps, residual_eps(lhs, rhs, magnitude));
  }, o, 200);
  if (!r.passed) throw std::runtime_error("P8 ulp table: measuring '" + layer + "' failed: " + r.message);
  return verify::value::object{{"layer", layer},       {"cases", cases},   {"differing", differing},
                               {"max_ulps", ulps},     {"max_error_eps", eps}, {"scale", scale},
                               {"bound", bound},       {"bound_at_max_n", bound_at_max_n}};
}

}  // namespace

verify::value ulp_table(const run_options& o) {
  using K = softmax_kernel;
  using Norm = layer_norm_policy;
  using S = case_sizes<double>;
  using verify::action;
  library_attention<K> attn;
  attention_options<double> opt;
  // NOTE: the bound column is the derived bound at the largest n (and d) the generator produces.
  verify::value::list rows;
  rows.push_back(measure("one head", "max|V|", "4(n+1)", attention_reorder_bound_eps(S::max_n), o, [&] {
    const auto n = draw_size(2, S::max_n, "size");
    const auto d = draw_size(1, S::max_d, "size");
    const auto x = *gen_matrix<double>(n, d);
    const auto w = *gen_head_weights<double>(d, d, d);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    const auto head = [&](const std::vector<Matrix<double>>& in) { return attn.trace<double>(in[0], in[0], w, opt).z; };
    const auto [lhs, rhs] = verify::sides<double>(verify::equivariance("Attn(PX) = P·Attn(X)"), head, {x}, p);
    return measured_case{lhs, rhs, max_abs(multiply(x, w.wv))};
  }));
  rows.push_back(measure("multi-head with W_O", "d·max|W_O|·max|V|", "4(n+1)+2d+2",
                         multi_head_reorder_bound_eps(S::max_n, S::max_d), o, [&] {
    const auto n = draw_size(2, S::max_n, "size");
    const auto l = *gen_head_layout(S::max_d);
    const auto x = *gen_matrix<double>(n, l.d_model);
    const auto w = *gen_multi_head_weights<double>(l);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    const auto mha = [&](const std::vector<Matrix<double>>& in) { return attn.multi<double>(in[0], in[0], w, opt); };
    const auto [lhs, rhs] = verify::sides<double>(verify::equivariance("MHA(PX) = P·MHA(X)"), mha, {x}, p);
    return measured_case{lhs, rhs, static_cast<double>(l.d_model) * max_abs(w.wo) * max_abs(multiply(x, w.wv))};
  }));
  rows.push_back(measure("cross-attention, several decoder rows", "max|V|", "4(n+1)", attention_reorder_bound_eps(S::max_n),
                         o, [&] {
    const auto m = draw_size(1, S::max_n, "size");
    const auto n = draw_size(2, S::max_n, "size");
    const auto d = draw_size(1, S::max_d, "size");
    const auto y = *gen_matrix<double>(m, d);
    const auto c = *gen_matrix<double>(n, d);
    const auto w = *gen_head_weights<double>(d, d, d);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    const auto cross = [&](const std::vector<Matrix<double>>& in) { return attn.trace<double>(in[0], in[1], w, opt).z; };
    const auto [lhs, rhs] =
        verify::sides<double>(laws::encoder_rows_law("Attn(Y, PC) = Attn(Y, C)", action::none), cross, {y, c}, p);
    return measured_case{lhs, rhs, max_abs(attn.trace<double>(y, c, w, opt).v)};
  }));
  rows.push_back(measure("encoder stack (MHA, FFN, LayerNorm), 1-3 blocks", "max|output| (both sides)",
                         "none derived (LayerNorm divides by a row's spread)", 0, o, [&] {
    const auto n = draw_size(2, S::max_n, "size");
    auto c = laws::draw_stack<double>(n);
    c.opt.sum = summation::in_order;
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    const auto encoder = [&](const std::vector<Matrix<double>>& in) {
      return encoder_stack<double, K, Norm>(in[0], c.blocks, c.opt);
    };
    const auto [lhs, rhs] = verify::sides<double>(verify::equivariance("Encoder(PX) = P·Encoder(X)"), encoder, {c.x}, p);
    return measured_case{lhs, rhs, std::max(max_abs(lhs), max_abs(rhs))};
  }));
  return rows;
}

}  // namespace orderblind::properties
