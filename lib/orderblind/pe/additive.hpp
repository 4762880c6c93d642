#pragma once
/// Additive schemes: NoPE (nothing added), the counter, pos/length, the sinusoid in two layouts and a
/// learned table. Each is generic over the scalar; the sinusoid runs exact with Pythagorean rotations.
#include <string>
#include <utility>
#include <vector>

#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// NoPE: no positional information; the score is q·k (an additive scheme that adds 0).
template <Scalar T>
struct nope {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  long d = 4;
  std::string name() const { return "nope"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", nothing added"; }
  long dim() const { return d; }
  vec<T> encode(long, long) const { return vec<T>(static_cast<std::size_t>(d), T(0)); }
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
  long d = 4;
  long first = 0;
  std::string name() const { return "counter"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", PE(p) = (p + " + std::to_string(first) + ")·𝟙"; }
  long dim() const { return d; }
  vec<T> encode(long p, long) const { return vec<T>(static_cast<std::size_t>(d), T(p + first)); }
};

/// pos/length (seed 003, attempt 2): PE(p) = (p / N)·𝟙 for a sequence of N tokens.
template <Scalar T>
struct pos_length_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  long d = 4;
  std::string name() const { return "pos-length"; }
  std::string parameters() const { return "d = " + std::to_string(d) + ", PE(p) = (p/N)·𝟙"; }
  long dim() const { return d; }
  vec<T> encode(long p, long length) const {
    if (length <= 0) throw configuration_error("pos/length: the sequence length must be positive");
    return vec<T>(static_cast<std::size_t>(d), T(p) / T(length));
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
  long d = 8;
  sinusoid_layout layout = sinusoid_layout::paper;
  angle_table<T> angles = angle_table<T>::standard(8);
  std::string name() const {
    return std::string(layout == sinusoid_layout::paper ? "sinusoidal" : "sinusoidal-concat") +
           (angles.exact() ? "/pythagorean" : "");
  }
  std::string parameters() const { return "d = " + std::to_string(d) + ", " + angles.description; }
  long dim() const { return d; }
  vec<T> encode(long p, long) const {
    vec<T> out(static_cast<std::size_t>(d));
    const long half = d / 2;
    for (long i = 0; i < half; ++i) {
      auto [c, s] = angles.cos_sin(static_cast<std::size_t>(i), p);
      if (layout == sinusoid_layout::paper) {
        out[static_cast<std::size_t>(2 * i)] = s;
        out[static_cast<std::size_t>(2 * i + 1)] = c;
      } else {
        out[static_cast<std::size_t>(i)] = s;
        out[static_cast<std::size_t>(i + half)] = c;
      }
    }
    return out;
  }
};

/// A learned table E (L rows of small rationals, fixed seed): PE(p) = E[p] for p < L, undefined after.
template <Scalar T>
struct learned_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  long d = 4;
  long rows = 32;
  std::uint64_t seed = 7;
  std::string name() const { return "learned"; }
  std::string parameters() const {
    return "d = " + std::to_string(d) + ", L = " + std::to_string(rows) + " rows of integers/4 in [−1, 1] (seed " +
           std::to_string(seed) + ")";
  }
  long dim() const { return d; }
  long max_position() const { return rows; }
  vec<T> encode(long p, long) const {
    if (p < 0 || p >= rows)
      throw undefined_position_error("learned table: no row for position " + std::to_string(p) + " (the table has " +
                                     std::to_string(rows) + " rows)");
    vec<T> out(static_cast<std::size_t>(d));
    for (long j = 0; j < d; ++j)
      out[static_cast<std::size_t>(j)] =
          T(small_int(seed, static_cast<std::uint64_t>(p * d + j), 4)) / T(4);
    return out;
  }
};

}  // namespace orderblind::pe
