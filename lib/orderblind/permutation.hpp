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

#include "orderblind/index.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {

/// A bijection of {0, …, n-1}.
// NOTE: the image is held as Eigen::Index, the type of the rows and columns it permutes; the
// std::size_t constructor, image(), size() and operator() are the container-facing boundary and
// convert once, through to_index / to_size.
class permutation {
 public:
  /// Validates that `image` is a bijection of 0..n-1; throws not_a_permutation_error otherwise.
  explicit permutation(std::vector<std::size_t> image) {
    image_.reserve(image.size());
    for (const std::size_t v : image) {
      if (!std::in_range<Eigen::Index>(v))  // out of range for any n the index type can count
        throw not_a_permutation_error("not a permutation of 0.." + std::to_string(image.size() - 1) + ": entry " +
                                      std::to_string(image_.size()) + " is " + std::to_string(v) + ", out of range");
      image_.push_back(to_index(v, "a permutation's entry"));
    }
    validate();
  }

  /// Same, from signed integers (negative entries are rejected with a message, not wrapped).
  static permutation from_signed(const std::vector<long long>& image) {
    std::vector<Eigen::Index> v;
    v.reserve(image.size());
    for (const long long x : image) v.push_back(to_index(x, "a permutation's entry"));
    return checked(std::move(v));
  }

  /// The identity on n points.
  static permutation identity(Eigen::Index n) {
    std::vector<Eigen::Index> v(to_size(n, "the number of points of a permutation"));
    std::iota(v.begin(), v.end(), Eigen::Index{0});
    return checked(std::move(v));
  }
  /// i ↦ n-1-i.
  static permutation reversal(Eigen::Index n) {
    std::vector<Eigen::Index> v(to_size(n, "the number of points of a permutation"));
    for (Eigen::Index i = 0; i < n; ++i) at_index(v, i) = n - 1 - i;
    return checked(std::move(v));
  }
  /// Swaps i and j.
  static permutation transposition(Eigen::Index n, Eigen::Index i, Eigen::Index j) {
    auto p = identity(n).image_;
    if (i < 0 || j < 0 || i >= n || j >= n)
      throw not_a_permutation_error("transposition (" + std::to_string(i) + " " + std::to_string(j) +
                                    ") is out of range for n = " + std::to_string(n));
    std::swap(at_index(p, i), at_index(p, j));
    return checked(std::move(p));
  }
  /// The cycle c0 → c1 → … → c0 (π(c_k) = c_{k+1}); other points fixed.
  static permutation cycle(Eigen::Index n, const std::vector<std::size_t>& c) {
    auto p = identity(n).image_;
    std::vector<bool> used(p.size(), false);
    // NOTE: `c` is a container of std::size_t points, so it is walked and bounds-checked in its own type.
    for (std::size_t k = 0; k < c.size(); ++k) {
      if (c[k] >= p.size() || used[c[k]])
        throw not_a_permutation_error("cycle has a repeated or out-of-range point " + std::to_string(c[k]) +
                                      " (n = " + std::to_string(n) + ")");
      used[c[k]] = true;
      p[c[k]] = to_index(c[(k + 1) % c.size()], "a cycle's point");
    }
    return checked(std::move(p));
  }
  /// Reads a permutation matrix; throws unless it is square with one 1 per row and column, else 0.
  template <Scalar T>
  static permutation from_matrix(const Matrix<T>& m) {
    if (m.rows() != m.cols())
      throw not_a_permutation_error("a permutation matrix is square; this one is " + shape_of(m));
    std::vector<Eigen::Index> img(to_size(m.rows(), "a matrix's rows"), 0);
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      int ones = 0;
      for (Eigen::Index j = 0; j < m.cols(); ++j) {
        if (m(i, j) == T(1)) {
          ++ones;
          at_index(img, i) = j;
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
    return checked(std::move(img));  // validate() rejects a repeated column
  }

  /// The number of points.
  std::size_t size() const { return image_.size(); }
  /// The number of points, as the index type of the matrices it permutes.
  Eigen::Index points() const { return std::ssize(image_); }
  /// π(i) (throws std::out_of_range when i >= size()).
  std::size_t operator()(std::size_t i) const { return to_size(image_.at(i), "a permutation's entry"); }
  /// π(i) for a row or column index i in 0..points()-1.
  Eigen::Index at(Eigen::Index i) const { return at_index(image_, i); }
  /// The images π(0), …, π(n-1).
  std::vector<std::size_t> image() const {
    std::vector<std::size_t> v;
    v.reserve(image_.size());
    for (const Eigen::Index x : image_) v.push_back(to_size(x, "a permutation's entry"));
    return v;
  }
  bool is_identity() const {
    for (Eigen::Index i = 0; i < points(); ++i)
      if (at(i) != i) return false;
    return true;
  }
  bool operator==(const permutation&) const = default;

  /// π⁻¹ (its matrix is Pᵀ).
  permutation inverse() const {
    std::vector<Eigen::Index> inv(image_.size());
    for (Eigen::Index i = 0; i < points(); ++i) at_index(inv, at(i)) = i;
    return checked(std::move(inv));
  }
  /// this ∘ other: first apply `other`'s row shuffle, then this one (matrix P_this · P_other).
  permutation then_after(const permutation& other) const {
    require_size(other.points(), "compose with");
    std::vector<Eigen::Index> v(image_.size());
    // (P_a P_b X).row(i) = (P_b X).row(a(i)) = X.row(b(a(i)))
    for (Eigen::Index i = 0; i < points(); ++i) at_index(v, i) = other.at(at(i));
    return checked(std::move(v));
  }

  /// P X: row i of the result is row π(i) of X.
  template <class M>
  M apply_rows(const M& x) const {
    require_size(x.rows(), "permute the rows of a matrix with this many rows:");
    M out(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < points(); ++i) out.row(i) = x.row(at(i));
    return out;
  }
  /// P X for a matrix about to be discarded: the rows are moved into place (no copy of an entry).
  // NOTE: swaps along each cycle of π: after the swap at i, row i holds the old row π(i); the old row
  // of the cycle's start travels along and lands at the cycle's last position, whose π is the start.
  // For multiprecision entries a swap exchanges pointers, where a copy allocates.
  template <class M>
    requires(!std::is_reference_v<M> && std::is_base_of_v<Eigen::PlainObjectBase<M>, M>)
  M apply_rows(M&& x) const {
    require_size(x.rows(), "permute the rows of a matrix with this many rows:");
    std::vector<bool> done(image_.size(), false);
    for (Eigen::Index start = 0; start < points(); ++start) {
      if (at_index(done, start)) continue;
      at_index(done, start) = true;
      for (Eigen::Index i = start; !at_index(done, at(i)); i = at(i)) {
        x.row(i).swap(x.row(at(i)));
        at_index(done, at(i)) = true;
      }
    }
    return std::move(x);
  }
  /// X Pᵀ: column i of the result is column π(i) of X (what Pᵀ does to a row vector of scores).
  template <class M>
  M apply_cols(const M& x) const {
    require_size(x.cols(), "permute the columns of a matrix with this many columns:");
    M out(x.rows(), x.cols());
    for (Eigen::Index j = 0; j < points(); ++j) out.col(j) = x.col(at(j));
    return out;
  }
  /// The permutation matrix P with P(i, π(i)) = 1.
  template <Scalar T>
  Matrix<T> matrix() const {
    const Eigen::Index n = points();
    Matrix<T> p(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) p(i, j) = T(0);
    for (Eigen::Index i = 0; i < n; ++i) p(i, at(i)) = T(1);
    return p;
  }
  /// Cycle notation of the map i ↦ π(i), fixed points omitted: "(0 2)", "()" for the identity.
  std::string cycles() const {
    std::string s;
    std::vector<bool> done(image_.size(), false);
    for (Eigen::Index i = 0; i < points(); ++i) {
      if (at_index(done, i) || at(i) == i) continue;
      s += "(";
      for (Eigen::Index j = i; !at_index(done, j); j = at(j)) {
        if (j != i) s += " ";
        s += std::to_string(j);
        at_index(done, j) = true;
      }
      s += ")";
    }
    return s.empty() ? "()" : s;
  }

 private:
  // NOTE: a tagged constructor, not a one-argument one: permutation({2, 1, 0}) and permutation({})
  // must stay unambiguous.
  struct from_index_tag {};
  permutation(from_index_tag, std::vector<Eigen::Index> image) : image_(std::move(image)) { validate(); }
  static permutation checked(std::vector<Eigen::Index> image) { return permutation(from_index_tag{}, std::move(image)); }

  void validate() const {
    std::vector<bool> seen(image_.size(), false);
    for (Eigen::Index i = 0; i < points(); ++i) {
      const Eigen::Index v = at(i);
      if (v < 0)
        throw not_a_permutation_error("not a permutation: entry " + std::to_string(i) + " is " +
                                      std::to_string(v) + ", negative");
      if (v >= points())
        throw not_a_permutation_error("not a permutation of 0.." + std::to_string(points() - 1) +
                                      ": entry " + std::to_string(i) + " is " + std::to_string(v) +
                                      ", out of range");
      if (at_index(seen, v))
        throw not_a_permutation_error("not a permutation: " + std::to_string(v) +
                                      " appears twice (again at entry " + std::to_string(i) + ")");
      at_index(seen, v) = true;
    }
  }
  void require_size(Eigen::Index n, const char* what) const {
    if (n != points())
      throw shape_error(std::string("a permutation of ") + std::to_string(points()) + " points cannot " +
                        what + " " + std::to_string(n));
  }
  std::vector<Eigen::Index> image_;
};

}  // namespace orderblind
