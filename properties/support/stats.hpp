// SPDX-License-Identifier: MIT
#pragma once
/// What the random cases of a property actually were: histograms of n, d and heads, the kinds of
/// permutation drawn, the share of degenerate cases and (floating laws) the share of cases whose two
/// compared sides differ in some bit. A law reports each case's facts with the `observe_*` calls; they
/// are recorded only while a run collects statistics (`run_options::stats`), and only for the cases
/// RapidCheck generates (a shrink attempt is not a case).
#include <Eigen/Core>
#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar/multiprecision.hpp"

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

/// A histogram of integer sizes (bits, binary exponents) stored densely from its smallest key: adding
/// an entry costs an index, not a map look-up.
// NOTE: a double case at n = 32, d = 8 compares 512 entries in about 20 µs; a std::map increment per
// entry would cost as much again.
class size_histogram {
 public:
  /// Counts `count` entries of size `size`.
  void add(long size, long count = 1) {
    if (counts_.empty()) {
      lo_ = size;
      counts_.assign(1, 0);
    } else if (size < lo_) {
      counts_.insert(counts_.begin(), static_cast<std::size_t>(lo_ - size), 0);
      lo_ = size;
    } else if (size - lo_ >= static_cast<long>(counts_.size())) {
      counts_.resize(static_cast<std::size_t>(size - lo_ + 1), 0);
    }
    counts_[static_cast<std::size_t>(size - lo_)] += count;
    total_ += count;
  }
  /// Entries counted.
  long entries() const { return total_; }
  /// The median size (the lower one of an even count); none when empty.
  std::optional<long> median() const {
    if (total_ == 0) return std::nullopt;
    const long rank = (total_ - 1) / 2;  // 0-based rank of the lower median
    long seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen > rank) return lo_ + static_cast<long>(i);
    }
    return std::nullopt;
  }
  /// The largest size; none when empty.
  std::optional<long> max() const {
    for (std::size_t i = counts_.size(); i-- > 0;)
      if (counts_[i] != 0) return lo_ + static_cast<long>(i);
    return std::nullopt;
  }
  /// size → entries, sizes with no entries left out.
  std::map<long, long> as_map() const {
    std::map<long, long> m;
    for (std::size_t i = 0; i < counts_.size(); ++i)
      if (counts_[i] != 0) m[lo_ + static_cast<long>(i)] = counts_[i];
    return m;
  }

 private:
  long lo_ = 0;
  std::vector<long> counts_;
  long total_ = 0;
};

/// The size of one entry, in the unit `entry_size_unit<T>()` names: for exact rationals the bits of the
/// numerator plus the bits of the denominator (what an exact operation's cost grows with); for reals
/// the binary exponent ⌊log₂|x|⌋ (fixed-precision arithmetic costs the same at any size, so this says
/// only how large the values were). None for a real 0, NaN or infinity, and for other scalar types.
template <class T>
std::optional<long> entry_size(const T& x) {
  if constexpr (std::is_floating_point_v<T>) {
    if (x == 0 || !std::isfinite(x)) return std::nullopt;
    return static_cast<long>(std::ilogb(x));
  } else if constexpr (std::is_same_v<T, mpq_rational>) {
    const mpq_srcptr q = x.backend().data();
    return static_cast<long>(mpz_sizeinbase(mpq_numref(q), 2) + mpz_sizeinbase(mpq_denref(q), 2));
  } else if constexpr (std::is_same_v<T, mpfr100>) {
    const mpfr_srcptr r = x.backend().data();
    if (!mpfr_regular_p(r)) return std::nullopt;
    // NOTE: MPFR writes x = m·2^e with 1/2 ≤ |m| < 1, so ⌊log₂|x|⌋ = e − 1 (as std::ilogb for double).
    return static_cast<long>(mpfr_get_exp(r)) - 1;
  } else {
    (void)x;
    return std::nullopt;
  }
}

/// What `entry_size<T>` measures, in words.
template <class T>
std::string entry_size_unit() {
  if constexpr (std::is_same_v<T, mpq_rational>) return "bits (numerator + denominator)";
  else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, mpfr100>)
    return "binary exponent floor(log2|x|) (zeros not counted)";
  else return "not measured for this scalar";
}

/// The sizes of the entries a law's cases met: of the matrices it compared (both sides of every `==` or
/// ε-bound check) and of its random inputs. Counted for the cases RapidCheck generates; a shrink
/// attempt's entries are dropped, as in `case_stats`.
struct entry_sizes {
  std::string unit;              ///< what a size is (entry_size_unit), set by the first entry
  size_histogram compared;       ///< entries of the compared matrices
  size_histogram inputs;         ///< entries of the drawn input matrices
  std::vector<long> pending_compared, pending_inputs;  ///< the running case's entries

  /// Adds the running case's entries to the histograms.
  void commit() {
    for (const long s : pending_compared) compared.add(s);
    for (const long s : pending_inputs) inputs.add(s);
    discard();
  }
  /// Drops the running case's entries (a shrink attempt).
  void discard() {
    pending_compared.clear();
    pending_inputs.clear();
  }
};

namespace detail {
/// The statistics being collected by the running property on this thread (null: none).
inline thread_local case_stats* active_stats = nullptr;
/// The entry sizes being collected by the running property on this thread (null: none).
inline thread_local entry_sizes* active_sizes = nullptr;

/// Appends the sizes of m's entries to `out`, and names the unit in `sizes` on first use.
template <class T>
void record_sizes(const Matrix<T>& m, entry_sizes& sizes, std::vector<long>& out) {
  if (sizes.unit.empty()) sizes.unit = entry_size_unit<T>();
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      if (const auto s = entry_size(m(i, j))) out.push_back(*s);
}
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
  if (auto* z = detail::active_sizes) detail::record_sizes(m, *z, z->pending_inputs);
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
/// Records the sizes of the compared entries, and whether the two compared sides differ in any bit
/// (floating laws; exact laws are `==`).
template <Scalar T>
void observe_comparison(const Matrix<T>& a, const Matrix<T>& b) {
  if (auto* z = detail::active_sizes) {
    detail::record_sizes(a, *z, z->pending_compared);
    detail::record_sizes(b, *z, z->pending_compared);
  }
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
