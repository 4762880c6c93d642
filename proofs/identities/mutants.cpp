// SPDX-License-Identifier: MIT
// The property battery's mutants (properties/battery/mutants.hpp) run over symbols, the same way as the
// identities: each law at a small size, the library (residual 0 where the law is an identity) beside
// every mutant (caught: a non-zero residual, or 0 where the law is a refutation).
#include "proofs/identities/identities.hpp"
#include "proofs/identities/spec_mutants.hpp"
#include "proofs/identities/specification.hpp"
#include "proofs/identities/support.hpp"
#include "properties/battery/mutants.hpp"
#include "orderblind/verify/law.hpp"

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

// --- mutants that only the n-cycle catches ----------------------------------------------------------
// NOTE: the transposition (0 1) fixes every row from 2 on, so a bug tied to row n−1 or to key row 2 is
// invisible to it for n ≥ 4; the n-cycle moves every row. These show that the second generator matters.

/// Attention that adds 1 to the last output row.
struct last_row_bias_attention : mut::composed_attention<last_row_bias_attention, K> {
  static constexpr const char* name = "attention adds 1 to the last output row";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    auto t = cross_attention_trace<T, K>(y, c, w, opt);
    for (Eigen::Index j = 0; j < t.z.cols(); ++j) t.z(t.z.rows() - 1, j) = T(t.z(t.z.rows() - 1, j) + T(1));
    return t;
  }
};

/// Attention whose scores of key row 2 get + 1.
struct key_two_score_attention : mut::composed_attention<key_two_score_attention, K> {
  static constexpr const char* name = "scores of key row 2 get + 1";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return mut::hooked_trace<T, K>(
        y, c, w, opt,
        [](Matrix<T>& s) {
          if (s.cols() > 2)
            for (Eigen::Index i = 0; i < s.rows(); ++i) s(i, 2) = T(s(i, 2) + T(1));
        },
        [](Matrix<T>&) {});
  }
};

/// A battery attention mutant (one-head `trace`, `multi`) as an implementation for the specification checks.
template <class Mut>
implementation<S> as_implementation(const Mut& m) {
  implementation<S> i = library_implementation<S>();
  i.name = Mut::name;
  i.self_head = [m](const Matrix<S>& x, const head_weights<S>& w, const mask& mk) {
    attention_options<S> o;
    o.mask = mk;
    return m.template trace<S>(x, x, w, o).z;
  };
  i.cross_head = [m](const Matrix<S>& y, const Matrix<S>& c, const head_weights<S>& w, const mask& mk) {
    attention_options<S> o;
    o.mask = mk;
    return m.template trace<S>(y, c, w, o).z;
  };
  i.mha = [m](const Matrix<S>& y, const Matrix<S>& c, const multi_head_weights<S>& w, const mask& mk) {
    attention_options<S> o;
    o.mask = mk;
    return m.template multi<S>(y, c, w, o);
  };
  return i;
}

/// A specification identity that a mutant must make fail (caught: a non-zero residual).
identity_run spec_catches(const implementation<S>& impl, spec_check c, const spec_size& z) {
  identity_run r = spec_identity(impl, c, z);
  r.law += " (the mutant must make it fail)";
  r.expect_zero = false;
  return r;
}

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
                   // NOTE: before: PE is added first and P moves X + PE; after: P moves X, and PE stays (the law
                   // as data, verify/law.hpp).
                   const verify::permutation_law law =
                       before ? verify::equivariance()
                              : verify::permutation_law{"Attn(PX + PE) = P·Attn(X + PE)",
                                                        {verify::action::permute_rows, verify::action::none},
                                                        verify::action::permute_rows};
                   const std::vector<Matrix<S>> inputs = before ? std::vector<Matrix<S>>{with} : std::vector<Matrix<S>>{x, pe_table};
                   const auto f = [&](const std::vector<Matrix<S>>& in) {
                     return before ? attend(in[0]) : attend(pe::add_positions(in[0], in[1]));
                   };
                   bool zero = true;
                   for (const auto& p : detail::generators(n_small)) {
                     const auto [lhs, rhs] = verify::sides<S>(law, f, inputs, p);
                     zero = run.compare(lhs, rhs, "P = " + p.cycles()) && zero;
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
  add([=] { return p7(mut::positions_inside_attention<K, properties::library_counter>{}, properties::library_counter{},
                       true, false); });
  // Only the n-cycle catches these (the runs record which generator gave a non-zero residual).
  add([=] { return p1_single(last_row_bias_attention{}, false, false); });
  add([=] { return p1_single(key_two_score_attention{}, false, false); });
  // EQUIVARIANT but wrong: the symmetry law holds on them (not caught), the specification catches them.
  add([=] { return p1_single(mut::keys_from_query_weights<K>{}, false, true); });
  add([=] { return p1_single(mut::unnormalised_weights<K>{}, false, true); });
  add([=] { return p1_single(mut::doubled_scores<K>{}, false, true); });
  for (spec_check c : {spec_check::self_head, spec_check::mha}) {
    add([=] { return spec_catches(as_implementation(mut::keys_from_query_weights<K>{}), c, {3, 3, 4, 2, 1}); });
    add([=] { return spec_catches(as_implementation(mut::unnormalised_weights<K>{}), c, {3, 3, 4, 2, 1}); });
    add([=] { return spec_catches(as_implementation(mut::doubled_scores<K>{}), c, {3, 3, 4, 2, 1}); });
  }
  add([=] { return p2_stack(mut::summing_pool<K, Norm>{}, true, true); });
  add([=] {
    implementation<S> i = library_implementation<S>();
    i.name = mut::summing_pool<K, Norm>::name;
    i.pool = [](const Matrix<S>& x) { return mut::summing_pool<K, Norm>{}.pool<S>(x, summation::in_order); };
    return spec_catches(i, spec_check::pool, {3, 3, 4, 1, 1});
  });
  // The wrong-but-equivariant mutants (a symmetry law cannot see them), each with the check that catches it.
  for (const auto& m : wrong_but_equivariant_mutants<S>()) {
    const spec_check c = m.impl.name == "pre-norm instead of post-norm" ? spec_check::encoder
                         : m.impl.name.find("decoder") != std::string::npos ? spec_check::decoder
                         : m.impl.name.find("orm") != std::string::npos     ? spec_check::norm
                         : m.impl.name.find("FFN") != std::string::npos     ? spec_check::ffn
                                                                            : spec_check::mha;
    add([=] { return spec_catches(m.impl, c, {3, 2, 4, 2, 1}); });
  }
  return out;
}

std::vector<inexpressible_mutant> inexpressible_mutants() {
  const std::string no_nan =
      "the symbolic scalar holds no NaN (can_be_nonfinite = false): poison() is a no-op on it, so this mutant IS the "
      "library over symbols; the NaN rule is checked over double (tests/compare, the batteries)";
  const std::string rounding =
      "a floating-rounding mutant (P8): over exact symbols every summation order gives the same sum, and "
      "summation::sorted is refused (no order); checked by the double and mpfr100 batteries";
  const std::string few_eps =
      "a perturbation of a few ε tied to the order of two values: the symbolic scalar's ε is 0 and the trigger "
      "compares values (no order; `<` does not compile); checked by the floating batteries";
  return {
      {mut::nan_attention<K>::name, no_nan},
      {mut::nan_rowwise<K, Norm>::name, no_nan},
      {mut::nan_sinusoid::name, no_nan},
      {mut::summation_dropping_attention<K>::name, rounding},
      {mut::summation_forcing_sorted_attention<K>::name, rounding},
      {"edge_attention (output / weights, factor 3 and 0.5)", few_eps},
      {"edge_sinusoid (factor 3 and 0.5)", few_eps},
      {mut::shifted_output<K>::name,
       "the shift max|V| + 1 needs an order (max_abs compares values); its specification counterpart, a constant "
       "added to the output, is what the value identities exclude"},
      {mut::throwing_attention<K>::name,
       "not a wrong value but an exception: over symbols the run records it as an error (a failed run), never as a "
       "catch; the batteries check that a refutation law reports it as an error"},
  };
}

std::vector<identity_run> mutant_runs() {
  std::vector<identity_run> out;
  for (const auto& p : planned_mutants()) out.push_back(p.run());
  return out;
}

}  // namespace orderblind::identities
