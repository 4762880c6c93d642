// SPDX-License-Identifier: MIT
#pragma once
/// Deliberately broken schemes: real bug families the battery must flag — each is a bug seen in real PE code, and each must be caught by the property it breaks.
#include <cmath>

#include "orderblind/pe/schemes.hpp"

namespace orderblind::pe::mutants {

/// cos/sin tables in the interleaved layout (dim j uses θ_{⌊j/2⌋}) fed to a half-split rotate_half.
template <Scalar T>
struct rope_layout_mismatch : rope_scheme<T> {
  std::string name() const { return "mutant:rope-layout-mismatch"; }
  vec<T> apply(const vec<T>& x, long p) const {
    const long dim = this->d, half = dim / 2;
    vec<T> y(x.size());
    for (long j = 0; j < dim; ++j) {
      auto [c, s] = this->angles.cos_sin(static_cast<std::size_t>(j / 2), p);  // interleaved table
      const T rh = j < half ? T(-x[static_cast<std::size_t>(j + half)]) : x[static_cast<std::size_t>(j - half)];
      y[static_cast<std::size_t>(j)] = T(x[static_cast<std::size_t>(j)] * c + rh * s);
    }
    return y;
  }
  vec<T> query(const vec<T>& q, long m) const { return apply(q, m); }
  vec<T> key(const vec<T>& k, long n) const { return apply(k, n); }
};

/// Partial rotary whose cos/sin tables are padded with (1, 0) and applied with rotate_half over the whole
/// head: the pass-through dims are mixed into the rotation.
template <Scalar T>
struct partial_rotates_passthrough : rope_scheme<T> {
  std::string name() const { return "mutant:partial-rotates-passthrough"; }
  vec<T> apply(const vec<T>& x, long p) const {
    const long dim = this->d, rot = this->r, half = dim / 2;
    vec<T> y(x.size());
    for (long j = 0; j < dim; ++j) {
      T c(1), s(0);
      if (j < rot) std::tie(c, s) = this->angles.cos_sin(static_cast<std::size_t>(j % (rot / 2)), p);
      const T rh = j < half ? T(-x[static_cast<std::size_t>(j + half)]) : x[static_cast<std::size_t>(j - half)];
      y[static_cast<std::size_t>(j)] = T(x[static_cast<std::size_t>(j)] * c + rh * s);
    }
    return y;
  }
  vec<T> query(const vec<T>& q, long m) const { return apply(q, m); }
  vec<T> key(const vec<T>& k, long n) const { return apply(k, n); }
};

/// Round to bfloat16 (8 significant bits, round to nearest even).
inline double to_bfloat16(double x) {
  if (x == 0) return 0;
  int e = 0;
  const double m = std::frexp(x, &e);  // x = m·2^e, 0.5 ≤ |m| < 1
  return std::ldexp(std::nearbyint(std::ldexp(m, 8)), e - 8);
}

/// Positions cast to bfloat16 before the phase p·θ_i is formed (position ids in the model's dtype).
template <Scalar T>
struct rope_bf16_positions : rope_scheme<T> {
  std::string name() const { return "mutant:rope-bf16-positions"; }
  long rounded(long p) const { return static_cast<long>(to_bfloat16(static_cast<double>(p))); }
  vec<T> query(const vec<T>& q, long m) const { return rope_scheme<T>::query(q, rounded(m)); }
  vec<T> key(const vec<T>& k, long n) const { return rope_scheme<T>::key(k, rounded(n)); }
};

/// The sinusoid with positions cast to bfloat16 first: exact below 256 (8 significant bits), aliased above.
template <Scalar T>
struct sinusoid_bf16_positions : sinusoidal_scheme<T> {
  std::string name() const { return "mutant:sinusoid-bf16-positions"; }
  vec<T> encode(long p, long n) const {
    return sinusoidal_scheme<T>::encode(static_cast<long>(to_bfloat16(static_cast<double>(p))), n);
  }
};

/// Cached decoding that drops the offset: the new token's query is rotated by its index in the new
/// chunk (0), while the cached keys keep their absolute positions.
template <Scalar T>
struct rope_cache_drops_offset : rope_scheme<T> {
  std::string name() const { return "mutant:rope-cache-drops-offset"; }
  vec<T> query(const vec<T>& q, long) const { return rope_scheme<T>::query(q, 0); }
};

/// Bidirectional ALiBi without the absolute value: −m_h·(m − n).
template <Scalar T>
struct alibi_without_abs : alibi_scheme<T> {
  std::string name() const { return "mutant:alibi-without-abs"; }
  T bias(const vec<T>&, const vec<T>&, long m, long n) const { return T(-this->slope() * T(m - n)); }
};

/// T5 buckets without the final clamp: bucket(n − m) can return num_buckets.
template <Scalar T>
t5_scheme<T> t5_unclamped() {
  t5_scheme<T> s;
  s.clamp_last = false;
  return s;
}

/// YaRN with the attention factor applied twice (cos, sin × a²) while the scheme declares a.
template <Scalar T>
struct yarn_factor_twice : rope_scheme<T> {
  T declared = T(1);
  std::string name() const { return "mutant:yarn-factor-twice"; }
  T norm_scale() const { return declared; }
};

}  // namespace orderblind::pe::mutants
