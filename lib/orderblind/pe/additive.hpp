// SPDX-License-Identifier: MIT
#pragma once
/// Additive schemes: NoPE (nothing added), the counter, pos/length, the sinusoid in two layouts and a
/// learned table. Each is generic over the scalar; the sinusoid runs exact with Pythagorean rotations.
/// The tables X' = X + PE of the texts (`encoding_table`, `counter`, `pos_over_length`, `sinusoidal`,
/// `add_positions`) are computed from these schemes: one definition of each encoding.
#include <string>
#include <utility>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// NoPE: no positional information; the score is q·k (an additive scheme that adds 0).
template <Scalar T>
struct nope {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Eigen::Index d = 4;
  std::string name() const { return "nope"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", nothing added"; }
  Eigen::Index dim() const { return d; }
  vec<T> encode(Eigen::Index, Eigen::Index) const { return vec<T>(to_size(d, "the width"), T(0)); }
};

/// The counter (text 001 §3.7, p_m = m·𝟙; text 003 Attempt 1, "add the number pos (0, 1, 2, …)"):
/// PE(p) = (first + p)·𝟙, first = 0 by default.
// NOTE: the texts' counter is p·𝟙 (and so is PE-CATALOGUE.md's table). This struct used (p + 1)·𝟙 before;
// `first` keeps that variant available. Every verdict of the battery is the same for both (both are
// unbounded, affine rather than linear in p, with a position score c·(m+f)(n+f) that is not a function of
// m − n).
template <Scalar T>
struct counter_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Eigen::Index d = 4;
  Eigen::Index first = 0;
  std::string name() const { return "counter"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", PE(p) = (p + " + std::to_string(first) + ")·𝟙"; }
  Eigen::Index dim() const { return d; }
  vec<T> encode(Eigen::Index p, Eigen::Index) const { return vec<T>(to_size(d, "the width"), T(p + first)); }
};

/// pos/length (text 003, attempt 2): PE(p) = (p / N)·𝟙 for a sequence of N tokens.
template <Scalar T>
struct pos_length_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Eigen::Index d = 4;
  std::string name() const { return "pos-length"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", PE(p) = (p/N)·𝟙"; }
  Eigen::Index dim() const { return d; }
  vec<T> encode(Eigen::Index p, Eigen::Index length) const {
    if (length <= 0) throw configuration_error("pos/length: the sequence length must be positive");
    return vec<T>(to_size(d, "the width"), T(p) / T(length));
  }
};

/// Layout of the sinusoid: the paper's interleaved (sin, cos) pairs, or [sin ‖ cos] halves.
enum class sinusoid_layout { paper, concatenated };

/// The sinusoid: PE(p)_{2i} = sin(pθ_i), PE(p)_{2i+1} = cos(pθ_i) (paper), or sin in the first half and
/// cos in the second (concatenated). Angles from an `angle_table` (real θ_i or exact Pythagorean).
template <Scalar T>
struct sinusoidal_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Eigen::Index d = 8;
  sinusoid_layout layout = sinusoid_layout::paper;
  angle_table<T> angles = angle_table<T>::standard(8);
  std::string name() const {
    return std::string(layout == sinusoid_layout::paper ? "sinusoidal" : "sinusoidal-concat") +
           (angles.exact() ? "/pythagorean" : "");
  }
  std::string parameters() const { return "d = " + std::to_string(d) + ", " + angles.description; }
  Eigen::Index dim() const { return d; }
  vec<T> encode(Eigen::Index p, Eigen::Index) const {
    vec<T> out(to_size(d, "the width"));
    const Eigen::Index half = d / 2;
    for (Eigen::Index i = 0; i < half; ++i) {
      auto [c, s] = angles.cos_sin(i, p);
      if (layout == sinusoid_layout::paper) {
        at_index(out, 2 * i) = s;
        at_index(out, 2 * i + 1) = c;
      } else {
        at_index(out, i) = s;
        at_index(out, i + half) = c;
      }
    }
    // NOTE: an odd width in the paper layout ends with the sine of one more pair, when the table has it
    // (PE(p, 2i) = sin(pθ_i) for 2i = d − 1).
    if (d % 2 == 1 && layout == sinusoid_layout::paper && angles.pairs() > half)
      at_index(out, d - 1) = angles.cos_sin(half, p).second;
    return out;
  }
};

/// A learned table E (L rows of small rationals, fixed seed): PE(p) = E[p] for p < L, undefined after.
template <Scalar T>
struct learned_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Eigen::Index d = 4;
  Eigen::Index rows = 32;
  std::uint64_t seed = 7;
  std::string name() const { return "learned"; }
  std::string parameters() const {
    return "d = " + std::to_string(d) + ", L = " + std::to_string(rows) + " rows of integers/4 in [−1, 1] (seed " +
           std::to_string(seed) + ")";
  }
  Eigen::Index dim() const { return d; }
  Eigen::Index max_position() const { return rows; }
  vec<T> encode(Eigen::Index p, Eigen::Index) const {
    if (p < 0 || p >= rows)
      throw undefined_position_error("learned table: no row for position " + std::to_string(p) + " (the table has " +
                                     std::to_string(rows) + " rows)");
    vec<T> out(to_size(d, "the width"));
    for (Eigen::Index j = 0; j < d; ++j)
      at_index(out, j) =
          T(small_int(seed, static_cast<std::uint64_t>(p * d + j), 4)) / T(4);
    return out;
  }
};

/// A user's positional table as a scheme: PE(p) = row p of `rows` for p < rows.rows(), undefined after
/// (like `learned`); what `orderblind check --pe` runs the battery on.
template <Scalar T>
struct table_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  Matrix<T> rows;           ///< row p is PE(p)
  std::string description;  ///< where the rows come from (a file, its shape and element type)
  std::string name() const { return "table"; }
  std::string parameters() const { return description; }
  Eigen::Index dim() const { return rows.cols(); }
  Eigen::Index max_position() const { return rows.rows(); }
  vec<T> encode(Eigen::Index p, Eigen::Index) const {
    if (p < 0 || p >= rows.rows())
      throw undefined_position_error("table: no row for position " + std::to_string(p) + " (the table has " +
                                     std::to_string(rows.rows()) + " rows)");
    vec<T> out(to_size(rows.cols(), "the width"));
    for (Eigen::Index j = 0; j < rows.cols(); ++j) at_index(out, j) = rows(p, j);
    return out;
  }
};

// --- tables: the encodings as n × d matrices -------------------------------------------------------

namespace detail {
inline void require_dims(Eigen::Index n, Eigen::Index d) {
  if (n <= 0 || d <= 0)
    throw empty_input_error("a positional-encoding table needs n >= 1 positions and d >= 1 dimensions, got n = " +
                            std::to_string(n) + ", d = " + std::to_string(d));
}
}  // namespace detail

/// The n × dim() table of an additive scheme: row r is s.encode(first + r, length).
template <class S>
  requires(has_encode<S> && S::kind == pe_kind::additive)
Matrix<typename S::scalar_type> encoding_table(const S& s, Eigen::Index n, Eigen::Index length, Eigen::Index first = 0) {
  using T = typename S::scalar_type;
  detail::require_dims(n, s.dim());
  Matrix<T> pe(n, s.dim());
  for (Eigen::Index r = 0; r < n; ++r) {
    const vec<T> e = s.encode(first + r, length);
    if (std::ssize(e) != s.dim())
      throw shape_error("the scheme '" + s.name() + "' returned " + std::to_string(e.size()) + " entries for PE(" +
                        std::to_string(first + r) + "), expected " + std::to_string(s.dim()));
    for (Eigen::Index j = 0; j < pe.cols(); ++j) pe(r, j) = at_index(e, j);
  }
  return pe;
}

/// The counter as a table (text 001 §3.7): row p is (first + p)·𝟙.
template <Scalar T>
Matrix<T> counter(Eigen::Index n, Eigen::Index d, Eigen::Index first = 0) {
  detail::require_dims(n, d);
  return encoding_table(counter_scheme<T>{d, first}, n, n);
}

/// pos/length as a table (text 003, attempt 2): row p is (p / length)·𝟙, n ≤ length rows shown.
template <Scalar T>
Matrix<T> pos_over_length(Eigen::Index n, Eigen::Index d, Eigen::Index length) {
  detail::require_dims(n, d);
  if (length < n)
    throw configuration_error("pos/length: the sequence length " + std::to_string(length) +
                              " is shorter than the " + std::to_string(n) + " positions asked for");
  return encoding_table(pos_length_scheme<T>{d}, n, length);
}

/// The sinusoid of "Attention Is All You Need" as a table (paper layout, text 000 §4): PE(p, 2i) =
/// sin(p θ_i), PE(p, 2i+1) = cos(p θ_i), θ_i = base^(−2i/d); rows are positions first, first+1, ….
template <Scalar T>
Matrix<T> sinusoidal(Eigen::Index n, Eigen::Index d, const T& base = T(10000), Eigen::Index first = 0) {
  static_assert(scalar_traits<T>::has_trig,
                "the sinusoidal encoding needs sin and cos: use a real scalar (double, mpfr100, …); the exact "
                "rational path uses Pythagorean rotations instead");
  detail::require_dims(n, d);
  if (!(T(0) < base)) throw configuration_error("the sinusoid's base must be positive, got " + format_scalar(base));
  sinusoidal_scheme<T> s;
  s.d = d;
  s.angles = angle_table<T>{};
  for (Eigen::Index i = 0; i < (s.d + 1) / 2; ++i) s.angles.theta.push_back(sinusoid_frequency(i, s.d, base));
  s.angles.description = "θ_i = " + format_scalar(base) + "^(−2i/" + std::to_string(d) + ")";
  return encoding_table(s, n, n, first);
}

/// X + PE (shapes must match).
template <Scalar T>
Matrix<T> add_positions(const Matrix<T>& x, const Matrix<T>& pe) {
  require_same_shape(x, "X", pe, "PE");
  Matrix<T> y(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i)
    for (Eigen::Index j = 0; j < x.cols(); ++j) y(i, j) = T(x(i, j) + pe(i, j));
  return y;
}

}  // namespace orderblind::pe
