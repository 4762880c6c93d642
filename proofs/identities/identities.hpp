// SPDX-License-Identifier: MIT
#pragma once
/// Identities of the library's own code, for all real inputs at fixed sizes: the generic code run over
/// `symbolic::expr` (independent symbols for every input and weight, the kernel φ, ReLU σ, the square
/// root ρ and |x| uninterpreted), and the residual of each law brought to 0 by simplification.
///
/// Permutation laws are checked on the two generators of S_n, the transposition (0 1) and the n-cycle
/// (0 1 … n−1): if f(PX) = P f(X) for all X for both, then for every P ∈ S_n, since every P is a product
/// of generators and f(P₁P₂X) = P₁ f(P₂X) = P₁P₂ f(X). (Invariance f(PX) = f(X) composes the same way.)
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace orderblind::identities {

/// The outcome of one law at one size.
struct identity_run {
  std::string law;           ///< e.g. "MHA(PX) = P·MHA(X)"
  std::string subject;       ///< what ran, e.g. "multi_head_self_attention<symbolic, softmax_kernel>, heads = 4"
  std::string size;          ///< e.g. "n = 16, d = 8"
  std::string checked_on;    ///< e.g. "generators (0 1) and (0 1 2 … 15)"
  /// The generators on which the residual was non-zero (in cycle notation; empty when it was 0 on both).
  std::vector<std::string> nonzero_on;
  bool expect_zero = true;   ///< true: an identity (residual 0); false: the residual must be non-zero
  bool residual_zero = false;
  double seconds = 0;        ///< wall time of this run (evaluations and simplification)
  std::size_t input_symbols = 0;   ///< independent symbols (inputs and weights)
  std::size_t uninterpreted = 0;   ///< values of φ, σ, ρ, α created
  std::string uninterpreted_detail;  ///< e.g. "1024 φ"
  std::size_t key_terms = 0;       ///< terms of the expanded arguments of φ (the scores), summed
  std::string keying;              ///< "expanded" or "structural"
  std::string residual;      ///< when non-zero: the residual, shortened (leading terms, sizes)
  std::string witness;       ///< when non-zero: its value at a rational point with the real exp, sqrt, ReLU, |x|
  std::string error;         ///< when the run threw: the message (the run failed)
  bool held() const { return error.empty() && residual_zero == expect_zero; }
};

/// Which attention form a permutation identity runs.
enum class attention_form {
  self_attention,         ///< self_attention, one head, scale 1
  scaled_self_attention,  ///< self_attention, one head, the library's scale 1/√d_k (exact algebraic)
  multi_head,             ///< multi_head_self_attention with W_O, each head scaled by 1/√d_h
};

/// Z(PX) = P·Z(X) on both generators of S_n, X n×d, every weight a symbol.
identity_run attention_equivariance(attention_form form, long n, long d, std::size_t heads = 1);
/// Multi-head cross-attention: the output for decoder rows Y does not change when the encoder rows C
/// are permuted (both generators of S_{n_enc}).
identity_run cross_attention_order(long n_dec, long n_enc, long d, std::size_t heads);
/// A decoder block (causal self-attention, cross-attention, FFN, LayerNorm): output independent of the
/// encoder rows' order.
identity_run decoder_block_order(long n_dec, long n_enc, long d, std::size_t heads);
/// An encoder stack of `blocks` blocks (MHA + residual + LayerNorm + FFN): Enc(PX) = P·Enc(X).
identity_run encoder_stack_equivariance(long n, long d, std::size_t heads, long blocks);
/// Mean pooling after an encoder stack: Pool(Enc(PX)) = Pool(Enc(X)).
identity_run mean_pool_invariance(long n, long d, std::size_t heads, long blocks);
/// The counter: p_m M p_nᵀ = c·m·n with c = 𝟙ᵀM𝟙, for symbolic M (d×d) and symbolic m, n.
identity_run counter_score_symbolic(long d);
/// The counter as the library tabulates it (pe::counter, rows 0…positions−1), symbolic M:
/// (T M Tᵀ)_{mn} = c·m·n for every pair.
identity_run counter_score_table(long d, long positions);
/// Causal self-attention is NOT equivariant: the residual on the transposition (0 1), printed whole.
identity_run causal_mask_residual(long n, long d);
/// RoPE with exact Pythagorean rotations: ⟨query(q, m), key(k, n)⟩ = ⟨query(q, m+c), key(k, n+c)⟩
/// for symbolic q, k, every m, n in 0…positions−1 and every shift c in `shifts`.
identity_run rope_shift(const std::string& layout, long d, long r, long positions, const std::vector<long>& shifts);
/// The Pythagorean sinusoid's rotation PE(p+k) = R(kθ)·PE(p) for a symbolic parameter t (every rational t).
identity_run sinusoid_rotation_symbolic_t(long pairs, long positions);

/// Every mutant of the property battery, run the same way at small sizes: each must be caught (a
/// non-zero residual where the law is an identity; a zero residual where the law is a refutation).
std::vector<identity_run> mutant_runs();

/// A battery mutant that is not run over symbols, and why.
struct inexpressible_mutant {
  std::string name;    ///< the mutant's name (properties/battery/mutants.hpp)
  std::string reason;  ///< why the symbolic scalar cannot express it
};
/// Every battery mutant `mutant_runs` does not run, with the reason.
std::vector<inexpressible_mutant> inexpressible_mutants();

/// One entry of the full list (what `prove`, the tests and the docs' table run).
struct planned_run {
  std::string group;  ///< the proof id it belongs to, e.g. "A.1-sym"
  std::string label;  ///< e.g. "MHA heads = 4, n = 16"
  bool in_default;    ///< part of the quick default subset (the main job)
  std::function<identity_run()> run;
};
/// The mutant runs of `mutant_runs`, not yet run (group "mutants-sym").
std::vector<planned_run> planned_mutants();
/// The full list of identities at their stated sizes (n ≤ 8, d ≤ 8, heads 1/2/4, blocks and stacks of 2) (and, with `quick`, only the default subset).
std::vector<planned_run> planned_runs(bool quick);

}  // namespace orderblind::identities
