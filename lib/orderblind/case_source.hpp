// SPDX-License-Identifier: MIT
#pragma once
/// The one source of seeded cases outside RapidCheck: every producer that draws its own inputs from a
/// seed (the Q(t) proofs' random cases, the float-error and enclosure tables, `check`'s random
/// permutations, the residual sweep, the PE battery's far pairs, the claims' random searches, the
/// specification identities) draws them from a `case_source`, so that a seed names the same cases on
/// every platform and the printed description of the draw comes from here.
///
///     orderblind::case_source src(seed);
///     long k = src.uniform_int(-512L, 512L);      // both ends included
///     double x = src.uniform_real(-1.0, 1.0);      // [lo, hi)
///     src.shuffle(order.begin(), order.end());     // a uniformly random permutation
// NOTE: std::mt19937_64's output is fixed by the standard, but the standard library's distributions and
// std::shuffle are not (libstdc++, libc++ and MSVC draw different values from the same engine), so a seed
// quoted from a report would replay other cases elsewhere. The engine stays std::mt19937_64; the
// distributions are Boost.Random's, whose algorithms are Boost's own code (the same on every standard
// library), and the shuffle is Fisher–Yates written here over Boost's uniform integers (std::shuffle's
// algorithm is unspecified). tests/case_source_test.cpp pins the first values of each draw.
#include <cstdint>
#include <iterator>
#include <random>
#include <string>
#include <utility>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

namespace orderblind {

/// A seeded stream of cases: std::mt19937_64 with Boost.Random's distributions (see the NOTE above).
class case_source {
 public:
  /// The stream of `seed`; two sources of one seed draw the same values in the same order.
  explicit case_source(std::uint64_t seed) : engine_(seed) {}

  /// An integer uniform in [lo, hi] (both included). Requires lo ≤ hi.
  template <class I>
  I uniform_int(I lo, I hi) {
    return boost::random::uniform_int_distribution<I>(lo, hi)(engine_);
  }

  /// A double uniform in [lo, hi). Requires lo < hi, both finite.
  double uniform_real(double lo, double hi) { return boost::random::uniform_real_distribution<double>(lo, hi)(engine_); }

  /// A normal deviate of the given mean and standard deviation (Boost's ziggurat). Requires sd > 0.
  double normal(double mean, double sd) { return boost::random::normal_distribution<double>(mean, sd)(engine_); }

  /// Puts [first, last) in a uniformly random order (Fisher–Yates, last position first).
  template <class RandomIt>
  void shuffle(RandomIt first, RandomIt last) {
    using diff = typename std::iterator_traits<RandomIt>::difference_type;
    for (diff i = (last - first) - 1; i > 0; --i) {
      using std::swap;
      swap(first[i], first[uniform_int<diff>(0, i)]);
    }
  }

  /// The engine itself, for a Boost.Random distribution not listed above.
  std::mt19937_64& engine() { return engine_; }

  /// How the cases are drawn, for a report's description of its draw (the report adds the seed).
  static std::string describe() {
    return "mt19937_64 with Boost.Random's distributions (the same cases on every standard library)";
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace orderblind
