// SPDX-License-Identifier: MIT
#pragma once
/// The definition of battery_laws<T>: which law runs in which arithmetic, with which implementation,
/// case count, tolerance and mutants. Included only by the battery's translation units
/// (battery_<scalar>.cpp and battery_<scalar>_<families>.cpp).
#include <algorithm>
#include <string>

#include "properties/battery/battery.hpp"
#include "properties/battery/implementations.hpp"
#include "properties/battery/laws_attention.hpp"
#include "properties/battery/laws_cross.hpp"
#include "properties/battery/laws_edges.hpp"
#include "properties/battery/laws_position.hpp"
#include "properties/battery/laws_rowwise.hpp"
#include "properties/battery/mutants.hpp"

namespace orderblind::properties {

namespace detail {

/// "mpq_rational (exact)" or "mpfr100".
template <Scalar T>
std::string scalar_label() {
  return std::string(scalar_traits<T>::name) + (scalar_traits<T>::is_exact ? " (exact)" : "");
}

/// The encoding P7 adds: the counter for exact types, the sinusoid for reals.
template <Scalar T>
using battery_encoding = std::conditional_t<scalar_traits<T>::is_exact, library_counter, library_sinusoid>;

}  // namespace detail

/// Builds the laws of battery_laws<T>: one member function per law family, each appending its laws to
/// `out`. Called in a fixed order by battery_laws<T>, so the laws, their ids and their order do not depend
/// on which translation unit compiled which family.
// NOTE: one member function per family so that each can be explicitly instantiated in a translation unit
// of its choice (the `extern template` declarations below stop every other unit from instantiating it):
// battery_<scalar>.cpp instantiates them all by default; ORDERBLIND_SPLIT_BATTERY=ON gives each family its
// own unit, for many cores (twice the CPU time in all, properties/battery/CMakeLists.txt, docs/build.md).
template <class T>
struct battery_builder {
  using K = default_kernel<T>;
  using Norm = default_norm<T>;
  using attn = library_attention<K>;
  using rows = library_rowwise<K, Norm>;
  using nan_attn = mutants::nan_attention<K>;
  using nan_rows = mutants::nan_rowwise<K, Norm>;
  static constexpr bool exact = scalar_traits<T>::is_exact;
  // NOTE: over MPFR-100 the library's multi-head attention runs the fused head (lib/orderblind/fast/
  // mpfr_head.hpp), whose sums over the sequence are exact integer sums rounded once: its result does not
  // depend on the order of the rows, so the law asserts `==` there, and the "-generic" law checks the
  // generic per-head path (rounding term by term) within the ε-bound.
  static constexpr bool fused_exact_heads = std::is_same_v<T, mpfr100>;

  const std::string tag = std::string("[") + scalar_traits<T>::name + "]";
  const std::string ar = detail::scalar_label<T>() + ", " + K::name;
  const std::string ar_layers = ar + ", " + Norm::name;
  const std::string sum_note = exact ? "" : ", sums over the sequence sorted (summation::sorted)";
  const std::string exact_eq = "exact (==)";
  const std::string bitwise = exact ? exact_eq : "bit-for-bit (==)";
  const std::string one_head =
      "4(n+1)ε·max_i|V_ij| in output column j (attention_reorder_bound_eps: reordering the two sums over the "
      "sequence; column j is a mean of V's column j)";
  const std::string multi_head =
      "(4(n+1)+2d+2)ε·Σ_c max_i|V_ic|·|W_O(c,j)| in output column j (each head's reorder bound, carried through the "
      "W_O dot product)";
  const std::string fused_note = "bit-for-bit (==): the fused MPFR-100 head sums exactly and rounds once";
  std::vector<law> out;  ///< the laws added so far, in the order they were added

  /// A law's tolerance as data: its text and the evidence its comparison gives.
  struct tolerance_spec {
    std::string text;
    verify::evidence_kind evidence;
  };
  /// A comparison with == (exact, or bit for bit).
  static tolerance_spec equal(std::string text) { return {std::move(text), verify::evidence_kind::sampled_exact}; }
  /// A comparison within a bound in ε.
  static tolerance_spec bounded(std::string text) { return {std::move(text), verify::evidence_kind::sampled_within_bound}; }
  /// `bound` for a floating T; "exact (==)" for an exact one.
  tolerance_spec tol(const std::string& bound) const { return exact ? equal(exact_eq) : bounded(bound); }

  /// The case count of a law for T, from its count for double and the exact types.
  // NOTE: MPFR-100 runs a quarter of the cases: its ε-bounds are the same derivations as double's (in its
  // own ε), each of its cases costs about 30 times a double case at n up to 8, and double runs every case
  // at n up to 32. Kept so that the battery's ctest time stays near what it was with the small sizes.
  static long cases_(long n) { return std::is_same_v<T, mpfr100> ? n / 4 : n; }

  /// Appends a law (its id: `name` followed by the scalar tag).
  void add(std::string property, std::string name, std::string title, std::string arithmetic, tolerance_spec tolerance,
           long cases, law_runner check, std::vector<mutant> muts) {
    out.push_back(law{std::move(property), std::move(name) + tag, std::move(title), std::move(arithmetic),
                      std::move(tolerance.text), tolerance.evidence, cases, false, std::move(check), std::move(muts), {}});
  }
  /// A law's id: "P1.scaled[double]".
  std::string id(const std::string& name) const { return name + tag; }
  /// A mutant's RapidCheck id: "P1.scaled[double]/mutant: …".
  std::string mid(const std::string& name, const char* mutant_name) const { return name + tag + "/mutant: " + mutant_name; }

  /// Which perturbation `harden` adds.
  enum class edge_kind { none, bound, bit_for_bit };
  /// Adds to the last law what every floating law gets on top of its own mutants.
  // NOTE: what every floating law gets on top of its own mutants (exact laws compare with == and hold no
  // NaN): a NaN in an output (a law that must hold fails on it; a refutation reports an error, never a
  // counterexample); for a law within an ε-bound, its left side moved by 4× the bound in one entry (must
  // fail) and by 0.5× (must still hold, on up to 100 cases); for a bit-for-bit law, one entry moved by
  // one to two ulps (must fail).
  template <class Lib, class Nan>
  void harden(const std::string& name, long cases, Lib lib, Nan nan, edge_kind kind) {
    if (exact) return;
    law& l = out.back();
    if (l.refutes)
      l.mutants.push_back({nan_attn::name, must_break(mid(name, "NaN"), cases, nan)});
    else
      l.mutants.push_back({"NaN in an output (entry (0, 0))", must_hold(mid(name, "NaN"), cases, nan)});
    if (kind == edge_kind::bound) {
      l.mutants.push_back({"perturbation: the left side moved by 4x the law's bound in one entry",
                           must_hold(mid(name, "4x bound"), cases, lib, 4.0)});
      l.within_bound.push_back({"perturbation: the left side moved by 0.5x the law's bound in one entry",
                                must_hold(mid(name, "0.5x bound"), std::min<long>(cases, 100), lib, 0.5)});
    } else if (kind == edge_kind::bit_for_bit) {
      l.mutants.push_back({"perturbation: one entry of the left side moved by 1-2 ulps",
                           must_hold(mid(name, "ulp"), cases, lib, 1.0)});
    }
  }

  /// P1: self-attention, one head and multi-head.
  void p1_self_attention();
  /// P2: row-wise layers, the encoder stack, mean pooling.
  void p2_rowwise();
  /// P3 (a causal mask) and P4 (cross-attention, text 001 Appendix A.2).
  void p3_p4_mask_and_cross();
  /// P5 (the counter), P6 (the sinusoid's rotation), P7 (positional encoding), P8 (double's honesty).
  void p5_p8_positions_and_floating();
  /// The implementation mutants at 3x and 0.5x of every ε-bounded law (laws_edges.hpp); after all the others.
  void edges() { add_edge_mutants<T, K, detail::battery_encoding<T>>(out); }
};

template <class T>
void battery_builder<T>::p1_self_attention() {
  // --- P1: self-attention commutes with any row permutation -----------------------------------------
  for (const bool scaled : {false, true}) {
    const std::string n = scaled ? "P1.scaled" : "P1.single-head";
    using m1 = mutants::row_bias_attention<K>;
    using m2 = mutants::key_index_score_attention<K>;
    add("P1", n,
        scaled ? "scaled self-attention (1/sqrt(d_k)) commutes with any row permutation: Attn(PX) = P Attn(X)"
               : "single-head self-attention commutes with any row permutation: Attn(PX) = P Attn(X)",
        ar, tol(one_head), cases_(500), must_hold(id(n), cases_(500), laws::self_attention_commutes<T>(attn{}, scaled)),
        {{m1::name, must_hold(mid(n, m1::name), cases_(500), laws::self_attention_commutes<T>(m1{}, scaled))},
         {m2::name, must_hold(mid(n, m2::name), cases_(500), laws::self_attention_commutes<T>(m2{}, scaled))}});
    harden(n, cases_(500), laws::self_attention_commutes<T>(attn{}, scaled), laws::self_attention_commutes<T>(nan_attn{}, scaled),
           edge_kind::bound);
  }
  for (const bool generic : {false, true}) {
    if (generic && !fused_exact_heads) continue;
    const std::string n = generic ? "P1.multi-head-generic" : "P1.multi-head";
    const bool bitwise_heads = fused_exact_heads && !generic;
    using m1 = mutants::row_bias_attention<K>;
    using m2 = mutants::key_index_score_attention<K>;
    using gen = generic_attention<K>;
    auto law_on = [&](auto impl) { return laws::multi_head_attention_commutes<T>(impl, bitwise_heads); };
    add("P1", n,
        std::string("multi-head self-attention with W_O commutes with any row permutation: MHA(PX) = P MHA(X)") +
            (generic ? " (heads by the generic path)" : ""),
        ar, bitwise_heads ? equal(fused_note) : tol(multi_head), cases_(300),
        generic ? must_hold(id(n), cases_(300), law_on(gen{})) : must_hold(id(n), cases_(300), law_on(attn{})),
        {{m1::name, must_hold(mid(n, m1::name), cases_(300), law_on(m1{}))},
         {m2::name, must_hold(mid(n, m2::name), cases_(300), law_on(m2{}))}});
    if (generic)
      harden(n, cases_(300), law_on(gen{}), law_on(nan_attn{}), edge_kind::bound);
    else
      harden(n, cases_(300), law_on(attn{}), law_on(nan_attn{}), bitwise_heads ? edge_kind::bit_for_bit : edge_kind::bound);
  }
}

template <class T>
void battery_builder<T>::p2_rowwise() {
  // --- P2: row-wise layers, the encoder stack, mean pooling -----------------------------------------
  {
    using m = mutants::ffn_reads_previous_row<K, Norm>;
    add("P2", "P2.ffn", "the position-wise FFN commutes with any row permutation: FFN(PX) = P FFN(X)",
        detail::scalar_label<T>(), equal(bitwise), cases_(1000), must_hold(id("P2.ffn"), cases_(1000), laws::ffn_commutes<T>(rows{})),
        {{m::name, must_hold(mid("P2.ffn", m::name), cases_(1000), laws::ffn_commutes<T>(m{}))}});
    harden("P2.ffn", cases_(1000), laws::ffn_commutes<T>(rows{}), laws::ffn_commutes<T>(nan_rows{}), edge_kind::bit_for_bit);
  }
  {
    using m = mutants::norm_uses_first_row<K, Norm>;
    add("P2", "P2.norm",
        std::string("the norm (") + Norm::name + ") commutes with any row permutation: Norm(PX) = P Norm(X)",
        detail::scalar_label<T>() + ", " + Norm::name, equal(bitwise), cases_(1000),
        must_hold(id("P2.norm"), cases_(1000), laws::norm_commutes<T>(rows{})),
        {{m::name, must_hold(mid("P2.norm", m::name), cases_(1000), laws::norm_commutes<T>(m{}))}});
    harden("P2.norm", cases_(1000), laws::norm_commutes<T>(rows{}), laws::norm_commutes<T>(nan_rows{}), edge_kind::bit_for_bit);
  }
  {
    using m = mutants::residual_from_next_row<K, Norm>;
    add("P2", "P2.residual", "the residual commutes with any row permutation: PX + P F(X) = P (X + F(X))",
        detail::scalar_label<T>(), equal(bitwise), cases_(1000), must_hold(id("P2.residual"), cases_(1000), laws::residual_commutes<T>(rows{})),
        {{m::name, must_hold(mid("P2.residual", m::name), cases_(1000), laws::residual_commutes<T>(m{}))}});
    harden("P2.residual", cases_(1000), laws::residual_commutes<T>(rows{}), laws::residual_commutes<T>(nan_rows{}),
           edge_kind::bit_for_bit);
  }
  {
    using m1 = mutants::causal_encoder<K, Norm>;
    add("P2", "P2.encoder-stack",
        "an encoder stack of several blocks commutes with any row permutation: Encoder(PX) = P Encoder(X)",
        ar_layers + sum_note, equal(bitwise), cases_(200), must_hold(id("P2.encoder-stack"), cases_(200), laws::encoder_stack_commutes<T>(rows{})),
        {{m1::name, must_hold(mid("P2.encoder-stack", m1::name), cases_(200), laws::encoder_stack_commutes<T>(m1{}))}});
    harden("P2.encoder-stack", cases_(200), laws::encoder_stack_commutes<T>(rows{}), laws::encoder_stack_commutes<T>(nan_rows{}),
           edge_kind::bit_for_bit);
  }
  {
    using m1 = mutants::position_weighted_pool<K, Norm>;
    using m2 = mutants::causal_encoder<K, Norm>;
    using m3 = mutants::summing_pool<K, Norm>;
    add("P2", "P2.mean-pool",
        "mean pooling after an encoder stack is invariant under any row permutation: Pool(Encoder(PX)) = "
        "Pool(Encoder(X))",
        ar_layers + sum_note, equal(bitwise), cases_(200),
        must_hold(id("P2.mean-pool"), cases_(200), laws::pooled_stack_is_invariant<T>(rows{})),
        {{m1::name, must_hold(mid("P2.mean-pool", m1::name), cases_(200), laws::pooled_stack_is_invariant<T>(m1{}))},
         {m2::name, must_hold(mid("P2.mean-pool", m2::name), cases_(200), laws::pooled_stack_is_invariant<T>(m2{}))},
         {m3::name, must_hold(mid("P2.mean-pool", m3::name), cases_(200), laws::pooled_stack_is_invariant<T>(m3{}))}});
    harden("P2.mean-pool", cases_(200), laws::pooled_stack_is_invariant<T>(rows{}),
           laws::pooled_stack_is_invariant<T>(nan_rows{}), edge_kind::bit_for_bit);
  }
}

template <class T>
void battery_builder<T>::p3_p4_mask_and_cross() {
  // --- P3: a causal mask breaks equivariance; the shrunk counterexample has n = 2 -----------------------
  {
    using m = mutants::mask_dropping_attention<K>;
    auto n_is_two = [](const outcome& o) -> std::string {
      const auto n = o.value_of("n (tokens)");
      return n == "2" ? std::string() : "the shrunk counterexample has n = " + n + ", not the minimal n = 2";
    };
    add("P3", "P3.causal",
        "a causal mask breaks equivariance: 'causal attention commutes with any row permutation' is refuted, "
        "with a minimal counterexample of n = 2 tokens",
        ar, exact ? equal(exact_eq + " (a counterexample must exist)") : bounded(one_head + "; a counterexample must exceed it"), cases_(500),
        must_break(id("P3.causal"), cases_(500), laws::causal_attention_commutes<T>(attn{}), n_is_two),
        {{m::name, must_break(mid("P3.causal", m::name), cases_(500), laws::causal_attention_commutes<T>(m{}), n_is_two)}});
    out.back().refutes = true;
    harden("P3.causal", cases_(500), laws::causal_attention_commutes<T>(attn{}), laws::causal_attention_commutes<T>(nan_attn{}),
           edge_kind::none);
  }

  // --- P4: cross-attention ignores the order of the encoder rows (text 001, Appendix A.2) -------------
  {
    struct step_spec {
      const char* name;
      const char* title;
      laws::a2_step step;
      tolerance_spec tolerance;
    };
    const std::vector<step_spec> steps = {
        {"P4.step1", "A.2 Step 1: permuting the encoder rows permutes the keys and values: K' = PK, V' = PV",
         laws::a2_step::keys_values, equal(bitwise)},
        {"P4.step2", "A.2 Step 2: permuting the encoder rows permutes the scores: s' = s P^T", laws::a2_step::scores,
         equal(bitwise)},
        {"P4.step3", "A.2 Step 3: permuting the encoder rows permutes the weights: a' = a P^T", laws::a2_step::weights,
         tol("(2n+2)ε (softmax_weight_reorder_bound_eps: the normaliser summed in another order)")},
        {"P4.step4", "A.2 Step 4: the cross-attention output does not change when the encoder rows are permuted",
         laws::a2_step::output, tol(one_head)}};
    using m1 = mutants::key_offset_attention<K>;
    using m2 = mutants::key_index_score_attention<K>;
    using m3 = mutants::index_weighted_attention<K>;
    using e1 = mutants::keys_from_query_weights<K>;
    using e3 = mutants::unnormalised_weights<K>;
    using e4 = mutants::shifted_output<K>;
    using e2 = mutants::doubled_scores<K>;
    for (const auto& s : steps) {
      std::vector<mutant> muts;
      if (s.step == laws::a2_step::keys_values)
        muts.push_back({m1::name, must_hold(mid(s.name, m1::name), cases_(500), laws::cross_attention_step<T>(m1{}, s.step))});
      if (s.step == laws::a2_step::scores)
        muts.push_back({m2::name, must_hold(mid(s.name, m2::name), cases_(500), laws::cross_attention_step<T>(m2{}, s.step))});
      if (s.step == laws::a2_step::weights || s.step == laws::a2_step::output)
        muts.push_back({m3::name, must_hold(mid(s.name, m3::name), cases_(500), laws::cross_attention_step<T>(m3{}, s.step))});
      if (s.step == laws::a2_step::keys_values)
        muts.push_back({e1::name, must_hold(mid(s.name, e1::name), cases_(500), laws::cross_attention_step<T>(e1{}, s.step))});
      if (s.step == laws::a2_step::scores)
        muts.push_back({e2::name, must_hold(mid(s.name, e2::name), cases_(500), laws::cross_attention_step<T>(e2{}, s.step))});
      if (s.step == laws::a2_step::weights)
        muts.push_back({e3::name, must_hold(mid(s.name, e3::name), cases_(500), laws::cross_attention_step<T>(e3{}, s.step))});
      if (s.step == laws::a2_step::output)
        muts.push_back({e4::name, must_hold(mid(s.name, e4::name), cases_(500), laws::cross_attention_step<T>(e4{}, s.step))});
      add("P4", s.name, s.title, ar, s.tolerance, cases_(500), must_hold(id(s.name), cases_(500), laws::cross_attention_step<T>(attn{}, s.step)),
          std::move(muts));
      const bool within = s.step == laws::a2_step::weights || s.step == laws::a2_step::output;
      harden(s.name, cases_(500), laws::cross_attention_step<T>(attn{}, s.step), laws::cross_attention_step<T>(nan_attn{}, s.step),
             within ? edge_kind::bound : edge_kind::bit_for_bit);
    }
    for (const bool generic : {false, true}) {
      if (generic && !fused_exact_heads) continue;
      const std::string n = generic ? "P4.step5-heads-generic" : "P4.step5-heads";
      const bool bitwise_heads = fused_exact_heads && !generic;
      using gen = generic_attention<K>;
      auto law_on = [&](auto impl) { return laws::multi_head_cross_attention_ignores_order<T>(impl, bitwise_heads); };
      add("P4", n,
          std::string("A.2 Step 5: multi-head cross-attention (W_O, several decoder rows) ignores the order of the "
                      "encoder rows") + (generic ? " (heads by the generic path)" : ""),
          ar, bitwise_heads ? equal(fused_note) : tol(multi_head), cases_(300),
          generic ? must_hold(id(n), cases_(300), law_on(gen{})) : must_hold(id(n), cases_(300), law_on(attn{})),
          {{m3::name, must_hold(mid(n, m3::name), cases_(300), law_on(m3{}))}});
      if (generic)
        harden(n, cases_(300), law_on(gen{}), law_on(nan_attn{}), edge_kind::bound);
      else
        harden(n, cases_(300), law_on(attn{}), law_on(nan_attn{}), bitwise_heads ? edge_kind::bit_for_bit : edge_kind::bound);
    }
    // NOTE: the exact decoder-over-encoder case keeps its entries small (laws_rowwise.hpp, stack_entry), so it
    // runs as many cases as the other laws at n up to 8.
    const long stack_cases = cases_(200);
    add("P4", "P4.step5-stack",
        "A.2 Step 5: a decoder stack reading an encoder stack gives the same output for any order of the input rows",
        ar_layers + sum_note, equal(bitwise), stack_cases,
        must_hold(id("P4.step5-stack"), stack_cases, laws::decoder_stack_ignores_encoder_order<T, attn, K, Norm>(attn{})),
        {{m3::name, must_hold(mid("P4.step5-stack", m3::name), stack_cases,
                              laws::decoder_stack_ignores_encoder_order<T, m3, K, Norm>(m3{}))}});
    harden("P4.step5-stack", stack_cases, laws::decoder_stack_ignores_encoder_order<T, attn, K, Norm>(attn{}),
           laws::decoder_stack_ignores_encoder_order<T, nan_attn, K, Norm>(nan_attn{}), edge_kind::bit_for_bit);
  }
}

template <class T>
void battery_builder<T>::p5_p8_positions_and_floating() {
  // --- P5: the counter's position score (exact only) --------------------------------------------------
  if constexpr (exact) {
    using m1 = mutants::offset_counter;
    using m2 = mutants::constant_encoding;
    add("P5", "P5.counter-cmn",
        "the counter's position score is c m n: p_m M p_n^T = (1^T M 1) m n for every M and positions m, n",
        detail::scalar_label<T>(), equal(exact_eq), cases_(1000),
        must_hold(id("P5.counter-cmn"), cases_(1000), laws::counter_score_is_cmn<T>(library_counter{})),
        {{m1::name, must_hold(mid("P5.counter-cmn", m1::name), cases_(1000), laws::counter_score_is_cmn<T>(m1{}))}});
    add("P5", "P5.not-relative",
        "the counter's position score is not a function of m - n: 'p_m M p_n^T = p_(m+k) M p_(n+k)^T' is refuted",
        detail::scalar_label<T>(), equal(exact_eq + " (a counterexample must exist)"), cases_(1000),
        must_break(id("P5.not-relative"), cases_(1000), laws::position_score_depends_only_on_gap<T>(library_counter{})),
        {{m2::name, must_break(mid("P5.not-relative", m2::name), cases_(1000),
                               laws::position_score_depends_only_on_gap<T>(m2{}))}});
    out.back().refutes = true;
  }

  // --- P6: the sinusoidal rotation identity ----------------------------------------------------------
  if constexpr (exact) {
    using m = mutants::wrong_sign_rotation<library_exact_sinusoid>;
    add("P6", "P6.rotation",
        "the sinusoid's rotation identity: PE(p+k) = R(k theta_i) PE(p) for every pair i "
        "(exact unit rotations of orderblind::pe::angle_table, R = [[cos, sin], [-sin, cos]] on (sin, cos))",
        detail::scalar_label<T>() + ", cos = (1-t^2)/(1+t^2), sin = 2t/(1+t^2), t != 0, +-1", equal(exact_eq), cases_(1000),
        must_hold(id("P6.rotation"), cases_(1000), laws::rotation_identity_exact<T>(library_exact_sinusoid{})),
        {{m::name, must_hold(mid("P6.rotation", m::name), cases_(1000), laws::rotation_identity_exact<T>(m{}))}});
  } else {
    using m = mutants::wrong_sign_rotation<library_sinusoid>;
    add("P6", "P6.rotation",
        "the sinusoid's rotation identity: PE(p+k) = R(k theta_i) PE(p) for every pair i "
        "(theta_i = base^(-2i/d), R = [[cos, sin], [-sin, cos]] on (sin, cos))",
        detail::scalar_label<T>() + ", pe::sinusoidal, base 10000 or random in [2, 20000]",
        bounded("(2(p+k)θ_i + 16)ε per pair (rotation_bound_eps: the angle's rounding grows with the phase)"), cases_(1000),
        must_hold(id("P6.rotation"), cases_(1000), laws::rotation_identity_real<T>(library_sinusoid{})),
        {{m::name, must_hold(mid("P6.rotation", m::name), cases_(1000), laws::rotation_identity_real<T>(m{}))}});
    harden("P6.rotation", cases_(1000), laws::rotation_identity_real<T>(library_sinusoid{}),
           laws::rotation_identity_real<T>(mutants::nan_sinusoid{}), edge_kind::bound);
  }

  // --- P7: positional encoding breaks equivariance, unless permuted with the rows ---------------------
  {
    using enc = detail::battery_encoding<T>;
    using m1 = mutants::constant_encoding;
    using m2 = mutants::row_bias_attention<K>;
    using m3 = mutants::positions_inside_attention<K, enc>;
    const std::string ar_pe = ar + ", " + enc::name;
    add("P7", "P7.after",
        "positions added after permuting break equivariance: 'Attn(PX + PE) = P Attn(X + PE)' is refuted", ar_pe,
        exact ? equal(exact_eq + " (a counterexample must exist)") : bounded(one_head + "; a counterexample must exceed it"), cases_(500),
        must_break(id("P7.after"), cases_(500), laws::positions_after_permuting_commute<T>(attn{}, enc{})),
        {{m1::name, must_break(mid("P7.after", m1::name), cases_(500), laws::positions_after_permuting_commute<T>(attn{}, m1{}))}});
    out.back().refutes = true;
    harden("P7.after", cases_(500), laws::positions_after_permuting_commute<T>(attn{}, enc{}),
           laws::positions_after_permuting_commute<T>(nan_attn{}, enc{}), edge_kind::none);
    add("P7", "P7.before",
        "positions added before permuting keep equivariance: Attn(P(X + PE)) = P Attn(X + PE)", ar_pe, tol(one_head),
        cases_(500), must_hold(id("P7.before"), cases_(500), laws::positions_before_permuting_commute<T>(attn{}, enc{})),
        {{m3::name, must_hold(mid("P7.before", m3::name), cases_(500), laws::positions_before_permuting_commute<T>(m3{}, enc{}))},
         {m2::name, must_hold(mid("P7.before", m2::name), cases_(500), laws::positions_before_permuting_commute<T>(m2{}, enc{}))}});
    harden("P7.before", cases_(500), laws::positions_before_permuting_commute<T>(attn{}, enc{}),
           laws::positions_before_permuting_commute<T>(nan_attn{}, enc{}), edge_kind::bound);
  }

  // --- P8: floating honesty (double) -----------------------------------------------------------------
  if constexpr (std::is_same_v<T, double>) {
    using m = mutants::summation_dropping_attention<K>;
    using ms = mutants::summation_forcing_sorted_attention<K>;
    add("P8", "P8.in-order-not-bitwise",
        "over double with in-order sums, MHA(PX) and P MHA(X) are not bit-for-bit equal in general "
        "('they are equal bit for bit' is refuted)",
        ar + ", summation::in_order", equal("bit-for-bit (==); a counterexample must exist"), cases_(500),
        must_break(id("P8.in-order-not-bitwise"), cases_(500), laws::attention_bitwise_equivariant<T>(attn{}, summation::in_order)),
        {{ms::name, must_break(mid("P8.in-order-not-bitwise", ms::name), cases_(500),
                               laws::attention_bitwise_equivariant<T>(ms{}, summation::in_order))}});
    out.back().refutes = true;
    harden("P8.in-order-not-bitwise", cases_(500), laws::attention_bitwise_equivariant<T>(attn{}, summation::in_order),
           laws::attention_bitwise_equivariant<T>(nan_attn{}, summation::in_order), edge_kind::none);
    add("P8", "P8.sorted-bitwise",
        "over double with sums in sorted order, multi-head attention is bit-for-bit equivariant: MHA(PX) == P MHA(X)",
        ar + ", summation::sorted", equal("bit-for-bit (==)"), cases_(500),
        must_hold(id("P8.sorted-bitwise"), cases_(500), laws::attention_bitwise_equivariant<T>(attn{}, summation::sorted)),
        {{m::name, must_hold(mid("P8.sorted-bitwise", m::name), cases_(500),
                             laws::attention_bitwise_equivariant<T>(m{}, summation::sorted))}});
    harden("P8.sorted-bitwise", cases_(500), laws::attention_bitwise_equivariant<T>(attn{}, summation::sorted),
           laws::attention_bitwise_equivariant<T>(nan_attn{}, summation::sorted), edge_kind::bit_for_bit);
  }
}

// NOTE: instantiated only where a battery_<scalar>_<families>.cpp unit says so (explicit instantiation
// definitions); every other unit, battery_<scalar>.cpp included, only calls them.
extern template void battery_builder<mpq_rational>::p1_self_attention();
extern template void battery_builder<mpq_rational>::p2_rowwise();
extern template void battery_builder<mpq_rational>::p3_p4_mask_and_cross();
extern template void battery_builder<mpq_rational>::p5_p8_positions_and_floating();
extern template void battery_builder<mpfr100>::p1_self_attention();
extern template void battery_builder<mpfr100>::p2_rowwise();
extern template void battery_builder<mpfr100>::p3_p4_mask_and_cross();
extern template void battery_builder<mpfr100>::p5_p8_positions_and_floating();
extern template void battery_builder<double>::p1_self_attention();
extern template void battery_builder<double>::p2_rowwise();
extern template void battery_builder<double>::p3_p4_mask_and_cross();
extern template void battery_builder<double>::p5_p8_positions_and_floating();

template <class T>
std::vector<law> battery_laws() {
  battery_builder<T> b;
  b.p1_self_attention();
  b.p2_rowwise();
  b.p3_p4_mask_and_cross();
  b.p5_p8_positions_and_floating();
  b.edges();
  return std::move(b.out);
}

}  // namespace orderblind::properties
