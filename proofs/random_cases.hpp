#pragma once
/// The random cases of the proofs: sampled from the property generators (properties/support/) with
/// a RapidCheck random stream seeded by the printed seed, so a certificate's seed replays the cases.
#include <cstdint>
#include <rapidcheck.h>
#include <string>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "properties/support/matrices.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/scalars.hpp"

namespace orderblind::proofs {

/// Where the random cases come from, for certificates.
inline constexpr const char* random_cases_description =
    "the property generators of properties/support sampled with rc::Random(seed) at size 100: "
    "gen_rational_matrix (entries p/q, |p| ≤ 9, 1 ≤ q ≤ 9), gen_permutation (30% a transposition, "
    "20% an n-cycle, 20% the reversal, 30% uniform; never the identity)";

/// A seeded source of small exact cases. Each draw takes its own split of the random stream.
class case_source {
 public:
  explicit case_source(std::uint64_t seed) : random_(seed) {}

  /// An integer in [lo, hi].
  long integer(long lo, long hi) { return sample(rc::gen::inRange<long>(lo, hi + 1)); }
  /// A rational p/q, |p| ≤ 9, 1 ≤ q ≤ 9.
  template <Scalar T>
  T rational() {
    return sample(properties::gen_rational<T>());
  }
  /// A rows × cols matrix of such rationals.
  template <Scalar T>
  Matrix<T> matrix(Eigen::Index rows, Eigen::Index cols) {
    return sample(properties::gen_rational_matrix<T>(rows, cols));
  }
  /// A permutation of n ≥ 2 points (never the identity).
  permutation shuffle(std::size_t n) { return sample(properties::gen_permutation(n)); }

 private:
  template <class T>
  T sample(const rc::Gen<T>& g) {
    // NOTE: size 100 is RapidCheck's nominal size: the generators' full distribution (no ramp-up).
    return g(random_.split(), 100).value();
  }
  rc::Random random_;
};

}  // namespace orderblind::proofs
