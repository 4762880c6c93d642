// SPDX-License-Identifier: MIT
#pragma once
/// Permutations of token positions, validated on construction.
///
/// Convention: the permutation π acts on rows as (P X).row(i) = X.row(π(i)), so its matrix has
/// P(i, π(i)) = 1. "Reverse three rows" is π = (2, 1, 0), the P of text 001, Appendix A.1.
#include <cstddef>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "orderblind/matrix.hpp"

namespace orderblind {

/// A bijection of {0, …, n-1}.
class permutation {
 public:
  /// Validates that `image` is a bijection of 0..n-1; throws not_a_permutation_error otherwise.
  explicit permutation(std::vector<std::size_t> image) : image_(std::move(image)) {
    std::vector<bool> seen(image_.size(), false);
    for (std::size_t i = 0; i < image_.size(); ++i) {
      const auto v = image_[i];
      if (v >= image_.size())
        throw not_a_permutation_error("not a permutation of 0.." + std::to_string(image_.size() - 1) +
                                      ": entry " + std::to_string(i) + " is " + std::to_string(v) +
                                      ", out of range");
      if (seen[v])
        throw not_a_permutation_error("not a permutation: " + std::to_string(v) +
                                      " appears twice (again at entry " + std::to_string(i) + ")");
      seen[v] = true;
    }
  }

  /// Same, from signed integers (negative entries are rejected with a message, not wrapped).
  static permutation from_signed(const std::vector<long long>& image) {
    std::vector<std::size_t> u;
    for (std::size_t i = 0; i < image.size(); ++i) {
      if (image[i] < 0)
        throw not_a_permutation_error("not a permutation: entry " + std::to_string(i) + " is " +
                                      std::to_string(image[i]) + ", negative");
      u.push_back(static_cast<std::size_t>(image[i]));
    }
    return permutation(std::move(u));
  }

  /// The identity on n points.
  static permutation identity(std::size_t n) {
    std::vector<std::size_t> v(n);
    std::iota(v.begin(), v.end(), std::size_t{0});
    return permutation(std::move(v));
  }
  /// i ↦ n-1-i.
  static permutation reversal(std::size_t n) {
    std::vector<std::size_t> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = n - 1 - i;
    return permutation(std::move(v));
  }
  /// Swaps i and j.
  static permutation transposition(std::size_t n, std::size_t i, std::size_t j) {
    auto p = identity(n).image_;
    if (i >= n || j >= n)
      throw not_a_permutation_error("transposition (" + std::to_string(i) + " " + std::to_string(j) +
                                    ") is out of range for n = " + std::to_string(n));
    std::swap(p[i], p[j]);
    return permutation(std::move(p));
  }
  /// The cycle c0 → c1 → … → c0 (π(c_k) = c_{k+1}); other points fixed.
  static permutation cycle(std::size_t n, const std::vector<std::size_t>& c) {
    auto p = identity(n).image_;
    std::vector<bool> used(n, false);
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (c[k] >= n || used[c[k]])
        throw not_a_permutation_error("cycle has a repeated or out-of-range point " + std::to_string(c[k]) +
                                      " (n = " + std::to_string(n) + ")");
      used[c[k]] = true;
      p[c[k]] = c[(k + 1) % c.size()];
    }
    return permutation(std::move(p));
  }
  /// Reads a permutation matrix; throws unless it is square with one 1 per row and column, else 0.
  template <Scalar T>
  static permutation from_matrix(const Matrix<T>& m) {
    if (m.rows() != m.cols())
      throw not_a_permutation_error("a permutation matrix is square; this one is " + shape_of(m));
    std::vector<std::size_t> img(static_cast<std::size_t>(m.rows()), 0);
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      int ones = 0;
      for (Eigen::Index j = 0; j < m.cols(); ++j) {
        if (m(i, j) == T(1)) {
          ++ones;
          img[static_cast<std::size_t>(i)] = static_cast<std::size_t>(j);
        } else if (!(m(i, j) == T(0))) {
          throw not_a_permutation_error("not a permutation matrix: entry (" + std::to_string(i) + "," +
                                        std::to_string(j) + ") is " + format_scalar(m(i, j)) +
                                        ", not 0 or 1");
        }
      }
      if (ones != 1)
        throw not_a_permutation_error("not a permutation matrix: row " + std::to_string(i) + " has " +
                                      std::to_string(ones) + " ones");
    }
    return permutation(std::move(img));  // the constructor rejects a repeated column
  }

  std::size_t size() const { return image_.size(); }
  /// π(i).
  std::size_t operator()(std::size_t i) const { return image_.at(i); }
  const std::vector<std::size_t>& image() const { return image_; }
  bool is_identity() const {
    for (std::size_t i = 0; i < image_.size(); ++i)
      if (image_[i] != i) return false;
    return true;
  }
  bool operator==(const permutation&) const = default;

  /// π⁻¹ (its matrix is Pᵀ).
  permutation inverse() const {
    std::vector<std::size_t> inv(image_.size());
    for (std::size_t i = 0; i < image_.size(); ++i) inv[image_[i]] = i;
    return permutation(std::move(inv));
  }
  /// this ∘ other: first apply `other`'s row shuffle, then this one (matrix P_this · P_other).
  permutation then_after(const permutation& other) const {
    require_size(other.size(), "compose with");
    std::vector<std::size_t> v(image_.size());
    // (P_a P_b X).row(i) = (P_b X).row(a(i)) = X.row(b(a(i)))
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = other.image_[image_[i]];
    return permutation(std::move(v));
  }

  /// P X: row i of the result is row π(i) of X.
  template <class M>
  M apply_rows(const M& x) const {
    require_size(static_cast<std::size_t>(x.rows()), "permute the rows of a matrix with this many rows:");
    M out(x.rows(), x.cols());
    for (std::size_t i = 0; i < image_.size(); ++i)
      out.row(static_cast<Eigen::Index>(i)) = x.row(static_cast<Eigen::Index>(image_[i]));
    return out;
  }
  /// P X for a matrix about to be discarded: the rows are moved into place (no copy of an entry).
  // NOTE: swaps along each cycle of π: after the swap at i, row i holds the old row π(i); the old row
  // of the cycle's start travels along and lands at the cycle's last position, whose π is the start.
  // For multiprecision entries a swap exchanges pointers, where a copy allocates.
  template <class M>
    requires(!std::is_reference_v<M> && std::is_base_of_v<Eigen::PlainObjectBase<M>, M>)
  M apply_rows(M&& x) const {
    require_size(static_cast<std::size_t>(x.rows()), "permute the rows of a matrix with this many rows:");
    std::vector<bool> done(image_.size(), false);
    for (std::size_t start = 0; start < image_.size(); ++start) {
      if (done[start]) continue;
      done[start] = true;
      for (std::size_t i = start; !done[image_[i]]; i = image_[i]) {
        x.row(static_cast<Eigen::Index>(i)).swap(x.row(static_cast<Eigen::Index>(image_[i])));
        done[image_[i]] = true;
      }
    }
    return std::move(x);
  }
  /// X Pᵀ: column i of the result is column π(i) of X (what Pᵀ does to a row vector of scores).
  template <class M>
  M apply_cols(const M& x) const {
    require_size(static_cast<std::size_t>(x.cols()), "permute the columns of a matrix with this many columns:");
    M out(x.rows(), x.cols());
    for (std::size_t j = 0; j < image_.size(); ++j)
      out.col(static_cast<Eigen::Index>(j)) = x.col(static_cast<Eigen::Index>(image_[j]));
    return out;
  }
  /// The permutation matrix P with P(i, π(i)) = 1.
  template <Scalar T>
  Matrix<T> matrix() const {
    const auto n = static_cast<Eigen::Index>(image_.size());
    Matrix<T> p(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) p(i, j) = T(0);
    for (std::size_t i = 0; i < image_.size(); ++i)
      p(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(image_[i])) = T(1);
    return p;
  }
  /// Cycle notation of the map i ↦ π(i), fixed points omitted: "(0 2)", "()" for the identity.
  std::string cycles() const {
    std::string s;
    std::vector<bool> done(image_.size(), false);
    for (std::size_t i = 0; i < image_.size(); ++i) {
      if (done[i] || image_[i] == i) continue;
      s += "(";
      for (std::size_t j = i; !done[j]; j = image_[j]) {
        if (j != i) s += " ";
        s += std::to_string(j);
        done[j] = true;
      }
      s += ")";
    }
    return s.empty() ? "()" : s;
  }

 private:
  void require_size(std::size_t n, const char* what) const {
    if (n != image_.size())
      throw shape_error(std::string("a permutation of ") + std::to_string(image_.size()) + " points cannot " +
                        what + " " + std::to_string(n));
  }
  std::vector<std::size_t> image_;
};

}  // namespace orderblind
