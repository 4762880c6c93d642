// SPDX-License-Identifier: MIT
#pragma once
/// Deliberately broken implementations. Each is the library with one plausible bug that reads a
/// row number (or gets a sign wrong); each law must catch at least one of them.
#include <limits>
#include <stdexcept>

#include "properties/battery/implementations.hpp"
#include "properties/battery/tolerances.hpp"

namespace orderblind::properties::mutants {

/// Multi-head attention and the decoder stack built from a mutant's one-head `trace` (CRTP).
template <class Derived, class K>
struct composed_attention {
  template <Scalar T>
  Matrix<T> multi(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                  const attention_options<T>& opt) const {
    return compose_heads<T>(static_cast<const Derived&>(*this), y, c, w, opt);
  }
  template <Scalar T, class Norm>
  Matrix<T> decoder(const Matrix<T>& y, const Matrix<T>& c, const std::vector<decoder_block_weights<T>>& b,
                    const attention_options<T>& opt) const {
    return compose_decoder<T, K, Norm>(static_cast<const Derived&>(*this), y, c, b, opt);
  }
};

/// Attention that adds a bias growing with the output row index: z_i += (i + 1)/8.
template <class K>
struct row_bias_attention : composed_attention<row_bias_attention<K>, K> {
  static constexpr const char* name = "attention adds a bias (i+1)/8 to output row i";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    auto t = cross_attention_trace<T, K>(y, c, w, opt);
    for (Eigen::Index i = 0; i < t.z.rows(); ++i)
      for (Eigen::Index j = 0; j < t.z.cols(); ++j) t.z(i, j) = T(t.z(i, j) + T(i + 1) / T(8));
    return t;
  }
};

/// Shared body of the mutants that change the scores or weights: Q, K, V, S, A and Z recomputed with a
/// hook applied to S (before normalising) and to A (after).
template <Scalar T, class K, class ScoreHook, class WeightHook>
attention_trace<T> hooked_trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                                const attention_options<T>& opt, ScoreHook on_scores, WeightHook on_weights) {
  attention_trace<T> t;
  t.q = multiply(y, w.wq, "Y", "W_Q");
  t.k = multiply(c, w.wk, "C", "W_K");
  t.v = multiply(c, w.wv, "C", "W_V");
  const T scale = opt.scale ? *opt.scale : inverse_sqrt_scale<T>(t.q.cols());
  t.s = multiply_transposed(t.q, t.k, "Q", "K");
  for (Eigen::Index i = 0; i < t.s.rows(); ++i)
    for (Eigen::Index j = 0; j < t.s.cols(); ++j) t.s(i, j) = T(t.s(i, j) * scale);
  on_scores(t.s);
  t.a = normalise_rows<T, K>(t.s, opt.mask, opt.sum);
  on_weights(t.a);
  t.z = weighted_sum(t.a, t.v, opt.sum);
  return t;
}

/// A learned-absolute-position-style bug: the score of key j gets + j/4 (attention reads the key's
/// row number).
template <class K>
struct key_index_score_attention : composed_attention<key_index_score_attention<K>, K> {
  static constexpr const char* name = "scores get + j/4 for key row j";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return hooked_trace<T, K>(
        y, c, w, opt,
        [](Matrix<T>& s) {
          for (Eigen::Index i = 0; i < s.rows(); ++i)
            for (Eigen::Index j = 0; j < s.cols(); ++j) s(i, j) = T(s(i, j) + T(j) / T(4));
        },
        [](Matrix<T>&) {});
  }
};

/// Cross-attention that weights encoder row j by its index: a_ij ∝ a_ij·(j + 1), renormalised.
template <class K>
struct index_weighted_attention : composed_attention<index_weighted_attention<K>, K> {
  static constexpr const char* name = "weights of key row j multiplied by (j+1) and renormalised";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return hooked_trace<T, K>(
        y, c, w, opt, [](Matrix<T>&) {},
        [](Matrix<T>& a) {
          for (Eigen::Index i = 0; i < a.rows(); ++i) {
            T total(0);
            for (Eigen::Index j = 0; j < a.cols(); ++j) {
              a(i, j) = T(a(i, j) * T(j + 1));
              total += a(i, j);
            }
            for (Eigen::Index j = 0; j < a.cols(); ++j) a(i, j) = T(a(i, j) / total);
          }
        });
  }
};

/// Keys that carry their row number: K_j += j (breaks Step 1, "K' = PK").
template <class K>
struct key_offset_attention : composed_attention<key_offset_attention<K>, K> {
  static constexpr const char* name = "key row j gets + j in every column";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    Matrix<T> k = multiply(c, w.wk, "C", "W_K");
    for (Eigen::Index j = 0; j < k.rows(); ++j)
      for (Eigen::Index col = 0; col < k.cols(); ++col) k(j, col) = T(k(j, col) + T(j));
    return attend_trace<T, K>(multiply(y, w.wq, "Y", "W_Q"), std::move(k), multiply(c, w.wv, "C", "W_V"), opt);
  }
};

/// A "causal" attention whose mask hides nothing (the mask option is dropped).
template <class K>
struct mask_dropping_attention : composed_attention<mask_dropping_attention<K>, K> {
  static constexpr const char* name = "the mask option is ignored (a causal mask that hides nothing)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           attention_options<T> opt) const {
    opt.mask = mask::none();
    return cross_attention_trace<T, K>(y, c, w, opt);
  }
};

/// An "order-independent" attention that still sums in row order (the summation option is dropped).
template <class K>
struct summation_dropping_attention : composed_attention<summation_dropping_attention<K>, K> {
  static constexpr const char* name = "the summation option is ignored (sums stay in row order)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           attention_options<T> opt) const {
    opt.sum = summation::in_order;
    return cross_attention_trace<T, K>(y, c, w, opt);
  }
};

/// An attention that secretly sums in sorted order whatever it is asked (hides the reordering error).
template <class K>
struct summation_forcing_sorted_attention : composed_attention<summation_forcing_sorted_attention<K>, K> {
  static constexpr const char* name = "sums are always sorted, whatever the option says";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           attention_options<T> opt) const {
    opt.sum = summation::sorted;
    return cross_attention_trace<T, K>(y, c, w, opt);
  }
};

/// An FFN that also reads the previous row (a width-2 convolution over the sequence): out_i += x_{i−1}.
template <class K, class Norm>
struct ffn_reads_previous_row : library_rowwise<K, Norm> {
  static constexpr const char* name = "FFN adds the previous row's input (a convolution over positions)";
  template <Scalar T>
  Matrix<T> ffn(const Matrix<T>& x, const ffn_weights<T>& w) const {
    Matrix<T> out = feed_forward(x, w);
    for (Eigen::Index i = 1; i < x.rows(); ++i)
      for (Eigen::Index j = 0; j < x.cols(); ++j) out(i, j) = T(out(i, j) + x(i - 1, j));
    return out;
  }
};

/// A norm that centres and scales every row by the FIRST row's statistics.
template <class K, class Norm>
struct norm_uses_first_row : library_rowwise<K, Norm> {
  static constexpr const char* name = "the norm uses the first row's mean and spread for every row";
  template <Scalar T>
  Matrix<T> norm(const Matrix<T>& x, const norm_params<T>& p) const {
    T mu(0), spread(0);
    for (Eigen::Index j = 0; j < x.cols(); ++j) mu += x(0, j);
    mu = mu / T(x.cols());
    for (Eigen::Index j = 0; j < x.cols(); ++j) spread += abs_value(T(x(0, j) - mu));
    const T den = spread / T(x.cols()) + p.eps;
    Matrix<T> y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T((x(i, j) - mu) / den);
    return orderblind::detail::apply_gain_bias(std::move(y), p);
  }
};

/// A residual that adds the NEXT row's sublayer output: y_i = x_i + f_{(i+1) mod n}.
template <class K, class Norm>
struct residual_from_next_row : library_rowwise<K, Norm> {
  static constexpr const char* name = "the residual adds the next row's sublayer output";
  template <Scalar T>
  Matrix<T> add(const Matrix<T>& x, const Matrix<T>& fx) const {
    Matrix<T> y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T(x(i, j) + fx((i + 1) % x.rows(), j));
    return y;
  }
};

/// Pooling that weights row i by (i + 1).
template <class K, class Norm>
struct position_weighted_pool : library_rowwise<K, Norm> {
  static constexpr const char* name = "pooling weights row i by (i+1)";
  template <Scalar T>
  Matrix<T> pool(const Matrix<T>& x, summation how) const {
    Matrix<T> y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i)
      for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T(x(i, j) * T(i + 1));
    return mean_pool(y, how);
  }
};

/// An encoder stack whose self-attention is causal (a decoder's mask in the encoder).
template <class K, class Norm>
struct causal_encoder : library_rowwise<K, Norm> {
  static constexpr const char* name = "the encoder's self-attention uses a causal mask";
  template <Scalar T>
  Matrix<T> encoder(const Matrix<T>& x, const std::vector<encoder_block_weights<T>>& blocks,
                    attention_options<T> opt) const {
    opt.mask = mask::causal();
    return encoder_stack<T, K, Norm>(x, blocks, opt);
  }
};

/// A counter with an offset: row p is (p + 1)·𝟙.
struct offset_counter {
  static constexpr const char* name = "counter starting at 1: row p is (p+1)·1";
  template <Scalar T>
  Matrix<T> table(Eigen::Index n, Eigen::Index d) const {
    return pe::counter<T>(n, d, 1);
  }
};

/// An "encoding" that is the same for every position (row p is 𝟙, or the sinusoid's row 0 for reals).
struct constant_encoding {
  static constexpr const char* name = "every position gets the same vector";
  template <Scalar T>
  Matrix<T> table(Eigen::Index n, Eigen::Index d) const {
    Matrix<T> t(n, d);
    for (Eigen::Index p = 0; p < n; ++p)
      for (Eigen::Index j = 0; j < d; ++j) t(p, j) = T(1 + (j % 2));
    return t;
  }
};

/// The rotation with the wrong sign: [[cos, −sin], [sin, cos]] (the rotation by −kθ).
template <class Base>
struct wrong_sign_rotation : Base {
  static constexpr const char* name = "rotation with the wrong sign [[cos, -sin], [sin, cos]]";
  template <Scalar T, class... Args>
  Matrix<T> rotation(Args&&... args) const {
    Matrix<T> r = Base::template rotation<T>(std::forward<Args>(args)...);
    std::swap(r(0, 1), r(1, 0));
    return r;
  }
};

/// NaN in entry (0, 0) of m (reals; exact types cannot hold a NaN and are left alone).
template <Scalar T>
void poison(Matrix<T>& m) {
  if constexpr (scalar_traits<T>::can_be_nonfinite)
    if (m.size() > 0) m(0, 0) = T(std::numeric_limits<double>::quiet_NaN());
}

/// Attention whose every output (Q, K, V, S, A, Z) has a NaN in entry (0, 0).
template <class K>
struct nan_attention : composed_attention<nan_attention<K>, K> {
  static constexpr const char* name = "NaN in an output (entry (0, 0) of Q, K, V, S, A and Z)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    auto t = cross_attention_trace<T, K>(y, c, w, opt);
    for (auto* m : {&t.q, &t.k, &t.v, &t.s, &t.a, &t.z}) poison(*m);
    return t;
  }
};

/// Row-wise layers and stacks whose every output has a NaN in entry (0, 0).
template <class K, class Norm>
struct nan_rowwise : library_rowwise<K, Norm> {
  static constexpr const char* name = "NaN in an output (entry (0, 0))";
  using base = library_rowwise<K, Norm>;
  template <Scalar T>
  Matrix<T> ffn(const Matrix<T>& x, const ffn_weights<T>& w) const {
    auto y = base::template ffn<T>(x, w);
    poison(y);
    return y;
  }
  template <Scalar T>
  Matrix<T> norm(const Matrix<T>& x, const norm_params<T>& p) const {
    auto y = base::template norm<T>(x, p);
    poison(y);
    return y;
  }
  template <Scalar T>
  Matrix<T> add(const Matrix<T>& x, const Matrix<T>& fx) const {
    auto y = base::template add<T>(x, fx);
    poison(y);
    return y;
  }
  template <Scalar T>
  Matrix<T> pool(const Matrix<T>& x, summation how) const {
    auto y = base::template pool<T>(x, how);
    poison(y);
    return y;
  }
  template <Scalar T>
  Matrix<T> encoder(const Matrix<T>& x, const std::vector<encoder_block_weights<T>>& blocks,
                    const attention_options<T>& opt) const {
    auto y = base::template encoder<T>(x, blocks, opt);
    poison(y);
    return y;
  }
};

/// The sinusoid with a NaN in entry (0, 0) of every position row and rotation.
struct nan_sinusoid : library_sinusoid {
  static constexpr const char* name = "NaN in an output (entry (0, 0) of PE(p) and R)";
  template <Scalar T>
  Matrix<T> position(long p, Eigen::Index d, long base) const {
    auto m = library_sinusoid::position<T>(p, d, base);
    poison(m);
    return m;
  }
  template <Scalar T>
  Matrix<T> rotation(long k, Eigen::Index i, Eigen::Index d, long base) const {
    auto m = library_sinusoid::rotation<T>(k, i, d, base);
    poison(m);
    return m;
  }
};

/// Attention that throws on every call (a refutation law must report it as an error, not as a
/// counterexample).
template <class K>
struct throwing_attention : composed_attention<throwing_attention<K>, K> {
  static constexpr const char* name = "throws on every call";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>&, const Matrix<T>&, const head_weights<T>&,
                           const attention_options<T>&) const {
    throw std::runtime_error("throwing_attention: always throws");
  }
};

/// Attention that adds the positional table again, inside, to the rows it is given (after any
/// permutation): Attn(Y + PE, C + PE). Breaks "positions added before permuting keep equivariance".
template <class K, class Enc>
struct positions_inside_attention : composed_attention<positions_inside_attention<K, Enc>, K> {
  static constexpr const char* name = "attention adds the positional table again inside (after the permutation)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    const Enc enc{};
    return cross_attention_trace<T, K>(pe::add_positions(y, enc.template table<T>(y.rows(), y.cols())),
                                       pe::add_positions(c, enc.template table<T>(c.rows(), c.cols())), w, opt);
  }
};

/// EQUIVARIANT but wrong: keys computed with W_Q instead of W_K (they still permute with the rows).
template <class K>
struct keys_from_query_weights : composed_attention<keys_from_query_weights<K>, K> {
  static constexpr const char* name = "keys computed with W_Q instead of W_K (equivariant, wrong keys)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return cross_attention_trace<T, K>(y, c, head_weights<T>{w.wq, w.wq, w.wv}, opt);
  }
};

/// EQUIVARIANT but wrong: weights doubled after normalising (rows sum to 2; they still permute).
template <class K>
struct unnormalised_weights : composed_attention<unnormalised_weights<K>, K> {
  static constexpr const char* name = "weights doubled after normalising (equivariant, rows sum to 2)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return hooked_trace<T, K>(y, c, w, opt, [](Matrix<T>&) {}, [](Matrix<T>& a) {
      for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j) a(i, j) = T(a(i, j) * T(2));
    });
  }
};

/// EQUIVARIANT but wrong: the output shifted by max|V| + 1 (it ignores the order of C, but is no longer a
/// weighted mean of the value rows).
template <class K>
struct shifted_output : composed_attention<shifted_output<K>, K> {
  static constexpr const char* name = "output shifted by max|V| + 1 (order-blind, not a weighted mean of V)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    auto t = cross_attention_trace<T, K>(y, c, w, opt);
    const T shift = T(max_abs(t.v) + T(1));
    for (Eigen::Index i = 0; i < t.z.rows(); ++i)
      for (Eigen::Index j = 0; j < t.z.cols(); ++j) t.z(i, j) = T(t.z(i, j) + shift);
    return t;
  }
};

/// INVARIANT but wrong: pooling that sums the rows instead of averaging them.
template <class K, class Norm>
struct summing_pool : library_rowwise<K, Norm> {
  static constexpr const char* name = "pooling sums the rows instead of averaging (invariant, not a mean)";
  template <Scalar T>
  Matrix<T> pool(const Matrix<T>& x, summation how) const {
    Matrix<T> y = mean_pool(x, how);
    for (Eigen::Index j = 0; j < y.cols(); ++j) y(0, j) = T(y(0, j) * T(x.rows()));
    return y;
  }
};

/// Where an edge mutant puts its error.
enum class edge_target {
  output,   ///< entry (0, 0) of the one-head output Z (and of the multi-head output)
  weights,  ///< the weight of key 0 in query row 0 (A.2 Step 3)
};

/// ORDER-DEPENDENT by a few ε: the library's attention plus `factor` × the law's own bound, added to one
/// entry whenever the first entry of the first key row is below that of the second (so the error moves
/// with the order of the rows, as a rounding bug tied to row positions would).
// NOTE: the error is exactly `factor` × the bound the law states for that case (one head: 4(n+1)ε·max|V|;
// several heads: (4(n+1)+2d+2)ε·d·max|W_O|·max|V|; weights: (2n+2)ε), and it lands on
// at most one entry of each side, so a law sees factor × bound (plus the true reordering error, far
// below the bound: see `worst residual / bound` in --stats). factor 3 must be caught, factor 0.5 must
// pass: together they show each bound is tight enough to matter and not tighter than the arithmetic.
template <class K>
struct edge_attention {
  double factor = 3;
  edge_target target = edge_target::output;
  /// True when the rows of c are in an order that triggers the error.
  template <Scalar T>
  static bool triggered(const Matrix<T>& c) {
    return c.rows() > 1 && c(0, 0) < c(1, 0);
  }
  /// |m| · ε · k · factor.
  template <Scalar T>
  T step(double k_eps, const T& magnitude) const {
    const T scale = abs_value(magnitude);
    return T(T(factor) * T(k_eps) * scalar_traits<T>::epsilon() * scale);
  }
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    auto t = cross_attention_trace<T, K>(y, c, w, opt);
    if (triggered(c)) {
      if (target == edge_target::output)
        // NOTE: output column 0's own scale max_i|V_i0|, as the laws bound each column (checks.hpp).
        t.z(0, 0) = T(t.z(0, 0) + step(attention_reorder_bound_eps(c.rows()), T(verify::column_scales(t.v)(0, 0))));
      else
        t.a(0, 0) = T(t.a(0, 0) + step(softmax_weight_reorder_bound_eps(c.rows()), T(1)));
    }
    return t;
  }
  template <Scalar T>
  Matrix<T> multi(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                  const attention_options<T>& opt) const {
    Matrix<T> z = multi_head_attention<T, K>(y, c, w, opt);
    if (triggered(c)) {
      // NOTE: column 0's own scale Σ_c max_i|V_ic|·|W_O(c, 0)|, as the laws bound each column (checks.hpp).
      const Matrix<T> v = multiply(c, w.wv);
      const Matrix<T> cv = verify::column_scales(v);
      T magnitude(0);
      for (Eigen::Index k = 0; k < w.wo.rows() && k < cv.cols(); ++k)
        magnitude = T(magnitude + T(cv(0, k) * verify::magnitude_of(w.wo(k, 0))));
      z(0, 0) = T(z(0, 0) + step(multi_head_reorder_bound_eps(c.rows(), y.cols()), magnitude));
    }
    return z;
  }
};

/// ORDER-DEPENDENT by a few ε: the sinusoid whose rows past position 1000 are off by `factor` × the
/// P6 bound at that position ((2qθ_i + 16)ε in the sin entry of every pair i).
// NOTE: the P6 law draws p and k in [0, 1000], so PE(p) is never moved and PE(p + k) is moved whenever
// p + k > 1000 (about half the cases): the law sees exactly factor × its bound rotation_bound_eps(p, k, θ_i).
struct edge_sinusoid : library_sinusoid {
  double factor = 3;
  template <Scalar T>
  Matrix<T> position(long q, Eigen::Index d, long base) const {
    auto m = library_sinusoid::position<T>(q, d, base);
    if (q > 1000)
      for (Eigen::Index i = 0; i < d / 2; ++i) {
        const double theta = static_cast<double>(pe::sinusoid_frequency(i, d, T(base)));
        m(0, 2 * i) = T(m(0, 2 * i) + T(T(factor) * T(rotation_bound_eps(q, 0, theta)) * scalar_traits<T>::epsilon()));
      }
    return m;
  }
};

/// EQUIVARIANT but wrong: scores doubled (s = 2·QKᵀ·scale). They still permute with the keys.
template <class K>
struct doubled_scores : composed_attention<doubled_scores<K>, K> {
  static constexpr const char* name = "scores doubled (equivariant, not Q K^T times the scale)";
  template <Scalar T>
  attention_trace<T> trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                           const attention_options<T>& opt) const {
    return hooked_trace<T, K>(
        y, c, w, opt,
        [](Matrix<T>& s) {
          for (Eigen::Index i = 0; i < s.rows(); ++i)
            for (Eigen::Index j = 0; j < s.cols(); ++j) s(i, j) = T(s(i, j) * T(2));
        },
        [](Matrix<T>&) {});
  }
};

}  // namespace orderblind::properties::mutants
