// SPDX-License-Identifier: MIT
#pragma once
/// The random cases of the proofs: sampled from the property generators (properties/support/) with
/// a RapidCheck random stream seeded by the printed seed, so a certificate's seed replays the cases.
#include <cstdint>
#include <map>
#include <rapidcheck.h>
#include <string>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "properties/support/matrices.hpp"
#include "properties/support/permutations.hpp"
#include "properties/support/scalars.hpp"
#include "properties/support/stats.hpp"
#include "properties/support/weights.hpp"

namespace orderblind::proofs {

/// Where the random cases come from, for certificates.
// NOTE: the entry bounds and the permutation mix are generated from the generators' own constants
// (rational_bounds, permutation_mix): changing a constant changes the certificates' text.
inline const std::string random_cases_description =
    "the property generators of properties/support sampled with rc::Random(seed) at size 100: "
    "gen_rational_matrix (entries p/q, |p| ≤ " + std::to_string(properties::rational_bounds{}.max_numerator) +
    ", 1 ≤ q ≤ " + std::to_string(properties::rational_bounds{}.max_denominator) + ", uniform), gen_permutation (" +
    properties::describe_mix(properties::permutation_mix()) + "), rotation angles with t = p/q ≠ 0, ±1";

/// What the random cases of the proofs were (counted while a `proof_stats_scope` is active).
struct proof_case_stats {
  std::map<long, long> n;                      ///< sizes of the permuted sequences
  std::map<std::string, long> permutations;    ///< identity / transposition / cycle / other
  long matrices = 0, zero_matrices = 0;        ///< matrices drawn, and how many were all zeros
  long entries = 0, zero_entries = 0;          ///< their entries, and how many were 0
  long angles = 0, zero_angles = 0;            ///< rotation parameters drawn, and how many were 0
};

namespace detail {
inline thread_local proof_case_stats* active_proof_stats = nullptr;
}  // namespace detail

/// Counts the proofs' random draws into `stats` for the lifetime of the scope.
class proof_stats_scope {
 public:
  explicit proof_stats_scope(proof_case_stats& s) : previous_(detail::active_proof_stats) {
    detail::active_proof_stats = &s;
  }
  ~proof_stats_scope() { detail::active_proof_stats = previous_; }
  proof_stats_scope(const proof_stats_scope&) = delete;
  proof_stats_scope& operator=(const proof_stats_scope&) = delete;

 private:
  proof_case_stats* previous_;
};

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
    Matrix<T> m = sample(properties::gen_rational_matrix<T>(rows, cols));
    if (auto* s = detail::active_proof_stats) {
      long zeros = 0;
      for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) zeros += m(i, j) == T(0);
      ++s->matrices;
      s->zero_matrices += m.size() > 0 && zeros == m.size();
      s->entries += m.size();
      s->zero_entries += zeros;
    }
    return m;
  }
  /// A permutation of n ≥ 2 points (never the identity).
  permutation shuffle(std::size_t n) {
    permutation p = sample(properties::gen_permutation(n));
    if (auto* s = detail::active_proof_stats) {
      ++s->n[static_cast<long>(n)];
      ++s->permutations[properties::permutation_kind(p)];
    }
    return p;
  }
  /// The parameter t ≠ 0, ±1 of an exact rotation by a non-zero, non-right angle (properties::gen_angle_parameter).
  template <Scalar T>
  T angle_parameter() {
    T t = sample(properties::gen_angle_parameter<T>());
    if (auto* s = detail::active_proof_stats) {
      ++s->angles;
      s->zero_angles += t == T(0);
    }
    return t;
  }

 private:
  template <class T>
  T sample(const rc::Gen<T>& g) {
    // NOTE: size 100 is RapidCheck's nominal size: the generators' full distribution (no ramp-up).
    return g(random_.split(), 100).value();
  }
  rc::Random random_;
};

}  // namespace orderblind::proofs
