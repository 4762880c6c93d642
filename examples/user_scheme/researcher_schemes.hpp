// SPDX-License-Identifier: MIT
// Three schemes a researcher tries first, each with the verdicts expected of it, checked by one
// translation unit against the library (docs/user-schemes.md):
//   orderblind_check_scheme(researcher_schemes.hpp)          or   orderblind-check-scheme researcher_schemes.hpp
// - position-interpolated RoPE (Chen et al. 2023, "Extending Context Window … via Positional Interpolation"):
//   positions scaled by L_train/L_target before the rotation, here 1/4;
// - NoPE: no positional encoding at all, the baseline;
// - a learned absolute table of 512 rows (BERT's size), undefined past its last row.
#pragma once
#include <cmath>
#include <cstdint>

#include "orderblind/pe/register.hpp"

namespace researcher {

using orderblind::pe::expectation;
using orderblind::pe::pe_kind;
using orderblind::pe::property;
using expectations_t = std::vector<std::pair<property, expectation>>;

/// RoPE (interleaved pairs, θ_i = 10000^(−2i/d)) on positions p/scale: q ↦ R_{p/scale} q.
template <orderblind::Scalar T>
struct interpolated_rope {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::query_key;
  long d = 8;
  long scale = 4;  ///< L_target / L_train
  std::string name() const { return "rope-position-interpolation"; }
  std::string parameters() const {
    return "d = " + std::to_string(d) + ", θ_i = 10000^(−2i/d), positions p/" + std::to_string(scale);
  }
  long dim() const { return d; }
  std::vector<T> rotate(const std::vector<T>& x, long p) const {
    using std::cos, std::pow, std::sin;
    std::vector<T> y(x);
    for (long i = 0; i < d / 2; ++i) {
      const T theta = T(pow(T(10000), T(T(-2 * i) / T(d))));
      const T a = T(T(p) / T(scale) * theta);
      const T c = T(cos(a)), s = T(sin(a));
      const auto j = static_cast<std::size_t>(2 * i);
      y[j] = T(x[j] * c - x[j + 1] * s);
      y[j + 1] = T(x[j] * s + x[j + 1] * c);
    }
    return y;
  }
  std::vector<T> query(const std::vector<T>& q, long m) const { return rotate(q, m); }
  std::vector<T> key(const std::vector<T>& k, long n) const { return rotate(k, n); }
  expectations_t expectations() const {
    // Interpolation keeps every law of RoPE: R_{m/s}ᵀR_{n/s} = R_{(n−m)/s}, and rotations keep norms.
    return {{property::bounded, expectation::holds},         {property::injective, expectation::holds},
            {property::extrapolates, expectation::holds},    {property::shift_linear, expectation::holds},
            {property::relative_scores, expectation::holds}, {property::norm_preserving, expectation::holds},
            {property::breaks_equivariance, expectation::holds}};
  }
};

/// No positional encoding: PE(p) = 0.
template <orderblind::Scalar T>
struct no_position {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  std::string name() const { return "nope-baseline"; }
  std::string parameters() const { return "d = 4, PE(p) = 0"; }
  long dim() const { return 4; }
  std::vector<T> encode(long, long) const { return std::vector<T>(4, T(0)); }
  expectations_t expectations() const {
    // Attention without positions is permutation-equivariant: nothing tells positions apart.
    return {{property::bounded, expectation::holds},
            {property::injective, expectation::fails},
            {property::relative_scores, expectation::holds},  // the position part is 0 for every (m, n)
            {property::relative_expressible, expectation::fails},
            {property::breaks_equivariance, expectation::fails}};
  }
};

/// A learned table of 512 rows of small rationals (a fixed hash of (p, j)): E[p] for p < 512.
template <orderblind::Scalar T>
struct learned_512 {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  std::string name() const { return "learned-512"; }
  std::string parameters() const { return "d = 8, L = 512 rows of integers/8 in [−1, 1] (hashed)"; }
  long dim() const { return 8; }
  long max_position() const { return 512; }
  std::vector<T> encode(long p, long) const {
    if (p < 0 || p >= 512) throw orderblind::pe::undefined_position_error("no row " + std::to_string(p) + " in a 512-row table");
    std::vector<T> v(8);
    for (std::uint64_t j = 0; j < 8; ++j) {
      std::uint64_t x = static_cast<std::uint64_t>(p) * 0x9E3779B97F4A7C15ULL + (j + 1) * 0xBF58476D1CE4E5B9ULL;
      x ^= x >> 31;
      x *= 0x94D049BB133111EBULL;
      x ^= x >> 29;
      v[j] = T(static_cast<long>(x % 17) - 8) / T(8);
    }
    return v;
  }
  expectations_t expectations() const {
    // Checked whole: 512 rows are 130,816 pairs for injectivity, 262,144 pairs (m, n) for relative scores.
    return {{property::bounded, expectation::holds},          {property::injective, expectation::holds},
            {property::extrapolates, expectation::fails},     {property::shift_linear, expectation::fails},
            {property::relative_scores, expectation::fails},  {property::breaks_equivariance, expectation::holds}};
  }
};

}  // namespace researcher

ORDERBLIND_REGISTER_SCHEME(researcher::interpolated_rope<orderblind::mpfr100>{});
ORDERBLIND_REGISTER_SCHEME(researcher::no_position<orderblind::mpq_rational>{});
ORDERBLIND_REGISTER_SCHEME(researcher::learned_512<orderblind::mpq_rational>{});
