// SPDX-License-Identifier: MIT
#pragma once
/// Exhaustive equivariance over the symmetric group: f(PX) = P·f(X) compared with `==` for every one of
/// the n! permutations P of X's n rows — enumerated in lexicographic order with std::next_permutation,
/// split by rank over threads, and counted, so that "every permutation" is itself checked.
///
/// What this shows: the law on THESE inputs for EVERY P ∈ Sₙ, the identity included. It says nothing
/// about other inputs (the sampled properties, the identities over symbols and the Coq proofs do).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "orderblind/errors.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::exhaustive {

/// The largest n a sweep accepts: 10! = 3,628,800 permutations (a byte of bookkeeping each per thread).
inline constexpr std::size_t max_sweep_rows = 10;

/// n! for n ≤ 20 (20! < 2⁶⁴); throws configuration_error above.
inline std::uint64_t factorial(std::size_t n) {
  if (n > 20) throw configuration_error("n! overflows 64 bits for n = " + std::to_string(n) + " > 20");
  std::uint64_t f = 1;
  for (std::size_t k = 2; k <= n; ++k) f *= k;
  return f;
}

/// The image of 0..n−1 with lexicographic rank r (0 the identity, n!−1 the reversal), by the
/// factorial number system: the digit of position i is r / (n−1−i)! mod (n−i).
inline std::vector<std::size_t> unrank(std::uint64_t r, std::size_t n) {
  if (r >= factorial(n))
    throw configuration_error("rank " + std::to_string(r) + " is not below " + std::to_string(n) + "! = " +
                              std::to_string(factorial(n)));
  std::vector<std::size_t> left(n), image;
  for (std::size_t i = 0; i < n; ++i) left[i] = i;
  image.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t f = factorial(n - 1 - i);
    const auto digit = static_cast<std::size_t>(r / f);
    r %= f;
    image.push_back(left[digit]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(digit));
  }
  return image;
}

/// The lexicographic rank of an image of 0..n−1 (the inverse of unrank): Σᵢ #{j > i : π(j) < π(i)}·(n−1−i)!.
inline std::uint64_t rank_of(const std::vector<std::size_t>& image) {
  const std::size_t n = image.size();
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t smaller_later = 0;
    for (std::size_t j = i + 1; j < n; ++j) smaller_later += image[j] < image[i];
    r += smaller_later * factorial(n - 1 - i);
  }
  return r;
}

/// The outcome of one sweep over Sₙ.
struct sweep_result {
  std::size_t n = 0;
  std::uint64_t permutations = 0;  ///< n!
  std::uint64_t checked = 0;       ///< permutations compared
  std::uint64_t distinct = 0;      ///< distinct lexicographic ranks among them
  std::uint64_t failures = 0;      ///< permutations with f(PX) ≠ P·f(X)
  std::optional<permutation> first_failure;  ///< the counterexample of lowest rank
  std::uint64_t first_failure_rank = 0;
  std::string first_failure_detail;  ///< its first differing entry
  unsigned threads = 1;
  double seconds = 0;      ///< wall-clock seconds of the sweep (f(X) and every f(PX))
  double cpu_seconds = 0;  ///< CPU seconds of the whole process meanwhile, all threads (std::clock)
  /// Every one of the n! permutations was compared, each exactly once.
  bool complete() const { return checked == permutations && distinct == permutations; }
  bool held() const { return complete() && failures == 0; }
};

namespace detail {

/// One thread's share: the ranks [lo, hi).
struct chunk {
  std::uint64_t lo = 0, hi = 0;
  std::uint64_t checked = 0, failures = 0;
  std::vector<std::uint8_t> seen;  ///< seen[r − lo] counts the visits of rank r
  std::uint64_t out_of_range = 0;  ///< visits of a rank outside [lo, hi) (a broken enumeration)
  std::optional<std::uint64_t> first_rank;
  std::vector<std::size_t> first_image;
  std::string first_detail;
  std::exception_ptr error;
};

template <Scalar T, class F>
void run_chunk(const Matrix<T>& x, const Matrix<T>& fx, const F& f, chunk& c) {
  const auto n = static_cast<std::size_t>(x.rows());
  // NOTE: the law as data (verify/law.hpp), f(X) computed once by the caller; each P compared with ==
  // (verify/bound.hpp), which names the first differing entry.
  const verify::permutation_law law = verify::equivariance("f(PX) = P·f(X)");
  const auto g = [&f](const std::vector<Matrix<T>>& in) { return Matrix<T>(f(in[0])); };
  const std::vector<Matrix<T>> inputs{x};
  c.seen.assign(static_cast<std::size_t>(c.hi - c.lo), 0);
  std::vector<std::size_t> image = unrank(c.lo, n);
  for (std::uint64_t r = c.lo; r < c.hi; ++r) {
    // NOTE: the rank is recomputed from the image actually checked, not taken from the loop counter,
    // so a skipped or repeated permutation shows up in `distinct` (see sweep()).
    const std::uint64_t visited = rank_of(image);
    if (visited >= c.lo && visited < c.hi) {
      auto& s = c.seen[static_cast<std::size_t>(visited - c.lo)];
      if (s < 255) ++s;
    } else {
      ++c.out_of_range;
    }
    const permutation p(image);
    const auto [got, want] = verify::sides<T>(law, g, inputs, p, fx);
    ++c.checked;
    const verify::comparison same = verify::compare(got, want, verify::equality<T>(), "f(PX)", "P·f(X)");
    if (!same.held) {
      ++c.failures;
      if (!c.first_rank) {
        c.first_rank = visited;
        c.first_image = image;
        c.first_detail = same.why;
      }
    }
    std::next_permutation(image.begin(), image.end());
  }
}

}  // namespace detail

/// The number of threads a sweep uses by default: 2, or 1 on a single-core machine.
inline unsigned default_sweep_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 1 ? 1u : 2u;
}

/// Compares f(PX) with P·f(X) (`==`, entry by entry) for every P ∈ Sₙ, n = x.rows(); f(X) is computed
/// once. The ranks 0..n!−1 are split into `threads` contiguous ranges, one per thread; the result does
/// not depend on `threads` (counts add up; the first failure is the one of lowest rank).
/// `f` is called concurrently and must be safe to call so (the library's attention is: GMP is reentrant).
/// An exception from f is rethrown (it is an error, never a counterexample).
template <Scalar T, class F>
  requires std::is_invocable_r_v<Matrix<T>, const F&, const Matrix<T>&>
sweep_result sweep(const Matrix<T>& x, const F& f, unsigned threads = default_sweep_threads()) {
  static_assert(scalar_traits<T>::is_exact, "a sweep compares with ==, which means equal only for exact scalars");
  const auto n = static_cast<std::size_t>(x.rows());
  if (n < 1 || n > max_sweep_rows)
    throw configuration_error("a sweep over S_n needs 1 <= n <= " + std::to_string(max_sweep_rows) + ", got n = " +
                              std::to_string(n));
  if (threads < 1) throw configuration_error("a sweep needs at least one thread, got 0");
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  sweep_result res;
  res.n = n;
  res.permutations = factorial(n);
  res.threads = static_cast<unsigned>(std::min<std::uint64_t>(threads, res.permutations));
  const Matrix<T> fx = f(x);
  std::vector<detail::chunk> chunks(res.threads);
  for (unsigned t = 0; t < res.threads; ++t) {
    chunks[t].lo = res.permutations * t / res.threads;
    chunks[t].hi = res.permutations * (t + 1) / res.threads;
  }
  auto work = [&](detail::chunk& c) {
    try {
      detail::run_chunk(x, fx, f, c);
    } catch (...) {
      c.error = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < res.threads; ++t) pool.emplace_back(work, std::ref(chunks[t]));
  work(chunks[0]);
  for (auto& th : pool) th.join();
  for (auto& c : chunks)
    if (c.error) std::rethrow_exception(c.error);
  for (const auto& c : chunks) {
    res.checked += c.checked;
    res.failures += c.failures;
    for (auto s : c.seen) res.distinct += s > 0;
    if (c.first_rank && !res.first_failure) {  // chunks are in rank order
      res.first_failure = permutation(c.first_image);
      res.first_failure_rank = *c.first_rank;
      res.first_failure_detail = c.first_detail;
    }
  }
  // NOTE: n! visits with a repeated rank leave some rank unvisited, so distinct < n!: complete() is false.
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  res.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return res;
}

}  // namespace orderblind::exhaustive
