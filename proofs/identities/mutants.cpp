// SPDX-License-Identifier: MIT
// The property battery's mutants (properties/battery/mutants.hpp) run over symbols, the same way as the
// identities: each law at a small size, the library (residual 0 where the law is an identity) beside
// every mutant (caught: a non-zero residual, or 0 where the law is a refutation).
#include "proofs/identities/identities.hpp"
#include "proofs/identities/support.hpp"
#include "properties/battery/mutants.hpp"

namespace orderblind::identities {

using detail::S;
using detail::run_scope;
using detail::symbols;

namespace {

namespace mut = properties::mutants;
using K = default_kernel<S>;
using Norm = default_norm<S>;
using attn = properties::library_attention<K>;
using rows = properties::library_rowwise<K, Norm>;

/// One law on one implementation: `fill` builds the inputs and runs the check.
template <class Fill>
identity_run law_run(const std::string& law, const std::string& impl, const std::string& size, bool expect_zero,
                     symbolic::key_form form, Fill fill) {
  return run_scope::guarded(
      [&] {
        run_scope run(law, impl, size, form);
        run.record().expect_zero = expect_zero;
        fill(run);
        return run.finish();
      },
      law, impl, size);
}

std::string nd(long n, long d) { return "n = " + std::to_string(n) + ", d = " + std::to_string(d); }

head_weights<S> head(long d, std::size_t& k) {
  return {symbols("Wq", d, d, k), symbols("Wk", d, d, k), symbols("Wv", d, d, k)};
}
multi_head_weights<S> mha(const std::string& p, long d, std::size_t heads, std::size_t& k) {
  return {symbols(p + "Wq", d, d, k), symbols(p + "Wk", d, d, k), symbols(p + "Wv", d, d, k),
          symbols(p + "Wo", d, d, k), heads};
}
ffn_weights<S> ffn(const std::string& p, long d, std::size_t& k) {
  return {symbols(p + "W1", d, d, k), symbols(p + "b1", 1, d, k), symbols(p + "W2", d, d, k),
          symbols(p + "b2", 1, d, k)};
}
norm_params<S> norm(const std::string& p, long d, std::size_t& k) {
  norm_params<S> n;
  n.gamma = symbols(p + "g", 1, d, k);
  n.beta = symbols(p + "b", 1, d, k);
  return n;
}
std::vector<encoder_block_weights<S>> encoder(long d, std::size_t heads, long blocks, std::size_t& k) {
  std::vector<encoder_block_weights<S>> out;
  for (long b = 0; b < blocks; ++b) {
    const std::string p = "B" + std::to_string(b);
    out.push_back({mha(p, d, heads, k), ffn(p, d, k), norm(p + "n1", d, k), norm(p + "n2", d, k)});
  }
  return out;
}

constexpr long n_small = 4, d_small = 4;  // NOTE: d_k = 4 keeps the scale 1/√d_k = 1/2 rational

// --- P1 ---------------------------------------------------------------------------------------------
template <class Impl>
identity_run p1_single(const Impl& impl, bool scaled, bool expect_zero) {
  return law_run(scaled ? "P1.scaled: Attn(PX) = P·Attn(X)" : "P1.single-head: Attn(PX) = P·Attn(X)", Impl::name,
                 nd(n_small, d_small), expect_zero, symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n_small, d_small, run.input_symbols());
                   const auto w = head(d_small, run.input_symbols());
                   attention_options<S> opt;
                   if (!scaled) opt.scale = S(1);
                   detail::check_on_generators(
                       run, [&](const Matrix<S>& y) { return impl.template trace<S>(y, y, w, opt).z; }, x, false);
                 });
}
template <class Impl>
identity_run p1_multi(const Impl& impl, bool expect_zero) {
  return law_run("P1.multi-head: MHA(PX) = P·MHA(X)", Impl::name, nd(n_small, d_small) + ", heads = 2", expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n_small, d_small, run.input_symbols());
                   const auto w = mha("", d_small, 2, run.input_symbols());
                   detail::check_on_generators(
                       run, [&](const Matrix<S>& y) { return impl.template multi<S>(y, y, w, attention_options<S>{}); },
                       x, false);
                 });
}

// --- P2 ---------------------------------------------------------------------------------------------
template <class Impl>
identity_run p2_ffn(const Impl& impl, bool expect_zero) {
  return law_run("P2.ffn: FFN(PX) = P·FFN(X)", Impl::name, nd(n_small, d_small), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n_small, d_small, run.input_symbols());
                   const auto w = ffn("", d_small, run.input_symbols());
                   detail::check_on_generators(run, [&](const Matrix<S>& y) { return impl.template ffn<S>(y, w); }, x,
                                               false);
                 });
}
template <class Impl>
identity_run p2_norm(const Impl& impl, bool expect_zero) {
  return law_run("P2.norm: Norm(PX) = P·Norm(X)", Impl::name, nd(n_small, d_small), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n_small, d_small, run.input_symbols());
                   const auto p = norm("", d_small, run.input_symbols());
                   detail::check_on_generators(run, [&](const Matrix<S>& y) { return impl.template norm<S>(y, p); }, x,
                                               false);
                 });
}
template <class Impl>
identity_run p2_residual(const Impl& impl, bool expect_zero) {
  return law_run("P2.residual: PX + P·F(X) = P·(X + F(X))", Impl::name, nd(n_small, d_small), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   // NOTE: X and F(X) side by side, so that one row permutation moves both.
                   const Matrix<S> xf = symbols("xf", n_small, 2 * d_small, run.input_symbols());
                   detail::check_on_generators(
                       run,
                       [&](const Matrix<S>& y) {
                         return impl.template add<S>(Matrix<S>(y.leftCols(d_small)), Matrix<S>(y.rightCols(d_small)));
                       },
                       xf, false);
                 });
}
template <class Impl>
identity_run p2_stack(const Impl& impl, bool pooled, bool expect_zero) {
  constexpr long n = 3, d = 4;
  return law_run(pooled ? "P2.mean-pool: Pool(Enc(PX)) = Pool(Enc(X))" : "P2.encoder-stack: Enc(PX) = P·Enc(X)",
                 Impl::name, nd(n, d) + ", heads = 2, 2 blocks", expect_zero, symbolic::key_form::structural,
                 [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n, d, run.input_symbols());
                   const auto ws = encoder(d, 2, 2, run.input_symbols());
                   detail::check_on_generators(
                       run,
                       [&](const Matrix<S>& y) {
                         Matrix<S> z = impl.template encoder<S>(y, ws, attention_options<S>{});
                         return pooled ? impl.template pool<S>(z, summation::in_order) : z;
                       },
                       x, pooled);
                 });
}

// --- P3 ---------------------------------------------------------------------------------------------
template <class Impl>
identity_run p3_causal(const Impl& impl, bool expect_zero) {
  constexpr long n = 2, d = 2;
  return law_run("P3.causal: causal Attn(PX) = P·causal Attn(X) (a refutation: the residual must be non-zero)",
                 Impl::name, nd(n, d), expect_zero, symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n, d, run.input_symbols());
                   const auto w = head(d, run.input_symbols());
                   attention_options<S> opt;
                   opt.scale = S(1);
                   opt.mask = mask::causal();
                   detail::check_on_generators(
                       run, [&](const Matrix<S>& y) { return impl.template trace<S>(y, y, w, opt).z; }, x, false);
                 });
}

// --- P4 ---------------------------------------------------------------------------------------------
template <class Impl>
identity_run p4_output(const Impl& impl, bool expect_zero) {
  constexpr long n_dec = 2;
  return law_run("P4.step4: Attn(Y, PC) = Attn(Y, C)", Impl::name,
                 "n_dec = 2, n_enc = " + std::to_string(n_small) + ", d = " + std::to_string(d_small), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> y = symbols("y", n_dec, d_small, run.input_symbols());
                   const Matrix<S> c = symbols("c", n_small, d_small, run.input_symbols());
                   const auto w = head(d_small, run.input_symbols());
                   detail::check_on_generators(
                       run, [&](const Matrix<S>& cc) { return impl.template trace<S>(y, cc, w, attention_options<S>{}).z; },
                       c, true);
                 });
}
template <class Impl>
identity_run p4_stack(const Impl& impl, bool expect_zero) {
  constexpr long n_dec = 2, n_enc = 3, d = 4;
  return law_run("P4.step5-stack: Dec(Y, Enc(PX)) = Dec(Y, Enc(X))", Impl::name,
                 "n_dec = 2, n_enc = 3, d = 4, heads = 2, one encoder and one decoder block", expect_zero,
                 symbolic::key_form::structural, [&](run_scope& run) {
                   auto& k = run.input_symbols();
                   const Matrix<S> y = symbols("y", n_dec, d, k);
                   const Matrix<S> x = symbols("x", n_enc, d, k);
                   const auto enc = encoder(d, 2, 1, k);
                   const std::vector<decoder_block_weights<S>> dec{
                       {mha("s", d, 2, k), mha("c", d, 2, k), ffn("d", d, k), norm("m1", d, k), norm("m2", d, k),
                        norm("m3", d, k)}};
                   detail::check_on_generators(
                       run,
                       [&](const Matrix<S>& xx) {
                         const Matrix<S> c = encoder_stack<S>(xx, enc);
                         return impl.template decoder<S, Norm>(y, c, dec, attention_options<S>{});
                       },
                       x, true);
                 });
}

// --- P5 ---------------------------------------------------------------------------------------------
template <class Enc>
identity_run p5_cmn(const Enc& enc, bool expect_zero) {
  constexpr long d = 3, positions = 5;
  return law_run("P5.counter-cmn: p_m M p_nᵀ = (𝟙ᵀM𝟙)·m·n", Enc::name, "d = 3, m, n in 0…4", expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> mm = symbols("M", d, d, run.input_symbols());
                   const Matrix<S> t = enc.template table<S>(positions, d);
                   const Matrix<S> scores = multiply_transposed(multiply(t, mm), t);
                   S c(0);
                   for (long i = 0; i < d; ++i)
                     for (long j = 0; j < d; ++j) c += mm(i, j);
                   Matrix<S> expected(positions, positions);
                   for (long m = 0; m < positions; ++m)
                     for (long n = 0; n < positions; ++n) expected(m, n) = c * S(m) * S(n);
                   run.record().residual_zero = run.compare(scores, expected, "score − c·m·n");
                   run.record().checked_on = "every pair m, n in 0…4";
                 });
}
template <class Enc>
identity_run p5_gap(const Enc& enc, bool expect_zero) {
  constexpr long d = 3, positions = 4, shift = 2;
  return law_run("P5.not-relative: p_{m+k} M p_{n+k}ᵀ = p_m M p_nᵀ (a refutation: the residual must be non-zero)",
                 Enc::name, "d = 3, m, n in 0…3, k = 2", expect_zero, symbolic::key_form::expanded,
                 [&](run_scope& run) {
                   const Matrix<S> mm = symbols("M", d, d, run.input_symbols());
                   const Matrix<S> t = enc.template table<S>(positions + shift, d);
                   const Matrix<S> scores = multiply_transposed(multiply(t, mm), t);
                   Matrix<S> shifted(positions, positions), plain(positions, positions);
                   for (long m = 0; m < positions; ++m)
                     for (long n = 0; n < positions; ++n) {
                       shifted(m, n) = scores(m + shift, n + shift);
                       plain(m, n) = scores(m, n);
                     }
                   run.record().residual_zero = run.compare(shifted, plain, "score(m+k, n+k) − score(m, n)");
                   run.record().checked_on = "every pair m, n in 0…3, k = 2";
                 });
}

// --- P6 ---------------------------------------------------------------------------------------------
template <class Impl>
identity_run p6_rotation(const Impl& impl, bool expect_zero, long pairs, long positions) {
  return law_run("P6.rotation: PE(p+k) = R(kθ_i)·PE(p), symbolic t_i", Impl::name,
                 std::to_string(pairs) + " pairs, p, k in 0…" + std::to_string(positions - 1), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   std::vector<S> t;
                   for (long i = 0; i < pairs; ++i) t.push_back(S::symbol("t_" + std::to_string(i)));
                   run.input_symbols() += static_cast<std::size_t>(pairs);
                   const long cells = positions * positions * pairs;
                   Matrix<S> lhs(cells, 2), rhs(cells, 2);
                   long row = 0;
                   for (long p = 0; p < positions; ++p)
                     for (long k = 0; k < positions; ++k) {
                       const Matrix<S> now = impl.template position<S>(p, t), later = impl.template position<S>(p + k, t);
                       for (long i = 0; i < pairs; ++i, ++row) {
                         // NOTE: as the battery's law: the pair as a column, R(kθ_i) on the left.
                         Matrix<S> pair(2, 1);
                         pair << now(0, 2 * i), now(0, 2 * i + 1);
                         const Matrix<S> rotated = multiply(impl.template rotation<S>(k, i, t), pair);
                         lhs(row, 0) = later(0, 2 * i);
                         lhs(row, 1) = later(0, 2 * i + 1);
                         rhs(row, 0) = rotated(0, 0);
                         rhs(row, 1) = rotated(1, 0);
                       }
                     }
                   run.record().residual_zero = run.compare(lhs, rhs, "PE(p+k) − R(kθ)·PE(p)");
                   run.record().checked_on = "symbolic t_i (every rational t_i), every p, k in 0…" +
                                             std::to_string(positions - 1);
                 });
}

// --- P7 ---------------------------------------------------------------------------------------------
template <class Impl, class Enc>
identity_run p7(const Impl& impl, const Enc& enc, bool before, bool expect_zero) {
  return law_run(before ? "P7.before: Attn(P(X + PE)) = P·Attn(X + PE)"
                        : "P7.after: Attn(PX + PE) = P·Attn(X + PE) (a refutation: the residual must be non-zero)",
                 std::string(Impl::name) + ", " + Enc::name, nd(n_small, d_small), expect_zero,
                 symbolic::key_form::expanded, [&](run_scope& run) {
                   const Matrix<S> x = symbols("x", n_small, d_small, run.input_symbols());
                   const auto w = head(d_small, run.input_symbols());
                   const Matrix<S> pe_table = enc.template table<S>(n_small, d_small);
                   attention_options<S> opt;
                   opt.scale = S(1);
                   auto attend = [&](const Matrix<S>& y) { return impl.template trace<S>(y, y, w, opt).z; };
                   const Matrix<S> with = pe::add_positions(x, pe_table);
                   bool zero = true;
                   for (const auto& p : detail::generators(n_small)) {
                     const Matrix<S> lhs = before ? attend(p.apply_rows(with)) : attend(pe::add_positions(p.apply_rows(x), pe_table));
                     zero = run.compare(lhs, p.apply_rows(attend(with)), "P = " + p.cycles()) && zero;
                   }
                   run.record().residual_zero = zero;
                   run.record().checked_on = detail::generators_text(n_small);
                 });
}

}  // namespace

identity_run sinusoid_rotation_symbolic_t(long pairs, long positions) {
  return p6_rotation(properties::library_exact_sinusoid{}, true, pairs, positions);
}

std::vector<planned_run> planned_mutants() {
  std::vector<planned_run> out;
  auto add = [&out](std::function<identity_run()> f) { out.push_back({"mutants-sym", "", true, std::move(f)}); };
  // P1: the library holds, the row-bias and key-index mutants do not.
  for (bool scaled : {false, true}) {
    add([=] { return p1_single(attn{}, scaled, true); });
    add([=] { return p1_single(mut::row_bias_attention<K>{}, scaled, false); });
    add([=] { return p1_single(mut::key_index_score_attention<K>{}, scaled, false); });
  }
  add([=] { return p1_multi(attn{}, true); });
  add([=] { return p1_multi(mut::row_bias_attention<K>{}, false); });
  add([=] { return p1_multi(mut::key_index_score_attention<K>{}, false); });
  // P2
  add([=] { return p2_ffn(rows{}, true); });
  add([=] { return p2_ffn(mut::ffn_reads_previous_row<K, Norm>{}, false); });
  add([=] { return p2_norm(rows{}, true); });
  add([=] { return p2_norm(mut::norm_uses_first_row<K, Norm>{}, false); });
  add([=] { return p2_residual(rows{}, true); });
  add([=] { return p2_residual(mut::residual_from_next_row<K, Norm>{}, false); });
  add([=] { return p2_stack(rows{}, false, true); });
  add([=] { return p2_stack(mut::causal_encoder<K, Norm>{}, false, false); });
  add([=] { return p2_stack(rows{}, true, true); });
  add([=] { return p2_stack(mut::position_weighted_pool<K, Norm>{}, true, false); });
  add([=] { return p2_stack(mut::causal_encoder<K, Norm>{}, true, false); });
  // P3: a refutation — the library's residual is non-zero; the mask-dropping mutant's is 0.
  add([=] { return p3_causal(attn{}, false); });
  add([=] { return p3_causal(mut::mask_dropping_attention<K>{}, true); });
  // P4
  add([=] { return p4_output(attn{}, true); });
  add([=] { return p4_output(mut::key_offset_attention<K>{}, false); });
  add([=] { return p4_output(mut::key_index_score_attention<K>{}, false); });
  add([=] { return p4_output(mut::index_weighted_attention<K>{}, false); });
  add([=] { return p4_stack(attn{}, true); });
  add([=] { return p4_stack(mut::index_weighted_attention<K>{}, false); });
  // P5
  add([=] { return p5_cmn(properties::library_counter{}, true); });
  add([=] { return p5_cmn(mut::offset_counter{}, false); });
  add([=] { return p5_gap(properties::library_counter{}, false); });
  add([=] { return p5_gap(mut::constant_encoding{}, true); });
  // P6
  add([=] { return p6_rotation(properties::library_exact_sinusoid{}, true, 2, 4); });
  add([=] { return p6_rotation(mut::wrong_sign_rotation<properties::library_exact_sinusoid>{}, false, 2, 4); });
  // P7: "after" is a refutation (the library's residual is non-zero, the constant encoding's is 0).
  add([=] { return p7(attn{}, properties::library_counter{}, false, false); });
  add([=] { return p7(attn{}, mut::constant_encoding{}, false, true); });
  add([=] { return p7(attn{}, properties::library_counter{}, true, true); });
  add([=] { return p7(mut::row_bias_attention<K>{}, properties::library_counter{}, true, false); });
  // NOTE: P8's mutants (summation dropped / forced sorted) are about floating rounding; over exact symbols
  // every summation order gives the same sum, and sorted summation is refused (no order). Not run here.
  return out;
}

std::vector<identity_run> mutant_runs() {
  std::vector<identity_run> out;
  for (const auto& p : planned_mutants()) out.push_back(p.run());
  return out;
}

}  // namespace orderblind::identities
