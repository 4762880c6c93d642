// SPDX-License-Identifier: MIT
// Proof A.1: Q′ = PQ, K′ = PK, V′ = PV; S′ = PSPᵀ; softmax passes through; PᵀP = I; Z′ = PZ.
#include "attention_equivariance.hpp"

#include <optional>

#include "checks.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/examples/text000.hpp"
#include "orderblind/examples/text001.hpp"
#include "random_cases.hpp"

namespace orderblind::proofs {
namespace {

/// One input of the proof: X, the head, the score scale, and the shuffle P.
struct a1_case {
  std::string label;
  bool example = false;
  Matrix<Q> x;
  head_weights<Q> w;
  Q scale;               ///< the exact path's scale
  R real_scale;          ///< the mpfr100 path's scale (1/√2 for text 000)
  permutation p;
};

std::vector<a1_case> cases(const run_config& cfg) {
  std::vector<a1_case> v;
  {
    namespace ex = examples::text001;
    v.push_back({"text 001 §3.2, I love LLMs reversed", true, ex::x<Q>(), ex::weights<Q>(), ex::scale<Q>(),
                 ex::scale<R>(), ex::reversal()});
  }
  {
    namespace ex = examples::text000;
    // NOTE: 1/√2 is irrational; the exact path scales by 1 (a scalar factor commutes with P), the
    // mpfr100 path uses 1/√2 as the text does.
    using std::sqrt;
    v.push_back({"text 000 §3, dog bites man → man bites dog", true, ex::sentence_a<Q>(), ex::identity_weights<Q>(),
                 Q(1), R(1) / R(sqrt(R(2))), ex::swap_first_and_last()});
  }
  case_source src(cfg.seed);
  for (long k = 0; k < cfg.cases; ++k) {
    const auto n = src.integer(2, 5), d = src.integer(1, 4), dk = src.integer(1, 4), dv = src.integer(1, 4);
    a1_case c{"random case " + std::to_string(k + 1), false, src.matrix<Q>(n, d),
              {src.matrix<Q>(d, dk), src.matrix<Q>(d, dk), src.matrix<Q>(d, dv)}, src.rational<Q>(), R(0),
              src.shuffle(static_cast<std::size_t>(n))};
    c.real_scale = R(c.scale);
    v.push_back(std::move(c));
  }
  return v;
}

head_weights<R> to_real(const head_weights<Q>& w) {
  return {cast_matrix<R>(w.wq), cast_matrix<R>(w.wk), cast_matrix<R>(w.wv)};
}

/// Attn(PX) = P·Attn(X): the law this proof's real path checks on Z (verify/law.hpp).
const verify::permutation_law attention_law = verify::equivariance("Attn(PX) = P·Attn(X)");

std::string describe(const a1_case& c) {
  return c.label + " (P = " + c.p.cycles() + ", X = " + show(c.x) + ")";
}

}  // namespace

verify::check prove_a1(const run_config& cfg, const attention_subject& subject) {
  const std::string src = "text 001, Appendix A.1; text 000, §2";
  const std::string exact = "mpq_rational (exact, ==)";
  const std::string kernel_note =
      "the exact path uses the rational kernel φ(s) = 1 + s + s²/2 in place of exp (softmax's own step is 5b–5c)";
  verify::step s1{"1", "PX is X with its rows reordered: (PX)ᵢ = X_π(i)", src,
                   "the matrix product P·X against X's rows moved by π", exact, "== (exact)"};
  verify::step s2{"2", "PᵀP = I (undoing a shuffle is shuffling back)", src, "the product PᵀP against I", exact,
                   "== (exact)"};
  verify::step s3{"3", "Q′ = PQ, K′ = PK, V′ = PV", src,
                   "Q′, K′, V′ computed by " + subject.name + " from PX, against P·Q, P·K, P·V", exact,
                   "== (exact)"};
  verify::step s4{"4", "S′ = (PQ)(PK)ᵀ/√d_k = P Q Kᵀ Pᵀ/√d_k = P S Pᵀ", src,
                   "S′ computed from PX against P·S·Pᵀ (matrix products)", exact, "== (exact)"};
  verify::step s5{"5", "softmax passes through: A′ = softmax(P S Pᵀ) = P A Pᵀ (row-wise, order-free sum)", src,
                   "A′ against P·A·Pᵀ with the row normaliser φ(s)/Σφ (" + std::string(kernel_note) + ")", exact,
                   "== (exact)"};
  verify::step s5b{"5b", "softmax itself: softmax(P S Pᵀ) = P softmax(S) Pᵀ", src,
                    "A′ against P·A·Pᵀ with exp, textbook in-order sums", "mpfr100 (MPFR, 100 digits)",
                    "≤ 2(n+1) ε (absolute; weights ≤ 1)"};
  verify::step s5c{"5c", "with an order-free sum the shuffle is bit-for-bit invisible: A′ = P A Pᵀ and Z′ = P Z",
                    src + " (\"bit-for-bit identical\")", "A′, Z′ against P·A·Pᵀ, P·Z with sorted sums",
                    "mpfr100 (MPFR, 100 digits)", "== (bit-for-bit)"};
  verify::step s6{"6", "Z′ = A′V′ = P A Pᵀ P V = P A V = P Z", src,
                   "Z′ from PX against P·Z, and the chain (P A Pᵀ)(P V) against P·(A V)", exact, "== (exact)"};
  verify::step s6b{"6b", "Attn(PX) = P·Attn(X) with softmax", src, "Z′ against P·Z with exp, in-order sums",
                    "mpfr100 (MPFR, 100 digits)", "≤ 4(n+1)·(ε·max|V| + η)"};
  // NOTE: why 2(n+1) ε for the weights. The scores of a row of S′ are the scores of a row of S in
  // another order, bit for bit (dot products over the feature axis in the same order), so the
  // exponentials are identical too; only the normaliser Σ_j w_j is summed in another order. Two
  // orders of n positive terms differ by ≤ 2(n−1)ε relative (Higham §4.2), the division adds ≤ 2ε,
  // and each weight is ≤ 1: |a′ − a| ≤ 2n ε < 2(n+1) ε.
  for (const auto& c : cases(cfg)) {
    const auto n = c.x.rows();
    const Matrix<Q> pm = c.p.matrix<Q>();
    const Matrix<Q> pt = pm.transpose();
    const Matrix<Q> px = multiply(pm, c.x, "P", "X");
    s1.add(compare_exact(px, c.p.apply_rows(c.x), "P·X", "X with rows moved"), c.example, describe(c));
    const Matrix<Q> ptp = multiply(pt, pm, "Pᵀ", "P");
    s2.add(compare_exact(ptp, Matrix<Q>(Matrix<Q>::Identity(n, n)), "PᵀP", "I"), c.example, describe(c));

    const auto t = subject.exact(c.x, c.x, c.w, c.scale);
    const auto tp = subject.exact(px, px, c.w, c.scale);
    verify::comparison o = compare_exact(tp.q, multiply(pm, t.q), "Q′", "P·Q");
    if (o.held) o = compare_exact(tp.k, multiply(pm, t.k), "K′", "P·K");
    if (o.held) o = compare_exact(tp.v, multiply(pm, t.v), "V′", "P·V");
    s3.add(o, c.example, describe(c));
    s4.add(compare_exact(tp.s, multiply(multiply(pm, t.s), pt), "S′", "P·S·Pᵀ"), c.example, describe(c));
    s5.add(compare_exact(tp.a, multiply(multiply(pm, t.a), pt), "A′", "P·A·Pᵀ"), c.example, describe(c));
    o = compare_exact(tp.z, multiply(pm, t.z), "Z′", "P·Z");
    if (o.held)
      o = compare_exact(multiply(multiply(multiply(pm, t.a), pt), multiply(pm, t.v)), multiply(pm, t.z),
                        "(P A Pᵀ)(P V)", "P·(A V)");
    s6.add(o, c.example, describe(c));

    // The real path, with exp. Z′ = P·Z is the permutation law itself (verify/law.hpp); the weights
    // A′ = P A Pᵀ move rows and columns, so they are compared with the matrices P and Pᵀ.
    const auto wr = to_real(c.w);
    const Matrix<R> xr = cast_matrix<R>(c.x);
    const Matrix<R> pr = c.p.matrix<R>();
    const Matrix<R> ptr = pr.transpose();
    const Matrix<R> pxr = c.p.apply_rows(xr);
    const auto attn = [&](summation how) {
      return [&, how](const std::vector<Matrix<R>>& in) { return subject.real(in[0], in[0], wr, c.real_scale, how).z; };
    };
    const auto rt = subject.real(xr, xr, wr, c.real_scale, summation::in_order);
    const auto rtp = subject.real(pxr, pxr, wr, c.real_scale, summation::in_order);
    const double k_a = 2.0 * double(n + 1), k_z = attention_reorder_bound_eps(n);
    s5b.add(compare_within(rtp.a, Matrix<R>(multiply(multiply(pr, rt.a), ptr)), k_a, R(1), "A′ vs P A Pᵀ"), c.example,
            describe(c), k_a);
    const auto [zp, pz] = verify::sides<R>(attention_law, attn(summation::in_order), {xr}, c.p);
    s6b.add(compare_within(zp, pz, k_z, R(max_abs(rt.v)), "Z′ vs P Z"), c.example, describe(c), k_z);
    const auto st = subject.real(xr, xr, wr, c.real_scale, summation::sorted);
    const auto stp = subject.real(pxr, pxr, wr, c.real_scale, summation::sorted);
    o = compare_bitwise(stp.a, Matrix<R>(multiply(multiply(pr, st.a), ptr)), "A′ vs P A Pᵀ");
    if (o.held) {
      const auto [szp, spz] = verify::sides<R>(attention_law, attn(summation::sorted), {xr}, c.p);
      o = compare_bitwise(szp, spz, "Z′ vs P Z");
    }
    s5c.add(o, c.example, describe(c));
  }
  s5.remark("The rational kernel is positive (discriminant 1 − 2 < 0) and, like exp, maps each score on its own; "
            "the argument of the text uses only that and the order-free row sum. Softmax's own step: 5b–5c here (mpfr100), "
            "and exactly, in the field Q(t), in proof A.1-exp.");
  s5c.remark("With the textbook in-order sum the floating results may differ in the last bits (step 5b bounds "
             "that); text 000's \"bit-for-bit identical\" holds with an order-free sum.");
  verify::value::checks steps;
  for (auto* s : {&s1, &s2, &s3, &s4, &s5, &s5b, &s5c, &s6, &s6b}) steps.push_back(s->finish(cfg.seed));
  return proof_check("A.1", "self-attention is permutation-equivariant: Attn(PX) = P·Attn(X)", src, random_cases_description, std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"A.1", "self-attention is permutation-equivariant: Attn(PX) = P·Attn(X)",
                                "text 001, Appendix A.1; text 000, §2",
                                [](const run_config& cfg) { return prove_a1(cfg); }}};
}  // namespace

}  // namespace orderblind::proofs
