// SPDX-License-Identifier: MIT
// The FLINT yardstick (see flint_check.hpp).
#include "flint_check.hpp"

#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>

#include <algorithm>
#include <numeric>
#include <random>

namespace orderblind::bench {

namespace {

struct mat {
  fmpq_mat_t m;
  mat(long r, long c) { fmpq_mat_init(m, r, c); }
  ~mat() { fmpq_mat_clear(m); }
  mat(const mat&) = delete;
  mat& operator=(const mat&) = delete;
};

void load(fmpq_mat_t m, const std::vector<long>& pq, long r, long c) {
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) {
      const auto k = static_cast<std::size_t>(2 * (i * c + j));
      fmpq_set_si(fmpq_mat_entry(m, i, j), pq[k], static_cast<ulong>(pq[k + 1]));
    }
}

/// Z = A V with A = normalised φ(X W_Q (X W_K)ᵀ), φ(s) = 1 + s + s²/2.
void attention(fmpq_mat_t z, const fmpq_mat_t x, const fmpq_mat_t wq, const fmpq_mat_t wk, const fmpq_mat_t wv) {
  const long n = fmpq_mat_nrows(x), d = fmpq_mat_ncols(wq);
  mat q(n, d), k(n, d), v(n, fmpq_mat_ncols(wv)), kt(d, n), s(n, n);
  fmpq_mat_mul(q.m, x, wq);
  fmpq_mat_mul(k.m, x, wk);
  fmpq_mat_mul(v.m, x, wv);
  fmpq_mat_transpose(kt.m, k.m);
  fmpq_mat_mul(s.m, q.m, kt.m);
  fmpq_t t, total;
  fmpq_init(t);
  fmpq_init(total);
  for (long i = 0; i < n; ++i) {
    fmpq_zero(total);
    for (long j = 0; j < n; ++j) {
      fmpq* e = fmpq_mat_entry(s.m, i, j);
      fmpq_mul(t, e, e);
      fmpq_div_2exp(t, t, 1);
      fmpq_add(t, t, e);
      fmpq_one(e);
      fmpq_add(e, e, t);
      fmpq_add(total, total, e);
    }
    for (long j = 0; j < n; ++j) fmpq_div(fmpq_mat_entry(s.m, i, j), fmpq_mat_entry(s.m, i, j), total);
  }
  fmpq_clear(t);
  fmpq_clear(total);
  fmpq_mat_mul(z, s.m, v.m);
}

}  // namespace

flint_case draw_flint_case(long n, long d, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<long> num(-9, 9), den(1, 9);
  flint_case c;
  c.n = n;
  c.d = d;
  auto fill = [&](std::vector<long>& v, long r, long cols) {
    for (long i = 0; i < r * cols; ++i) {
      v.push_back(num(rng));
      v.push_back(den(rng));
    }
  };
  fill(c.x, n, d);
  fill(c.wq, d, d);
  fill(c.wk, d, d);
  fill(c.wv, d, d);
  c.perm.resize(static_cast<std::size_t>(n));
  std::iota(c.perm.begin(), c.perm.end(), 0L);
  std::shuffle(c.perm.begin(), c.perm.end(), rng);
  return c;
}

bool flint_equivariance_check(const flint_case& c) {
  const long n = c.n, d = c.d;
  mat x(n, d), px(n, d), wq(d, d), wk(d, d), wv(d, d), z(n, d), pz(n, d);
  load(x.m, c.x, n, d);
  load(wq.m, c.wq, d, d);
  load(wk.m, c.wk, d, d);
  load(wv.m, c.wv, d, d);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < d; ++j)
      fmpq_set(fmpq_mat_entry(px.m, i, j), fmpq_mat_entry(x.m, c.perm[static_cast<std::size_t>(i)], j));
  attention(z.m, x.m, wq.m, wk.m, wv.m);
  attention(pz.m, px.m, wq.m, wk.m, wv.m);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < d; ++j)
      if (!fmpq_equal(fmpq_mat_entry(pz.m, i, j), fmpq_mat_entry(z.m, c.perm[static_cast<std::size_t>(i)], j)))
        return false;
  return true;
}

}  // namespace orderblind::bench
