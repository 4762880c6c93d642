// SPDX-License-Identifier: MIT
#pragma once
/// The battery: every property of report.hpp, written once over the Scheme concept and run on any
/// scheme under any scalar. Exact scalars decide with `==`; real scalars with a tolerance in ε stated
/// in each law check. Counterexamples are minimal in the order searched (smallest positions first).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <Eigen/QR>

#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/index.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/erased.hpp"
#include "orderblind/pe/gaussian.hpp"
#include "orderblind/pe/report.hpp"
#include "orderblind/pe/solve.hpp"
#include "orderblind/pe/vector.hpp"
#include "orderblind/scalar/multiprecision_types.hpp"
#include "orderblind/verify/bound.hpp"

namespace orderblind::pe {

/// How far the battery looks; sized per arithmetic (exact denominators grow like 5^p).
struct battery_config {
  Eigen::Index positions = 16;        ///< the grid [0, P) of query/key positions for pairwise laws
  Eigen::Index injective_max = 320;   ///< injectivity is checked for p < this
  Eigen::Index sweep = 300;           ///< extrapolation/boundedness sweep [0, sweep)
  std::vector<Eigen::Index> far = {1000, 10000, 100000};
  std::vector<Eigen::Index> shifts = {1, 3, 7};
  int contents = 2;           ///< content vectors per law
  Eigen::Index decay_windows = 10;    ///< RoPE bound: window means over [2^j, 2^(j+1)), j < this
  Eigen::Index decay_reach = 64;      ///< score decay: |Δ| ≤ this around m = this
  /// Pairwise laws (relative scores, shift-linear, score decays) and injectivity also probe windows
  /// straddling these and the scheme's max_position: every power of two where a number format or an
  /// index type loses information (2^7 … 2^24: int8 … int16 ids, bfloat16/half/float significands;
  /// 2^31: int32), each where the scheme is defined and finite there.
  std::vector<Eigen::Index> pair_far = far_powers();
  Eigen::Index far_span = 4;          ///< positions [B − far_span/2, B + far_span/2) around each far base B
  Eigen::Index injective_span = 8;    ///< injectivity: positions [B − span/2, B + span/2) around each far base B
  Eigen::Index far_decay_reach = 8;   ///< score decay at a far base: |Δ| ≤ this
  /// A scheme with max_position() ≤ this (a learned table) is checked whole: injectivity and relative
  /// scores compare every pair of defined positions, shift-linearity every position.
  Eigen::Index whole_table = 1024;
  /// Distance scales: the pairwise laws compare pairs with n − m = ±2^j and random |n − m| ≤ 2^j, for
  /// every j up to the largest window probed, `scale_pairs` pairs per scale (seeded by `seed`); a bug
  /// that keeps small differences (ids modulo a period) shows only across a period.
  int scale_pairs = 4;
  std::uint64_t seed = 20261203;
  /// Exact rows probe the far windows while a probed entry stays below this many characters (predicted
  /// from the last window, linearly in p: a Pythagorean rotation's denominator is 5^p). Further windows
  /// are the real rows' (docs/positional.md states the cost).
  // NOTE: 3000 characters (≈ 10⁴ bits) keeps an exact rotary row near 5 s: with 40000 (windows up to
  // 2^14, entries of ≈ 4·10⁴ bits) the exact RoPE row of tests/pe took 57 s on this machine class; the
  // cost is the scheme's own binary powering and GMP's gcds, growing with p (docs/positional.md).
  std::size_t exact_far_chars = 3000;
  /// Past that budget, exact rows still probe each power of two 2^k of `pair_far` at its boundary alone —
  /// positions 2^k − 1, 2^k, 2^k + 1: relative scores on the pairs across 2^k against the same offsets
  /// at 0, injectivity among the three and against the near range — while a probed entry is predicted
  /// to stay below this many characters. Enough to see ids wrapped at 2^k and positions rounded to a
  /// k-bit grid; the whole windows, the shifts and the distance scales stay at the first budget.
  // NOTE: 600000 characters (≈ 2·10⁶ bits: an exact RoPE of d = 4 up to 2^18). No large fraction is reduced
  // there: Pythagorean rotations are Gaussian-integer powers in lowest terms and the boundary scores are
  // compared over the integers (pe/gaussian.hpp). CPU time of the catalogue's exact interleaved RoPE row on
  // this machine class (2026-12-03, load 7–14): 0.31 s to 2^14, 2.7 s to 2^18 (the default), 6.9 s to 2^20;
  // the boundaries 2^19 … 2^24 cost more than the rest of a run (docs/user-schemes.md §8 measures them) and
  // are probed with a larger budget (a battery_config; tests/pe probes them all under the `slow` label).
  std::size_t exact_boundary_chars = 600000;
  /// The laws to run, in any order (empty: every law). A law not named is absent from the run (never
  /// reported held); run_battery refuses a value that names no law or a law named twice.
  std::vector<property> laws;
  /// The relative precision of the scheme's values when they come from data rather than from the
  /// arithmetic (a table read from a float32 file: 2^-23); 0: the arithmetic's own ε. Every floating
  /// bound is then in units of this ε instead (a bound of the arithmetic's ε would fail a float32 table
  /// on its own rounding). Exact arithmetic compares with == whatever this is.
  double input_epsilon = 0;
  /// Replaces every derived floating bound k (in units of input_epsilon, or of the arithmetic's ε when
  /// that is 0): `orderblind check --tolerance-eps`.
  std::optional<double> tolerance;
  /// Filled by the run: max(1, input_epsilon / ε), the factor that turns a bound in units of the input's
  /// ε into one in the arithmetic's.
  double tolerance_factor = 1;
  /// Filled by the run (not by the caller): why the far windows stop where they do, if they stop early,
  /// whether the window below max_position is probed, and the powers of two probed at their boundary only.
  std::string far_note;
  bool far_at_max = true;
  std::vector<Eigen::Index> boundary_far;

  /// 2^7, 2^8, …, 2^24, 2^31.
  static std::vector<Eigen::Index> far_powers() {
    std::vector<Eigen::Index> v;
    for (int k = 7; k <= 24; ++k) v.push_back(Eigen::Index(1) << k);
    v.push_back(Eigen::Index(1) << 31);
    return v;
  }
  /// The bounded law's growth probe: positions where max|entry| must keep rising (all of them, each
  /// above the last by more than the tolerance) and end above twice the sweep's maximum to fail.
  std::vector<Eigen::Index> growth = {1024, 4096, 16384, 65536, 262144, 1048576, 16777216, 268435456};

  /// Defaults for scalar T.
  template <Scalar T>
  static battery_config defaults() {
    battery_config c;
    if constexpr (scalar_traits<T>::is_exact) {
      c.positions = 8;
      c.injective_max = 40;
      c.sweep = 40;
      c.far = {100, 200};
      c.shifts = {1, 3};
      c.decay_reach = 8;
      c.whole_table = 512;
      c.growth = {100, 200};
    }
    return c;
  }
};

namespace detail {

/// An undecided law check of property p in T's arithmetic, resting on the kind of evidence that
/// arithmetic gives: == (exact types, sampled_exact) or a stated ε-bound (floating ones,
/// sampled_within_bound) — for every law of the row, the n/a ones too.
template <Scalar T>
verify::check make_check(property p) {
  return law_check(p, arithmetic_name<T>(),
                   scalar_traits<T>::is_exact ? verify::evidence_kind::sampled_exact
                                              : verify::evidence_kind::sampled_within_bound);
}

template <class S>
using scalar_of = typename S::scalar_type;

// NOTE: arithmetic_name<T>() (the arithmetic in words) is in erased.hpp, which registration shares.

/// The tolerance unit for a law evaluated at phases up to `phase` in dimension d.
// NOTE: why 64·(phase + 1)·d. A real scheme computes sin/cos of pθ; rounding pθ costs ≤ |pθ|·ε absolute
// in the angle (so ≤ (phase+1)·ε in each cos/sin), each rotated entry adds two products, and a score sums
// d of them: an honest bound is ≈ 4·d·(phase+1)·ε·max|x|²; the factor 64 leaves room for the frequency
// formulas (exp/log/pow, ≤ 4 roundings each) and the YaRN/xPos factors. Violations the battery looks for
// are O(1) or O(θ), ≫ this (≈ 1e-90 for mpfr100).
// A scheme whose values come from data (cfg.input_epsilon, a table read from a file) carries the data's
// rounding instead of the arithmetic's: the same argument with ε_in in place of ε (a table computed from
// phases pθ in float32 is off by ≤ (p+1)·ε_in per entry), and the bound is stated in the arithmetic's ε
// times cfg.tolerance_factor = ε_in/ε. cfg.tolerance (the user's) replaces the derived bound.
inline double tolerance_units(const battery_config& cfg, Eigen::Index phase, Eigen::Index d) {
  if (cfg.tolerance) return *cfg.tolerance * cfg.tolerance_factor;
  return 64.0 * static_cast<double>(phase + 1) * static_cast<double>(d) * cfg.tolerance_factor;
}

/// tolerance_units for a fitted map's images: times the fit's pivot ratio `condition` (unless the user
/// set the bound).
inline double fit_tolerance_units(const battery_config& cfg, Eigen::Index phase, Eigen::Index d, double condition) {
  return cfg.tolerance ? tolerance_units(cfg, phase, d) : tolerance_units(cfg, phase, d) * condition;
}

/// The magnitude at or below which a pivot of the fitting and null-space eliminations counts as zero:
/// 0 for exact types, ε^(2/5) otherwise (about 1e-40 for mpfr100, 6e-7 for double).
// NOTE: why ε^(2/5). The eliminated entries are sums of at most d² products of PE values, each
// rounded once, so an entry that is zero in exact arithmetic comes out at most ~d²·ε·max|PE|² — about
// 1e-95 for mpfr100 at d ≤ 64 with |PE| ≤ 1e2. A true pivot of these small, well-scaled systems is
// bounded away from 0 by a quantity that does not shrink with ε (≥ 1e-6 for every catalogue scheme).
// ε^(2/5) sits far from both: 55 orders of magnitude above the rounding noise, 34 below the pivots, for mpfr100.
// Values from data (cfg.input_epsilon) carry the data's rounding: the same rule with ε_in in place of ε.
template <Scalar T>
T pivot_zero_tolerance(const battery_config& cfg) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)cfg;
    return T(0);
  } else {
    return T(std::pow(std::max(static_cast<double>(scalar_traits<T>::epsilon()), cfg.input_epsilon), 0.4));
  }
}

/// |a − b| ≤ k·(ε·|scale| + η), the one comparison family of verify/bound.hpp (`==` for exact types);
/// false on NaN and on ±∞, even on two equal infinities (no law of the battery holds on ∞).
// NOTE: no max(1, ·) floor: the laws are scale-invariant, so the bound scales with the data. `scale` is
// the data's magnitude — a vector's or a window's, never a lone entry's that may pass near 0 (each call
// site says which). Exact types compare with == directly, as verify::compare does, without copying a
// long rational into a 1×1 matrix.
template <Scalar T>
bool close(const T& a, const T& b, double k, const T& scale) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k;
    (void)scale;
    return a == b;
  } else {
    return verify::compare_held(a, b, verify::within_eps<T>(k, verify::one_scale(scale), {}));
  }
}

/// A law with nothing to compare (a table of one or two rows): n/a, never a "held" on zero cases.
template <Scalar T>
verify::check too_few_positions(property p, Eigen::Index defined) {
  verify::check c = make_check<T>(p);
  c.outcome = verify::verdict::not_decidable;
  c.note = "not decided: the scheme defines only " + std::to_string(defined) + " position" + (defined == 1 ? "" : "s") +
              " (max_position()), too few to compare";
  battery_evidence(c) = c.note;
  return c;
}

/// a + b for positions, or an error naming `what` (never a signed overflow).
inline Eigen::Index position_add(Eigen::Index a, Eigen::Index b, const char* what) {
  Eigen::Index r = 0;
  if (__builtin_add_overflow(a, b, &r))
    throw std::overflow_error(std::string("position arithmetic overflows in ") + what + ": " + std::to_string(a) +
                              " + " + std::to_string(b));
  return r;
}

/// The index of the first entry of v that is not a number (NaN, ±∞, an unbounded enclosure), or −1.
template <Scalar T>
Eigen::Index first_non_number(const vec<T>& v) {
  for (Eigen::Index i = 0; i < std::ssize(v); ++i)
    if (!comparable(at_index(v, i))) return i;
  return -1;
}

/// A failed law check for a value that is not a number: no law holds on NaN. `what` names the value
/// ("PE(3)"); `j` is the entry.
template <Scalar T>
verify::check non_number_cell(property p, const std::string& what, const vec<T>& v, Eigen::Index j) {
  verify::check c = make_check<T>(p);
  c.outcome = verify::verdict::failed;
  c.note = what + " entry " + std::to_string(j) + " is " + describe_incomparable(at_index(v, j)) +
              ": not a number, so the law cannot hold";
  battery_evidence(c) = c.note + " (" + format_vec(v) + ")";
  return c;
}

/// A scalar for reading: a short exact value whole, a long one as a labelled decimal (the renderer's
/// wording, verify/reading.hpp), a real one to 12 characters.
template <Scalar T>
std::string readable(const T& x) {
  if constexpr (std::is_same_v<T, mpq_rational>) {
    // NOTE: past 10⁴ digits, from GMP's sizes and a double, without the decimal text (seconds at 10⁷ digits).
    mpq_srcptr q = x.backend().data();
    const std::size_t p = mpz_sizeinbase(mpq_numref(q), 10), d = mpz_sizeinbase(mpq_denref(q), 10);
    if (p + d > 10000) {
      // NOTE: x = (a/b)·2^(ea − eb) with a, b in [0.5, 1) (mpz_get_d_2exp), so log₁₀|x| in a double without
      // overflow (mpq_get_d gives inf past 10³⁰⁸); its absolute error, ≈ |ea − eb|·2⁻⁵³ < 10⁻⁸ up to 10⁷ digits,
      // leaves 6 significant digits of the mantissa right.
      long ea = 0, eb = 0;
      const double a = mpz_get_d_2exp(&ea, mpq_numref(q)), b = mpz_get_d_2exp(&eb, mpq_denref(q));
      const double lg = std::log10(std::fabs(a / b)) + static_cast<double>(ea - eb) * std::log10(2.0);
      const double e10 = std::floor(lg);
      return verify::detail::labelled_decimal(a < 0, std::pow(10.0, lg - e10), static_cast<long>(e10), 6, p,
                                              mpz_cmp_ui(mpq_denref(q), 1) == 0 ? 0 : d, true);
    }
  }
  if constexpr (scalar_traits<T>::is_exact) return verify::detail::exact_for_reading(format_scalar(x));
  else return short_scalar(x);
}

/// A vector for reading: each entry as `readable` gives it, at most `max_entries`.
template <Scalar T>
std::string readable_vec(const vec<T>& v, std::size_t max_entries = 8) {
  if constexpr (!scalar_traits<T>::is_exact) {
    return format_vec(v, max_entries);
  } else {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size() && i < max_entries; ++i) s += (i ? ", " : "") + readable(v[i]);
    return s + (v.size() > max_entries ? ", …)" : ")");
  }
}

/// True when some entry of a and b certainly differs by more than k·(ε·s + η), decided in double from the
/// entries' roundings; false when double cannot tell (the full comparison then decides). Only for real
/// types wider than double; false for double, exact types and enclosures.
// NOTE: a quick rejection. Injectivity compares ~10⁵ pairs of mpfr100 encodings that almost all differ in
// their leading digits; building two 1×d matrices and comparing at 100 digits cost a third of a rotary
// mpfr100 row. Why it is sound: with u = 2⁻⁵³ and each value in double's normal range (or 0), rounding to
// nearest gives |x − fl(x)| ≤ u·|x|, so |a_i − b_i| ≥ |fl(a_i) − fl(b_i)| − u·(|a_i| + |b_i|); each double
// operation below adds a factor (1 ± u). The test x > 4u·y + 2β, with x = |fl(a_i) − fl(b_i)|,
// y = |fl(a_i)| + |fl(b_i)| and β = k·(fl(ε)·fl(s) + fl(η)) in double, then gives |a_i − b_i| >
// 2.9u·y + 1.9β > k·(ε·s + η) — the full comparison fails on that entry too. A value outside double's normal
// range (overflow, underflow, NaN) is left to the full comparison, and so are a product ε·s and a β that
// are not normal doubles (their rounding would no longer be relative: a subnormal ε·s carries an absolute
// error up to 2^-1075, which a large k would carry into β).
// `s` is the scale rounded to double (nearest), or an upper bound of it.
template <Scalar T>
bool apart_in_double(const vec<T>& a, const vec<T>& b, double k, double s) {
  if constexpr (std::is_same_v<T, double> || scalar_traits<T>::is_exact || scalar_traits<T>::is_interval) {
    (void)a, (void)b, (void)k, (void)s;
    return false;
  } else {
    constexpr double u = 0x1p-53;
    const auto normal = [](double x) { return x == 0 || (std::isfinite(x) && std::fabs(x) >= std::numeric_limits<double>::min()); };
    const double eps = static_cast<double>(scalar_traits<T>::epsilon()), eta = static_cast<double>(verify::detail::underflow_unit<T>());
    if (a.size() != b.size() || !normal(s) || !normal(eps) || !normal(eta) || !(k >= 0) || !std::isfinite(k)) return false;
    const double es = eps * s;
    if (!normal(es)) return false;  // NOTE: a subnormal ε·s (ε·s = 0 with s > 0 is caught below, by β)
    const double beta = k * (es + eta);
    if (!normal(beta) || (beta == 0 && k * s > 0)) return false;  // NOTE: ε·s underflowed: not a relative rounding
    for (std::size_t i = 0; i < a.size(); ++i) {
      const double da = static_cast<double>(a[i]), db = static_cast<double>(b[i]);
      if (!normal(da) || !normal(db)) continue;
      if (std::fabs(da - db) > 4 * u * (std::fabs(da) + std::fabs(db)) + 2 * beta) return true;
    }
    return false;
  }
}

/// apart_in_double with the vectors' own scale, max |entry| of both, taken from their roundings (the
/// rounding of the largest entry, itself the largest rounding); false when that is not a normal double.
template <Scalar T>
bool apart_in_double(const vec<T>& a, const vec<T>& b, double k) {
  if constexpr (std::is_same_v<T, double> || scalar_traits<T>::is_exact || scalar_traits<T>::is_interval) {
    (void)a, (void)b, (void)k;
    return false;
  } else {
    double s = 0;
    for (const auto* v : {&a, &b})
      for (const T& x : *v) s = std::max(s, std::fabs(static_cast<double>(x)));  // NOTE: NaN is dropped by max; the entry's own test skips it
    return apart_in_double(a, b, k, s);
  }
}

/// a ≈ b entry by entry: |a_i − b_i| ≤ k·(ε·s + η) with one scale s for the vector (`==` for exact
/// types), through verify::compare_held (after apart_in_double's quick rejection); false on NaN, ±∞ or
/// different lengths.
template <Scalar T>
bool close_vec(const vec<T>& a, const vec<T>& b, double k, const T& scale) {
  if (a.size() != b.size()) return false;
  if constexpr (scalar_traits<T>::is_exact) {
    // NOTE: == entry by entry, with no magnitude: comparing exact values of 10⁷ bits costs a product each.
    (void)k;
    (void)scale;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  } else {
    if (apart_in_double(a, b, k, static_cast<double>(scale))) return false;
    Matrix<T> ma(1, std::ssize(a)), mb(1, std::ssize(b));
    for (std::size_t i = 0; i < a.size(); ++i) {
      ma(0, static_cast<Eigen::Index>(i)) = a[i];
      mb(0, static_cast<Eigen::Index>(i)) = b[i];
    }
    return verify::compare_held(ma, mb, verify::within_eps<T>(k, verify::one_scale(scale), {}));
  }
}

/// close_vec with the vectors' own scale, max |entry| of both.
// NOTE: one scale for the whole vector: an entry that passes near 0 is bounded by the vector's size, which
// its rounding error is proportional to.
template <Scalar T>
bool close_vec(const vec<T>& a, const vec<T>& b, double k) {
  if constexpr (scalar_traits<T>::is_exact) return close_vec(a, b, k, T(0));
  else {
    // NOTE: the quick rejection first, before the scale is formed at the scalar's precision.
    if (apart_in_double(a, b, k)) return false;
    return close_vec(a, b, k, std::max(max_entry(a), max_entry(b)));
  }
}

template <Scalar T>
std::string tolerance_words(double k) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)k;
    return "exact ==";
  } else {
    std::ostringstream os;
    os << "|difference| ≤ " << k << "·(ε·s + η) with s the compared values' magnitude, ε = " << readable(scalar_traits<T>::epsilon());
    return os.str();
  }
}

/// The law held on the stated cases: exactly (==) or within the stated bound, as the check's evidence kind says.
inline verify::verdict held() { return verify::verdict::held; }

/// "2^k" when p is a power of two, else its decimal.
inline std::string position_words(Eigen::Index p) {
  if (p > 0 && (p & (p - 1)) == 0) return "2^" + std::to_string(std::countr_zero(static_cast<unsigned long long>(p)));
  return std::to_string(p);
}

template <Scalar T>
vec<T> ones(Eigen::Index d) {
  return vec<T>(to_size(d, "the width"), T(1));
}

template <Scalar T>
vec<T> basis(Eigen::Index d, Eigen::Index j) {
  vec<T> e(to_size(d, "the width"), T(0));
  at_index(e, j) = T(1);
  return e;
}

/// The last position the scheme defines + 1 (or `fallback`).
template <class S>
Eigen::Index defined_limit(const S& s, Eigen::Index fallback) {
  return s.defines_max_position() ? std::min(fallback, s.max_position_value()) : fallback;
}

/// What "the encoding of position p" is for each kind: PE(p); [R_p x₀ ‖ key R_p x₀]; the bias row/column.
template <class S>
vec<scalar_of<S>> probe(const S& s, Eigen::Index p, Eigen::Index length) {
  using T = scalar_of<S>;
  if constexpr (S::kind == pe_kind::additive) {
    return s.encode(p, length);
  } else if constexpr (S::kind == pe_kind::query_key) {
    const vec<T> x0 = content_vector<T>(s.dim(), 101);
    vec<T> out = s.query(x0, p);
    vec<T> k = s.key(x0, p);
    out.insert(out.end(), k.begin(), k.end());
    return out;
  } else {
    const vec<T> x0 = content_vector<T>(s.dim(), 101);
    return {s.bias(x0, x0, 0, p), s.bias(x0, x0, p, 0)};
  }
}

/// The position part of the score between query position m and key position n (content q, k).
template <class S>
scalar_of<S> position_score(const S& s, const vec<scalar_of<S>>& q, const vec<scalar_of<S>>& k, Eigen::Index m, Eigen::Index n,
                            Eigen::Index length) {
  if constexpr (S::kind == pe_kind::additive) {
    (void)q;
    (void)k;
    return dot(s.encode(m, length), s.encode(n, length));
  } else if constexpr (S::kind == pe_kind::query_key) {
    return dot(s.query(q, m), s.key(k, n));
  } else {
    return scalar_of<S>(dot(q, k) + s.bias(q, k, m, n));
  }
}

/// position_score for one content pair (q, k) with each position's query and key (or encoding) computed
/// once while kept: the pairwise laws score every pair of a grid, so each position meets many partners.
// NOTE: a RoPE query in mpfr100 costs d/2 cosines and sines; scoring the P² pairs of the near grid afresh
// took two scheme calls per pair where P calls per side suffice. A bias scheme's score is not a product of
// per-position values and is called as it is. Callers keep one memo per content pair and region (the near
// grid, one far window), which bounds its memory.
template <class S>
struct score_memo {
  const S& s;
  const vec<scalar_of<S>>& q;
  const vec<scalar_of<S>>& k;
  std::map<std::pair<Eigen::Index, Eigen::Index>, vec<scalar_of<S>>> queries, keys;  // (position, length) → value

  scalar_of<S> operator()(Eigen::Index m, Eigen::Index n, Eigen::Index length) {
    if constexpr (S::kind == pe_kind::score_bias) {
      return position_score(s, q, k, m, n, length);
    } else {
      return dot(side(queries, m, length, false), side(keys, n, length, true));
    }
  }
 private:
  const vec<scalar_of<S>>& side(std::map<std::pair<Eigen::Index, Eigen::Index>, vec<scalar_of<S>>>& kept, Eigen::Index p,
                                Eigen::Index length, bool key_side) {
    // NOTE: an additive scheme's score is PE(m)·PE(n): both sides are the one encoding, kept once.
    auto& into = S::kind == pe_kind::additive ? queries : kept;
    const std::pair<Eigen::Index, Eigen::Index> at{p, S::kind == pe_kind::additive ? length : 0};
    if (auto it = into.find(at); it != into.end()) return it->second;
    vec<scalar_of<S>> v;
    if constexpr (S::kind == pe_kind::additive) v = s.encode(p, length);
    else if constexpr (S::kind == pe_kind::query_key) v = key_side ? s.key(k, p) : s.query(q, p);
    return into.emplace(at, std::move(v)).first->second;
  }
};

/// A finite scheme small enough to be checked whole (max_position() ≤ cfg.whole_table).
template <class S>
bool checked_whole(const S& s, const battery_config& cfg) {
  return s.defines_max_position() && s.max_position_value() <= cfg.whole_table;
}

/// The first positions of the far windows: B − span/2 for each B of cfg.pair_far (as planned by
/// plan_far_windows), and the last window below max_position; `extra` more positions must stay defined.
template <class S>
std::vector<Eigen::Index> far_bases(const S& s, const battery_config& cfg, Eigen::Index extra, Eigen::Index span = -1) {
  if (span < 0) span = cfg.far_span;
  std::vector<Eigen::Index> out;
  Eigen::Index limit = std::numeric_limits<Eigen::Index>::max() / 4;
  if (s.defines_max_position()) limit = s.max_position_value();
  for (Eigen::Index b : cfg.pair_far) {
    const Eigen::Index lo = b - span / 2;
    if (lo >= 0 && position_add(position_add(lo, span, "a far window"), extra, "a far window") <= limit) out.push_back(lo);
  }
  if (s.defines_max_position() && cfg.far_at_max) {
    const Eigen::Index lo = limit - span - extra;
    if (lo > cfg.positions && (out.empty() || lo > out.back())) out.push_back(lo);
  }
  return out;
}

/// The largest entry of v in characters (an exact value's size: a Pythagorean rotation's p/q at p has
/// about 1.4·p digits).
template <Scalar T>
std::size_t widest_entry(const vec<T>& v) {
  std::size_t w = 0;
  for (const auto& x : v) {
    if constexpr (std::is_same_v<T, mpq_rational>) {
      // NOTE: from GMP's size in base 10 (exact or one more), not the decimal text: at 2^24 an entry of an
      // exact rotation has 3.7·10⁷ characters, whose conversion alone costs seconds.
      mpq_srcptr q = x.backend().data();
      w = std::max(w, mpz_sizeinbase(mpq_numref(q), 10) + mpz_sizeinbase(mpq_denref(q), 10) + 2);
    } else {
      w = std::max(w, format_scalar(x).size());
    }
  }
  return w;
}

/// Decides which far windows the run probes (cfg.pair_far, trimmed), and says why it stops in
/// cfg.far_note: a window is probed where the scheme is defined and finite at both its ends (past that,
/// `extrapolates` and `bounded` judge), and, in exact arithmetic, while a probed entry is predicted to
/// stay below cfg.exact_far_chars characters.
template <class S>
void plan_far_windows(const S& s, battery_config& cfg) {
  using T = scalar_of<S>;
  constexpr bool exact = scalar_traits<T>::is_exact;
  const Eigen::Index span = std::max(cfg.far_span, cfg.injective_span);
  const Eigen::Index margin = span + 2 * cfg.far_decay_reach + 8;
  const Eigen::Index limit = s.defines_max_position() ? s.max_position_value() : std::numeric_limits<Eigen::Index>::max() / 4;
  // Returns "" when p is defined and finite there (its widest entry in *chars), else why not.
  auto undefined_at = [&](Eigen::Index p, std::size_t* chars) -> std::string {
    try {
      const auto v = probe(s, p, p + 1);
      if (const Eigen::Index j = first_non_number(v); j >= 0)
        return "the scheme's value at p = " + std::to_string(p) + " is " + describe_incomparable(at_index(v, j));
      if (chars) *chars = widest_entry(v);
      return {};
    } catch (const invalid_scheme_error&) {
      throw;
    } catch (const std::exception& e) {
      return "p = " + std::to_string(p) + " is undefined (" + e.what() + ")";
    }
  };
  Eigen::Index last_p = std::max<Eigen::Index>(cfg.positions, 1);
  std::size_t last_chars = 0;
  if (std::string why = undefined_at(last_p, &last_chars); !why.empty()) {
    cfg.far_note = "no far windows: " + why;
    cfg.pair_far.clear();
    return;
  }
  auto too_wide = [&](Eigen::Index p) {
    const long double predicted = static_cast<long double>(last_chars) * static_cast<long double>(p) / static_cast<long double>(last_p);
    return exact && predicted > static_cast<long double>(cfg.exact_far_chars);
  };
  auto wide_words = [&](Eigen::Index p) {
    return "exact values at p = " + position_words(p) + " would have about " +
           std::to_string(static_cast<long long>(static_cast<long double>(last_chars) * static_cast<long double>(p) /
                                                 static_cast<long double>(last_p))) +
           " characters (the exact rows' budget is " + std::to_string(cfg.exact_far_chars) +
           "; the real-arithmetic rows probe the farther windows)";
  };
  std::vector<Eigen::Index> keep;
  cfg.boundary_far.clear();
  std::string boundary_stop;
  for (Eigen::Index b : cfg.pair_far) {
    const Eigen::Index lo = b - span / 2;
    if (lo < 0 || b > limit - margin) continue;  // past the table: `extrapolates` says so
    if (too_wide(b)) {
      // Exact rows past the whole-window budget: the boundary 2^k − 1, 2^k, 2^k + 1 alone, while its
      // entries stay below the boundary budget.
      if (cfg.boundary_far.empty()) cfg.far_note = "whole windows stop before " + position_words(b) + ": " + wide_words(b);
      const long double predicted =
          static_cast<long double>(last_chars) * static_cast<long double>(b) / static_cast<long double>(last_p);
      std::string why;
      if (predicted > static_cast<long double>(cfg.exact_boundary_chars))
        why = "exact values at p = " + position_words(b) + " would have about " +
              std::to_string(static_cast<long long>(predicted)) + " characters (the budget for boundary pairs is " +
              std::to_string(cfg.exact_boundary_chars) + ")";
      std::size_t chars = 0;
      if (why.empty()) why = undefined_at(b - 1, &chars);
      if (why.empty()) why = undefined_at(b + 1, nullptr);
      if (!why.empty()) {
        boundary_stop = "; boundary pairs stop before " + position_words(b) + ": " + why;
        break;
      }
      if (chars > 0) last_chars = chars, last_p = b - 1;
      cfg.boundary_far.push_back(b);
      continue;
    }
    std::size_t chars = 0;
    std::string why = undefined_at(lo, &chars);
    if (why.empty()) why = undefined_at(lo + margin, nullptr);
    if (!why.empty()) {
      cfg.far_note = "windows stop before " + position_words(b) + ": " + why;
      break;
    }
    if (chars > 0) last_chars = chars, last_p = lo;
    keep.push_back(b);
  }
  if (!cfg.boundary_far.empty() || !boundary_stop.empty()) {
    std::string at;
    for (Eigen::Index b : cfg.boundary_far) at += (at.empty() ? "" : ", ") + position_words(b);
    cfg.far_note += "; past them, exact boundary pairs (2^k − 1, 2^k, 2^k + 1) only" +
                    (at.empty() ? std::string(": none") : " at " + at) + boundary_stop +
                    (boundary_stop.empty() ? "" : "; the real-arithmetic rows probe the farther windows");
  }
  if (s.defines_max_position() && limit - margin > cfg.positions) {
    std::string why = too_wide(limit) ? wide_words(limit) : undefined_at(limit - margin, nullptr);
    if (!why.empty()) {
      cfg.far_at_max = false;
      cfg.far_note += (cfg.far_note.empty() ? "" : "; ") + std::string("no window below max_position: ") + why;
    }
  }
  cfg.pair_far = keep;
}

/// "1, 3, 7": the shifts c.
inline std::string shifts_words(const battery_config& cfg) {
  std::string s;
  for (Eigen::Index c : cfg.shifts) s += (s.empty() ? "" : ", ") + std::to_string(c);
  return s;
}

/// "[126, 130), [254, 258), …": the windows, each as a half-open range.
inline std::string windows_list(const std::vector<Eigen::Index>& bases, Eigen::Index span) {
  std::string s;
  for (std::size_t i = 0; i < bases.size(); ++i)
    s += (i ? ", [" : "[") + std::to_string(bases[i]) + ", " + std::to_string(bases[i] + span) + ")";
  return s;
}

/// "around 2^7 … 2^24, 2^31": the windows by the power of two (or position) each straddles.
inline std::string windows_short(const std::vector<Eigen::Index>& bases, Eigen::Index span) {
  std::string s;
  for (std::size_t i = 0; i < bases.size();) {
    const Eigen::Index c = bases[i] + span / 2;
    std::size_t j = i;
    while (j + 1 < bases.size() && bases[j + 1] + span / 2 == 2 * (bases[j] + span / 2) && (c & (c - 1)) == 0) ++j;
    s += (s.empty() ? "" : ", ") + position_words(c);
    if (j > i + 1) s += " … " + position_words(bases[j] + span / 2);
    else if (j == i + 1) s += ", " + position_words(bases[j] + span / 2);
    i = j + 1;
  }
  return s;
}

/// "m, n < 16; windows around 2^7 … 2^24, 2^31 ([126, 130), …)": which positions a law probed.
inline std::string probed_words(const std::string& near, const std::vector<Eigen::Index>& bases, Eigen::Index span,
                                const battery_config& cfg) {
  std::string s = near;
  if (!bases.empty()) s += "; windows around " + windows_short(bases, span) + " (" + windows_list(bases, span) + ")";
  if (!cfg.far_note.empty()) s += "; " + cfg.far_note;
  return s;
}

/// "2^11 … 2^16": the powers of two exact rows probe at their boundary only.
inline std::string boundary_words(const battery_config& cfg) { return windows_short(cfg.boundary_far, 0); }

/// The pairs (m, n) of the distance scales, each with its reference (m − min, n − min): n − m = ±2^j and
/// two random |n − m| ≤ 2^j for every 2^j ≤ reach, positions in [0, reach] (seeded, deterministic).
struct scale_pair {
  Eigen::Index m, n, m0, n0;
};
inline std::vector<scale_pair> distance_pairs(Eigen::Index reach, const battery_config& cfg) {
  std::vector<scale_pair> out;
  case_source rng(cfg.seed);
  auto uniform = [&](Eigen::Index lo, Eigen::Index hi) { return rng.uniform_int(lo, hi); };  // [lo, hi]
  for (Eigen::Index step = 1; step <= reach; step *= 2) {
    for (int r = 0; r < cfg.scale_pairs; ++r) {
      Eigen::Index delta = r == 0 ? step : r == 1 ? -step : uniform(-step, step);
      if (delta == 0) delta = step;
      const Eigen::Index a = uniform(0, reach - (delta < 0 ? -delta : delta));
      const Eigen::Index m = a + (delta < 0 ? -delta : 0), n = m + delta;
      out.push_back({m, n, m - a, n - a});
    }
    if (step > reach / 2) break;
  }
  return out;
}

/// Least-squares line y = a + α·x: the slope α, its standard error (0 when the fit is exact) and the
/// number of points (a slope needs 3).
struct slope_fit {
  double alpha = 0, se = 0;
  long points = 0;
};

inline slope_fit fit_slope(const std::vector<double>& x, const std::vector<double>& y) {
  slope_fit f;
  f.points = static_cast<long>(x.size());
  if (x.size() < 3) return f;
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(x.size());
  my /= static_cast<double>(x.size());
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (!(sxx > 0)) return f;
  f.alpha = sxy / sxx;
  double rss = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double r = y[i] - my - f.alpha * (x[i] - mx);
    rss += r * r;
  }
  f.se = std::sqrt(rss / static_cast<double>(x.size() - 2) / sxx);
  return f;
}

/// "α ± σ" to three digits.
inline std::string slope_words(const slope_fit& f) {
  std::ostringstream os;
  os.precision(3);
  os << f.alpha << " ± " << f.se;
  return os.str();
}

/// The growth exponent α of ‖PE(p)‖ ∝ p^α of a finite table, least squares on ln‖PE(p)‖ against ln p
/// over the positions [from, to) (from ≥ 1), rows of norm 0 or not finite in double left out.
// NOTE: in double whatever the arithmetic (the logarithms are): each row's entries rounded to double and
// its norm by Eigen's stableNorm (scaled sums of squares), so no norm overflows or underflows.
template <class S>
slope_fit growth_exponent(const S& s, Eigen::Index from, Eigen::Index to) {
  std::vector<double> x, y;
  for (Eigen::Index p = std::max<Eigen::Index>(from, 1); p < to; ++p) {
    const auto v = probe(s, p, to);
    Eigen::VectorXd e(std::ssize(v));
    for (Eigen::Index j = 0; j < e.size(); ++j) e(j) = static_cast<double>(at_index(v, j));
    const double norm = e.stableNorm();
    if (norm > 0 && std::isfinite(norm)) {
      x.push_back(std::log(static_cast<double>(p)));
      y.push_back(std::log(norm));
    }
  }
  return fit_slope(x, y);
}

// --- the laws --------------------------------------------------------------------------------------

template <class S>
verify::check check_bounded(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::bounded);
  // NOTE: a table checked whole is swept whole: its last rows are where a growing table shows it.
  const Eigen::Index limit = checked_whole(s, cfg) ? s.max_position_value() : defined_limit(s, cfg.sweep);
  T near(0);
  for (Eigen::Index p = 0; p < limit; ++p) {
    auto v = probe(s, p, std::max(limit, p + 1));
    if (const Eigen::Index j = first_non_number(v); j >= 0) return non_number_cell(property::bounded, "the encoding of p = " + std::to_string(p), v, j);
    T m = max_entry(v);
    if constexpr (S::kind == pe_kind::query_key) m = T(m / max_entry(content_vector<T>(s.dim(), 101)));
    if (near < m) near = m;
  }
  // NOTE: growth is decided on several far positions, never on one: max|entry| must rise at every one of
  // cfg.growth (each step by more than the tolerance) and end above twice the sweep's maximum. One
  // position with a small margin (kerple-log at p = 100000 was 8 % above the line) is no evidence of
  // growth; a steady rise over 2^10 … 2^28 is (kerple-log's ln(1 + p/2) rises by ln 4 per step).
  std::vector<Eigen::Index> far = cfg.growth;
  if (s.defines_max_position()) far.clear();
  std::vector<std::pair<Eigen::Index, T>> seen;
  for (Eigen::Index p : far) {
    vec<T> v;
    try {
      v = probe(s, p, p + 1);
    } catch (const undefined_position_error&) {
      continue;  // NOTE: undefined positions are the business of `extrapolates`; any other exception
                 // (overflow, a domain error) propagates: an error is never a "held".
    }
    if (const Eigen::Index j = first_non_number(v); j >= 0) return non_number_cell(property::bounded, "the encoding of p = " + std::to_string(p), v, j);
    T m = max_entry(v);
    if constexpr (S::kind == pe_kind::query_key) m = T(m / max_entry(content_vector<T>(s.dim(), 101)));
    seen.emplace_back(p, m);
  }
  std::string trail;
  for (const auto& [p, m] : seen) trail += (trail.empty() ? "" : ", ") + std::to_string(p) + ": " + readable(m);
  bool rising = seen.size() >= 2;
  for (std::size_t i = 1; i < seen.size() && rising; ++i) {
    const T& a = seen[i - 1].second;
    const T& b = seen[i].second;
    rising = a < b && !close(a, b, tolerance_units(cfg, seen[i].first, s.dim()), b);
  }
  // NOTE: twice the near maximum itself, no max(1, ·) floor: a growing scheme scaled by 10⁻¹⁰ still grows.
  const T limit2 = T(T(2) * near);
  if (rising && limit2 < seen.back().second) {
    c.outcome = verify::verdict::failed;
    c.note = "max |entry| rises at each of " + std::to_string(seen.size()) + " far positions to " +
                readable(seen.back().second) + " at p = " + std::to_string(seen.back().first) + ", more than twice the max " +
                readable(near) + " over p < " + std::to_string(limit) + ": it grows with p";
    battery_evidence(c) = c.note + " (p: max |entry| = " + trail + "; " + arithmetic_name<T>() + ")";
    return c;
  }
  // NOTE: a finite table is bounded by its largest entry, trivially; what its rows can show is whether
  // they sample a scheme that grows with p (a counter stored as a table). The growth exponent α of
  // ‖PE(p)‖ ∝ p^α is fitted twice, over the whole table and over its later half, each with its standard
  // error σ; FAILED when α_late − 3σ > 1/4: still growing at least like p^(1/4) (doubling every 16× in p)
  // where the table ends, at 3σ (a false "grows" from noise ≈ 0.1 %). The counter p·𝟙 is α = 1, a √p
  // norm α = 1/2; ln p growth (local exponent 1/ln p ≈ 0.15 at p ≈ 1000) and noise around a constant
  // norm (a learned table) stay held. Needs 8 rows and 6 of non-zero norm.
  std::string fitted;
  if (s.defines_max_position() && limit >= 8) {
    const slope_fit all = growth_exponent(s, 1, limit), late = growth_exponent(s, limit / 2, limit);
    if (all.points >= 6 && late.points >= 3) {
      fitted = "growth exponent of ‖PE(p)‖ ∝ p^α: α = " + slope_words(all) + " over p < " + std::to_string(limit) +
               ", α = " + slope_words(late) + " over the later half (least squares in double)";
      if constexpr (S::kind == pe_kind::additive) {
        constexpr double growth_alpha = 0.25, sigmas = 3;
        if (late.alpha - sigmas * late.se > growth_alpha) {
          std::ostringstream lower;
          lower.precision(3);
          lower << late.alpha - sigmas * late.se;
          c.outcome = verify::verdict::failed;
          c.note = "the table grows with p: at its end ‖PE(p)‖ grows at least like p^" + lower.str() +
                   " (3σ), above p^0.25 (" + fitted + ")";
          battery_evidence(c) = c.note + "; max |entry| = " + readable(near) + " over p < " + std::to_string(limit) + ", " +
                                arithmetic_name<T>() + ". As a finite table it is bounded; as the sample of a scheme it is not.";
          return c;
        }
      }
    }
  }
  c.outcome = held();
  c.note = "max |entry| = " + readable(near) + " over p < " + std::to_string(limit) +
              (seen.empty() ? std::string() : ", no steady growth over " + std::to_string(seen.size()) + " far positions up to p = " +
                                                  std::to_string(seen.back().first)) +
              (fitted.empty() ? std::string() : "; " + fitted);
  battery_evidence(c) = c.note + "; " + std::to_string(limit + std::ssize(seen)) + " positions, " +
               arithmetic_name<T>() + (trail.empty() ? std::string() : "; far p: max |entry| = " + trail) +
               (fitted.empty() ? ". Held means: max |entry| does not both rise at every far position and end above twice the sweep's maximum."
                               : ". Held means: a finite table is bounded by its largest entry, and its norm does not still grow like p^0.25 or faster at its end (3σ).");
  if constexpr (S::kind == pe_kind::query_key) battery_evidence(c) += " (query_key: ‖·‖∞ of f(x₀, p) over ‖x₀‖∞.)";
  return c;
}

template <class S>
verify::check check_length_consistent(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::length_consistent);
  if constexpr (S::kind != pe_kind::additive) {
    (void)cfg;
    c.outcome = held();
    c.note = "structural: a " + std::string(kind_name(S::kind)) + " scheme's functions take no sequence length";
    battery_evidence(c) = c.note;
    return c;
  } else {
    const Eigen::Index lengths[] = {5, 50, 7, 64};
    Eigen::Index checked = 0;
    const Eigen::Index upto = defined_limit(s, 5);  // NOTE: a table of fewer rows has no PE(4)
    for (Eigen::Index p = 0; p < upto; ++p) {
      const auto ref = s.encode(p, lengths[0]);
      for (Eigen::Index n : lengths) {
        if (p >= defined_limit(s, n)) continue;
        const auto v = s.encode(p, n);
        ++checked;
        if (!close_vec(ref, v, tolerance_units(cfg, p, s.dim()))) {
          c.outcome = verify::verdict::failed;
          c.note = "PE(" + std::to_string(p) + ") = " + format_vec(ref) + " with N = 5 but " + format_vec(v) +
                      " with N = " + std::to_string(n);
          battery_evidence(c) = c.note + " (" + arithmetic_name<T>() + ")";
          return c;
        }
      }
    }
    c.outcome = held();
    c.cases = static_cast<std::int64_t>(checked);
    c.note = "PE(p) equal for N ∈ {5, 50, 7, 64}, p < " + std::to_string(upto) + " (" + std::to_string(checked) + " comparisons)";
    battery_evidence(c) = c.note + ", " + tolerance_words<T>(tolerance_units(cfg, upto, s.dim()));
    return c;
  }
}

template <class S>
verify::check check_injective(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::injective);
  if constexpr (S::kind == pe_kind::score_bias) {
    (void)cfg;
    c.outcome = verify::verdict::skipped;
    c.note = "a score bias encodes pairs (m, n), not single positions";
    battery_evidence(c) = c.note;
    return c;
  } else {
    // NOTE: a finite table small enough is compared whole (every pair of its rows); otherwise the near
    // range p < injective_max, and each far window's encodings against one another and against the near
    // range (where ids wrapped at a power of two land).
    const bool whole = checked_whole(s, cfg);
    const Eigen::Index limit = whole ? s.max_position_value() : defined_limit(s, cfg.injective_max);
    std::vector<vec<T>> enc;
    for (Eigen::Index p = 0; p < limit; ++p) {
      enc.push_back(probe(s, p, limit));
      if (const Eigen::Index j = first_non_number(enc.back()); j >= 0)
        return non_number_cell(property::injective, "the encoding of p = " + std::to_string(p), enc.back(), j);
    }
    const double k = tolerance_units(cfg, limit, s.dim());
    auto alike = [&](Eigen::Index p, const vec<T>& ep, Eigen::Index q, const vec<T>& eq, double kk, const std::string& where) {
      if (!close_vec(ep, eq, kk)) return false;
      c.outcome = verify::verdict::failed;
      c.note = "fails at p = " + std::to_string(p) + ", q = " + std::to_string(q) + ": positions " + std::to_string(p) +
                  " and " + std::to_string(q) + " encode alike: " + readable_vec(ep) + where;
      battery_evidence(c) = c.note + " (" + tolerance_words<T>(kk) + "; pairs searched in order of the larger position)";
      return true;
    };
    Eigen::Index pairs = 0;
    for (Eigen::Index q = 1; q < limit; ++q)
      for (Eigen::Index p = 0; p < q; ++p, ++pairs)
        if (alike(p, at_index(enc, p), q, at_index(enc, q), k, "")) return c;
    if (pairs == 0) return too_few_positions<T>(property::injective, limit);
    if (whole) {
      c.outcome = held();
      c.cases = static_cast<std::int64_t>(pairs);
      c.note = std::string(scalar_traits<T>::is_exact ? "held exactly" : "held within the tolerance") +
                  " for every position of the table: all " + std::to_string(limit) + " encodings distinct (" +
                  std::to_string(pairs) + " pairs)";
      battery_evidence(c) = c.note + "; " + tolerance_words<T>(k) +
                   (S::kind == pe_kind::query_key ? "; encodings are R_p x₀ for a fixed content x₀" : "");
      return c;
    }
    const Eigen::Index span = cfg.injective_span;
    const auto bases = far_bases(s, cfg, 0, span);
    double widest_k = k;
    for (Eigen::Index B : bases) {
      if (B + span <= limit) continue;  // NOTE: inside the near range, whose pairs are all compared above
      std::vector<vec<T>> win;
      for (Eigen::Index p = B; p < B + span; ++p) {
        win.push_back(probe(s, p, p + 1));
        if (const Eigen::Index j = first_non_number(win.back()); j >= 0)
          return non_number_cell(property::injective, "the encoding of p = " + std::to_string(p), win.back(), j);
      }
      const double kk = tolerance_units(cfg, B + span, s.dim());
      widest_k = std::max(widest_k, kk);
      const std::string where = " (window around " + position_words(B + span / 2) + ")";
      for (Eigen::Index i = 0; i < span; ++i) {
        for (Eigen::Index j = 0; j < i; ++j, ++pairs)
          if (alike(B + j, at_index(win, j), B + i, at_index(win, i), kk, where)) return c;
        for (Eigen::Index p = 0; p < limit; ++p, ++pairs)
          if (alike(p, at_index(enc, p), B + i, at_index(win, i), kk, where)) return c;
      }
    }
    // Exact rows past the whole windows: 2^k − 1, 2^k, 2^k + 1 against one another and the near range.
    for (Eigen::Index B : cfg.boundary_far) {
      std::vector<vec<T>> win;
      for (Eigen::Index p = B - 1; p <= B + 1; ++p) {
        win.push_back(probe(s, p, p + 1));
        if (const Eigen::Index j = first_non_number(win.back()); j >= 0)
          return non_number_cell(property::injective, "the encoding of p = " + std::to_string(p), win.back(), j);
      }
      const double kk = tolerance_units(cfg, B + 1, s.dim());
      widest_k = std::max(widest_k, kk);
      const std::string where = " (boundary at " + position_words(B) + ")";
      for (Eigen::Index i = 0; i < 3; ++i) {
        for (Eigen::Index j = 0; j < i; ++j, ++pairs)
          if (alike(B - 1 + j, at_index(win, j), B - 1 + i, at_index(win, i), kk, where)) return c;
        for (Eigen::Index p = 0; p < limit; ++p, ++pairs)
          if (alike(p, at_index(enc, p), B - 1 + i, at_index(win, i), kk, where)) return c;
      }
    }
    c.outcome = held();
    c.cases = static_cast<std::int64_t>(pairs);
    Eigen::Index positions = limit + 3 * std::ssize(cfg.boundary_far);
    for (Eigen::Index B : bases) positions += std::max<Eigen::Index>(0, std::min(span, B + span - limit));
    c.note = std::string(scalar_traits<T>::is_exact ? "held exactly" : "held within the tolerance") + " on " +
                std::to_string(positions) + " positions: encodings pairwise distinct for p < " +
                std::to_string(limit) + " (windows around " +
                (bases.empty() ? std::string("none") : windows_short(bases, span)) +
                (cfg.boundary_far.empty() ? std::string() : "; boundaries " + boundary_words(cfg)) + ")";
    battery_evidence(c) = c.note + "; probed " + probed_words("p < " + std::to_string(limit), bases, span, cfg) +
                 ", each window's encodings against one another and against p < " + std::to_string(limit) + " (" +
                 std::to_string(pairs) + " pairs; " + tolerance_words<T>(widest_k) +
                 (S::kind == pe_kind::query_key ? "; encodings are R_p x₀ for a fixed content x₀" : "") + ")";
    return c;
  }
}

template <class S>
verify::check check_extrapolates(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::extrapolates);
  std::vector<Eigen::Index> ps;
  for (Eigen::Index p = 0; p < cfg.sweep; ++p) ps.push_back(p);
  for (Eigen::Index p : cfg.far) ps.push_back(p);
  if (s.defines_max_position()) ps.push_back(s.max_position_value());
  auto failure = [&](Eigen::Index p) -> std::string {
    try {
      auto v = probe(s, p, p + 1);
      for (const auto& x : v)
        if (!is_finite(x)) return "non-finite value " + format_scalar(x);
    } catch (const invalid_scheme_error&) {
      throw;  // NOTE: a broken contract is bad input, not an undefined position
    } catch (const std::exception& e) {
      return e.what();
    }
    return {};
  };
  Eigen::Index last_ok = -1;
  for (Eigen::Index p : ps) {
    std::string why = failure(p);
    if (why.empty()) {
      last_ok = std::max(last_ok, p);
      continue;
    }
    // Shrink: the smallest failing position between the last one that passed and p (a linear scan
    // when the gap is small, else bisection).
    if (p - last_ok <= 5000) {
      for (Eigen::Index q = last_ok + 1; q < p; ++q)
        if (std::string w = failure(q); !w.empty()) {
          p = q;
          why = w;
          break;
        }
    } else {
      Eigen::Index lo = last_ok, hi = p;
      while (hi - lo > 1) {
        const Eigen::Index mid = lo + (hi - lo) / 2;
        if (failure(mid).empty()) lo = mid;
        else hi = mid;
      }
      p = hi;
      why = failure(hi);
    }
    c.outcome = verify::verdict::failed;
    c.note = "undefined at p = " + std::to_string(p) + ": " + why;
    battery_evidence(c) = c.note + (S::kind == pe_kind::score_bias ? " (bias b(0, p) / b(p, 0))" : "") +
                 "; smallest failing position found by scanning up from " + std::to_string(last_ok);
    return c;
  }
  c.outcome = held();
  c.cases = static_cast<std::int64_t>(std::ssize(ps));
  c.note = "defined and finite for p < " + std::to_string(cfg.sweep) + " and p = " + std::to_string(cfg.far.back());
  battery_evidence(c) = c.note + " (" + std::to_string(ps.size()) + " positions" +
               (S::kind == pe_kind::score_bias ? ", both b(0, p) and b(p, 0)" : "") + ", " + arithmetic_name<T>() + ")";
  return c;
}

/// The samples of position p whose images a shift-linear T_k must map: PE(p), or f(e_j, p) for every
/// basis vector e_j (the queries, or the keys).
template <class S>
std::vector<vec<scalar_of<S>>> position_samples(const S& s, Eigen::Index p, Eigen::Index length, bool key_side) {
  using T = scalar_of<S>;
  std::vector<vec<T>> out;
  if constexpr (S::kind == pe_kind::additive) {
    (void)key_side;
    out.push_back(s.encode(p, length));
  } else if constexpr (S::kind == pe_kind::query_key) {
    (void)length;
    for (Eigen::Index j = 0; j < s.dim(); ++j) {
      const auto e = basis<T>(s.dim(), j);
      out.push_back(key_side ? s.key(e, p) : s.query(e, p));
    }
  }
  return out;
}

/// position_samples, each computed once while kept: a position's samples are fitted or mapped for one
/// shift and are the image for another (PE(p + 3) is the image of PE(p) for k = 3 and of PE(p + 2) for k = 1).
// NOTE: a RoPE query in mpfr100 costs d/2 cosines and sines, and a position's samples are d of them;
// computed afresh per shift, they were two thirds of `orderblind schemes`' time. check_shift_linear goes
// position by position, every shift at each, and forgets the positions behind it: at most max k + 1
// positions' samples are kept (d² values each for a query_key scheme), whatever the table's length.
template <class S>
struct sample_memo {
  const S& s;
  bool key_side = false;
  std::map<std::pair<Eigen::Index, Eigen::Index>, std::vector<vec<scalar_of<S>>>> kept;

  /// Drops the samples of the positions below p.
  void forget_below(Eigen::Index p) {
    kept.erase(kept.begin(), kept.lower_bound({p, std::numeric_limits<Eigen::Index>::min()}));
  }

  /// The samples at p in a sequence of `length` (a query_key scheme's take no length).
  const std::vector<vec<scalar_of<S>>>& operator()(Eigen::Index p, Eigen::Index length) {
    const std::pair<Eigen::Index, Eigen::Index> key{p, S::kind == pe_kind::additive ? length : 0};
    if (auto it = kept.find(key); it != kept.end()) return it->second;
    auto samples = position_samples(s, p, length, key_side);
    return kept.emplace(key, std::move(samples)).first->second;
  }
};

/// Translation invariance b(m+c, n+c) = b(m, n) (for bias schemes) / score(m+c, n+c) = score(m, n).
/// Probes the near grid shifted by c, the far windows (against the same offsets near 0), and pairs at
/// every distance scale; a finite scheme small enough is compared on every pair of its positions.
template <class S>
verify::check translation_invariance(const S& s, const battery_config& cfg, property prop) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(prop);
  const Eigen::Index P = cfg.positions;
  const Eigen::Index length = defined_limit(s, 4 * P + 64);
  Eigen::Index cases = 0;
  T worst(0);
  double widest_k = tolerance_units(cfg, 2 * P, s.dim());
  double worst_fraction = -1;
  // One comparison of score(m, n) = a with score(m2, n2) = b: records the worst residual in ε (real
  // scalars) and, when they differ beyond the tolerance kk, fills the failed check and returns true.
  auto differ = [&](Eigen::Index m, Eigen::Index n, const T& a, Eigen::Index m2, Eigen::Index n2, const T& b, double kk, const T& mag,
                    const vec<T>& q, const vec<T>& k, const std::string& where, const std::string& how) {
    ++cases;
    widest_k = std::max(widest_k, kk);
    if constexpr (!scalar_traits<T>::is_exact) {
      if (comparable(a) && comparable(b)) {
        const T sc = std::max({mag, T(abs_value(a)), T(abs_value(b))});
        if (sc > T(0)) {
          const T r = T(abs_value(T(a - b)) / (scalar_traits<T>::epsilon() * sc));
          if (worst < r) worst = r;
        }
      }
    }
    // NOTE: relative to the larger of the scores' own size and the content's: a scheme whose scores grow
    // with p (xPos far out: ζ^(−Δ/B) ≈ 10¹¹ at Δ = 2^14) is judged by the same relative bound as near 0.
    T scale = mag;
    if (comparable(a) && scale < abs_value(a)) scale = abs_value(a);
    if (comparable(b) && scale < abs_value(b)) scale = abs_value(b);
    if constexpr (scalar_traits<T>::is_exact) {
      if (a == b) return false;
    } else {
      // The check's residual: verify's ratio, the largest |a − b| ÷ its bound kk·(ε·s + η) (≤ 1 held).
      const verify::comparison cmp = verify::detail::compare_entries(
          Matrix<T>(Matrix<T>::Constant(1, 1, a)), Matrix<T>(Matrix<T>::Constant(1, 1, b)),
          verify::within_eps<T>(kk, verify::one_scale(scale), {}), "", "", false);
      if (std::isfinite(cmp.ratio) && cmp.ratio > worst_fraction) {
        worst_fraction = cmp.ratio;
        c.residual = cmp.ratio;
      }
      if (cmp.held) return false;
    }
    c.outcome = verify::verdict::failed;
    c.note = "fails at m = " + std::to_string(m) + ", n = " + std::to_string(n) + ": score(m=" + std::to_string(m) +
                ", n=" + std::to_string(n) + ") = " + readable(a) + " but score(m=" + std::to_string(m2) + ", n=" +
                std::to_string(n2) + ") = " + readable(b) + where;
    battery_evidence(c) = c.note + " with q = " + format_vec(q) + ", k = " + format_vec(k) + how + " (" +
                 arithmetic_name<T>() + ")";
    return true;
  };
  auto content = [&](int ci, vec<T>& q, vec<T>& k) {
    q = content_vector<T>(s.dim(), 200 + static_cast<std::uint64_t>(ci));
    k = content_vector<T>(s.dim(), 300 + static_cast<std::uint64_t>(ci));
  };
  // NOTE: the magnitude of a score is at most (‖q‖² + ‖k‖²)·(growth of the scheme over the positions);
  // the factor (1 + P + shift) is the near grid's, kept for the far pairs (a relative bound, scaled by p
  // in tolerance_units).
  Eigen::Index max_shift = 0;
  for (Eigen::Index sh : cfg.shifts) max_shift = std::max(max_shift, sh);
  if (checked_whole(s, cfg)) {
    // A finite table checked whole: score(m, n) = score(m − min, n − min) for every pair of positions.
    const Eigen::Index L = s.max_position_value();
    // NOTE: an additive scheme's position score is PE(m)·PE(n), whatever the content: one content pair
    // suffices, and the score's size — and its rounding, ≤ γ_d·‖PE(m)‖·‖PE(n)‖ (Higham §3.1) — is the
    // table's, max_p ‖PE(p)‖², not the contents' (which it does not involve; they would set the bound
    // by vectors unrelated to the table).
    // The encodings are computed once (an additive score is their dot product): L² scores would otherwise
    // encode 2L² times through the type erasure (a 4096-row table: 16.6 s before, most of it that).
    T table_mag(0);
    std::vector<vec<T>> rows;
    if constexpr (S::kind == pe_kind::additive)
      for (Eigen::Index p = 0; p < L; ++p) {
        rows.push_back(s.encode(p, L));
        table_mag = std::max(table_mag, T(norm2(rows.back())));
      }
    const int contents = S::kind == pe_kind::additive ? 1 : cfg.contents;
    for (int ci = 0; ci < contents; ++ci) {
      vec<T> q, k;
      content(ci, q, k);
      // NOTE: a query_key table's queries and keys are kept per position too (score_memo): 2L scheme calls
      // for the L² scores instead of 2L².
      score_memo<S> memo{s, q, k, {}, {}};
      const auto score = [&](Eigen::Index m, Eigen::Index n) {
        if constexpr (S::kind == pe_kind::additive) return T(dot(at_index(rows, m), at_index(rows, n)));
        else return memo(m, n, L);
      };
      const T mag = S::kind == pe_kind::additive ? table_mag : T(T(norm2(q) + norm2(k)) * T(1 + P + max_shift));
      std::vector<T> row0, col0;  // score(0, n), score(m, 0)
      for (Eigen::Index n = 0; n < L; ++n) row0.push_back(score(0, n));
      for (Eigen::Index m = 0; m < L; ++m) col0.push_back(score(m, 0));
      for (Eigen::Index m = 1; m < L; ++m)
        for (Eigen::Index n = 1; n < L; ++n) {
          const Eigen::Index lo = std::min(m, n);
          const T& ref = m <= n ? at_index(row0, n - lo) : at_index(col0, m - lo);
          const double kk = tolerance_units(cfg, std::max(m, n), s.dim());
          if (differ(m, n, score(m, n), m - lo, n - lo, ref, kk, mag, q, k, "", "")) return c;
        }
    }
    if (cases == 0) return too_few_positions<T>(prop, L);
    c.outcome = held();
    c.cases = static_cast<std::int64_t>(cases);
    c.note = std::string(scalar_traits<T>::is_exact ? "held exactly" : "held within the tolerance") +
                " for every position of the table: score(m, n) = score(m − min(m, n), n − min(m, n)) for all " +
                std::to_string(L * L) + " pairs m, n < " + std::to_string(L) + " (" + std::to_string(cases) + " comparisons)";
    battery_evidence(c) = c.note + ", " +
                          (S::kind == pe_kind::additive ? std::string("PE(m)·PE(n), scale max_p ‖PE(p)‖²")
                                                         : std::to_string(cfg.contents) + " content pairs") +
                          "; " + tolerance_words<T>(widest_k);
    return c;
  }
  for (int ci = 0; ci < cfg.contents; ++ci) {
    vec<T> q, k;
    content(ci, q, k);
    score_memo<S> score{s, q, k, {}, {}};
    for (Eigen::Index shift : cfg.shifts)
      for (Eigen::Index m = 0; m < P; ++m)
        for (Eigen::Index n = 0; n < P; ++n) {
          if (m + shift >= length || n + shift >= length) continue;
          const T a = score(m, n, length), b = score(m + shift, n + shift, length);
          const double kk = tolerance_units(cfg, std::max(m, n) + shift, s.dim());
          const T mag = T(T(norm2(q) + norm2(k)) * T(1 + P + shift));
          if (differ(m, n, a, m + shift, n + shift, b, kk, mag, q, k, "", "")) return c;
        }
  }
  // Far windows: score(B+i, B+j) = score(i, j) and score(B+i+c, B+j+c) = score(B+i, B+j).
  const auto bases = far_bases(s, cfg, max_shift);
  Eigen::Index reach = P;
  for (Eigen::Index B : bases) {
    const Eigen::Index far_length = std::max(length, B + cfg.far_span + max_shift + 1);
    reach = std::max(reach, B + cfg.far_span - 1);
    for (int ci = 0; ci < cfg.contents; ++ci) {
      vec<T> q, k;
      content(ci, q, k);
      score_memo<S> score{s, q, k, {}, {}};
      for (Eigen::Index i = 0; i < cfg.far_span; ++i)
        for (Eigen::Index j = 0; j < cfg.far_span; ++j) {
          const Eigen::Index m = B + i, n = B + j;
          const T ref = score(i, j, far_length);
          const T a = score(m, n, far_length);
          const double kk = tolerance_units(cfg, m + max_shift, s.dim());
          const T mag = T(T(norm2(q) + norm2(k)) * T(1 + P + max_shift));
          std::vector<std::pair<std::pair<Eigen::Index, Eigen::Index>, T>> others = {{{i, j}, ref}};
          for (Eigen::Index shift : cfg.shifts)
            others.push_back({{m + shift, n + shift}, score(m + shift, n + shift, far_length)});
          for (const auto& [mn, b] : others)
            if (differ(m, n, a, mn.first, mn.second, b, kk, mag, q, k,
                       " (window around " + position_words(B + cfg.far_span / 2) + ")", "; " + tolerance_words<T>(kk)))
              return c;
        }
    }
  }
  // Exact rows past the whole windows: the pairs across each boundary 2^k (B − 1, B), (B, B − 1),
  // (B, B + 1), (B + 1, B), (B − 1, B + 1), each against the same offset at 0. Each position's query and
  // key (or encoding) is computed once: at 2^16 an exact rotation has ≈ 1.5·10⁵-digit entries.
  for (Eigen::Index B : cfg.boundary_far) {
    const Eigen::Index far_length = std::max(length, B + 2);
    const double kk = tolerance_units(cfg, B + 1, s.dim());
    const std::string where = " (boundary pair at " + position_words(B) + ")";
    for (int ci = 0; ci < cfg.contents; ++ci) {
      vec<T> q, k;
      content(ci, q, k);
      const T mag = T(T(norm2(q) + norm2(k)) * T(1 + P + max_shift));
      std::vector<vec<T>> qs, ks;  // at B − 1, B, B + 1 (query_key: the query and the key; additive: PE)
      for (Eigen::Index p = B - 1; p <= B + 1; ++p) {
        if constexpr (S::kind == pe_kind::query_key) qs.push_back(s.query(q, p)), ks.push_back(s.key(k, p));
        else if constexpr (S::kind == pe_kind::additive) qs.push_back(s.encode(p, far_length));
      }
      auto far_score = [&](Eigen::Index m, Eigen::Index n) -> T {
        if constexpr (S::kind == pe_kind::query_key) return dot(at_index(qs, m - B + 1), at_index(ks, n - B + 1));
        else if constexpr (S::kind == pe_kind::additive) return dot(at_index(qs, m - B + 1), at_index(qs, n - B + 1));
        else return position_score(s, q, k, m, n, far_length);
      };
      for (const auto& [m, n] : {std::pair{B - 1, B}, std::pair{B, B - 1}, std::pair{B, B + 1}, std::pair{B + 1, B},
                                  std::pair{B - 1, B + 1}}) {
        const Eigen::Index lo = std::min(m, n);
        if constexpr (std::is_same_v<T, mpq_rational> && S::kind != pe_kind::score_bias) {
          // NOTE: Σ a_i b_i == score(m − lo, n − lo) decided over the integers (pe/gaussian.hpp, dot_equals): the
          // entries have up to 10⁷ bits at 2^24, where reducing one sum with GMP's gcd took 21 s.
          const vec<T>& a = at_index(qs, m - B + 1);
          const vec<T>& b = S::kind == pe_kind::query_key ? at_index(ks, n - B + 1) : at_index(qs, n - B + 1);
          const T ref = position_score(s, q, k, m - lo, n - lo, far_length);
          ++cases;
          double approx = 0;
          if (gaussian::dot_equals(a, b, ref, &approx)) continue;
          std::ostringstream os;
          os.precision(10);
          os << approx;
          c.outcome = verify::verdict::failed;
          c.note = "fails at m = " + std::to_string(m) + ", n = " + std::to_string(n) + ": score(m=" + std::to_string(m) +
                      ", n=" + std::to_string(n) + ") ≈ " + os.str() + " but score(m=" + std::to_string(m - lo) + ", n=" +
                      std::to_string(n - lo) + ") = " + readable(ref) + where;
          battery_evidence(c) = c.note + " with q = " + format_vec(q) + ", k = " + format_vec(k) +
                       "; exact ==, decided over the integers (Σ a_i b_i as one unreduced fraction X/Y, X·den = num·Y; the "
                       "left side printed to double precision) (" + arithmetic_name<T>() + ")";
          return c;
        }
        if (differ(m, n, far_score(m, n), m - lo, n - lo, position_score(s, q, k, m - lo, n - lo, far_length), kk, mag, q, k,
                   where, "; " + tolerance_words<T>(kk)))
          return c;
      }
    }
  }
  // Every distance scale: n − m = ±2^j and random |n − m| ≤ 2^j with positions up to the farthest probed,
  // each against the same offset from 0 (ids reduced modulo a period show only across a period).
  const auto pairs = distance_pairs(reach, cfg);
  for (int ci = 0; ci < cfg.contents; ++ci) {
    vec<T> q, k;
    content(ci, q, k);
    const T mag = T(T(norm2(q) + norm2(k)) * T(1 + P + max_shift));
    for (const auto& pr : pairs) {
      const Eigen::Index far_length = std::max(length, std::max(pr.m, pr.n) + 1);
      const double kk = tolerance_units(cfg, std::max(pr.m, pr.n), s.dim());
      if (differ(pr.m, pr.n, position_score(s, q, k, pr.m, pr.n, far_length), pr.m0, pr.n0,
                 position_score(s, q, k, pr.m0, pr.n0, far_length), kk, mag, q, k,
                 " (distance n − m = " + std::to_string(pr.n - pr.m) + ")", "; " + tolerance_words<T>(kk)))
        return c;
    }
  }
  c.outcome = held();
  c.cases = static_cast<std::int64_t>(cases);
  c.seed = cfg.seed;  // NOTE: the random distances |n − m| ≤ 2^j are drawn with it
  const std::string probed =
      probed_words("m, n < " + std::to_string(P) + " shifted by c ∈ {" + shifts_words(cfg) + "}", bases, cfg.far_span, cfg) +
      (cfg.boundary_far.empty() ? std::string()
                                : "; exact boundary pairs across " + boundary_words(cfg) +
                                      " ((2^k − 1, 2^k), (2^k, 2^k + 1), (2^k − 1, 2^k + 1) both ways, against the same "
                                      "offsets at 0)") +
      "; distances n − m = ±2^j and random |n − m| ≤ 2^j for 2^j ≤ " + std::to_string(reach) + " (" +
      std::to_string(pairs.size()) + " pairs, seed " + std::to_string(cfg.seed) + ")";
  c.note = std::string(scalar_traits<T>::is_exact ? "held exactly on " : "held within the tolerance on ") +
              std::to_string(cases) + " cases: score(m+c, n+c) = score(m, n) (windows around " +
              (bases.empty() ? std::string("none") : windows_short(bases, cfg.far_span)) +
              (cfg.boundary_far.empty() ? std::string() : "; boundary pairs across " + boundary_words(cfg)) + ")";
  battery_evidence(c) = c.note + "; probed " + probed + " (far: against the same offsets near 0 and shifted by c), " +
               std::to_string(cfg.contents) + " content pairs; " + tolerance_words<T>(widest_k);
  if constexpr (!scalar_traits<T>::is_exact) battery_evidence(c) += "; worst residual " + readable(worst) + " ε";
  return c;
}

/// Shift-linearity of a finite table checked whole in double: for each k the least-squares T_k of
/// PE(p)·T_k ≈ PE(p+k) over every p, and every entry of its residual within the bound.
// NOTE: why least squares here, not the fit on p < d + 2 verified on the rest (check_shift_linear). A
// table in double has no digits to spare: the exact solve on d + 2 rows of a sinusoid, whose slow
// frequencies make those rows nearly dependent, amplifies the table's rounding by more than the pivot
// ratio states, and a double sinusoid "failed". The least-squares T_k minimises the residual over the
// whole table, so its residual is at most that of the true map (for the sinusoid the rotation, whose
// residual is the stored entries' rounding, ≤ (1 + ‖T‖∞)(p + 1)ε_in·max|PE|); Eigen's complete
// orthogonal decomposition is backward stable and adds O(L·d·ε) of max|PE|. The bound is the battery's
// tolerance_units at phase L (64(L + 1)d) in units of ε·max|PE| + η: above both with margin, and a table
// that is not shift-linear (a counter, a random table) leaves a residual of the order of max|PE|.
template <class S>
verify::check shift_linear_least_squares(const S& s, const battery_config& cfg) {
  verify::check c = make_check<double>(property::shift_linear);
  const Eigen::Index L = s.max_position_value(), d = s.dim();
  Eigen::MatrixXd pe(L, d);
  for (Eigen::Index p = 0; p < L; ++p) {
    const auto v = s.encode(p, L);
    if (const Eigen::Index j = first_non_number(v); j >= 0) return non_number_cell(property::shift_linear, "the encoding of p = " + std::to_string(p), v, j);
    for (Eigen::Index j = 0; j < d; ++j) pe(p, j) = at_index(v, j);
  }
  const double scale = pe.cwiseAbs().maxCoeff();
  const double kk = tolerance_units(cfg, L, d);
  double worst = 0;
  std::int64_t compared = 0;
  std::vector<Eigen::Index> shifts;
  for (Eigen::Index k : cfg.shifts)
    if (L - k > d) shifts.push_back(k);  // NOTE: with no more rows than unknowns every table fits exactly
  if (shifts.empty()) return too_few_positions<double>(property::shift_linear, L);
  for (Eigen::Index k : shifts) {
    const Eigen::MatrixXd a = pe.topRows(L - k), b = pe.bottomRows(L - k);
    const Eigen::MatrixXd tk = a.completeOrthogonalDecomposition().solve(b);
    const Matrix<double> image = a * tk;
    // verify's comparison: every entry within kk·(ε·max|PE| + η), a NaN (an overflowed fit) failing.
    const verify::comparison cmp = verify::compare(image, Matrix<double>(b),
                                                   verify::within_eps<double>(kk, verify::one_scale(scale), {}));
    compared += b.size();
    if (!cmp.held) {
      const Eigen::Index p = std::max<Eigen::Index>(cmp.at.row, 0), j = std::max<Eigen::Index>(cmp.at.col, 0);
      c.outcome = verify::verdict::failed;
      c.residual = std::isfinite(cmp.ratio) ? cmp.ratio : std::numeric_limits<double>::infinity();
      c.note = "the least-squares T_" + std::to_string(k) + " of PE(p)·T ≈ PE(p+" + std::to_string(k) +
               ") over every p maps PE(" + std::to_string(p) + ")[" + std::to_string(j) + "] to " +
               readable(image(p, j)) + ", but PE(" + std::to_string(p + k) + ")[" + std::to_string(j) + "] = " +
               readable(b(p, j)) + " (" + readable(cmp.ratio) + " × its bound)";
      battery_evidence(c) = c.note + " (" + tolerance_words<double>(kk) + ", s = max|PE| = " + readable(scale) + ")";
      return c;
    }
    worst = std::max(worst, cmp.ratio);
  }
  std::string ks;
  for (Eigen::Index k : shifts) ks += (ks.empty() ? "" : ", ") + std::to_string(k);
  c.outcome = held();
  c.cases = compared;
  c.residual = worst;
  c.note = "held within the tolerance for every position of the table: for k ∈ {" + ks + "} the least-squares T_k of "
           "PE(p)·T_k ≈ PE(p+k) over every p leaves every entry within its bound (largest " + readable(worst) + " of it; " +
           std::to_string(compared) + " entries)";
  battery_evidence(c) = c.note + "; " + tolerance_words<double>(kk) + ", s = max|PE| = " + readable(scale) +
                        " (Eigen's complete orthogonal decomposition)";
  return c;
}

template <class S>
verify::check check_shift_linear(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  if constexpr (S::kind == pe_kind::additive && std::is_same_v<T, double>)
    if (checked_whole(s, cfg)) return shift_linear_least_squares(s, cfg);
  if constexpr (S::kind == pe_kind::score_bias) {
    verify::check c = translation_invariance(s, cfg, property::shift_linear);
    c.note = "(bias: translation invariance) " + c.note;
    return c;
  } else {
    verify::check c = make_check<T>(property::shift_linear);
    const Eigen::Index d = s.dim();
    const Eigen::Index length = checked_whole(s, cfg) ? s.max_position_value() : defined_limit(s, 4 * cfg.positions + 64);
    // NOTE: fit T_k on the first `fit` positions, verify on the next ones: a linear map through the
    // samples always exists if they are independent, so the verification is what can fail.
    const Eigen::Index fit = S::kind == pe_kind::additive ? std::min(d + 2, length / 2) : 2;
    Eigen::Index max_shift = 0;
    for (Eigen::Index sh : cfg.shifts) max_shift = std::max(max_shift, sh);
    // NOTE: a finite table checked whole is verified on every position p with p + k defined.
    const bool whole = checked_whole(s, cfg);
    const Eigen::Index verify_to = whole ? length - max_shift : std::min(length - 8, fit + 2 * cfg.positions);
    const T zero_tol = pivot_zero_tolerance<T>(cfg);
    Eigen::Index verified = 0;
    for (int side = 0; side < (S::kind == pe_kind::query_key ? 2 : 1); ++side) {
      sample_memo<S> at{s, side == 1, {}};
      const std::string what = S::kind == pe_kind::additive ? "PE" : side ? "key" : "query";
      // T_k for every shift, fitted on p < fit.
      std::vector<std::pair<Eigen::Index, linear_fit<T>>> maps;
      for (Eigen::Index k : cfg.shifts) {
        if (fit + k > length) continue;  // NOTE: a table too short for this shift: no PE(p + k) to fit
        std::vector<vec<T>> a, b;
        for (Eigen::Index p = 0; p < fit; ++p) {
          const auto& from = at(p, length);
          const auto& to = at(p + k, length);
          a.insert(a.end(), from.begin(), from.end());
          b.insert(b.end(), to.begin(), to.end());
        }
        for (std::size_t i = 0; i < a.size(); ++i) {
          if (const Eigen::Index j = first_non_number(a[i]); j >= 0) return non_number_cell(property::shift_linear, "a fitting sample", a[i], j);
          if (const Eigen::Index j = first_non_number(b[i]); j >= 0) return non_number_cell(property::shift_linear, "a fitting sample's image", b[i], j);
        }
        auto f = fit_linear_map(a, b, zero_tol);
        if (!f.consistent) {
          c.outcome = verify::verdict::failed;
          const Eigen::Index sample = to_index(f.inconsistent_sample, "the inconsistent sample");
          const Eigen::Index p = S::kind == pe_kind::additive ? sample : sample / d;
          c.note = "no linear T_" + std::to_string(k) + ": " + what + "(" + std::to_string(p + k) + ") is not T·" +
                      what + "(" + std::to_string(p) + ") for the T that fits p < " + std::to_string(p) +
                      " (an affine map would be needed)";
          battery_evidence(c) = c.note + "; samples " + format_vec(a[f.inconsistent_sample]) + " ↦ " +
                       format_vec(b[f.inconsistent_sample]) + " (" + arithmetic_name<T>() + ")";
          return c;
        }
        if constexpr (scalar_traits<T>::can_be_nonfinite) {
          // NOTE: an elimination that overflowed (double, entries near 10¹⁵⁰) leaves no finite map; said so
          // here rather than through NaN images (and apply_map skips zero entries, whose product with an
          // infinite entry would be NaN).
          for (Eigen::Index r = 0; r < f.map.rows(); ++r)
            for (Eigen::Index j = 0; j < f.map.cols(); ++j)
              if (!is_finite(f.map(r, j))) {
                c.outcome = verify::verdict::failed;
                c.note = "the T_" + std::to_string(k) + " fitted on p < " + std::to_string(fit) + " has an entry " +
                         readable(f.map(r, j)) + ": no finite linear map was found (the elimination overflowed)";
                battery_evidence(c) = c.note + " (" + arithmetic_name<T>() + ")";
                return c;
              }
        }
        maps.emplace_back(k, std::move(f));
      }
      // T_k·sample(p) against sample(p + k) in a sequence of `len`, within kk units: false (the check
      // filled as failed, `where` ending its note) when an image differs.
      auto maps_onto = [&](Eigen::Index k, const linear_fit<T>& f, Eigen::Index p, Eigen::Index len, double kk,
                           const std::string& where) {
        const auto& va = at(p, len);
        const auto& vb = at(p + k, len);
        const auto images = apply_map(f.map, va);
        for (std::size_t j = 0; j < va.size(); ++j) {
          ++verified;
          if (close_vec(images[j], vb[j], kk)) continue;
          c.outcome = verify::verdict::failed;
          c.note = "T_" + std::to_string(k) + " fitted on p < " + std::to_string(fit) + " maps " + what + "(" +
                   std::to_string(p) + ") to " + format_vec(images[j]) + ", but " + what + "(" + std::to_string(p + k) +
                   ") = " + format_vec(vb[j]) + where;
          battery_evidence(c) = c.note + " (" + tolerance_words<T>(kk) + ")";
          return false;
        }
        return true;
      };
      // Position by position, every shift at each (the memo then holds p … p + max k only).
      std::vector<double> near_units;
      for (const auto& [k, f] : maps) near_units.push_back(fit_tolerance_units(cfg, verify_to + k, d, static_cast<double>(f.condition)));
      for (Eigen::Index p = fit; p < verify_to; ++p) {
        for (std::size_t i = 0; i < maps.size(); ++i)
          if (!maps_onto(maps[i].first, maps[i].second, p, length, near_units[i], "")) return c;
        at.forget_below(p + 1);
      }
      at.kept.clear();
      // Far windows: the same T_k must map PE(p) to PE(p+k) around every power of two planned and below
      // max_position (window by window, each position for every shift whose windows include it).
      std::map<Eigen::Index, std::vector<std::size_t>> windows;
      for (std::size_t i = 0; i < maps.size(); ++i)
        for (Eigen::Index B : far_bases(s, cfg, maps[i].first)) windows[B].push_back(i);
      for (const auto& [B, which] : windows) {
        const std::string where = " (window around " + position_words(B + cfg.far_span / 2) + ")";
        for (Eigen::Index p = B; p < B + cfg.far_span; ++p) {
          for (std::size_t i : which) {
            const auto& [k, f] = maps[i];
            const double kf = fit_tolerance_units(cfg, B + cfg.far_span + k, d, static_cast<double>(f.condition));
            if (!maps_onto(k, f, p, std::max(length, p + k + 1), kf, where)) return c;
          }
          at.forget_below(p + 1);
        }
        at.kept.clear();
      }
    }
    if (verified == 0) return too_few_positions<T>(property::shift_linear, length);
    c.outcome = held();
    c.cases = static_cast<std::int64_t>(verified);
    const auto bases = far_bases(s, cfg, 0);
    c.note = std::string(scalar_traits<T>::is_exact ? "held exactly" : "held within the tolerance") + " on " +
                std::to_string(verified) + " sample images: T_k fitted on p < " + std::to_string(fit) + ", verified on p < " +
                std::to_string(verify_to) + (whole ? " (every position of the table)" : "") + " for k ∈ {" + shifts_words(cfg) +
                "} (windows around " + (bases.empty() ? std::string("none") : windows_short(bases, cfg.far_span)) + ")";
    battery_evidence(c) = c.note + "; probed " +
                 probed_words("p < " + std::to_string(verify_to), bases, cfg.far_span, cfg) +
                 " (" + std::to_string(verified) + " sample images; " +
                 (S::kind == pe_kind::query_key ? "queries and keys, basis vectors; " : "") +
                 tolerance_words<T>(tolerance_units(cfg, verify_to, d)) + " × the fit's pivot ratio near 0, growing with p far)";
    return c;
  }
}

/// A d×d matrix as its rows (a declared generator G and its powers).
template <Scalar T>
using rows_t = std::vector<vec<T>>;

/// a·b (zero entries of a skipped: a rotary G is block-diagonal, and an exact product by 0 is wasted work).
template <Scalar T>
rows_t<T> rows_mul(const rows_t<T>& a, const rows_t<T>& b) {
  const std::size_t d = a.size();
  rows_t<T> c(d, vec<T>(d, T(0)));
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t k = 0; k < d; ++k) {
      if (a[i][k] == T(0)) continue;
      for (std::size_t j = 0; j < d; ++j)
        if (!(b[k][j] == T(0))) c[i][j] = T(c[i][j] + a[i][k] * b[k][j]);
    }
  return c;
}

/// G^p, p ≥ 0, by binary powering.
template <Scalar T>
rows_t<T> rows_pow(const rows_t<T>& g, Eigen::Index p) {
  const std::size_t d = g.size();
  rows_t<T> r(d, vec<T>(d, T(0)));
  for (std::size_t i = 0; i < d; ++i) r[i][i] = T(1);
  rows_t<T> b = g;
  for (auto e = static_cast<unsigned long long>(p); e; e >>= 1) {
    if (e & 1ULL) r = rows_mul(r, b);
    if (e > 1) b = rows_mul(b, b);
  }
  return r;
}

/// a·x.
template <Scalar T>
vec<T> rows_apply(const rows_t<T>& a, const vec<T>& x) {
  vec<T> y(a.size(), T(0));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j)
      if (!(a[i][j] == T(0)) && !(x[j] == T(0))) y[i] = T(y[i] + a[i][j] * x[j]);
  return y;
}

/// What the battery found about a declared generator G (pe/concept.hpp): GᵀG = I, and query(x, p) = G^p x,
/// key(x, p) = G^p x on the probed positions, for the basis vectors and the law's content vectors.
struct generator_finding {
  bool orthogonal = false;
  bool agrees = true;        ///< no probed position contradicted the declaration
  Eigen::Index positions = 0;
  std::string where;         ///< the probed positions in words
  std::string orthogonality;  ///< "GᵀG = I (exact ==)" or why not
  std::string contradiction;  ///< the first probed position where query/key ≠ G^p, in words
};

/// The farthest boundary at which exact rows check a declared generator (see check_generator).
inline constexpr Eigen::Index generator_reach = Eigen::Index(1) << 16;

/// Checks a declared generator G against the scheme. Exact rows probe the near grid p < positions and the
/// far windows and boundaries the run planned (G^B by binary powering, neighbours by one product); real
/// rows the near grid only (G^p there is a product of p roundings: the tolerance grows like p, and a
/// d×d power per far window would cost more than the law it serves).
template <class S>
generator_finding check_generator(const S& s, const battery_config& cfg, const rows_t<scalar_of<S>>& g) {
  using T = scalar_of<S>;
  constexpr bool exact = scalar_traits<T>::is_exact;
  generator_finding f;
  const Eigen::Index d = s.dim();
  // GᵀG = I.
  f.orthogonal = true;
  for (Eigen::Index i = 0; i < d && f.orthogonal; ++i)
    for (Eigen::Index j = 0; j < d && f.orthogonal; ++j) {
      T v(0);
      for (Eigen::Index k = 0; k < d; ++k) v = T(v + at_index(at_index(g, k), i) * at_index(at_index(g, k), j));
      const T want = i == j ? T(1) : T(0);
      // NOTE: scale 1 is the data's: every row and column of an orthogonal G has norm 1, so an entry of
      // GᵀG is a sum of d products of entries at most 1 in size (not a floor under a smaller value).
      if (!close(v, want, tolerance_units(cfg, 1, d), T(1))) {
        f.orthogonal = false;
        f.orthogonality = "G is not orthogonal: (GᵀG)[" + std::to_string(i) + "][" + std::to_string(j) + "] = " + readable(v) +
                          ", not " + readable(want);
      }
    }
  if (f.orthogonal) f.orthogonality = std::string("GᵀG = I (") + (exact ? "exact ==" : "within " + tolerance_words<T>(tolerance_units(cfg, 1, d))) + ")";
  // The group law on the probed positions, for the basis vectors and the contents of the relative-score law.
  std::vector<vec<T>> xs;
  for (Eigen::Index j = 0; j < d; ++j) xs.push_back(basis<T>(d, j));
  for (int ci = 0; ci < cfg.contents; ++ci) {
    xs.push_back(content_vector<T>(d, 200 + static_cast<std::uint64_t>(ci)));
    xs.push_back(content_vector<T>(d, 300 + static_cast<std::uint64_t>(ci)));
  }
  auto at = [&](Eigen::Index p, const rows_t<T>& gp) {
    ++f.positions;
    const double kk = tolerance_units(cfg, p, d);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const vec<T> want = rows_apply(gp, xs[i]);
      for (int side = 0; side < 2; ++side) {
        const vec<T> got = side ? s.key(xs[i], p) : s.query(xs[i], p);
        if (close_vec(got, want, kk)) continue;
        const std::string x = i < static_cast<std::size_t>(d) ? "e_" + std::to_string(i) : "the content " + format_vec(xs[i]);
        f.contradiction = std::string(side ? "key" : "query") + "(x, " + std::to_string(p) + ") = " + format_vec(got) +
                          " but G^" + std::to_string(p) + " x = " + format_vec(want) + " for x = " + x;
        return false;
      }
    }
    return true;
  };
  rows_t<T> gp = rows_pow(g, 0);
  for (Eigen::Index p = 0; p < cfg.positions; ++p, gp = rows_mul(g, gp))
    if (!at(p, gp)) return f.agrees = false, f;
  f.where = "p < " + std::to_string(cfg.positions);
  if constexpr (exact) {
    const auto bases = far_bases(s, cfg, 0);
    for (Eigen::Index B : bases) {
      gp = rows_pow(g, B);
      for (Eigen::Index p = B; p < B + cfg.far_span; ++p, gp = rows_mul(g, gp))
        if (!at(p, gp)) return f.agrees = false, f;
    }
    // NOTE: G^B's exact powers canonicalise sums of 10⁵-bit numbers past 2^16 (seconds each): the group law
    // is checked at the boundaries up to there, and the evidence lists them.
    std::vector<Eigen::Index> reached;
    for (Eigen::Index B : cfg.boundary_far) {
      if (B > generator_reach) continue;
      reached.push_back(B);
      gp = rows_pow(g, B - 1);
      for (Eigen::Index p = B - 1; p <= B + 1; ++p, gp = rows_mul(g, gp))
        if (!at(p, gp)) return f.agrees = false, f;
    }
    if (!bases.empty()) f.where += "; windows around " + windows_short(bases, cfg.far_span);
    if (!reached.empty()) f.where += "; boundaries " + windows_short(reached, 0);
  }
  return f;
}

/// Adds to the relative-score check what a declared generator G gives: in exact arithmetic, when the law
/// held, G is orthogonal and query/key = G^p on every probed position, "relative scores for all m, n" by
/// the shift argument ⟨G^m q, G^n k⟩ = qᵀ(Gᵀ)^m G^n k = ⟨q, G^(n−m) k⟩ (GᵀG = I) — stated with what it
/// rests on. A probed position where query/key ≠ G^p contradicts the declaration (the check disagrees);
/// a G that is not orthogonal, or a real row (GᵀG = I only within rounding), concludes nothing.
template <class S>
void judge_generator(const S& s, const battery_config& cfg, verify::check& c) {
  using T = scalar_of<S>;
  if constexpr (S::kind == pe_kind::query_key) {
    if (!s.has_generator_member()) return;
    const rows_t<T> g = s.generator_value();
    if (g.empty()) return;
    const generator_finding f = check_generator(s, cfg, g);
    if (!f.agrees) {
      set_contradicts_declaration(c);
      const std::string words = "the scheme contradicts its declared generator G: " + f.contradiction;
      c.note = holds(c.outcome) ? words + " (the sampled law itself " + result_words(c) + ")" : c.note + "; " + words;
      battery_evidence(c) += "; " + words + " (" + tolerance_words<T>(tolerance_units(cfg, cfg.positions, s.dim())) + ")";
      return;
    }
    const std::string checked = f.orthogonality + "; query(x, p) = G^p x and key(x, p) = G^p x " +
                                (scalar_traits<T>::is_exact ? "held exactly" : "held within the tolerance") + " on " +
                                std::to_string(f.positions) + " positions (" + f.where + "), x the " +
                                std::to_string(s.dim()) + " basis vectors and the law's " + std::to_string(2 * cfg.contents) +
                                " content vectors";
    if (!f.orthogonal) {
      battery_evidence(c) += "; declared generator G: " + checked + ": no conclusion for all m, n";
      return;
    }
    if (!scalar_traits<T>::is_exact) {
      battery_evidence(c) += "; declared generator G: " + checked +
                    "; no conclusion for all m, n here: GᵀG = I holds only within rounding (drawn in exact rows)";
      return;
    }
    if (!holds(c.outcome)) return;
    set_group(c, "relative scores for all m, n by the shift argument ⟨G^m q, G^n k⟩ = ⟨q, G^(n−m) k⟩, from the "
                 "declared generator G: " + checked +
                 "; it rests on the scheme computing G^p at the positions not probed (not checked there)");
    battery_evidence(c) += "; " + group_of(c);
  } else {
    (void)s, (void)cfg, (void)c;
  }
}

template <class S>
verify::check check_relative_scores(const S& s, const battery_config& cfg) {
  if constexpr (S::kind == pe_kind::additive) {
    verify::check c = translation_invariance(s, cfg, property::relative_scores);
    c.note = "(p_m·p_n, M = I) " + c.note;
    return c;
  } else {
    verify::check c = translation_invariance(s, cfg, property::relative_scores);
    judge_generator(s, cfg, c);
    return c;
  }
}

template <class S>
verify::check check_relative_expressible(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::relative_expressible);
  if constexpr (S::kind != pe_kind::additive) {
    (void)cfg;
    c.outcome = verify::verdict::skipped;
    c.note = "not an additive scheme (its scores are checked directly by `relative scores`)";
    battery_evidence(c) = c.note;
    return c;
  } else {
    const Eigen::Index d = s.dim();
    // NOTE: the battery's own limit, stated up front: the law solves for the d² entries of M from P²
    // constraints (P = 2d, at most 63), an elimination of about P²·d⁴ operations — 6·10¹⁰ at d = 63, where
    // a fuzzed scheme hung the run (fuzz/regressions/scheme/). d ≤ 16 is 7·10⁷.
    constexpr Eigen::Index max_d = 16;
    if (d > max_d) {
      c.outcome = verify::verdict::not_decidable;
      c.note = "not decided: the battery's limit for this law is d ≤ " + std::to_string(max_d) + " (it solves for the d² = " +
                  std::to_string(d * d) + " entries of M); the scheme has d = " + std::to_string(d);
      battery_evidence(c) = c.note + " (the battery's limit, not the scheme's)";
      return c;
    }
    const Eigen::Index P = std::min<Eigen::Index>(defined_limit(s, 64) - 1, std::max<Eigen::Index>(6, 2 * d));
    const Eigen::Index length = defined_limit(s, 64);
    if (P < 2) return too_few_positions<T>(property::relative_expressible, length);
    std::vector<vec<T>> pe;
    for (Eigen::Index p = 0; p <= P; ++p) {
      pe.push_back(s.encode(p, length));
      if (const Eigen::Index j = first_non_number(pe.back()); j >= 0)
        return non_number_cell(property::relative_expressible, "PE(" + std::to_string(p) + ")", pe.back(), j);
    }
    // Unknowns: the d² entries of M. Constraint per (m, n): p_m M p_nᵀ − p_{m+1} M p_{n+1}ᵀ = 0.
    std::vector<std::vector<T>> rows;
    for (Eigen::Index m = 0; m < P; ++m)
      for (Eigen::Index n = 0; n < P; ++n) {
        std::vector<T> row(to_size(d * d, "the number of entries of M"));
        for (Eigen::Index i = 0; i < d; ++i)
          for (Eigen::Index j = 0; j < d; ++j)
            at_index(row, i * d + j) =
                T(pe[m][i] * pe[n][j] - pe[m + 1][i] * pe[n + 1][j]);
        rows.push_back(std::move(row));
      }
    const T zero_tol = pivot_zero_tolerance<T>(cfg);
    auto basis_m = nullspace(rows, to_size(d * d, "the number of entries of M"), zero_tol);
    auto form = [&](const vec<T>& mflat, Eigen::Index m, Eigen::Index n) {
      T sum(0);
      for (Eigen::Index i = 0; i < d; ++i)
        for (Eigen::Index j = 0; j < d; ++j) sum += pe[m][i] * at_index(mflat, i * d + j) * pe[n][j];
      return sum;
    };
    // NOTE: the scale of p_m M p_nᵀ is Σ_ij |p_m,i|·|M_ij|·|p_n,j|, the size its rounding error is
    // proportional to (a sum of d² products); a form value near 0 is bounded by it, not by itself.
    auto form_scale = [&](const vec<T>& mflat, Eigen::Index m, Eigen::Index n) {
      T sum(0);
      for (Eigen::Index i = 0; i < d; ++i)
        for (Eigen::Index j = 0; j < d; ++j)
          sum += T(abs_value(pe[m][i]) * abs_value(at_index(mflat, i * d + j)) * abs_value(pe[n][j]));
      return sum;
    };
    for (const auto& mv : basis_m) {
      for (Eigen::Index n = 1; n <= P; ++n) {
        const T g0 = form(mv, 0, 0), gn = form(mv, 0, n);
        if (!close(g0, gn, tolerance_units(cfg, P, d), std::max(form_scale(mv, 0, 0), form_scale(mv, 0, n)))) {
          c.outcome = held();
          const bool identity_works = [&] {
            for (Eigen::Index i = 0; i < d; ++i)
              for (Eigen::Index j = 0; j < d; ++j)
                if (!(at_index(mv, i * d + j) == T(i == j ? 1 : 0))) return false;
            return true;
          }();
          c.note = "the translation-invariant M form a space of dimension " + std::to_string(basis_m.size()) +
                      "; one gives g(0) = " + readable(g0) + " ≠ g(" + std::to_string(-n) + ") = " + readable(gn);
          battery_evidence(c) = c.note + (identity_works ? " (M = I)" : "") + "; solved exactly for M from " +
                       std::to_string(rows.size()) + " constraints p_m M p_nᵀ = p_(m+1) M p_(n+1)ᵀ, m, n < " +
                       std::to_string(P) + " (" + arithmetic_name<T>() + ")";
          return c;
        }
      }
    }
    c.outcome = verify::verdict::failed;
    c.note = basis_m.empty() ? "only M = 0 makes p_m M p_nᵀ depend on m − n alone"
                                : "every M making p_m M p_nᵀ depend on m − n alone makes it constant (" +
                                      std::to_string(basis_m.size()) + "-dimensional space of such M)";
    battery_evidence(c) = c.note + "; " + std::to_string(rows.size()) + " constraints, m, n < " + std::to_string(P) +
                 "; with M = I: p_0·p_0 = " + readable(dot(pe[0], pe[0])) + " but p_1·p_1 = " +
                 readable(dot(pe[1], pe[1])) + " (" + arithmetic_name<T>() + ")";
    return c;
  }
}

template <class S>
verify::check check_norm_preserving(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::norm_preserving);
  if constexpr (S::kind != pe_kind::query_key) {
    (void)cfg;
    c.outcome = verify::verdict::skipped;
    c.note = "only query_key schemes transform q and k";
    battery_evidence(c) = c.note;
    return c;
  } else {
    std::vector<Eigen::Index> ps;
    for (Eigen::Index p = 0; p < cfg.positions; ++p) ps.push_back(p);
    for (Eigen::Index p : cfg.far) ps.push_back(p);
    Eigen::Index cases = 0;
    for (int ci = 0; ci < cfg.contents; ++ci) {
      const auto x = content_vector<T>(s.dim(), 400 + static_cast<std::uint64_t>(ci));
      const T nx = norm2(x);
      for (Eigen::Index p : ps)
        for (int side = 0; side < 2; ++side) {
          const auto y = side ? s.key(x, p) : s.query(x, p);
          const T ny = norm2(y);
          ++cases;
          if (!close(nx, ny, tolerance_units(cfg, p, s.dim()), nx)) {
            c.outcome = verify::verdict::failed;
            const T ratio = T(ny / nx);
            c.note = "‖" + std::string(side ? "key" : "query") + "(x, " + std::to_string(p) + ")‖² = " +
                        readable(ny) + " but ‖x‖² = " + readable(nx) + " (ratio " + readable(ratio) + ")";
            battery_evidence(c) = c.note + " for x = " + format_vec(x) + " (" + arithmetic_name<T>() + ")";
            if (s.declares_norm_scale()) {
              const T declared = s.norm_scale_value();
              const T want = T(declared * declared);
              if (close(ratio, want, tolerance_units(cfg, p, s.dim()), want)) {
                battery_evidence(c) += "; this is the declared scale² = " + readable(want) + " (by design)";
              } else {
                set_contradicts_declaration(c);
                c.note += "; the scheme declares norm scale " + readable(declared) + ", i.e. ratio " +
                             readable(want);
                battery_evidence(c) += "; CONTRADICTS the declared scale² = " + readable(want);
              }
            }
            return c;
          }
        }
    }
    c.outcome = held();
    c.cases = static_cast<std::int64_t>(cases);
    c.note = "‖f(x, p)‖² = ‖x‖² on " + std::to_string(cases) + " cases (queries and keys)";
    battery_evidence(c) = c.note + ", p < " + std::to_string(cfg.positions) + " and far positions; " +
                 tolerance_words<T>(tolerance_units(cfg, cfg.far.back(), s.dim()));
    return c;
  }
}

template <class S>
verify::check check_bound_decays(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::bound_decays);
  if (!s.exposes_phases()) {
    c.outcome = verify::verdict::skipped;
    c.note = "the scheme exposes no rotation phases (the bound is RoPE's)";
    battery_evidence(c) = c.note;
    return c;
  }
  if constexpr (!scalar_traits<T>::has_sqrt) {
    (void)s;
    (void)cfg;
    c.outcome = verify::verdict::not_decidable;
    c.note = "the bound needs |S_j| = √(Re² + Im²): not exact over " + std::string(scalar_traits<T>::name);
    battery_evidence(c) = c.note + "; decided in the real-parameter (mpfr) row";
    return c;
  } else {
    using std::sqrt;
    auto bound = [&](Eigen::Index delta) {
      auto ph = s.phases_at(delta);
      T re(0), im(0), sum(0);
      for (const auto& [co, si] : ph) {
        re += co;
        im += si;
        sum += T(sqrt(T(re * re + im * im)));
      }
      return T(sum / T(std::ssize(ph)));
    };
    const T b0 = bound(0);
    std::vector<T> means;
    for (Eigen::Index j = 0; j < cfg.decay_windows; ++j) {
      T m(0);
      const Eigen::Index lo = 1L << j, hi = 1L << (j + 1);
      for (Eigen::Index delta = lo; delta < hi; ++delta) m += bound(delta);
      means.push_back(T(m / T(hi - lo)));
      if (!(means.back() < (j ? at_index(means, j - 1) : b0))) {
        c.outcome = verify::verdict::failed;
        c.note = "window mean of the bound over Δ ∈ [" + std::to_string(lo) + ", " + std::to_string(hi) + ") is " +
                    readable(means.back()) + ", not below the previous " +
                    readable(j ? at_index(means, j - 1) : b0);
        battery_evidence(c) = c.note + " (Su et al. §3.4.3 bound (1/(d/2))·Σ_j |Σ_{i<j} e^{iΔθ_i}|)";
        return c;
      }
    }
    c.outcome = held();
    c.note = "bound " + readable(b0) + " at Δ = 0 → window mean " + readable(means.back()) + " at Δ ~ " +
                std::to_string(1L << (cfg.decay_windows - 1)) + ", strictly decreasing over " +
                std::to_string(cfg.decay_windows) + " dyadic windows";
    battery_evidence(c) = c.note + "; Su et al. §3.4.3: |Σ h_i e^{iΔθ_i}| ≤ max|h_{i+1} − h_i|·Σ_j |S_j(Δ)|. Gaps between "
                             "window means are ≫ ε; " + arithmetic_name<T>();
    return c;
  }
}

template <class S>
verify::check check_score_decays(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  verify::check c = make_check<T>(property::score_decays);
  const Eigen::Index D = cfg.decay_reach;
  const Eigen::Index length = defined_limit(s, 2 * D + 1);
  const Eigen::Index reach = std::min(D, length - 1 - D);
  // NOTE: a table shorter than the decay window around m = D (found by fuzz/fuzz_scheme.cpp: the scores
  // below were read past their end) has nothing to compare.
  if (reach < 0) return too_few_positions<T>(property::score_decays, length);
  const auto one = ones<T>(s.dim());
  auto score = [&](Eigen::Index delta) {
    T v = position_score(s, one, one, D, D + delta, std::max(length, 2 * D + 1));
    if constexpr (S::kind == pe_kind::score_bias) v = T(v - dot(one, one));
    return v;
  };
  std::vector<T> sc;
  for (Eigen::Index delta = -D; delta <= reach; ++delta) {
    sc.push_back(score(delta));
    if (!comparable(sc.back()))
      return non_number_cell(property::score_decays, "s(m, m" + std::string(delta < 0 ? "" : "+") + std::to_string(delta) + ")",
                             vec<T>{sc.back()}, 0);
  }
  // NOTE: one scale for the window, max |s(m, m+Δ)| over it: a score that passes near 0 (a sinusoid's
  // Σ cos(Δθ_j)) carries the rounding error of the window's larger scores, not of its own size.
  auto window_scale = [](const std::vector<T>& w) {
    T m(0);
    for (const auto& v : w) m = std::max(m, T(abs_value(v)));
    return m;
  };
  const T near_scale = window_scale(sc);
  bool constant = true;
  for (const auto& v : sc) constant = constant && close(v, sc[0], tolerance_units(cfg, 2 * D, s.dim()), near_scale);
  if (constant) {
    c.outcome = verify::verdict::skipped;
    c.note = "the position score is constant (no position part)";
    battery_evidence(c) = c.note + ": s(m, m+Δ) = " + readable(sc[0]) + " for |Δ| ≤ " + std::to_string(D);
    return c;
  }
  auto at = [&](Eigen::Index delta) { return at_index(sc, delta + D); };
  for (Eigen::Index a = 0; a < D; ++a)
    for (int sign : {1, -1}) {
      const Eigen::Index from = sign * a, to = sign * (a + 1);
      if (to > reach) continue;
      const T s0 = at(from), s1 = at(to);
      if (!close(s0, s1, tolerance_units(cfg, 2 * D, s.dim()), near_scale) && s0 < s1) {
        c.outcome = verify::verdict::failed;
        c.note = "s(m, m" + std::string(to < 0 ? "" : "+") + std::to_string(to) + ") = " + readable(s1) +
                    " > s(m, m" + std::string(from < 0 ? "" : "+") + std::to_string(from) + ") = " + readable(s0) +
                    " (m = " + std::to_string(D) + ")";
        battery_evidence(c) = c.note + ", q = k = 𝟙" + (S::kind == pe_kind::score_bias ? ", bias part only" : "") + " (" +
                     arithmetic_name<T>() + ")";
        return c;
      }
    }
  // Far windows (floating arithmetic): around each far base, s(m, m+Δ) non-increasing in |Δ| ≤ far_decay_reach.
  const Eigen::Index R = cfg.far_decay_reach;
  const auto bases = far_bases(s, cfg, 2 * R);
  std::vector<Eigen::Index> centres;
  double far_k = 0;
  for (Eigen::Index B : bases) {
    const Eigen::Index m = B + R;
    centres.push_back(m);
    const Eigen::Index far_length = std::max(length, m + R + 1);
    const double kk = tolerance_units(cfg, m + R, s.dim());
    far_k = std::max(far_k, kk);
    auto far_score = [&](Eigen::Index delta) {
      T v = position_score(s, one, one, m, m + delta, far_length);
      if constexpr (S::kind == pe_kind::score_bias) v = T(v - dot(one, one));
      return v;
    };
    std::vector<T> window;  // s(m, m+Δ), Δ = −R … R
    for (Eigen::Index delta = -R; delta <= R; ++delta) window.push_back(far_score(delta));
    auto far_at = [&](Eigen::Index delta) { return at_index(window, delta + R); };
    const T far_scale = window_scale(window);
    for (Eigen::Index a = 0; a < R; ++a)
      for (int sign : {1, -1}) {
        const Eigen::Index from = sign * a, to = sign * (a + 1);
        const T s0 = far_at(from), s1 = far_at(to);
        if (!comparable(s0) || !comparable(s1))
          return non_number_cell(property::score_decays, "s(" + std::to_string(m) + ", " + std::to_string(m + to) + ")",
                                 vec<T>{s0, s1}, comparable(s0) ? 1 : 0);
        if (!close(s0, s1, kk, far_scale) && s0 < s1) {
          c.outcome = verify::verdict::failed;
          c.note = "s(m, m" + std::string(to < 0 ? "" : "+") + std::to_string(to) + ") = " + readable(s1) +
                      " > s(m, m" + std::string(from < 0 ? "" : "+") + std::to_string(from) + ") = " + readable(s0) +
                      " (m = " + std::to_string(m) + ", far window)";
          battery_evidence(c) = c.note + ", q = k = 𝟙" + (S::kind == pe_kind::score_bias ? ", bias part only" : "") + "; " +
                       tolerance_words<T>(kk) + " (" + arithmetic_name<T>() + ")";
          return c;
        }
      }
  }
  c.outcome = held();
  c.note = "s(m, m+Δ) non-increasing in |Δ| for |Δ| ≤ " + std::to_string(D) + " (both signs)";
  std::string far_words;
  for (std::size_t i = 0; i < centres.size(); ++i) far_words += (i ? ", " : "") + std::to_string(centres[i]);
  battery_evidence(c) = c.note + ", q = k = 𝟙; probed m = " + std::to_string(D) +
               (centres.empty() ? std::string(scalar_traits<T>::is_exact ? " (far positions are probed in the real-arithmetic rows)" : "")
                                : " and m ∈ {" + far_words + "} with |Δ| ≤ " + std::to_string(R)) +
               "; " + tolerance_words<T>(std::max(far_k, tolerance_units(cfg, 2 * D, s.dim())));
  return c;
}

/// The real self_attention with the scheme attached: one head, W_Q = W_K = W_V = I, scale 1, the default
/// kernel (softmax where T has exp, φ(s) = 1 + s + s²/2 otherwise), rows at positions 0..n−1.
template <class S>
Matrix<scalar_of<S>> attend_with(const S& s, const Matrix<scalar_of<S>>& x) {
  using T = scalar_of<S>;
  const Matrix<T> eye = Matrix<T>::Identity(x.cols(), x.cols());
  attention_options<T> opt;
  opt.scale = T(1);
  opt.positions = s;
  return self_attention<T>(x, head_weights<T>{eye, eye, eye}, opt);
}

template <Scalar T>
vec<T> row_vec(const Matrix<T>& m, Eigen::Index i) {
  vec<T> r(to_size(m.cols(), "the width"));
  for (Eigen::Index j = 0; j < m.cols(); ++j) at_index(r, j) = m(i, j);
  return r;
}

template <class S>
verify::check check_breaks_equivariance(const S& s, const battery_config& cfg) {
  using T = scalar_of<S>;
  (void)cfg;
  verify::check c = make_check<T>(property::breaks_equivariance);
  const Eigen::Index n = 3;
  const std::vector<std::vector<Eigen::Index>> perms = {{1, 0, 2}, {2, 0, 1}};
  Eigen::Index cases = 0;
  // NOTE: a scheme value that is not a number makes attention undefined (self_attention throws
  // non_finite_error naming it): the law fails, it never holds.
  auto attend_or_fail = [&](const Matrix<T>& in, Matrix<T>& out) {
    try {
      out = attend_with(s, in);
      return true;
    } catch (const non_finite_error& e) {
      c.outcome = verify::verdict::failed;
      c.note = std::string("attention with the scheme is not a number: ") + e.what();
      battery_evidence(c) = c.note + " (" + arithmetic_name<T>() + ")";
      return false;
    }
  };
  for (std::uint64_t seed = 500; seed < 502; ++seed) {
    Matrix<T> x(n, s.dim());
    for (Eigen::Index i = 0; i < n; ++i) {
      const auto xi = content_vector<T>(s.dim(), seed * 10 + static_cast<std::uint64_t>(i), 1);
      for (Eigen::Index j = 0; j < s.dim(); ++j) x(i, j) = at_index(xi, j);
    }
    Matrix<T> ax;
    if (!attend_or_fail(x, ax)) return c;
    for (const auto& pi : perms) {
      Matrix<T> px(n, s.dim()), pax(n, s.dim());
      for (Eigen::Index i = 0; i < n; ++i) {
        px.row(i) = x.row(at_index(pi, i));
        pax.row(i) = ax.row(at_index(pi, i));
      }
      Matrix<T> apx;
      if (!attend_or_fail(px, apx)) return c;
      ++cases;
      for (Eigen::Index i = 0; i < n; ++i) {
        const vec<T> lhs = row_vec(apx, i), rhs = row_vec(pax, i);
        if (const Eigen::Index j = first_non_number(lhs); j >= 0)
          return non_number_cell(property::breaks_equivariance, "row " + std::to_string(i) + " of Attn(PX)", lhs, j);
        if (const Eigen::Index j = first_non_number(rhs); j >= 0)
          return non_number_cell(property::breaks_equivariance, "row " + std::to_string(i) + " of P·Attn(X)", rhs, j);
      }
      // NOTE: one scale for the case, the largest |entry| of X, Attn(PX) and P·Attn(X): an output row is a
      // convex combination of value rows, so its rounding error follows the values' size even where a row
      // of the output passes near 0.
      T scale(0);
      for (const Matrix<T>* m : {&x, &apx, &pax})
        for (Eigen::Index i = 0; i < m->rows(); ++i) scale = std::max(scale, max_entry(row_vec(*m, i)));
      for (Eigen::Index i = 0; i < n; ++i) {
        const vec<T> lhs = row_vec(apx, i), rhs = row_vec(pax, i);
        if (!close_vec(lhs, rhs, 64.0 * static_cast<double>(s.dim()) * static_cast<double>(n + 1), scale)) {
          c.outcome = held();
          c.note = "π = (" + std::to_string(pi[0]) + " " + std::to_string(pi[1]) + " " + std::to_string(pi[2]) +
                      "): row " + std::to_string(i) + " of Attn(PX) = " + format_vec(lhs) + " ≠ (P·Attn(X)) = " +
                      format_vec(rhs);
          battery_evidence(c) = c.note + "; X rows " + format_vec(row_vec(x, 0)) + ", " + format_vec(row_vec(x, 1)) + ", " +
                       format_vec(row_vec(x, 2)) + "; orderblind::self_attention with the scheme attached, one head, W = I, scale 1, " +
                       (scalar_traits<T>::has_exp ? "softmax" : "kernel φ(s) = 1 + s + s²/2") + " (" +
                       arithmetic_name<T>() + ")";
          return c;
        }
      }
    }
  }
  c.outcome = verify::verdict::failed;
  c.cases = static_cast<std::int64_t>(cases);
  c.note = "Attn(PX) = P·Attn(X) on all " + std::to_string(cases) + " cases: the scheme leaves attention order-blind";
  battery_evidence(c) = c.note + " (orderblind::self_attention with the scheme attached, 3 tokens, 2 inputs × 2 permutations, " +
               (scalar_traits<T>::is_exact ? std::string("exact ==") : "tolerance 64·d·(n+1)·(ε·s + η), s the largest |entry| of X and the outputs") + ")";
  return c;
}

/// Runs one law. What the scheme threw (scheme_threw_error, undefined_position_error, an overflow or
/// domain error of the scheme's arithmetic) fails the law with the call and position; a broken
/// contract (invalid_scheme_error) stops the run as bad input; the battery's own std::bad_alloc becomes
/// a battery_limit_error naming the law.
template <class S, class F>
verify::check guarded(property p, F&& f) {
  auto failed = [&](const std::string& why) {
    verify::check c = make_check<scalar_of<S>>(p);
    c.outcome = verify::verdict::failed;
    c.note = why;
    battery_evidence(c) = c.note;
    return c;
  };
  try {
    return f();
  } catch (const invalid_scheme_error&) {
    throw;
  } catch (const scheme_threw_error& e) {
    return failed(e.what());
  } catch (const std::bad_alloc&) {
    throw battery_limit_error(std::string("the battery ran out of memory checking '") + property_name(p) +
                              "' (its own limit, not the scheme's)");
  } catch (const std::exception& e) {
    return failed(std::string("the scheme threw: ") + e.what());
  } catch (...) {
    return failed("the scheme threw an exception of a type not derived from std::exception");
  }
}

}  // namespace detail

namespace detail {

/// The laws `wanted` names, in report order (all of them when `wanted` is empty). Throws
/// std::invalid_argument for a value that names no law or a law named twice: a subset is the caller's
/// input, checked like any other.
inline std::vector<property> selected_laws(const std::vector<property>& wanted) {
  if (wanted.empty()) return {all_properties.begin(), all_properties.end()};
  std::array<bool, property_count> seen{};
  for (const property p : wanted) {
    const auto i = static_cast<std::size_t>(p);
    if (i >= property_count)
      throw std::invalid_argument("battery_config::laws: " + std::to_string(i) + " names no law (there are " +
                                  std::to_string(property_count) + ")");
    if (seen[i])
      throw std::invalid_argument(std::string("battery_config::laws: '") + property_name(p) + "' is named twice");
    seen[i] = true;
  }
  std::vector<property> out;
  for (const property p : all_properties)
    if (seen[static_cast<std::size_t>(p)]) out.push_back(p);
  return out;
}

/// Law p on `s` (unguarded: run_erased guards it).
template <class S>
verify::check run_law(const S& s, const battery_config& cfg, property p) {
  switch (p) {
    case property::bounded: return check_bounded(s, cfg);
    case property::length_consistent: return check_length_consistent(s, cfg);
    case property::injective: return check_injective(s, cfg);
    case property::extrapolates: return check_extrapolates(s, cfg);
    case property::shift_linear: return check_shift_linear(s, cfg);
    case property::relative_scores: return check_relative_scores(s, cfg);
    case property::relative_expressible: return check_relative_expressible(s, cfg);
    case property::norm_preserving: return check_norm_preserving(s, cfg);
    case property::bound_decays: return check_bound_decays(s, cfg);
    case property::score_decays: return check_score_decays(s, cfg);
    case property::breaks_equivariance: return check_breaks_equivariance(s, cfg);
  }
  throw std::invalid_argument("no law " + std::to_string(static_cast<std::size_t>(p)));
}

/// The laws of cfg.laws (all when empty) on the erased scheme `s`: its run, each law a check with id
/// "<property> (<scheme>)"; run_battery's body, instantiated once per (scalar, kind).
template <Scalar T, pe_kind K>
verify::report run_erased(const erased_scheme<T, K>& s, const std::string& origin, const battery_config& given) {
  using S = erased_scheme<T, K>;
  const std::vector<property> selected = selected_laws(given.laws);
  s.validate();
  battery_config cfg = given;
  if (!(cfg.input_epsilon >= 0 && cfg.input_epsilon < 1))
    throw std::invalid_argument("battery_config::input_epsilon must be in [0, 1), got " + std::to_string(cfg.input_epsilon));
  if (cfg.tolerance && !(*cfg.tolerance >= 0 && std::isfinite(*cfg.tolerance)))
    throw std::invalid_argument("battery_config::tolerance must be finite and >= 0, got " + std::to_string(*cfg.tolerance));
  if constexpr (!scalar_traits<T>::is_exact)
    cfg.tolerance_factor = std::max(1.0, cfg.input_epsilon / static_cast<double>(scalar_traits<T>::epsilon()));
  try {
    plan_far_windows(s, cfg);
  } catch (const std::bad_alloc&) {
    throw battery_limit_error("the battery ran out of memory planning its far windows (its own limit, not the scheme's)");
  }
  const std::string name = s.name();
  verify::report run = scheme_run(name, kind_name(K), s.parameters(), arithmetic_name<T>(), origin);
  auto& checks = laws(run);
  for (const property p : selected) {
    verify::check c = guarded<S>(p, [&] { return run_law(s, cfg, p); });
    c.id = std::string(property_name(p)) + " (" + name + ")";
    checks.push_back(std::move(c));
  }
  if (s.states_expectations())
    for (const auto& [p, e] : s.stated_expectations())
      if (verify::check* c = find_law(run, p))
        state_expectation(*c, e, "stated by the scheme (" + origin + ")");
  return run;
}

}  // namespace detail

/// Run the laws of `cfg.laws` (every law when empty, the default) on `s`: the scheme's run, a
/// `verify::report` whose `properties` are the law checks (pe/report.hpp). A law not run is absent from
/// it. `origin` says where the scheme comes from ("catalogue", "user header", …). A subset runs through
/// the same validation, far-window planning and guard as the full run, so each of its checks is the full
/// run's check of that law. Throws std::invalid_argument for a subset naming a law twice or none.
template <class S>
verify::report run_battery(const S& s, const std::string& origin = "catalogue",
                           battery_config cfg = battery_config::defaults<typename S::scalar_type>()) {
  static_assert(require_scheme<S>(), "orderblind::pe: this type is not a positional-encoding scheme (see above)");
  using T = typename S::scalar_type;
  if constexpr (std::is_same_v<S, erased_scheme<T, S::kind>>) return detail::run_erased(s, origin, cfg);
  else return detail::run_erased(erased_scheme<T, S::kind>(s), origin, cfg);
}

// NOTE: a target that links orderblind::pe (lib/src/CMakeLists.txt) is compiled with
// ORDERBLIND_PE_BATTERY_COMPILED: the battery for double, mpq_rational and mpfr100 is then instantiated
// once, in that library, and not again in every unit that runs a scheme. Without the macro (a user of
// the headers alone, not linking orderblind::pe) this header instantiates what it runs, as any template
// library does.
#ifdef ORDERBLIND_PE_BATTERY_COMPILED
#define ORDERBLIND_PE_BATTERY_INSTANCES(EXTERN, T)                                                              \
  EXTERN template verify::report detail::run_erased(const erased_scheme<T, pe_kind::additive>&, const std::string&,   \
                                                const battery_config&);                                          \
  EXTERN template verify::report detail::run_erased(const erased_scheme<T, pe_kind::query_key>&, const std::string&,  \
                                                const battery_config&);                                          \
  EXTERN template verify::report detail::run_erased(const erased_scheme<T, pe_kind::score_bias>&, const std::string&, \
                                                const battery_config&);
ORDERBLIND_PE_BATTERY_INSTANCES(extern, double)
ORDERBLIND_PE_BATTERY_INSTANCES(extern, mpq_rational)
ORDERBLIND_PE_BATTERY_INSTANCES(extern, mpfr100)
#endif

}  // namespace orderblind::pe
