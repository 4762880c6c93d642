// SPDX-License-Identifier: MIT
#pragma once
/// The library's one index type, and the checked conversions at its boundaries.
///
/// Matrix dimensions, token positions, row and column indices and loop counters are all
/// `Eigen::Index` (signed; std::ptrdiff_t). Counts that arrive as std::size_t (a user-facing count
/// such as a head count, a file's shape, a permutation's image) enter through `to_index`, once per
/// boundary; an index that must size a std::vector leaves through `to_size`. Both throw
/// index_range_error rather than wrap. A container's own size is read as `std::ssize(v)`, which is
/// signed already, and a container is read at a signed loop counter through `at_index(v, i)`.
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

/// `v[i]` for a std::vector (or any container with operator[](size_type)) at an Eigen::Index `i`.
/// `i` is a loop counter in 0..std::ssize(v)-1, so the conversion is exact; an assert checks it in
/// debug builds (not in release: this is the inner loop of the kernels, as vector::operator[] is).
template <class V>
constexpr decltype(auto) at_index(V&& v, Eigen::Index i) {
  assert(i >= 0 && i < std::ssize(v));
  return std::forward<V>(v)[static_cast<std::size_t>(i)];
}

}  // namespace orderblind
