// SPDX-License-Identifier: MIT
#pragma once
/// Dense matrices over any Scalar, input validation, and the products the layers are built from.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "orderblind/errors.hpp"
#include "orderblind/fast/kernels/double_products.hpp"
#include "orderblind/scalar/traits.hpp"

namespace orderblind {

/// A dense row-major-indexed matrix; row i is token i.
template <class T>
using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

/// "3x4", for messages.
template <class M>
std::string shape_of(const M& m) {
  return std::to_string(m.rows()) + "x" + std::to_string(m.cols());
}

/// Throws empty_input_error when `m` has no rows or no columns.
template <class M>
void require_nonempty(const M& m, const char* what) {
  if (m.rows() == 0 || m.cols() == 0)
    throw empty_input_error(std::string(what) + " is empty (" + shape_of(m) +
                            "): a sequence needs at least one token and one dimension");
}

/// Throws non_finite_error naming the first NaN/Inf entry of `m` (no-op for exact types).
template <Scalar T>
void require_finite(const Matrix<T>& m, const char* what) {
  if constexpr (scalar_traits<T>::can_be_nonfinite) {
    if constexpr (std::is_same_v<T, double>) {
      if (fast::all_finite(m)) return;  // one vectorised pass; the loop below names the first bad entry
    }
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      for (Eigen::Index j = 0; j < m.cols(); ++j)
        if (!is_finite(m(i, j)))
          throw non_finite_error(std::string(what) + "(" + std::to_string(i) + "," + std::to_string(j) +
                                 ") is " + format_scalar(m(i, j)) + ": inputs must be finite");
  } else {
    (void)m;
    (void)what;
  }
}

/// Throws shape_error unless a.cols() == b.rows() (the product a*b is defined).
template <class A, class B>
void require_product(const A& a, const char* an, const B& b, const char* bn) {
  if (a.cols() != b.rows())
    throw shape_error(std::string("cannot multiply ") + an + " (" + shape_of(a) + ") by " + bn + " (" +
                      shape_of(b) + "): " + std::to_string(a.cols()) + " columns vs " +
                      std::to_string(b.rows()) + " rows");
}

/// Throws shape_error unless a and b have the same shape.
template <class A, class B>
void require_same_shape(const A& a, const char* an, const B& b, const char* bn) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    throw shape_error(std::string(an) + " is " + shape_of(a) + " but " + bn + " is " + shape_of(b) +
                      ": they must have the same shape");
}

/// Build a matrix from nested lists of anything T converts from (ints, doubles, T itself).
template <Scalar T, class U>
Matrix<T> from_rows(std::initializer_list<std::initializer_list<U>> rows) {
  const auto r = static_cast<Eigen::Index>(rows.size());
  const auto c = r ? static_cast<Eigen::Index>(rows.begin()->size()) : 0;
  Matrix<T> m(r, c);
  Eigen::Index i = 0;
  for (const auto& row : rows) {
    if (static_cast<Eigen::Index>(row.size()) != c)
      throw shape_error("row " + std::to_string(i) + " has " + std::to_string(row.size()) +
                        " entries but row 0 has " + std::to_string(c));
    Eigen::Index j = 0;
    for (const auto& v : row) m(i, j++) = T(v);
    ++i;
  }
  return m;
}

/// Convert every entry with T(U) (e.g. integer or rational matrices into a real type).
template <Scalar T, class U>
Matrix<T> cast_matrix(const Matrix<U>& m) {
  Matrix<T> out(m.rows(), m.cols());
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out(i, j) = T(m(i, j));
  return out;
}

/// How sums over the sequence axis are formed.
enum class summation {
  in_order,  ///< j = 0, 1, …, n-1: the textbook loop (the default)
  sorted     ///< terms sorted by value first: the result does not depend on the order of the rows
};

/// Sum a list of terms by the chosen policy. `sorted` needs an ordered type.
template <Scalar T>
T sum_terms(std::vector<T>& terms, summation how) {
  if (how == summation::sorted) {
    if constexpr (scalar_traits<T>::is_ordered) {
      // NOTE: a permutation of the rows permutes these terms; sorting maps every ordering of the same
      // multiset to one sequence, so the floating sum is bit-for-bit the same for every ordering.
      // A NaN term breaks `<`'s strict weak order (std::sort would be undefined behaviour), and the sum
      // is NaN in every order anyway: such a list is summed as it stands, never sorted.
      const bool has_nan = std::any_of(terms.begin(), terms.end(), [](const T& t) { return !(t == t); });
      if (!has_nan) std::sort(terms.begin(), terms.end(), [](const T& a, const T& b) { return a < b; });
    } else {
      throw unsupported_operation_error(std::string("sorted summation needs an ordered scalar; ") +
                                        scalar_traits<T>::name + " is not ordered");
    }
  }
  T s(0);
  for (const auto& t : terms) s += t;
  return s;
}

/// Product kernels. Specialise for a scalar to give it a faster exact kernel; the default is a plain
/// loop with a fixed summation order over the inner index.
// NOTE: not Eigen's GEMM: its blocking makes (PX)W and P(XW) differ in the last bits of double, and
// its generic product over MPFR is about twice as slow as this loop. Here every output entry is one
// dot product in index order, so row i of the result depends on row i of the left operand only.
// NOTE: for double each term is one IEEE 754 fusedMultiplyAdd, s = fma(a_ik, b_kj, s) (the library's
// definition of a double product; fast/kernels/double_products.hpp gives the same bits): one rounding per term
// instead of two. The float-error bounds built on γ_n still hold (enclosure/float_error.hpp says why).
template <Scalar T>
struct generic_product_kernels {
  /// s += a·b: one fused rounding for double, the type's own `s += a * b` otherwise.
  template <class A, class B>
  static void multiply_add(T& s, const A& a, const B& b) {
    if constexpr (std::is_same_v<T, double>)
      s = std::fma(a, b, s);
    else
      s += a * b;
  }
  /// a * b
  static Matrix<T> multiply(const Matrix<T>& a, const Matrix<T>& b) {
    Matrix<T> out(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      for (Eigen::Index j = 0; j < b.cols(); ++j) {
        T s(0);
        for (Eigen::Index k = 0; k < a.cols(); ++k) multiply_add(s, a(i, k), b(k, j));
        out(i, j) = s;
      }
    return out;
  }
  /// a * bᵀ
  static Matrix<T> multiply_transposed(const Matrix<T>& a, const Matrix<T>& b) {
    Matrix<T> out(a.rows(), b.rows());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
      for (Eigen::Index j = 0; j < b.rows(); ++j) {
        T s(0);
        for (Eigen::Index k = 0; k < a.cols(); ++k) multiply_add(s, a(i, k), b(j, k));
        out(i, j) = s;
      }
    return out;
  }
};

/// The kernels every product goes through: the generic loops unless a scalar specialises them (the
/// specialisation must give the same results: exactly for exact types, bitwise for the others).
template <Scalar T>
struct product_kernels : generic_product_kernels<T> {
  static_assert(!has_specialised_products<T>,
                "orderblind: this scalar's products are specialised in orderblind/scalar/multiprecision.hpp; include "
                "it (or orderblind/attention.hpp) in this translation unit (orderblind/scalar.hpp has the types only)");
};

/// double: the generic fma chain in index order, vectorised over the rows (fast/kernels/double_products.hpp, a
/// leaf that includes Eigen only). Here, beside the primary template, because double has no header of its
/// own: every translation unit that can instantiate product_kernels<double> sees it.
template <>
struct product_kernels<double> {
  static Matrix<double> multiply(const Matrix<double>& a, const Matrix<double>& b) {
    return fast::multiply_double(a, b, false);
  }
  static Matrix<double> multiply_transposed(const Matrix<double>& a, const Matrix<double>& b) {
    return fast::multiply_double(a, b, true);
  }
};

/// a * b, shape-checked.
template <Scalar T>
Matrix<T> multiply(const Matrix<T>& a, const Matrix<T>& b, const char* an = "A", const char* bn = "B") {
  require_product(a, an, b, bn);
  return product_kernels<T>::multiply(a, b);
}

/// a * bᵀ, shape-checked.
template <Scalar T>
Matrix<T> multiply_transposed(const Matrix<T>& a, const Matrix<T>& b, const char* an = "A",
                              const char* bn = "B") {
  if (a.cols() != b.cols())
    throw shape_error(std::string("cannot multiply ") + an + " (" + shape_of(a) + ") by the transpose of " +
                      bn + " (" + shape_of(b) + "): " + std::to_string(a.cols()) + " vs " +
                      std::to_string(b.cols()) + " columns");
  return product_kernels<T>::multiply_transposed(a, b);
}

}  // namespace orderblind
