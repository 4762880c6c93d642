// SPDX-License-Identifier: MIT
#pragma once
/// The large-size path of the fused double softmax head (fast/double_head.hpp dispatches to it by size):
/// the same result, bit for bit, computed panel by panel (R query rows at a time, R = 24 for AVX-512F, 12
/// for AVX2) so that the scores of a panel stay in the core's cache, on several threads.
///
///   per R-row panel of queries:  Q_p = Y_p·W_Q,  S_p = Q_p·Kᵀ,  A_p = softmax(S_p·scale),  Z_p = A_p·V
///
/// with K = C·W_K and V = C·W_V computed first (also by panels) and packed into C-column panels.
// NOTE: why hand-written, not Eigen's GEBP or a BLAS. (1) The library's double product is the fma chain
// s = 0; s = fma(a_t, b_t, s) in t order per entry (fast/double_products.hpp), and the generic path is the
// definition: a blocked GEMM splits t into blocks summed separately (Eigen: kc-blocks added into C with
// α; OpenBLAS likewise) and reduces remainder rows horizontally, so its bits differ from the generic
// path's and can depend on where a row sits. (2) The library is compiled for the baseline x86-64 target:
// Eigen's packet ISA is fixed at compile time (SSE2 there: Q·Kᵀ at n = 1024, d = 64 took 25 ms with
// Eigen, 6 ms with this library's AVX-512F kernel, docs/performance.md), while these kernels are chosen
// at run time. (3) OpenBLAS's kernel depends on OPENBLAS_CORETYPE, an environment variable.
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
#include <thread>
#include <vector>

#include <Eigen/Core>

#include "orderblind/fast/double_compare.hpp"
#include "orderblind/fast/double_exp.hpp"
#include "orderblind/fast/double_products.hpp"
#include "orderblind/matrix.hpp"

#if defined(ORDERBLIND_HAVE_VECTOR_EXP) && defined(ORDERBLIND_HAVE_FMA_PRODUCTS)
#define ORDERBLIND_HAVE_LARGE_HEAD 1

#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace orderblind::fast::detail::avx2_large {
typedef v4d_exp V;
typedef v4u_exp U;
typedef fma_avx2 fma_op;
constexpr int lanes = 4;
constexpr int R = 3 * lanes;
constexpr int C = 4;
}  // namespace orderblind::fast::detail::avx2_large
#define ORDERBLIND_DOUBLE_LARGE_ISA avx2_large
#include "orderblind/fast/double_large_panel.hpp"
#undef ORDERBLIND_DOUBLE_LARGE_ISA
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,fma")
namespace orderblind::fast::detail::avx512f_large {
typedef v8d_exp V;
typedef v8u_exp U;
typedef fma_avx512f fma_op;
constexpr int lanes = 8;
constexpr int R = 3 * lanes;
constexpr int C = 8;
}  // namespace orderblind::fast::detail::avx512f_large
#define ORDERBLIND_DOUBLE_LARGE_ISA avx512f_large
#include "orderblind/fast/double_large_panel.hpp"
#undef ORDERBLIND_DOUBLE_LARGE_ISA
#pragma GCC pop_options
#endif

namespace orderblind::fast {

/// The bound, in units of ε·max(1, max|V|), on max|Attn(PX) − P·Attn(X)| for one softmax head over n
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

/// The implementations of the large-size head (all give the same bits).
enum class large_head_isa { none, avx2, avx512f };

/// Whether this CPU runs `isa`.
inline bool large_head_isa_available(large_head_isa isa) {
#ifdef ORDERBLIND_HAVE_LARGE_HEAD
  if (isa == large_head_isa::avx2) return exp_isa_available(exp_isa::avx2);
  if (isa == large_head_isa::avx512f) return exp_isa_available(exp_isa::avx512f);
#endif
  (void)isa;
  return false;
}

/// The widest implementation this CPU runs (none: the large path always declines).
inline large_head_isa best_large_head_isa() {
  static const large_head_isa best = large_head_isa_available(large_head_isa::avx512f) ? large_head_isa::avx512f
                                     : large_head_isa_available(large_head_isa::avx2)  ? large_head_isa::avx2
                                                                                        : large_head_isa::none;
  return best;
}

/// The fused head takes the large path when n·n_k is at least this (and the head has no mask).
// NOTE: measured at d = d_k = 64 on the Xeon this was written on (docs/performance.md), one thread: at
// n = n_k = 128 the small path's unpacked kernels still win (no packing), at 192 the panels do. The result
// is the same bits either way; only the time depends on it.
inline constexpr Eigen::Index large_head_min_scores = 160 * 160;
/// The large path starts threads only when n·n_k is at least this: below it, starting a thread on a
/// busy core can cost more than the head (a 192×192 head took 0.3 ms on one thread, up to 8 ms on two
/// when the other core was busy).
inline constexpr Eigen::Index large_head_min_threaded_scores = 512 * 512;

namespace detail {
inline std::atomic<unsigned>& large_head_thread_setting() {
  static std::atomic<unsigned> threads{0};
  return threads;
}
}  // namespace detail

/// Sets how many threads the large path uses (0: std::thread::hardware_concurrency(), the default).
/// The result does not depend on it (tested); only the time does.
inline void set_large_head_threads(unsigned threads) { detail::large_head_thread_setting() = threads; }

/// How many threads the large path uses now (at least 1).
inline unsigned large_head_threads() {
  const unsigned set = detail::large_head_thread_setting();
  if (set > 0) return set;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 1;
}

namespace detail {

/// The kernels of one instruction set and its panel shape.
struct large_kernels {
  int R = 0, C = 0;
  void (*product)(const double*, Eigen::Index, const double*, Eigen::Index, double*) = nullptr;
  void (*softmax)(double*, Eigen::Index, double) = nullptr;
};

inline large_kernels kernels_for(large_head_isa isa) {
#ifdef ORDERBLIND_HAVE_LARGE_HEAD
  if (isa == large_head_isa::avx512f)
    return {avx512f_large::R, avx512f_large::C, &avx512f_large::panel_product, &avx512f_large::panel_softmax};
  if (isa == large_head_isa::avx2)
    return {avx2_large::R, avx2_large::C, &avx2_large::panel_product, &avx2_large::panel_softmax};
#endif
  (void)isa;
  return {};
}

/// Runs body(index, first, last) over [0, count) split into at most `threads` contiguous ranges, one per
/// thread (the calling thread takes index 0), and waits for all.
template <class Body>
void parallel_ranges(Eigen::Index count, unsigned threads, const Body& body) {
  const Eigen::Index t = std::max<Eigen::Index>(1, std::min<Eigen::Index>(threads, count));
  if (t == 1) return body(std::size_t{0}, Eigen::Index{0}, count);
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(t - 1));
  for (Eigen::Index i = 1; i < t; ++i)
    pool.emplace_back([&, i] { body(static_cast<std::size_t>(i), count * i / t, count * (i + 1) / t); });
  body(std::size_t{0}, Eigen::Index{0}, count / t);
  for (auto& th : pool) th.join();
}

/// b packed as C-column panels: out[(j/C)·k·C + t·C + j%C] = m(t, j) for t < k, j < cols; 0 for the
/// padding columns up to a multiple of C. m(t, j) = p[t·ld_t + j·ld_j].
inline void pack_columns(const double* p, Eigen::Index ld_t, Eigen::Index ld_j, Eigen::Index k, Eigen::Index cols,
                         int C, double* out) {
  const Eigen::Index padded = (cols + C - 1) / C * C;
  for (Eigen::Index j = 0; j < padded; ++j) {
    double* o = out + (j / C) * k * C + j % C;
    if (j < cols)
      for (Eigen::Index t = 0; t < k; ++t) o[t * C] = p[t * ld_t + j * ld_j];
    else
      for (Eigen::Index t = 0; t < k; ++t) o[t * C] = 0.0;
  }
}

/// R rows [i0, i0 + R) of the n×d column-major y packed t-major: out[t·R + r] = y(i0 + r, t); 0 past row n.
inline void pack_rows(const double* y, Eigen::Index n, Eigen::Index d, Eigen::Index i0, int R, double* out) {
  const Eigen::Index rows = std::min<Eigen::Index>(R, n - i0);
  for (Eigen::Index t = 0; t < d; ++t) {
    const double* from = y + t * n + i0;
    double* to = out + t * R;
    Eigen::Index r = 0;
    for (; r < rows; ++r) to[r] = from[r];
    for (; r < R; ++r) to[r] = 0.0;
  }
}

}  // namespace detail

/// The fused head's large path, the arguments of softmax_head_double_into (which calls it when n·n_k ≥
/// large_head_min_scores): queries from the n rows of y, keys and values from the nk rows of c (both
/// column-major, d columns), z (n×dv, column-major) the output; shapes validated. Returns false (z
/// unspecified) when this path does not apply — a mask, sorted sums, no vector unit for it, no key — or
/// when a projection is not finite; the small path then runs (and declines in turn for the latter).
/// Bit for bit the small path's result, for any `threads` (0: large_head_threads() from
/// large_head_min_threaded_scores up, else 1).
template <class Weights, class Options>
bool softmax_head_double_large_into(const double* y, Eigen::Index n, const double* c, Eigen::Index nk,
                                    Eigen::Index d, const Weights& w, const Options& opt, double* z,
                                    double* value_magnitude = nullptr, unsigned threads = 0,
                                    large_head_isa isa = best_large_head_isa()) {
  if (opt.sum != summation::in_order || opt.mask.is_causal() || opt.mask.has_padding() || nk == 0 || n == 0)
    return false;
  const detail::large_kernels kern = detail::kernels_for(isa);
  if (!kern.product) return false;
  if (threads == 0) threads = n * nk >= large_head_min_threaded_scores ? large_head_threads() : 1;
  const int R = kern.R, C = kern.C;
  const Eigen::Index dk = w.wq.cols(), dv = w.wv.cols();
  const auto pad = [C](Eigen::Index x) { return (x + C - 1) / C * C; };
  const Eigen::Index dk_pad = pad(dk), dv_pad = pad(dv);
  const Eigen::Index key_panels = (nk + R - 1) / R, query_panels = (n + R - 1) / R;
  const Eigen::Index nk_pad = key_panels * R;
  // NOTE: the weights as C-column panels (W(t, j) = data[t + j·d]); K as C-key panels over its dk
  // features (the B of S = Q·Kᵀ: B(t, j) = K(j, t)); V as C-column panels over the nk keys.
  std::vector<double> wqp(static_cast<std::size_t>(d * dk_pad)), wkp(static_cast<std::size_t>(d * dk_pad)),
      wvp(static_cast<std::size_t>(d * dv_pad));
  detail::pack_columns(w.wq.data(), 1, w.wq.rows(), d, dk, C, wqp.data());
  detail::pack_columns(w.wk.data(), 1, w.wk.rows(), d, dk, C, wkp.data());
  detail::pack_columns(w.wv.data(), 1, w.wv.rows(), d, dv, C, wvp.data());
  std::vector<double> kp(static_cast<std::size_t>(nk_pad * dk)), vp(static_cast<std::size_t>(nk * dv_pad));
  std::vector<double> vmax(threads, 0.0);
  std::atomic<bool> finite{true};
  // Phase 1: K and V, R keys at a time.
  detail::parallel_ranges(key_panels, threads, [&](std::size_t index, Eigen::Index first, Eigen::Index last) {
    std::vector<double> a(static_cast<std::size_t>(R * d)), kpan(static_cast<std::size_t>(R * dk_pad)),
        vpan(static_cast<std::size_t>(R * dv_pad));
    double mag = 0.0;
    for (Eigen::Index p = first; p < last; ++p) {
      const Eigen::Index j0 = p * R, rows = std::min<Eigen::Index>(R, nk - j0);
      detail::pack_rows(c, nk, d, j0, R, a.data());
      kern.product(a.data(), d, wkp.data(), dk_pad, kpan.data());
      kern.product(a.data(), d, wvp.data(), dv_pad, vpan.data());
      // NOTE: the padding rows are products of zero rows: 0, finite, and never above a max of |·|.
      if (!all_finite(kpan.data(), R * dk) || !all_finite(vpan.data(), R * dv)) {
        finite = false;
        return;
      }
      mag = std::max(mag, max_abs_finite(vpan.data(), nullptr, R * dv));
      for (int r = 0; r < R; ++r) {
        const Eigen::Index j = j0 + r;
        double* to = kp.data() + (j / C) * dk * C + j % C;
        for (Eigen::Index t = 0; t < dk; ++t) to[t * C] = kpan[static_cast<std::size_t>(t * R + r)];
      }
      for (Eigen::Index col = 0; col < dv_pad; ++col) {
        double* to = vp.data() + (col / C) * nk * C + col % C;
        for (Eigen::Index r = 0; r < rows; ++r) to[(j0 + r) * C] = vpan[static_cast<std::size_t>(col * R + r)];
      }
    }
    // NOTE: a maximum of finite values is exact and order-free: the threads' split cannot change it.
    vmax[index] = mag;
  });
  if (!finite) return false;
  const double scale = opt.scale ? *opt.scale : 1.0 / std::sqrt(static_cast<double>(dk));
  // Phase 2: per R queries, Q_p, S_p, the softmax and Z_p, into z.
  detail::parallel_ranges(query_panels, threads, [&](std::size_t, Eigen::Index first, Eigen::Index last) {
    std::vector<double> a(static_cast<std::size_t>(R * d)), qpan(static_cast<std::size_t>(R * dk_pad)),
        span(static_cast<std::size_t>(R * nk_pad)), zpan(static_cast<std::size_t>(R * dv_pad));
    for (Eigen::Index p = first; p < last; ++p) {
      if (!finite) return;
      const Eigen::Index i0 = p * R, rows = std::min<Eigen::Index>(R, n - i0);
      detail::pack_rows(y, n, d, i0, R, a.data());
      kern.product(a.data(), d, wqp.data(), dk_pad, qpan.data());
      if (!all_finite(qpan.data(), R * dk)) {
        finite = false;
        return;
      }
      kern.product(qpan.data(), dk, kp.data(), nk_pad, span.data());
      kern.softmax(span.data(), nk, scale);
      kern.product(span.data(), nk, vp.data(), dv_pad, zpan.data());
      for (Eigen::Index col = 0; col < dv; ++col)
        std::copy_n(zpan.data() + col * R, rows, z + col * n + i0);
    }
  });
  if (!finite) return false;
  if (value_magnitude) *value_magnitude = *std::max_element(vmax.begin(), vmax.end());
  return true;
}

}  // namespace orderblind::fast
