// SPDX-License-Identifier: MIT
#pragma once
/// Text 001, Appendices A.1 and A.2 run in Q(t) with the real softmax: every step an exact equation
/// between rational functions of t, checked on the text's example and on random grid cases, and returned
/// as its evidence record (a `verify::step`'s check: cases, seed, verdict, the first failing case).
// NOTE: one softmax level, which is what A.1 (one self-attention layer) and A.2 (the decoder's
// cross-attention reading a given encoder output C) need. A.2's Step 0 (the encoder passes the
// shuffle through) is checked for one exact-softmax encoder layer; the cross-attention steps then take
// C as rational data, since exp of an encoder output in Q(t) would be a second softmax level.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/compare.hpp"
#include "orderblind/examples/text001.hpp"
#include "orderblind/expfield/layer.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/report.hpp"
#include "orderblind/verify/step.hpp"

namespace orderblind::expfield {

/// The arithmetic line certificates print.
inline std::string exact_arithmetic() {
  return "Q(t) exact (rational functions over GMP rationals, ==), real softmax, t = e^(1/(D·sqrt(d_k)))";
}

/// How the random cases are drawn (for certificates).
inline std::string random_case_description() {
  return "case k drawn from case_source(seed + k), " + case_source::describe() + ": n in [2,5] tokens, d_model in [2,4], d_k in [1,4]; X, Y, C, W_V entries "
         "in {-1,-1/2,0,1/2,1}, W_Q, W_K entries in {-1,0,1}; scores on the grid (1/4)Z, t = e^(1/(4·sqrt(d_k))); "
         "P uniform over the permutations other than the identity; A.2 Step 5's 2-head case drawn from the same "
         "case seed";
}

namespace detail {
inline Eigen::Index pick(std::uint64_t seed, int which, Eigen::Index lo, Eigen::Index hi) {
  return case_source(seed * 7919 + static_cast<std::uint64_t>(which)).uniform_int(lo, hi);
}
/// The seed of random case number k of a run with this seed.
inline std::uint64_t case_seed(std::uint64_t seed, long k) { return seed + static_cast<std::uint64_t>(k); }
/// The random case number k of a run with this seed. P is never the identity.
// NOTE: random_grid_case shuffles uniformly, which leaves P = I in 1/m! of the cases (1/2 at m = 2, about
// 18 % over m ∈ [2, 5]) — cases that cannot fail. P is redrawn from the case's own stream until it moves a row.
inline grid_case random_case(std::uint64_t seed, long k, bool cross) {
  const std::uint64_t s = case_seed(seed, k);
  const auto n = pick(s, 1, 2, 5), m = cross ? pick(s, 2, 2, 5) : n;
  grid_case g = random_grid_case(s, n, m, pick(s, 3, 2, 4), pick(s, 4, 1, 4));
  case_source src(s * 6151 + 5);
  std::vector<std::size_t> order(g.p.size());
  while (g.p.is_identity()) {
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    src.shuffle(order.begin(), order.end());
    g.p = permutation(order);
  }
  return g;
}
/// A step of an appendix in Q(t): compared with == in exact_arithmetic().
inline verify::step qt_step(std::string number, std::string statement, std::string source, std::string compared) {
  return verify::step(std::move(number), std::move(statement), std::move(source), std::move(compared), exact_arithmetic(),
                      "== (exact, in Q(t))");
}
/// The steps' checks, each with its cases and `seed`.
inline verify::value::checks finish(std::vector<verify::step>& steps, std::uint64_t seed) {
  verify::value::checks out;
  for (auto& s : steps) {
    if (s.held()) s.remark("one softmax level: exactly what this appendix needs");
    out.push_back(s.finish(seed));
  }
  return out;
}
/// The seed-001 example in Q(t): X = "I love LLMs", the author's weights, t = e^(1/2).
inline grid_case text001_case() {
  namespace ex = examples::text001;
  return {ex::x<element>(), ex::x<element>(), ex::weights<element>(), variable::for_scores(1, 4), ex::reversal()};
}
}  // namespace detail

/// Appendix A.1 in Q(t): shuffle the input and the output is shuffled the same way, exactly. One check per
/// numbered step (steps 1–5), each over the text's example and `cases` random cases drawn from `seed`.
template <class K = softmax_kernel>
verify::value::checks prove_a1(long cases, std::uint64_t seed) {
  const std::string source = "text 001, Appendix A.1";
  std::vector<verify::step> steps{
      detail::qt_step("1", "PᵀP = I", source, "P's matrix in Q(t)"),
      detail::qt_step("2", "Q′ = PQ, K′ = PK, V′ = PV", source, "the projections of PX against P times those of X"),
      detail::qt_step("3", "S′ = P S Pᵀ", source, "raw scores Q′K′ᵀ of PX against P (QKᵀ) Pᵀ"),
      detail::qt_step("4", "softmax(P S Pᵀ) = P softmax(S) Pᵀ (real softmax)", source,
                      "A′ = softmax(S′/sqrt(d_k)) against P A Pᵀ, entries in Q(t)"),
      detail::qt_step("5", "Z′ = A′V′ = P A PᵀP V = P Z", source, "Attn(PX) against P·Attn(X), entries in Q(t)")};
  auto run = [&](const grid_case& g, bool example, const std::string& label) {
    const auto record = [&](std::size_t i, bool ok) { steps[i].add(verify::decided(ok), example, label); };
    const auto opt = options_for(g.var);
    const auto& p = g.p;
    const Matrix<element> pm = p.matrix<element>();
    const Matrix<element> id = Matrix<element>::Identity(pm.rows(), pm.cols());
    record(0, exactly_equal(Matrix<element>(multiply(Matrix<element>(pm.transpose()), pm)), id));
    const auto t = self_attention_trace<element, K>(g.x, g.w, opt);
    const auto tp = self_attention_trace<element, K>(p.apply_rows(g.x), g.w, opt);
    record(1, exactly_equal(tp.q, p.apply_rows(t.q)) && exactly_equal(tp.k, p.apply_rows(t.k)) &&
                  exactly_equal(tp.v, p.apply_rows(t.v)));
    // NOTE: Steps 3–5 read S′, A′, Z′ and S, A, Z off the same two traces, so that the chain of equations
    // is checked on one evaluation of each side (check_law would evaluate both sides again per step, and
    // Q(t) is the costly arithmetic here); how P acts on each is verify/law.hpp's `act`.
    using verify::action;
    record(2, exactly_equal(tp.s, verify::act(action::permute_rows_and_cols, t.s, p)));
    record(3, exactly_equal(tp.a, verify::act(action::permute_rows_and_cols, t.a, p)));
    record(4, exactly_equal(tp.z, verify::act(action::permute_rows, t.z, p)));
  };
  run(detail::text001_case(), true, "text 001 §3.2, I love LLMs reversed, t = e^(1/2)");
  for (long k = 0; k < cases; ++k) {
    const auto g = detail::random_case(seed, k, false);
    run(g, false, "random case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", P = " + g.p.cycles() + ")");
  }
  return detail::finish(steps, seed);
}

/// Appendix A.2 in Q(t): reordering the encoder's rows changes nothing the decoder receives, exactly. One
/// check per numbered step (steps 0–5), each over the text's example and `cases` random cases drawn from `seed`.
template <class K = softmax_kernel>
verify::value::checks prove_a2(long cases, std::uint64_t seed) {
  const std::string source = "text 001, Appendix A.2";
  std::vector<verify::step> steps{
      detail::qt_step("0", "encoder(PX) = P·encoder(X)", source, "one exact-softmax self-attention layer as the encoder, in Q(t)"),
      detail::qt_step("1", "K′ = PK, V′ = PV", source, "C′W_K, C′W_V against P(C W_K), P(C W_V)"),
      detail::qt_step("2", "s′ = s Pᵀ", source, "each decoder row's raw scores q·k against the reordered scores"),
      detail::qt_step("3", "a′ = a Pᵀ (real softmax)", source, "each decoder row's weights in Q(t)"),
      detail::qt_step("4", "z′ = a′V′ = a PᵀP V = z", source, "cross-attention output for every decoder row, in Q(t)"),
      detail::qt_step("5", "several heads and W_O: MHA(Y, PC) = MHA(Y, C)", source,
                      "2-head cross-attention with W_O (d_model = 4, both heads d_h = 2, one t)")};
  auto run = [&](const grid_case& g, bool example, const std::string& label, std::uint64_t case_seed) {
    const auto record = [&](std::size_t i, bool ok) { steps[i].add(verify::decided(ok), example, label); };
    const auto opt = options_for(g.var);
    const auto& p = g.p;
    // Step 0: an encoder layer passes the shuffle through (one softmax level: the encoder's own): the law
    // as data (verify/law.hpp), compared with ==.
    const auto exact = [](const auto&, const auto&) { return verify::equality<element>(); };
    const auto encoder = [&](const std::vector<Matrix<element>>& in) { return self_attention<element, K>(in[0], g.w, opt); };
    record(0, verify::check_law<element>(verify::equivariance("encoder(PX) = P·encoder(X)"), encoder, {g.c}, p, exact).held);
    const auto t = cross_attention_trace<element, K>(g.x, g.c, g.w, opt);
    const auto tp = cross_attention_trace<element, K>(g.x, p.apply_rows(g.c), g.w, opt);
    record(1, exactly_equal(tp.k, p.apply_rows(t.k)) && exactly_equal(tp.v, p.apply_rows(t.v)));
    record(2, exactly_equal(tp.s, verify::act(verify::action::permute_cols, t.s, p)));
    record(3, exactly_equal(tp.a, verify::act(verify::action::permute_cols, t.a, p)));
    record(4, exactly_equal(tp.z, t.z));
    // Step 5: two heads of width 2 over d_model = 4, W_O mixing them.
    // NOTE: drawn from the case's own seed (it was once seeded by the shapes alone: at most 16 distinct inputs).
    case_source rng(case_seed * 7717 + 3);
    const Eigen::Index dm = 4;
    const auto y4 = random_grid_matrix(rng, g.x.rows(), dm, 2, 2);
    const auto c4 = random_grid_matrix(rng, g.c.rows(), dm, 2, 2);
    multi_head_weights<element> mw{random_grid_matrix(rng, dm, dm, 1), random_grid_matrix(rng, dm, dm, 1),
                                   random_grid_matrix(rng, dm, dm, 2, 2), random_grid_matrix(rng, dm, dm, 2, 2), 2};
    const auto mopt = options_for(variable::for_scores(4, 2));
    const verify::permutation_law cross{"MHA(Y, PC) = MHA(Y, C)", {verify::action::none, verify::action::permute_rows},
                                        verify::action::none};
    const auto mha = [&](const std::vector<Matrix<element>>& in) {
      return multi_head_attention<element, K>(in[0], in[1], mw, mopt);
    };
    record(5, verify::check_law<element>(cross, mha, {y4, c4}, p, exact).held);
  };
  {
    // The text's example: C = the rows of "I love LLMs" (encoder output taken as these rows), the
    // decoder query rows Y = the same three rows, P = the reversal.
    run(detail::text001_case(), true, "text 001 Appendix A.2, I love LLMs reversed, t = e^(1/2)", 0);
  }
  for (long k = 0; k < cases; ++k) {
    const auto g = detail::random_case(seed, k, true);
    run(g, false, "random case " + std::to_string(k + 1) + " (seed " + std::to_string(seed) + ", P = " + g.p.cycles() + ")",
        detail::case_seed(seed, k));
  }
  return detail::finish(steps, seed);
}

}  // namespace orderblind::expfield
