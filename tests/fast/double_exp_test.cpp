// SPDX-License-Identifier: MIT
// The double arithmetic's exp (lib/orderblind/fast/kernels/double_exp.hpp): its error bound
// |exp(x) − e^x| ≤ 2u·e^x + 2^-1075 checked against MPFR at 256 bits on sampled points (the law), the
// bound's own constants enclosed with MPFI (docs/derivations/double-exp.md), every implementation
// (portable, FMA, AVX2, AVX-512F) bit for bit the same, the special values — and mutants the law catches:
// a truncation one degree short, an argument reduction without its low part, a result one ulp up, and
// the doubles just outside the bound, while those just inside it pass.
#include <catch2/catch.hpp>

#include <mpfi.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "orderblind/fast/kernels/double_exp.hpp"
#include "orderblind/seed.hpp"

using namespace orderblind;
using fast::exp_fault;

namespace {

constexpr double u = 0x1p-53;           // half an ulp of 1
constexpr double largest_finite_argument = 709.78;  // e^709.78 ≈ 1.7928e308 < DBL_MAX by 0.27 %

/// e^x and the bound 2u·e^x + 2^-1075 at 256 bits: a double y meets it iff |y − e^x| ≤ bound.
// NOTE: MPFR at 256 bits: e^x's relative error ≤ 2^-255 and the subtraction below is of a double from it,
// so the comparison is decided with 200 bits to spare except at exact ties, which the test's margins
// never approach. NaN and ±inf compare false: a non-number never meets the bound.
struct exp_reference {
  mpfr_t e, t;
  exp_reference() {
    mpfr_init2(e, 256);
    mpfr_init2(t, 256);
  }
  ~exp_reference() {
    mpfr_clear(e);
    mpfr_clear(t);
  }
  exp_reference(const exp_reference&) = delete;
  exp_reference& operator=(const exp_reference&) = delete;

  /// |y − e^x| / (u·e^x) (+inf for a non-number); sets `meets` to whether y is within the bound.
  double error_u(double x, double y, bool& meets) {
    mpfr_set_d(e, x, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    if (!std::isfinite(y)) {
      meets = false;
      return std::numeric_limits<double>::infinity();
    }
    mpfr_set_d(t, y, MPFR_RNDN);
    mpfr_sub(t, t, e, MPFR_RNDN);
    mpfr_abs(t, t, MPFR_RNDN);
    mpfr_t b;
    mpfr_init2(b, 256);
    mpfr_mul_d(b, e, fast::detail::exp_constants::bound_u * u, MPFR_RNDN);
    mpfr_t half_subnormal;  // 2^-1075: half the smallest subnormal, below the smallest double
    mpfr_init2(half_subnormal, 2);
    mpfr_set_ui_2exp(half_subnormal, 1, -1075, MPFR_RNDN);
    mpfr_add(b, b, half_subnormal, MPFR_RNDN);
    mpfr_clear(half_subnormal);
    meets = mpfr_lessequal_p(t, b) != 0;
    mpfr_clear(b);
    mpfr_div(t, t, e, MPFR_RNDN);
    return mpfr_get_d(t, MPFR_RNDU) / u;
  }
};

/// The sampled points, by region, with a count of each (printed by the law).
struct sample {
  std::vector<double> x;
  std::vector<std::pair<std::string, long>> regions;
};

/// Points where the exp's error is made: its whole domain uniformly, the reduced argument near ±ln2/2
/// (where the polynomial's error peaks) for every k, the subnormal results, and |x| below 2^-20.
sample exp_sample(long per_region) {
  std::mt19937_64 rng(default_seed);
  sample s;
  auto region = [&](const std::string& name, auto draw) {
    for (long i = 0; i < per_region; ++i) s.x.push_back(draw());
    s.regions.emplace_back(name, per_region);
  };
  std::uniform_real_distribution<double> whole(-746.0, largest_finite_argument), unit(0.0, 1.0);
  std::uniform_int_distribution<int> k_of(-1074, 1023);
  region("uniform in [-746, 709.78]", [&] { return whole(rng); });
  region("k·ln2 ± (ln2/2 − t), t in [0, 2^-20), k in [-1074, 1023]", [&] {
    const double half = std::ldexp(0.6931471805599453, -1) - std::ldexp(unit(rng), -20);
    const double x = k_of(rng) * 0.6931471805599453 + (unit(rng) < 0.5 ? -half : half);
    return x > largest_finite_argument ? largest_finite_argument : x;
  });
  region("subnormal results: uniform in [-745.2, -708.4]", [&] {
    return -745.2 + unit(rng) * (745.2 - 708.4);
  });
  region("|x| < 2^-20, either sign", [&] { return std::ldexp(unit(rng) * 2 - 1, -20); });
  return s;
}

/// The law over the sample: the largest error of normal results (in u) and the first point outside.
struct law_result {
  double max_error_u = 0;
  double worst_x = 0;
  long outside = 0;
  double first_outside = 0;
};
template <class Exp>
law_result check_exp_bound(const sample& s, Exp exp) {
  exp_reference ref;
  law_result r;
  for (const double x : s.x) {
    bool meets = false;
    const double y = exp(x);
    const double err = ref.error_u(x, y, meets);
    if (!meets && r.outside++ == 0) r.first_outside = x;
    if (std::fabs(y) >= std::numeric_limits<double>::min() && err > r.max_error_u) {
      r.max_error_u = err;
      r.worst_x = x;
    }
  }
  return r;
}

std::string hex(double x) {
  char b[64];
  std::snprintf(b, sizeof b, "%a", x);
  return b;
}

}  // namespace

TEST_CASE("exp: |exp(x) - e^x| <= 2u e^x + 2^-1075 against MPFR at 256 bits, sampled by region") {
  const sample s = exp_sample(50000);
  const law_result r = check_exp_bound(s, [](double x) { return fast::exp(x); });
  for (const auto& [name, n] : s.regions) std::printf("exp law sample: %ld points, %s\n", n, name.c_str());
  std::printf("exp law: %zu points (seed %llu), largest error of a normal result %.4f u at x = %s (bound %.1f u)\n",
              s.x.size(), static_cast<unsigned long long>(default_seed), r.max_error_u, hex(r.worst_x).c_str(),
              fast::detail::exp_constants::bound_u);
  INFO("first point outside the bound: " << hex(r.first_outside));
  CHECK(r.outside == 0);
  // NOTE: the sample must reach the polynomial's bad end: an error above 1u is met only near |r| = ln2/2.
  CHECK(r.max_error_u > 1.0);
}

TEST_CASE("exp: the bound's constants, enclosed with MPFI, add up to at most 2u") {
  namespace c = fast::detail::exp_constants;
  const mpfr_prec_t prec = 256;
  // NOTE: every quantity below is an upper bound, rounded up (MPFR_RNDU, or an MPFI enclosure's right end).
  mpfr_t ln2, log2e, t, R, tau, eta, A, G, rho;
  for (mpfr_ptr p : {ln2, log2e, t, R, tau, eta, A, G, rho}) mpfr_init2(p, prec);
  mpfr_const_log2(ln2, MPFR_RNDN);  // error ≤ 2^-256 relative: absorbed by the margins rounded up below
  // |log2e_d − log2 e|
  mpfr_ui_div(log2e, 1, ln2, MPFR_RNDN);
  mpfr_sub_d(t, log2e, c::log2e, MPFR_RNDN);
  mpfr_abs(t, t, MPFR_RNDU);
  // |r*| ≤ ln2·(1/2 + 746·|log2e_d − log2 e|)
  mpfr_mul_ui(t, t, 746, MPFR_RNDU);
  mpfr_add_d(t, t, 0.5, MPFR_RNDU);
  mpfr_mul(R, t, ln2, MPFR_RNDU);
  // τ = ln2 − ln2_hi − ln2_lo; |r| ≤ (|r*| + 1077|τ|)(1 + u)
  mpfr_sub_d(tau, ln2, c::ln2_hi, MPFR_RNDN);
  mpfr_sub_d(tau, tau, c::ln2_lo, MPFR_RNDN);
  mpfr_abs(tau, tau, MPFR_RNDU);
  CHECK(mpfr_cmp_d(tau, 0x1p-86) <= 0);
  mpfr_mul_ui(t, tau, 1077, MPFR_RNDU);
  mpfr_add(R, R, t, MPFR_RNDU);
  mpfr_mul_d(R, R, 1 + 2 * u, MPFR_RNDU);
  const double R_up = mpfr_get_d(R, MPFR_RNDU);
  CHECK(R_up <= 0.3465735902799727 + 0x1p-42);  // ln2/2 + 2^-42, the figure docs/derivations/double-exp.md uses
  // η = |r − r*| ≤ u·R + 1077|τ|(1 + u), as an exp's relative factor e^η − 1 ≤ η(1 + η)
  mpfr_mul_d(eta, R, u, MPFR_RNDU);
  mpfr_mul_ui(t, tau, 1077, MPFR_RNDU);
  mpfr_mul_d(t, t, 1 + 2 * u, MPFR_RNDU);
  mpfr_add(eta, eta, t, MPFR_RNDU);
  // A: |P(r) − e^r| / e^r ≤ (Σ_j |c_j − 1/j!| R^j + R^14/14!·e^R) / e^-R
  {
    mpfr_t f, term, rj;
    mpfr_inits2(prec, f, term, rj, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_ui(A, 0, MPFR_RNDN);
    mpfr_set_ui(rj, 1, MPFR_RNDN);
    mpfr_set_ui(f, 1, MPFR_RNDN);
    for (int j = 0; j <= c::degree; ++j) {
      if (j > 0) {
        mpfr_mul(rj, rj, R, MPFR_RNDU);
        mpfr_mul_ui(f, f, static_cast<unsigned long>(j), MPFR_RNDN);  // j! exact at 256 bits
      }
      mpfr_ui_div(term, 1, f, MPFR_RNDN);
      mpfr_sub_d(term, term, c::inverse_factorial(j), MPFR_RNDN);
      mpfr_abs(term, term, MPFR_RNDU);
      mpfr_mul(term, term, rj, MPFR_RNDU);
      mpfr_add(A, A, term, MPFR_RNDU);
    }
    mpfr_mul(rj, rj, R, MPFR_RNDU);  // R^14
    mpfr_mul_ui(f, f, 14, MPFR_RNDN);
    mpfr_div(term, rj, f, MPFR_RNDU);
    mpfr_exp(t, R, MPFR_RNDU);
    mpfr_mul(term, term, t, MPFR_RNDU);
    mpfr_add(A, A, term, MPFR_RNDU);
    mpfr_mul(A, A, t, MPFR_RNDU);  // / e^-R
    mpfr_clears(f, term, rj, static_cast<mpfr_ptr>(nullptr));
  }
  // G = sup over |r| ≤ R of Σ_{j=0}^{12} |r|^j |Q_j(r)| / e^r, Q_j = Σ_{i≥j} c_i r^(i−j) (Horner's partial
  // values): MPFI over 4096 pieces of [−R, R], the largest right end.
  {
    const int pieces = 4096;
    mpfi_t r, a, sum, rj, term, e;
    for (mpfi_ptr p : {r, a, sum, rj, term, e}) mpfi_init2(p, prec);
    mpfr_t lo, hi, right;
    mpfr_inits2(prec, lo, hi, right, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_ui(G, 0, MPFR_RNDN);
    for (int i = 0; i < pieces; ++i) {
      mpfr_mul_si(lo, R, 2 * i - pieces, MPFR_RNDD);
      mpfr_div_ui(lo, lo, pieces, MPFR_RNDD);
      mpfr_mul_si(hi, R, 2 * (i + 1) - pieces, MPFR_RNDU);
      mpfr_div_ui(hi, hi, pieces, MPFR_RNDU);
      mpfi_interv_fr(r, lo, hi);
      mpfi_abs(a, r);
      // Q_j for j = 12 … 0, each term |r|^j |Q_j| summed (|r|^j built up separately)
      std::vector<__mpfi_struct> qs(c::degree + 1);
      for (auto& x : qs) mpfi_init2(&x, prec);
      mpfi_set_d(&qs[c::degree], c::inverse_factorial(c::degree));
      for (int j = c::degree - 1; j >= 0; --j) {
        mpfi_mul(&qs[j], &qs[j + 1], r);
        mpfi_add_d(&qs[j], &qs[j], c::inverse_factorial(j));
      }
      mpfi_set_ui(sum, 0);
      mpfi_set_ui(rj, 1);
      for (int j = 0; j < c::degree; ++j) {
        if (j > 0) mpfi_mul(rj, rj, a);
        mpfi_abs(term, &qs[j]);
        mpfi_mul(term, term, rj);
        mpfi_add(sum, sum, term);
      }
      mpfi_exp(e, r);
      mpfi_div(sum, sum, e);
      mpfi_get_right(right, sum);
      if (!mpfr_number_p(right)) mpfr_set_inf(G, 1);  // an unbounded enclosure fails the sum below
      else if (mpfr_greater_p(right, G)) mpfr_set(G, right, MPFR_RNDU);
      for (auto& x : qs) mpfi_clear(&x);
    }
    for (mpfi_ptr p : {r, a, sum, rj, term, e}) mpfi_clear(p);
    mpfr_clears(lo, hi, right, static_cast<mpfr_ptr>(nullptr));
  }
  // ρ = (1 + A + u(1+u)^12·G)(1 + η(1 + η)) − 1, in units of u
  mpfr_set_d(t, 1 + u, MPFR_RNDU);
  mpfr_pow_ui(t, t, 12, MPFR_RNDU);
  mpfr_mul(t, t, G, MPFR_RNDU);
  mpfr_mul_d(t, t, u, MPFR_RNDU);
  mpfr_add(rho, A, t, MPFR_RNDU);  // ρ_p
  mpfr_t ef;
  mpfr_init2(ef, prec);
  mpfr_add_ui(ef, eta, 1, MPFR_RNDU);
  mpfr_mul(ef, ef, eta, MPFR_RNDU);  // η(1 + η)
  mpfr_add_ui(t, rho, 1, MPFR_RNDU);
  mpfr_add_ui(ef, ef, 1, MPFR_RNDU);
  mpfr_mul(t, t, ef, MPFR_RNDU);
  mpfr_sub_ui(rho, t, 1, MPFR_RNDU);
  mpfr_div_d(rho, rho, u, MPFR_RNDU);
  const double A_u = mpfr_get_d(A, MPFR_RNDU) / u, G_up = mpfr_get_d(G, MPFR_RNDU),
               eta_u = mpfr_get_d(eta, MPFR_RNDU) / u, rho_u = mpfr_get_d(rho, MPFR_RNDU);
  std::printf("exp bound (MPFR/MPFI, rounded up): R = ln2/2 + %.3g, A = %.4f u, G = %.5f, eta = %.4f u, "
              "total %.4f u <= %.1f u\n",
              R_up - 0.34657359027997264, A_u, G_up, eta_u, rho_u, c::bound_u);
  CHECK(rho_u <= c::bound_u);
  for (mpfr_ptr p : {ln2, log2e, t, R, tau, eta, A, G, rho, ef}) mpfr_clear(p);
}

TEST_CASE("exp: every implementation gives the portable one's bits, tails included") {
  std::vector<double> xs = exp_sample(2000).x;
  for (const double v : {0.0, -0.0, 1.0, -1.0, 709.78, 709.79, -745.13, -745.14, -708.4, 1e-300, -1e300, 1e300,
                         std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                         std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::denorm_min()})
    xs.push_back(v);
  std::vector<std::uint64_t> expected(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double y = fast::detail::exp_portable(xs[i]);
    std::memcpy(&expected[i], &y, sizeof y);
  }
  int ran = 0;
  for (const auto isa : {fast::exp_isa::scalar, fast::exp_isa::avx2, fast::exp_isa::avx512f}) {
    if (!fast::exp_isa_available(isa)) continue;
    ++ran;
    // NOTE: every length 0 … 17 at every offset 0 … 7, so the vector loops' tails (and the masked last
    // vector of AVX-512F) meet every remainder.
    for (std::size_t off = 0; off < 8; ++off)
      for (std::size_t len = 0; len <= 17 && off + len + 1 <= xs.size(); ++len) {
        std::vector<double> p(xs.begin() + off, xs.begin() + off + len + 1);
        const double guard = p.back();
        fast::exp_array_isa(isa, p.data(), static_cast<Eigen::Index>(len));
        for (std::size_t i = 0; i < len; ++i) {
          std::uint64_t bits;
          std::memcpy(&bits, &p[i], sizeof bits);
          INFO("isa " << static_cast<int>(isa) << ", x = " << hex(xs[off + i]));
          REQUIRE(bits == expected[off + i]);
        }
        REQUIRE(std::memcmp(&p.back(), &guard, sizeof guard) == 0);  // nothing past the end written
      }
    std::vector<double> all = xs;
    fast::exp_array_isa(isa, all.data(), static_cast<Eigen::Index>(all.size()));
    for (std::size_t i = 0; i < all.size(); ++i) {
      std::uint64_t bits;
      std::memcpy(&bits, &all[i], sizeof bits);
      INFO("isa " << static_cast<int>(isa) << ", x = " << hex(xs[i]));
      REQUIRE(bits == expected[i]);
    }
  }
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double y = fast::exp(xs[i]);
    CHECK(std::memcmp(&y, &expected[i], sizeof y) == 0);
  }
  CHECK(ran >= 1);
  std::printf("exp implementations compared: %d on this CPU (scalar%s%s)\n", ran,
              fast::exp_isa_available(fast::exp_isa::avx2) ? ", AVX2" : "",
              fast::exp_isa_available(fast::exp_isa::avx512f) ? ", AVX-512F" : "");
}

TEST_CASE("exp: special values") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(fast::exp(0.0) == 1.0);
  CHECK(fast::exp(-0.0) == 1.0);
  CHECK(fast::exp(-inf) == 0.0);
  CHECK(fast::exp(inf) == inf);
  CHECK(std::isnan(fast::exp(std::numeric_limits<double>::quiet_NaN())));
  CHECK(std::isfinite(fast::exp(largest_finite_argument)));
  CHECK(fast::exp(709.79) == inf);
  CHECK(fast::exp(-745.13) == std::numeric_limits<double>::denorm_min());
  CHECK(fast::exp(-745.14) == 0.0);
  CHECK(fast::exp(-1e300) == 0.0);
  CHECK(fast::exp(1e300) == inf);
  CHECK(fast::exp(1.0) == 0x1.5bf0a8b145769p+1);  // e, correctly rounded
  // exp(ln 2·k) for integer k is 2^k to within the bound; for small k the reduction is exact and r tiny
  for (int k : {-1074, -1022, -1, 1, 1023}) {
    exp_reference ref;
    bool meets = false;
    ref.error_u(k * 0.6931471805599453, fast::exp(k * 0.6931471805599453), meets);
    CHECK(meets);
  }
  // the comparison: a non-number never meets the bound
  exp_reference ref;
  bool meets = true;
  ref.error_u(1.0, std::numeric_limits<double>::quiet_NaN(), meets);
  CHECK_FALSE(meets);
  meets = true;
  ref.error_u(1.0, inf, meets);
  CHECK_FALSE(meets);
}

TEST_CASE("exp: the law catches its mutants") {
  const sample s = exp_sample(50000);
  auto report = [](const char* what, const law_result& r) {
    std::printf("exp mutant %s: %ld points outside the bound, largest error %.3f u\n", what, r.outside,
                r.max_error_u);
  };
  const law_result degree = check_exp_bound(s, fast::detail::exp_portable<exp_fault::degree_12>);
  report("degree 12", degree);
  CHECK(degree.outside > 0);
  const law_result low = check_exp_bound(s, fast::detail::exp_portable<exp_fault::no_low_part>);
  report("no low part of ln 2", low);
  CHECK(low.outside > 0);
  const law_result up = check_exp_bound(s, fast::detail::exp_portable<exp_fault::one_ulp_up>);
  report("one ulp up", up);
  CHECK(up.outside > 0);
}

TEST_CASE("exp: the doubles just inside the bound meet it, the next ones out do not") {
  // NOTE: a check sharp at its tolerance: from the correctly rounded e^x step up (and down) one ulp at a
  // time; the last double within 2u·e^x + 2^-1075 must meet the bound, the next must not, and its
  // excess over the bound is less than one ulp (the bound cannot be missed by more than the grid).
  exp_reference ref;
  std::mt19937_64 rng(default_seed);
  std::uniform_real_distribution<double> whole(-740.0, 700.0);
  long tried = 0;
  for (int i = 0; i < 200; ++i) {
    const double x = whole(rng);
    for (const double dir : {HUGE_VAL, -HUGE_VAL}) {
      mpfr_t e;
      mpfr_init2(e, 256);
      mpfr_set_d(e, x, MPFR_RNDN);
      mpfr_exp(e, e, MPFR_RNDN);
      double y = mpfr_get_d(e, MPFR_RNDN);
      mpfr_clear(e);
      bool meets = false;
      ref.error_u(x, y, meets);
      REQUIRE(meets);  // the correctly rounded value is within 0.5 ulp ≤ u
      double inside = y;
      for (;;) {
        const double next = std::nextafter(inside, dir);
        ref.error_u(x, next, meets);
        if (!meets) {
          y = next;
          break;
        }
        inside = next;
      }
      ref.error_u(x, inside, meets);
      CHECK(meets);
      const double out_err = ref.error_u(x, y, meets);
      CHECK_FALSE(meets);
      // just above: within one ulp of y (≤ 2u relative) of the bound (normal results)
      if (std::fabs(y) >= std::numeric_limits<double>::min()) CHECK(out_err <= fast::detail::exp_constants::bound_u + 2.0);
      ++tried;
    }
  }
  CHECK(tried == 400);
}
