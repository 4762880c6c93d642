// SPDX-License-Identifier: MIT
#pragma once
/// `implementation == specification`: the library's layers against the independent specification of
/// proofs/spec/ (transcribed from proofs/formal/), over symbols (an identity for all real inputs at a fixed
/// size) and over the rationals (exact ==, sampled, at larger sizes).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/scalar/symbolic.hpp"
#include "proofs/identities/identities.hpp"
#include "proofs/identities/implementation.hpp"

namespace orderblind::identities {

/// What one identity compares.
enum class spec_check {
  self_head,    ///< one head, self-attention, scale 1/√d
  cross_head,   ///< one head, queries from Y, keys and values from C
  mha,          ///< multi-head self-attention with W_O
  mha_causal,   ///< the same under the causal mask
  mha_padding,  ///< the same under a padding mask (key 1 of every 3 hidden)
  mha_cross,    ///< multi-head cross-attention with W_O
  ffn,          ///< the position-wise FFN
  norm,         ///< the block's norm (LayerNorm over symbols, the MAD norm over Q)
  residual,     ///< X + F
  pool,         ///< mean pooling
  encoder,      ///< an encoder stack (symbols: the library's stack against the specification's wiring of its
                ///< sub-layers, each of which is an identity of its own; Q: against the whole specification)
  decoder,      ///< a decoder stack, likewise
};

/// Every check, in the order of the tables.
std::vector<spec_check> all_spec_checks();
/// "MHA(Y, C) = spec" and the like.
std::string spec_check_name(spec_check c);
/// The library code the identity runs (which functions, which path).
std::string spec_check_covers(spec_check c);

/// One size: n query rows (n_dec), n_enc key rows (cross-attention, decoder), width d, heads, blocks.
struct spec_size {
  long n = 2, n_enc = 2, d = 4;
  std::size_t heads = 1;
  long blocks = 1;
  std::string text(spec_check c) const;
};

/// The identity over symbols (expanded keys; blocks: structural keys, sub-layer by sub-layer).
identity_run spec_identity(const implementation<symbolic::expr>& impl, spec_check c, const spec_size& z);

/// Sampled exact runs over the rationals.
struct sampled_run {
  std::string law, subject, size;
  long cases = 0;
  std::uint64_t seed = 0;
  bool all_equal = false;
  std::string first_difference;  ///< when not: the case and entry that differed
  std::string error;
  double seconds = 0;
};
/// `cases` cases of random rationals p/q (p in −6…6, q in {1, 2, 3, 4}) from `seed`, exact ==.
sampled_run spec_sampled(const implementation<mpq_rational>& impl, spec_check c, const spec_size& z, long cases,
                         std::uint64_t seed);

/// The library's identities at every size of the plan (group "spec-sym").
std::vector<planned_run> planned_spec_runs(bool quick);
/// The sampled exact runs at larger sizes (the library), not yet run; and all of them run.
std::vector<std::function<sampled_run()>> planned_sampled_runs(std::uint64_t seed);
std::vector<sampled_run> spec_sampled_runs(std::uint64_t seed);

/// One mutant against one check: caught or not.
struct mutant_verdict {
  std::string mutant, what, check, arithmetic;
  bool caught = false;
  std::string message;  ///< the residual (symbols) or the first difference (Q), or the error
};
/// Every wrong-but-equivariant mutant against every check, over symbols (n = 3, n_enc = 2, d = 4,
/// heads = 2, 2 blocks) and over the rationals (n = 5, n_enc = 4, d = 16, heads = 4, 1 block; 3 cases, 1 for
/// the blocks).
std::vector<mutant_verdict> spec_mutant_verdicts();

}  // namespace orderblind::identities
