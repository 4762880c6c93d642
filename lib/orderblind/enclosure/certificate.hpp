// SPDX-License-Identifier: MIT
#pragma once
/// The rigorous-enclosure certificate: each identity evaluated in MPFI over random cases, every residual
/// enclosure compared with 0 by verify/bound.hpp's enclosure rule (overlap and width), and a proven bound
/// on |residual| (an upper end of an enclosure, printed rounded upward); the result is the report.
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/enclosure/identities.hpp"
#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::enclosure {

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

/// The comparison every residual enclosure must pass (verify/bound.hpp's enclosure rule, against the exact
/// value 0): it overlaps 0 and is no wider than required_bound(), so |residual| ≤ width ≤ required_bound().
/// A NaN or unbounded enclosure fails it.
// NOTE: bound.hpp states a width bound as width_k·ε·s; here s = 1 and width_k = required_bound()/ε (ε of
// mpfr100), so the width bound is required_bound() up to one rounding of width_k to double (relative
// 2^-53; the test puts enclosures 0.2 % under and over it). An enclosure that excludes 0 disproves the identity: it fails as "do not overlap".
inline verify::tolerance<interval> certificate_tolerance() {
  const double k = static_cast<double>(required_bound() / std::numeric_limits<mpfr100>::epsilon());
  return {k, verify::one_scale(interval(1)), "every enclosure bounded, containing 0 and no wider than " +
                                                 upward(required_bound()), k};
}

/// One identity's check from its residual enclosures: row c of `residuals` holds case c's residuals
/// (labelled labels[c]), compared with 0 by certificate_tolerance(). Its residual is the proven bound
/// max upper(|r|) over the bounded enclosures, printed rounded upward; details: the setup, the widest
/// enclosure, whether every enclosure contained 0, the case with the largest bound and the first case
/// whose enclosure was NaN or unbounded (null if none).
inline verify::check identity_check(std::string id, std::string statement, std::string source, const std::string& setup,
                                    const Matrix<interval>& residuals, const std::vector<std::string>& labels,
                                    std::uint64_t seed) {
  verify::check c;
  c.id = std::move(id);
  c.statement = std::move(statement);
  c.source = std::move(source);
  c.compared = "the residual of the identity, enclosed in an MPFI interval, in every case (" + setup + ")";
  c.arithmetic = "mpfi100 (MPFI intervals, 100 decimal digits)";
  c.evidence = verify::evidence_kind::enclosure;
  const auto tol = certificate_tolerance();
  c.bound = tol.text + " (so proven |residual| ≤ " + upward(required_bound()) + "), in every case";
  c.cases = residuals.rows();
  c.seed = seed;
  mpfr100 bound = 0, max_width = 0;
  bool all_contain_zero = true;
  std::string worst_case, unbounded_at;
  for (Eigen::Index i = 0; i < residuals.rows(); ++i)
    for (Eigen::Index j = 0; j < residuals.cols(); ++j) {
      const interval& x = residuals(i, j);
      const std::string& label = labels.at(static_cast<std::size_t>(i));
      // NOTE: a NaN enclosure has NaN ends (`bound < NaN` is false) and an unbounded one proves nothing:
      // neither enters the figures; verify::compare below fails on it and names it.
      if (!comparable(x)) {
        if (unbounded_at.empty()) unbounded_at = label + ": enclosure " + format_scalar(x);
        all_contain_zero = false;
        continue;
      }
      const mpfr100 b = magnitude(x);
      if (bound < b) {
        bound = b;
        worst_case = label;
      }
      const mpfr100 w(width(x));
      if (max_width < w) max_width = w;
      if (!(lower(x) <= 0 && 0 <= upper(x))) all_contain_zero = false;
    }
  const auto cmp = verify::compare(residuals, Matrix<interval>(Matrix<interval>::Zero(residuals.rows(), residuals.cols())),
                                   tol, "residual", "0");
  c.outcome = verify::held_if(cmp.held);
  // NOTE: the residual is the proven bound on |residual| over every case, a decimal rounded upward (so
  // safe to read as "≤"), as text: it is a bound, not a sampled value.
  c.residual = upward(bound);
  if (!cmp.held)
    c.note = (unbounded_at.empty() ? "" : "NOT A BOUNDED ENCLOSURE: ") +
             (cmp.at ? labels.at(static_cast<std::size_t>(cmp.at.row)) + ": " : std::string()) + cmp.why;
  c.with("setup", setup)
      .with("max_width", upward(max_width))
      .with("all_contain_zero", all_contain_zero)
      .with("worst_case", worst_case)
      .with("unbounded_at", unbounded_at.empty() ? verify::value() : verify::value(unbounded_at));
  return c;
}

namespace detail {
inline interval dyadic(case_source& rng) { return interval(rng.uniform_int(-16, 16)) / interval(8); }
inline Matrix<interval> dyadic_matrix(case_source& rng, Eigen::Index r, Eigen::Index c) {
  Matrix<interval> m(r, c);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < c; ++j) m(i, j) = dyadic(rng);
  return m;
}
/// Case c's residuals as row c of `rows`, and its label.
inline void add_case(Matrix<interval>& rows, std::vector<std::string>& labels, Eigen::Index c,
                     const std::vector<interval>& residuals, std::string label) {
  if (rows.cols() == 0) rows.resize(rows.rows(), static_cast<Eigen::Index>(residuals.size()));
  for (std::size_t j = 0; j < residuals.size(); ++j) rows(c, static_cast<Eigen::Index>(j)) = residuals[j];
  labels.push_back(std::move(label));
}
}  // namespace detail

/// The arithmetic line of the certificate.
inline std::string certificate_arithmetic() {
  return "MPFI intervals, 100 decimal digits (mpfi100): every enclosure contains the exact real value";
}

/// The caveat every certificate prints.
inline std::string certificate_caveat() {
  return "An enclosure containing 0 bounds |residual|; it does not by itself prove equality. Equalities are "
         "proven by the exact paths (Q(t) for softmax, Q for rational rotations).";
}

/// The certificate as the report "orderblind-enclosures/2": every identity over `cases` random cases from
/// `seed` (identity i draws from seed + i), one check per identity (identity_check).
inline verify::report run_certificate(long cases, std::uint64_t seed, variant v = variant::correct) {
  const auto theta = base10000<interval>();
  const auto other = other_side(v);
  verify::value::checks identities;
  const auto rows = [&] { return Matrix<interval>(cases, 0); };
  {
    Matrix<interval> res = rows();
    std::vector<std::string> labels;
    case_source rng(seed);
    for (long c = 0; c < cases; ++c) {
      const long p = rng.uniform_int(0L, 4095L), k = rng.uniform_int(-512L, 512L);
      detail::add_case(res, labels, c, sinusoid_shift_residual<interval>(p, k, 128, theta, other),
                       "p = " + std::to_string(p) + ", k = " + std::to_string(k));
    }
    identities.push_back(identity_check("sinusoid-shift",
                                        "PE(p+k) = R_k·PE(p) pairwise, R_k the rotation by k·θ_i, θ_i = 10000^(-2i/d)",
                                        "text 000 §4; text 003 (angle addition)",
                                        "d = 128, p in [0, 4096), k in [-512, 512]", res, labels, seed));
  }
  {
    Matrix<interval> res = rows();
    std::vector<std::string> labels;
    case_source rng(seed + 1);
    for (long c = 0; c < cases; ++c) {
      const long m = rng.uniform_int(0L, 4095L), n = rng.uniform_int(0L, 4095L);
      detail::add_case(res, labels, c, {sinusoid_dot_residual<interval>(m, n, 128, theta, other)},
                       "m = " + std::to_string(m) + ", n = " + std::to_string(n));
    }
    identities.push_back(identity_check("sinusoid-relative-dot",
                                        "PE(m)·PE(n) = Σ_i cos((m-n)θ_i): the dot product depends on m - n only",
                                        "text 000 §4; text 003", "d = 128, m, n in [0, 4096)", res, labels, seed));
  }
  {
    Matrix<interval> res = rows();
    std::vector<std::string> labels;
    case_source rng(seed + 2);
    for (long c = 0; c < cases; ++c) {
      const auto q = detail::dyadic_matrix(rng, 1, 64), k = detail::dyadic_matrix(rng, 1, 64);
      const long m = rng.uniform_int(0L, 4095L), n = rng.uniform_int(0L, 4095L);
      detail::add_case(res, labels, c, {rope_relative_residual<interval>(q, k, m, n, theta, other)},
                       "m = " + std::to_string(m) + ", n = " + std::to_string(n));
    }
    identities.push_back(identity_check("rope-relative-score", "<R_m q, R_n k> = <q, R_(n-m) k> (RoPE, interleaved pairs)",
                                        "text 003 (RoPE bakes relative distance into the scores); text 000 §4",
                                        "d = 64, q, k entries in {-2, -15/8, ..., 2}, m, n in [0, 4096)", res, labels,
                                        seed));
  }
  {
    Matrix<interval> res = rows();
    std::vector<std::string> labels;
    case_source rng(seed + 3);
    for (long c = 0; c < cases; ++c) {
      const auto x = detail::dyadic_matrix(rng, 4, 8);
      const head_weights<interval> w{detail::dyadic_matrix(rng, 8, 8), detail::dyadic_matrix(rng, 8, 8),
                                     detail::dyadic_matrix(rng, 8, 8)};
      std::vector<long> pos(4);
      for (auto& p : pos) p = rng.uniform_int(0L, 2047L);
      const long k = rng.uniform_int(-512L, 512L);
      const auto r = rope_attention_shift_residual<interval>(x, w, pos, k, theta, other);
      std::vector<interval> flat;
      for (Eigen::Index i = 0; i < r.rows(); ++i)
        for (Eigen::Index j = 0; j < r.cols(); ++j) flat.push_back(r(i, j));
      detail::add_case(res, labels, c, flat, "case " + std::to_string(c + 1) + ", k = " + std::to_string(k));
    }
    identities.push_back(identity_check(
        "rope-attention-shift",
        "Attn_RoPE(X, positions + k) = Attn_RoPE(X, positions): softmax in the difference form 1/Σ_j exp(s_j - s_i)",
        "text 003 (relative distance in the scores); text 001 §3.4 (RoPE changes q and k)",
        "n = 4 tokens, d_model = d_k = d_v = 8, X and W entries in {-2, -15/8, ..., 2}, positions in [0, 2048), k in "
        "[-512, 512]",
        res, labels, seed));
  }
  verify::report r{"orderblind-enclosures/2", "Certificate: rigorous enclosures of the sinusoid and RoPE identities", {}};
  r.add("arithmetic", certificate_arithmetic())
      .add("frequencies", "theta_i = 10000^(-2i/d), enclosed as exp(-(2i/d)·log 10000)")
      .add("required_bound", upward(required_bound()))
      .add("identities", std::move(identities))
      .add("caveat", certificate_caveat());
  return r;
}

}  // namespace orderblind::enclosure
