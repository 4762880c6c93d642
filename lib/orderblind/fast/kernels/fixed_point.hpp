// SPDX-License-Identifier: MIT
#pragma once
/// Fixed-point vectors of 6 × 64-bit limbs with one shared exponent per vector, for the fused
/// mpfr100 attention head (fast/heads/mpfr_head.hpp): exact conversion from MPFR numbers of at most 384
/// bits, exact integer dot products by product scanning, and the rounding of wide results back to a
/// fixed-point group or, once, to an MPFR number.
///
/// An entry is ±M·2^(E − 384) with M < 2^384 an unsigned 6-limb integer (least significant limb
/// first) and E the exponent of its vector; every |entry| < 2^E.
// NOTE: why integers. Integer sums are exact, so they do not depend on the order of their terms: the
// sums over the sequence axis (softmax normaliser, A·V) give the same bits for any order of the rows.
#include <mpfr.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "orderblind/fast/kernels/int128.hpp"
#include "orderblind/index.hpp"

namespace orderblind::fast::fixed {

/// Limbs of a fixed-point magnitude.
inline constexpr int limbs = 6;
/// Bits of a fixed-point magnitude (64·limbs).
inline constexpr long bits = 64 * limbs;
/// Limbs of a wide (exact dot product) magnitude: 2·limbs for the products, one more for the carries.
inline constexpr int wide_limbs = 2 * limbs + 1;
/// Exponents beyond ±max_exponent make the fast head decline (no over/underflow in the exponent
/// arithmetic or in MPFR's default exponent range, which is ±(2^30 − 1)).
inline constexpr long max_exponent = 1L << 24;

using limb = std::uint64_t;

/// Entry flags: bit 0 = negative, bit 1 = zero.
inline constexpr unsigned char negative_flag = 1, zero_flag = 2;

/// A set of `count` fixed-point vectors of `len` entries each; entry (v, t) is
/// ±mag[(v·len + t)·limbs …]·2^(exp[v] − 384).
struct vectors {
  Eigen::Index count = 0, len = 0;
  std::vector<limb> mag;
  std::vector<unsigned char> flags;
  std::vector<long> exp;
  void resize(Eigen::Index c, Eigen::Index l) {
    count = c;
    len = l;
    mag.assign(to_size(c * l * limbs, "a buffer's length"), 0);
    flags.assign(to_size(c * l, "a buffer's length"), zero_flag);
    exp.assign(to_size(c, "a buffer's length"), 0);
  }
  limb* at(Eigen::Index v, Eigen::Index t) { return &at_index(mag, (v * len + t) * limbs); }
  const limb* at(Eigen::Index v, Eigen::Index t) const { return &at_index(mag, (v * len + t) * limbs); }
  unsigned char& flag(Eigen::Index v, Eigen::Index t) { return at_index(flags, v * len + t); }
  const limb* vec(Eigen::Index v) const { return &at_index(mag, v * len * limbs); }
  const unsigned char* vec_flags(Eigen::Index v) const { return &at_index(flags, v * len); }
};

/// An exact signed value ±mag·2^exp with a wide (13-limb) magnitude.
struct wide {
  limb mag[wide_limbs];
  bool negative;
  long exp;
};

/// Number of significant bits of an n-limb magnitude (0 for 0).
inline long bit_length(const limb* m, int n) {
  for (int i = n - 1; i >= 0; --i)
    if (m[i] != 0) return 64L * i + (64 - __builtin_clzll(m[i]));
  return 0;
}

inline bool is_zero(const limb* m, int n) {
  for (int i = 0; i < n; ++i)
    if (m[i] != 0) return false;
  return true;
}

/// 64 bits of the n-limb magnitude m starting at bit `pos` (bits outside m read as 0).
inline limb bits_at(const limb* m, int n, long pos) {
  if (pos <= -64 || pos >= 64L * n) return 0;
  if (pos < 0) return m[0] << (-pos);
  const long q = pos / 64;
  const int s = static_cast<int>(pos % 64);
  const limb lo = m[q] >> s;
  if (s == 0 || q + 1 >= n) return lo;
  return lo | (m[q + 1] << (64 - s));
}

/// out[0 … nout) = ⌊m·2^(−r)⌋ (r may be negative: a left shift); the caller guarantees it fits.
inline void shift_into(const limb* m, int n, long r, limb* out, int nout) {
  for (int o = 0; o < nout; ++o) out[o] = bits_at(m, n, r + 64L * o);
}

/// Reads one MPFR number as a 6-limb magnitude m with value ±m·2^(e − 384) (m's top bit set).
/// False for NaN/Inf, more than 384 bits of precision, or an exponent beyond ±max_exponent.
inline bool read_mpfr(mpfr_srcptr x, limb* m, bool* negative, long* e, bool* zero) {
  if (mpfr_zero_p(x)) {
    std::fill(m, m + limbs, limb{0});
    *negative = false;
    *zero = true;
    *e = 0;
    return true;
  }
  if (!mpfr_regular_p(x)) return false;
  const mpfr_prec_t prec = mpfr_get_prec(x);
  if (prec > bits) return false;
  const long ex = mpfr_get_exp(x);
  if (ex > max_exponent || ex < -max_exponent) return false;
  const int nl = static_cast<int>((prec + 63) / 64);
  const auto* d = static_cast<const limb*>(mpfr_custom_get_significand(x));
  for (int i = 0; i < limbs; ++i) m[i] = i < limbs - nl ? 0 : d[i - (limbs - nl)];
  *negative = mpfr_signbit(x) != 0;
  *zero = false;
  *e = ex;
  return true;
}

/// Loads `count` vectors of `len` MPFR entries (at_index(v, t) → mpfr_srcptr) with one exponent per
/// vector, the largest of its entries. False (decline) when an entry is not finite, too precise, out
/// of the exponent range, or not exactly representable (more than 384 − precision bits below the
/// largest entry of its vector): a true return means every entry is held exactly.
template <class Entry>
bool load(Eigen::Index count, Eigen::Index len, Entry&& entry, vectors& out) {
  out.resize(count, len);
  std::vector<long> ex(to_size(len, "a buffer's length"));
  for (Eigen::Index v = 0; v < count; ++v) {
    long emax = 0;
    bool any = false;
    for (Eigen::Index t = 0; t < len; ++t) {
      bool neg, zero;
      long e;
      if (!read_mpfr(entry(v, t), out.at(v, t), &neg, &e, &zero)) return false;
      at_index(ex, t) = e;
      out.flag(v, t) = zero ? zero_flag : (neg ? negative_flag : 0);
      if (!zero && (!any || e > emax)) emax = e;
      any = any || !zero;
    }
    at_index(out.exp, v) = emax;
    for (Eigen::Index t = 0; t < len; ++t) {
      if (out.flag(v, t) & zero_flag) continue;
      const long s = emax - at_index(ex, t);
      if (s == 0) continue;
      limb* m = out.at(v, t);
      if (s >= bits) return false;  // nonzero, and every bit would be shifted out
      // Exact only when the s low bits are zero.
      const long tz = [m] {
        for (int i = 0; i < limbs; ++i)
          if (m[i] != 0) return 64L * i + __builtin_ctzll(m[i]);
        return bits;
      }();
      if (tz < s) return false;
      limb tmp[limbs];
      shift_into(m, limbs, s, tmp, limbs);
      std::copy(tmp, tmp + limbs, m);
    }
  }
  return true;
}

namespace detail {

/// (l2, l1, l0) += x·y: one partial product into a 192-bit column sum.
[[gnu::always_inline]] inline void multiply_add(limb x, limb y, limb& l0, limb& l1, limb& l2) {
#if defined(__x86_64__)
  // NOTE: GCC keeps a 128-bit accumulator pair poorly in registers (it spills every partial
  // product); mul + add/adc/adc with the sum in three registers is the textbook sequence.
  limb hi;
  __asm__("mulq %[y]\n\t"
          "addq %%rax, %[l0]\n\t"
          "adcq %%rdx, %[l1]\n\t"
          "adcq $0, %[l2]"
          : [l0] "+r"(l0), [l1] "+r"(l1), [l2] "+r"(l2), "+a"(x), "=d"(hi)
          : [y] "rm"(y)
          : "cc");
#else
  const u128 pr = static_cast<u128>(x) * y;
  const u128 s = (static_cast<u128>(l1) << 64 | l0) + pr;
  l2 += s < pr ? 1 : 0;
  l0 = static_cast<limb>(s);
  l1 = static_cast<limb>(s >> 64);
#endif
}

template <int c>
[[gnu::always_inline]] inline void scan_column(const limb* a_base, const limb* b_base, const std::uint32_t* idx, int m, limb& l0, limb& l1,
                        limb& l2) {
  constexpr int p0 = c < limbs ? 0 : c - limbs + 1;
  constexpr int p1 = c < limbs ? c : limbs - 1;
  limb s0 = l0, s1 = l1, s2 = l2;  // NOTE: locals, so that they live in registers
  for (int t = 0; t < m; ++t) {
    const limb* a = a_base + static_cast<std::size_t>(idx[t]) * limbs;
    const limb* b = b_base + static_cast<std::size_t>(idx[t]) * limbs;
#pragma GCC unroll 6
    for (int p = p0; p <= p1; ++p) multiply_add(a[p], b[c - p], s0, s1, s2);
  }
  l0 = s0;
  l1 = s1;
  l2 = s2;
}

}  // namespace detail

/// out[0 … 13) = Σ_t T(a_t, b_t) over the listed terms t, where a_t = a_base[idx[t]·6 …] and
/// T(a, b) = Σ_{p+q ≥ first_column} a_p·b_q·2^(64(p+q)): the exact product when first_column = 0,
/// else the product without its lowest partial products. Either way a sum of one integer per term,
/// exact, so independent of the order of the terms.
// NOTE: product scanning: one column of partial products at a time, accumulated in three 64-bit
// words, so carries are handled once per partial product into a register sum and once per column
// into the output, never per term into memory. m terms add at most m·6·2^128 to a column: no
// overflow of the 192 bits for m < 2^61.
// NOTE: the truncation. The dropped partial products (p + q < first_column = 5) of one term add up to
// less than Σ_{c<5} (c+1)·2^(64c+128) < 5·2^384, i.e. below 5·2^-384 of the largest possible product
// 2^768 of two 6-limb magnitudes: far below mpfr100's epsilon 2^-333, for 21 instead of 36
// multiplications.
template <int first_column>
inline void scan(const limb* a_base, const limb* b_base, const std::uint32_t* idx, int m, limb* out) {
  limb l0 = 0, l1 = 0, l2 = 0;
  for (int c = 0; c < first_column; ++c) out[c] = 0;
  [&]<int... cs>(std::integer_sequence<int, cs...>) __attribute__((always_inline)) {
    ((detail::scan_column<first_column + cs>(a_base, b_base, idx, m, l0, l1, l2), out[first_column + cs] = l0,
      l0 = l1, l1 = l2, l2 = 0),
     ...);
  }(std::make_integer_sequence<int, 2 * limbs - 1 - first_column>{});
  out[2 * limbs - 1] = l0;
  out[2 * limbs] = l1;
}

/// The first column the truncated products keep (see scan).
inline constexpr int truncated = limbs - 1;

/// n-limb compare of magnitudes: −1, 0, 1.
inline int compare(const limb* a, const limb* b, int n) {
  for (int i = n - 1; i >= 0; --i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}
/// r = a − b (n limbs, a ≥ b).
inline void subtract(const limb* a, const limb* b, limb* r, int n) {
  unsigned char borrow = 0;
  for (int i = 0; i < n; ++i) {
    limb d;
    const unsigned char b1 = __builtin_sub_overflow(a[i], b[i], &d);
    const unsigned char b2 = __builtin_sub_overflow(d, static_cast<limb>(borrow), &r[i]);
    borrow = b1 | b2;
  }
}
/// r = a + b (n limbs; the caller guarantees no carry out).
inline void add(const limb* a, const limb* b, limb* r, int n) {
  unsigned char carry = 0;
  for (int i = 0; i < n; ++i) {
    limb s;
    const unsigned char c1 = __builtin_add_overflow(a[i], b[i], &s);
    const unsigned char c2 = __builtin_add_overflow(s, static_cast<limb>(carry), &r[i]);
    carry = c1 | c2;
  }
}

/// Scratch index lists of the positive and negative terms of a dot product.
struct dot_scratch {
  std::vector<std::uint32_t> pos, neg;
  void reserve(Eigen::Index len) {
    if (std::ssize(pos) < len) {
      pos.resize(to_size(len, "a buffer's length"));
      neg.resize(to_size(len, "a buffer's length"));
    }
  }
};

/// r = Σ_t ±T(a_t, b_t) over t < len (signs and zeros from the flags), exact, as sign and magnitude
/// (exp is left to the caller). first_column as in scan.
template <int first_column>
inline void signed_dot(const limb* a, const unsigned char* fa, const limb* b, const unsigned char* fb, Eigen::Index len,
                       dot_scratch& s, wide& r) {
  s.reserve(len);
  int np = 0, nn = 0;
  for (Eigen::Index t = 0; t < len; ++t) {
    const unsigned char f = fa[t] | fb[t];
    if (f & zero_flag) continue;
    const bool neg = ((fa[t] ^ fb[t]) & negative_flag) != 0;
    // NOTE: written to both lists, counted in one: no unpredictable branch on the sign.
    at_index(s.pos, np) = static_cast<std::uint32_t>(t);
    at_index(s.neg, nn) = static_cast<std::uint32_t>(t);
    np += neg ? 0 : 1;
    nn += neg ? 1 : 0;
  }
  limb p[wide_limbs], n[wide_limbs];
  scan<first_column>(a, b, s.pos.data(), np, p);
  if (nn == 0) {
    std::copy(p, p + wide_limbs, r.mag);
    r.negative = false;
    return;
  }
  scan<first_column>(a, b, s.neg.data(), nn, n);
  if (compare(p, n, wide_limbs) >= 0) {
    subtract(p, n, r.mag, wide_limbs);
    r.negative = false;
  } else {
    subtract(n, p, r.mag, wide_limbs);
    r.negative = true;
  }
}

/// Rounds a group of wide values to fixed point with one shared exponent: E = the smallest exponent
/// with every |value| < 2^E, each magnitude ⌊|value|·2^(384 − E)⌋ (truncation: error below 2^(E − 384)
/// ≤ 2^-383·max|value|). `put(k, mag, flags)` receives the k-th result; returns E (0 if all are zero).
template <class Put>
long round_group(const wide* w, Eigen::Index count, Put&& put) {
  long e = 0;
  bool any = false;
  for (Eigen::Index k = 0; k < count; ++k) {
    const long b = bit_length(w[k].mag, wide_limbs);
    if (b == 0) continue;
    if (!any || b + w[k].exp > e) e = b + w[k].exp;
    any = true;
  }
  for (Eigen::Index k = 0; k < count; ++k) {
    limb m[limbs];
    const long b = bit_length(w[k].mag, wide_limbs);
    if (b == 0) {
      std::fill(m, m + limbs, limb{0});
      put(k, m, zero_flag);
      continue;
    }
    shift_into(w[k].mag, wide_limbs, e - bits - w[k].exp, m, limbs);
    const bool z = is_zero(m, limbs);
    put(k, m, static_cast<unsigned char>(z ? zero_flag : (w[k].negative ? negative_flag : 0)));
  }
  return e;
}

/// An MPFR number of 64·n bits set from limb arrays without allocating.
struct limb_mpfr {
  mpfr_t x;
  explicit limb_mpfr(int n) { mpfr_init2(x, 64 * n); }
  ~limb_mpfr() { mpfr_clear(x); }
  limb_mpfr(const limb_mpfr&) = delete;
  limb_mpfr& operator=(const limb_mpfr&) = delete;
  /// x = ±m rounded to nearest (exact when m has at most 64·n significant bits).
  void set(const limb* m, int n, bool negative) {
    int used = n;
    while (used > 0 && m[used - 1] == 0) --used;
    mpz_t z;
    mpz_roinit_n(z, reinterpret_cast<const mp_limb_t*>(m), negative ? -used : used);
    mpfr_set_z(x, z, MPFR_RNDN);
  }
};

}  // namespace orderblind::fast::fixed
