// SPDX-License-Identifier: MIT
// NOTE: no #pragma once on purpose: double_large.hpp includes this body once per instruction set, each
// time under that set's `#pragma GCC target` region and with ORDERBLIND_DOUBLE_LARGE_ISA naming the
// namespace (orderblind::fast::detail::<isa>_large) that already holds the set's vector type V, its
// integer twin U, `lanes`, the panel shape (R = 3·lanes rows, C columns) and `fma_op` (the exp's own fma
// functor of that set). The reason is the one of double_products_fma.hpp: an intrinsic only inlines into
// a function of its own target, and GCC compiles a template with the target in force where it is defined.
#ifndef ORDERBLIND_DOUBLE_LARGE_ISA
#error "double_large_panel.hpp is included by double_large.hpp only"
#endif

namespace orderblind::fast::detail::ORDERBLIND_DOUBLE_LARGE_ISA {

__attribute__((always_inline)) inline V load(const double* p) {
  V x;
  __builtin_memcpy(&x, p, sizeof x);
  return x;
}
__attribute__((always_inline)) inline void store(double* p, const V& x) { __builtin_memcpy(p, &x, sizeof x); }

/// For each of `panels` row panels q: out_q[j·R + r] = Σ_t a_q[t·R + r] · b[(j/C)·ldb·C + t·C + j%C] for
/// r < R and j < m (m a multiple of C), with a_q = a + q·a_step and out_q = out + q·out_step; each entry
/// the chain s = 0; s = fma(a, b, s) for t = 0, 1, …, k − 1: the library's product of the R rows packed
/// in a_q (t-major) with the C-column panels packed in `b` over ldb ≥ k rows (the first k of them used).
// NOTE: C columns × 3 vectors of rows = 3C accumulators held in registers through a block of `block`
// terms (24 of the 32 zmm registers for AVX-512F, 12 of the 16 ymm for AVX2), each lane one output entry:
// an entry's terms meet in t order whatever its row's position in the panel and its column's in the
// C-panel. Between blocks an accumulator waits in `out` and is loaded back: the stored value is the
// rounded accumulator itself, so the chain continues exactly. The blocks keep a's block in L1; the
// panels share each block of b (read once for all of them from L2 or memory, not once per panel).
inline void panel_product(const double* a, Eigen::Index a_step, Eigen::Index k, const double* b, Eigen::Index ldb,
                          Eigen::Index m, double* out, Eigen::Index out_step, Eigen::Index panels) {
  constexpr Eigen::Index block = 128;
  for (Eigen::Index t0 = 0; t0 < k || t0 == 0; t0 += block) {
    const Eigen::Index t1 = std::min(k, t0 + block);
    for (Eigen::Index jp = 0; jp < m; jp += C) {
      const double* bp = b + jp * ldb;
      for (Eigen::Index q = 0; q < panels; ++q) {
        const double* aq = a + q * a_step;
        double* oq = out + q * out_step;
        V s[C][3];
#pragma GCC unroll 16
        for (int c = 0; c < C; ++c)
#pragma GCC unroll 3
          for (int r = 0; r < 3; ++r) s[c][r] = t0 == 0 ? V{} : load(oq + (jp + c) * R + r * lanes);
        for (Eigen::Index t = t0; t < t1; ++t) {
          const V x0 = load(aq + t * R), x1 = load(aq + t * R + lanes), x2 = load(aq + t * R + 2 * lanes);
          const double* bt = bp + t * C;
#pragma GCC unroll 16
          for (int c = 0; c < C; ++c) {
            const V bc = broadcast(bt + c);
            fma_op{}(s[c][0], x0, bc, s[c][0]);
            fma_op{}(s[c][1], x1, bc, s[c][1]);
            fma_op{}(s[c][2], x2, bc, s[c][2]);
          }
        }
#pragma GCC unroll 16
        for (int c = 0; c < C; ++c)
#pragma GCC unroll 3
          for (int r = 0; r < 3; ++r) store(oq + (jp + c) * R + r * lanes, s[c][r]);
      }
    }
    if (k == 0) break;
  }
}

/// The softmax of the R rows of a panel in place: score j of row r at s[j·R + r], columns j < nk, each
/// lane one row, in the generic path's order: x·scale; the shift m = x_0, then m = m < x ? x : m for
/// j = 1, 2, …; w = exp(x − m); total = 0 + w_0 + w_1 + … in j order; w / total.
// NOTE: one pass fewer than fast/heads/double_head.hpp's softmax_rows (the exp is taken in the pass that sums
// the total, on the vector in registers), the same operations on the same operands in each lane.
inline void panel_softmax(double* s, Eigen::Index nk, double scale) {
  const V sc = V{} + scale;
  V m[3];
#pragma GCC unroll 3
  for (int r = 0; r < 3; ++r) m[r] = load(s + r * lanes) * sc;
  for (Eigen::Index j = 0; j < nk; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) {
      V x = load(s + j * R + r * lanes) * sc;
      m[r] = m[r] < x ? x : m[r];
      store(s + j * R + r * lanes, x);
    }
  }
  V total[3] = {V{}, V{}, V{}};
  for (Eigen::Index j = 0; j < nk; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) {
      V x = load(s + j * R + r * lanes) - m[r];
      orderblind::fast::detail::exp_lanes<V, U>(x, fma_op{});
      total[r] += x;
      store(s + j * R + r * lanes, x);
    }
  }
  for (Eigen::Index j = 0; j < nk; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) store(s + j * R + r * lanes, load(s + j * R + r * lanes) / total[r]);
  }
}

/// panel_softmax of a masked head: lane r is query row i0 + r; column j is allowed for it when key_ok[j]
/// (every j when key_ok is null) and, when `causal`, j ≤ i0 + r; columns j < cols only (the caller
/// never reads the others). Column j_first is allowed in every lane. The generic masked row's operations
/// in its order (softmax_row_strided in fast/heads/double_head.hpp): x·scale; the shift from the first allowed
/// score by `m < x ? x : m` over the allowed ones in j order; w = exp(x − m) and total = 0 + w + … over
/// the allowed ones in j order; w / total where allowed, 0 where not.
// NOTE: every lane computes every column and keeps the allowed ones (a select, not a branch). A masked
// lane adds +0 to its total: total starts at +0 and only gains exp values ≥ 0, so it is never −0 and
// total + 0 is total, bit for bit (NaN and ∞ included) — the generic row skips the term instead.
inline void panel_softmax_masked(double* s, Eigen::Index cols, double scale, Eigen::Index j_first, bool causal,
                                 Eigen::Index i0, const unsigned char* key_ok) {
  typedef decltype(V{} < V{}) M;  // the lanes' comparison mask (all ones or all zeros)
  const V sc = V{} + scale;
  V row[3];
#pragma GCC unroll 3
  for (int r = 0; r < 3; ++r)
    for (int l = 0; l < lanes; ++l) row[r][l] = static_cast<double>(i0 + r * lanes + l);
  const auto allowed = [&](Eigen::Index j, int r) -> M {
    const M every = V{} == V{};
    const M key = key_ok == nullptr || key_ok[j] ? every : M{};
    if (!causal) return key;
    return key & (V{} + static_cast<double>(j) <= row[r]);
  };
  V m[3];
#pragma GCC unroll 3
  for (int r = 0; r < 3; ++r) m[r] = load(s + j_first * R + r * lanes) * sc;
  for (Eigen::Index j = 0; j < cols; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) {
      V x = load(s + j * R + r * lanes) * sc;
      m[r] = allowed(j, r) & (m[r] < x) ? x : m[r];
      store(s + j * R + r * lanes, x);
    }
  }
  V total[3] = {V{}, V{}, V{}};
  for (Eigen::Index j = 0; j < cols; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) {
      V x = load(s + j * R + r * lanes) - m[r];
      orderblind::fast::detail::exp_lanes<V, U>(x, fma_op{});
      x = allowed(j, r) ? x : V{};
      total[r] += x;
      store(s + j * R + r * lanes, x);
    }
  }
  for (Eigen::Index j = 0; j < cols; ++j) {
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r) {
      const V x = load(s + j * R + r * lanes);
      store(s + j * R + r * lanes, allowed(j, r) ? x / total[r] : V{});
    }
  }
}

}  // namespace orderblind::fast::detail::ORDERBLIND_DOUBLE_LARGE_ISA
