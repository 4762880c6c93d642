// SPDX-License-Identifier: MIT
#pragma once
/// exp for double: the library's exponential of the double arithmetic (the generic softmax kernels
/// and the fused head both come here), one function whose scalar and vector forms give the same bits.
///
///   exp(x) = 2^k · e^r,  k = round(x·log2 e),  r = x − k·ln 2 (two fma steps, Cody and Waite),
///   e^r ≈ Σ_{j=0}^{13} r^j / j! (Horner, fma),  2^k applied as 2^k1 · 2^k2 (k1 + k2 = k).
///
/// Error bound, for every double x ≤ 709.78 (e^x then 0.27 % below the largest double):
///   |exp(x) − e^x| ≤ 2·u·e^x + 2^-1075,   u = 2^-53 (half an ulp of 1),
/// the second term only where the result is subnormal. Derivation, and the constants computed with MPFR
/// and MPFI: docs/derivations/double-exp.md; tests/fast/double_exp_test.cpp checks it against MPFR.
/// Special values: exp(±0) = 1 exactly, exp(−inf) = 0, exp(+inf) = +inf, exp(NaN) = NaN; +inf above
/// 709.78…, 0 below −745.13….
// NOTE: why not libm (glibc's exp, 0.51 ulp): the fused head must give the generic path's bits (and the
// generic path is the definition), and a libm call per weight is half the head's time at n = d = 16
// (docs/performance.md). glibc's vector exp (libmvec) has no scalar twin with the same bits, and Eigen's
// packet exp is internal and differs from its scalar std::exp. So the library defines its own: every
// operation is a correctly rounded IEEE one (fma, +, −, ·, bit moves), so a lane of a vector and the
// scalar form run the same operations on the same operands and give the same bits, on every CPU.
// NOTE: a leaf (the standard library and the CPU's intrinsics only), so that kernel.hpp (core) can
// include it as matrix.hpp includes fast/kernels/double_products.hpp.
// NOTE: every multiply-add is an explicit fma, and nothing else could be contracted (no product feeds
// an addition), so -ffp-contract=fast (GCC's default in GNU mode) cannot change a bit between the
// paths compiled with and without FMA instructions.
#include <cmath>
#include <cstdint>

#include <Eigen/Core>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ORDERBLIND_HAVE_VECTOR_EXP 1
#include <immintrin.h>
#endif

namespace orderblind::fast {

namespace detail::exp_constants {
/// The relative part of the error bound, in units of u = 2^-53 (docs/derivations/double-exp.md).
inline constexpr double bound_u = 2.0;
/// log2 e rounded to double.
inline constexpr double log2e = 0x1.71547652b82fep0;
/// ln 2 = ln2_hi + ln2_lo + τ, |τ| < 2^-86 (the test checks it with MPFR): ln2_hi has 32 significant bits, so k·ln2_hi is exact for |k| < 2^21.
inline constexpr double ln2_hi = 0x1.62e42feep-1;
inline constexpr double ln2_lo = 0x1.a39ef35793c76p-33;
/// 1.5·2^52: fma(x, log2e, shifter) rounds x·log2e to an integer k (ties to even), held in its low bits.
inline constexpr double shifter = 0x1.8p52;
inline constexpr std::uint64_t shifter_bits = 0x4338000000000000;
/// The arguments are clamped to [lowest, highest]: e^-746 < 2^-1076 rounds to 0, e^710 overflows, and the
/// clamped x keep |x·log2e| < 2^11, so that k fits the exponent arithmetic below.
inline constexpr double lowest = -746.0;
inline constexpr double highest = 710.0;
/// 1/j! rounded to double (j! is exact in double up to 22!, so one correctly rounded division each).
inline constexpr double inverse_factorial(int j) {
  double f = 1.0;
  for (int i = 2; i <= j; ++i) f *= i;
  return 1.0 / f;
}
inline constexpr int degree = 13;
}  // namespace detail::exp_constants

/// Deliberate faults of the exp, for the tests' mutants (never set outside tests).
enum class exp_fault {
  none,
  degree_12,       ///< Taylor stopped at r^12/12!: truncation up to ≈ 1.5u, above the bound with rounding
  no_low_part,     ///< r = x − k·ln2_hi only: the argument off by k·(ln 2 − ln2_hi), up to ≈ 2^-23 relative
  one_ulp_up,      ///< the library's result moved up by one ulp: error up to ≈ 1.25u + 2u
};

namespace detail {

/// The exponential in one lane or in every lane of a GCC vector, in place: D is double or a vector of
/// doubles, U the unsigned 64-bit integers of the same shape, fma(out, a, b, c) sets out = fma(a, b, c).
// NOTE: the steps, each an exactly specified operation (see docs/derivations/double-exp.md):
//  1. clamp x to [lowest, highest] (NaN compares false and stays NaN);
//  2. y = fma(x, log2e, 1.5·2^52): x·log2e rounded to an integer k, so kd = y − 1.5·2^52 is k exactly and
//     the bits of y minus those of 1.5·2^52 are k as a two's complement integer (|k| ≤ 1077);
//  3. r = fma(−kd, ln2_lo, fma(−kd, ln2_hi, x)): the inner fma is exact (Sterbenz: x and k·ln2_hi are
//     within a factor 2 when k ≠ 0), the outer rounds once; |r| ≤ ln2/2 + 2^-42;
//  4. Horner with fma on the Taylor coefficients of degree 13;
//  5. the power 2^k as two normal powers 2^k1·2^k2, k1 = ⌊(k + 1076)/2⌋ − 538, k2 = k − k1 (both in
//     [−538, 512]): p·2^k1 is exact, and the second product rounds once, also into the subnormals.
// Unsigned integers, so that the garbage k of a NaN is defined behaviour (its result is NaN anyway).
// In place, and fma by reference: a vector passed or returned by value from a function outside the
// vectors' target region would change the ABI (GCC's -Wpsabi); everything is inlined into the caller,
// which has the target.
template <class D, class U, exp_fault Fault = exp_fault::none, class Fma>
__attribute__((always_inline)) inline void exp_lanes(D& xr, Fma fma) {
  namespace c = exp_constants;
  const D zero{};
  const D lowest = zero + c::lowest, highest = zero + c::highest;
  const D log2e = zero + c::log2e, shifter = zero + c::shifter, ln2_hi = zero + c::ln2_hi, ln2_lo = zero + c::ln2_lo;
  D x = xr;
  x = x < lowest ? lowest : x;
  x = x > highest ? highest : x;
  D y;
  fma(y, x, log2e, shifter);
  const D kd = y - c::shifter;
  const D minus_kd = -kd;
  const U k = __builtin_bit_cast(U, y) - c::shifter_bits;
  D r1, r;
  fma(r1, minus_kd, ln2_hi, x);
  if constexpr (Fault == exp_fault::no_low_part)
    r = r1;
  else
    fma(r, minus_kd, ln2_lo, r1);
  constexpr int degree = Fault == exp_fault::degree_12 ? 12 : c::degree;
  D p = zero + c::inverse_factorial(degree);
#pragma GCC unroll 16
  for (int j = degree - 1; j >= 0; --j) {
    const D cj = zero + c::inverse_factorial(j);
    fma(p, p, r, cj);
  }
  const U k1 = ((k + 1076u) >> 1) - 538u;
  const U k2 = k - k1;
  const D s1 = __builtin_bit_cast(D, (k1 + 1023u) << 52);
  const D s2 = __builtin_bit_cast(D, (k2 + 1023u) << 52);
  // NOTE: a NaN argument gives itself, quieted (x + x), in every path: through the steps above its sign
  // and payload would depend on which operand of a product the compiler put first.
  const D result = p * s1 * s2;
  xr = xr == xr ? result : xr + xr;
}

/// p[i] = exp(p[i]) over the whole vectors of L lanes that fit in p[0 .. count); returns how many entries
/// that was (a multiple of L). D, U, fma as for exp_lanes; always inlined into a caller of the vectors' target.
template <class D, class U, int L, class Fma>
__attribute__((always_inline)) inline Eigen::Index exp_whole_vectors(double* p, Eigen::Index count, Fma fma) {
  Eigen::Index i = 0;
  for (; i + L <= count; i += L) {
    D x;
    __builtin_memcpy(&x, p + i, sizeof x);
    exp_lanes<D, U>(x, fma);
    __builtin_memcpy(p + i, &x, sizeof x);
  }
  return i;
}

/// exp in one double with std::fma (glibc's exact emulation on a CPU without FMA instructions).
template <exp_fault Fault = exp_fault::none>
inline double exp_portable(double x) {
  exp_lanes<double, std::uint64_t, Fault>(x,
                                          [](double& out, double a, double b, double c) { out = std::fma(a, b, c); });
  if constexpr (Fault == exp_fault::one_ulp_up) x = std::nextafter(x, HUGE_VAL);
  return x;
}

#ifdef ORDERBLIND_HAVE_VECTOR_EXP
// NOTE: target regions, not target attributes: a lambda or a helper inside a target("…") function does
// not inherit its target, and the intrinsics must be inlined into code compiled for it.
#pragma GCC push_options
#pragma GCC target("fma")
/// The FMA instruction on one double.
struct fma_instruction {
  void operator()(double& out, double a, double b, double c) const { out = __builtin_fma(a, b, c); }
};
/// exp in one double with the FMA instruction; only where the CPU has FMA (exp_portable's bits).
inline double exp_fma(double x) {
  exp_lanes<double, std::uint64_t>(x, fma_instruction{});
  return x;
}
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx2,fma")
typedef double v4d_exp __attribute__((vector_size(32)));
typedef std::uint64_t v4u_exp __attribute__((vector_size(32)));
/// _mm256_fmadd_pd on four lanes.
struct fma_avx2 {
  void operator()(v4d_exp& out, const v4d_exp& a, const v4d_exp& b, const v4d_exp& c) const {
    out = _mm256_fmadd_pd(a, b, c);
  }
};
/// p[i] = exp(p[i]) for i < count, four lanes at a time; only where the CPU has AVX2 and FMA.
inline void exp_array_avx2(double* p, Eigen::Index count) {
  for (Eigen::Index i = exp_whole_vectors<v4d_exp, v4u_exp, 4>(p, count, fma_avx2{}); i < count; ++i)
    p[i] = exp_fma(p[i]);
}
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,fma")
typedef double v8d_exp __attribute__((vector_size(64)));
typedef std::uint64_t v8u_exp __attribute__((vector_size(64)));
/// _mm512_fmadd_pd on eight lanes.
struct fma_avx512f {
  void operator()(v8d_exp& out, const v8d_exp& a, const v8d_exp& b, const v8d_exp& c) const {
    out = _mm512_fmadd_pd(a, b, c);
  }
};
/// p[i] = exp(p[i]) for i < count, eight lanes at a time; only where the CPU has AVX-512F.
inline void exp_array_avx512f(double* p, Eigen::Index count) {
  const Eigen::Index i = exp_whole_vectors<v8d_exp, v8u_exp, 8>(p, count, fma_avx512f{});
  if (i < count) {
    // NOTE: the last 1–7 entries in one masked vector: the masked-off lanes are neither read nor written.
    const __mmask8 m = static_cast<__mmask8>((1u << (count - i)) - 1u);
    v8d_exp x = _mm512_maskz_loadu_pd(m, p + i);
    exp_lanes<v8d_exp, v8u_exp>(x, fma_avx512f{});
    _mm512_mask_storeu_pd(p + i, m, x);
  }
}
#pragma GCC pop_options
#endif

}  // namespace detail

/// The implementations of the array exp (all give the same bits).
enum class exp_isa {
  scalar,   ///< one entry at a time (FMA instruction where the CPU has it, std::fma elsewhere)
  avx2,     ///< 4 lanes, AVX2 and FMA
  avx512f,  ///< 8 lanes, AVX-512F
};

/// Whether this CPU runs `isa`.
inline bool exp_isa_available(exp_isa isa) {
#ifdef ORDERBLIND_HAVE_VECTOR_EXP
  static const bool fma = __builtin_cpu_supports("fma");
  static const bool avx2 = fma && __builtin_cpu_supports("avx2");
  static const bool avx512 = fma && __builtin_cpu_supports("avx512f");
  if (isa == exp_isa::avx2) return avx2;
  if (isa == exp_isa::avx512f) return avx512;
#endif
  return isa == exp_isa::scalar;
}

/// exp(x) for double within 2u·e^x + 2^-1075 (see the top of this file).
inline double exp(double x) {
#ifdef ORDERBLIND_HAVE_VECTOR_EXP
  static const bool fma = __builtin_cpu_supports("fma");
  if (fma) return detail::exp_fma(x);
#endif
  return detail::exp_portable(x);
}

/// p[i] = exp(p[i]) for i < count with a given implementation, which the CPU must run (exp_isa_available).
inline void exp_array_isa(exp_isa isa, double* p, Eigen::Index count) {
#ifdef ORDERBLIND_HAVE_VECTOR_EXP
  if (isa == exp_isa::avx512f) return detail::exp_array_avx512f(p, count);
  if (isa == exp_isa::avx2) return detail::exp_array_avx2(p, count);
#endif
  (void)isa;
  for (Eigen::Index i = 0; i < count; ++i) p[i] = exp(p[i]);
}

}  // namespace orderblind::fast
