// SPDX-License-Identifier: MIT
#pragma once
/// A matrix read from a user's file (`.npy` or CSV), kept as the doubles the file holds, and the error
/// the readers throw for a malformed file.
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind::io {

/// A file that cannot be read as a matrix; the message starts with the file's name, then the problem.
struct file_format_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Limits a reader enforces before it allocates anything.
struct read_limits {
  /// NOTE: 2^24 doubles = 128 MiB; larger files are refused before allocation, so a corrupt header
  /// claiming shape (10^9, 10^9) costs nothing. Raise it deliberately for larger tables.
  std::size_t max_elements = std::size_t{1} << 24;
  bool allow_nonfinite = false;  ///< accept NaN and ±Inf (off: such a value is an error naming its place)
};

/// A rows × cols table in row-major order. Every value is held exactly as the file stored it: float32
/// and integers up to 2^53 convert to double without rounding (larger integers are refused).
struct table {
  std::string source;        ///< the file name (or "<memory>")
  std::string element_type;  ///< what the file stored: "float64", "float32", "int16", "csv decimal", …
  Eigen::Index rows = 0;
  Eigen::Index cols = 0;
  std::vector<double> values;  ///< row-major, rows·cols entries

  /// The value at (r, c).
  double at(Eigen::Index r, Eigen::Index c) const { return at_index(values, r * cols + c); }

  /// The table as a matrix of T. For an exact T each double becomes its exact dyadic rational
  /// m·2^e (GMP's mpq_set_d and cpp_rational's conversion are exact), so nothing is rounded.
  template <Scalar T>
  Matrix<T> as() const {
    Matrix<T> m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
      for (Eigen::Index c = 0; c < cols; ++c) m(r, c) = T(at(r, c));
    return m;
  }
  /// "3x4 float64 from 'x.npy'", for messages and reports.
  std::string describe() const {
    return std::to_string(rows) + "x" + std::to_string(cols) + " " + element_type + " from '" + source + "'";
  }
};

namespace detail {

/// A short, printable rendering of untrusted text for an error message (at most `max` characters).
inline std::string printable(std::string_view s, std::size_t max = 32) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto ch = static_cast<unsigned char>(s[i]);
    if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
    } else {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  if (s.size() > max) out += "...";
  return out;
}

/// Throws file_format_error("<name>: <problem>").
[[noreturn]] inline void fail(const std::string& name, const std::string& problem) {
  throw file_format_error(name + ": " + problem);
}

/// Rejects a non-finite value unless allowed; `where` names its place ("row 2, column 3").
inline void check_value(double v, const std::string& name, const std::string& where, const read_limits& lim) {
  if (!lim.allow_nonfinite && !std::isfinite(v))
    fail(name, where + " holds " + (std::isnan(v) ? std::string("NaN") : std::string(v > 0 ? "+Inf" : "-Inf")) +
                   " (only finite values are accepted)");
}

}  // namespace detail
}  // namespace orderblind::io
