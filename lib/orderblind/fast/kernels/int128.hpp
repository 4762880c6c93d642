// SPDX-License-Identifier: MIT
#pragma once
/// Fixed-width helpers of the fast exact kernels: 128-bit integers, gcds, bit lengths, and moving
/// values between machine integers and GMP's mpz_t / mpq_t without a canonicalising step in between.
#include <gmp.h>

#include <cstdint>

namespace orderblind::fast {

// NOTE: __extension__ keeps -Wpedantic quiet about the GCC/Clang 128-bit integer types.
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/// Number of significant bits of x (0 for 0).
inline int bit_length(std::uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
inline int bit_length(u128 x) {
  const auto hi = static_cast<std::uint64_t>(x >> 64);
  return hi ? 128 - __builtin_clzll(hi) : bit_length(static_cast<std::uint64_t>(x));
}
/// ⌈log2 k⌉ for k ≥ 1: the bits a sum of k terms can add.
inline int sum_bits(long k) { return k <= 1 ? 0 : bit_length(static_cast<std::uint64_t>(k - 1)); }

/// |x| as an unsigned value (exact also for the most negative value).
inline std::uint64_t magnitude(std::int64_t x) { return x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x); }
inline u128 magnitude(i128 x) { return x < 0 ? 0 - static_cast<u128>(x) : static_cast<u128>(x); }

/// Binary gcd of two 64-bit values (gcd(0, b) = b).
inline std::uint64_t gcd64(std::uint64_t a, std::uint64_t b) {
  if (a == 0) return b;
  if (b == 0) return a;
  const int shift = __builtin_ctzll(a | b);
  a >>= __builtin_ctzll(a);
  while (b != 0) {
    b >>= __builtin_ctzll(b);
    if (a > b) {
      const auto t = a;
      a = b;
      b = t;
    }
    b -= a;
  }
  return a << shift;
}

/// gcd of two 128-bit values: Euclid's remainders while an operand is wider than 64 bits, then binary.
inline u128 gcd128(u128 a, u128 b) {
  while ((a >> 64) != 0 || (b >> 64) != 0) {
    if (a == 0) return b;
    if (b == 0) return a;
    if (a >= b)
      a %= b;
    else
      b %= a;
  }
  return gcd64(static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b));
}

/// lcm(a, b) if it fits below 2^limit_bits, else 0.
inline std::uint64_t checked_lcm(std::uint64_t a, std::uint64_t b, int limit_bits) {
  const u128 l = static_cast<u128>(a / gcd64(a, b)) * b;
  return bit_length(l) > limit_bits ? 0 : static_cast<std::uint64_t>(l);
}

/// z = ±(mag[0] + mag[1]·2^64 + …), written limb by limb (no intermediate arithmetic).
inline void set_limbs(mpz_ptr z, const std::uint64_t* mag, int n, bool negative) {
  static_assert(sizeof(mp_limb_t) == 8, "the fast kernels assume 64-bit GMP limbs");
  while (n > 0 && mag[n - 1] == 0) --n;
  if (n == 0) {
    mpz_set_ui(z, 0);
    return;
  }
  mp_limb_t* p = mpz_limbs_write(z, n);
  for (int i = 0; i < n; ++i) p[i] = mag[i];
  mpz_limbs_finish(z, negative ? -n : n);
}
/// z = x.
inline void set_u128(mpz_ptr z, u128 x) {
  const std::uint64_t mag[2] = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x >> 64)};
  set_limbs(z, mag, 2, false);
}
inline void set_i128(mpz_ptr z, i128 x) {
  const u128 m = magnitude(x);
  const std::uint64_t mag[2] = {static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(m >> 64)};
  set_limbs(z, mag, 2, x < 0);
}
/// z = hi·2^64 + lo, for |hi| < 2^126 (a 192-bit value from two 128-bit partial sums).
inline void set_shifted_sum(mpz_ptr z, i128 hi, i128 lo) {
  const auto l0 = static_cast<std::uint64_t>(lo);
  const i128 t = hi + (lo >> 64);  // lo = (lo >> 64)·2^64 + l0 with 0 ≤ l0 < 2^64
  if (t >= 0) {
    const std::uint64_t mag[3] = {l0, static_cast<std::uint64_t>(t), static_cast<std::uint64_t>(static_cast<u128>(t) >> 64)};
    set_limbs(z, mag, 3, false);
    return;
  }
  // t·2^64 + l0 < 0: its magnitude is (−t)·2^64 − l0.
  u128 mt = static_cast<u128>(-t);
  std::uint64_t m0 = 0;
  if (l0 != 0) {
    mt -= 1;
    m0 = 0 - l0;  // 2^64 − l0
  }
  const std::uint64_t mag[3] = {m0, static_cast<std::uint64_t>(mt), static_cast<std::uint64_t>(mt >> 64)};
  set_limbs(z, mag, 3, true);
}

/// r[off…n) += v (unsigned, carries propagate; the caller guarantees no carry out of r[n−1]).
inline void add_at(std::uint64_t* r, int n, int off, u128 v) {
  unsigned char carry = 0;
  std::uint64_t lo = static_cast<std::uint64_t>(v), hi = static_cast<std::uint64_t>(v >> 64);
  carry = __builtin_add_overflow(r[off], lo, &r[off]);
  if (off + 1 < n) {
    const unsigned char c1 = __builtin_add_overflow(r[off + 1], hi, &r[off + 1]);
    const unsigned char c2 = __builtin_add_overflow(r[off + 1], static_cast<std::uint64_t>(carry), &r[off + 1]);
    carry = c1 | c2;
    for (int i = off + 2; carry && i < n; ++i) carry = __builtin_add_overflow(r[i], std::uint64_t{1}, &r[i]);
  }
}

/// z = Σ_l acc[l]·2^(64·l) for signed 128-bit partial sums (l < count ≤ 6), exactly.
inline void set_limb_sums(mpz_ptr z, const i128* acc, int count) {
  std::uint64_t r[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const int n = count + 2;  // two's complement with room for the carries and the sign
  for (int l = 0; l < count; ++l) {
    const u128 v = static_cast<u128>(acc[l]);
    const std::uint64_t ext = acc[l] < 0 ? ~std::uint64_t{0} : 0;
    unsigned char carry = __builtin_add_overflow(r[l], static_cast<std::uint64_t>(v), &r[l]);
    std::uint64_t add = static_cast<std::uint64_t>(v >> 64);
    for (int i = l + 1; i < n; ++i) {
      const unsigned char c1 = __builtin_add_overflow(r[i], add, &r[i]);
      const unsigned char c2 = __builtin_add_overflow(r[i], static_cast<std::uint64_t>(carry), &r[i]);
      carry = c1 | c2;
      add = ext;
    }
  }
  const bool negative = (r[n - 1] >> 63) != 0;
  if (negative) {  // magnitude = two's complement negation
    unsigned char carry = 1;
    for (int i = 0; i < n; ++i) {
      r[i] = ~r[i];
      carry = __builtin_add_overflow(r[i], static_cast<std::uint64_t>(carry), &r[i]);
    }
  }
  set_limbs(z, r, n, negative);
}

/// Reads z into *out when it fits in a signed 64-bit value of at most `limit_bits` bits.
inline bool get_small(mpz_srcptr z, int limit_bits, std::int64_t* out) {
  if (!mpz_fits_slong_p(z)) return false;
  const long v = mpz_get_si(z);
  if (bit_length(magnitude(static_cast<std::int64_t>(v))) > limit_bits) return false;
  *out = v;
  return true;
}

/// Stores num/den into q, reducing by their gcd first (den > 0). q is canonical afterwards.
inline void set_reduced(mpq_ptr q, i128 num, u128 den) {
  const u128 g = gcd128(magnitude(num), den);
  if (g > 1) {
    num = num < 0 ? -static_cast<i128>(magnitude(num) / g) : static_cast<i128>(static_cast<u128>(num) / g);
    den /= g;
  }
  set_i128(mpq_numref(q), num);
  set_u128(mpq_denref(q), den);
}

}  // namespace orderblind::fast
