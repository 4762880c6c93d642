// SPDX-License-Identifier: MIT
#pragma once
/// Panel kernels for double at real sizes, chosen at run time: AVX-512F (panels of R = 24 rows, C = 8
/// columns) or AVX2+FMA (R = 12, C = 4). Rows are packed R at a time (t-major), the right operand into
/// C-column panels; one panel product keeps its 3·C accumulators in registers for the whole inner loop.
/// Every product entry is the library's fma chain s = 0; s = fma(a_t, b_t, s) in t order, every softmax row
/// the generic row's operations in order, so the panels give the bits of fast/kernels/double_products.hpp (which
/// calls multiply_double_panels at large sizes) and of the fused head (fast/heads/double_large.hpp).
// NOTE: why hand-written, not Eigen's GEBP or a BLAS. (1) The library's double product is the fma chain
// in t order per entry (fast/kernels/double_products.hpp), and the generic path is the definition: a blocked GEMM
// splits t into blocks summed separately (Eigen: kc-blocks added into C with α; OpenBLAS likewise) and
// reduces remainder rows horizontally, so its bits differ from the generic path's and can depend on where
// a row sits. (2) The library is compiled for the baseline x86-64 target: Eigen's packet ISA is fixed at
// compile time (SSE2 there: Q·Kᵀ at n = 1024, d = 64 took 25 ms with Eigen, 6 ms with this library's
// AVX-512F kernel on the machine of docs/performance.md), while these kernels are chosen at run time.
// (3) OpenBLAS's kernel depends on OPENBLAS_CORETYPE, an environment variable.
// NOTE: a leaf below fast/kernels/double_products.hpp (the standard library, Eigen and fast/kernels/double_exp.hpp only).
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <memory>
#include <new>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

#include <Eigen/Core>

#include "orderblind/fast/kernels/double_exp.hpp"

#ifdef ORDERBLIND_HAVE_VECTOR_EXP
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
/// x in every lane, from memory (a load-port broadcast: `V{} + x` made GCC emit a shuffle on an FMA port).
inline V broadcast(const double* x) { return _mm256_broadcast_sd(x); }
}  // namespace orderblind::fast::detail::avx2_large
#define ORDERBLIND_DOUBLE_LARGE_ISA avx2_large
#include "orderblind/fast/kernels/double_large_panel.hpp"
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
/// x in every lane, from memory (a load-port broadcast: `V{} + x` made GCC emit a shuffle on an FMA port).
inline V broadcast(const double* x) { return _mm512_set1_pd(*x); }
}  // namespace orderblind::fast::detail::avx512f_large
#define ORDERBLIND_DOUBLE_LARGE_ISA avx512f_large
#include "orderblind/fast/kernels/double_large_panel.hpp"
#undef ORDERBLIND_DOUBLE_LARGE_ISA
#pragma GCC pop_options
#endif

namespace orderblind::fast {

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

namespace detail {
inline std::atomic<unsigned>& large_head_thread_setting() {
  static std::atomic<unsigned> threads{0};
  return threads;
}
/// This thread's share of the threads while it runs one of several evaluations side by side (0: none,
/// the process-wide setting holds): run_side_by_side sets it.
inline unsigned& large_head_thread_share() {
  thread_local unsigned share = 0;
  return share;
}
}  // namespace detail

/// Sets how many threads the large path uses (0, the default: the environment variable
/// ORDERBLIND_THREADS when it is a positive integer, else std::thread::hardware_concurrency()).
/// The result does not depend on it (tested); only the time does.
inline void set_large_head_threads(unsigned threads) { detail::large_head_thread_setting() = threads; }

/// How many threads the large path uses now (at least 1): on a thread that run_side_by_side started (or
/// its caller while it runs), that thread's share.
inline unsigned large_head_threads() {
  if (const unsigned share = detail::large_head_thread_share(); share > 0) return share;
  const unsigned set = detail::large_head_thread_setting();
  if (set > 0) return set;
  static const unsigned from_environment = [] {
    // NOTE: read once; a value that is not a positive integer below 1025 is ignored (the default holds).
    const char* e = std::getenv("ORDERBLIND_THREADS");
    if (e == nullptr) return 0u;
    char* end = nullptr;
    const unsigned long v = std::strtoul(e, &end, 10);
    return end != e && *end == '\0' && v > 0 && v <= 1024 ? static_cast<unsigned>(v) : 0u;
  }();
  if (from_environment > 0) return from_environment;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 1;
}

namespace detail {

/// The kernels of one instruction set and its panel shape.
struct large_kernels {
  int R = 0, C = 0;
  void (*product)(const double*, Eigen::Index, Eigen::Index, const double*, Eigen::Index, Eigen::Index, double*,
                  Eigen::Index, Eigen::Index) = nullptr;
  void (*softmax)(double*, Eigen::Index, double) = nullptr;
  void (*softmax_masked)(double*, Eigen::Index, double, Eigen::Index, bool, Eigen::Index, const unsigned char*) =
      nullptr;
};

inline large_kernels kernels_for(large_head_isa isa) {
#ifdef ORDERBLIND_HAVE_LARGE_HEAD
  if (isa == large_head_isa::avx512f)
    return {avx512f_large::R, avx512f_large::C, &avx512f_large::panel_product, &avx512f_large::panel_softmax,
            &avx512f_large::panel_softmax_masked};
  if (isa == large_head_isa::avx2)
    return {avx2_large::R, avx2_large::C, &avx2_large::panel_product, &avx2_large::panel_softmax,
            &avx2_large::panel_softmax_masked};
#endif
  (void)isa;
  return {};
}

/// A buffer of doubles on a 64-byte boundary (a cache line; a zmm load from a packed panel then never
/// straddles two lines: with std::vector's 16-byte alignment the panel products ran ≈ 20 % slower).
class aligned_doubles {
 public:
  explicit aligned_doubles(Eigen::Index count)
      : p_(static_cast<double*>(std::aligned_alloc(64, (static_cast<std::size_t>(count) * sizeof(double) + 63) / 64 * 64 + 64))) {
    if (!p_) throw std::bad_alloc();
  }
  aligned_doubles(const aligned_doubles&) = delete;
  aligned_doubles& operator=(const aligned_doubles&) = delete;
  ~aligned_doubles() { std::free(p_); }
  double* data() const { return p_; }
  double& operator[](std::size_t i) const { return p_[i]; }

 private:
  double* p_;
};

/// Sets this thread's share of the threads (detail::large_head_thread_share) for its lifetime.
class thread_share_scope {
 public:
  explicit thread_share_scope(unsigned share) : old_(large_head_thread_share()) { large_head_thread_share() = share; }
  thread_share_scope(const thread_share_scope&) = delete;
  thread_share_scope& operator=(const thread_share_scope&) = delete;
  ~thread_share_scope() { large_head_thread_share() = old_; }

 private:
  unsigned old_;
};

/// A 64-byte-aligned buffer of doubles that grows and never shrinks (its contents are not kept when it
/// grows): the large path's buffers, kept from call to call so that a head at real sizes does not map and
/// fault in fresh pages on every call (≈ 900 page faults, 0.5–1 ms, per head at n = 1024 on a new thread).
class aligned_buffer {
 public:
  aligned_buffer() = default;
  aligned_buffer(const aligned_buffer&) = delete;
  aligned_buffer& operator=(const aligned_buffer&) = delete;
  ~aligned_buffer() { std::free(p_); }
  /// At least `count` doubles.
  double* get(Eigen::Index count) {
    const std::size_t want = static_cast<std::size_t>(count);
    if (want > size_ || p_ == nullptr) {
      std::free(p_);
      p_ = nullptr;
      size_ = 0;
      p_ = static_cast<double*>(std::aligned_alloc(64, (want * sizeof(double) + 63) / 64 * 64 + 64));
      if (!p_) throw std::bad_alloc();
      size_ = want;
    }
    return p_;
  }

 private:
  double* p_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace detail

/// The buffers of the large path for the thread that runs a head (the packed weights, K and V, and the
/// panels of its own range). Each thread has one (large_head_workspace_scope lends another).
struct large_head_workspace {
  detail::aligned_buffer wq, wk, wv, kp, vp, a, kpan, vpan, qpan, span, zpan;
};

namespace detail {
inline large_head_workspace*& large_head_workspace_loan() {
  thread_local large_head_workspace* lent = nullptr;
  return lent;
}
/// The workspace the large path uses on this thread: the lent one, else the thread's own.
inline large_head_workspace& current_large_head_workspace() {
  thread_local large_head_workspace own;
  large_head_workspace* lent = large_head_workspace_loan();
  return lent ? *lent : own;
}
}  // namespace detail

/// Makes the large path use `w` on this thread while the scope lives: for a thread that starts anew for
/// each call (run_side_by_side's second), a workspace owned by the caller keeps its pages from call to call.
class large_head_workspace_scope {
 public:
  explicit large_head_workspace_scope(large_head_workspace& w) : old_(detail::large_head_workspace_loan()) {
    detail::large_head_workspace_loan() = &w;
  }
  large_head_workspace_scope(const large_head_workspace_scope&) = delete;
  large_head_workspace_scope& operator=(const large_head_workspace_scope&) = delete;
  ~large_head_workspace_scope() { detail::large_head_workspace_loan() = old_; }

 private:
  large_head_workspace* old_;
};

namespace detail {

/// The panel buffers of one thread's range: the workspace's for the calling thread (range 0), buffers of
/// its own for a thread started for the range.
class panel_buffers {
 public:
  explicit panel_buffers(bool own) : own_(own) {}
  /// At least `count` doubles: from `shared` (a buffer of the workspace), or a new one of this range's.
  double* get(aligned_buffer& shared, Eigen::Index count) {
    if (!own_) return shared.get(count);
    mine_.push_back(std::make_unique<aligned_doubles>(count));
    return mine_.back()->data();
  }

 private:
  bool own_;
  std::vector<std::unique_ptr<aligned_doubles>> mine_;
};

/// parallel_ranges' default: equal ranges (range i of t over [0, count) starts at count·i/t).
struct even_split {};

/// Runs body(index, first, last) over [0, count) split into at most `threads` contiguous ranges, one per
/// thread (the calling thread takes index 0), and waits for all. Range i of t starts at split(i, t)
/// (nondecreasing in i, split(0, t) = 0, split(t, t) = count); equal ranges by default.
template <class Body, class Split = even_split>
void parallel_ranges(Eigen::Index count, unsigned threads, const Body& body, const Split& split_at = Split{}) {
  const Eigen::Index t = std::max<Eigen::Index>(1, std::min<Eigen::Index>(threads, count));
  if (t == 1) return body(std::size_t{0}, Eigen::Index{0}, count);
  const auto start = [&](Eigen::Index i) {
    if constexpr (std::is_same_v<Split, even_split>) return count * i / t;
    else return split_at(i, t);
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(t - 1));
  for (Eigen::Index i = 1; i < t; ++i) {
    const auto range = [&, i] { body(static_cast<std::size_t>(i), start(i), start(i + 1)); };
    // NOTE: a thread that cannot start (std::system_error: a process or memory limit) runs its range here:
    // the result is the same bits, only later.
    try {
      pool.emplace_back(range);
    } catch (const std::system_error&) {
      range();
    }
  }
  body(std::size_t{0}, Eigen::Index{0}, start(1));
  for (auto& th : pool) th.join();
}

}  // namespace detail

/// Runs first() on this thread and second() on a new one at the same time, and waits for both; while they
/// run, large_head_threads() is ⌈threads/2⌉ in first and ⌊threads/2⌋ (at least 1) in second, so that two
/// large heads side by side share the threads instead of each taking all of them. An exception from
/// first() propagates (after second() has finished); one from second() is returned, not thrown, so that
/// the caller decides which error comes first. With threads < 2, or when no thread can start, second()
/// runs after first() on this thread (the same results: a head's bits do not depend on its threads).
template <class First, class Second>
std::exception_ptr run_side_by_side(unsigned threads, First&& first, Second&& second) {
  std::exception_ptr second_error;
  const auto run_second = [&] {
    try {
      second();
    } catch (...) {
      second_error = std::current_exception();
    }
  };
  if (threads < 2) {
    first();
    run_second();
    return second_error;
  }
  std::thread other;
  try {
    other = std::thread([&] {
      const detail::thread_share_scope share(threads / 2);
      run_second();
    });
  } catch (const std::system_error&) {
    // NOTE: a thread that cannot start (a process or memory limit): the same bits, one after the other.
    first();
    run_second();
    return second_error;
  }
  try {
    const detail::thread_share_scope share(threads - threads / 2);
    first();
  } catch (...) {
    other.join();
    throw;
  }
  other.join();
  return second_error;
}

namespace detail {

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

/// multiply_double_into takes the panels when n·k·m is at least this (128³ fused multiply-adds).
// NOTE: the bits are the same either way; only the time depends on it.
inline constexpr Eigen::Index large_product_min_terms = Eigen::Index{1} << 21;
/// ... and threads when n·k·m is at least this (2²⁶, ≈ 3 ms of work on one core).
inline constexpr Eigen::Index large_product_min_threaded_terms = Eigen::Index{1} << 26;

/// How many row panels share each block of the right operand (its reads from L2 or memory divided by this).
inline constexpr Eigen::Index panel_group = 4;

/// out = a·b (or a·bᵀ) as multiply_double_into (a n×k column-major at pa, b(t, j) = pb[t·ld_t + j·ld_j],
/// out n×m column-major, not overlapping a or b), by panels with a given implementation (not none) on
/// `threads` threads: the same bits as every other implementation, for any thread count.
inline void multiply_double_panels(large_head_isa isa, const double* pa, Eigen::Index n, Eigen::Index k,
                                   const double* pb, Eigen::Index ld_t, Eigen::Index ld_j, Eigen::Index m,
                                   double* out, unsigned threads) {
  const detail::large_kernels kern = detail::kernels_for(isa);
  const int R = kern.R, C = kern.C;
  const Eigen::Index m_pad = (m + C - 1) / C * C;
  detail::aligned_doubles bp(k * m_pad);
  detail::pack_columns(pb, ld_t, ld_j, k, m, C, bp.data());
  const Eigen::Index panels = (n + R - 1) / R;
  // NOTE: the threads split the panels (not the groups: 43 panels in 11 groups split 20/23, in panels
  // 21/22), each groups its own range.
  detail::parallel_ranges(panels, threads, [&](std::size_t, Eigen::Index first, Eigen::Index last) {
    detail::aligned_doubles a(panel_group * R * k), o(panel_group * R * m_pad);
    for (Eigen::Index p0 = first; p0 < last; p0 += panel_group) {
      const Eigen::Index count = std::min(panel_group, last - p0);
      for (Eigen::Index q = 0; q < count; ++q) detail::pack_rows(pa, n, k, (p0 + q) * R, R, a.data() + q * R * k);
      kern.product(a.data(), R * k, k, bp.data(), k, m_pad, o.data(), R * m_pad, count);
      for (Eigen::Index q = 0; q < count; ++q) {
        const Eigen::Index i0 = (p0 + q) * R, rows = std::min<Eigen::Index>(R, n - i0);
        for (Eigen::Index col = 0; col < m; ++col)
          std::copy_n(o.data() + q * R * m_pad + col * R, rows, out + col * n + i0);
      }
    }
  });
}

}  // namespace orderblind::fast
