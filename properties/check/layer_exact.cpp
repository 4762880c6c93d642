// SPDX-License-Identifier: MIT
// `orderblind check --exact` on a user's layer over mpq_rational: every double from the files is taken
// as its exact dyadic rational, and S(PX) = P·S(X)·Pᵀ and Attn(PX) = P·Attn(X) are checked with ==.
#include "properties/check/layer_impl.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::properties {

verify::value::checks check_layer_exact(const layer_files& in, const check_settings& s) {
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

  const std::string unit = "exact max|difference|";
  verify::check sc;
  sc.id = "score equivariance";
  sc.statement = "the scores permute with the tokens: S(PX) = P·S(X)·Pᵀ, every head";
  sc.arithmetic = "mpq_rational (exact)";
  sc.evidence = layer_evidence(true, un, s.random_permutations);
  sc.seed = layer_seed(un, s.random_permutations, s.seed);
  sc.compared = "S(PX) against P·S(X)·Pᵀ with == on the user's X (every head), for " + tried +
                "; the residual is max|difference| shown as a double";
  sc.bound = "== (exact)";
  sc.note = layer_description(in) + "; inputs taken as exact dyadic rationals";
  verify::check lr = sc;
  lr.id = "layer equivariance";
  lr.statement = "the layer commutes with any permutation of the tokens: Attn(PX) = P·Attn(X)";
  lr.arithmetic = "mpq_rational (exact), rational kernel 1+s+s²/2 in place of exp";
  lr.compared = "Attn(PX) against P·Attn(X) with == on the user's X, for " + tried +
                "; the residual is max|difference| shown as a double";
  lr.note += "; " + scale_note +
             "; softmax itself needs exp: the exact score law plus the kernel's row symmetry carry it over";
  const std::size_t heads = layer.multi_head ? in.heads : 1;
  const std::vector<Matrix<Q>> inputs{x};
  std::vector<Matrix<Q>> s0;
  for (std::size_t h = 0; h < heads; ++h) s0.push_back(layer.scores(x, h));
  const auto score_law = verify::permutation_law{sc.statement, {verify::action::permute_rows},
                                                 verify::action::permute_rows_and_cols};
  const auto layer_law = verify::equivariance(lr.statement);

  // NOTE: the verdict is == on the rationals (verify::compare); the residual is only their largest
  // difference shown as a double, computed when they differ. The worst case is the first one tried until
  // a difference is found.
  bool scores_equal = true, layer_equal = true;
  double score_worst = 0, layer_worst = 0;
  std::string score_case, layer_case;
  const auto record = [](const std::pair<Matrix<Q>, Matrix<Q>>& sides, bool& equal, double& worst, std::string& where,
                         const std::string& name) {
    const bool held = verify::compare(sides.first, sides.second, verify::equality<Q>()).held;
    equal = equal && held;
    const double d = held ? 0.0 : static_cast<double>(max_abs_difference(sides.first, sides.second));
    if (d > worst || where.empty()) {
      worst = d;
      where = name;
    }
  };
  progress bar("check: layer equivariance (exact)", permutation_count(un, s.random_permutations), s.show_progress);
  for_each_permutation(un, s.random_permutations, s.seed, [&](const std::string& name, const permutation& p) {
    for (std::size_t h = 0; h < heads; ++h) {
      const auto scores = [&layer, h](const std::vector<Matrix<Q>>& a) { return layer.scores(a[0], h); };
      record(verify::sides<Q>(score_law, scores, inputs, p, s0[h]), scores_equal, score_worst, score_case,
             name + ": " + p.cycles() + (heads > 1 ? ", head " + std::to_string(h) : ""));
    }
    ++sc.cases;
    const auto attn = [&layer](const std::vector<Matrix<Q>>& a) { return layer(a[0]); };
    record(verify::sides<Q>(layer_law, attn, inputs, p, z), layer_equal, layer_worst, layer_case,
           name + ": " + p.cycles());
    ++lr.cases;
    bar.tick();
    return true;
  });
  sc.residual = score_worst;
  lr.residual = layer_worst;
  conclude(sc, verify::held_if(scores_equal), unit, score_case);
  conclude(lr, verify::held_if(layer_equal), unit, layer_case);
  return {sc, lr};
}

}  // namespace orderblind::properties
