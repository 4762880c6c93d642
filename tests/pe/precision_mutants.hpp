// SPDX-License-Identifier: MIT
#pragma once
/// Mutant schemes whose bug sits at a precision boundary, parameterised by it: position ids through a
/// k-bit integer (wrapped at 2^k) or reduced modulo any period P, positions through a float with a k-bit
/// significand (rounded to the grid of its ulp), and a learned table with two equal rows. Each family is
/// real (int16 position ids, bfloat16/half/float positions, a cache indexed modulo its size, a table
/// initialised from a truncated one); each is caught only where the battery looks far enough.
#include <bit>
#include <cstdint>
#include <string>

#include "orderblind/pe/schemes.hpp"

namespace orderblind::pe::mutants {

/// p rounded to `bits` significant bits, to nearest, ties to even (a float whose significand has `bits`
/// bits: bfloat16 8, half 11, float 24). Exact below 2^bits; at 2^bits, 2^bits + 1 becomes 2^bits.
inline Eigen::Index round_to_significand(Eigen::Index p, int bits) {
  const int width = std::bit_width(static_cast<std::uint64_t>(p));
  if (width <= bits) return p;
  const int drop = width - bits;
  Eigen::Index q = p >> drop;
  const Eigen::Index rest = p & ((Eigen::Index(1) << drop) - 1), half = Eigen::Index(1) << (drop - 1);
  if (rest > half || (rest == half && (q & 1))) ++q;
  return q << drop;
}

/// RoPE with its position ids reduced modulo `period` (2^k: a k-bit unsigned id; else a ring buffer).
template <Scalar T>
struct rope_ids_mod : rope_scheme<T> {
  Eigen::Index period = 1 << 16;
  std::string name() const { return "mutant:rope-ids-mod-" + std::to_string(period); }
  vec<T> query(const vec<T>& q, Eigen::Index m) const { return rope_scheme<T>::query(q, m % period); }
  vec<T> key(const vec<T>& k, Eigen::Index n) const { return rope_scheme<T>::key(k, n % period); }
};

/// ALiBi on ids reduced modulo `period` (exact over the rationals at every position: cheap far out).
template <Scalar T>
struct alibi_ids_mod : alibi_scheme<T> {
  Eigen::Index period = 1 << 16;
  std::string name() const { return "mutant:alibi-ids-mod-" + std::to_string(period); }
  T bias(const vec<T>& q, const vec<T>& k, Eigen::Index m, Eigen::Index n) const {
    return alibi_scheme<T>::bias(q, k, m % period, n % period);
  }
};

/// The sinusoid with its position ids reduced modulo `period`.
template <Scalar T>
struct sinusoid_ids_mod : sinusoidal_scheme<T> {
  Eigen::Index period = 1 << 16;
  std::string name() const { return "mutant:sinusoid-ids-mod-" + std::to_string(period); }
  vec<T> encode(Eigen::Index p, Eigen::Index n) const { return sinusoidal_scheme<T>::encode(p % period, n); }
};

/// The sinusoid with positions through a float of `bits` significant bits.
template <Scalar T>
struct sinusoid_significand : sinusoidal_scheme<T> {
  int bits = 8;
  std::string name() const { return "mutant:sinusoid-significand-" + std::to_string(bits); }
  vec<T> encode(Eigen::Index p, Eigen::Index n) const {
    return sinusoidal_scheme<T>::encode(round_to_significand(p, bits), n);
  }
};

/// RoPE with positions through a float of `bits` significant bits.
template <Scalar T>
struct rope_significand : rope_scheme<T> {
  int bits = 8;
  std::string name() const { return "mutant:rope-significand-" + std::to_string(bits); }
  vec<T> query(const vec<T>& q, Eigen::Index m) const { return rope_scheme<T>::query(q, round_to_significand(m, bits)); }
  vec<T> key(const vec<T>& k, Eigen::Index n) const { return rope_scheme<T>::key(k, round_to_significand(n, bits)); }
};

/// The counter PE(p) = p·𝟙 with p through a float of `bits` significant bits (exact at every position).
template <Scalar T>
struct counter_significand : counter_scheme<T> {
  int bits = 8;
  std::string name() const { return "mutant:counter-significand-" + std::to_string(bits); }
  vec<T> encode(Eigen::Index p, Eigen::Index n) const {
    return counter_scheme<T>::encode(round_to_significand(p, bits), n);
  }
};

/// A learned table whose row `copy_to` repeats row `copy_from`.
template <Scalar T>
struct learned_two_equal_rows : learned_scheme<T> {
  Eigen::Index copy_from = 0, copy_to = 1;
  std::string name() const { return "mutant:learned-two-equal-rows"; }
  vec<T> encode(Eigen::Index p, Eigen::Index n) const {
    return learned_scheme<T>::encode(p == copy_to ? copy_from : p, n);
  }
};

}  // namespace orderblind::pe::mutants
