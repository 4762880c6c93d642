// SPDX-License-Identifier: MIT
// The equivariance laws with the REAL softmax, exactly: attention run in the field Q(t),
// t = e^(1/(4·√d_k)), on random inputs whose scores lie on the grid (1/4)Z. Each law holds exactly
// (as rational functions of t, hence at the real t); the mutant (one weight + 1/1000) must fail.
#include <catch2/catch.hpp>

#include "orderblind/expfield/layer.hpp"
#include "properties/support/support.hpp"

using namespace orderblind;
using namespace orderblind::expfield;
using namespace orderblind::properties;

namespace {

/// Default cases per law (× ORDERBLIND_CASE_SCALE).
constexpr long default_cases = 100;

// NOTE: X, Y, C entries in {−1, −1/2, 0, 1/2, 1} and W_Q, W_K entries in {−1, 0, 1} put Q Kᵀ on the
// grid (1/4)Z, so exp(s/√d_k) = t^(4s) with t = e^(1/(4√d_k)): every weight is in Q(t).
// NOTE: every draw is uniform from the first case on (gen_uniform ignores RapidCheck's size, which would
// otherwise make the early cases all −1: all rows identical, a case that cannot fail).
rc::Gen<element> half_entry() {
  return rc::gen::map(gen_uniform(-2, 2), [](int k) { return element(rational(k) / rational(2)); });
}
rc::Gen<element> unit_entry() {
  return rc::gen::map(gen_uniform(-1, 1), [](int k) { return element(k); });
}
rc::Gen<head_weights<element>> grid_head(Eigen::Index d, Eigen::Index dk, Eigen::Index dv) {
  return rc::gen::map(rc::gen::tuple(gen_matrix<element>(d, dk, unit_entry()), gen_matrix<element>(d, dk, unit_entry()),
                                     gen_matrix<element>(d, dv, half_entry())),
                      [](const std::tuple<Matrix<element>, Matrix<element>, Matrix<element>>& t) {
                        return head_weights<element>{std::get<0>(t), std::get<1>(t), std::get<2>(t)};
                      });
}

/// "attention commutes with any row permutation", real softmax, exactly in Q(t).
template <class K>
outcome self_law(const run_options& o) {
  return run_property("Q(t): self-attention commutes with any row permutation", [] {
    const auto n = *gen_uniform<Eigen::Index>(2, 5).as("tokens n");
    const auto d = *gen_uniform<Eigen::Index>(1, 4).as("d_model");
    const auto dk = *gen_uniform<Eigen::Index>(1, 4).as("d_k");
    const auto x = *gen_matrix<element>(n, d, half_entry()).as("X");
    const auto w = *grid_head(d, dk, 2).as("head weights");
    const auto p = *gen_permutation(static_cast<std::size_t>(n)).as("P");
    const auto opt = options_for(variable::for_scores(4, dk));
    RC_ASSERT(exactly_equal(self_attention<element, K>(p.apply_rows(x), w, opt),
                            p.apply_rows(self_attention<element, K>(x, w, opt))));
  }, o, default_cases);
}

/// "cross-attention ignores the order of the encoder rows", real softmax, exactly in Q(t).
template <class K>
outcome cross_law(const run_options& o) {
  return run_property("Q(t): cross-attention ignores the order of the encoder rows", [] {
    const auto n = *gen_uniform<Eigen::Index>(1, 3).as("decoder rows");
    const auto m = *gen_uniform<Eigen::Index>(2, 5).as("encoder rows");
    const auto d = *gen_uniform<Eigen::Index>(1, 4).as("d_model");
    const auto dk = *gen_uniform<Eigen::Index>(1, 4).as("d_k");
    const auto y = *gen_matrix<element>(n, d, half_entry()).as("decoder rows Y");
    const auto c = *gen_matrix<element>(m, d, half_entry()).as("encoder rows C");
    const auto w = *grid_head(d, dk, 2).as("head weights");
    const auto p = *gen_permutation(static_cast<std::size_t>(m)).as("P");
    const auto opt = options_for(variable::for_scores(4, dk));
    RC_ASSERT(exactly_equal(cross_attention<element, K>(y, p.apply_rows(c), w, opt),
                            cross_attention<element, K>(y, c, w, opt)));
  }, o, default_cases);
}

/// "multi-head attention with W_O commutes with any row permutation", real softmax, exactly in Q(t).
template <class K>
outcome multi_head_law(const run_options& o) {
  return run_property("Q(t): multi-head self-attention with W_O commutes with any row permutation", [] {
    const auto n = *gen_uniform<Eigen::Index>(2, 4).as("tokens n");
    const auto heads = *gen_uniform<std::size_t>(1, 2).as("heads");
    const Eigen::Index d = 4;
    const auto x = *gen_matrix<element>(n, d, half_entry()).as("X");
    const auto wq = *gen_matrix<element>(d, d, unit_entry()).as("W_Q");
    const auto wk = *gen_matrix<element>(d, d, unit_entry()).as("W_K");
    const auto wv = *gen_matrix<element>(d, d, half_entry()).as("W_V");
    const auto wo = *gen_matrix<element>(d, d, half_entry()).as("W_O");
    const auto p = *gen_permutation(static_cast<std::size_t>(n)).as("P");
    const multi_head_weights<element> w{wq, wk, wv, wo, heads};
    // One t for all heads: they share d_h = 4/heads.
    const auto opt = options_for(variable::for_scores(4, d / static_cast<Eigen::Index>(heads)));
    RC_ASSERT(exactly_equal(multi_head_self_attention<element, K>(p.apply_rows(x), w, opt),
                            p.apply_rows(multi_head_self_attention<element, K>(x, w, opt))));
  }, o, default_cases);
}

}  // namespace

TEST_CASE("Q(t): self-attention commutes with any row permutation (real softmax, exactly)", "[properties][expfield]") {
  const auto r = self_law<softmax_kernel>({});
  INFO(describe_failure("self", r));
  CHECK(r.passed);
  CHECK(r.cases >= default_cases);
}

TEST_CASE("Q(t): cross-attention ignores the order of the encoder rows (real softmax, exactly)", "[properties][expfield]") {
  const auto r = cross_law<softmax_kernel>({});
  INFO(describe_failure("cross", r));
  CHECK(r.passed);
  CHECK(r.cases >= default_cases);
}

TEST_CASE("Q(t): multi-head self-attention with W_O commutes with any row permutation", "[properties][expfield]") {
  const auto r = multi_head_law<softmax_kernel>({});
  INFO(describe_failure("multi-head", r));
  CHECK(r.passed);
  CHECK(r.cases >= default_cases);
}

TEST_CASE("mutant: a softmax with its first weight + 1/1000 fails every Q(t) law", "[properties][expfield][mutant]") {
  const run_options o{60, std::nullopt, std::nullopt, true};
  for (const auto& r : {self_law<perturbed_softmax_kernel>(o), cross_law<perturbed_softmax_kernel>(o),
                        multi_head_law<perturbed_softmax_kernel>(o)}) {
    CHECK_FALSE(r.passed);
    CHECK_FALSE(r.reproduce.empty());
  }
}
