// SPDX-License-Identifier: MIT
#pragma once
/// Row reduction over any Scalar (exact `==` for rationals, a pivot threshold for reals): fitting a
/// linear map to samples (shift-linearity) and nullspaces (relative-expressibility).
#include <cstddef>
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// The result of reducing rows[i][0..left) to reduced row-echelon form (the columns past `left` ride along).
template <Scalar T>
struct reduction {
  std::vector<std::vector<T>> rows;  ///< reduced rows (pivot rows first)
  std::vector<std::size_t> origin;   ///< original index of each reduced row
  std::vector<std::size_t> pivots;   ///< pivot column of reduced row r, r < rank
  T smallest_pivot = T(0), largest_pivot = T(0);
  std::size_t rank() const { return pivots.size(); }
};

/// Gauss–Jordan with largest-magnitude pivots; an entry with |x| ≤ zero_tol counts as zero (0 for exact).
template <Scalar T>
reduction<T> row_reduce(std::vector<std::vector<T>> rows, std::size_t left, const T& zero_tol) {
  reduction<T> r;
  r.origin.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) r.origin[i] = i;
  std::size_t row = 0;
  for (std::size_t col = 0; col < left && row < rows.size(); ++col) {
    std::size_t best = rows.size();
    T best_mag = zero_tol;
    for (std::size_t i = row; i < rows.size(); ++i) {
      T mag = abs_value(rows[i][col]);
      if (best_mag < mag) {
        best = i;
        best_mag = mag;
        if constexpr (scalar_traits<T>::is_exact) break;  // NOTE: exact: any nonzero pivot will do.
      }
    }
    if (best == rows.size()) continue;
    std::swap(rows[row], rows[best]);
    std::swap(r.origin[row], r.origin[best]);
    const T piv = rows[row][col];
    if (r.pivots.empty() || abs_value(piv) < r.smallest_pivot) r.smallest_pivot = abs_value(piv);
    if (r.largest_pivot < abs_value(piv)) r.largest_pivot = abs_value(piv);
    for (auto& x : rows[row]) x = T(x / piv);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (i == row || rows[i][col] == T(0)) continue;
      const T f = rows[i][col];
      for (std::size_t j = 0; j < rows[i].size(); ++j) rows[i][j] = T(rows[i][j] - f * rows[row][j]);
    }
    r.pivots.push_back(col);
    ++row;
  }
  r.rows = std::move(rows);
  return r;
}

/// A linear map T (d_out × d_in, as rows) with T·a_j = b_j for every sample j, or the first sample that
/// no linear map can satisfy together with the others.
template <Scalar T>
struct linear_fit {
  bool consistent = false;
  std::size_t inconsistent_sample = 0;  ///< when !consistent
  Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> map;  ///< T, d_out × d_in
  T condition = T(1);                   ///< largest / smallest pivot (1 for exact)
};

/// Fit T with T a_j = b_j (free directions of T are set to 0).
template <Scalar T>
linear_fit<T> fit_linear_map(const std::vector<vec<T>>& a, const std::vector<vec<T>>& b, const T& zero_tol) {
  const std::size_t din = a.empty() ? 0 : a[0].size(), dout = b.empty() ? 0 : b[0].size();
  std::vector<std::vector<T>> rows;
  for (std::size_t j = 0; j < a.size(); ++j) {
    std::vector<T> row = a[j];
    row.insert(row.end(), b[j].begin(), b[j].end());
    rows.push_back(std::move(row));
  }
  auto red = row_reduce(rows, din, zero_tol);
  linear_fit<T> fit;
  // NOTE: the right-hand sides of rows past the rank are what is left of b_j after removing the part
  // explained by earlier samples; for a consistent system they vanish (exactly, or to the pivot threshold
  // scaled by the condition).
  if (!(red.smallest_pivot == T(0))) fit.condition = T(red.largest_pivot / red.smallest_pivot);
  T tol = T(zero_tol * fit.condition);
  for (std::size_t r = red.rank(); r < red.rows.size(); ++r)
    for (std::size_t j = din; j < din + dout; ++j)
      if (tol < abs_value(red.rows[r][j])) {
        fit.inconsistent_sample = red.origin[r];
        return fit;
      }
  fit.consistent = true;
  fit.map = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>::Constant(to_index(dout, "d_out"), to_index(din, "d_in"), T(0));
  for (std::size_t r = 0; r < red.rank(); ++r)
    for (std::size_t i = 0; i < dout; ++i) fit.map(to_index(i, "a row"), to_index(red.pivots[r], "a pivot")) = red.rows[r][din + i];
  return fit;
}

/// T·x_j for every sample x_j (each of map.cols() entries), as one matrix product.
// NOTE: Eigen's product, not a loop of dots: d samples of width d (a query/key scheme's basis images at
// one position) cost d³, and a width-448 scheme spent 16 s in index-order dots; the blocked kernel is
// several times faster. Its summation order differs from index order; the rounding bound of a d-term
// sum, γ_d·Σ_j|t_ij x_j|, holds for any order, so the error the callers' tolerances were set against is
// bounded the same way; exact scalars are unaffected.
// NOTE: samples mostly of exact zeros (a rotary scheme's basis images: a rotated e_j has two nonzero
// entries in d) are multiplied column by column over their nonzero entries only: d·nnz multiply-adds
// instead of d², the same value in exact arithmetic and the same terms summed in floating point (t·0 = 0
// exactly for a finite t, and s + 0 = s; an infinite t would have made the skipped term NaN: the battery
// refuses a fitted map that is not finite before it maps anything). mpfr100 shift-linearity of the d = 32
// rotary rows spent most of its time multiplying zeros.
template <Scalar T>
std::vector<vec<T>> apply_map(const Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>& map, const std::vector<vec<T>>& xs) {
  const T zero(0);
  const std::size_t din = static_cast<std::size_t>(map.cols());
  std::size_t nonzero = 0;
  for (const auto& v : xs)
    for (std::size_t i = 0; i < din; ++i) nonzero += !(v[i] == zero);
  if (4 * nonzero <= din * xs.size()) {
    std::vector<vec<T>> out(xs.size(), vec<T>(static_cast<std::size_t>(map.rows()), zero));
    T term;
    for (std::size_t j = 0; j < xs.size(); ++j)
      for (std::size_t i = 0; i < din; ++i) {
        if (xs[j][i] == zero) continue;
        for (Eigen::Index r = 0; r < map.rows(); ++r) {
          term = map(r, static_cast<Eigen::Index>(i));
          term *= xs[j][i];
          out[j][static_cast<std::size_t>(r)] += term;
        }
      }
    return out;
  }
  Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> x(map.cols(), to_index(xs.size(), "the number of samples"));
  for (Eigen::Index j = 0; j < x.cols(); ++j)
    for (Eigen::Index i = 0; i < x.rows(); ++i) x(i, j) = xs[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
  Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> y(map.rows(), x.cols());
  y.noalias() = map * x;
  std::vector<vec<T>> out(xs.size());
  for (Eigen::Index j = 0; j < y.cols(); ++j)
    for (Eigen::Index i = 0; i < y.rows(); ++i) out[static_cast<std::size_t>(j)].push_back(y(i, j));
  return out;
}

/// A basis of {v : C v = 0} (C given by rows of `cols` entries).
template <Scalar T>
std::vector<vec<T>> nullspace(const std::vector<std::vector<T>>& c, std::size_t cols, const T& zero_tol) {
  auto red = row_reduce(c, cols, zero_tol);
  std::vector<bool> is_pivot(cols, false);
  for (auto p : red.pivots) is_pivot[p] = true;
  std::vector<vec<T>> basis;
  for (std::size_t f = 0; f < cols; ++f) {
    if (is_pivot[f]) continue;
    vec<T> v(cols, T(0));
    v[f] = T(1);
    for (std::size_t r = 0; r < red.rank(); ++r) v[red.pivots[r]] = T(-red.rows[r][f]);
    basis.push_back(std::move(v));
  }
  return basis;
}

}  // namespace orderblind::pe
