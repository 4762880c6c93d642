// SPDX-License-Identifier: MIT
#pragma once
/// The wrong-but-equivariant mutants: each is the library with one plausible bug that still
/// commutes with every row permutation, so P1–P4 cannot see it; `implementation == specification`
/// (proofs/identities/specification.cpp) must. A mutant of a sub-layer also runs that sub-layer inside
/// its blocks (wired as blocks.hpp wires them), as the bug would in a real implementation.
#include <string>
#include <type_traits>
#include <vector>

#include "proofs/identities/implementation.hpp"

namespace orderblind::identities {

namespace mutant_detail {

/// blocks.hpp's post-norm wiring, with the implementation's own sub-layers (so a sub-layer bug reaches the
/// blocks exactly as it would in the library).
template <Scalar T>
void wire_blocks(implementation<T>& i) {
  using M = Matrix<T>;
  const implementation<T> s = i;  // the sub-layers, copied into the closures
  i.encoder = [s](M x, const std::vector<encoder_block_weights<T>>& bs) {
    for (const auto& b : bs) {
      const M h = s.norm(s.residual(x, s.mha(x, x, b.attention, mask::none())), b.norm1);
      x = s.norm(s.residual(h, s.ffn(h, b.ffn)), b.norm2);
    }
    return x;
  };
  i.decoder = [s](M y, const M& c, const std::vector<decoder_block_weights<T>>& bs) {
    for (const auto& b : bs) {
      const M h1 = s.norm(s.residual(y, s.mha(y, y, b.self_attention, mask::causal())), b.norm1);
      const M h2 = s.norm(s.residual(h1, s.mha(h1, c, b.cross_attention, mask::none())), b.norm2);
      y = s.norm(s.residual(h2, s.ffn(h2, b.ffn)), b.norm3);
    }
    return y;
  };
}

/// Multi-head attention with the head outputs placed by `slot(h)` and each head's weights chosen by
/// `weights_of(h)` (the library's for slot(h) = h and weights_of(h) = w.head(h)).
template <Scalar T, class Slot, class Weights>
Matrix<T> assembled_heads(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w, const mask& m,
                          Slot slot, Weights weights_of) {
  w.validate(y.cols());
  attention_options<T> o;
  o.mask = m;
  const Eigen::Index heads = w.head_count(), dh = y.cols() / heads;
  Matrix<T> concat(y.rows(), y.cols());
  for (Eigen::Index h = 0; h < heads; ++h) concat.middleCols(slot(h, heads) * dh, dh) = cross_attention<T>(y, c, weights_of(w, h), o);
  return multiply(concat, w.wo, "concat(heads)", "W_O");
}

}  // namespace mutant_detail

template <Scalar T>
std::vector<mutant<T>> wrong_but_equivariant_mutants() {
  using M = Matrix<T>;
  using mutant_detail::assembled_heads;
  std::vector<mutant<T>> out;
  auto add = [&](std::string name, std::string what, auto change) {
    implementation<T> i = library_implementation<T>();
    i.name = std::move(name);
    change(i);
    out.push_back({std::move(i), std::move(what)});
  };
  auto own_head = [](const multi_head_weights<T>& w, Eigen::Index h) { return w.head(h); };

  add("reversed head order", "head h's output is placed at block H−1−h of the concatenation", [&](implementation<T>& i) {
    i.mha = [own_head](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
      return assembled_heads<T>(y, c, w, m, [](Eigen::Index h, Eigen::Index hs) { return hs - 1 - h; }, own_head);
    };
    mutant_detail::wire_blocks(i);
  });
  add("missing per-head scale", "every head scores Q Kᵀ without the factor 1/√d_h", [&](implementation<T>& i) {
    i.mha = [](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
      attention_options<T> o;
      o.mask = m;
      o.scale = T(1);
      return multi_head_attention<T>(y, c, w, o);
    };
    mutant_detail::wire_blocks(i);
  });
  add("scale 1/√d instead of 1/√d_h", "every head scales by 1/√d_model instead of 1/√(d_model/heads)",
      [&](implementation<T>& i) {
        i.mha = [](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
          attention_options<T> o;
          o.mask = m;
          o.scale = inverse_sqrt_scale<T>(y.cols());
          return multi_head_attention<T>(y, c, w, o);
        };
        mutant_detail::wire_blocks(i);
      });
  add("W_O transposed", "the concatenated heads are multiplied by W_Oᵀ", [&](implementation<T>& i) {
    i.mha = [](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
      multi_head_weights<T> t = w;
      t.wo = w.wo.transpose();
      attention_options<T> o;
      o.mask = m;
      return multi_head_attention<T>(y, c, t, o);
    };
    mutant_detail::wire_blocks(i);
  });
  add("heads share one projection", "every head uses head 0's columns of W_Q, W_K, W_V", [&](implementation<T>& i) {
    i.mha = [](const M& y, const M& c, const multi_head_weights<T>& w, const mask& m) {
      return assembled_heads<T>(
          y, c, w, m, [](Eigen::Index h, Eigen::Index) { return h; },
          [](const multi_head_weights<T>& ww, Eigen::Index) { return ww.head(0); });
    };
    mutant_detail::wire_blocks(i);
  });
  add("pre-norm instead of post-norm", "encoder block H = X + MHA(Norm₁(X)), out = H + FFN(Norm₂(H))",
      [&](implementation<T>& i) {
        const implementation<T> s = i;
        i.encoder = [s](M x, const std::vector<encoder_block_weights<T>>& bs) {
          for (const auto& b : bs) {
            const M n1 = s.norm(x, b.norm1);
            const M h = s.residual(x, s.mha(n1, n1, b.attention, mask::none()));
            x = s.residual(h, s.ffn(s.norm(h, b.norm2), b.ffn));
          }
          return x;
        };
      });
  add("norm without ε", "the norm divides by √var (or the mean deviation) without adding ε", [&](implementation<T>& i) {
    i.norm = [](const M& x, const norm_params<T>& p) {
      norm_params<T> q = p;
      q.eps = T(0);
      return default_norm<T>::apply(x, q);
    };
    mutant_detail::wire_blocks(i);
  });
  if constexpr (std::is_same_v<default_norm<T>, layer_norm_policy>) {
    add("LayerNorm with the unbiased variance",
        "var = Σ(x−μ)²/(d−1) (Bessel's correction) instead of /d, as torch.nn.LayerNorm and the texts",
        [&](implementation<T>& i) {
          i.norm = [](const M& x, const norm_params<T>& p) {
            using std::sqrt;
            M y(x.rows(), x.cols());
            for (Eigen::Index r = 0; r < x.rows(); ++r) {
              T mu(0);
              for (Eigen::Index j = 0; j < x.cols(); ++j) mu += x(r, j);
              mu = mu / T(x.cols());
              T var(0);
              for (Eigen::Index j = 0; j < x.cols(); ++j) var += (x(r, j) - mu) * (x(r, j) - mu);
              var = var / T(x.cols() - 1);
              const T den = sqrt(T(var + p.eps));
              for (Eigen::Index j = 0; j < x.cols(); ++j) y(r, j) = T(T((x(r, j) - mu) / den) * p.gamma(0, j) + p.beta(0, j));
            }
            return y;
          };
          mutant_detail::wire_blocks(i);
        });
  }
  add("FFN layers swapped", "FFN(x) = ReLU(x W₂ + b₂) W₁ + b₁", [&](implementation<T>& i) {
    i.ffn = [](const M& x, const ffn_weights<T>& w) { return feed_forward(x, ffn_weights<T>{w.w2, w.b2, w.w1, w.b1}); };
    mutant_detail::wire_blocks(i);
  });
  add("decoder's causal mask off", "the decoder's self-attention sees every row", [&](implementation<T>& i) {
    const implementation<T> s = i;
    i.decoder = [s](M y, const M& c, const std::vector<decoder_block_weights<T>>& bs) {
      for (const auto& b : bs) {
        const M h1 = s.norm(s.residual(y, s.mha(y, y, b.self_attention, mask::none())), b.norm1);
        const M h2 = s.norm(s.residual(h1, s.mha(h1, c, b.cross_attention, mask::none())), b.norm2);
        y = s.norm(s.residual(h2, s.ffn(h2, b.ffn)), b.norm3);
      }
      return y;
    };
  });
  add("cross-attention keys from the decoder rows",
      "the decoder's cross-attention takes keys and values from H₁ instead of the encoder output C",
      [&](implementation<T>& i) {
        const implementation<T> s = i;
        i.decoder = [s](M y, const M&, const std::vector<decoder_block_weights<T>>& bs) {
          for (const auto& b : bs) {
            const M h1 = s.norm(s.residual(y, s.mha(y, y, b.self_attention, mask::causal())), b.norm1);
            const M h2 = s.norm(s.residual(h1, s.mha(h1, h1, b.cross_attention, mask::none())), b.norm2);
            y = s.norm(s.residual(h2, s.ffn(h2, b.ffn)), b.norm3);
          }
          return y;
        };
      });
  return out;
}

}  // namespace orderblind::identities
