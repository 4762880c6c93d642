// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// Fraction-free form of a rational matrix: each line (row, or column) as 64-bit integer numerators
/// over one shared positive denominator, the lcm of the line's denominators. Products of such
/// lines are integer dot products; the rational result is canonicalised once, at the end.
#include <cstdint>
#include <vector>

#include "orderblind/fast/kernels/int128.hpp"
#include "orderblind/index.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind::fast {

/// Largest bit length of a numerator or denominator kept in 64-bit form.
// NOTE: 62, not 63: then |n + D| < 2^63 for a numerator n and a denominator D, and (n + D)² + D²,
// the kernel's numerator, stays below 2^127 (rational_kernel::weights, the attention head).
inline constexpr int word_bits = 62;

/// Lines of a matrix in fraction-free form: line r is num[r·len … r·len+len) / den[r].
struct ff_lines {
  Eigen::Index lines = 0, len = 0;
  std::vector<std::int64_t> num;
  std::vector<std::uint64_t> den;
  int num_bits = 0;  ///< max bit length of |num|
  int den_bits = 0;  ///< max bit length of den
  std::int64_t at(Eigen::Index r, Eigen::Index t) const { return at_index(num, r * len + t); }
};

/// Reads an integer of at most word_bits bits (false if it is wider).
inline bool read_word(mpz_srcptr z, std::int64_t* v) {
  const auto size = mpz_size(z);
  if (size == 0) {
    *v = 0;
    return true;
  }
  if (size > 1) return false;
  const std::uint64_t m = mpz_getlimbn(z, 0);
  if (bit_length(m) > word_bits) return false;
  *v = mpz_sgn(z) < 0 ? -static_cast<std::int64_t>(m) : static_cast<std::int64_t>(m);
  return true;
}

/// The fraction-free lines of m: its rows, or (by_columns) its columns. False when a denominator's
/// lcm or a scaled numerator needs more than word_bits bits (the caller then takes the generic path).
template <class Q, class GetMpq>
bool to_lines(Eigen::Index lines, Eigen::Index len, GetMpq&& entry, ff_lines& out) {
  out.lines = lines;
  out.len = len;
  out.num.resize(to_size(lines * len, "a buffer's length"));
  out.den.resize(to_size(lines, "a buffer's length"));
  out.num_bits = out.den_bits = 0;
  for (Eigen::Index r = 0; r < lines; ++r) {
    std::uint64_t l = 1;
    std::uint64_t seen = 0;  // bit q set: the small denominator q already divides l
    for (Eigen::Index t = 0; t < len; ++t) {
      std::int64_t d;
      if (!read_word(mpq_denref(entry(r, t)), &d)) return false;
      if (d < 64 && ((seen >> d) & 1)) continue;
      l = checked_lcm(l, static_cast<std::uint64_t>(d), word_bits);
      if (l == 0) return false;
      if (d < 64) seen |= std::uint64_t{1} << d;
    }
    at_index(out.den, r) = l;
    out.den_bits = std::max(out.den_bits, bit_length(l));
    // l/q once per distinct small denominator q of the line (a 64-bit division is slow).
    std::uint64_t quot[64];
    for (std::uint64_t bits = seen; bits != 0; bits &= bits - 1) {
      const int q = __builtin_ctzll(bits);
      quot[q] = l / static_cast<std::uint64_t>(q);
    }
    for (Eigen::Index t = 0; t < len; ++t) {
      mpq_srcptr q = entry(r, t);
      std::int64_t n, d;
      if (!read_word(mpq_numref(q), &n) || !read_word(mpq_denref(q), &d)) return false;
      const std::uint64_t mult = d < 64 ? quot[d] : l / static_cast<std::uint64_t>(d);
      const i128 scaled = static_cast<i128>(n) * static_cast<i128>(mult);
      const int b = bit_length(magnitude(scaled));
      if (b > word_bits) return false;
      out.num_bits = std::max(out.num_bits, b);
      at_index(out.num, r * len + t) = static_cast<std::int64_t>(scaled);
    }
  }
  return true;
}

/// Rows of m in fraction-free form.
template <class Q>
bool rows_of(const Matrix<Q>& m, ff_lines& out) {
  return to_lines<Q>(m.rows(), m.cols(), [&m](Eigen::Index r, Eigen::Index t) -> mpq_srcptr { return m(r, t).backend().data(); },
                     out);
}
/// Columns of m in fraction-free form.
template <class Q>
bool columns_of(const Matrix<Q>& m, ff_lines& out) {
  return to_lines<Q>(m.cols(), m.rows(), [&m](Eigen::Index r, Eigen::Index t) -> mpq_srcptr { return m(t, r).backend().data(); },
                     out);
}

/// Deliberate faults for the differential tests' mutants (never set outside tests).
enum class fault {
  none,
  wrong_entry,        ///< one output entry off by one unit of its numerator
  unchecked_words,    ///< skip the width checks: the 64/128-bit arithmetic silently wraps
  forget_multiplier,  ///< the attention head treats the lcm multipliers of the scores as 1
};

}  // namespace orderblind::fast
