// SPDX-License-Identifier: MIT
// The battery over IEEE double (softmax, LayerNorm), plus the P8 ulp table.
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

std::vector<ulp_row> ulp_table(const run_options& o) {
  using K = softmax_kernel;
  using Norm = layer_norm_policy;
  using S = case_sizes<double>;
  library_attention<K> attn;
  // NOTE: the bound column is the derived bound at the largest n (and d) the generator produces.
  std::vector<ulp_row> rows(4);
  rows[0] = {"one head", 0, 0, 0, 0, "max|V|", attention_reorder_bound_eps(S::max_n), "4(n+1)"};
  rows[1] = {"multi-head with W_O", 0, 0, 0, 0, "d·max|W_O|·max|V|", multi_head_reorder_bound_eps(S::max_n, S::max_d),
             "4(n+1)+2d+2"};
  rows[2] = {"cross-attention, several decoder rows", 0, 0, 0, 0, "max|V|", attention_reorder_bound_eps(S::max_n),
             "4(n+1)"};
  rows[3] = {"encoder stack (MHA, FFN, LayerNorm), 1-3 blocks", 0, 0, 0, 0, "max(1, max|output|)", 0,
             "none derived (LayerNorm divides by a row's spread)"};
  auto measure = [&](ulp_row& row, auto body) {
    const auto r = run_property("P8.ulp-table/" + row.what, body, o, 200);
    if (!r.passed) throw std::runtime_error("P8 ulp table: measuring '" + row.what + "' failed: " + r.message);
  };
  measure(rows[0], [&] {
    const auto n = draw_size(2, S::max_n, "size");
    const auto d = draw_size(1, S::max_d, "size");
    const auto x = *gen_matrix<double>(n, d);
    const auto w = *gen_head_weights<double>(d, d, d);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    attention_options<double> opt;
    const auto lhs = attn.trace<double>(p.apply_rows(x), p.apply_rows(x), w, opt).z;
    const auto rhs = p.apply_rows(attn.trace<double>(x, x, w, opt).z);
    laws::record(rows[0], lhs, rhs, max_abs(multiply(x, w.wv)));
  });
  measure(rows[1], [&] {
    const auto n = draw_size(2, S::max_n, "size");
    const auto l = *gen_head_layout(S::max_d);
    const auto x = *gen_matrix<double>(n, l.d_model);
    const auto w = *gen_multi_head_weights<double>(l);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    attention_options<double> opt;
    const auto lhs = attn.multi<double>(p.apply_rows(x), p.apply_rows(x), w, opt);
    const auto rhs = p.apply_rows(attn.multi<double>(x, x, w, opt));
    laws::record(rows[1], lhs, rhs, static_cast<double>(l.d_model) * max_abs(w.wo) * max_abs(multiply(x, w.wv)));
  });
  measure(rows[2], [&] {
    const auto m = draw_size(1, S::max_n, "size");
    const auto n = draw_size(2, S::max_n, "size");
    const auto d = draw_size(1, S::max_d, "size");
    const auto y = *gen_matrix<double>(m, d);
    const auto c = *gen_matrix<double>(n, d);
    const auto w = *gen_head_weights<double>(d, d, d);
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    attention_options<double> opt;
    const auto t = attn.trace<double>(y, c, w, opt);
    laws::record(rows[2], attn.trace<double>(y, p.apply_rows(c), w, opt).z, t.z, max_abs(t.v));
  });
  measure(rows[3], [&] {
    const auto n = draw_size(2, S::max_n, "size");
    auto c = laws::draw_stack<double>(n);
    c.opt.sum = summation::in_order;
    const auto p = *gen_permutation(static_cast<std::size_t>(n));
    const auto lhs = encoder_stack<double, K, Norm>(p.apply_rows(c.x), c.blocks, c.opt);
    const auto rhs = p.apply_rows(encoder_stack<double, K, Norm>(c.x, c.blocks, c.opt));
    laws::record(rows[3], lhs, rhs, std::max(max_abs(lhs), max_abs(rhs)));
  });
  return rows;
}

}  // namespace orderblind::properties
