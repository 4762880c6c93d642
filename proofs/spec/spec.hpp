// SPDX-License-Identifier: MIT
#pragma once
/// The specification: textbook attention, written once more, sharing no code with lib/.
///
/// Each definition is transcribed from the Coq model in proofs/formal/ (the file and Definition are named
/// on each), so that Coq's theorems about the model and the identities `implementation == specification`
/// (proofs/identities/specification.cpp) meet in the middle. Nothing here includes a header of lib/: the
/// matrix is this file's own row-major vector, every loop is written out, and the few functions that are
/// not field operations (the kernel φ, ReLU, √, |x|) come from an `Ops` policy the caller chooses:
///   - symbolic_ops (proofs/spec/ops.hpp): φ, σ, ρ, α as the symbolic scalar's uninterpreted functions;
///   - rational_ops: φ(s) = 1 + s + s²/2 (Attention.v: "the library's exact kernel"), ReLU by comparison,
///     |x| by comparison, √ only of perfect squares.
/// A layer's weights are per head (Coq's `forall h, 'M_(d, dh h)`), not one packed matrix: how the library
/// packs its heads into W_Q's columns is the library's convention, and the checker (not this file) slices
/// it; the specification only says "head h has its own projections, its own scale, and its output sits at
/// block h of the concatenation, in head order" (Attention.v, multi_head_self_attention: mxrow … *m Wo).
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace orderblind::spec {

/// A dense r×c matrix, row-major. The specification's own: no Eigen, no lib/ type.
template <class T>
struct mat {
  std::size_t rows = 0, cols = 0;
  std::vector<T> v;

  mat() = default;
  mat(std::size_t r, std::size_t c) : rows(r), cols(c), v(r * c, T(0)) {}
  T& operator()(std::size_t i, std::size_t j) { return v[i * cols + j]; }
  const T& operator()(std::size_t i, std::size_t j) const { return v[i * cols + j]; }
};

namespace detail {
inline void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("specification: " + what);
}
}  // namespace detail

/// A·B (Coq: *m).
template <class T>
mat<T> mul(const mat<T>& a, const mat<T>& b) {
  detail::require(a.cols == b.rows, "a product of " + std::to_string(a.rows) + "x" + std::to_string(a.cols) +
                                        " by " + std::to_string(b.rows) + "x" + std::to_string(b.cols));
  mat<T> c(a.rows, b.cols);
  for (std::size_t i = 0; i < a.rows; ++i)
    for (std::size_t j = 0; j < b.cols; ++j) {
      T s(0);
      for (std::size_t k = 0; k < a.cols; ++k) s = s + a(i, k) * b(k, j);
      c(i, j) = s;
    }
  return c;
}

/// Aᵀ (Coq: ^T).
template <class T>
mat<T> transpose(const mat<T>& a) {
  mat<T> t(a.cols, a.rows);
  for (std::size_t i = 0; i < a.rows; ++i)
    for (std::size_t j = 0; j < a.cols; ++j) t(j, i) = a(i, j);
  return t;
}

/// A + B.
template <class T>
mat<T> add(const mat<T>& a, const mat<T>& b) {
  detail::require(a.rows == b.rows && a.cols == b.cols, "a sum of matrices of different shapes");
  mat<T> c(a.rows, a.cols);
  for (std::size_t k = 0; k < a.v.size(); ++k) c.v[k] = a.v[k] + b.v[k];
  return c;
}

/// c·A (Coq: *:).
template <class T>
mat<T> scale(const T& c, const mat<T>& a) {
  mat<T> s(a.rows, a.cols);
  for (std::size_t k = 0; k < a.v.size(); ++k) s.v[k] = c * a.v[k];
  return s;
}

/// Row i of A as a 1×cols matrix (Coq: row i).
template <class T>
mat<T> row(const mat<T>& a, std::size_t i) {
  mat<T> r(1, a.cols);
  for (std::size_t j = 0; j < a.cols; ++j) r(0, j) = a(i, j);
  return r;
}

/// Which (query i, key j) pairs are allowed (Coq: 'I_n -> 'I_m -> bool).
using mask_fn = std::function<bool(std::size_t, std::size_t)>;

/// Every pair allowed.
inline mask_fn all_keys() {
  return [](std::size_t, std::size_t) { return true; };
}
/// Attention.v, causal: query i sees keys j ≤ i.
inline mask_fn causal() {
  return [](std::size_t i, std::size_t j) { return j <= i; };
}
/// A padding mask: key j is seen when valid[j]; `also` restricts further (causal, or all keys).
inline mask_fn padding(std::vector<bool> valid, mask_fn also = all_keys()) {
  return [valid = std::move(valid), also = std::move(also)](std::size_t i, std::size_t j) {
    return valid.at(j) && also(i, j);
  };
}

/// Attention.v, normalise_masked: w_ij = φ(S_ij) / Σ_{k allowed} φ(S_ik) when (i, j) is allowed, else 0.
/// (Attention.v's `normalise` is the case where every pair is allowed.)
template <class Ops, class T>
mat<T> normalise_masked(const mask_fn& m, const mat<T>& s) {
  mat<T> w(s.rows, s.cols);
  for (std::size_t i = 0; i < s.rows; ++i) {
    T total(0);
    for (std::size_t k = 0; k < s.cols; ++k)
      if (m(i, k)) total = total + Ops::kernel(s(i, k));
    for (std::size_t j = 0; j < s.cols; ++j)
      if (m(i, j)) w(i, j) = Ops::kernel(s(i, j)) / total;
  }
  return w;
}

/// Attention.v, scores: S = c·(Q Kᵀ).
template <class T>
mat<T> scores(const T& c, const mat<T>& q, const mat<T>& k) {
  return scale(c, mul(q, transpose(k)));
}

/// Attention.v, attend (with the mask of normalise_masked): normalise(S)·V.
template <class Ops, class T>
mat<T> attend(const T& c, const mask_fn& m, const mat<T>& q, const mat<T>& k, const mat<T>& v) {
  return mul(normalise_masked<Ops>(m, scores(c, q, k)), v);
}

/// One head: its projections (d_model × d_k, d_model × d_k, d_model × d_v) and its scale.
template <class T>
struct head {
  mat<T> wq, wk, wv;
  T scale;
};

/// CrossAttention.v, cross_attention: attend(Y W_Q, C W_K, C W_V). Self-attention (Attention.v,
/// self_attention / masked_self_attention) is the case Y = C.
template <class Ops, class T>
mat<T> cross_attention(const head<T>& h, const mask_fn& m, const mat<T>& y, const mat<T>& c) {
  return attend<Ops>(h.scale, m, mul(y, h.wq), mul(c, h.wk), mul(c, h.wv));
}

/// The weights of one multi-head attention (CrossAttention.v, mha_weights): the heads in order, and
/// W_O with Σ_h d_v(h) rows.
template <class T>
struct mha {
  std::vector<head<T>> heads;
  mat<T> wo;
};

/// CrossAttention.v, multi_head_cross_attention (and Attention.v, multi_head_self_attention for Y = C;
/// multi_head_causal_attention for the causal mask): mxrow(head outputs, in head order) · W_O.
template <class Ops, class T>
mat<T> multi_head(const mha<T>& w, const mask_fn& m, const mat<T>& y, const mat<T>& c) {
  std::vector<mat<T>> outs;
  std::size_t width = 0;
  for (const auto& h : w.heads) {
    outs.push_back(cross_attention<Ops>(h, m, y, c));
    width += outs.back().cols;
  }
  mat<T> cat(y.rows, width);  // mxrow: block h occupies the columns after blocks 0 … h−1
  std::size_t at = 0;
  for (const auto& o : outs) {
    for (std::size_t i = 0; i < o.rows; ++i)
      for (std::size_t j = 0; j < o.cols; ++j) cat(i, at + j) = o(i, j);
    at += o.cols;
  }
  return mul(cat, w.wo);
}

/// A map from one row (1×d) to one row: Layers.v's row maps (FFN, the norms).
template <class T>
using row_map = std::function<mat<T>(const mat<T>&)>;

/// Layers.v, rowwise: row i of the output is f(row i of the input).
template <class T>
mat<T> rowwise(const row_map<T>& f, const mat<T>& x) {
  mat<T> out;
  for (std::size_t i = 0; i < x.rows; ++i) {
    const mat<T> r = f(row(x, i));
    if (i == 0) out = mat<T>(x.rows, r.cols);
    for (std::size_t j = 0; j < r.cols; ++j) out(i, j) = r(0, j);
  }
  return out;
}

/// Layers.v (RowMaps), relu and ffn: FFN(x) = ReLU(x W₁ + b₁) W₂ + b₂ for one row x.
template <class T>
struct ffn_weights {
  mat<T> w1, b1, w2, b2;
};
template <class Ops, class T>
mat<T> ffn(const ffn_weights<T>& w, const mat<T>& x) {
  mat<T> h = add(mul(x, w.w1), w.b1);
  for (auto& e : h.v) e = Ops::relu(e);
  return add(mul(h, w.w2), w.b2);
}

/// Layers.v (RowMaps), row_mean: (Σ_j x_j) / d.
template <class T>
T row_mean(const mat<T>& x) {
  T s(0);
  for (const auto& e : x.v) s = s + e;
  return s / T(static_cast<long>(x.cols));
}

/// A norm's gain γ, bias β (1×d) and ε.
template <class T>
struct norm_weights {
  mat<T> gamma, beta;
  T eps;
};

/// Layers.v (RowMaps), layer_norm: (x_j − μ)/√(var + ε)·γ_j + β_j, var = Σ_j (x_j − μ)² / d (the biased
/// variance, as torch.nn.LayerNorm).
template <class Ops, class T>
mat<T> layer_norm(const norm_weights<T>& p, const mat<T>& x) {
  const T mu = row_mean(x);
  T var(0);
  for (const auto& e : x.v) var = var + (e - mu) * (e - mu);
  var = var / T(static_cast<long>(x.cols));
  const T root = Ops::sqrt(var + p.eps);
  mat<T> y(1, x.cols);
  for (std::size_t j = 0; j < x.cols; ++j) y(0, j) = (x(0, j) - mu) / root * p.gamma(0, j) + p.beta(0, j);
  return y;
}

/// Layers.v (RowMaps), mad_norm: (x_j − μ)/(Σ_j |x_j − μ| / d + ε)·γ_j + β_j.
template <class Ops, class T>
mat<T> mad_norm(const norm_weights<T>& p, const mat<T>& x) {
  const T mu = row_mean(x);
  T mad(0);
  for (const auto& e : x.v) mad = mad + Ops::abs(e - mu);
  mad = mad / T(static_cast<long>(x.cols));
  mat<T> y(1, x.cols);
  for (std::size_t j = 0; j < x.cols; ++j) y(0, j) = (x(0, j) - mu) / (mad + p.eps) * p.gamma(0, j) + p.beta(0, j);
  return y;
}

/// Which norm a block uses (LayerNorm where the scalar has √; the exact norm otherwise).
enum class norm_kind { layer, mad };

template <class Ops, class T>
row_map<T> norm_map(norm_kind k, const norm_weights<T>& p) {
  if (k == norm_kind::layer) return [p](const mat<T>& x) { return layer_norm<Ops>(p, x); };
  return [p](const mat<T>& x) { return mad_norm<Ops>(p, x); };
}

/// Layers.v, residual: X + F(X) (here with F(X) given).
template <class T>
mat<T> residual(const mat<T>& x, const mat<T>& fx) {
  return add(x, fx);
}

/// Layers.v, encoder_block (post-norm), as a wiring of its sub-layers: H = Norm₁(X + MHA(X));
/// out = Norm₂(H + FFN(H)). Generic over the matrix type and the sub-layers, so that the same text wires
/// the specification's own sub-layers (encoder_block below) and, in the identities, the library's
/// (proofs/identities/specification.cpp: the block checked one sub-layer at a time).
template <class M, class Attn, class Norm1, class Ffn, class Norm2, class Add>
M encoder_block_wiring(const M& x, const Attn& mha, const Norm1& norm1, const Ffn& ffn, const Norm2& norm2,
                       const Add& add) {
  const M h = norm1(add(x, mha(x)));
  return norm2(add(h, ffn(h)));
}

/// CrossAttention.v, decoder_block (post-norm), as a wiring: H₁ = Norm₁(Y + CausalMHA(Y)); H₂ = Norm₂(H₁ +
/// CrossMHA(H₁, C)); out = Norm₃(H₂ + FFN(H₂)). `attn(queries, keys_values, causal)` is the block's
/// attention: the self-attention is causal and reads Y; the cross-attention reads H₁'s queries and C's
/// keys and values, unmasked. (`self_attn` and `cross_attn` have their own weights.)
template <class M, class SelfAttn, class CrossAttn, class Norm1, class Norm2, class Ffn, class Norm3, class Add>
M decoder_block_wiring(const M& y, const M& c, const SelfAttn& self_attn, const CrossAttn& cross_attn,
                       const Norm1& norm1, const Norm2& norm2, const Ffn& ffn, const Norm3& norm3, const Add& add) {
  const M h1 = norm1(add(y, self_attn(y, y, true)));
  const M h2 = norm2(add(h1, cross_attn(h1, c, false)));
  return norm3(add(h2, ffn(h2)));
}

/// The weights of one encoder block (Layers.v, encoder_weights).
template <class T>
struct encoder_weights {
  mha<T> attention;
  ffn_weights<T> ffn;
  norm_weights<T> norm1, norm2;
};

/// Layers.v, encoder_block with the specification's sub-layers (the norms and the FFN row-wise).
template <class Ops, class T>
mat<T> encoder_block(const encoder_weights<T>& w, norm_kind nk, const mat<T>& x) {
  const row_map<T> f = [&w](const mat<T>& r) { return ffn<Ops>(w.ffn, r); };
  return encoder_block_wiring(
      x, [&](const mat<T>& z) { return multi_head<Ops>(w.attention, all_keys(), z, z); },
      [&](const mat<T>& z) { return rowwise(norm_map<Ops>(nk, w.norm1), z); },
      [&](const mat<T>& z) { return rowwise(f, z); },
      [&](const mat<T>& z) { return rowwise(norm_map<Ops>(nk, w.norm2), z); },
      [](const mat<T>& a, const mat<T>& b) { return residual(a, b); });
}

/// Layers.v, stack / encoder_stack: the blocks in order, first block first (foldl).
template <class Ops, class T>
mat<T> encoder_stack(const std::vector<encoder_weights<T>>& ws, norm_kind nk, mat<T> x) {
  for (const auto& w : ws) x = encoder_block<Ops>(w, nk, x);
  return x;
}

/// The weights of one decoder block (CrossAttention.v, decoder_weights).
template <class T>
struct decoder_weights {
  mha<T> self, cross;
  ffn_weights<T> ffn;
  norm_weights<T> norm1, norm2, norm3;
};

/// CrossAttention.v, decoder_block with the specification's sub-layers.
template <class Ops, class T>
mat<T> decoder_block(const decoder_weights<T>& w, norm_kind nk, const mat<T>& y, const mat<T>& c) {
  const row_map<T> f = [&w](const mat<T>& r) { return ffn<Ops>(w.ffn, r); };
  auto attn = [](const mha<T>& m) {
    return [&m](const mat<T>& q, const mat<T>& kv, bool is_causal) {
      return multi_head<Ops>(m, is_causal ? causal() : all_keys(), q, kv);
    };
  };
  return decoder_block_wiring(
      y, c, attn(w.self), attn(w.cross), [&](const mat<T>& z) { return rowwise(norm_map<Ops>(nk, w.norm1), z); },
      [&](const mat<T>& z) { return rowwise(norm_map<Ops>(nk, w.norm2), z); },
      [&](const mat<T>& z) { return rowwise(f, z); },
      [&](const mat<T>& z) { return rowwise(norm_map<Ops>(nk, w.norm3), z); },
      [](const mat<T>& a, const mat<T>& b) { return residual(a, b); });
}

/// CrossAttention.v, decoder_stack: the blocks in order, every block reading the same C.
template <class Ops, class T>
mat<T> decoder_stack(const std::vector<decoder_weights<T>>& ws, norm_kind nk, mat<T> y, const mat<T>& c) {
  for (const auto& w : ws) y = decoder_block<Ops>(w, nk, y, c);
  return y;
}

/// Layers.v, mean_pool: (1/n)·Σ_i row i.
template <class T>
mat<T> mean_pool(const mat<T>& x) {
  mat<T> m(1, x.cols);
  for (std::size_t j = 0; j < x.cols; ++j) {
    T s(0);
    for (std::size_t i = 0; i < x.rows; ++i) s = s + x(i, j);
    m(0, j) = T(1) / T(static_cast<long>(x.rows)) * s;
  }
  return m;
}

}  // namespace orderblind::spec
