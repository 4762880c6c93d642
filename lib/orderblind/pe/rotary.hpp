// SPDX-License-Identifier: MIT
#pragma once
/// Angles and rotary schemes: the frequency tables (base-b, PI, NTK-aware, YaRN, Llama-3, and exact
/// Pythagorean rotations), RoPE in the interleaved / half-split layouts, partial rotary, and xPos.
#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/gaussian.hpp"
#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// The sinusoidal frequency θ_i = base^(−2i/d) of pair i (the sinusoid's and RoPE's, Vaswani et al. §3.5,
/// Su et al. eq. 15).
template <Scalar T>
T sinusoid_frequency(Eigen::Index i, Eigen::Index d, const T& base) {
  static_assert(scalar_traits<T>::has_exp, "the sinusoidal frequencies need exp/log: use a real scalar");
  using std::exp;
  using std::log;
  return T(exp(T(-T(2 * i) / T(d) * T(log(base)))));
}

/// The angle of pair i at position p: cos(pθ_i), sin(pθ_i), optionally times an amplitude (YaRN's a).
/// Real tables hold θ_i; exact tables hold (cos α_i, sin α_i) from Pythagorean triples and take powers.
template <Scalar T>
struct angle_table {
  std::vector<T> theta;                  ///< real frequencies θ_i (used when `unit` is empty)
  std::vector<std::pair<T, T>> unit;     ///< exact unit rotations (cos α_i, sin α_i)
  T amplitude = T(1);                    ///< cos and sin are multiplied by this
  std::string description;

  bool exact() const { return !unit.empty(); }
  Eigen::Index pairs() const { return exact() ? std::ssize(unit) : std::ssize(theta); }

  /// (a·cos pθ_i, a·sin pθ_i).
  std::pair<T, T> cos_sin(Eigen::Index i, Eigen::Index p) const {
    if (exact()) {
      const auto& [c0, s0] = at_index(unit, i);
      if constexpr (std::is_same_v<T, mpq_rational>) {
        // NOTE: a Pythagorean rotation far out: Gaussian-integer powers, in lowest terms with no gcd
        // (pe/gaussian.hpp); at p = 2^24 the generic powering below canonicalises 10⁷-bit sums.
        if (const auto u = gaussian::as_unit(c0, s0)) {
          auto cs = gaussian::power_fraction(*u, static_cast<long>(p));
          if (amplitude == T(1)) return cs;
          return {T(amplitude * cs.first), T(amplitude * cs.second)};
        }
      }
      // NOTE: (c + i s)^p by binary powering is exact over the rationals; p < 0 uses the conjugate.
      T c = c0, s = p < 0 ? T(-s0) : s0;
      T rc(1), rs(0);
      for (unsigned long e = static_cast<unsigned long>(p < 0 ? -p : p); e; e >>= 1) {
        if (e & 1UL) {
          T nc = rc * c - rs * s;
          rs = rc * s + rs * c;
          rc = nc;
        }
        T nc = c * c - s * s;
        s = T(2) * c * s;
        c = nc;
      }
      return {T(amplitude * rc), T(amplitude * rs)};
    } else {
      if constexpr (scalar_traits<T>::has_trig) {
        const auto [c, s] = cos_and_sin(T(T(p) * at_index(theta, i)));
        return {T(amplitude * c), T(amplitude * s)};
      } else {
        throw unsupported_operation_error("a real frequency table needs sin/cos: use a real scalar");
      }
    }
  }

  /// θ_i = base^(−2i/r), i < r/2 (the RoPE / sinusoid frequencies over r rotated dimensions).
  static angle_table standard(Eigen::Index r, double base = 10000.0) {
    angle_table t;
    t.description = "θ_i = " + trim(base) + "^(−2i/" + std::to_string(r) + ")";
    if constexpr (scalar_traits<T>::has_exp) {
      for (Eigen::Index i = 0; i < r / 2; ++i) t.theta.push_back(sinusoid_frequency(i, r, T(base)));
    } else {
      return pythagorean(r);
    }
    return t;
  }

  /// Exact rotations, one Pythagorean triple per pair: cos = (1−t²)/(1+t²), sin = 2t/(1+t²).
  // NOTE: these angles are irrational multiples of π (Niven), so R_p never repeats; denominators grow
  // like 5^p, so exact positions stay in the tens.
  static angle_table pythagorean(Eigen::Index r) {
    static const Eigen::Index triples[][3] = {{4, 3, 5}, {12, 5, 13}, {15, 8, 17}, {24, 7, 25},
                                      {21, 20, 29}, {40, 9, 41}, {35, 12, 37}, {60, 11, 61}};
    angle_table t;
    t.description = "exact Pythagorean rotations (cos, sin) = (4/5, 3/5), (12/13, 5/13), (15/17, 8/17), …";
    for (Eigen::Index i = 0; i < r / 2; ++i) {
      const auto& tr = triples[i % 8];
      // NOTE: pairs past the eighth reuse a triple with the sine negated, so all angles stay distinct.
      const Eigen::Index sign = (i / 8) % 2 ? -1 : 1;
      t.unit.emplace_back(T(tr[0]) / T(tr[2]), T(sign * tr[1]) / T(tr[2]));
    }
    return t;
  }

  static std::string trim(double x) {
    std::string s = std::to_string(x);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  }
};

/// Position interpolation: θ_i' = θ_i / s.
template <Scalar T>
angle_table<T> pi_angles(Eigen::Index r, double base, double s) {
  auto t = angle_table<T>::standard(r, base);
  for (auto& th : t.theta) th = T(th / T(s));
  t.description = "PI: θ_i/s, s = " + angle_table<T>::trim(s) + ", " + t.description;
  return t;
}

/// NTK-aware: b' = b·s^(d/(d−2)).
template <Scalar T>
angle_table<T> ntk_angles(Eigen::Index r, double base, double s) {
  static_assert(scalar_traits<T>::has_exp, "NTK-aware scaling needs exp/log");
  using std::exp;
  using std::log;
  const T b2 = T(base) * T(exp(T(T(r) / T(r - 2)) * T(log(T(s)))));
  angle_table<T> t;
  for (Eigen::Index i = 0; i < r / 2; ++i) t.theta.push_back(T(exp(T(-T(2 * i) / T(r) * T(log(b2))))));
  t.description = "NTK-aware: b' = b·s^(d/(d−2)), b = " + angle_table<T>::trim(base) + ", s = " + angle_table<T>::trim(s);
  return t;
}

/// YaRN: θ_i' = (1−γ_i)θ_i/s + γ_iθ_i, γ_i = 1 − clamp((i−lo)/(hi−lo), 0, 1); cos, sin × a = 0.1 ln s + 1.
template <Scalar T>
angle_table<T> yarn_angles(Eigen::Index r, double base, double s, double original_length, double beta_fast = 32,
                           double beta_slow = 1, int factor_applications = 1) {
  static_assert(scalar_traits<T>::has_exp, "YaRN needs exp/log");
  using std::ceil;
  using std::floor;
  using std::log;
  auto t = angle_table<T>::standard(r, base);
  const double pi = 3.14159265358979323846;
  const double lo = std::max(0.0, std::floor(r * std::log(original_length / (2 * pi * beta_fast)) / (2 * std::log(base))));
  const double hi = std::min(double(r / 2 - 1), std::ceil(r * std::log(original_length / (2 * pi * beta_slow)) / (2 * std::log(base))));
  for (std::size_t i = 0; i < t.theta.size(); ++i) {
    double ramp = hi == lo ? (double(i) < lo ? 0.0 : 1.0) : (double(i) - lo) / (hi - lo);
    ramp = std::min(1.0, std::max(0.0, ramp));
    const T gamma = T(1) - T(ramp);
    t.theta[i] = T((T(1) - gamma) * t.theta[i] / T(s) + gamma * t.theta[i]);
  }
  T a = T(T(1) / T(10)) * T(log(T(s))) + T(1);
  t.amplitude = T(1);
  for (int k = 0; k < factor_applications; ++k) t.amplitude = T(t.amplitude * a);
  t.description = "YaRN: s = " + angle_table<T>::trim(s) + ", L₀ = " + angle_table<T>::trim(original_length) +
                  ", ramp over pairs [" + angle_table<T>::trim(lo) + ", " + angle_table<T>::trim(hi) +
                  "], cos and sin × a = 0.1 ln s + 1";
  return t;
}

/// Llama-3: λ_i = 2π/θ_i; θ_i if λ_i < L₀/h; θ_i/s if λ_i > L₀/l; else (1−μ)θ_i/s + μθ_i.
template <Scalar T>
angle_table<T> llama3_angles(Eigen::Index r, double base, double s = 8, double low = 1, double high = 4,
                             double original_length = 8192) {
  auto t = angle_table<T>::standard(r, base);
  const T two_pi = T(2) * T(boost::math::constants::pi<T>());
  for (auto& th : t.theta) {
    const T lambda = T(two_pi / th);
    if (lambda < T(original_length / high)) continue;
    if (T(original_length / low) < lambda) {
      th = T(th / T(s));
    } else {
      const T mu = T((T(original_length) / lambda - T(low)) / T(high - low));
      th = T((T(1) - mu) * th / T(s) + mu * th);
    }
  }
  t.description = "Llama-3: s = " + angle_table<T>::trim(s) + ", l = " + angle_table<T>::trim(low) + ", h = " +
                  angle_table<T>::trim(high) + ", L₀ = " + angle_table<T>::trim(original_length) + ", " + t.description;
  return t;
}

/// Which dimensions a rotary pair joins: (2i, 2i+1) or (i, i + r/2).
enum class rotary_layout { interleaved, half_split };

/// Scalars whose zeros `rotate` may test for: not a symbolic scalar (scalar_traits<T>::is_symbolic), not an
/// interval.
template <class T>
inline constexpr bool skips_zero_pairs = !scalar_traits<T>::is_interval && !requires { requires scalar_traits<T>::is_symbolic; };

/// Rotate the first r dims of x by the angles at position p (layout decides the pairs); the rest pass through.
template <Scalar T>
vec<T> rotate(const vec<T>& x, Eigen::Index p, Eigen::Index r, rotary_layout layout, const angle_table<T>& angles) {
  vec<T> y = x;
  const Eigen::Index half = r / 2;
  for (Eigen::Index i = 0; i < half; ++i) {
    const Eigen::Index a = layout == rotary_layout::interleaved ? 2 * i : i;
    const Eigen::Index b = layout == rotary_layout::interleaved ? 2 * i + 1 : i + half;
    // NOTE: R·(0, 0) = (0, 0): a pair of zeros stays as it is, without its angle (the PE battery rotates
    // basis vectors, one nonzero pair of r/2; a real angle is an mpfr_sin_cos in mpfr100, an exact one a
    // Gaussian-integer power). Exact scalars: the same value. Floating ones: equal under == (the rotation
    // could give −0 where this keeps +0), and a non-finite angle of the pair (a hand-made table) is not
    // computed here — the pair's own basis vector, which the battery also rotates, meets it. NaN and ∞ in x
    // are not zero and go through the rotation. Not over symbols (no value-dependent branch there: an
    // identity over symbols covers one code path) nor intervals.
    if constexpr (skips_zero_pairs<T>) {
      if (at_index(x, a) == T(0) && at_index(x, b) == T(0)) continue;
    }
    if constexpr (std::is_same_v<T, mpq_rational>) {
      // NOTE: an exact Pythagorean rotation: y = (x_a·A − x_b·B, x_a·B + x_b·A)/c^|p| with A + iB = (a + ib)^|p|
      // — the sums over integers A, B (no large gcd), then lowest terms by the primes of c (pe/gaussian.hpp).
      if (angles.exact() && angles.amplitude == T(1)) {
        const auto& [c0, s0] = at_index(angles.unit, i);
        if (const auto u = gaussian::as_unit(c0, s0)) {
          const unsigned long e = static_cast<unsigned long>(p < 0 ? -p : p);
          gaussian::integer A, B, ce;
          gaussian::power(*u, e, A, B);
          if (p < 0) mpz_neg(gaussian::get(B), gaussian::get(B));
          mpz_ui_pow_ui(gaussian::get(ce), static_cast<unsigned long>(u->c), e);
          mpq_rational Aq, Bq;
          mpq_set_z(Aq.backend().data(), gaussian::get(A));
          mpq_set_z(Bq.backend().data(), gaussian::get(B));
          const T ta = T(at_index(x, a) * Aq - at_index(x, b) * Bq), tb = T(at_index(x, a) * Bq + at_index(x, b) * Aq);
          at_index(y, a) = gaussian::over_power(mpq_numref(ta.backend().data()), mpq_denref(ta.backend().data()), *u, e, gaussian::get(ce));
          at_index(y, b) = gaussian::over_power(mpq_numref(tb.backend().data()), mpq_denref(tb.backend().data()), *u, e, gaussian::get(ce));
          continue;
        }
      }
    }
    auto [c, s] = angles.cos_sin(i, p);
    at_index(y, a) = T(c * at_index(x, a) - s * at_index(x, b));
    at_index(y, b) = T(s * at_index(x, a) + c * at_index(x, b));
  }
  return y;
}

/// RoPE: q ↦ R_m q, k ↦ R_n k on the first r dims (r = d: full rotary; r < d: partial).
template <Scalar T>
struct rope_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::query_key;
  std::string id = "rope";
  Eigen::Index d = 8;
  Eigen::Index r = 8;
  rotary_layout layout = rotary_layout::interleaved;
  angle_table<T> angles = angle_table<T>::standard(8);

  std::string name() const { return id + (angles.exact() ? "/pythagorean" : ""); }
  std::string parameters() const {
    return "d = " + std::to_string(d) + (r < d ? ", rotary r = " + std::to_string(r) : std::string()) + ", " +
           (layout == rotary_layout::interleaved ? "interleaved" : "half-split") + ", " + angles.description;
  }
  Eigen::Index dim() const { return d; }
  vec<T> query(const vec<T>& q, Eigen::Index m) const { return rotate(q, m, r, layout, angles); }
  vec<T> key(const vec<T>& k, Eigen::Index n) const { return rotate(k, n, r, layout, angles); }
  T norm_scale() const { return angles.amplitude; }
  /// G = R_1 (the rotation by θ_i on each pair, the identity past r): query(q, m) = G^m q, a one-parameter
  /// group. None (empty) when the angles carry an amplitude a ≠ 1 (YaRN): a·R_m is not G^m for any G.
  std::vector<vec<T>> generator() const {
    if (!(angles.amplitude == T(1))) return {};
    std::vector<vec<T>> g(to_size(d, "the width"), vec<T>(to_size(d, "the width"), T(0)));
    for (Eigen::Index j = 0; j < d; ++j) at_index(at_index(g, j), j) = T(1);
    const Eigen::Index half = r / 2;
    for (Eigen::Index i = 0; i < half; ++i) {
      const Eigen::Index a = layout == rotary_layout::interleaved ? 2 * i : i;
      const Eigen::Index b = layout == rotary_layout::interleaved ? 2 * i + 1 : i + half;
      const auto [c, s] = angles.cos_sin(i, 1);
      at_index(at_index(g, a), a) = c;
      at_index(at_index(g, a), b) = T(-s);
      at_index(at_index(g, b), a) = s;
      at_index(at_index(g, b), b) = c;
    }
    return g;
  }
  std::vector<std::pair<T, T>> phases(Eigen::Index delta) const {
    std::vector<std::pair<T, T>> out;
    for (Eigen::Index i = 0; i < angles.pairs(); ++i) out.push_back(angles.cos_sin(i, delta));
    return out;
  }
};

/// xPos: q ↦ ζ^(m/B)⊙R_m q, k ↦ ζ^(−n/B)⊙R_n k, ζ_i = (2i/d + 0.4)/1.4 on both dims of pair i.
template <Scalar T>
struct xpos_scheme {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::query_key;
  Eigen::Index d = 8;
  Eigen::Index scale_base = 512;  ///< B (exact runs use B = 1 so that ζ^(m/B) is an integer power)
  angle_table<T> angles = angle_table<T>::standard(8);

  std::string name() const { return std::string("xpos") + (angles.exact() ? "/pythagorean" : ""); }
  std::string parameters() const {
    return "d = " + std::to_string(d) + ", interleaved, ζ_i = (2i/d + 0.4)/1.4, B = " + std::to_string(scale_base) +
           ", " + angles.description;
  }
  Eigen::Index dim() const { return d; }
  T zeta_power(Eigen::Index i, Eigen::Index p) const {
    const T zeta = (T(2 * i) / T(d) + T(2) / T(5)) / (T(7) / T(5));
    if constexpr (scalar_traits<T>::has_exp) {
      using std::pow;
      return T(pow(zeta, T(T(p) / T(scale_base))));
    } else {
      if (scale_base != 1) throw unsupported_operation_error("exact xPos needs B = 1 (an integer power of ζ)");
      const Eigen::Index e = p < 0 ? -p : p;
      if constexpr (std::is_same_v<T, mpq_rational>) {
        // NOTE: ζ = a/b in lowest terms (a, b > 0), so ζ^e = a^e/b^e is in lowest terms too: two powers by
        // GMP (mpz_pow_ui) and no gcd, where e products of canonicalised rationals cost O(e²) — 65 s of CPU
        // for the far boundaries up to 2^18 (2026-12-03, machine C).
        mpq_srcptr z = zeta.backend().data();
        gaussian::integer num, den;
        mpz_pow_ui(gaussian::get(num), mpq_numref(z), static_cast<unsigned long>(e));
        mpz_pow_ui(gaussian::get(den), mpq_denref(z), static_cast<unsigned long>(e));
        return p < 0 ? gaussian::lowest_terms(std::move(den), std::move(num))
                     : gaussian::lowest_terms(std::move(num), std::move(den));
      } else {
        // NOTE: square-and-multiply: log₂ e products.
        T r(1), b = zeta;
        for (Eigen::Index k = e; k > 0; k >>= 1) {
          if (k & 1) r *= b;
          if (k > 1) b *= b;
        }
        return p < 0 ? T(T(1) / r) : r;
      }
    }
  }
  vec<T> scaled(vec<T> x, Eigen::Index p) const {
    for (Eigen::Index i = 0; i < d / 2; ++i) {
      if constexpr (std::is_same_v<T, mpq_rational>) {
        // NOTE: ζ = a/b in lowest terms; each entry times ζ^p in lowest terms without a gcd of its 10⁵-bit
        // numerator and ζ^p's denominator (pe/gaussian.hpp, times_power); the same value as x·zeta_power.
        if (scale_base != 1) throw unsupported_operation_error("exact xPos needs B = 1 (an integer power of ζ)");
        const T zeta = (T(2 * i) / T(d) + T(2) / T(5)) / (T(7) / T(5));
        mpq_srcptr z = zeta.backend().data();
        if (mpz_fits_ulong_p(mpq_numref(z)) && mpz_fits_ulong_p(mpq_denref(z)) && mpq_sgn(z) > 0) {
          const unsigned long a = mpz_get_ui(mpq_numref(z)), b = mpz_get_ui(mpq_denref(z));
          const unsigned long e = static_cast<unsigned long>(p < 0 ? -p : p);
          for (Eigen::Index j : {2 * i, 2 * i + 1})
            at_index(x, j) = p < 0 ? gaussian::times_power(at_index(x, j), b, a, e) : gaussian::times_power(at_index(x, j), a, b, e);
          continue;
        }
      }
      const T z = zeta_power(i, p);
      at_index(x, 2 * i) *= z;
      at_index(x, 2 * i + 1) *= z;
    }
    return x;
  }
  vec<T> query(const vec<T>& q, Eigen::Index m) const { return scaled(rotate(q, m, d, rotary_layout::interleaved, angles), m); }
  vec<T> key(const vec<T>& k, Eigen::Index n) const { return scaled(rotate(k, n, d, rotary_layout::interleaved, angles), -n); }
};

}  // namespace orderblind::pe
