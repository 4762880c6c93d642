// SPDX-License-Identifier: MIT
// Proof A.2: text 001, Appendix A.2, Steps 0–5.
#include "cross_attention.hpp"

#include "checks.hpp"
#include "orderblind/verify/law.hpp"
#include "model_weights.hpp"
#include "orderblind/examples/text001.hpp"

namespace orderblind::proofs {
namespace {

/// One input: the encoder's input X, its blocks, the decoder rows Y, one cross head, decoder blocks, P.
struct a2_case {
  std::string label;
  bool example = false;
  Matrix<Q> x;
  std::vector<encoder_block_weights<Q>> encoder;
  Matrix<Q> y;
  head_weights<Q> cross;
  multi_head_weights<Q> cross_multi;
  std::vector<decoder_block_weights<Q>> decoder;
  permutation p;
};

std::vector<encoder_block_weights<Q>> example_encoder() {
  namespace ex = examples::text001;
  const auto w = ex::weights<Q>();
  const Matrix<Q> id = Matrix<Q>::Identity(4, 4);
  // NOTE: the text gives no encoder or decoder weights beyond Part 1's W_Q, W_K, W_V; the example's
  // blocks reuse them with W_O = I and an FFN of identities, and say so in the certificate.
  encoder_block_weights<Q> b{{w.wq, w.wk, w.wv, id, 1}, {id, Matrix<Q>::Zero(1, 4), id, Matrix<Q>::Zero(1, 4)}, {}, {}};
  return {b, b};
}

std::vector<a2_case> cases(const run_config& cfg) {
  namespace ex = examples::text001;
  std::vector<a2_case> v;
  {
    const auto enc = example_encoder();
    const auto w = ex::weights<Q>();
    const Matrix<Q> id = Matrix<Q>::Identity(4, 4);
    decoder_block_weights<Q> db{enc[0].attention, enc[0].attention, enc[0].ffn, {}, {}, {}};
    v.push_back({"text 001 §3.2/A.2: I love LLMs reversed (decoder rows: I, love, LLMs)", true, ex::x<Q>(), enc,
                 ex::x<Q>(), w, {w.wq, w.wk, w.wv, id, 1}, {db, db}, ex::reversal()});
  }
  case_source src(cfg.seed);
  for (long k = 0; k < cfg.cases; ++k) {
    const auto n = src.integer(2, 5), m = src.integer(1, 3);
    const Eigen::Index d = 2;
    const std::size_t heads = static_cast<std::size_t>(src.integer(1, 2));
    a2_case c{"random case " + std::to_string(k + 1), false, src.matrix<Q>(n, d), {}, src.matrix<Q>(m, d),
              {src.matrix<Q>(d, d), src.matrix<Q>(d, d), src.matrix<Q>(d, d)}, random_multi_head<Q>(src, d, heads), {},
              src.shuffle(static_cast<std::size_t>(n))};
    c.encoder.push_back(random_encoder_block<Q>(src, d, heads));
    c.decoder.push_back(random_decoder_block<Q>(src, d, heads));
    v.push_back(std::move(c));
  }
  return v;
}

/// The decoder stack with an explicit score scale (decoder_stack itself takes no options).
Matrix<Q> decode(Matrix<Q> y, const Matrix<Q>& c, const std::vector<decoder_block_weights<Q>>& blocks,
                 const attention_options<Q>& opt) {
  for (const auto& b : blocks) y = decoder_block<Q, rational_kernel, mad_norm_policy>(y, c, b, opt, opt);
  return y;
}

/// f(Y, PC) = f(Y, C): what the decoder side computes does not see the order of the encoder rows (verify/law.hpp).
const verify::permutation_law encoder_order_law{"f(Y, PC) = f(Y, C)",
                                                {verify::action::none, verify::action::permute_rows},
                                                verify::action::none};
/// `==` (the proof's exact steps).
verify::tolerance<Q> exact_tolerance(const std::vector<Matrix<Q>>&, const Matrix<Q>&) { return verify::equality<Q>(); }

std::string describe(const a2_case& c) { return c.label + " (P = " + c.p.cycles() + ", X = " + show(c.x) + ")"; }

}  // namespace

verify::check prove_a2(const run_config& cfg, const attention_subject& subject) {
  const std::string src = "text 001, Appendix A.2";
  const std::string exact = "mpq_rational (exact, ==)";
  const std::string real = "mpfr100 (MPFR, 100 digits)";
  verify::step s0{"Step 0", "the encoder's output is reordered, and nothing else: encoder(PX) = P·encoder(X) = PC",
                   src, "encoder stack (multi-head self-attention, FFN, Add & Norm; rational kernel, MAD norm) of PX "
                        "against P·C; the example stacks 2 blocks, random cases 1 block",
                   exact, "== (exact)"};
  verify::step s1{"Step 1", "the Keys and the Values are reordered, and nothing else: (PC)W_K = P(C W_K), (PC)W_V = P(C W_V)",
                   src, "K′, V′ computed by " + subject.name + " from PC against P·K, P·V", exact, "== (exact)"};
  verify::step s2{"Step 2", "the scores are reordered, and nothing else: q(PK)ᵀ = q Kᵀ Pᵀ", src,
                   "the score rows of every decoder row from PC against S·Pᵀ", exact, "== (exact)"};
  verify::step s3{"Step 3", "the weights are reordered, and nothing else: a′ = a Pᵀ", src,
                   "weights from PC against a·Pᵀ, rational kernel φ(s) = 1 + s + s²/2 (softmax's own step is 3b)",
                   exact, "== (exact)"};
  verify::step s3b{"Step 3b", "softmax itself: softmax(s Pᵀ) = softmax(s) Pᵀ", src,
                    "softmax weights from PC against a·Pᵀ, in-order sums", real, "≤ 2(n+1) ε"};
  verify::step s4{"Step 4", "the weighted sum does not change at all: (a Pᵀ)(P V) = a V", src,
                   "the output from PC against the output from C, and the chain (a Pᵀ)(P V) against a V", exact,
                   "== (exact)"};
  verify::step s4b{"Step 4b", "the same with softmax", src, "softmax output from PC against from C, in-order sums; "
                    "and bit for bit with sorted sums", real, "≤ 4(n+1)·(ε·max|V| + η); sorted: =="};
  verify::step s5{"Step 5", "the same argument covers the real model: several heads (with W_O), several decoder "
                   "rows, several decoder blocks", src,
                   "multi-head cross-attention with W_O, and a decoder stack (causal self-attention, cross-attention, "
                   "FFN, Add & Norm) over PC against over C",
                   exact, "== (exact)"};
  for (const auto& c : cases(cfg)) {
    const Matrix<Q> pm = c.p.matrix<Q>();
    const Matrix<Q> pt = pm.transpose();
    const auto lbl = describe(c);
    // Step 0
    attention_options<Q> half;
    half.scale = Q(1) / Q(2);
    const auto encoder = [&](const std::vector<Matrix<Q>>& in) {
      return encoder_stack<Q, rational_kernel, mad_norm_policy>(in[0], c.encoder, half);
    };
    const auto [enc_p, p_enc] = verify::sides<Q>(verify::equivariance("encoder(PX) = P·encoder(X)"), encoder, {c.x}, c.p);
    s0.add(compare_exact(enc_p, p_enc, "encoder(PX)", "P·encoder(X)"), c.example, lbl);
    const Matrix<Q> enc = encoder({c.x});
    // Steps 1–4 on C = the encoder output, one head, every decoder row.
    const Matrix<Q>& cc = enc;
    const Matrix<Q> pc = multiply(pm, cc, "P", "C");
    const auto t = subject.exact(c.y, cc, c.cross, Q(1) / Q(2));
    const auto tp = subject.exact(c.y, pc, c.cross, Q(1) / Q(2));
    verify::comparison o = compare_exact(tp.k, multiply(pm, t.k), "K′", "P·K");
    if (o.held) o = compare_exact(tp.v, multiply(pm, t.v), "V′", "P·V");
    s1.add(o, c.example, lbl);
    s2.add(compare_exact(tp.s, multiply(t.s, pt), "s′", "s·Pᵀ"), c.example, lbl);
    s3.add(compare_exact(tp.a, multiply(t.a, pt), "a′", "a·Pᵀ"), c.example, lbl);
    o = compare_exact(tp.z, t.z, "output from PC", "output from C");
    if (o.held) o = compare_exact(multiply(multiply(t.a, pt), multiply(pm, t.v)), t.z, "(a Pᵀ)(P V)", "a V");
    s4.add(o, c.example, lbl);
    // Softmax in mpfr100.
    const head_weights<R> wr{cast_matrix<R>(c.cross.wq), cast_matrix<R>(c.cross.wk), cast_matrix<R>(c.cross.wv)};
    const Matrix<R> yr = cast_matrix<R>(c.y), cr = cast_matrix<R>(cc), pcr = cast_matrix<R>(pc);
    const auto n = cc.rows();
    const auto rt = subject.real(yr, cr, wr, R(1) / R(2), summation::in_order);
    const auto rtp = subject.real(yr, pcr, wr, R(1) / R(2), summation::in_order);
    const double k_a = 2.0 * double(n + 1), k_z = attention_reorder_bound_eps(n);
    s3b.add(compare_within(rtp.a, multiply(rt.a, Matrix<R>(c.p.matrix<R>().transpose())), k_a, R(1), "a′ vs a Pᵀ"),
            c.example, lbl, k_a);
    o = compare_within(rtp.z, rt.z, k_z, R(max_abs(rt.v)), "output from PC vs from C");
    if (o.held) {
      const auto st = subject.real(yr, cr, wr, R(1) / R(2), summation::sorted);
      const auto stp = subject.real(yr, pcr, wr, R(1) / R(2), summation::sorted);
      const auto ob = compare_bitwise(stp.z, st.z, "sorted sums: output from PC vs from C");
      if (!ob.held) o = ob;
    }
    s4b.add(o, c.example, lbl, k_z);
    // Step 5
    const auto mha = [&](const std::vector<Matrix<Q>>& in) {
      return multi_head_attention<Q, rational_kernel>(in[0], in[1], c.cross_multi, half);
    };
    const auto decoder = [&](const std::vector<Matrix<Q>>& in) { return decode(in[0], in[1], c.decoder, half); };
    o = verify::check_law<Q>(encoder_order_law, mha, {c.y, cc}, c.p, exact_tolerance);
    if (o.held) o = verify::check_law<Q>(encoder_order_law, decoder, {c.y, cc}, c.p, exact_tolerance);
    s5.add(o, c.example, lbl);
  }
  s0.remark("The text's example: X = I love LLMs with Part 1's W_Q, W_K, W_V as the single head, W_O = I and an "
            "identity FFN (the text prints no other weights). LayerNorm's own row-wise step is checked in proof 3.4 "
            "(mpfr100); the exact path uses the MAD norm, which like LayerNorm reads one row.");
  s2.remark("Every score is scaled by 1/2 (the text's d_k = 4), in the blocks too.");
  s3.remark("Softmax's own step: 3b here (mpfr100), and exactly, in the field Q(t), in proof A.2-exp.");
  verify::value::checks steps;
  for (auto* s : {&s0, &s1, &s2, &s3, &s3b, &s4, &s4b, &s5}) steps.push_back(s->finish(cfg.seed));
  return proof_check("A.2", "the row numbers do not reach the decoder (cross-attention)", src, random_cases_description, std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"A.2", "the row numbers do not reach the decoder (cross-attention)",
                                "text 001, Appendix A.2", [](const run_config& cfg) { return prove_a2(cfg); }}};
}  // namespace

}  // namespace orderblind::proofs
