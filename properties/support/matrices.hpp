// SPDX-License-Identifier: MIT
#pragma once
/// RapidCheck generators of matrices (exact rational, multiprecision and double) and their shapes.
#include <rapidcheck.h>

#include <utility>
#include <vector>

#include "orderblind/matrix.hpp"
#include "properties/support/scalars.hpp"

namespace orderblind::properties {

/// A rows × cols matrix whose entries come from `entry`. Shrinks entry by entry (toward zeros and
/// small integers with the default entry generators); the shape is fixed.
template <Scalar T>
rc::Gen<Matrix<T>> gen_matrix(Eigen::Index rows, Eigen::Index cols, rc::Gen<T> entry = gen_entry<T>()) {
  if (rows < 0 || cols < 0)
    throw configuration_error("gen_matrix: a shape cannot be negative, got " + std::to_string(rows) + "x" +
                              std::to_string(cols));
  return rc::gen::map(rc::gen::container<std::vector<T>>(static_cast<std::size_t>(rows * cols), std::move(entry)),
                      [rows, cols](const std::vector<T>& v) {
                        Matrix<T> m(rows, cols);
                        for (Eigen::Index i = 0; i < rows; ++i)
                          for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = v[static_cast<std::size_t>(i * cols + j)];
                        return m;
                      });
}

/// A 1 × cols row (a bias, a gain, a position vector).
template <Scalar T>
rc::Gen<Matrix<T>> gen_row(Eigen::Index cols, rc::Gen<T> entry = gen_entry<T>()) {
  return gen_matrix<T>(1, cols, std::move(entry));
}

/// A shape (rows, cols) with min_* ≤ rows ≤ max_rows and min_* ≤ cols ≤ max_cols, each uniform, and
/// shrinking toward fewer rows, then fewer columns.
inline rc::Gen<std::pair<Eigen::Index, Eigen::Index>> gen_shape(Eigen::Index max_rows, Eigen::Index max_cols,
                                                                Eigen::Index min_rows = 1,
                                                                Eigen::Index min_cols = 1) {
  if (min_rows < 0 || min_cols < 0 || max_rows < min_rows || max_cols < min_cols)
    throw configuration_error("gen_shape: need 0 <= min <= max for rows and columns");
  return full_range(rc::gen::pair(rc::gen::inRange<Eigen::Index>(min_rows, max_rows + 1),
                                  rc::gen::inRange<Eigen::Index>(min_cols, max_cols + 1)));
}

/// A matrix of random shape within the bounds. Shrinks the shape first (fewer rows/columns), then the
/// entries.
template <Scalar T>
rc::Gen<Matrix<T>> gen_any_matrix(Eigen::Index max_rows, Eigen::Index max_cols, Eigen::Index min_rows = 1,
                                  Eigen::Index min_cols = 1, rc::Gen<T> entry = gen_entry<T>()) {
  return rc::gen::mapcat(gen_shape(max_rows, max_cols, min_rows, min_cols),
                         [entry](const std::pair<Eigen::Index, Eigen::Index>& s) {
                           return gen_matrix<T>(s.first, s.second, entry);
                         });
}

/// An exact rational matrix (p/q entries, |p| ≤ 9, 1 ≤ q ≤ 9) of the given shape.
template <Scalar T>
rc::Gen<Matrix<T>> gen_rational_matrix(Eigen::Index rows, Eigen::Index cols, rational_bounds b = {}) {
  static_assert(scalar_traits<T>::is_exact, "gen_rational_matrix is for exact scalars; use gen_real_matrix");
  return gen_matrix<T>(rows, cols, gen_rational<T>(b));
}

/// A real (double / multiprecision) matrix of the given shape; entries as `gen_real`.
template <Scalar T>
rc::Gen<Matrix<T>> gen_real_matrix(Eigen::Index rows, Eigen::Index cols, real_options o = {}) {
  static_assert(!scalar_traits<T>::is_exact, "gen_real_matrix is for real scalars; use gen_rational_matrix");
  return gen_matrix<T>(rows, cols, gen_real<T>(o));
}

}  // namespace orderblind::properties
