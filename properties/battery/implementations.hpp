// SPDX-License-Identifier: MIT
#pragma once
/// The implementations under test, behind small interfaces so that a mutant is just another
/// implementation plugged into the same law. The `library_*` ones call orderblind's real code.
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/blocks.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/positional.hpp"

namespace orderblind::properties {

/// Multi-head attention assembled from an implementation's one-head `trace`: concat(heads)·W_O.
/// Used by mutants (the library's own `multi_head_attention` is what `library_attention` tests).
template <Scalar T, class Impl>
Matrix<T> compose_heads(const Impl& impl, const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                        const attention_options<T>& opt) {
  w.validate(y.cols());
  Matrix<T> concat(y.rows(), y.cols());
  const auto dh = y.cols() / static_cast<Eigen::Index>(w.heads);
  for (std::size_t h = 0; h < w.heads; ++h)
    concat.middleCols(static_cast<Eigen::Index>(h) * dh, dh) = impl.template trace<T>(y, c, w.head(h), opt).z;
  return multiply(concat, w.wo, "concat(heads)", "W_O");
}

/// Attention as the library computes it: one head with every intermediate (queries from Y, keys and
/// values from C; self-attention is Y = C), and the library's multi-head attention with W_O.
template <class K>
struct library_attention {
  static constexpr const char* name = "orderblind attention";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return cross_attention_trace<T, K>(y, c, w, opt);
  }
  template <Scalar T>
  Matrix<T> multi(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                  const attention_options<T>& opt) const {
    return multi_head_attention<T, K>(y, c, w, opt);
  }
  /// A decoder stack (causal self-attention, cross-attention over C, FFN) with these options for
  /// both attentions (the causal mask is the block's own).
  template <Scalar T, class Norm>
  Matrix<T> decoder(Matrix<T> y, const Matrix<T>& c, const std::vector<decoder_block_weights<T>>& blocks,
                    const attention_options<T>& opt) const {
    for (const auto& b : blocks) y = decoder_block<T, K, Norm>(y, c, b, opt, opt);
    return y;
  }
};

/// The library's attention with multi-head attention assembled from its GENERIC one-head trace
/// (`cross_attention_trace`), bypassing any fused head of the scalar (e.g. the exact-sum MPFR-100 head):
/// the path that rounds term by term, so the reordering bounds are exercised on it.
template <class K>
struct generic_attention : library_attention<K> {
  static constexpr const char* name = "orderblind attention (generic per-head path)";
  template <Scalar T>
  Matrix<T> multi(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                  const attention_options<T>& opt) const {
    return compose_heads<T>(*this, y, c, w, opt);
  }
};

/// A decoder block assembled from an implementation's cross-attention (`impl.multi`), for mutants:
/// the same post-norm layout as orderblind::decoder_block.
template <Scalar T, class K, class Norm, class Impl>
Matrix<T> compose_decoder(const Impl& impl, Matrix<T> y, const Matrix<T>& c,
                          const std::vector<decoder_block_weights<T>>& blocks, const attention_options<T>& opt) {
  for (const auto& w : blocks) {
    attention_options<T> self_opt = opt;
    self_opt.mask = mask::causal();
    const Matrix<T> h1 =
        Norm::apply(residual(y, multi_head_attention<T, K>(y, y, w.self_attention, self_opt)), w.norm1);
    const Matrix<T> h2 = Norm::apply(residual(h1, impl.template multi<T>(h1, c, w.cross_attention, opt)), w.norm2);
    y = Norm::apply(residual(h2, feed_forward(h2, w.ffn)), w.norm3);
  }
  return y;
}

/// The row-wise layers and the encoder stack as the library computes them.
template <class K, class Norm>
struct library_rowwise {
  static constexpr const char* name = "orderblind layers";
  template <Scalar T>
  Matrix<T> ffn(const Matrix<T>& x, const ffn_weights<T>& w) const {
    return feed_forward(x, w);
  }
  template <Scalar T>
  Matrix<T> norm(const Matrix<T>& x, const norm_params<T>& p) const {
    return Norm::apply(x, p);
  }
  template <Scalar T>
  Matrix<T> add(const Matrix<T>& x, const Matrix<T>& fx) const {
    return residual(x, fx);
  }
  template <Scalar T>
  Matrix<T> pool(const Matrix<T>& x, summation how) const {
    return mean_pool(x, how);
  }
  template <Scalar T>
  Matrix<T> encoder(const Matrix<T>& x, const std::vector<encoder_block_weights<T>>& blocks,
                    const attention_options<T>& opt) const {
    return encoder_stack<T, K, Norm>(x, blocks, opt);
  }
};

/// The counter encoding as the library computes it: row p is p·𝟙 (text 001, §3.7).
struct library_counter {
  static constexpr const char* name = "orderblind::pe::counter";
  template <Scalar T>
  Matrix<T> table(Eigen::Index n, Eigen::Index d) const {
    return pe::counter<T>(n, d);
  }
};

/// The sinusoid as the library computes it, and the rotation R(kθ_i) = [[cos kθ_i, sin kθ_i],
/// [−sin kθ_i, cos kθ_i]] that maps the (sin, cos) pair i of PE(p) to that of PE(p + k).
struct library_sinusoid {
  static constexpr const char* name = "orderblind::pe::sinusoidal";
  /// Row p of the table (width d, base b).
  template <Scalar T>
  Matrix<T> position(long p, Eigen::Index d, long base) const {
    return pe::sinusoidal<T>(1, d, T(base), p);
  }
  /// R(kθ_i).
  template <Scalar T>
  Matrix<T> rotation(long k, Eigen::Index i, Eigen::Index d, long base) const {
    using std::cos;
    using std::sin;
    const T angle = T(k) * pe::sinusoid_frequency(i, d, T(base));
    const T c = cos(angle), s = sin(angle);
    Matrix<T> r(2, 2);
    r << c, s, T(-s), c;
    return r;
  }
  /// A table of n rows (for the equivariance laws).
  template <Scalar T>
  Matrix<T> table(Eigen::Index n, Eigen::Index d) const {
    return pe::sinusoidal<T>(n, d);
  }
};

/// The exact analogue of the sinusoid, as the library computes it: pair i rotates by the angle α_i of
/// the exact unit rotation (cos α_i, sin α_i) = ((1 − t_i²)/(1 + t_i²), 2t_i/(1 + t_i²)) held in an
/// orderblind::pe::angle_table; PE(p) pair i = (sin pα_i, cos pα_i) and R(kα_i) both come from the
/// table's own powers (angle_table::cos_sin), so the law checks the library's rotation code.
struct library_exact_sinusoid {
  static constexpr const char* name = "orderblind::pe::angle_table (exact unit rotations)";
  /// The library's angle table for the parameters t_i.
  template <Scalar T>
  static pe::angle_table<T> angles(const std::vector<T>& t) {
    pe::angle_table<T> table;
    for (const T& ti : t) {
      const T den = T(1) + ti * ti;
      table.unit.emplace_back(T((T(1) - ti * ti) / den), T(T(2) * ti / den));
    }
    return table;
  }
  /// Row p: (sin pα_0, cos pα_0, sin pα_1, …), one pair per parameter.
  template <Scalar T>
  Matrix<T> position(long p, const std::vector<T>& t) const {
    const auto table = angles(t);
    Matrix<T> row(1, 2 * static_cast<Eigen::Index>(t.size()));
    for (std::size_t i = 0; i < t.size(); ++i) {
      const auto [c, s] = table.cos_sin(i, p);
      row(0, 2 * static_cast<Eigen::Index>(i)) = s;
      row(0, 2 * static_cast<Eigen::Index>(i) + 1) = c;
    }
    return row;
  }
  /// R(kα_i) = [[cos kα_i, sin kα_i], [−sin kα_i, cos kα_i]].
  template <Scalar T>
  Matrix<T> rotation(long k, Eigen::Index i, const std::vector<T>& t) const {
    const auto [c, s] = angles(t).cos_sin(static_cast<std::size_t>(i), k);
    Matrix<T> r(2, 2);
    r << c, s, T(-s), c;
    return r;
  }
};

}  // namespace orderblind::properties
