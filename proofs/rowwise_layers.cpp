// SPDX-License-Identifier: MIT
// Proof 3.4: the layers after attention read one row at a time; the causal mask reads row numbers.
#include "rowwise_layers.hpp"

#include "checks.hpp"
#include "orderblind/verify/law.hpp"
#include "model_weights.hpp"
#include "orderblind/examples/text000.hpp"
#include "orderblind/examples/text001.hpp"

namespace orderblind::proofs {

layers_subject library_layers() {
  return {"orderblind::feed_forward", [](const Matrix<Q>& x, const ffn_weights<Q>& w) { return feed_forward(x, w); },
          mask::causal()};
}

namespace {

struct rowwise_case {
  std::string label;
  bool example = false;
  Matrix<Q> x;
  ffn_weights<Q> ffn;
  std::vector<encoder_block_weights<Q>> blocks;
  permutation p;
};

std::vector<rowwise_case> cases(const run_config& cfg) {
  namespace ex = examples::text001;
  std::vector<rowwise_case> v;
  const auto w = ex::weights<Q>();
  const Matrix<Q> id = Matrix<Q>::Identity(4, 4);
  // NOTE: text 001 prints no FFN weights; the example's FFN is W1 = W_Q, W2 = W_V (Part 1's), b = −𝟙, +𝟙.
  const ffn_weights<Q> f{w.wq, Matrix<Q>::Constant(1, 4, Q(-1)), w.wv, Matrix<Q>::Constant(1, 4, Q(1))};
  const encoder_block_weights<Q> b{{w.wq, w.wk, w.wv, id, 1}, f, {}, {}};
  v.push_back({"text 001 §3.4: I love LLMs reversed", true, ex::x<Q>(), f, {b, b}, ex::reversal()});
  case_source src(cfg.seed);
  for (long k = 0; k < cfg.cases; ++k) {
    const auto n = src.integer(2, 5);
    const Eigen::Index d = 2;
    rowwise_case c{"random case " + std::to_string(k + 1), false, src.matrix<Q>(n, d), random_ffn<Q>(src, d, 3), {},
               src.shuffle(static_cast<std::size_t>(n))};
    c.blocks.push_back(random_encoder_block<Q>(src, d, static_cast<std::size_t>(src.integer(1, 2))));
    c.blocks.push_back(random_encoder_block<Q>(src, d, static_cast<std::size_t>(src.integer(1, 2))));
    v.push_back(std::move(c));
  }
  return v;
}

std::string describe(const rowwise_case& c) { return c.label + " (P = " + c.p.cycles() + ", X = " + show(c.x) + ")"; }

/// Self-attention with identity weights, scale 1, the rational kernel and the subject's decoder mask.
Matrix<Q> masked_attention(const Matrix<Q>& x, const orderblind::mask& m) {
  const Matrix<Q> id = Matrix<Q>::Identity(x.cols(), x.cols());
  attention_options<Q> opt;
  opt.scale = Q(1);
  opt.mask = m;
  return self_attention<Q, rational_kernel>(x, {id, id, id}, opt);
}

}  // namespace

verify::check prove_34(const run_config& cfg, const layers_subject& subject) {
  const std::string src = "text 001, §3.4; text 000, §2";
  const std::string exact = "mpq_rational (exact, ==)";
  verify::step s1{"1", "the feed-forward network reads one row: FFN(PX) = P·FFN(X), and row i of FFN(X) is FFN(xᵢ)",
                   src, subject.name + " of PX against P·FFN(X); each row against the FFN of that row alone", exact,
                   "== (exact)"};
  verify::step s2{"2", "LayerNorm reads one row: LN(PX) = P·LN(X)", src,
                   "orderblind::layer_norm in mpfr100 (bit for bit), and the exact MAD norm in mpq_rational",
                   "mpfr100 (MPFR, 100 digits) and mpq_rational", "== (bit-for-bit / exact)"};
  verify::step s3{"3", "residual connections add equivariant things to equivariant things: PX + F(PX) = P(X + F(X))",
                   src, "X + FFN(X) and X + Attn(X) (rational kernel) on PX against P·(…)", exact, "== (exact)"};
  verify::step s4{"4", "stacks stay equivariant: every block passes the shuffle through, so the stack does", src,
                   "two encoder blocks (multi-head attention, FFN, Add & Norm; rational kernel, MAD norm) on PX "
                   "against P·stack(X)",
                   exact, "== (exact)"};
  verify::step s4b{"4b", "\"Stack 96 layers: still equivariant\" — bit for bit, with order-free sums", "text 000, §2",
                    "96 encoder blocks (softmax, LayerNorm) in double with sorted sums on PX against P·stack(X)",
                    "double (IEEE binary64, sorted sums)", "== (bit-for-bit)"};
  verify::step s5{"5", "mean pooling is invariant: pool(PX) = pool(X), so stack + pool is a bag of words", src,
                   "mean_pool(PX) against mean_pool(X), and mean_pool(stack(PX)) against mean_pool(stack(X))", exact,
                   "== (exact)"};
  verify::step s6{"6", "the causal mask reads row numbers: causal attention is NOT equivariant (minimal counterexample)",
                   "text 001, §3.4 key takeaway; text 000, §5",
                   "a search over n = 2, d = 1, entries 0, 1, −1, 2 (smallest first) for X with "
                   "Attn_causal(PX) ≠ P·Attn_causal(X) (identity weights, scale 1, rational kernel); and the texts' "
                   "examples",
                   exact, "a counterexample exists"};
  attention_options<Q> half;
  half.scale = Q(1) / Q(2);
  // NOTE: each law below is stated once, as data (verify/law.hpp): f(PX) = P·f(X) for the row-wise
  // layers and stacks, pool(PX) = pool(X) for mean pooling.
  const auto row_law = verify::equivariance();
  const auto pool_law = verify::invariance("pool(PX) = pool(X)");
  const auto exact_tol = [](const auto&, const auto& rhs) {
    return verify::equality<typename std::decay_t<decltype(rhs)>::Scalar>();
  };
  using inputs = std::vector<Matrix<Q>>;
  for (const auto& c : cases(cfg)) {
    const auto lbl = describe(c);
    const auto ffn = [&](const inputs& in) { return subject.ffn(in[0], c.ffn); };
    const Matrix<Q> fx = subject.ffn(c.x, c.ffn);
    verify::comparison o = verify::check_law<Q>(row_law, ffn, {c.x}, c.p, exact_tol);
    for (Eigen::Index i = 0; o.held && i < c.x.rows(); ++i)
      o = compare_exact(Matrix<Q>(fx.row(i)), subject.ffn(Matrix<Q>(c.x.row(i)), c.ffn),
                        "row " + std::to_string(i) + " of FFN(X)", "FFN(that row alone)");
    s1.add(o, c.example, lbl);

    o = verify::check_law<R>(row_law, [](const std::vector<Matrix<R>>& in) { return layer_norm(in[0]); },
                             {cast_matrix<R>(c.x)}, c.p, exact_tol);
    if (o.held) o = verify::check_law<Q>(row_law, [](const inputs& in) { return mad_norm(in[0]); }, {c.x}, c.p, exact_tol);
    s2.add(o, c.example, lbl);

    o = verify::check_law<Q>(row_law, [&](const inputs& in) { return residual(in[0], ffn(in)); }, {c.x}, c.p, exact_tol);
    if (o.held) {
      const Matrix<Q> id = Matrix<Q>::Identity(c.x.cols(), c.x.cols());
      const head_weights<Q> hw{id, id, id};
      attention_options<Q> one;
      one.scale = Q(1);
      o = verify::check_law<Q>(
          row_law, [&](const inputs& in) { return residual(in[0], self_attention<Q, rational_kernel>(in[0], hw, one)); },
          {c.x}, c.p, exact_tol);
    }
    s3.add(o, c.example, lbl);

    const auto stack = [&](const inputs& in) { return encoder_stack<Q, rational_kernel, mad_norm_policy>(in[0], c.blocks, half); };
    s4.add(verify::check_law<Q>(row_law, stack, {c.x}, c.p, exact_tol), c.example, lbl);

    {
      std::vector<encoder_block_weights<double>> deep;
      for (int l = 0; l < 96; ++l) deep.push_back(cast_weights<double>(c.blocks[static_cast<std::size_t>(l) % 2]));
      attention_options<double> sorted;
      sorted.scale = 0.5;
      sorted.sum = summation::sorted;
      const auto deep_stack = [&](const std::vector<Matrix<double>>& in) {
        return encoder_stack<double, softmax_kernel, layer_norm_policy>(in[0], deep, sorted);
      };
      s4b.add(verify::check_law<double>(row_law, deep_stack, {cast_matrix<double>(c.x)}, c.p, exact_tol), c.example, lbl);
    }

    o = verify::check_law<Q>(pool_law, [](const inputs& in) { return mean_pool(in[0]); }, {c.x}, c.p, exact_tol);
    if (o.held)
      o = verify::check_law<Q>(pool_law, [&](const inputs& in) { return mean_pool(stack(in)); }, {c.x}, c.p, exact_tol);
    s5.add(o, c.example, lbl);
  }

  // Step 6: search for the smallest counterexample, then the texts' examples.
  {
    const permutation swap = permutation::transposition(2, 0, 1);
    const int values[] = {0, 1, -1, 2};
    std::string found;
    const auto causal = [&](const inputs& in) { return masked_attention(in[0], subject.decoder_mask); };
    for (int a : values) {
      for (int b : values) {
        const Matrix<Q> x = from_rows<Q, int>({{a}, {b}});
        const auto [lhs, rhs] = verify::sides<Q>(row_law, causal, {x}, swap);
        if (!exactly_equal(lhs, rhs)) {
          found = "X = " + show(x) + ", P = (0 1): Attn(PX) = " + show(lhs) + " but P·Attn(X) = " + show(rhs);
          break;
        }
      }
      if (!found.empty()) break;
    }
    s6.add(found.empty() ? verify::decided(false, "no counterexample among the 16 smallest inputs: the mask did not "
                                                  "read row numbers")
                           : verify::decided(true),
             false, "the exhaustive search");
    if (!found.empty()) s6.remark("Minimal counterexample: " + found + ".");
    // The texts' examples: dog bites man (text 000) and I love LLMs (text 001) under the causal mask.
    namespace e0 = examples::text000;
    namespace e1 = examples::text001;
    // NOTE: here the law must FAIL: a case holds when the two sides differ.
    const bool differs0 = !verify::check_law<Q>(row_law, causal, {e0::sentence_a<Q>()}, e0::swap_first_and_last(), exact_tol).held;
    s6.add(verify::decided(differs0, "equivariant on dog bites man"), true, "text 000 dog bites man");
    attention_options<Q> opt;
    opt.scale = e1::scale<Q>();
    opt.mask = subject.decoder_mask;
    const auto head = [&](const inputs& in) { return self_attention<Q, rational_kernel>(in[0], e1::weights<Q>(), opt); };
    const bool differs1 = !verify::check_law<Q>(row_law, head, {e1::x<Q>()}, e1::reversal(), exact_tol).held;
    s6.add(verify::decided(differs1, "equivariant on I love LLMs"), true, "text 001 I love LLMs");
  }
  s1.remark("The example's FFN uses Part 1's W_Q as W1 and W_V as W2 with biases −𝟙 and +𝟙 (text 001 prints no FFN "
            "weights).");
  s4b.remark("Sorted sums make every sum over the sequence independent of the row order; the row-wise steps "
             "(projections, FFN, LayerNorm) are bit-identical anyway, since each row is computed by the same "
             "operations in the same order.");
  verify::value::checks steps;
  for (auto* s : {&s1, &s2, &s3, &s4, &s4b, &s5, &s6}) steps.push_back(s->finish(cfg.seed));
  return proof_check("3.4", "the order is in the row numbers, and nothing reads them (except the causal mask)", src, random_cases_description, std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"3.4", "the order is in the row numbers, and nothing reads them (except the causal mask)",
                                "text 001, §3.4; text 000, §2", [](const run_config& cfg) { return prove_34(cfg); }}};
}  // namespace

}  // namespace orderblind::proofs
