#pragma once
/// What the random cases of a property actually were: histograms of n, d and heads, the kinds of
/// permutation drawn, the share of degenerate cases and (floating laws) the share of cases whose two
/// compared sides differ in some bit. A law reports each case's facts with the `observe_*` calls; they
/// are recorded only while a run collects statistics (`run_options::stats`), and only for the cases
/// RapidCheck generates (a shrink attempt is not a case).
#include <Eigen/Core>

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind::properties {

/// The kind of a permutation, as the statistics count it.
// NOTE: "cycle" is one cycle of length ≥ 3 and nothing else moved; "other" is everything else that is
// not the identity or a single transposition (products of several cycles).
inline std::string permutation_kind(const permutation& p) {
  std::size_t moved = 0;
  for (std::size_t i = 0; i < p.size(); ++i) moved += p(i) != i;
  if (moved == 0) return "identity";
  if (moved == 2) return "transposition";
  std::size_t i = 0;
  while (p(i) == i) ++i;
  std::size_t length = 0, j = i;
  do {
    j = p(j);
    ++length;
  } while (j != i);
  return length == moved ? "cycle" : "other";
}

/// A row of softmax weights counts as one-hot when its largest weight is at least this.
// NOTE: 1 − 10⁻³: the other keys together get less than 0.1 % of the weight, so the row is (to three
// digits) a lookup of one value row and exercises neither the normaliser nor the weighted sum.
inline constexpr double one_hot_threshold = 1.0 - 1e-3;

/// The facts of one case.
struct case_facts {
  std::optional<long> n, d, heads;
  std::optional<std::string> permutation;  ///< kind of the permutation the law needs to be non-trivial
  bool zero_input = false;                  ///< an input matrix (X, C, Y, M) is all zeros
  long weight_rows = 0, one_hot_rows = 0;   ///< softmax rows seen, and how many were one-hot
  std::optional<bool> differs;              ///< floating laws: the two compared sides differ in a bit
  std::set<std::string> degenerate;         ///< other reasons the case proves little (e.g. "angle 0")
  double bound_ratio = -1;                  ///< largest residual ÷ bound of the case's ε-bound checks (−1: none)
};

/// Statistics of the cases of one run.
struct case_stats {
  long cases = 0;
  std::map<long, long> n, d, heads;
  std::map<std::string, long> permutations;
  long zero_input = 0;            ///< cases with an all-zero input
  long weight_rows = 0, one_hot_rows = 0;
  long all_one_hot = 0;           ///< cases in which every softmax row was one-hot
  long compared = 0, differing = 0;
  std::map<std::string, long> other_degenerate;
  long degenerate = 0;            ///< cases degenerate for any reason
  double worst_bound_ratio = -1;  ///< largest residual ÷ bound over all cases (−1: no ε-bound check)
  case_facts pending;             ///< the case being run

  /// Adds the pending case to the counts.
  void commit() {
    const case_facts& f = pending;
    ++cases;
    if (f.n) ++n[*f.n];
    if (f.d) ++d[*f.d];
    if (f.heads) ++heads[*f.heads];
    if (f.permutation) ++permutations[*f.permutation];
    zero_input += f.zero_input;
    weight_rows += f.weight_rows;
    one_hot_rows += f.one_hot_rows;
    const bool all_hot = f.weight_rows > 0 && f.one_hot_rows == f.weight_rows;
    all_one_hot += all_hot;
    if (f.differs) {
      ++compared;
      differing += *f.differs;
    }
    for (const auto& r : f.degenerate) ++other_degenerate[r];
    worst_bound_ratio = std::max(worst_bound_ratio, f.bound_ratio);
    degenerate += f.zero_input || all_hot || (f.permutation && *f.permutation == "identity") || !f.degenerate.empty();
    pending = {};
  }
  /// Drops the pending case (a shrink attempt).
  void discard() { pending = {}; }
  /// The largest share of one value in a histogram (0 if empty).
  static double max_share(const std::map<long, long>& h) {
    long total = 0, top = 0;
    for (const auto& [k, c] : h) {
      total += c;
      top = std::max(top, c);
    }
    return total ? static_cast<double>(top) / static_cast<double>(total) : 0.0;
  }
};

namespace detail {
/// The statistics being collected by the running property on this thread (null: none).
inline thread_local case_stats* active_stats = nullptr;
}  // namespace detail

/// True while a run collects statistics (laws may then compute extra facts, e.g. softmax weights).
inline bool collecting_stats() { return detail::active_stats != nullptr; }

/// Records n (tokens), d (model width) and the head count of the case.
inline void observe_n(Eigen::Index n) {
  if (auto* s = detail::active_stats) s->pending.n = static_cast<long>(n);
}
inline void observe_d(Eigen::Index d) {
  if (auto* s = detail::active_stats) s->pending.d = static_cast<long>(d);
}
inline void observe_heads(std::size_t h) {
  if (auto* s = detail::active_stats) s->pending.heads = static_cast<long>(h);
}
/// Records the permutation the law applies (the identity makes the case degenerate).
inline void observe_permutation(const permutation& p) {
  if (auto* s = detail::active_stats) s->pending.permutation = permutation_kind(p);
}
/// Records an input matrix (all zeros makes the case degenerate).
template <Scalar T>
void observe_input(const Matrix<T>& m) {
  if (auto* s = detail::active_stats) {
    bool zero = m.size() > 0;
    for (Eigen::Index i = 0; i < m.rows() && zero; ++i)
      for (Eigen::Index j = 0; j < m.cols() && zero; ++j) zero = m(i, j) == T(0);
    s->pending.zero_input = s->pending.zero_input || zero;
  }
}
/// Records softmax weights (rows of A): how many rows are one-hot.
template <Scalar T>
void observe_weights(const Matrix<T>& a) {
  if (auto* s = detail::active_stats) {
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
      double top = 0;
      for (Eigen::Index j = 0; j < a.cols(); ++j) top = std::max(top, static_cast<double>(a(i, j)));
      ++s->pending.weight_rows;
      s->pending.one_hot_rows += top >= one_hot_threshold;
    }
  }
}
/// Records whether the two compared sides differ in any bit (floating laws; exact laws are `==`).
template <Scalar T>
void observe_comparison(const Matrix<T>& a, const Matrix<T>& b) {
  if constexpr (!scalar_traits<T>::is_exact) {
    if (auto* s = detail::active_stats) {
      bool differ = a.rows() != b.rows() || a.cols() != b.cols();
      for (Eigen::Index i = 0; i < a.rows() && !differ; ++i)
        for (Eigen::Index j = 0; j < a.cols() && !differ; ++j) differ = !(a(i, j) == b(i, j));
      s->pending.differs = s->pending.differs.value_or(false) || differ;
    }
  }
}
/// Records the residual of an ε-bound comparison as a fraction of its bound (1 = at the bound).
inline void observe_bound_ratio(double ratio) {
  if (auto* s = detail::active_stats) s->pending.bound_ratio = std::max(s->pending.bound_ratio, ratio);
}
/// Records another reason the case is degenerate (e.g. "angle 0").
inline void observe_degenerate(const std::string& reason) {
  if (auto* s = detail::active_stats) s->pending.degenerate.insert(reason);
}

}  // namespace orderblind::properties
