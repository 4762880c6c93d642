// SPDX-License-Identifier: MIT
#pragma once
/// Exact Pythagorean rotations far out, without a gcd on large numbers. A rotation (a + ib)/c from a
/// primitive Pythagorean triple has, at position p, cos pα = A/c^p and sin pα = B/c^p with A + iB =
/// (a + ib)^p: Gaussian-integer powers by square-and-multiply (GMP's mpz), already in lowest terms (see
/// `power_fraction`). Rotating a vector of small rationals by it, and the dot products the PE battery
/// compares far out, need no canonicalisation of a 10⁷-bit number either (`over_power`, `dot_equals`).
// NOTE: hand-written because GMP's mpq arithmetic canonicalises every sum with a gcd: at p = 2^24 a
// Pythagorean entry has 3.9·10⁷ bits, where one gcd took 21 s and one product 1.5 s on this machine class
// (2026-12-03, load 7). Nothing here takes a gcd of two large numbers: products, exact divisions by known
// prime powers, and divisibility tests (mpz_remove) only.
#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "orderblind/scalar/multiprecision_types.hpp"

namespace orderblind::pe::gaussian {

/// GMP's integer, owned and movable: Boost.Multiprecision's gmp_int (expression templates off). The
/// arithmetic below calls GMP's mpz_* on it directly (`get`), where the operators would canonicalise or
/// allocate temporaries.
using integer = boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;
/// The mpz_t inside an integer.
inline mpz_ptr get(integer& x) { return x.backend().data(); }
inline mpz_srcptr get(const integer& x) { return x.backend().data(); }
/// A copy of a GMP integer.
inline integer copy_of(mpz_srcptr x) {
  integer r;
  mpz_set(get(r), x);
  return r;
}

/// A unit rotation (a + ib)/c of a primitive Pythagorean triple: a² + b² = c², gcd(a, b) = 1, c odd,
/// with the prime factors of c.
struct unit {
  long a = 0, b = 0, c = 1;
  std::vector<unsigned long> primes;
};

/// (cos α, sin α) as such a unit, or nullopt (then the caller uses plain rational arithmetic).
inline std::optional<unit> as_unit(const mpq_rational& cos_a, const mpq_rational& sin_a) {
  mpq_srcptr x = cos_a.backend().data(), y = sin_a.backend().data();
  if (mpz_cmp(mpq_denref(x), mpq_denref(y)) != 0 || !mpz_fits_slong_p(mpq_denref(x)) || !mpz_fits_slong_p(mpq_numref(x)) ||
      !mpz_fits_slong_p(mpq_numref(y)))
    return std::nullopt;
  unit u;
  u.a = mpz_get_si(mpq_numref(x));
  u.b = mpz_get_si(mpq_numref(y));
  u.c = mpz_get_si(mpq_denref(x));
  // NOTE: c < 2^31 keeps a² + b² = c² in range; c odd and gcd(a, b) = 1 make the triple primitive.
  if (u.c < 3 || u.c > (1L << 31) || u.c % 2 == 0 || u.b == 0) return std::nullopt;
  if (u.a * u.a + u.b * u.b != u.c * u.c || std::gcd(u.a, u.b) != 1) return std::nullopt;
  long rest = u.c;
  for (long q = 3; q * q <= rest; q += 2)
    if (rest % q == 0) {
      u.primes.push_back(static_cast<unsigned long>(q));
      while (rest % q == 0) rest /= q;
    }
  if (rest > 1) u.primes.push_back(static_cast<unsigned long>(rest));
  return u;
}

/// A + iB = (a + ib)^e, e ≥ 0, by square-and-multiply over the Gaussian integers.
inline void power(const unit& u, unsigned long e, integer& A, integer& B) {
  mpz_set_ui(get(A), 1);
  mpz_set_ui(get(B), 0);
  if (e == 0) return;
  integer t, s, w;
  for (int bit = 63 - __builtin_clzl(e); bit >= 0; --bit) {
    // (A + iB)² = A² − B² + 2iAB
    mpz_mul(get(t), get(A), get(A));
    mpz_mul(get(s), get(B), get(B));
    mpz_mul(get(w), get(A), get(B));
    mpz_sub(get(A), get(t), get(s));
    mpz_mul_2exp(get(B), get(w), 1);
    if ((e >> bit) & 1UL) {
      // (A + iB)(a + ib) = aA − bB + i(bA + aB)
      mpz_mul_si(get(t), get(A), u.a);
      mpz_mul_si(get(s), get(B), u.b);
      mpz_sub(get(t), get(t), get(s));
      mpz_mul_si(get(w), get(A), u.b);
      mpz_mul_si(get(s), get(B), u.a);
      mpz_add(get(B), get(w), get(s));
      mpz_swap(get(A), get(t));
    }
  }
}

/// n/d as an mpq_rational, without a gcd: the caller knows gcd(n, d) = 1 and d > 0.
inline mpq_rational lowest_terms(integer n, integer d) {
  mpq_rational r;
  mpq_ptr q = r.backend().data();
  mpz_swap(mpq_numref(q), get(n));
  mpz_swap(mpq_denref(q), get(d));
  return r;
}

/// (cos pα, sin pα) = (A/c^|p|, ±B/c^|p|), in lowest terms with no gcd taken.
// NOTE: why A/c^p and B/c^p are in lowest terms. z = a + ib with a primitive triple and c odd: gcd(z, z̄)
// divides 2a, 2b and c², hence is a unit in Z[i]. A rational prime q | c splits, q = ρρ̄, and exactly one
// of ρ, ρ̄ divides z — say ρ, so ρ̄ | z̄ and ρ̄ ∤ z. Modulo ρ̄: 2A = z^p + z̄^p ≡ z^p ≢ 0 and 2iB = z^p − z̄^p
// ≡ z^p ≢ 0; as q is odd, q ∤ A and q ∤ B.
inline std::pair<mpq_rational, mpq_rational> power_fraction(const unit& u, long p) {
  const unsigned long e = static_cast<unsigned long>(p < 0 ? -p : p);
  integer A, B, den;
  power(u, e, A, B);
  if (p < 0) mpz_neg(get(B), get(B));
  mpz_ui_pow_ui(get(den), static_cast<unsigned long>(u.c), e);
  integer den2 = den;
  return {lowest_terms(std::move(A), std::move(den)), lowest_terms(std::move(B), std::move(den2))};
}

/// The distinct prime factors of n ≥ 1, by trial division (n is a small numerator or denominator here).
inline std::vector<unsigned long> small_primes_of(unsigned long n) {
  std::vector<unsigned long> out;
  for (unsigned long q = 2; q * q <= n; ++q)
    if (n % q == 0) {
      out.push_back(q);
      while (n % q == 0) n /= q;
    }
  if (n > 1) out.push_back(n);
  return out;
}

/// Divides q^min(v_q(y), e·v_q(base)) out of y for each prime q of `base` (`primes`, its distinct prime
/// factors) and returns their product: the common part of y and base^e. mpz_remove is a divisibility test
/// when q does not divide y, the common case.
inline integer divide_common(integer& y, unsigned long base, const std::vector<unsigned long>& primes, unsigned long e) {
  integer removed(1L), m, t;
  for (unsigned long q : primes) {
    unsigned long vq = 0;
    for (unsigned long c = base; c % q == 0; c /= q) ++vq;
    mpz_set_ui(get(t), q);
    const unsigned long k = mpz_remove(get(m), get(y), get(t));  // y = m·q^k, q ∤ m
    const unsigned long drop = std::min(k, e * vq);
    if (drop == 0) continue;
    mpz_ui_pow_ui(get(t), q, k - drop);
    mpz_mul(get(y), get(m), get(t));
    mpz_ui_pow_ui(get(t), q, drop);
    mpz_mul(get(removed), get(removed), get(t));
  }
  return removed;
}

/// N / (w·c^e) in lowest terms, given gcd(N, w) = 1, w > 0 and `c_e` = c^e: the common factors can only be
/// primes of c, each divided out as often as it divides N and c^e (divide_common).
inline mpq_rational over_power(mpz_srcptr N, mpz_srcptr w, const unit& u, unsigned long e, mpz_srcptr c_e) {
  if (mpz_sgn(N) == 0) return mpq_rational(0);
  integer n = copy_of(N), den;
  mpz_mul(get(den), w, c_e);
  const integer dropped = divide_common(n, static_cast<unsigned long>(u.c), u.primes, e);
  if (mpz_cmp_ui(get(dropped), 1) != 0) mpz_divexact(get(den), get(den), get(dropped));
  return lowest_terms(std::move(n), std::move(den));
}

/// x·(a/b)^e in lowest terms, for coprime a, b ≥ 1 and x in lowest terms, with no gcd of large numbers:
/// num(x)·a^e and den(x)·b^e can share only primes of b dividing num(x) and primes of a dividing den(x)
/// (gcd(num x, den x) = gcd(a, b) = 1), each divided out as often as it divides both (divide_common).
// NOTE: xPos scales a rotated entry (a 10⁵–10⁶-bit fraction far out) by ζ^p; mpq's product took two gcds
// of such numbers per entry (2026-12-06, machine D: half of `schemes --scheme xpos/pythagorean`).
inline mpq_rational times_power(const mpq_rational& x, unsigned long a, unsigned long b, unsigned long e) {
  mpq_srcptr xq = x.backend().data();
  if (mpq_sgn(xq) == 0) return mpq_rational(0);
  integer n = copy_of(mpq_numref(xq)), d = copy_of(mpq_denref(xq)), ae, be;
  mpz_ui_pow_ui(get(ae), a, e);
  mpz_ui_pow_ui(get(be), b, e);
  mpz_divexact(get(be), get(be), get(divide_common(n, b, small_primes_of(b), e)));
  mpz_divexact(get(ae), get(ae), get(divide_common(d, a, small_primes_of(a), e)));
  mpz_mul(get(n), get(n), get(ae));
  mpz_mul(get(d), get(d), get(be));
  return lowest_terms(std::move(n), std::move(d));
}

/// Σ a_i b_i == r, decided over the integers with no gcd of large numbers: the terms are grouped by their
/// denominators (equal ones add numerators), the groups combined by products into one fraction X/Y, and
/// X·den(r) compared with num(r)·Y. On inequality, `approx` (if given) receives X/Y to double precision.
inline bool dot_equals(const std::vector<mpq_rational>& a, const std::vector<mpq_rational>& b, const mpq_rational& r,
                       double* approx = nullptr) {
  struct group {
    mpz_srcptr da, db;
    integer n;
  };
  std::vector<group> groups;
  integer t;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    mpq_srcptr x = a[i].backend().data(), y = b[i].backend().data();
    if (mpq_sgn(x) == 0 || mpq_sgn(y) == 0) continue;
    mpz_mul(get(t), mpq_numref(x), mpq_numref(y));
    group* g = nullptr;
    for (auto& h : groups)
      if (mpz_cmp(h.da, mpq_denref(x)) == 0 && mpz_cmp(h.db, mpq_denref(y)) == 0) g = &h;
    if (g) mpz_add(get(g->n), get(g->n), get(t));
    else groups.push_back({mpq_denref(x), mpq_denref(y), copy_of(get(t))});
  }
  integer X, Y(1L), D, u;
  for (auto& g : groups) {
    mpz_mul(get(D), g.da, g.db);
    // X/Y + n/D = (X·D + n·Y)/(Y·D)
    mpz_mul(get(X), get(X), get(D));
    mpz_mul(get(u), get(g.n), get(Y));
    mpz_add(get(X), get(X), get(u));
    mpz_mul(get(Y), get(Y), get(D));
  }
  mpq_srcptr z = r.backend().data();
  integer lhs, rhs;
  mpz_mul(get(lhs), get(X), mpq_denref(z));
  mpz_mul(get(rhs), mpq_numref(z), get(Y));
  const bool equal = mpz_cmp(get(lhs), get(rhs)) == 0;
  if (!equal && approx) {
    long ex = 0, ey = 0;
    const double x = mpz_get_d_2exp(&ex, get(X)), y = mpz_get_d_2exp(&ey, get(Y));
    *approx = std::ldexp(x / y, static_cast<int>(ex - ey));
  }
  return equal;
}

}  // namespace orderblind::pe::gaussian
