// SPDX-License-Identifier: MIT
#pragma once
/// Scaled dot-product attention, self- and cross-attention, and multi-head attention with W_O.
///
/// Text 000 §1: Q = X W_Q, K = X W_K, V = X W_V, S = Q Kᵀ / √d_k, A = softmax_row(S), Attn(X) = A V.
/// A positional-encoding scheme (pe/concept.hpp) may be attached through `attention_options::positions`;
/// where each kind acts is documented at `positional_hook` and in docs/positional.md.
#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/core.hpp"
#include "orderblind/pe/concept.hpp"
// The fast heads, first: each specialises the customisation point `head_kernels` (declared, not defined,
// in its own header, which includes the core only and never this one), so the specialisations are seen
// before any use below, in every unit that sees attention (one missing from a unit would be an ODR
// violation). fast/heads/double_head.hpp is the fused double head; the multiprecision scalars' products
// and heads came with core.hpp (scalar/multiprecision.hpp).
#define ORDERBLIND_MODULE_ATTENTION 1  // the module header of attention: may include fast/heads/
#include "orderblind/fast/heads/double_head.hpp"

namespace orderblind {

/// A positional-encoding scheme attached to attention, or nothing (the default, which costs one null
/// test). Row i of the queries and row j of the keys sit at positions i and j (0-based). By kind:
///   - additive:   X' = X + PE, row p gets s.encode(p, n) (n = rows of X), before the projections
///                 (text 000 §4 "X' = X + PE"; text 001 §3.5). In cross-attention Y and C each get their
///                 own rows' encodings.
///   - query_key:  q_m ↦ s.query(q_m, m), k_n ↦ s.key(k_n, n) after the projections; V is untouched (RoPE).
///   - score_bias: S(m, n) = scale·q_m·k_n + s.bias(q_m, k_n, m, n) before masking and normalisation
///                 (ALiBi, T5: the bias is not scaled; q_m, k_n are the projected rows).
/// Any `pe::Scheme` whose scalar_type is T converts to a hook: `opt.positions = pe::rope_scheme<T>{…};`.
template <Scalar T>
class positional_hook {
 public:
  positional_hook() = default;
  /// Attaches a copy of the scheme.
  template <class S>
    requires(pe::Scheme<S> && std::same_as<typename S::scalar_type, T>)
  positional_hook(S s) : model_(std::make_shared<const model_of<S>>(std::move(s))) {}  // NOLINT: implicit by design

  /// Whether a scheme is attached.
  explicit operator bool() const { return model_ != nullptr; }
  /// The attached scheme's kind (only when one is attached).
  pe::pe_kind kind() const { return get().kind(); }
  /// The attached scheme's name.
  std::string name() const { return get().name(); }

  /// additive: x.row(p) += PE(p) for p < rows (a no-op for the other kinds).
  void add_to_rows(Matrix<T>& x, const char* what) const { get().add_to_rows(x, what); }
  /// query_key: rotates (or otherwise maps) every query and key row by its position.
  void apply_to_queries_and_keys(Matrix<T>& q, Matrix<T>& k) const { get().apply_to_queries_and_keys(q, k); }
  /// score_bias: s(m, n) += bias(q_m, k_n, m, n) (q, k the projected rows).
  void add_bias(Matrix<T>& s, const Matrix<T>& q, const Matrix<T>& k) const { get().add_bias(s, q, k); }

 private:
  struct model {
    virtual ~model() = default;
    virtual pe::pe_kind kind() const = 0;
    virtual std::string name() const = 0;
    virtual void add_to_rows(Matrix<T>& x, const char* what) const = 0;
    virtual void apply_to_queries_and_keys(Matrix<T>& q, Matrix<T>& k) const = 0;
    virtual void add_bias(Matrix<T>& s, const Matrix<T>& q, const Matrix<T>& k) const = 0;
  };

  static std::vector<T> row_of(const Matrix<T>& m, Eigen::Index i) {
    std::vector<T> r(to_size(m.cols(), "a row's width"));
    for (Eigen::Index j = 0; j < m.cols(); ++j) at_index(r, j) = m(i, j);
    return r;
  }

  template <class S>
  struct model_of final : model {
    S s;
    explicit model_of(S scheme) : s(std::move(scheme)) {}
    pe::pe_kind kind() const override { return S::kind; }
    std::string name() const override { return s.name(); }

    std::string where() const { return "the positional scheme '" + s.name() + "' (" + pe::kind_name(S::kind) + ")"; }

    void require_width(Eigen::Index width, const char* what) const {
      if (width != s.dim())
        throw shape_error(where() + " acts on width " + std::to_string(s.dim()) + " but " + what + " has width " +
                          std::to_string(width));
    }
    void require_size(const std::vector<T>& v, Eigen::Index width, const char* what, Eigen::Index p) const {
      if (std::ssize(v) != width)
        throw shape_error(where() + " returned " + std::to_string(v.size()) + " entries for " + what +
                          std::to_string(p) + ", expected " + std::to_string(width));
    }
    // NOTE: the scheme's name is asked for only when something is wrong (the archetype test counts calls).
    void require_finite_from_scheme(const Matrix<T>& m, const char* what) const {
      if constexpr (scalar_traits<T>::can_be_nonfinite) {
        for (Eigen::Index i = 0; i < m.rows(); ++i)
          for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!is_finite(m(i, j))) {
              // NOTE: appended, not `std::string(what) + …`: g++ 12 reports a false -Warray-bounds inside
              // libstdc++ for operator+(string&&, const char*) once the standard headers come from the
              // precompiled header (cmake/OrderblindPch.cmake).
              std::string label(what);
              label.append(" from ").append(where()).append(" ");
              require_finite(m, label.c_str());
            }
      } else {
        (void)m;
        (void)what;
      }
    }

    void add_to_rows(Matrix<T>& x, const char* what) const override {
      if constexpr (S::kind == pe::pe_kind::additive) {
        require_width(x.cols(), what);
        const Eigen::Index n = x.rows();
        for (Eigen::Index p = 0; p < n; ++p) {
          const std::vector<T> e = s.encode(p, n);
          require_size(e, x.cols(), "PE at position ", p);
          for (Eigen::Index j = 0; j < x.cols(); ++j) x(p, j) = T(x(p, j) + at_index(e, j));
        }
        require_finite_from_scheme(x, (std::string(what) + " + PE").c_str());
      } else {
        (void)x;
        (void)what;
      }
    }

    void apply_to_queries_and_keys(Matrix<T>& q, Matrix<T>& k) const override {
      if constexpr (S::kind == pe::pe_kind::query_key) {
        require_width(q.cols(), "Q");
        require_width(k.cols(), "K");
        for (Eigen::Index m = 0; m < q.rows(); ++m) {
          const std::vector<T> r = s.query(row_of(q, m), m);
          require_size(r, q.cols(), "query row ", m);
          for (Eigen::Index j = 0; j < q.cols(); ++j) q(m, j) = at_index(r, j);
        }
        for (Eigen::Index n = 0; n < k.rows(); ++n) {
          const std::vector<T> r = s.key(row_of(k, n), n);
          require_size(r, k.cols(), "key row ", n);
          for (Eigen::Index j = 0; j < k.cols(); ++j) k(n, j) = at_index(r, j);
        }
        require_finite_from_scheme(q, "Q rotated");
        require_finite_from_scheme(k, "K rotated");
      } else {
        (void)q;
        (void)k;
      }
    }

    void add_bias(Matrix<T>& sc, const Matrix<T>& q, const Matrix<T>& k) const override {
      if constexpr (S::kind == pe::pe_kind::score_bias) {
        require_width(q.cols(), "Q");
        std::vector<std::vector<T>> keys;
        keys.reserve(to_size(k.rows(), "the number of keys"));
        for (Eigen::Index n = 0; n < k.rows(); ++n) keys.push_back(row_of(k, n));
        for (Eigen::Index m = 0; m < sc.rows(); ++m) {
          const std::vector<T> qm = row_of(q, m);
          for (Eigen::Index n = 0; n < sc.cols(); ++n)
            sc(m, n) = T(sc(m, n) + s.bias(qm, at_index(keys, n), m, n));
        }
        require_finite_from_scheme(sc, "the scores with the bias");
      } else {
        (void)sc;
        (void)q;
        (void)k;
      }
    }
  };

  const model& get() const {
    if (!model_) throw configuration_error("no positional scheme is attached to these attention options");
    return *model_;
  }

  std::shared_ptr<const model> model_;
};

/// W_Q, W_K (d_model × d_k) and W_V (d_model × d_v) of one head.
template <Scalar T>
struct head_weights {
  Matrix<T> wq, wk, wv;
};

/// Options of one attention evaluation.
template <Scalar T>
struct attention_options {
  /// The score scale; unset means 1/√d_k (exact types: only when d_k is a perfect square).
  std::optional<T> scale;
  /// Which keys each query row may see.
  orderblind::mask mask = mask::none();
  /// How sums over the sequence axis (the normaliser and A·V) are formed.
  summation sum = summation::in_order;
  /// A positional-encoding scheme inside attention (empty: none, and attention is permutation-equivariant).
  // NOTE: default-initialised, not "= {}": with the copy-list initialiser g++ 12 left
  // positional_hook<mpfi100>'s default constructor undefined at link time (tests/examples over mpfi100).
  positional_hook<T> positions;
};

/// Every intermediate of one attention evaluation, for proofs that check each step.
template <Scalar T>
struct attention_trace {
  Matrix<T> q, k, v;  ///< projections (q, k after a query_key scheme, when one is attached)
  Matrix<T> s;        ///< scaled scores Q Kᵀ · scale (+ a score_bias scheme's bias)
  Matrix<T> a;        ///< row-normalised weights
  Matrix<T> z;        ///< output A V
};

/// 1/√d_k. Exact types get an exact value when d_k is a perfect square and an error otherwise.
template <Scalar T>
T inverse_sqrt_scale(Eigen::Index d_k) {
  if (d_k <= 0) throw configuration_error("d_k must be positive, got " + std::to_string(d_k));
  if constexpr (scalar_traits<T>::has_sqrt) {
    using std::sqrt;
    return T(1) / T(sqrt(T(d_k)));
  } else {
    Eigen::Index r = 0;
    while ((r + 1) * (r + 1) <= d_k) ++r;
    if (r * r != d_k)
      throw unsupported_operation_error("the scale 1/sqrt(" + std::to_string(d_k) + ") is irrational, so " +
                                        scalar_traits<T>::name +
                                        " cannot hold it: pass an explicit scale (e.g. 1) or use a real type");
    return T(1) / T(r);
  }
}

/// A·V with the chosen summation over the sequence axis.
template <Scalar T>
Matrix<T> weighted_sum(const Matrix<T>& a, const Matrix<T>& v, summation how) {
  require_product(a, "A", v, "V");
  if (how == summation::in_order) return product_kernels<T>::multiply(a, v);
  Matrix<T> z(a.rows(), v.cols());
  std::vector<T> terms;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index c = 0; c < v.cols(); ++c) {
      terms.clear();
      for (Eigen::Index j = 0; j < a.cols(); ++j) terms.push_back(T(a(i, j) * v(j, c)));
      z(i, c) = sum_terms(terms, how);
    }
  return z;
}

/// Row-wise normalisation of a score matrix under a mask (masked weights are exactly 0).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> normalise_rows(const Matrix<T>& s, const orderblind::mask& m, summation how = summation::in_order) {
  m.validate(s.rows(), s.cols());
  Matrix<T> a(s.rows(), s.cols());
  std::vector<T> row;
  std::vector<Eigen::Index> cols;
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    row.clear();
    cols.clear();
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      a(i, j) = T(0);
      if (m.allows(i, j)) {
        row.push_back(s(i, j));
        cols.push_back(j);
      }
    }
    const auto w = K::template weights<T>(row, how);
    for (Eigen::Index k = 0; k < std::ssize(cols); ++k) a(i, at_index(cols, k)) = at_index(w, k);
  }
  return a;
}

namespace detail {
/// attend_trace after any additive encoding has been added to the token rows.
template <Scalar T, class K>
  requires Kernel<K, T>
attention_trace<T> attend_positioned(Matrix<T> q, Matrix<T> k, Matrix<T> v, const attention_options<T>& opt) {
  require_nonempty(q, "Q");
  require_nonempty(k, "K");
  require_nonempty(v, "V");
  require_finite(q, "Q");
  require_finite(k, "K");
  require_finite(v, "V");
  if (k.rows() != v.rows())
    throw shape_error("K has " + std::to_string(k.rows()) + " rows but V has " + std::to_string(v.rows()) +
                      ": keys and values come from the same tokens");
  attention_trace<T> t;
  const T scale = opt.scale ? *opt.scale : inverse_sqrt_scale<T>(q.cols());
  if (opt.positions) opt.positions.apply_to_queries_and_keys(q, k);
  t.s = multiply_transposed(q, k, "Q", "K");
  for (Eigen::Index i = 0; i < t.s.rows(); ++i)
    for (Eigen::Index j = 0; j < t.s.cols(); ++j) t.s(i, j) = T(t.s(i, j) * scale);
  if (opt.positions) opt.positions.add_bias(t.s, q, k);
  t.a = normalise_rows<T, K>(t.s, opt.mask, opt.sum);
  t.z = weighted_sum(t.a, v, opt.sum);
  t.q = std::move(q);
  t.k = std::move(k);
  t.v = std::move(v);
  return t;
}
}  // namespace detail

/// Attention on given Q, K, V, keeping every intermediate. A query_key or score_bias scheme in
/// opt.positions acts on row positions 0, 1, …; an additive one is refused (it acts on token rows,
/// which this function never sees: use self_attention / cross_attention).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> attend_trace(Matrix<T> q, Matrix<T> k, Matrix<T> v, const attention_options<T>& opt = {}) {
  if (opt.positions && opt.positions.kind() == pe::pe_kind::additive)
    throw configuration_error("the additive positional scheme '" + opt.positions.name() +
                              "' is added to the token rows X before the projections; attend_trace receives Q, K, V "
                              "already projected: call self_attention or cross_attention instead");
  return detail::attend_positioned<T, K>(std::move(q), std::move(k), std::move(v), opt);
}

/// Validates one head's weights against an input width.
// NOTE: the messages (and the strings they are built from) are made only when a requirement fails:
// every attention call validates its head, and the checks themselves are a few integer comparisons.
template <Scalar T>
void validate_head(const head_weights<T>& w, Eigen::Index d_model, const char* where) {
  const auto at = [where] { return std::string(" (") + where + ")"; };
  const auto nonempty = [&](const Matrix<T>& m, const char* name) {
    if (m.rows() == 0 || m.cols() == 0) require_nonempty(m, (name + at()).c_str());
  };
  nonempty(w.wq, "W_Q");
  nonempty(w.wk, "W_K");
  nonempty(w.wv, "W_V");
  for (const auto* m : {&w.wq, &w.wk, &w.wv})
    if (m->rows() != d_model)
      throw shape_error("a weight matrix" + at() + " is " + shape_of(*m) + " but the input rows have width " +
                        std::to_string(d_model));
  if (w.wq.cols() != w.wk.cols())
    throw shape_error("W_Q is " + shape_of(w.wq) + " but W_K is " + shape_of(w.wk) + at() +
                      ": queries and keys need the same width d_k");
}

/// Customisation point: a scalar/kernel pair may evaluate one head's output faster. A specialisation
/// sets `available = true` and provides `static std::optional<Matrix<T>> evaluate(y, c, w, opt)`,
/// called after the inputs are validated, which returns exactly what the generic code returns (queries
/// from y, keys and values from c) or std::nullopt to decline, and then the generic code runs.
template <class T, class K>
struct head_kernels {
  static constexpr bool available = false;
};

/// Self-attention of one head with every intermediate: Q = X W_Q, K = X W_K, V = X W_V.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> self_attention_trace(const Matrix<T>& x, const head_weights<T>& w,
                                        const attention_options<T>& opt = {}) {
  require_nonempty(x, "X");
  require_finite(x, "X");
  validate_head(w, x.cols(), "self-attention");
  if (opt.positions && opt.positions.kind() == pe::pe_kind::additive) {
    Matrix<T> xp = x;
    opt.positions.add_to_rows(xp, "X");
    return detail::attend_positioned<T, K>(multiply(xp, w.wq, "X + PE", "W_Q"), multiply(xp, w.wk, "X + PE", "W_K"),
                                           multiply(xp, w.wv, "X + PE", "W_V"), opt);
  }
  return detail::attend_positioned<T, K>(multiply(x, w.wq, "X", "W_Q"), multiply(x, w.wk, "X", "W_K"),
                                         multiply(x, w.wv, "X", "W_V"), opt);
}

/// Self-attention of one head: Attn(X) = softmax(X W_Q (X W_K)ᵀ · scale) X W_V.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> self_attention(const Matrix<T>& x, const head_weights<T>& w, const attention_options<T>& opt = {}) {
  // NOTE: the fused heads know nothing of positions; with a scheme attached the generic path runs.
  if constexpr (head_kernels<T, K>::available) {
    if (!opt.positions) {
      require_nonempty(x, "X");
      require_finite(x, "X");
      validate_head(w, x.cols(), "self-attention");
      if (auto z = head_kernels<T, K>::evaluate(x, x, w, opt)) return std::move(*z);
    }
  }
  return self_attention_trace<T, K>(x, w, opt).z;
}

/// Throws unless decoder rows Y and encoder rows C are non-empty, finite, of one width, and fit w.
template <Scalar T>
void validate_cross_inputs(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w) {
  require_nonempty(y, "decoder rows Y");
  require_nonempty(c, "encoder rows C");
  require_finite(y, "Y");
  require_finite(c, "C");
  if (y.cols() != c.cols())
    throw shape_error("decoder rows Y are " + shape_of(y) + " but encoder rows C are " + shape_of(c) +
                      ": both need width d_model");
  validate_head(w, y.cols(), "cross-attention");
}

/// Cross-attention with every intermediate: queries from the decoder rows Y, keys and values from the
/// encoder rows C (text 001, Appendix A.2: K = C W_K, V = C W_V).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
attention_trace<T> cross_attention_trace(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                                         const attention_options<T>& opt = {}) {
  validate_cross_inputs(y, c, w);
  if (opt.positions && opt.positions.kind() == pe::pe_kind::additive) {
    Matrix<T> yp = y, cp = c;
    opt.positions.add_to_rows(yp, "Y");
    opt.positions.add_to_rows(cp, "C");
    return detail::attend_positioned<T, K>(multiply(yp, w.wq, "Y + PE", "W_Q"), multiply(cp, w.wk, "C + PE", "W_K"),
                                           multiply(cp, w.wv, "C + PE", "W_V"), opt);
  }
  return detail::attend_positioned<T, K>(multiply(y, w.wq, "Y", "W_Q"), multiply(c, w.wk, "C", "W_K"),
                                         multiply(c, w.wv, "C", "W_V"), opt);
}

/// Cross-attention output (one row per decoder row).
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> cross_attention(const Matrix<T>& y, const Matrix<T>& c, const head_weights<T>& w,
                          const attention_options<T>& opt = {}) {
  if constexpr (head_kernels<T, K>::available) {
    if (!opt.positions) {
      validate_cross_inputs(y, c, w);
      if (auto z = head_kernels<T, K>::evaluate(y, c, w, opt)) return std::move(*z);
    }
  }
  return cross_attention_trace<T, K>(y, c, w, opt).z;
}

/// Multi-head weights: W_Q, W_K, W_V are d_model × d_model, split by columns into `heads` blocks of
/// d_model/heads; W_O is d_model × d_model and mixes the concatenated head outputs.
template <Scalar T>
struct multi_head_weights {
  Matrix<T> wq, wk, wv, wo;
  std::size_t heads = 1;

  /// `heads` as the index type of the columns it splits (throws index_range_error if it does not fit).
  Eigen::Index head_count() const { return to_index(heads, "the head count"); }

  /// Throws unless the shapes fit d_model and heads divides d_model.
  void validate(Eigen::Index d_model) const {
    if (heads == 0) throw configuration_error("the head count must be at least 1, got 0");
    if (d_model % head_count() != 0)
      throw configuration_error("the head count " + std::to_string(heads) + " does not divide d_model = " +
                                std::to_string(d_model));
    for (const auto* m : {&wq, &wk, &wv, &wo})
      if (m->rows() != d_model || m->cols() != d_model)
        throw shape_error("multi-head weight is " + shape_of(*m) + " but must be " + std::to_string(d_model) +
                          "x" + std::to_string(d_model) + " for d_model = " + std::to_string(d_model));
  }
  /// The weights of head h (columns [h·d_h, (h+1)·d_h)).
  head_weights<T> head(Eigen::Index h) const {
    const auto dh = wq.cols() / head_count();
    const auto c0 = h * dh;
    return {wq.middleCols(c0, dh), wk.middleCols(c0, dh), wv.middleCols(c0, dh)};
  }
};

/// Multi-head attention: concat_h Attn_h(queries from Y, keys/values from C) · W_O. Self-attention is
/// the case Y = C. Each head scales by 1/√d_h unless opt.scale is set.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> multi_head_attention(const Matrix<T>& y, const Matrix<T>& c, const multi_head_weights<T>& w,
                               const attention_options<T>& opt = {}) {
  require_nonempty(y, "Y");
  require_nonempty(c, "C");
  if (y.cols() != c.cols())
    throw shape_error("query rows are " + shape_of(y) + " but key/value rows are " + shape_of(c) +
                      ": both need width d_model");
  w.validate(y.cols());
  Matrix<T> concat(y.rows(), y.cols());
  const Eigen::Index heads = w.head_count(), dh = y.cols() / heads;
  for (Eigen::Index h = 0; h < heads; ++h) {
    const auto z = cross_attention<T, K>(y, c, w.head(h), opt);
    concat.middleCols(h * dh, dh) = z;
  }
  return multiply(concat, w.wo, "concat(heads)", "W_O");
}

/// Multi-head self-attention.
template <Scalar T, class K = default_kernel<T>>
  requires Kernel<K, T>
Matrix<T> multi_head_self_attention(const Matrix<T>& x, const multi_head_weights<T>& w,
                                    const attention_options<T>& opt = {}) {
  return multi_head_attention<T, K>(x, x, w, opt);
}

}  // namespace orderblind


// NOTE: a target of this project's build (not a user of the installed headers) is compiled with
// ORDERBLIND_INSTANCES_COMPILED (cmake/OrderblindInstances.cmake): attention over double, mpq_rational
// and mpfr100 with their default kernels is then instantiated once, in orderblind_instances
// (lib/instances/), and not again in every unit that calls it, nor are the fused heads it reaches. Without
// the macro this header instantiates what a unit calls, as any template library does.
#define ORDERBLIND_ATTENTION_INSTANCES(EXTERN, T)                                                                 \
  EXTERN template Matrix<T> self_attention<T, default_kernel<T>>(const Matrix<T>&, const head_weights<T>&,        \
                                                                 const attention_options<T>&);                     \
  EXTERN template attention_trace<T> self_attention_trace<T, default_kernel<T>>(                                  \
      const Matrix<T>&, const head_weights<T>&, const attention_options<T>&);                                     \
  EXTERN template Matrix<T> cross_attention<T, default_kernel<T>>(const Matrix<T>&, const Matrix<T>&,             \
                                                                  const head_weights<T>&, const attention_options<T>&); \
  EXTERN template attention_trace<T> cross_attention_trace<T, default_kernel<T>>(                                 \
      const Matrix<T>&, const Matrix<T>&, const head_weights<T>&, const attention_options<T>&);                   \
  EXTERN template Matrix<T> multi_head_attention<T, default_kernel<T>>(                                           \
      const Matrix<T>&, const Matrix<T>&, const multi_head_weights<T>&, const attention_options<T>&);             \
  EXTERN template Matrix<T> multi_head_self_attention<T, default_kernel<T>>(                                      \
      const Matrix<T>&, const multi_head_weights<T>&, const attention_options<T>&);                               \
  EXTERN template Matrix<T> normalise_rows<T, default_kernel<T>>(const Matrix<T>&, const mask&, summation);
#ifdef ORDERBLIND_INSTANCES_COMPILED
namespace orderblind {
ORDERBLIND_ATTENTION_INSTANCES(extern, double)
ORDERBLIND_ATTENTION_INSTANCES(extern, mpq_rational)
ORDERBLIND_ATTENTION_INSTANCES(extern, mpfr100)
}  // namespace orderblind
#endif
