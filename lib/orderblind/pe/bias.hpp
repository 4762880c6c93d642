// SPDX-License-Identifier: MIT
#pragma once
/// Score-bias schemes: ALiBi (one head, dyadic slopes), Shaw relative keys, T5 buckets, KERPLE.
#include <cmath>
#include <string>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// ALiBi, head h of H: s += −m_h·|m − n|, m_h = 2^(−8(h+1)/H) (dyadic, exact, for H a power of two ≤ 8).
template <Scalar T>
struct alibi_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::score_bias;
  Eigen::Index d = 4;
  Eigen::Index heads = 8;
  Eigen::Index head = 0;
  std::string name() const { return "alibi"; }
  std::string parameters() const {
    return "head " + std::to_string(head) + " of H = " + std::to_string(heads) + ", slope m_h = 2^(−8(h+1)/H) = " +
           format_scalar(slope()) + ", bidirectional −m_h·|m − n|";
  }
  Eigen::Index dim() const { return d; }
  T slope() const {
    const Eigen::Index num = 8 * (head + 1);
    if (num % heads != 0) throw configuration_error("ALiBi: 8(h+1)/H must be an integer for dyadic slopes");
    T s(1);
    for (Eigen::Index e = 0; e < num / heads; ++e) s /= T(2);
    return s;
  }
  T bias(const vec<T>&, const vec<T>&, Eigen::Index m, Eigen::Index n) const { return T(-slope() * T(m > n ? m - n : n - m)); }
};

/// Shaw et al. relative keys: e_mn = q·(k + a^K_{clip(n−m, −k, k)}); the bias part is q·a^K_{clip(n−m)}.
// NOTE: the value-side table a^V changes the output, not the score; the battery's properties are about
// scores, so only a^K is modelled.
template <Scalar T>
struct shaw_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::score_bias;
  Eigen::Index d = 4;
  Eigen::Index clip = 4;
  std::uint64_t seed = 11;
  std::string name() const { return "shaw"; }
  std::string parameters() const {
    return "d = " + std::to_string(d) + ", clip k = " + std::to_string(clip) +
           ", a^K rows of integers/4 in [−1, 1] (seed " + std::to_string(seed) + ")";
  }
  Eigen::Index dim() const { return d; }
  T bias(const vec<T>& q, const vec<T>&, Eigen::Index m, Eigen::Index n) const {
    Eigen::Index rel = std::max(-clip, std::min(clip, n - m));
    T s(0);
    for (Eigen::Index j = 0; j < d; ++j)
      s += at_index(q, j) *
           T(small_int(seed, static_cast<std::uint64_t>((rel + clip) * d + j), 4)) / T(4);
    return s;
  }
};

/// T5's bucket of a relative position n − m (bidirectional): half the buckets per sign, exact below
/// max_exact = nb/4 per half, logarithmic up to max_distance, clamped to the last bucket.
inline Eigen::Index t5_bucket(Eigen::Index relative, Eigen::Index num_buckets = 32, Eigen::Index max_distance = 128, bool clamp_last = true) {
  Eigen::Index half = num_buckets / 2;
  Eigen::Index bucket = relative > 0 ? half : 0;
  Eigen::Index a = relative < 0 ? -relative : relative;
  Eigen::Index max_exact = half / 2;
  if (a < max_exact) return bucket + a;
  // NOTE: computed in double as the reference code computes it in float; the result is an integer index.
  Eigen::Index large = max_exact + static_cast<Eigen::Index>(std::log(static_cast<double>(a) / max_exact) /
                                             std::log(static_cast<double>(max_distance) / max_exact) *
                                             static_cast<double>(half - max_exact));
  if (clamp_last) large = std::min(large, half - 1);
  return bucket + large;
}

/// T5 relative buckets: s += B[bucket(n − m)], with a table B of small integers (one head).
template <Scalar T>
struct t5_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::score_bias;
  Eigen::Index d = 4;
  Eigen::Index num_buckets = 32;
  Eigen::Index max_distance = 128;
  std::uint64_t seed = 13;
  bool clamp_last = true;  ///< false only in the mutant that can return num_buckets
  std::string name() const { return "t5"; }
  std::string parameters() const {
    return "bidirectional, nb = " + std::to_string(num_buckets) + ", max_distance = " + std::to_string(max_distance) +
           ", B = integers in [−4, 4] (seed " + std::to_string(seed) + ")";
  }
  Eigen::Index dim() const { return d; }
  T bias(const vec<T>&, const vec<T>&, Eigen::Index m, Eigen::Index n) const {
    const Eigen::Index b = t5_bucket(n - m, num_buckets, max_distance, clamp_last);
    if (b < 0 || b >= num_buckets)
      throw std::out_of_range("T5: bucket(" + std::to_string(n - m) + ") = " + std::to_string(b) + " is outside [0, " +
                              std::to_string(num_buckets) + ")");
    return T(small_int(seed, static_cast<std::uint64_t>(b), 4));
  }
};

/// KERPLE: logarithmic −r₁·ln(1 + r₂|m − n|) or power −r₁|m − n|^r₂ (real scalars).
template <Scalar T>
struct kerple_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::score_bias;
  Eigen::Index d = 4;
  bool logarithmic = true;
  double r1 = 1.0, r2 = 0.5;
  std::string name() const { return logarithmic ? "kerple-log" : "kerple-power"; }
  std::string parameters() const {
    return std::string(logarithmic ? "−r₁·ln(1 + r₂|m − n|)" : "−r₁|m − n|^r₂") + ", r₁ = " + std::to_string(r1) +
           ", r₂ = " + std::to_string(r2);
  }
  Eigen::Index dim() const { return d; }
  T bias(const vec<T>&, const vec<T>&, Eigen::Index m, Eigen::Index n) const {
    static_assert(scalar_traits<T>::has_exp, "KERPLE needs log/pow: use a real scalar");
    using std::log;
    using std::pow;
    const T a = T(m > n ? m - n : n - m);
    if (logarithmic) return T(-T(r1) * T(log(T(T(1) + T(r2) * a))));
    return T(-T(r1) * T(pow(a, T(r2))));
  }
};

}  // namespace orderblind::pe
