// SPDX-License-Identifier: MIT
// The catalogue's remaining claims, exactly over the rationals: the two RoPE layouts are one fixed
// permutation of dimensions apart; ALiBi's key-index-only shortcut differs from the true bias by a
// per-row constant under a causal mask only; the sinusoid's scores are relative with M = I but not with
// a general M.
#include <catch2/catch.hpp>

#include "orderblind/pe/schemes.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using Q = mpq_rational;

TEST_CASE("interleaved and half-split RoPE are one fixed permutation of dimensions apart", "[pe][claims]") {
  const long d = 8;
  const auto a = angle_table<Q>::pythagorean(d);
  const rope_scheme<Q> inter{"i", d, d, rotary_layout::interleaved, a};
  const rope_scheme<Q> half{"h", d, d, rotary_layout::half_split, a};
  // σ sends interleaved dim 2i ↦ half-split dim i and 2i+1 ↦ i + d/2.
  auto to_half = [&](const vec<Q>& x) {
    vec<Q> y(x.size());
    for (long i = 0; i < d / 2; ++i) {
      y[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(2 * i)];
      y[static_cast<std::size_t>(i + d / 2)] = x[static_cast<std::size_t>(2 * i + 1)];
    }
    return y;
  };
  long cases = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (long p = -5; p <= 20; ++p) {
      const auto x = content_vector<Q>(d, seed);
      CHECK(to_half(inter.query(x, p)) == half.query(to_half(x), p));
      ++cases;
    }
  CHECK(cases == 104);
}

TEST_CASE("ALiBi's key-index shortcut m_h·n equals the true bias up to a per-row constant under a causal mask only",
          "[pe][claims]") {
  const alibi_scheme<Q> alibi{};
  const vec<Q> none;
  const Q slope = alibi.slope();
  for (long m = 0; m < 12; ++m) {
    // Causal (n ≤ m): shortcut − true = m_h·n + m_h(m − n) = m_h·m, the same for every key of row m.
    for (long n = 0; n <= m; ++n) CHECK(Q(slope * Q(n)) - alibi.bias(none, none, m, n) == Q(slope * Q(m)));
  }
  // Without the mask (n > m) the difference depends on n: m_h·n + m_h(n − m) = m_h(2n − m).
  const long m = 3;
  CHECK(Q(slope * Q(5)) - alibi.bias(none, none, m, 5) != Q(slope * Q(6)) - alibi.bias(none, none, m, 6));
}

TEST_CASE("sinusoid: p_m·p_n depends on m − n only (M = I), a general M breaks that", "[pe][claims]") {
  const sinusoidal_scheme<Q> s{4, sinusoid_layout::paper, angle_table<Q>::pythagorean(4)};
  auto form = [&](const std::vector<std::vector<Q>>& mm, long a, long b) {
    const auto pa = s.encode(a, 64), pb = s.encode(b, 64);
    Q sum(0);
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 4; ++j) sum += pa[i] * mm[i][j] * pb[j];
    return sum;
  };
  const std::vector<std::vector<Q>> id = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  const std::vector<std::vector<Q>> general = {{1, 2, 0, 0}, {0, 1, 0, 3}, {1, 0, 1, 0}, {0, 0, 2, 1}};
  for (long m = 0; m < 6; ++m)
    for (long n = 0; n < 6; ++n) CHECK(form(id, m, n) == form(id, m + 1, n + 1));
  CHECK(form(general, 0, 1) != form(general, 1, 2));
}
