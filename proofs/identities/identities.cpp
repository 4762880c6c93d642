// SPDX-License-Identifier: MIT
// The identities of the library's own code over symbols (see identities.hpp).
#include "proofs/identities/identities.hpp"

#include <type_traits>

#include "orderblind/attention.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/pe/vector.hpp"
#include "orderblind/positional.hpp"
#include "orderblind/verify/law.hpp"
#include "proofs/identities/support.hpp"

namespace orderblind::identities {

using detail::S;
using detail::run_scope;
using detail::symbols;

// NOTE: the kernel every identity runs is the library's default for this scalar: softmax_kernel, whose
// exp is the uninterpreted φ and whose max shift is skipped (the scalar has no order).
static_assert(std::is_same_v<default_kernel<S>, softmax_kernel>, "the symbolic scalar runs the library's softmax");
static_assert(std::is_same_v<default_norm<S>, layer_norm_policy>, "the symbolic scalar runs the library's LayerNorm");
static_assert(!head_kernels<S, softmax_kernel>::available, "no fast head kernel may take over the symbolic path");

namespace {

std::string nd(long n, long d) { return "n = " + std::to_string(n) + ", d = " + std::to_string(d); }

multi_head_weights<S> mha_weights(const std::string& p, long d, std::size_t heads, std::size_t& count) {
  return {symbols(p + "Wq", d, d, count), symbols(p + "Wk", d, d, count), symbols(p + "Wv", d, d, count),
          symbols(p + "Wo", d, d, count), heads};
}
ffn_weights<S> ffn(const std::string& p, long d, std::size_t& count) {
  return {symbols(p + "W1", d, d, count), symbols(p + "b1", 1, d, count), symbols(p + "W2", d, d, count),
          symbols(p + "b2", 1, d, count)};
}
norm_params<S> norm(const std::string& p, long d, std::size_t& count) {
  norm_params<S> n;
  n.gamma = symbols(p + "g", 1, d, count);
  n.beta = symbols(p + "b", 1, d, count);
  n.eps = symbols(p + "eps", 1, 1, count)(0, 0);
  return n;
}
encoder_block_weights<S> encoder_weights(const std::string& p, long d, std::size_t heads, std::size_t& count) {
  return {mha_weights(p, d, heads, count), ffn(p, d, count), norm(p + "n1", d, count), norm(p + "n2", d, count)};
}

std::string form_name(attention_form f, std::size_t heads) {
  switch (f) {
    case attention_form::self_attention: return "self_attention<symbolic>, one head, scale 1";
    case attention_form::scaled_self_attention: return "self_attention<symbolic>, one head, scale 1/√d_k";
    case attention_form::multi_head: break;
  }
  return "multi_head_self_attention<symbolic> with W_O, heads = " + std::to_string(heads) + ", scale 1/√d_h";
}

}  // namespace

identity_run attention_equivariance(attention_form form, long n, long d, std::size_t heads) {
  const std::string law = form == attention_form::multi_head ? "MHA(PX) = P·MHA(X)" : "Attn(PX) = P·Attn(X)";
  return run_scope::guarded(
      [&] {
        run_scope run(law, form_name(form, heads), nd(n, d), symbolic::key_form::expanded);
        const Matrix<S> x = symbols("x", n, d, run.input_symbols());
        std::function<Matrix<S>(const Matrix<S>&)> f;
        if (form == attention_form::multi_head) {
          const auto w = mha_weights("", d, heads, run.input_symbols());
          f = [w](const Matrix<S>& y) { return multi_head_self_attention<S>(y, w); };
        } else {
          head_weights<S> w{symbols("Wq", d, d, run.input_symbols()), symbols("Wk", d, d, run.input_symbols()),
                            symbols("Wv", d, d, run.input_symbols())};
          attention_options<S> opt;
          if (form == attention_form::self_attention) opt.scale = S(1);
          f = [w, opt](const Matrix<S>& y) { return self_attention<S>(y, w, opt); };
        }
        detail::check_on_generators(run, f, x, false);
        return run.finish();
      },
      law, form_name(form, heads), nd(n, d));
}

identity_run cross_attention_order(long n_dec, long n_enc, long d, std::size_t heads) {
  const std::string law = "MHA(Y, PC) = MHA(Y, C)";
  const std::string subject = "multi_head_attention<symbolic> (queries from Y, keys/values from C), heads = " +
                              std::to_string(heads);
  const std::string size = "n_dec = " + std::to_string(n_dec) + ", n_enc = " + std::to_string(n_enc) +
                           ", d = " + std::to_string(d);
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, size, symbolic::key_form::expanded);
        const Matrix<S> y = symbols("y", n_dec, d, run.input_symbols());
        const Matrix<S> c = symbols("c", n_enc, d, run.input_symbols());
        const auto w = mha_weights("", d, heads, run.input_symbols());
        detail::check_on_generators(run, [&](const Matrix<S>& cc) { return multi_head_attention<S>(y, cc, w); }, c,
                                    true);
        return run.finish();
      },
      law, subject, size);
}

identity_run decoder_block_order(long n_dec, long n_enc, long d, std::size_t heads) {
  const std::string law = "Dec(Y, PC) = Dec(Y, C)";
  const std::string subject = "decoder_block<symbolic> (causal MHA, cross MHA, FFN, LayerNorm ×3), heads = " +
                              std::to_string(heads);
  const std::string size = "n_dec = " + std::to_string(n_dec) + ", n_enc = " + std::to_string(n_enc) +
                           ", d = " + std::to_string(d);
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, size, symbolic::key_form::structural);
        const Matrix<S> y = symbols("y", n_dec, d, run.input_symbols());
        const Matrix<S> c = symbols("c", n_enc, d, run.input_symbols());
        auto& k = run.input_symbols();
        const decoder_block_weights<S> w{mha_weights("s", d, heads, k), mha_weights("x", d, heads, k), ffn("", d, k),
                                         norm("n1", d, k), norm("n2", d, k), norm("n3", d, k)};
        detail::check_on_generators(run, [&](const Matrix<S>& cc) { return decoder_block<S>(y, cc, w); }, c, true);
        return run.finish();
      },
      law, subject, size);
}

namespace {
identity_run encoder_law(long n, long d, std::size_t heads, long blocks, bool pooled) {
  const std::string law = pooled ? "Pool(Enc(PX)) = Pool(Enc(X))" : "Enc(PX) = P·Enc(X)";
  const std::string subject = std::string(pooled ? "mean_pool ∘ " : "") + "encoder_stack<symbolic> of " +
                              std::to_string(blocks) + (blocks == 1 ? " block" : " blocks") +
                              " (MHA + residual + LayerNorm + FFN), heads = " + std::to_string(heads);
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, nd(n, d), symbolic::key_form::structural);
        const Matrix<S> x = symbols("x", n, d, run.input_symbols());
        std::vector<encoder_block_weights<S>> ws;
        for (long b = 0; b < blocks; ++b) ws.push_back(encoder_weights("B" + std::to_string(b), d, heads, run.input_symbols()));
        detail::check_on_generators(
            run,
            [&](const Matrix<S>& xx) {
              Matrix<S> z = encoder_stack<S>(xx, ws);
              return pooled ? mean_pool(z) : z;
            },
            x, pooled);
        return run.finish();
      },
      law, subject, nd(n, d));
}
}  // namespace

identity_run encoder_stack_equivariance(long n, long d, std::size_t heads, long blocks) {
  return encoder_law(n, d, heads, blocks, false);
}
identity_run mean_pool_invariance(long n, long d, std::size_t heads, long blocks) {
  return encoder_law(n, d, heads, blocks, true);
}

identity_run counter_score_symbolic(long d) {
  const std::string law = "p_m M p_nᵀ = (𝟙ᵀM𝟙)·m·n";
  const std::string subject = "the counter row p_m = m·𝟙 (pe::counter's definition) for symbolic m, n; the score "
                              "by the library's multiply / multiply_transposed";
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, "d = " + std::to_string(d), symbolic::key_form::expanded);
        const Matrix<S> mm = symbols("M", d, d, run.input_symbols());
        const S m = S::symbol("m"), n = S::symbol("n");
        run.input_symbols() += 2;
        // NOTE: pe::counter takes integer positions; row m of its table is (first + m)·𝟙 with first = 0,
        // which is what is built here with m a symbol. counter_score_table runs pe::counter itself.
        const Matrix<S> ones = pe::counter<S>(1, d, 1);
        const Matrix<S> pm = ones * m, pn = ones * n;
        const Matrix<S> score = multiply_transposed(multiply(pm, mm, "p_m", "M"), pn, "p_m M", "p_n");
        S c(0);
        for (long i = 0; i < d; ++i)
          for (long j = 0; j < d; ++j) c += mm(i, j);
        Matrix<S> expected(1, 1);
        expected(0, 0) = c * m * n;
        run.record().residual_zero = run.compare(score, expected, "score − c·m·n");
        run.record().checked_on = "symbolic positions m, n (every real m, n)";
        return run.finish();
      },
      law, subject, "d = " + std::to_string(d));
}

identity_run counter_score_table(long d, long positions) {
  const std::string law = "(T M Tᵀ)_{mn} = (𝟙ᵀM𝟙)·m·n";
  const std::string subject = "pe::counter<symbolic>(" + std::to_string(positions) + ", d) table T, symbolic M";
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, "d = " + std::to_string(d), symbolic::key_form::expanded);
        const Matrix<S> mm = symbols("M", d, d, run.input_symbols());
        const Matrix<S> t = pe::counter<S>(positions, d);
        const Matrix<S> scores = multiply_transposed(multiply(t, mm, "T", "M"), t, "T M", "T");
        S c(0);
        for (long i = 0; i < d; ++i)
          for (long j = 0; j < d; ++j) c += mm(i, j);
        Matrix<S> expected(positions, positions);
        for (long m = 0; m < positions; ++m)
          for (long n = 0; n < positions; ++n) expected(m, n) = c * S(m) * S(n);
        run.record().residual_zero = run.compare(scores, expected, "score − c·m·n");
        run.record().checked_on = "every pair m, n in 0…" + std::to_string(positions - 1);
        return run.finish();
      },
      law, subject, "d = " + std::to_string(d));
}

identity_run causal_mask_residual(long n, long d) {
  const std::string law = "causal Attn(PX) − P·causal Attn(X) ≠ 0";
  const std::string subject = "self_attention<symbolic> with mask::causal(), one head, scale 1";
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, nd(n, d), symbolic::key_form::expanded);
        run.record().expect_zero = false;
        const Matrix<S> x = symbols("x", n, d, run.input_symbols());
        const head_weights<S> w{symbols("Wq", d, d, run.input_symbols()), symbols("Wk", d, d, run.input_symbols()),
                                symbols("Wv", d, d, run.input_symbols())};
        attention_options<S> opt;
        opt.scale = S(1);
        opt.mask = mask::causal();
        const auto p = permutation::transposition(static_cast<std::size_t>(n), 0, 1);
        const auto [lhs, rhs] = verify::sides<S>(
            verify::equivariance(), [&](const std::vector<Matrix<S>>& in) { return self_attention<S>(in[0], w, opt); },
            {x}, p);
        run.record().residual_zero = run.compare(lhs, rhs, "P = " + p.cycles(), true);
        run.record().checked_on = "the transposition " + p.cycles();
        return run.finish();
      },
      law, subject, nd(n, d));
}

identity_run rope_shift(const std::string& layout, long d, long r, long positions, const std::vector<long>& shifts) {
  const std::string law = "⟨R_{m+c} q, R_{n+c} k⟩ = ⟨R_m q, R_n k⟩";
  const std::string subject = "pe::rope_scheme<symbolic> (" + layout + ", r = " + std::to_string(r) +
                              ", exact Pythagorean angle table), score pe::dot(query(q, m), key(k, n))";
  const std::string size = "d = " + std::to_string(d);
  return run_scope::guarded(
      [&] {
        run_scope run(law, subject, size, symbolic::key_form::expanded);
        pe::rope_scheme<S> s{.id = "rope",
                             .d = d,
                             .r = r,
                             .layout = layout == "half-split" ? pe::rotary_layout::half_split
                                                              : pe::rotary_layout::interleaved,
                             .angles = pe::angle_table<S>::pythagorean(r)};
        pe::vec<S> q, k;
        for (long i = 0; i < d; ++i) {
          q.push_back(S::symbol("q_" + std::to_string(i)));
          k.push_back(S::symbol("k_" + std::to_string(i)));
        }
        run.input_symbols() += static_cast<std::size_t>(2 * d);
        long pairs = 0;
        std::string shift_text;
        for (long c : shifts) shift_text += (shift_text.empty() ? "" : ", ") + std::to_string(c);
        Matrix<S> lhs(positions * positions, static_cast<long>(shifts.size())), rhs = lhs;
        for (long m = 0; m < positions; ++m)
          for (long n = 0; n < positions; ++n)
            for (std::size_t ci = 0; ci < shifts.size(); ++ci) {
              const long c = shifts[ci];
              lhs(m * positions + n, static_cast<long>(ci)) = pe::dot(s.query(q, m + c), s.key(k, n + c));
              rhs(m * positions + n, static_cast<long>(ci)) = pe::dot(s.query(q, m), s.key(k, n));
              ++pairs;
            }
        run.record().residual_zero = run.compare(lhs, rhs, "shifted − unshifted score");
        run.record().checked_on = "symbolic q, k (every real q, k); m, n in 0…" + std::to_string(positions - 1) +
                                  ", shifts c in {" + shift_text + "} (" + std::to_string(pairs) + " identities)";
        return run.finish();
      },
      law, subject, size);
}

}  // namespace orderblind::identities
