// SPDX-License-Identifier: MIT
#pragma once
/// The library's one index type, and the checked conversions at its boundaries.
///
/// Matrix dimensions, token positions, row and column indices and loop counters are all
/// `Eigen::Index` (signed; std::ptrdiff_t). Counts that arrive as std::size_t (a user-facing count
/// such as a head count, a file's shape, a permutation's image) enter through `to_index`, once per
/// boundary; an index that must size or address a std::vector leaves through `to_size`. Both throw
/// index_range_error rather than wrap. A container's own size is read as `std::ssize(v)`, which is
/// signed already. Scratch buffers of the kernels are `index_vector`s, addressed by the same
/// signed counters as the matrices.
// NOTE: the alias is not spelled `orderblind::index`: a local variable of that name inside
// namespace orderblind (there is one in proofs/) would then shadow it and trip -Wshadow.
#include <Eigen/Core>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/errors.hpp"

namespace orderblind {

/// `n` as an Eigen::Index; throws index_range_error naming `what` when it does not fit.
template <std::integral N>
constexpr Eigen::Index to_index(N n, const char* what) {
  if (!std::in_range<Eigen::Index>(n))
    throw index_range_error(std::string(what) + " is " + std::to_string(n) +
                            ", which does not fit the library's index type (Eigen::Index, at most " +
                            std::to_string(std::numeric_limits<Eigen::Index>::max()) + ")");
  return static_cast<Eigen::Index>(n);
}

/// `i` as a std::size_t (to size or address a container); throws index_range_error naming `what`
/// when it is negative (or does not fit).
template <std::integral N>
constexpr std::size_t to_size(N i, const char* what) {
  if (!std::in_range<std::size_t>(i))
    throw index_range_error(std::string(what) + " is " + std::to_string(i) +
                            ", which is not a valid size or position (negative or too large)");
  return static_cast<std::size_t>(i);
}

/// `v[i]` for a std::vector (or any container with operator[](size_type)) read at an Eigen::Index.
/// `i` is a non-negative loop counter below std::ssize(v) (checked in debug builds only: this is
/// the hot path of the kernels).
template <class V>
constexpr decltype(auto) entry(V&& v, Eigen::Index i) {
  assert(i >= 0 && i < std::ssize(v));
  return std::forward<V>(v)[static_cast<std::size_t>(i)];
}

/// A std::vector addressed by Eigen::Index: the scratch buffers of the kernels, indexed by the
/// same signed counters as the matrices they are computed from.
template <class T>
class index_vector {
 public:
  index_vector() = default;
  /// `n` value-initialised entries; throws index_range_error when n < 0.
  explicit index_vector(Eigen::Index n) : v_(to_size(n, "a buffer's length")) {}
  index_vector(Eigen::Index n, const T& value) : v_(to_size(n, "a buffer's length"), value) {}

  void resize(Eigen::Index n) { v_.resize(to_size(n, "a buffer's length")); }
  void assign(Eigen::Index n, const T& value) { v_.assign(to_size(n, "a buffer's length"), value); }
  void reserve(Eigen::Index n) { v_.reserve(to_size(n, "a buffer's capacity")); }
  Eigen::Index size() const { return std::ssize(v_); }
  bool empty() const { return v_.empty(); }

  decltype(auto) operator[](Eigen::Index i) { return entry(v_, i); }
  decltype(auto) operator[](Eigen::Index i) const { return entry(v_, i); }
  T* data() { return v_.data(); }
  const T* data() const { return v_.data(); }
  auto begin() { return v_.begin(); }
  auto end() { return v_.end(); }
  auto begin() const { return v_.begin(); }
  auto end() const { return v_.end(); }
  void push_back(T x) { v_.push_back(std::move(x)); }

  /// The underlying std::vector (for APIs that take one).
  const std::vector<T>& vector() const { return v_; }
  std::vector<T>& vector() { return v_; }

  bool operator==(const index_vector&) const = default;

 private:
  std::vector<T> v_;
};

}  // namespace orderblind
