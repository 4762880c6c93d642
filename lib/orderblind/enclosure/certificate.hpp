// SPDX-License-Identifier: MIT
#pragma once
/// The rigorous-enclosure certificate: each identity evaluated in MPFI over random cases, with a proven
/// bound on |residual| (an upper end of an enclosure, printed rounded upward).
#include <cstdint>
#include <string>
#include <vector>

#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/enclosure/identities.hpp"

namespace orderblind::enclosure {

/// The outcome of one identity over its cases.
struct enclosure_result {
  std::string id;         ///< e.g. "sinusoid-shift"
  std::string statement;  ///< the identity
  std::string source;     ///< where the texts state it
  std::string setup;      ///< dimensions, position ranges, how cases were drawn
  long cases = 0;
  std::uint64_t seed = 0;
  mpfr100 bound;          ///< proven: |residual| ≤ bound in every case (max of upper(|enclosure|))
  mpfr100 max_width;      ///< widest enclosure seen
  bool all_contain_zero = true;  ///< every enclosure contained 0 (consistent with the identity; not a proof)
  bool held = false;             ///< bound ≤ threshold and every enclosure bounded
  std::string worst_case;        ///< the case with the largest bound
  std::string unbounded_at;      ///< the first case whose enclosure was NaN or unbounded ("" if none)
};

/// The bound a certificate demands at 100 digits.
// NOTE: why 1e-90. Each residual is a few hundred MPFI operations (d ≤ 128 terms, sin/cos of angles
// ≤ 4096·1 rad) on values ≤ 64; the enclosures' widths grow like (#operations)·(magnitude)·10^-100,
// below 1e-94 here. A true identity therefore certifies far below 1e-90, and a false one (a wrong
// frequency, a wrong sign) leaves a residual of order 1e-3 or more, so 1e-90 separates them with
// orders of magnitude to spare on either side.
inline mpfr100 required_bound() { return mpfr100("1e-90"); }

/// upper(|x|): the proven bound on the value enclosed by x.
inline mpfr100 magnitude(const interval& x) { return mpfr100(upper(abs(x))); }

/// A decimal at least as large as b, with 3 significant digits ("3.17e-96"): safe to print as "≤".
inline std::string upward(const mpfr100& b) {
  if (b == 0) return "0";
  std::string s = b.str(3, std::ios_base::scientific);
  mpfr100 v(s);
  if (v < b) {
    s = mpfr100(b * mpfr100("1.01")).str(3, std::ios_base::scientific);
  }
  return s;
}

/// Which implementation the checks run: the real one, or a mutant that one of them must catch.
enum class variant {
  correct,
  wrong_frequency  ///< MUTANT: one side of every identity uses θ_2 where pair 1 needs θ_1
};

/// The frequency the "other side" of each identity uses under a variant.
inline frequency_fn<interval> other_side(variant v) {
  if (v == variant::correct) return base10000<interval>();
  return [](Eigen::Index i, Eigen::Index d) { return frequency<interval>(i == 1 ? 2 : i, d, interval(10000)); };
}

/// The verdict of one identity: every enclosure bounded (none NaN or infinite) and the proven bound at
/// most required_bound(). Written `bound <= required`, which is false for NaN.
inline bool certificate_holds(const enclosure_result& r) {
  return r.unbounded_at.empty() && r.bound <= required_bound();
}

namespace detail {
inline void account(enclosure_result& r, const interval& x, const std::string& label) {
  // NOTE: a NaN enclosure has NaN ends, and `bound < NaN` is false: without this it would be skipped
  // and the certificate would hold on it. An unbounded enclosure proves nothing either.
  if (!comparable(x)) {
    if (r.unbounded_at.empty()) r.unbounded_at = label + ": enclosure " + format_scalar(x);
    r.all_contain_zero = false;
    return;
  }
  const mpfr100 b = magnitude(x);
  if (r.bound < b) {
    r.bound = b;
    r.worst_case = label;
  }
  const mpfr100 w(width(x));
  if (r.max_width < w) r.max_width = w;
  if (!(lower(x) <= 0 && 0 <= upper(x))) r.all_contain_zero = false;
}
inline interval dyadic(case_source& rng) { return interval(rng.uniform_int(-16, 16)) / interval(8); }
inline Matrix<interval> dyadic_matrix(case_source& rng, Eigen::Index r, Eigen::Index c) {
  Matrix<interval> m(r, c);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < c; ++j) m(i, j) = dyadic(rng);
  return m;
}
}  // namespace detail

/// Runs every identity over `cases` random cases from `seed`.
inline std::vector<enclosure_result> run_certificate(long cases, std::uint64_t seed, variant v = variant::correct) {
  const auto theta = base10000<interval>();
  const auto other = other_side(v);
  std::vector<enclosure_result> out;
  auto finish = [&](enclosure_result r) {
    r.cases = cases;
    r.seed = seed;
    r.held = certificate_holds(r);
    out.push_back(std::move(r));
  };
  {
    enclosure_result r{"sinusoid-shift", "PE(p+k) = R_k·PE(p) pairwise, R_k the rotation by k·θ_i, θ_i = 10000^(-2i/d)",
                       "text 000 §4; text 003 (angle addition)", "d = 128, p in [0, 4096), k in [-512, 512]", 0, 0, 0, 0,
                       true, false, {}, {}};
    case_source rng(seed);
    for (long c = 0; c < cases; ++c) {
      const long p = rng.uniform_int(0L, 4095L), k = rng.uniform_int(-512L, 512L);
      for (const auto& x : sinusoid_shift_residual<interval>(p, k, 128, theta, other))
        detail::account(r, x, "p = " + std::to_string(p) + ", k = " + std::to_string(k));
    }
    finish(std::move(r));
  }
  {
    enclosure_result r{"sinusoid-relative-dot", "PE(m)·PE(n) = Σ_i cos((m-n)θ_i): the dot product depends on m - n only",
                       "text 000 §4; text 003", "d = 128, m, n in [0, 4096)", 0, 0, 0, 0, true, false, {}, {}};
    case_source rng(seed + 1);
    for (long c = 0; c < cases; ++c) {
      const long m = rng.uniform_int(0L, 4095L), n = rng.uniform_int(0L, 4095L);
      detail::account(r, sinusoid_dot_residual<interval>(m, n, 128, theta, other),
                      "m = " + std::to_string(m) + ", n = " + std::to_string(n));
    }
    finish(std::move(r));
  }
  {
    enclosure_result r{"rope-relative-score", "<R_m q, R_n k> = <q, R_(n-m) k> (RoPE, interleaved pairs)",
                       "text 003 (RoPE bakes relative distance into the scores); text 000 §4",
                       "d = 64, q, k entries in {-2, -15/8, ..., 2}, m, n in [0, 4096)", 0, 0, 0, 0, true, false, {}, {}};
    case_source rng(seed + 2);
    for (long c = 0; c < cases; ++c) {
      const auto q = detail::dyadic_matrix(rng, 1, 64), k = detail::dyadic_matrix(rng, 1, 64);
      const long m = rng.uniform_int(0L, 4095L), n = rng.uniform_int(0L, 4095L);
      detail::account(r, rope_relative_residual<interval>(q, k, m, n, theta, other),
                      "m = " + std::to_string(m) + ", n = " + std::to_string(n));
    }
    finish(std::move(r));
  }
  {
    enclosure_result r{"rope-attention-shift",
                       "Attn_RoPE(X, positions + k) = Attn_RoPE(X, positions): softmax in the difference form "
                       "1/Σ_j exp(s_j - s_i)",
                       "text 003 (relative distance in the scores); text 001 §3.4 (RoPE changes q and k)",
                       "n = 4 tokens, d_model = d_k = d_v = 8, X and W entries in {-2, -15/8, ..., 2}, positions in "
                       "[0, 2048), k in [-512, 512]",
                       0, 0, 0, 0, true, false, {}, {}};
    case_source rng(seed + 3);
    for (long c = 0; c < cases; ++c) {
      const auto x = detail::dyadic_matrix(rng, 4, 8);
      const head_weights<interval> w{detail::dyadic_matrix(rng, 8, 8), detail::dyadic_matrix(rng, 8, 8),
                                     detail::dyadic_matrix(rng, 8, 8)};
      std::vector<long> pos(4);
      for (auto& p : pos) p = rng.uniform_int(0L, 2047L);
      const long k = rng.uniform_int(-512L, 512L);
      const auto res = rope_attention_shift_residual<interval>(x, w, pos, k, theta, other);
      for (Eigen::Index i = 0; i < res.rows(); ++i)
        for (Eigen::Index j = 0; j < res.cols(); ++j) detail::account(r, res(i, j), "case " + std::to_string(c + 1) + ", k = " + std::to_string(k));
    }
    finish(std::move(r));
  }
  return out;
}

/// The arithmetic line of the certificate.
inline std::string certificate_arithmetic() {
  return "MPFI intervals, 100 decimal digits (mpfi100): every enclosure contains the exact real value";
}

/// The caveat every certificate prints.
inline std::string certificate_caveat() {
  return "An enclosure containing 0 bounds |residual|; it does not by itself prove equality. Equalities are "
         "proven by the exact paths (Q(t) for softmax, Q for rational rotations).";
}

}  // namespace orderblind::enclosure
