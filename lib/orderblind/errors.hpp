// SPDX-License-Identifier: MIT
#pragma once
/// Typed exceptions thrown on bad input; every message names the shapes or values involved.
#include <stdexcept>
#include <string>

namespace orderblind {

/// Two operands whose shapes do not fit (e.g. X is 3x4 but W_Q is 3x3).
struct shape_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A sequence with no tokens, or a matrix with no columns.
struct empty_input_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A vector or matrix that is not a bijection of 0..n-1 / not a permutation matrix.
struct not_a_permutation_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A head count that does not divide d_model, a zero head count, and similar configuration faults.
struct configuration_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// NaN or infinity in floating input.
struct non_finite_error : std::domain_error {
  using std::domain_error::domain_error;
};

/// A count, size or position that does not fit the library's index type (Eigen::Index) or is
/// negative where a size is needed; thrown by to_index / to_size instead of a silent wrap.
struct index_range_error : std::out_of_range {
  using std::out_of_range::out_of_range;
};

/// An operation the scalar type cannot carry out exactly (e.g. 1/sqrt(3) over the rationals).
struct unsupported_operation_error : std::domain_error {
  using std::domain_error::domain_error;
};

}  // namespace orderblind
