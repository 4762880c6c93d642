#pragma once
/// The random cases of the proofs, drawn from a printed seed with std::mt19937_64.
///
/// The distribution is the one of the property generators (properties/support/): entries p/q with
/// |p| ≤ 9 and 1 ≤ q ≤ 9; permutations weighted towards the shapes the texts use (a transposition, a
/// cycle, the reversal) and otherwise uniform. They are drawn here with the standard engine so that a
/// certificate's seed replays the very same cases with nothing but the C++ standard library.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"

namespace orderblind::proofs {

/// Where the random cases come from, for certificates.
inline constexpr const char* random_cases_description =
    "std::mt19937_64(seed); entries p/q with |p| ≤ 9, 1 ≤ q ≤ 9; permutations: ¼ a transposition, ¼ a "
    "cycle, ¼ the reversal, ¼ uniform (the distribution of the property generators)";

/// A seeded source of small exact cases.
class case_source {
 public:
  explicit case_source(std::uint64_t seed) : rng_(seed) {}

  /// An integer in [lo, hi].
  long integer(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(rng_); }
  /// A rational p/q, |p| ≤ 9, 1 ≤ q ≤ 9.
  template <Scalar T>
  T rational() {
    const long p = integer(-9, 9), q = integer(1, 9);
    return T(p) / T(q);
  }
  /// A rows × cols matrix of such rationals.
  template <Scalar T>
  Matrix<T> matrix(Eigen::Index rows, Eigen::Index cols) {
    Matrix<T> m(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i)
      for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = rational<T>();
    return m;
  }
  /// A permutation of n points, weighted towards transpositions, cycles and the reversal.
  permutation shuffle(std::size_t n) {
    const long kind = integer(0, 3);
    if (n < 2 || kind == 2) return permutation::reversal(n);
    if (kind == 0) {
      const auto i = static_cast<std::size_t>(integer(0, static_cast<long>(n) - 1));
      auto j = static_cast<std::size_t>(integer(0, static_cast<long>(n) - 2));
      if (j >= i) ++j;
      return permutation::transposition(n, i, j);
    }
    std::vector<std::size_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = i;
    std::shuffle(v.begin(), v.end(), rng_);
    if (kind == 1) {  // a cycle through a random subset of at least two points
      const auto len = static_cast<std::size_t>(integer(2, static_cast<long>(n)));
      v.resize(len);
      return permutation::cycle(n, v);
    }
    return permutation(v);
  }
  std::mt19937_64& engine() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

}  // namespace orderblind::proofs
