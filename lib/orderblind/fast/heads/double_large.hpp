// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// The large-size path of the fused double softmax head (fast/heads/double_head.hpp dispatches to it by size):
/// the same result, bit for bit, computed panel by panel (R query rows at a time, R = 24 for AVX-512F, 12
/// for AVX2) so that the scores of a panel stay in the core's cache, on several threads.
///
///   per R-row panel of queries:  Q_p = Y_p·W_Q,  S_p = Q_p·Kᵀ,  A_p = softmax(S_p·scale),  Z_p = A_p·V
///
/// with K = C·W_K and V = C·W_V computed first (also by panels) and packed into C-column panels.
// NOTE: the kernels are fast/kernels/double_panels.hpp's (why hand-written: there).
// NOTE: why the result is bit for bit the small path's (and so the generic path's): every product entry
// is the fma chain over its inner index in order (panel_product: one register accumulator per entry for
// the whole chain); every softmax row runs the generic row's operations in its order (panel_softmax, one
// row per lane). Packing, padding (zero rows and columns that are computed and dropped) and the split of
// the panels among threads move data, never change an operation. So the permutation bound is the one of
// the small path, 4(n+1)ε·max|V| (large_attention_reorder_bound_eps, docs/derivations/large-attention-bound.md).
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <exception>
#include <vector>

#include <Eigen/Core>

#include "orderblind/fast/kernels/double_compare.hpp"
#include "orderblind/fast/kernels/double_panels.hpp"
#include "orderblind/fast/kernels/double_products.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind::fast {

/// The bound, in units of ε·max|V| + η, on max|Attn(PX) − P·Attn(X)| for one softmax head over n
/// tokens of width d when the head takes the large-size path: 4(n+1), the small path's
/// (attention_reorder_bound_eps), for every d.
// NOTE: d does not enter: the large path is bit for bit the small one (double_large.hpp's NOTE), and in
// both every feature-axis sum (projections, scores) runs in feature order whatever the row's position —
// a row moved by P to another panel, lane or padding position meets the same operations in the same
// order (tests/fast/double_large_test.cpp: Attn(PY, C) == P·Attn(Y, C) bit for bit). Only the two sums
// over the sequence change their order, as in the small path. Derivation:
// docs/derivations/large-attention-bound.md.
inline double large_attention_reorder_bound_eps(Eigen::Index n, Eigen::Index d) {
  (void)d;
  return 4.0 * static_cast<double>(n + 1);
}

/// The fused head takes the large path when n·n_k is at least this.
// NOTE: measured at d = d_k = 64 on the Xeon this was written on (docs/performance.md), one thread: at
// n = n_k = 128 the small path's unpacked kernels still win (no packing), at 192 the panels do. The result
// is the same bits either way; only the time depends on it.
inline constexpr Eigen::Index large_head_min_scores = 160 * 160;
/// The large path starts threads only when n·n_k is at least this: below it, starting a thread on a
/// busy core can cost more than the head (a 192×192 head took 0.3 ms on one thread, up to 8 ms on two
/// when the other core was busy).
inline constexpr Eigen::Index large_head_min_threaded_scores = 512 * 512;

/// The fused head's large path, the arguments of softmax_head_double_into (which calls it when n·n_k ≥
/// large_head_min_scores): queries from the n rows of y, keys and values from the nk rows of c (both
/// column-major, d columns), z (n×dv, column-major) the output; shapes validated. Returns false (z
/// unspecified) when this path does not apply — sorted sums, no vector unit for it, no key, a mask that
/// does not fit — or when a projection is not finite; the small path then runs (and declines in turn for
/// the latter, and names the mask's error). A causal or padding mask is applied in the panels.
/// Bit for bit the small path's result, for any `threads` (0: large_head_threads() from
/// large_head_min_threaded_scores up, else 1).
template <class Weights, class Options>
bool softmax_head_double_large_into(const double* y, Eigen::Index n, const double* c, Eigen::Index nk,
                                    Eigen::Index d, const Weights& w, const Options& opt, double* z,
                                    double* value_magnitude = nullptr, unsigned threads = 0,
                                    large_head_isa isa = best_large_head_isa()) {
  if (opt.sum != summation::in_order || nk == 0 || n == 0) return false;
  const detail::large_kernels kern = detail::kernels_for(isa);
  if (!kern.product) return false;
  // NOTE: a mask that does not fit (a padding of the wrong length, a row that sees no key): declined, so
  // that the small path names the errors in the generic order (non-finite projections first).
  const auto& mask = opt.mask;
  const bool causal = mask.is_causal(), masked = causal || mask.has_padding();
  std::vector<unsigned char> key_ok;
  Eigen::Index j_first = 0;
  if (masked) {
    try {
      mask.validate(n, nk);
    } catch (const std::exception&) {
      return false;
    }
    if (mask.has_padding()) {
      // NOTE: row nk sees every key the padding allows (causality hides none of j < nk from it).
      key_ok.resize(static_cast<std::size_t>(nk));
      for (Eigen::Index j = 0; j < nk; ++j) key_ok[static_cast<std::size_t>(j)] = mask.allows(nk, j) ? 1 : 0;
      // NOTE: every row's first allowed key: with causality validate has made it key 0.
      while (!key_ok[static_cast<std::size_t>(j_first)]) ++j_first;
    }
  }
  if (threads == 0) threads = n * nk >= large_head_min_threaded_scores ? large_head_threads() : 1;
  const int R = kern.R, C = kern.C;
  const Eigen::Index dk = w.wq.cols(), dv = w.wv.cols();
  const auto pad = [C](Eigen::Index x) { return (x + C - 1) / C * C; };
  const Eigen::Index dk_pad = pad(dk), dv_pad = pad(dv);
  const Eigen::Index key_panels = (nk + R - 1) / R, query_panels = (n + R - 1) / R;
  const Eigen::Index nk_pad = key_panels * R;
  // NOTE: the weights as C-column panels (W(t, j) = data[t + j·d]); K as C-key panels over its dk
  // features (the B of S = Q·Kᵀ: B(t, j) = K(j, t)); V as C-column panels over the nk keys.
  // NOTE: the calling thread's buffers come from its workspace (kept from call to call), the other
  // threads' panels are allocated per call (they start anew for each phase).
  large_head_workspace& ws = detail::current_large_head_workspace();
  double* const wqp = ws.wq.get(d * dk_pad);
  double* const wkp = ws.wk.get(d * dk_pad);
  double* const wvp = ws.wv.get(d * dv_pad);
  detail::pack_columns(w.wq.data(), 1, w.wq.rows(), d, dk, C, wqp);
  detail::pack_columns(w.wk.data(), 1, w.wk.rows(), d, dk, C, wkp);
  detail::pack_columns(w.wv.data(), 1, w.wv.rows(), d, dv, C, wvp);
  double* const kp = ws.kp.get(nk_pad * dk);
  double* const vp = ws.vp.get(nk * dv_pad);
  std::vector<double> vmax(threads, 0.0);
  std::atomic<bool> finite{true};
  // Phase 1: K and V, panel_group panels of R keys at a time.
  // NOTE: the threads split the panels (not the groups: 43 panels in 11 groups split 20/23, in panels
  // 21/22), each groups its own range; a panel's operations do not depend on its group.
  detail::parallel_ranges(key_panels, threads, [&](std::size_t index, Eigen::Index first, Eigen::Index last) {
    detail::panel_buffers own(index != 0);
    double* const a = own.get(ws.a, panel_group * R * d);
    double* const kpan = own.get(ws.kpan, panel_group * R * dk_pad);
    double* const vpan = own.get(ws.vpan, panel_group * R * dv_pad);
    double mag = 0.0;
    for (Eigen::Index p0 = first; p0 < last; p0 += panel_group) {
      const Eigen::Index count = std::min(panel_group, last - p0);
      for (Eigen::Index q = 0; q < count; ++q) detail::pack_rows(c, nk, d, (p0 + q) * R, R, a + q * R * d);
      kern.product(a, R * d, d, wkp, d, dk_pad, kpan, R * dk_pad, count);
      kern.product(a, R * d, d, wvp, d, dv_pad, vpan, R * dv_pad, count);
      for (Eigen::Index q = 0; q < count; ++q) {
        const double* kq = kpan + q * R * dk_pad;
        const double* vq = vpan + q * R * dv_pad;
        // NOTE: the padding rows are products of zero rows: 0, finite, and never above a max of |·|.
        if (!all_finite(kq, R * dk) || !all_finite(vq, R * dv)) {
          finite = false;
          return;
        }
        mag = std::max(mag, max_abs_finite(vq, nullptr, R * dv));
        const Eigen::Index j0 = (p0 + q) * R, rows = std::min<Eigen::Index>(R, nk - j0);
        for (int r = 0; r < R; ++r) {
          const Eigen::Index j = j0 + r;
          double* to = kp + (j / C) * dk * C + j % C;
          for (Eigen::Index t = 0; t < dk; ++t) to[t * C] = kq[t * R + r];
        }
        for (Eigen::Index col = 0; col < dv_pad; ++col) {
          double* to = vp + (col / C) * nk * C + col % C;
          for (Eigen::Index r = 0; r < rows; ++r) to[(j0 + r) * C] = vq[col * R + r];
        }
      }
    }
    // NOTE: a maximum of finite values is exact and order-free: the threads' split cannot change it.
    vmax[index] = mag;
  });
  if (!finite) return false;
  const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
  // Phase 2: per group of R-query panels, Q_p, S_p, the softmax and Z_p, into z. The group shares each
  // block of K and V; it is smaller when the scores of one panel are large (≈ 1 MiB of scores in all).
  const Eigen::Index group = std::clamp<Eigen::Index>((Eigen::Index{1} << 17) / (R * nk_pad), 1, panel_group);
  // NOTE: under a causal mask panel p's work grows with p (its rows see p·R keys): the threads' ranges
  // then end at query_panels·√(i/t), equal shares of the triangle.
  const auto split = [&](Eigen::Index i, Eigen::Index t) -> Eigen::Index {
    if (!causal || nk < n) return query_panels * i / t;
    return std::min(query_panels, static_cast<Eigen::Index>(std::llround(
                                      static_cast<double>(query_panels) * std::sqrt(static_cast<double>(i) / static_cast<double>(t)))));
  };
  detail::parallel_ranges(query_panels, threads, [&](std::size_t index, Eigen::Index first, Eigen::Index last) {
    detail::panel_buffers own(index != 0);
    double* const a = own.get(ws.a, group * R * d);
    double* const qpan = own.get(ws.qpan, group * R * dk_pad);
    double* const span = own.get(ws.span, group * R * nk_pad);
    double* const zpan = own.get(ws.zpan, group * R * dv_pad);
    for (Eigen::Index p0 = first; p0 < last; p0 += group) {
      if (!finite) return;
      const Eigen::Index count = std::min(group, last - p0);
      for (Eigen::Index q = 0; q < count; ++q) detail::pack_rows(y, n, d, (p0 + q) * R, R, a + q * R * d);
      kern.product(a, R * d, d, wqp, d, dk_pad, qpan, R * dk_pad, count);
      if (!all_finite(qpan, count * R * dk_pad)) {
        finite = false;
        return;
      }
      // NOTE: with a causal mask the keys past the group's last row are hidden from all its rows: their
      // scores are not computed and A·V stops before them. The terms it skips are 0·v_j, and s + 0·v is s
      // bit for bit: v is finite (tested in phase 1) and the accumulator is never −0 (it starts at +0,
      // and an exact zero sum rounds to +0), so fma(0, v, s) = s.
      const Eigen::Index cols = causal ? std::min({nk, n, (p0 + count) * R}) : nk;
      kern.product(qpan, R * dk_pad, dk, kp, dk, pad(cols), span, R * nk_pad, count);
      for (Eigen::Index q = 0; q < count; ++q) {
        if (masked)
          kern.softmax_masked(span + q * R * nk_pad, cols, scale, j_first, causal, (p0 + q) * R,
                              key_ok.empty() ? nullptr : key_ok.data());
        else
          kern.softmax(span + q * R * nk_pad, nk, scale);
      }
      kern.product(span, R * nk_pad, cols, vp, nk, dv_pad, zpan, R * dv_pad, count);
      for (Eigen::Index q = 0; q < count; ++q) {
        const Eigen::Index i0 = (p0 + q) * R, rows = std::min<Eigen::Index>(R, n - i0);
        for (Eigen::Index col = 0; col < dv; ++col)
          std::copy_n(zpan + q * R * dv_pad + col * R, rows, z + col * n + i0);
      }
    }
  }, split);
  if (!finite) return false;
  if (value_magnitude) *value_magnitude = *std::max_element(vmax.begin(), vmax.end());
  return true;
}

}  // namespace orderblind::fast
