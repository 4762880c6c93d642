// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// One softmax attention head over 384-bit fixed point, for MPFR numbers of at most 384 bits
/// (mpfr100 has 334): Q, K, V, the scaled scores, the max-subtracted exponentials, the normaliser
/// and A·V are integer arithmetic on 6-limb fixed-point vectors (fast/kernels/fixed_point.hpp), and each
/// output entry is rounded to the output's precision once: Z_ic ≈ N_ic / D_i with N_ic and D_i
/// exact integers.
///
/// Shared exponents: one per row of Y and of C, one per column of W_Q, W_K, W_V (the inputs, held
/// exactly); one per row of Q (with the scale); one for all of K; one per column of V; the
/// exponentials are fractions in [0, 1]. Entry (i, j) of every product therefore depends only on row i
/// of its left operand, column j of its right one and exponents that are maxima over whole matrices
/// or over the sequence axis (the same for every order of the rows). With the exact integer sums over
/// the sequence axis, Attn(PX) = P·Attn(X) holds bit for bit.
///
/// Error bound (mpfr100, ε = 2^-333), for the inputs the head accepts, against the real-number
/// attention Attn of the given inputs and scale:
///   |Z_ic − Attn_ic| ≤ ε·(|Attn_ic|/2 + 2^-40·(max(1, max|V|)·(σ + n) + d·max|C|·max|W_V|)),
///   σ = |scale|·d_k·d²·max|Y|·max|W_Q|·max|C|·max|W_K|,
/// with n keys and d = d_model. The first term is the one rounding of the output; the second collects
/// every fixed-point truncation, 2^-51 of an ulp per unit of the magnitudes involved.
// NOTE: the derivation is in docs/derivations/mpfr-head-error-bound.md
// Every fixed-point truncation together stays below 2^-41·ε of the magnitudes above, so with the one
// final rounding the stated bound holds.
// NOTE: the design choices are in docs/derivations/mpfr-head-design.md
// Six limbs, one exponent for all of K, one per column of V, and truncated products that drop a
// function of each term alone keep every sum exact and independent of the row order.
#include <optional>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/fast/kernels/fixed_exp.hpp"
#include "orderblind/fast/kernels/fixed_point.hpp"

namespace orderblind::fast {

/// Deliberate faults of the fused mpfr head, for the tests' mutants (never set outside tests).
enum class mpfr_head_fault {
  none,
  drop_low_limb,     ///< V keeps 5 of its 6 limbs: an error of 2^-320 relative, ~2^13 ε
  order_dependent,   ///< A·V summed in row order with the running sum rounded to 334 bits per term
};

namespace head_detail {

using fixed::limb;
using fixed::limbs;
using fixed::wide;
using fixed::wide_limbs;

/// Signed comparison of two wide values with one exponent: a < b.
inline bool wide_less(const wide& a, const wide& b) {
  if (a.negative != b.negative) return a.negative;
  const int c = fixed::compare(a.mag, b.mag, wide_limbs);
  return a.negative ? c > 0 : c < 0;
}

/// hi − lo for wide values with hi ≥ lo (a magnitude).
inline void wide_difference(const wide& hi, const wide& lo, limb* out) {
  if (!hi.negative && !lo.negative) {
    fixed::subtract(hi.mag, lo.mag, out, wide_limbs);
  } else if (!hi.negative) {
    fixed::add(hi.mag, lo.mag, out, wide_limbs);
  } else {
    fixed::subtract(lo.mag, hi.mag, out, wide_limbs);
  }
}

/// The order-dependent mutant's running sum: acc ± term, then acc truncated to its top 334 bits (the
/// precision of mpfr100, as a floating running sum would be).
inline void add_rounded(wide& acc, const limb* term, bool negative) {
  if (acc.negative == negative) {
    fixed::add(acc.mag, term, acc.mag, wide_limbs);
  } else if (fixed::compare(acc.mag, term, wide_limbs) >= 0) {
    fixed::subtract(acc.mag, term, acc.mag, wide_limbs);
  } else {
    limb t[wide_limbs];
    fixed::subtract(term, acc.mag, t, wide_limbs);
    std::copy(t, t + wide_limbs, acc.mag);
    acc.negative = negative;
  }
  const long b = fixed::bit_length(acc.mag, wide_limbs);
  for (long bit = 0; bit < b - 334; ++bit) acc.mag[bit / 64] &= ~(limb{1} << (bit % 64));
}

}  // namespace head_detail

/// Z = softmax(Q Kᵀ·scale, masked) V with Q = Y W_Q, K = C W_K, V = C W_V over a fixed-precision MPFR
/// type R of at most 384 bits, or nullopt (decline: the generic code runs) when an input is not held
/// exactly by the fixed point, an exponent is beyond ±2^24, or a size is beyond d_model, d_k ≤ 512,
/// keys ≤ 4096 (the generic path is as fast there). The inputs must already be validated (shapes,
/// mask).
/// `Weights` is head_weights<R> (wq, wk, wv; a template so that this kernel includes the core only).
template <class R, class Weights>
std::optional<Matrix<R>> try_mpfr_softmax_head(const Matrix<R>& y, const Matrix<R>& c, const Weights& w,
                                               const R& scale, const orderblind::mask& msk,
                                               mpfr_head_fault fault = mpfr_head_fault::none) {
  using namespace fixed;
  using head_detail::wide_difference;
  using head_detail::wide_less;
  const Eigen::Index nq = y.rows(), nk = c.rows(), d = y.cols(), dk = w.wq.cols(), dv = w.wv.cols();
  if (d > 512 || dk > 512 || nk > 4096) return std::nullopt;

  // The inputs, exactly: rows of Y and C, columns of the weights, the scale.
  vectors ry, rc_own, cq, ck, cv, sc;
  const auto rows_of = [](const Matrix<R>& m, vectors& out) {
    return load(m.rows(), m.cols(), [&m](Eigen::Index v, Eigen::Index t) { return m(v, t).backend().data(); }, out);
  };
  const auto cols_of = [](const Matrix<R>& m, vectors& out) {
    return load(m.cols(), m.rows(), [&m](Eigen::Index v, Eigen::Index t) { return m(t, v).backend().data(); }, out);
  };
  if (!rows_of(y, ry) || !cols_of(w.wq, cq) || !cols_of(w.wk, ck) || !cols_of(w.wv, cv)) return std::nullopt;
  const bool self = &y == &c;
  if (!self && !rows_of(c, rc_own)) return std::nullopt;
  const vectors& rc = self ? ry : rc_own;
  if (!load(1, 1, [&scale](Eigen::Index, Eigen::Index) { return scale.backend().data(); }, sc)) return std::nullopt;

  dot_scratch scratch;
  std::vector<wide> tmp;

  // Q = Y W_Q, rounded per row; then Q·scale, rounded per row again.
  vectors q;
  q.resize(nq, dk);
  tmp.resize(to_size(dk, "a buffer's length"));
  for (Eigen::Index i = 0; i < nq; ++i) {
    for (Eigen::Index k = 0; k < dk; ++k) {
      wide& t = at_index(tmp, k);
      signed_dot<truncated>(ry.vec(i), ry.vec_flags(i), cq.vec(k), cq.vec_flags(k), d, scratch, t);
      t.exp = at_index(ry.exp, i) + at_index(cq.exp, k) - 2 * bits;
    }
    at_index(q.exp, i) = round_group(tmp.data(), dk, [&](Eigen::Index k, const limb* m, unsigned char f) {
      std::copy(m, m + limbs, q.at(i, k));
      q.flag(i, k) = f;
    });
  }
  const bool scale_negative = (sc.flags[0] & negative_flag) != 0;
  const bool scale_zero = (sc.flags[0] & zero_flag) != 0;
  const limb* smag = sc.at(0, 0);
  bool power_of_two = smag[limbs - 1] == (limb{1} << 63);
  for (int l = 0; l + 1 < limbs; ++l) power_of_two = power_of_two && smag[l] == 0;
  for (Eigen::Index i = 0; i < nq; ++i) {
    if (scale_zero) {
      for (Eigen::Index k = 0; k < dk; ++k) {
        std::fill(q.at(i, k), q.at(i, k) + limbs, limb{0});
        q.flag(i, k) = zero_flag;
      }
    } else if (power_of_two) {
      // scale = ±2^(e_s − 1): an exponent shift and a sign.
      at_index(q.exp, i) += sc.exp[0] - 1;
      if (scale_negative)
        for (Eigen::Index k = 0; k < dk; ++k)
          if (!(q.flag(i, k) & zero_flag)) q.flag(i, k) ^= negative_flag;
    } else {
      const std::uint32_t zero = 0;
      for (Eigen::Index k = 0; k < dk; ++k) {
        wide& t = at_index(tmp, k);
        scan<0>(q.at(i, k), smag, &zero, 1, t.mag);  // exact
        t.negative = (q.flag(i, k) & negative_flag) != 0 ? !scale_negative : scale_negative;
        t.exp = at_index(q.exp, i) + sc.exp[0] - 2 * bits;
      }
      at_index(q.exp, i) = round_group(tmp.data(), dk, [&](Eigen::Index k, const limb* m, unsigned char f) {
        std::copy(m, m + limbs, q.at(i, k));
        q.flag(i, k) = f;
      });
    }
  }

  // K = C W_K with one exponent for all of it; V = C W_V with one per column (stored by columns).
  vectors kf, vf;
  kf.resize(nk, dk);
  vf.resize(dv, nk);
  tmp.resize(to_size(std::max(nk * dk, nk), "a buffer's length"));
  for (Eigen::Index j = 0; j < nk; ++j)
    for (Eigen::Index k = 0; k < dk; ++k) {
      wide& t = at_index(tmp, j * dk + k);
      signed_dot<truncated>(rc.vec(j), rc.vec_flags(j), ck.vec(k), ck.vec_flags(k), d, scratch, t);
      t.exp = at_index(rc.exp, j) + at_index(ck.exp, k) - 2 * bits;
    }
  const long ek = round_group(tmp.data(), nk * dk, [&](Eigen::Index x, const limb* m, unsigned char f) {
    std::copy(m, m + limbs, kf.at(x / dk, x % dk));
    kf.flag(x / dk, x % dk) = f;
  });
  for (Eigen::Index cc = 0; cc < dv; ++cc) {
    for (Eigen::Index j = 0; j < nk; ++j) {
      wide& t = at_index(tmp, j);
      signed_dot<truncated>(rc.vec(j), rc.vec_flags(j), cv.vec(cc), cv.vec_flags(cc), d, scratch, t);
      t.exp = at_index(rc.exp, j) + at_index(cv.exp, cc) - 2 * bits;
    }
    at_index(vf.exp, cc) = round_group(tmp.data(), nk, [&](Eigen::Index j, const limb* m, unsigned char f) {
      limb* out = vf.at(cc, j);
      std::copy(m, m + limbs, out);
      if (fault == mpfr_head_fault::drop_low_limb) out[0] = 0;
      vf.flag(cc, j) = is_zero(out, limbs) ? zero_flag : f;
    });
  }

  // Per query row: scores, their maximum, u_j = exp(s_j − max), D = Σ u_j, N_c = Σ u_j V_jc, Z = N/D.
  Matrix<R> z(nq, dv);
  vectors u;
  u.resize(1, nk);
  std::vector<wide> s(to_size(nk, "a buffer's length"));
  std::vector<unsigned char> allowed(to_size(nk, "a buffer's length"));
  // NOTE: Z = N·(1/D): N rounded to 448 bits, 1/D to 448 bits, the product rounded once to the output's
  // precision; the two 448-bit roundings add < 2^-446·|Z|, far inside the bound's 2^-40·ε terms, and
  // N and D are exact integers, so Z is still the same bits for every order of the rows. One
  // division per row instead of one per entry.
  limb_mpfr num(limbs + 1), den(limbs + 1), inv(limbs + 1);
  for (Eigen::Index i = 0; i < nq; ++i) {
    Eigen::Index jmax = -1;
    for (Eigen::Index j = 0; j < nk; ++j) {
      at_index(allowed, j) = msk.allows(i, j);
      if (!at_index(allowed, j)) continue;
      wide& t = at_index(s, j);
      signed_dot<truncated>(q.vec(i), q.vec_flags(i), kf.vec(j), kf.vec_flags(j), dk, scratch, t);
      if (jmax < 0 || wide_less(at_index(s, jmax), t)) jmax = j;
    }
    // The scores are s_ij = S_ij·2^f (integers S_ij); t_j = (S_max − S_j)·2^f.
    const long f = at_index(q.exp, i) + ek - 2 * bits;
    limb total[limbs + 1] = {0, 0, 0, 0, 0, 0, 0};
    for (Eigen::Index j = 0; j < nk; ++j) {
      limb* uj = u.at(0, j);
      if (!at_index(allowed, j)) {
        std::fill(uj, uj + limbs, limb{0});
        u.flag(0, j) = zero_flag;
        continue;
      }
      limb delta[wide_limbs];
      wide_difference(at_index(s, jmax), at_index(s, j), delta);
      exp_argument t;
      const long b = bit_length(delta, wide_limbs);
      if (b + f > 9) {  // t ≥ 512: exp(−t) is 0 in 384 fraction bits
        t.whole = exp_whole_limit;
      } else if (b != 0) {
        t.whole = bits_at(delta, wide_limbs, -f);
        shift_into(delta, wide_limbs, -f - bits, t.frac, limbs);
      }
      fixed_exp(t, uj);
      u.flag(0, j) = is_zero(uj, limbs) ? zero_flag : 0;
      limb ext[limbs + 1];
      std::copy(uj, uj + limbs, ext);
      ext[limbs] = 0;
      add(total, ext, total, limbs + 1);
    }
    den.set(total, limbs + 1, false);
    mpfr_ui_div(inv.x, 1, den.x, MPFR_RNDN);
    for (Eigen::Index cc = 0; cc < dv; ++cc) {
      wide nsum;
      if (fault == mpfr_head_fault::order_dependent) {
        nsum = wide{};
        const std::uint32_t zero = 0;
        for (Eigen::Index j = 0; j < nk; ++j) {
          if ((u.flag(0, j) | vf.flag(cc, j)) & zero_flag) continue;
          limb term[wide_limbs];
          scan<truncated>(u.at(0, j), vf.at(cc, j), &zero, 1, term);
          head_detail::add_rounded(nsum, term, (vf.flag(cc, j) & negative_flag) != 0);
        }
      } else {
        signed_dot<truncated>(u.vec(0), u.vec_flags(0), vf.vec(cc), vf.vec_flags(cc), nk, scratch, nsum);
      }
      num.set(nsum.mag, wide_limbs, nsum.negative);
      mpfr_ptr out = z(i, cc).backend().data();
      mpfr_mul(out, num.x, inv.x, MPFR_RNDN);
      mpfr_mul_2si(out, out, at_index(vf.exp, cc) - bits, MPFR_RNDN);
    }
  }
  return z;
}

}  // namespace orderblind::fast
