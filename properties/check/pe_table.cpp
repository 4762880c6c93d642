// SPDX-License-Identifier: MIT
// `orderblind check --pe table`: the PE battery (orderblind/pe/battery_impl.hpp, the laws `orderblind
// schemes` runs) on a user's positional table (positions × dims) as a scheme, pe::table_scheme: PE(p) is
// row p, undefined past the last row, like the catalogue's `learned`. Every law of the battery, the same
// code and bounds as the catalogue's rows; only the unit of the floating bounds is the file's own.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "orderblind/pe/additive.hpp"
#include "orderblind/pe/battery_impl.hpp"
#include "orderblind/pe/report.hpp"
#include "orderblind/pe/schemes_report.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "properties/check/check.hpp"

// NOTE: the pip build (python/setup.py defines ORDERBLIND_PE_DOUBLE_BATTERY_IN_CORE; it does not link the
// compiled battery of orderblind::pe) instantiates the battery in double once, in python/core.cpp, which
// runs it on Python callables: a double table runs that instance. A pip install compiles ~16 s of CPU
// less (the battery on one scheme kind and scalar; machine D).
#if defined(ORDERBLIND_PE_DOUBLE_BATTERY_IN_CORE) && !defined(ORDERBLIND_PE_BATTERY_COMPILED)
namespace orderblind::pe {
extern template verify::report detail::run_erased(const erased_scheme<double, pe_kind::additive>&, const std::string&,
                                                  const battery_config&);
}  // namespace orderblind::pe
#endif

namespace orderblind::properties {
namespace {

std::string sci(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

/// The table scaled by a power of two so that its largest |entry| lies in [1/2, 1), and the relative
/// precision its floating laws are measured in (see the NOTE in `scale_free`).
struct scaled_table {
  Matrix<double> s;      ///< PE·2^-e
  int exponent = 0;      ///< e (0 for an all-zero table)
  double precision = 0;  ///< u_S / max|S|: the battery's input ε (> 0)
  std::string words;     ///< how `precision` was derived, for the checks' `unit`
};

// NOTE: scale-free units. Every law of the battery is invariant under PE ↦ c·PE (c ≠ 0) — bounded (the
// growth exponent of a finite table), injectivity, shift-linearity (T_k does not change), relative
// scores (G ↦ c²G), … — so the verdict must not depend on a global scale, and the unit of every bound is
// the table's own magnitude: u = max(ε_in·max|PE|, η_in), where ε_in is the rounding of the file's
// element type (a table computed from phases pθ, p < n, is off by ≤ (n+1)ε_in·max|PE| per entry: the
// battery's bound 64(p+1)d is this argument with ε_in for ε) and η_in its absolute rounding of a subnormal
// (2^-1074 for float64 and CSV, 2^-149 for float32: the spacing of the subnormals, twice the largest
// rounding error there). A table entirely below the normal range (a sinusoid ×10^-310) has lost bits to
// that absolute rounding, and η_in states it; for any other table u = ε_in·max|PE|. There is no absolute
// floor such as max(1, max|PE|), which made every table below 1 in magnitude look exact (a random
// N(0, 0.02) table ×10^-20 passed relative scores and shift-linearity).
// The battery runs on S = PE·2^-e with max|S| ∈ [1/2, 1): multiplying by a power of two only moves
// exponents, so S holds the stored values exactly (an entry more than 2^1021 times smaller than max|PE|
// may round, by ≤ 2^-1075 ≤ 2^-1022·ε·max|S|, far below the unit), and PE ×2^k gives bit for bit the same
// S and the same verdicts. In S no square, score or norm can overflow or underflow (|S| ≤ 1, d ≤ 2^24):
// ×10^200 and ×10^-310 tables are checked like the unscaled one. The battery's bounds are relative to the
// compared values, k·(ε·s + η), so its input ε is u_S / max|S| ≥ ε_in.
scaled_table scale_free(const io::table& t) {
  scaled_table r;
  const double eps_in = input_unit_roundoff(t);
  r.s = t.as<double>();
  const double m = max_abs(r.s);
  double max_s = 0;
  if (m > 0) {
    (void)std::frexp(m, &r.exponent);  // m = f·2^e, f ∈ [1/2, 1)
    for (Eigen::Index i = 0; i < r.s.rows(); ++i)
      for (Eigen::Index j = 0; j < r.s.cols(); ++j) r.s(i, j) = std::ldexp(r.s(i, j), -r.exponent);
    max_s = max_abs(r.s);
  }
  const int eta_exponent = t.element_type == "float32" ? -149 : -1074;
  // NOTE: ldexp underflows to 0 when η_in·2^-e is far below ε_in·max|S| (a large table): max takes the other.
  const double unit = std::max(eps_in * max_s, std::ldexp(1.0, eta_exponent - r.exponent));
  // NOTE: an all-zero table (max|S| = 0) has no relative rounding; its laws compare zeros, and ε_in stands.
  r.precision = max_s > 0 ? std::min(0.5, unit / max_s) : eps_in;
  r.words = "bounds k·(ε·s + η) of the battery with ε = max(ε_in·max|PE|, η_in)/max|PE| = " + sci(r.precision) +
            " (ε_in = " + sci(eps_in) + " for " + t.element_type + ", η_in = 2^" + std::to_string(eta_exponent) +
            "; scale-free: the table's own magnitude, no floor), s the compared values' magnitude";
  return r;
}

/// What a positional table is expected to satisfy, each with the text that asks for it; the other laws
/// are reported with no expectation (nothing compared) unless the user states one (--expect).
// NOTE: length-consistent and extrapolates are not among them: a table has one row per position whatever
// the length and none past its last, so the battery's verdicts on them (holds, fails) are the scheme's
// construction, and an expectation of them could not fail.
struct table_expectation {
  pe::property law;
  pe::expectation expected;
  const char* source;
};
constexpr table_expectation table_expectations[] = {
    {pe::property::bounded, pe::expectation::holds, "text 003 Attempt 1 ('We need something bounded')"},
    {pe::property::injective, pe::expectation::holds, "text 003 ('a unique fingerprint per position')"},
    {pe::property::shift_linear, pe::expectation::holds,
     "text 003 ('The rotation matrix depends only on k … relative position becomes linear')"},
    {pe::property::relative_scores, pe::expectation::holds,
     "text 001 §3.7 (the requirement: a part of the score that depends on m − n alone)"},
    {pe::property::breaks_equivariance, pe::expectation::holds,
     "text 001 §3.5 (something that depends on the position has to be added)"}};

/// The battery on `rows` as pe::table_scheme over T, the table's expectations (and the user's `expect`)
/// stated on its run; each law's agreement check (pe::agreement_check, as `orderblind schemes` reports a
/// cell), with the law's residual, cases and seed, as `orderblind check` states it.
template <Scalar T>
verify::value::checks battery_on(Matrix<T> rows, const std::string& description, double precision, const std::string& unit,
                                 const std::string& scale_words, const std::string& expect, const check_settings& s) {
  pe::stated_expectations user;
  try {
    if (!expect.empty()) user = pe::parse_expectations(expect);
  } catch (const std::invalid_argument& e) {
    throw expectation_error(e.what());
  }
  pe::battery_config cfg = pe::battery_config::defaults<T>();
  cfg.input_epsilon = precision;
  cfg.tolerance = s.tolerance_eps;
  cfg.seed = s.seed;
  // NOTE: every row of a table up to the `check` size limit (n²·d ≤ 2^28) is checked whole in double, and
  // in exact arithmetic up to its limit (2^18): the battery's whole-table paths compare every pair.
  cfg.whole_table = std::max<Eigen::Index>(cfg.whole_table, rows.rows());
  verify::report run = pe::run_battery(pe::table_scheme<T>{std::move(rows), description}, "table", cfg);
  for (const auto& e : table_expectations) pe::state_expectations(run, {{e.law, e.expected}}, e.source);
  if (!user.empty()) pe::state_expectations(run, user, "stated by the user (--expect)");
  verify::value::checks out;
  for (const auto& c : pe::laws(run)) {
    verify::check k = pe::agreement_check(run, c);
    if (c.outcome == verify::verdict::not_decidable && pe::expectation_stated(c)) {
      // NOTE: a table too small for a law (no PE(p + k) past its rows) is not decided here: nothing was
      // compared with the expectation, which neither holds nor fails on it.
      k.outcome = verify::verdict::skipped;
      k.note = "not decidable on this table, nothing compared: " + c.note;
      verify::set_detail(k, "agrees", verify::value());
    }
    k.residual = c.residual;
    k.cases = c.cases;
    k.seed = cfg.seed;
    // NOTE: the battery states a residual where its comparisons have one bound each (relative scores, and
    // shift-linearity's least squares on a table in double): the largest |difference| as a fraction of it.
    const bool fraction = c.residual.template as<double>() != nullptr;
    k.with("unit", scalar_traits<T>::is_exact ? std::string("exact ==")
                                               : (fraction ? "the largest |difference| as a fraction of its bound (≤ 1 held); " : "") + unit)
        .with("worst_case", verify::is_failure(c.outcome) ? c.note : std::string());
    if (!scale_words.empty()) k.note += "; " + scale_words;
    out.push_back(std::move(k));
  }
  return out;
}

}  // namespace

double input_unit_roundoff(const io::table& t) {
  return t.element_type == "float32" ? static_cast<double>(std::numeric_limits<float>::epsilon())
                                     : std::numeric_limits<double>::epsilon();
}

verify::value::checks check_pe_table(const io::table& pe, bool exact, const check_settings& s, const std::string& expect) {
  const std::string description = "table " + pe.describe();
  if (exact) {
    // NOTE: exactly on the stored values (each a dyadic rational), unscaled: == does not see a scale.
    return battery_on<mpq_rational>(pe.as<mpq_rational>(), description + ", every entry as its dyadic rational",
                                    input_unit_roundoff(pe), "", "", expect, s);
  }
  scaled_table st = scale_free(pe);
  const std::string scaled = "on the table ×2^" + std::to_string(-st.exponent) + " (exactly; every law is scale-invariant)";
  return battery_on<double>(std::move(st.s), description + ", " + scaled, st.precision, st.words, scaled, expect, s);
}

}  // namespace orderblind::properties
