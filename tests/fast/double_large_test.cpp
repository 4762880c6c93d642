// SPDX-License-Identifier: MIT
// The large-size path of the fused double head (lib/orderblind/fast/heads/double_large.hpp): bit for bit the
// generic path for every implementation, panel tail and thread count; a permutation of the query rows
// moves each output row's bits unchanged (the order of every sum per entry does not depend on the row's
// position); the self-attention residual stays within large_attention_reorder_bound_eps, and the
// comparison catches a perturbation just above the bound and passes one just below.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <thread>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"

using namespace orderblind;

namespace {

Matrix<double> uniform(std::mt19937_64& rng, long r, long c, double lo = -1, double hi = 1) {
  std::uniform_real_distribution<double> u(lo, hi);
  Matrix<double> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = u(rng);
  return m;
}

/// The generic path: every step of attention.hpp, no head kernel.
Matrix<double> generic_head(const Matrix<double>& y, const Matrix<double>& c, const head_weights<double>& w,
                            const attention_options<double>& opt) {
  return cross_attention_trace<double, softmax_kernel>(y, c, w, opt).z;
}

/// The large path with a given implementation and thread count (REQUIREs that it ran).
Matrix<double> large_head(const Matrix<double>& y, const Matrix<double>& c, const head_weights<double>& w,
                          const attention_options<double>& opt, unsigned threads, fast::large_head_isa isa,
                          double* magnitude = nullptr) {
  Matrix<double> z = Matrix<double>::Constant(y.rows(), w.wv.cols(), 7.0);
  REQUIRE(fast::softmax_head_double_large_into(y.data(), y.rows(), c.data(), c.rows(), y.cols(), w, opt, z.data(),
                                               magnitude, threads, isa));
  return z;
}

bool bitwise_equal(const Matrix<double>& a, const Matrix<double>& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

std::vector<fast::large_head_isa> available_isas() {
  std::vector<fast::large_head_isa> out;
  for (const auto isa : {fast::large_head_isa::avx2, fast::large_head_isa::avx512f})
    if (fast::large_head_isa_available(isa)) out.push_back(isa);
  return out;
}

permutation random_permutation(std::size_t n, std::mt19937_64& rng) {
  std::vector<std::size_t> image(n);
  for (std::size_t i = 0; i < n; ++i) image[i] = i;
  std::shuffle(image.begin(), image.end(), rng);
  return permutation(std::move(image));
}

}  // namespace

TEST_CASE("every large-path implementation is the generic path bit for bit, on every panel tail and thread count",
          "[fast][double][large]") {
  const auto isas = available_isas();
  if (isas.empty()) {
    // NOTE: without AVX2+FMA the large path declines and the small one runs (tested in double_head_test).
    WARN("no AVX2+FMA on this CPU: the large path is never taken");
    return;
  }
  std::mt19937_64 rng(2026);
  int ran = 0;
  for (int rep = 0; rep < 60; ++rep) {
    // NOTE: 1..80 queries and 1..70 keys cross the 12- and 24-row panels and their padding; d_k and d_v
    // 1..19 cross the 4- and 8-column panels.
    const long n = 1 + static_cast<long>(rng() % 80), nk = rep % 2 ? n : 1 + static_cast<long>(rng() % 70);
    const long d = 1 + static_cast<long>(rng() % 20), dk = 1 + static_cast<long>(rng() % 19),
               dv = 1 + static_cast<long>(rng() % 19);
    const double spread = rep % 5 == 0 ? 8.0 : 1.0;
    const Matrix<double> y = uniform(rng, n, d, -spread, spread), c = uniform(rng, nk, d, -spread, spread);
    const head_weights<double> w{uniform(rng, d, dk), uniform(rng, d, dk), uniform(rng, d, dv)};
    attention_options<double> opt;
    if (rep % 3 == 0) opt.scale = 0.37;
    // NOTE: masks on 3 reps in 4: causal, padding (each key hidden with probability 1/3, key 0 kept when
    // causal so that every row sees a key; without causality a random first visible key), both.
    const int mask_kind = rep % 4;  // 0 none, 1 causal, 2 padding, 3 causal + padding
    if (mask_kind == 1 || mask_kind == 3) opt.mask = mask::causal();
    if (mask_kind >= 2) {
      std::vector<bool> valid(static_cast<std::size_t>(nk));
      for (auto&& v : valid) v = rng() % 3 != 0;
      valid[mask_kind == 3 ? 0 : static_cast<std::size_t>(rng() % static_cast<unsigned long>(nk))] = true;
      opt.mask = opt.mask.with_padding(std::move(valid));
    }
    const Matrix<double> generic = generic_head(y, c, w, opt);
    for (const auto isa : isas)
      for (const unsigned threads : {1u, 2u, 3u}) {
        INFO("rep " << rep << ", isa " << static_cast<int>(isa) << ", threads " << threads << ": n=" << n
                    << " nk=" << nk << " d=" << d << " dk=" << dk << " dv=" << dv << " mask "
                    << opt.mask.describe());
        double magnitude = -1;
        CHECK(bitwise_equal(large_head(y, c, w, opt, threads, isa, &magnitude), generic));
        CHECK(magnitude == max_abs(multiply(c, w.wv)));
        ++ran;
      }
  }
  CHECK(ran >= 180);
}

TEST_CASE("above the size threshold self_attention takes the large path and keeps the generic bits",
          "[fast][double][large]") {
  std::mt19937_64 rng(7);
  const long n = 200, d = 48;  // n² = 40,000 ≥ large_head_min_scores
  REQUIRE(n * n >= fast::large_head_min_scores);
  const Matrix<double> x = uniform(rng, n, d);
  const head_weights<double> w{uniform(rng, d, 32), uniform(rng, d, 32), uniform(rng, d, 40)};
  const Matrix<double> generic = generic_head(x, x, w, {});
  CHECK(bitwise_equal(self_attention<double, softmax_kernel>(x, w), generic));
  if (!available_isas().empty())
    CHECK(bitwise_equal(large_head(x, x, w, {}, 0, fast::best_large_head_isa()), generic));
  // A causal or padding mask: the large path applies it in the panels, the generic bits again.
  attention_options<double> causal;
  causal.mask = mask::causal();
  Matrix<double> z(n, 40);
  if (!available_isas().empty())
    CHECK(bitwise_equal(large_head(x, x, w, causal, 2, fast::best_large_head_isa()), generic_head(x, x, w, causal)));
  CHECK(bitwise_equal(self_attention<double, softmax_kernel>(x, w, causal), generic_head(x, x, w, causal)));
  // A mask that does not fit: the large path declines, and the public path names the problem.
  attention_options<double> short_padding, hides_all;
  short_padding.mask = mask::padding(std::vector<bool>(n - 1, true));
  hides_all.mask = mask::causal().with_padding([&] {
    std::vector<bool> v(n, true);
    v[0] = false;  // row 0 sees only key 0
    return v;
  }());
  for (const auto* bad : {&short_padding, &hides_all}) {
    CHECK_FALSE(fast::softmax_head_double_large_into(x.data(), n, x.data(), n, d, w, *bad, z.data()));
    CHECK_THROWS(self_attention<double, softmax_kernel>(x, w, *bad));
  }
  // Sorted sums: the large path declines, the small one runs.
  attention_options<double> sorted;
  sorted.sum = summation::sorted;
  CHECK_FALSE(fast::softmax_head_double_large_into(x.data(), n, x.data(), n, d, w, sorted, z.data()));
}

TEST_CASE("the large path declines a non-finite projection, and the public path names it", "[fast][double][large]") {
  const long n = 200, d = 4;
  Matrix<double> x = Matrix<double>::Constant(n, d, 1e200);
  const head_weights<double> w{Matrix<double>::Constant(d, 4, 1e200), Matrix<double>::Constant(d, 4, 1.0),
                               Matrix<double>::Constant(d, 4, 1.0)};
  Matrix<double> z(n, 4);
  CHECK_FALSE(fast::softmax_head_double_large_into(x.data(), n, x.data(), n, d, w, attention_options<double>{},
                                                   z.data(), nullptr, 2));
  CHECK_THROWS((self_attention<double, softmax_kernel>(x, w)));
}

TEST_CASE("the large path's result does not depend on the thread count", "[fast][double][large]") {
  if (available_isas().empty()) return;
  std::mt19937_64 rng(11);
  const long n = 517, nk = 530, d = 40;
  const Matrix<double> y = uniform(rng, n, d), c = uniform(rng, nk, d);
  const head_weights<double> w{uniform(rng, d, 40), uniform(rng, d, 40), uniform(rng, d, 40)};
  double m1 = -1;
  const Matrix<double> one = large_head(y, c, w, {}, 1, fast::best_large_head_isa(), &m1);
  for (const unsigned threads : {2u, 3u, 4u, 7u}) {
    double m = -2;
    INFO(threads << " threads");
    CHECK(bitwise_equal(large_head(y, c, w, {}, threads, fast::best_large_head_isa(), &m), one));
    CHECK(m == m1);
  }
}

TEST_CASE("a causal head's result does not depend on the thread count (ranges split by work)",
          "[fast][double][large]") {
  if (available_isas().empty()) return;
  std::mt19937_64 rng(23);
  for (const long nk : {600L, 450L}) {  // nk ≥ n splits the triangle by √, nk < n evenly
    const long n = 530, d = 24;
    const Matrix<double> y = uniform(rng, n, d), c = uniform(rng, nk, d);
    const head_weights<double> w{uniform(rng, d, 16), uniform(rng, d, 16), uniform(rng, d, 20)};
    attention_options<double> opt;
    opt.mask = mask::causal().with_padding([&] {
      std::vector<bool> v(static_cast<std::size_t>(nk), true);
      for (long j = 1; j < nk; j += 7) v[static_cast<std::size_t>(j)] = false;
      return v;
    }());
    const Matrix<double> generic = generic_head(y, c, w, opt);
    for (const unsigned threads : {1u, 2u, 3u, 5u}) {
      INFO("nk " << nk << ", " << threads << " threads");
      CHECK(bitwise_equal(large_head(y, c, w, opt, threads, fast::best_large_head_isa()), generic));
    }
  }
}

TEST_CASE("run_side_by_side runs both, shares the threads, and hands back the second's error",
          "[fast][double][large]") {
  unsigned first_share = 0, second_share = 0;
  bool first_ran = false, second_ran = false;
  auto error = fast::run_side_by_side(
      5, [&] { first_ran = true, first_share = fast::large_head_threads(); },
      [&] { second_ran = true, second_share = fast::large_head_threads(); });
  CHECK(first_ran);
  CHECK(second_ran);
  CHECK(first_share == 3);
  CHECK(second_share == 2);
  CHECK_FALSE(error);
  // The caller's own setting is back afterwards.
  fast::set_large_head_threads(4);
  (void)fast::run_side_by_side(2, [] {}, [] {});
  CHECK(fast::large_head_threads() == 4);
  fast::set_large_head_threads(0);
  // The second's exception is returned; the first's is thrown (after the second has finished).
  for (const unsigned threads : {1u, 2u}) {
    error = fast::run_side_by_side(threads, [] {}, [] { throw shape_error("second"); });
    REQUIRE(error);
    CHECK_THROWS_AS(std::rethrow_exception(error), shape_error);
    second_ran = false;
    CHECK_THROWS_AS(fast::run_side_by_side(threads, [] { throw configuration_error("first"); }, [&] { second_ran = true; }),
                    configuration_error);
    CHECK(second_ran == (threads == 2));
  }
}

TEST_CASE("a permutation of the query rows moves each row's bits: Attn(PY, C) == P·Attn(Y, C) exactly",
          "[fast][double][large]") {
  // NOTE: with the keys fixed, a query row meets the same operations in the same order wherever P puts it —
  // another panel, another lane, the padded last panel — so the two sides are equal bit for bit: the
  // order of every feature-axis sum (projection, score) is independent of the row's position.
  if (available_isas().empty()) return;
  std::mt19937_64 rng(13);
  const long n = 301, nk = 250, d = 64;
  const Matrix<double> y = uniform(rng, n, d), c = uniform(rng, nk, d);
  const head_weights<double> w{uniform(rng, d, 64), uniform(rng, d, 64), uniform(rng, d, 64)};
  for (const auto isa : available_isas()) {
    const Matrix<double> z = large_head(y, c, w, {}, 2, isa);
    for (int rep = 0; rep < 4; ++rep) {
      const permutation p = random_permutation(static_cast<std::size_t>(n), rng);
      INFO("isa " << static_cast<int>(isa) << ", permutation " << rep);
      CHECK(bitwise_equal(large_head(p.apply_rows(y), c, w, {}, 2, isa), p.apply_rows(z)));
    }
    // The comparison can fail: permuting the keys reorders the sums over them, and some bits move.
    const permutation pk = random_permutation(static_cast<std::size_t>(nk), rng);
    CHECK_FALSE(bitwise_equal(large_head(y, pk.apply_rows(c), w, {}, 2, isa), z));
  }
}

TEST_CASE("self-attention on the large path holds within large_attention_reorder_bound_eps, and the check can fail",
          "[fast][double][large][bound]") {
  std::mt19937_64 rng(17);
  const long n = 640, d = 64;
  const Matrix<double> x = uniform(rng, n, d);
  const head_weights<double> w{uniform(rng, d, d), uniform(rng, d, d), uniform(rng, d, d)};
  const permutation p = random_permutation(static_cast<std::size_t>(n), rng);
  const Matrix<double> right = p.apply_rows(self_attention<double, softmax_kernel>(x, w));
  const Matrix<double> left = self_attention<double, softmax_kernel>(p.apply_rows(x), w);
  const double magnitude = max_abs(multiply(x, w.wv));
  const double bound = fast::large_attention_reorder_bound_eps(n, d);
  CHECK(bound == attention_reorder_bound_eps(n));
  const double eps = std::numeric_limits<double>::epsilon();
  const double scale = magnitude;  // NOTE: the bound has no max(1, ·) floor (verify/bound.hpp)
  const double residual = max_abs_difference(left, right) / (eps * scale);
  // NOTE: the sums over the sequence are reordered, so the sides differ somewhere; far below the bound.
  INFO("residual " << residual << " eps·max|V|, bound " << bound);
  CHECK(residual > 0);
  CHECK(agrees_relative_to(left, right, bound, magnitude));
  // NOTE: one entry moved to (1 ± 1/64) of the bound from P·Attn(X): the addition's rounding (≈ 2⁻⁵³ of
  // an entry ≤ max|V|) is about 2⁻⁴⁰ of the shift here, far inside the 1/64 margin.
  const double shift = bound * eps * scale;
  Matrix<double> outside = right, inside = right;
  outside(n / 2, 3) += (1.0 + 1.0 / 64) * shift;
  inside(n / 2, 3) += (1.0 - 1.0 / 64) * shift;
  CHECK_FALSE(agrees_relative_to(outside, right, bound, magnitude));
  CHECK(agrees_relative_to(inside, right, bound, magnitude));
  // A mutant wrong the way the law is about: an output that depends on the row's position.
  Matrix<double> positional = left;
  for (long i = 0; i < n; ++i) positional.row(i) *= 1.0 + static_cast<double>(i) * 0x1p-40;
  CHECK_FALSE(agrees_relative_to(positional, right, bound, magnitude));
  // And a causal mask, which breaks equivariance, fails the same comparison.
  attention_options<double> causal;
  causal.mask = mask::causal();
  CHECK_FALSE(agrees_relative_to(self_attention<double, softmax_kernel>(p.apply_rows(x), w, causal),
                                 p.apply_rows(self_attention<double, softmax_kernel>(x, w, causal)), bound, magnitude));
}

TEST_CASE("the panel products are the fma-chain definition bit for bit, direct and transposed, on any thread count",
          "[fast][double][large]") {
  if (available_isas().empty()) return;
  std::mt19937_64 rng(19);
  for (int rep = 0; rep < 24; ++rep) {
    const long n = 1 + static_cast<long>(rng() % 90), k = 1 + static_cast<long>(rng() % 300),
               m = 1 + static_cast<long>(rng() % 40);
    const bool transposed = rep % 2 == 1;
    const Matrix<double> a = uniform(rng, n, k), b = transposed ? uniform(rng, m, k) : uniform(rng, k, m);
    Matrix<double> reference(n, m);
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < m; ++j) {
        double s = 0.0;
        for (long t = 0; t < k; ++t) s = std::fma(a(i, t), transposed ? b(j, t) : b(t, j), s);
        reference(i, j) = s;
      }
    for (const auto isa : available_isas())
      for (const unsigned threads : {1u, 3u}) {
        INFO("rep " << rep << " n=" << n << " k=" << k << " m=" << m << " transposed " << transposed << " isa "
                    << static_cast<int>(isa) << " threads " << threads);
        Matrix<double> out = Matrix<double>::Constant(n, m, 7.0);
        fast::multiply_double_panels(isa, a.data(), n, k, b.data(), transposed ? m : 1, transposed ? 1 : k, m,
                                     out.data(), threads);
        CHECK(bitwise_equal(out, reference));
      }
  }
  // And through multiply (matrix.hpp) above the panels' threshold: the same bits as the unpacked tiles.
  const Matrix<double> a = uniform(rng, 300, 300), b = uniform(rng, 300, 40);
  Matrix<double> unpacked(300, 40);
  fast::multiply_double_into_isa(fast::best_double_product_isa(), a.data(), 300, 300, b.data(), 1, 300, 40,
                                 unpacked.data());
  CHECK(bitwise_equal(multiply(a, b), unpacked));
}

TEST_CASE("cross-attention on the large path: the keys' order within 4(nk+1), with and without padding, and the "
          "check can fail", "[fast][double][large][bound]") {
  // NOTE: Attn(Y, P·C) against Attn(Y, C): the queries are the same rows in the same places, so only the
  // two sums over the nk keys meet their terms in another order — the self-attention derivation with n
  // keys replaced by nk (docs/derivations/large-attention-bound.md). A padding mask permuted with the keys
  // leaves fewer terms in each sum, so the same bound holds.
  std::mt19937_64 rng(29);
  const long n = 180, nk = 700, d = 64;
  const Matrix<double> y = uniform(rng, n, d), c = uniform(rng, nk, d);
  const head_weights<double> w{uniform(rng, d, d), uniform(rng, d, d), uniform(rng, d, d)};
  REQUIRE(n * nk >= fast::large_head_min_scores);
  const permutation p = random_permutation(static_cast<std::size_t>(nk), rng);
  const double eps = std::numeric_limits<double>::epsilon();
  const double magnitude = max_abs(multiply(c, w.wv)), scale = magnitude;
  const double bound = fast::large_attention_reorder_bound_eps(nk, d);
  for (const bool padded : {false, true}) {
    attention_options<double> opt, permuted_opt;
    if (padded) {
      std::vector<bool> valid(static_cast<std::size_t>(nk)), moved(static_cast<std::size_t>(nk));
      for (auto&& v : valid) v = rng() % 4 != 0;
      valid[0] = true;
      for (long i = 0; i < nk; ++i) moved[static_cast<std::size_t>(i)] = valid[p.at(static_cast<std::size_t>(i))];
      opt.mask = mask::padding(valid);
      permuted_opt.mask = mask::padding(moved);
    }
    INFO("padding " << padded);
    const Matrix<double> right = cross_attention<double, softmax_kernel>(y, c, w, opt);
    const Matrix<double> left = cross_attention<double, softmax_kernel>(y, p.apply_rows(c), w, permuted_opt);
    // The dispatch took the large path: the generic steps give the same bits.
    CHECK(bitwise_equal(right, generic_head(y, c, w, opt)));
    const double residual = max_abs_difference(left, right) / (eps * scale);
    INFO("residual " << residual << " eps·max|V|, bound " << bound);
    CHECK(residual > 0);
    CHECK(agrees_relative_to(left, right, bound, magnitude));
    // One entry moved to (1 ± 1/64) of the bound: outside fails, inside passes (the addition's rounding is
    // ≈ 2⁻⁵³ of an entry ≤ max|V|, far inside the 1/64 margin).
    const double shift = bound * eps * scale;
    Matrix<double> outside = right, inside = right;
    outside(n / 3, 5) -= (1.0 + 1.0 / 64) * shift;
    inside(n / 3, 5) -= (1.0 - 1.0 / 64) * shift;
    CHECK_FALSE(agrees_relative_to(outside, right, bound, magnitude));
    CHECK(agrees_relative_to(inside, right, bound, magnitude));
    // A mutant wrong the way the law is about: the padding not moved with the keys.
    if (padded)
      CHECK_FALSE(agrees_relative_to(cross_attention<double, softmax_kernel>(y, p.apply_rows(c), w, opt), right,
                                     bound, magnitude));
  }
}

TEST_CASE("a lent workspace gives the same bits, shape after shape, on the thread it is lent to",
          "[fast][double][large]") {
  // NOTE: the buffers are reused without clearing, larger then smaller shapes: a result that read a stale
  // entry would differ from the generic path's.
  if (available_isas().empty()) return;
  std::mt19937_64 rng(37);
  fast::large_head_workspace lent;
  for (const long n : {300L, 170L, 420L, 90L}) {
    const long nk = n + 13, d = 16 + n % 7;
    const Matrix<double> y = uniform(rng, n, d), c = uniform(rng, nk, d);
    const head_weights<double> w{uniform(rng, d, 12), uniform(rng, d, 12), uniform(rng, d, 9)};
    const Matrix<double> generic = generic_head(y, c, w, {});
    Matrix<double> on_other_thread;
    std::thread([&] {
      const fast::large_head_workspace_scope scope(lent);
      on_other_thread = large_head(y, c, w, {}, 1, fast::best_large_head_isa());
    }).join();
    INFO("n " << n);
    CHECK(bitwise_equal(on_other_thread, generic));
  }
}
