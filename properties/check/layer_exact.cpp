// SPDX-License-Identifier: MIT
// `orderblind check --exact` on a user's layer over mpq_rational: every double from the files is taken
// as its exact dyadic rational, and S(PX) = P·S(X)·Pᵀ and Attn(PX) = P·Attn(X) are checked with ==.
#include "properties/check/layer_impl.hpp"
#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind::properties {

std::vector<check_result> check_layer_exact(const layer_files& in, const check_settings& s) {
  using Q = mpq_rational;
  auto layer = make_layer<Q, rational_kernel>(in);
  const Matrix<Q> x = in.x.as<Q>();
  const auto dh = layer.multi_head ? layer.wq.cols() / static_cast<Eigen::Index>(std::max<std::size_t>(in.heads, 1))
                                   : layer.wq.cols();
  std::string scale_note;
  try {
    layer.opt.scale = inverse_sqrt_scale<Q>(dh);
    scale_note = "scale 1/√" + std::to_string(dh) + " (exact)";
  } catch (const unsupported_operation_error&) {
    // NOTE: a positive constant scale multiplies S(X) and S(PX) alike, so it cannot change whether the
    // layer is equivariant; dropping an irrational 1/√d_k keeps the arithmetic exact.
    layer.opt.scale = Q(1);
    scale_note = "scale 1 instead of 1/√" + std::to_string(dh) + " (irrational; a constant factor cannot affect equivariance)";
  }
  const Matrix<Q> z = layer(x);  // validates every shape first
  const auto n = x.rows();
  const auto un = static_cast<std::size_t>(n);
  const std::string tried = permutations_tried(un, s.random_permutations, s.seed);

  check_result sc;
  sc.id = "score equivariance";
  sc.law = "the scores permute with the tokens: S(PX) = P·S(X)·Pᵀ, every head";
  sc.arithmetic = "mpq_rational (exact)";
  sc.evidence = layer_evidence(true, un, s.random_permutations);
  sc.seed = layer_seed(un, s.random_permutations, s.seed);
  sc.compared = "S(PX) against P·S(X)·Pᵀ with == on the user's X (every head), for " + tried +
                "; the residual is max|difference| shown as a double";
  sc.bound_text = "== (exact)";
  sc.unit = "exact max|difference|";
  sc.note = layer_description(in) + "; inputs taken as exact dyadic rationals";
  check_result lr = sc;
  lr.id = "layer equivariance";
  lr.law = "the layer commutes with any permutation of the tokens: Attn(PX) = P·Attn(X)";
  lr.arithmetic = "mpq_rational (exact), rational kernel 1+s+s²/2 in place of exp";
  lr.compared = "Attn(PX) against P·Attn(X) with == on the user's X, for " + tried +
                "; the residual is max|difference| shown as a double";
  lr.note += "; " + scale_note +
             "; softmax itself needs exp: the exact score law plus the kernel's row symmetry carry it over";
  const std::size_t heads = layer.multi_head ? in.heads : 1;
  std::vector<Matrix<Q>> s0;
  for (std::size_t h = 0; h < heads; ++h) s0.push_back(layer.scores(x, h));

  bool scores_equal = true, layer_equal = true;
  progress bar("check: layer equivariance (exact)", permutation_count(un, s.random_permutations), s.show_progress);
  for_each_permutation(un, s.random_permutations, s.seed, [&](const std::string& name, const permutation& p) {
    const Matrix<Q> px = p.apply_rows(x);
    for (std::size_t h = 0; h < heads; ++h) {
      const Matrix<Q> expected = p.apply_cols(Matrix<Q>(p.apply_rows(s0[h])));
      const Matrix<Q> got = layer.scores(px, h);
      scores_equal = scores_equal && exactly_equal(got, expected);
      const double d = static_cast<double>(max_abs_difference(got, expected));
      if (d > sc.worst || sc.worst_case.empty()) {
        sc.worst = d;
        sc.worst_case = name + ": " + p.cycles() + (heads > 1 ? ", head " + std::to_string(h) : "");
      }
    }
    ++sc.cases;
    const Matrix<Q> zp = layer(px), pz = p.apply_rows(z);
    layer_equal = layer_equal && exactly_equal(zp, pz);
    const double d = static_cast<double>(max_abs_difference(zp, pz));
    if (d > lr.worst || lr.worst_case.empty()) {
      lr.worst = d;
      lr.worst_case = name + ": " + p.cycles();
    }
    ++lr.cases;
    bar.tick();
    return true;
  });
  // NOTE: the verdict comes from == on the rationals; `worst` is only their difference shown as a double.
  sc.held = scores_equal;
  lr.held = layer_equal;
  return {sc, lr};
}

}  // namespace orderblind::properties
