// SPDX-License-Identifier: MIT
#pragma once
/// An implementation under test, as the identities `implementation == specification` see it: the library's
/// layers behind std::function members, so that a wrong implementation (a mutant) is the library with one
/// member replaced. `library_implementation<T>()` calls exactly the library's public functions.
#include <functional>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/layers.hpp"

namespace orderblind::identities {

template <Scalar T>
struct implementation {
  using M = Matrix<T>;
  std::string name;
  /// One head, self-attention, the default scale 1/√d_k (attention.hpp: self_attention).
  std::function<M(const M& x, const head_weights<T>&, const mask&)> self_head;
  /// One head, queries from y, keys and values from c (attention.hpp: cross_attention).
  std::function<M(const M& y, const M& c, const head_weights<T>&, const mask&)> cross_head;
  /// Multi-head attention with W_O (attention.hpp: multi_head_attention).
  std::function<M(const M& y, const M& c, const multi_head_weights<T>&, const mask&)> mha;
  /// The position-wise FFN (layers.hpp: feed_forward).
  std::function<M(const M& x, const ffn_weights<T>&)> ffn;
  /// The block's norm (layers.hpp: default_norm<T>::apply — LayerNorm over symbols, the MAD norm over Q).
  std::function<M(const M& x, const norm_params<T>&)> norm;
  /// The residual x + f(x) (layers.hpp: residual).
  std::function<M(const M& x, const M& fx)> residual;
  /// Mean pooling (layers.hpp: mean_pool).
  std::function<M(const M& x)> pool;
  /// An encoder stack (blocks.hpp: encoder_stack).
  std::function<M(const M& x, const std::vector<encoder_block_weights<T>>&)> encoder;
  /// A decoder stack over encoder rows c (blocks.hpp: decoder_stack).
  std::function<M(const M& y, const M& c, const std::vector<decoder_block_weights<T>>&)> decoder;
};

/// The library's code, nothing else.
template <Scalar T>
implementation<T> library_implementation() {
  using M = Matrix<T>;
  implementation<T> i;
  i.name = "orderblind (the library)";
  i.self_head = [](const M& x, const head_weights<T>& w, const mask& m) {
    attention_options<T> o;
    o.mask = m;
    return self_attention<T>(x, w, o);
  };
  i.cross_head = [](const M& y, const M& c, const head_weights<T>& w, const mask& m) {
    attention_options<T> o;
    o.mask = m;
    return cross_attention<T>(y, c, w, o);
  };
  i.mha = [](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
    attention_options<T> o;
    o.mask = m;
    return multi_head_attention<T>(y, c, w, o);
  };
  i.ffn = [](const M& x, const ffn_weights<T>& w) { return feed_forward(x, w); };
  i.norm = [](const M& x, const norm_params<T>& p) { return default_norm<T>::apply(x, p); };
  i.residual = [](const M& x, const M& fx) { return residual(x, fx); };
  i.pool = [](const M& x) { return mean_pool(x); };
  i.encoder = [](const M& x, const std::vector<encoder_block_weights<T>>& b) { return encoder_stack<T>(x, b); };
  i.decoder = [](const M& y, const M& c, const std::vector<decoder_block_weights<T>>& b) {
    return decoder_stack<T>(y, c, b);
  };
  return i;
}

/// A wrong implementation and what it gets wrong.
template <Scalar T>
struct mutant {
  implementation<T> impl;
  std::string what;  ///< the bug, in one line
};

/// The wrong-but-equivariant mutants (each keeps the symmetry and computes wrong values) that this scalar can express (proofs/identities/
/// spec_mutants.hpp): every one commutes with row permutations, so no symmetry law sees it.
template <Scalar T>
std::vector<mutant<T>> wrong_but_equivariant_mutants();

}  // namespace orderblind::identities
