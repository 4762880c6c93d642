// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// One attention head over GMP rationals with the rational kernel, fraction-free end to end:
/// Q, K, V, the scores, the kernel's weights and A·V stay integers over shared denominators, and
/// only the output is canonicalised (word gcds per entry, one wide gcd per row: see row_gcds).
///
/// With y_i = Yn_i / dy_i (rows of Y), c_j = Cn_j / dc_j (rows of C) and W's columns over their lcms:
///   Q_ik = Qn_ik / (dy_i·dq_k),  K_jk = Kn_jk / (dc_j·dk_k),  V_jc = Vn_jc / (dc_j·dv_c),
///   S_ij = scale·Σ_k Q_ik K_jk = sp·Σ_k Qn_ik·m_k·Kn_jk / (sq·dy_i·dc_j·L),  m_k = L / (dq_k·dk_k),
/// with scale = sp/sq and L = lcm_k(dq_k·dk_k). Over the row denominator D_i = sq·dy_i·L·Lc
/// (Lc = lcm_j dc_j) the scores are n_ij / D_i with n_ij = sp·Sn_ij·(Lc/dc_j); the kernel's weights
/// are A_ij = P_ij / T_i with P_ij = (n_ij + D_i)² + D_i² (0 where masked) and T_i = Σ_j P_ij; and
///   Z_ic = Σ_j P_ij·V'_jc / (T_i·Lc·dv_c),  V'_jc = Vn_jc·(Lc/dc_j).
#include <optional>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/fast/heads/rational_products.hpp"

namespace orderblind::fast {

namespace detail {

/// out = rows(x) · columns(w) as 64-bit numerators (false if a bound is exceeded).
inline bool project(const ff_lines& x, const ff_lines& w, std::vector<std::int64_t>& out, int& bits) {
  if (x.num_bits + w.num_bits + sum_bits(x.len) > word_bits) return false;
  out.resize(to_size(x.lines * w.lines, "a buffer's length"));
  std::uint64_t worst = 0;
  for (Eigen::Index i = 0; i < x.lines; ++i)
    for (Eigen::Index c = 0; c < w.lines; ++c) {
      std::int64_t acc = 0;
      for (Eigen::Index t = 0; t < x.len; ++t) acc += x.at(i, t) * w.at(c, t);
      at_index(out, i * w.lines + c) = acc;
      worst |= magnitude(acc);
    }
  bits = bit_length(worst);
  return true;
}

/// gcd(a, T) for the d numerators a of one output row against the row's T, cheaply.
// NOTE: T = s·R with s the part of T made of the primes ≤ 47, so gcd(s, R) = 1 and
// gcd(a, T) = gcd(a, s)·gcd(a, R): a word gcd, and a wide one that is 1 for every a of the row when
// gcd(R, Π_a (a mod R)) = 1 (a prime dividing R and some a divides the product). One wide gcd per
// row then replaces one per entry; otherwise each a gets its own gcd with R.
struct row_gcds {
  static constexpr std::uint64_t primorial = 614889782588491410ULL;  // 2·3·5·…·47 < 2^63
  static constexpr unsigned primes[15] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
  mpz_t r, prod, tmp;
  std::uint64_t s = 1;
  bool all_coprime = false;
  row_gcds() {
    mpz_init(r);
    mpz_init(prod);
    mpz_init(tmp);
  }
  ~row_gcds() {
    mpz_clear(r);
    mpz_clear(prod);
    mpz_clear(tmp);
  }
  row_gcds(const row_gcds&) = delete;
  row_gcds& operator=(const row_gcds&) = delete;
  /// Splits t (> 0) and tests the row; false when s would not fit a word (then use plain gcds).
  bool prepare(mpz_srcptr t, const __mpz_struct* a, Eigen::Index count) {
    const std::uint64_t small = gcd64(mpz_tdiv_ui(t, primorial), primorial);
    mpz_set(r, t);
    s = 1;
    for (unsigned p : primes) {
      if (small % p != 0) continue;
      while (mpz_divisible_ui_p(r, p)) {
        if (s > ~std::uint64_t{0} / p) return false;
        mpz_divexact_ui(r, r, p);
        s *= p;
      }
    }
    if (mpz_cmp_ui(r, 1) == 0) {
      all_coprime = true;
      return true;
    }
    mpz_set_ui(prod, 1);
    for (Eigen::Index c = 0; c < count; ++c) {
      mpz_tdiv_r(tmp, &a[c], r);
      mpz_mul(prod, prod, tmp);
      mpz_tdiv_r(prod, prod, r);
    }
    mpz_gcd(tmp, prod, r);
    all_coprime = mpz_cmp_ui(tmp, 1) == 0;
    return true;
  }
  /// gcd(a, s): the whole gcd(a, t) when all_coprime.
  std::uint64_t word_gcd(mpz_srcptr a) const { return s == 1 ? 1 : mpz_gcd_ui(nullptr, a, s); }
  /// g = gcd(a, t) for one a of the prepared row.
  void gcd(mpz_ptr g, mpz_srcptr a) const {
    const std::uint64_t gs = word_gcd(a);
    if (all_coprime) {
      mpz_set_ui(g, gs);
    } else {
      mpz_gcd(g, a, r);
      mpz_mul_ui(g, g, gs);
    }
  }
};

}  // namespace detail

/// Z = attention of queries from Y over keys/values from C with the rational kernel, or nullopt when
/// an entry is too wide for the fixed-width path. Inputs must already be validated (shapes, non-empty).
/// `Weights` is head_weights<Q> (wq, wk, wv; a template so that this kernel includes the core only).
template <class Q, class Weights>
std::optional<Matrix<Q>> try_rational_head(const Matrix<Q>& y, const Matrix<Q>& c, const Weights& w,
                                           const Q& scale, const orderblind::mask& msk, fault f = fault::none) {
  const Eigen::Index nq = y.rows(), nk = c.rows(), dk = w.wq.cols(), dv = w.wv.cols();
  ff_lines ry, rc, cq, ck, cv;
  if (!rows_of(y, ry) || !columns_of(w.wq, cq) || !columns_of(w.wk, ck) || !columns_of(w.wv, cv)) return std::nullopt;
  if (&y == &c) {
    rc = ry;
  } else if (!rows_of(c, rc)) {
    return std::nullopt;
  }
  std::vector<std::int64_t> qn, kn, vn;
  int qb, kb, vb;
  if (!detail::project(ry, cq, qn, qb) || !detail::project(rc, ck, kn, kb) || !detail::project(rc, cv, vn, vb))
    return std::nullopt;

  // The scale sp/sq and the multipliers m_k of the inner index.
  std::int64_t sp, sq;
  mpq_srcptr sc = scale.backend().data();
  if (!read_word(mpq_numref(sc), &sp) || !read_word(mpq_denref(sc), &sq)) return std::nullopt;
  std::uint64_t l = 1;
  std::vector<std::uint64_t> prod(to_size(dk, "a buffer's length"));
  for (Eigen::Index k = 0; k < dk; ++k) {
    const u128 pk = static_cast<u128>(at_index(cq.den, k)) * at_index(ck.den, k);
    if (bit_length(pk) > word_bits) return std::nullopt;
    at_index(prod, k) = static_cast<std::uint64_t>(pk);
    l = checked_lcm(l, static_cast<std::uint64_t>(pk), word_bits);
    if (l == 0) return std::nullopt;
  }
  // qm_ik = Qn_ik·m_k (64-bit), so that Sn_ij = Σ_k qm_ik·Kn_jk is one 128-bit dot product.
  std::vector<std::int64_t> qm(qn.size());
  int qmb = 0;
  for (Eigen::Index k = 0; k < dk; ++k) {
    const std::uint64_t mk = f == fault::forget_multiplier ? 1 : l / at_index(prod, k);
    for (Eigen::Index i = 0; i < nq; ++i) {
      const i128 v = static_cast<i128>(at_index(qn, i * dk + k)) * static_cast<i128>(mk);
      const int b = bit_length(magnitude(v));
      if (b > word_bits) return std::nullopt;
      qmb = std::max(qmb, b);
      at_index(qm, i * dk + k) = static_cast<std::int64_t>(v);
    }
  }
  if (qmb + kb + sum_bits(dk) > 125) return std::nullopt;

  // Lc, the multipliers Lc/dc_j, and V' = Vn_jc·(Lc/dc_j).
  std::uint64_t lc = 1;
  for (Eigen::Index j = 0; j < nk; ++j) {
    lc = checked_lcm(lc, at_index(rc.den, j), word_bits);
    if (lc == 0) return std::nullopt;
  }
  std::vector<std::int64_t> vp(vn.size());
  int vpb = 0;
  for (Eigen::Index j = 0; j < nk; ++j) {
    const std::uint64_t mj = lc / at_index(rc.den, j);
    for (Eigen::Index cc = 0; cc < dv; ++cc) {
      const i128 v = static_cast<i128>(at_index(vn, j * dv + cc)) * static_cast<i128>(mj);
      const int b = bit_length(magnitude(v));
      if (b > word_bits) return std::nullopt;
      vpb = std::max(vpb, b);
      at_index(vp, j * dv + cc) = static_cast<std::int64_t>(v);
    }
  }
  // NOTE: P_ij < 2^253 is split into four 64-bit limbs; each limb times V' summed over nk keys is
  // below 2^(64 + bits(V') + ⌈log2 nk⌉), which must fit an i128.
  if (64 + vpb + sum_bits(nk) > 126) return std::nullopt;

  // Per query row: scores, kernel numerators P (4 limbs), their sum T (5 limbs), then Z's numerators.
  Matrix<Q> z(nq, dv);
  constexpr int pl = 4;
  std::vector<std::uint64_t> plimbs(to_size(nk * pl, "a buffer's length"));
  std::vector<i128> acc(to_size(dv * pl, "a buffer's length"));
  mpz_t num, den, g, t_i;
  mpz_init(num);
  mpz_init(den);
  mpz_init(g);
  mpz_init(t_i);
  struct clear_on_exit {
    mpz_ptr a, b, c, d;
    ~clear_on_exit() {
      mpz_clear(a);
      mpz_clear(b);
      mpz_clear(c);
      mpz_clear(d);
    }
  } guard{num, den, g, t_i};
  std::vector<__mpz_struct> nums(to_size(dv, "a buffer's length"));
  for (auto& x : nums) mpz_init(&x);
  struct clear_all {
    std::vector<__mpz_struct>& v;
    ~clear_all() {
      for (auto& x : v) mpz_clear(&x);
    }
  } guard_nums{nums};
  detail::row_gcds rg;
  const std::int64_t* kp = kn.data();
  for (Eigen::Index i = 0; i < nq; ++i) {
    const u128 d_row = static_cast<u128>(static_cast<std::uint64_t>(sq)) * at_index(ry.den, i);
    if (bit_length(d_row) + bit_length(l) + bit_length(lc) > 125) return std::nullopt;
    const i128 d = static_cast<i128>(d_row * l * lc);
    std::uint64_t total[5] = {0, 0, 0, 0, 0};
    int used = 1;  // limbs of P in use in this row
    const std::int64_t* qi = &at_index(qm, i * dk);
    for (Eigen::Index j = 0; j < nk; ++j) {
      std::uint64_t* p = &at_index(plimbs, j * pl);
      p[0] = p[1] = p[2] = p[3] = 0;
      if (!msk.allows(i, j)) continue;
      const std::int64_t* kj = kp + j * dk;
      i128 s = 0;
      for (Eigen::Index k = 0; k < dk; ++k) s += static_cast<i128>(qi[k]) * kj[k];
      // n_ij = sp·Sn_ij·(Lc/dc_j), and |n_ij + D_i| < 2^126 so that P < 2^253.
      const std::uint64_t mj = lc / at_index(rc.den, j);
      if (bit_length(magnitude(s)) + bit_length(magnitude(sp)) + bit_length(mj) > 124) return std::nullopt;
      const u128 m = magnitude(s * sp * static_cast<i128>(mj) + d);
      const u128 ml = static_cast<std::uint64_t>(m), mh = m >> 64;
      // P = m² + D² = ml² + 2·ml·mh·2^64 + mh²·2^128 + D².
      add_at(p, pl, 0, ml * ml);
      add_at(p, pl, 1, ml * mh);
      add_at(p, pl, 1, ml * mh);
      add_at(p, pl, 2, mh * mh);
      add_at(p, pl, 0, static_cast<u128>(static_cast<std::uint64_t>(d)) * static_cast<std::uint64_t>(d));
      if (bit_length(static_cast<u128>(d)) > 64) {  // D ≥ 2^64: the rest of D² (rare)
        const u128 dl = static_cast<std::uint64_t>(d), dh = static_cast<u128>(d) >> 64;
        add_at(p, pl, 1, dl * dh);
        add_at(p, pl, 1, dl * dh);
        add_at(p, pl, 2, dh * dh);
      }
      for (int x = used; x < pl; ++x)
        if (p[x] != 0) used = x + 1;
      add_at(total, 5, 0, static_cast<u128>(p[0]) | (static_cast<u128>(p[1]) << 64));
      add_at(total, 5, 2, static_cast<u128>(p[2]) | (static_cast<u128>(p[3]) << 64));
    }
    // Z numerators: Σ_j P_ij·V'_jc = Σ_x 2^(64x)·Σ_j limb_x(P_ij)·V'_jc.
    std::fill(acc.begin(), acc.end(), 0);
    for (Eigen::Index j = 0; j < nk; ++j) {
      const std::uint64_t* p = &at_index(plimbs, j * pl);
      const std::int64_t* vj = &at_index(vp, j * dv);
      for (int x = 0; x < used; ++x) {
        const i128 limb = static_cast<i128>(p[x]);
        if (limb == 0) continue;
        i128* ax = &at_index(acc, x * dv);
        for (Eigen::Index cc = 0; cc < dv; ++cc) ax[cc] += limb * vj[cc];
      }
    }
    set_limbs(t_i, total, 5, false);
    i128 parts[pl];
    for (Eigen::Index cc = 0; cc < dv; ++cc) {
      for (int x = 0; x < used; ++x) parts[x] = at_index(acc, x * dv + cc);
      mpz_ptr a_c = &at_index(nums, cc);
      set_limb_sums(a_c, parts, used);
      if (f == fault::wrong_entry && i == nq - 1 && cc == dv - 1) mpz_add_ui(a_c, a_c, 1);
    }
    // gcd(num, T_i) for the whole row at once (see row_gcds); then the small factor c = Lc·dv_c.
    // NOTE: gcd(a, T·c) = g·gcd(a/g, c) with g = gcd(a, T) (a/g and T/g are coprime), so
    // a/(g·h) over (T/g)·(c/h), h = gcd(a/g, c), is in lowest terms.
    const bool split = rg.prepare(t_i, nums.data(), dv);
    for (Eigen::Index cc = 0; cc < dv; ++cc) {
      mpz_ptr a_c = &at_index(nums, cc);
      mpq_ptr out = z(i, cc).backend().data();
      const u128 c128 = static_cast<u128>(lc) * at_index(cv.den, cc);
      if (split && rg.all_coprime) {  // the gcd is a word: divide by it as a word
        const std::uint64_t gs = rg.word_gcd(a_c);
        if (gs != 1) {
          mpz_divexact_ui(num, a_c, gs);
          mpz_divexact_ui(den, t_i, gs);
        } else {
          mpz_set(num, a_c);
          mpz_set(den, t_i);
        }
      } else if (split) {
        rg.gcd(g, a_c);
      } else {
        mpz_gcd(g, a_c, t_i);
      }
      if (split && rg.all_coprime) {
        // num, den set above
      } else if (mpz_cmp_ui(g, 1) != 0) {
        mpz_divexact(num, a_c, g);
        mpz_divexact(den, t_i, g);
      } else {
        mpz_set(num, a_c);
        mpz_set(den, t_i);
      }
      if ((c128 >> 64) == 0) {
        const auto small = static_cast<std::uint64_t>(c128);
        const std::uint64_t h = mpz_gcd_ui(nullptr, num, small);
        if (h != 1) mpz_divexact_ui(num, num, h);
        mpz_mul_ui(den, den, small / h);
      } else {
        set_u128(g, c128);
        mpz_gcd(g, num, g);
        mpz_divexact(num, num, g);
        set_u128(mpq_denref(out), c128);
        mpz_divexact(mpq_denref(out), mpq_denref(out), g);
        mpz_mul(den, den, mpq_denref(out));
      }
      mpz_swap(mpq_numref(out), num);
      mpz_swap(mpq_denref(out), den);
    }
  }
  return z;
}

}  // namespace orderblind::fast
