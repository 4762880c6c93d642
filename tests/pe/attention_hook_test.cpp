// SPDX-License-Identifier: MIT
// The positional hook of attention (attention_options::positions): self_attention with a scheme
// attached against the same attention written out by hand in this file, exactly over the rationals
// (Pythagorean RoPE, ALiBi, T5 buckets, the counter) and within a stated bound in ε over double (RoPE,
// ALiBi, the sinusoid); PE breaks permutation equivariance, no scheme keeps it.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/pe/schemes.hpp"
#include "orderblind/permutation.hpp"

using namespace orderblind;
using Q = mpq_rational;

namespace {

/// A deterministic r × c matrix with entries k/den, |k| ≤ 2 (so |entry| ≤ 2/den).
template <Scalar T>
Matrix<T> grid(Eigen::Index r, Eigen::Index c, std::uint64_t seed, long den) {
  Matrix<T> m(r, c);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < c; ++j)
      m(i, j) = T(pe::small_int(seed, static_cast<std::uint64_t>(i * c + j), 2)) / T(den);
  return m;
}

template <Scalar T>
head_weights<T> weights(Eigen::Index d, std::uint64_t seed) {
  return {grid<T>(d, d, seed, 4), grid<T>(d, d, seed + 1, 4), grid<T>(d, d, seed + 2, 4)};
}

template <Scalar T>
using row_map = std::function<std::vector<T>(const std::vector<T>&, long)>;
template <Scalar T>
using bias_fn = std::function<T(long, long)>;

/// Attention written out by hand: Q = X W_Q, K = X W_K, V = X W_V (plain loops); q_m ← rq(q_m, m),
/// k_n ← rk(k_n, n); s(m, n) = scale·q_m·k_n + b(m, n); weights softmax (T with exp) or
/// φ(s) = 1 + s + s²/2 (exact T), normalised; Z = Σ_n w_mn v_n; `value_map` (a wrong convention, for the
/// mutants) maps v_n too.
template <Scalar T>
Matrix<T> by_hand(const Matrix<T>& x, const head_weights<T>& w, const T& scale, const row_map<T>& rq,
                  const row_map<T>& rk, const bias_fn<T>& b, const row_map<T>& value_map = nullptr) {
  const long n = static_cast<long>(x.rows()), d = static_cast<long>(x.cols());
  auto project = [&](const Matrix<T>& wm, long i) {
    std::vector<T> r(static_cast<std::size_t>(wm.cols()), T(0));
    for (long c = 0; c < wm.cols(); ++c)
      for (long j = 0; j < d; ++j) r[static_cast<std::size_t>(c)] += x(i, j) * wm(j, c);
    return r;
  };
  std::vector<std::vector<T>> q, k, v;
  for (long i = 0; i < n; ++i) {
    q.push_back(rq ? rq(project(w.wq, i), i) : project(w.wq, i));
    k.push_back(rk ? rk(project(w.wk, i), i) : project(w.wk, i));
    v.push_back(value_map ? value_map(project(w.wv, i), i) : project(w.wv, i));
  }
  Matrix<T> z(n, w.wv.cols());
  for (long m = 0; m < n; ++m) {
    std::vector<T> s;
    for (long j = 0; j < n; ++j) {
      T dot(0);
      for (std::size_t c = 0; c < q[0].size(); ++c) dot += q[static_cast<std::size_t>(m)][c] * k[static_cast<std::size_t>(j)][c];
      s.push_back(T(scale * dot + (b ? b(m, j) : T(0))));
    }
    std::vector<T> e;
    T total(0);
    for (const auto& sj : s) {
      if constexpr (scalar_traits<T>::has_exp) {
        using std::exp;
        e.push_back(T(exp(sj)));
      } else {
        e.push_back(T(T(1) + sj + sj * sj / T(2)));
      }
      total += e.back();
    }
    for (long c = 0; c < z.cols(); ++c) {
      T acc(0);
      for (long j = 0; j < n; ++j) acc += e[static_cast<std::size_t>(j)] / total * v[static_cast<std::size_t>(j)][static_cast<std::size_t>(c)];
      z(m, c) = acc;
    }
  }
  return z;
}

template <Scalar T>
attention_options<T> half_scale() {
  attention_options<T> o;
  o.scale = T(1) / T(2);
  return o;
}

// NOTE: the double bound. Inputs: |x| ≤ 1/2, |W| ≤ 1/2, d = 4, n = 4, |PE| ≤ 1, so every projected entry
// is ≤ 3 in magnitude and Σ_c |q_c k_c| ≤ 36. Library and hand code differ only in rounding: the order of
// the d-term dot products, exp(log) versus pow for θ_i (≤ 4 roundings, times m ≤ 3 in the angle), the
// max-shift of softmax. A score then differs by ≤ (d + 3)·ε·36 ≈ 252ε (rotations add 2 roundings per
// entry, inside the d + 3); a softmax weight's relative error is ≤ 2·252ε + (n + 3)ε ≈ 511ε; an output
// entry Σ_n w_n v_n adds (n + 1)ε: ≤ 516ε·max|V|. 1024ε·max(1, max|V|) leaves a factor 2 (the measured
// RoPE residual is 0.125ε). Each wrong convention below is refused by the same comparison, and
// attention without the scheme differs by more than 1e-3 (checked), ≫ 1024ε ≈ 2.3e-13.
constexpr double double_bound_eps = 1024.0;

template <Scalar T>
bool agree_to_bound(const Matrix<T>& a, const Matrix<T>& b, const Matrix<T>& v) {
  if constexpr (scalar_traits<T>::is_exact) {
    (void)v;
    return exactly_equal(a, b);
  } else {
    return agrees_relative_to(a, b, double_bound_eps, max_abs(v));
  }
}

template <Scalar T>
Matrix<T> values_of(const Matrix<T>& x, const head_weights<T>& w) {
  return Matrix<T>(x * w.wv);
}

/// Rotation of the interleaved pairs (2i, 2i+1) of r by (c_i, s_i) = cs(i).
template <Scalar T>
std::vector<T> rotate_pairs(std::vector<T> r, const std::function<std::pair<T, T>(long)>& cs) {
  for (long i = 0; 2 * i + 1 < static_cast<long>(r.size()); ++i) {
    const auto [c, s] = cs(i);
    const T a = r[static_cast<std::size_t>(2 * i)], b = r[static_cast<std::size_t>(2 * i + 1)];
    r[static_cast<std::size_t>(2 * i)] = T(c * a - s * b);
    r[static_cast<std::size_t>(2 * i + 1)] = T(s * a + c * b);
  }
  return r;
}

/// (cos mα_i, sin mα_i) for the Pythagorean unit rotations (4/5, 3/5), (12/13, 5/13), by repeated
/// multiplication (m ≥ 0).
std::pair<Q, Q> pythagorean_power(long i, long m) {
  const Q c0 = i == 0 ? Q(4) / Q(5) : Q(12) / Q(13), s0 = i == 0 ? Q(3) / Q(5) : Q(5) / Q(13);
  Q c(1), s(0);
  for (long e = 0; e < m; ++e) {
    const Q nc = c * c0 - s * s0;
    s = c * s0 + s * c0;
    c = nc;
  }
  return {c, s};
}

pe::rope_scheme<Q> exact_rope() {
  pe::rope_scheme<Q> s;
  s.d = 4;
  s.r = 4;
  s.angles = pe::angle_table<Q>::pythagorean(4);
  return s;
}

pe::rope_scheme<double> real_rope() {
  pe::rope_scheme<double> s;
  s.d = 4;
  s.r = 4;
  s.angles = pe::angle_table<double>::standard(4);
  return s;
}

std::pair<double, double> real_rope_angle(long i, long m) {
  const double theta = std::pow(10000.0, -2.0 * static_cast<double>(i) / 4.0);
  return {std::cos(static_cast<double>(m) * theta), std::sin(static_cast<double>(m) * theta)};
}

}  // namespace

TEST_CASE("self_attention with RoPE (exact Pythagorean rotations) equals rotating q_m and k_n by hand",
          "[pe][attention][rope][exact]") {
  const auto x = grid<Q>(4, 4, 1, 4);
  const auto w = weights<Q>(4, 10);
  auto opt = half_scale<Q>();
  opt.positions = exact_rope();
  const row_map<Q> rot = [](const std::vector<Q>& r, long m) {
    return rotate_pairs<Q>(r, [m](long i) { return pythagorean_power(i, m); });
  };
  const auto want = by_hand<Q>(x, w, Q(1) / Q(2), rot, rot, nullptr);
  CHECK(exactly_equal(self_attention(x, w, opt), want));
  CHECK(exactly_equal(self_attention_trace(x, w, opt).z, want));
  // Wrong conventions give other values: no rotation at all, rotating V as well, rotating keys by −n.
  CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, nullptr)));
  CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), rot, rot, nullptr, rot)));
  const row_map<Q> back = [](const std::vector<Q>& r, long n) {
    return rotate_pairs<Q>(r, [n](long i) {
      auto [c, s] = pythagorean_power(i, n);
      return std::pair<Q, Q>{c, Q(-s)};
    });
  };
  CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), rot, back, nullptr)));
}

TEST_CASE("self_attention with RoPE (θ_i = 10000^(−2i/d)) over double agrees with the hand computation within 1024ε",
          "[pe][attention][rope][double]") {
  const auto x = grid<double>(4, 4, 1, 4);
  const auto w = weights<double>(4, 10);
  auto opt = half_scale<double>();
  opt.positions = real_rope();
  const row_map<double> rot = [](const std::vector<double>& r, long m) {
    return rotate_pairs<double>(r, [m](long i) { return real_rope_angle(i, m); });
  };
  const auto got = self_attention(x, w, opt);
  const auto v = values_of(x, w);
  const auto want = by_hand<double>(x, w, 0.5, rot, rot, nullptr);
  INFO("residual " << residual_in_eps(got, want) << " ε of max(1, max|Z|); max|V| = " << max_abs(v));
  CHECK(agree_to_bound(got, want, v));
  // The comparison itself: a difference just under the bound passes, one just over fails.
  const double unit = double_bound_eps * std::numeric_limits<double>::epsilon() * max_abs(v);  // no floor (verify/bound.hpp)
  Matrix<double> under = want, over = want;
  under(1, 2) += 0.9 * unit;
  over(1, 2) += 1.1 * unit;
  CHECK(agree_to_bound(want, under, v));
  CHECK_FALSE(agree_to_bound(want, over, v));
  const auto unrotated = by_hand<double>(x, w, 0.5, nullptr, nullptr, nullptr);
  CHECK_FALSE(agree_to_bound(got, unrotated, v));
  CHECK(max_abs_difference(got, unrotated) > 1e-3);
  CHECK_FALSE(agree_to_bound(got, by_hand<double>(x, w, 0.5, rot, rot, nullptr, rot), v));
}

TEST_CASE("self_attention with ALiBi adds −m_h·|m − n| to the scaled score, exactly over the rationals",
          "[pe][attention][alibi][exact]") {
  const auto x = grid<Q>(4, 4, 3, 4);
  const auto w = weights<Q>(4, 20);
  for (long head : {0L, 1L}) {
    pe::alibi_scheme<Q> s;
    s.heads = 8;
    s.head = head;
    const Q slope = head == 0 ? Q(1) / Q(2) : Q(1) / Q(4);  // 2^(−8(h+1)/8)
    auto opt = half_scale<Q>();
    opt.positions = s;
    const bias_fn<Q> b = [slope](long m, long n) { return Q(-slope * Q(m > n ? m - n : n - m)); };
    CHECK(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, b)));
    // The bias is not scaled (ALiBi and T5 add it to the scaled logits): scaling it is another answer.
    const bias_fn<Q> scaled = [&](long m, long n) { return Q(b(m, n) / Q(2)); };
    CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, scaled)));
    // Without the absolute value (a known bug) is another answer too.
    const bias_fn<Q> signed_bias = [slope](long m, long n) { return Q(-slope * Q(m - n)); };
    CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, signed_bias)));
  }
}

TEST_CASE("self_attention with ALiBi over double agrees with the hand computation within 1024ε",
          "[pe][attention][alibi][double]") {
  const auto x = grid<double>(4, 4, 3, 4);
  const auto w = weights<double>(4, 20);
  auto opt = half_scale<double>();
  opt.positions = pe::alibi_scheme<double>{};
  const bias_fn<double> b = [](long m, long n) { return -0.5 * static_cast<double>(m > n ? m - n : n - m); };
  const auto got = self_attention(x, w, opt);
  CHECK(agree_to_bound(got, by_hand<double>(x, w, 0.5, nullptr, nullptr, b), values_of(x, w)));
  CHECK(max_abs_difference(got, by_hand<double>(x, w, 0.5, nullptr, nullptr, nullptr)) > 1e-3);
}

TEST_CASE("self_attention with T5 buckets adds B[bucket(n − m)] to the score, exactly", "[pe][attention][t5][exact]") {
  const auto x = grid<Q>(4, 4, 5, 4);
  const auto w = weights<Q>(4, 30);
  const pe::t5_scheme<Q> s;  // nb = 32, max_distance = 128, table seed 13
  auto opt = half_scale<Q>();
  opt.positions = s;
  // NOTE: for |n − m| < nb/4 = 8 the bidirectional bucket is exact: |n − m| below, 16 + |n − m| above.
  const bias_fn<Q> b = [](long m, long n) {
    const long rel = n - m;
    const long bucket = (rel > 0 ? 16 : 0) + (rel < 0 ? -rel : rel);
    return Q(pe::small_int(13, static_cast<std::uint64_t>(bucket), 4));
  };
  CHECK(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, b)));
  // Buckets by m − n (the sign convention reversed) is another answer.
  const bias_fn<Q> reversed = [&b](long m, long n) { return b(n, m); };
  CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), nullptr, nullptr, reversed)));
}

TEST_CASE("self_attention with the counter adds p·𝟙 to row p of X before the projections, exactly",
          "[pe][attention][counter][exact]") {
  const auto x = grid<Q>(4, 4, 7, 4);
  const auto w = weights<Q>(4, 40);
  auto opt = half_scale<Q>();
  opt.positions = pe::counter_scheme<Q>{};
  Matrix<Q> xp = x;
  for (Eigen::Index p = 0; p < 4; ++p)
    for (Eigen::Index j = 0; j < 4; ++j) xp(p, j) += Q(static_cast<long>(p));
  CHECK(exactly_equal(self_attention(x, w, opt), by_hand<Q>(xp, w, Q(1) / Q(2), nullptr, nullptr, nullptr)));
  // Adding the position after the projections (to Q, K, V) is another answer.
  const row_map<Q> after = [](std::vector<Q> r, long p) {
    for (auto& e : r) e += Q(p);
    return r;
  };
  CHECK_FALSE(exactly_equal(self_attention(x, w, opt), by_hand<Q>(x, w, Q(1) / Q(2), after, after, nullptr, after)));
}

TEST_CASE("self_attention with the sinusoid over double adds PE(p) to row p before the projections (within 1024ε)",
          "[pe][attention][sinusoid][double]") {
  const auto x = grid<double>(4, 4, 9, 4);
  const auto w = weights<double>(4, 50);
  pe::sinusoidal_scheme<double> s;
  s.d = 4;
  s.angles = pe::angle_table<double>::standard(4);
  auto opt = half_scale<double>();
  opt.positions = s;
  Matrix<double> xp = x;
  for (Eigen::Index p = 0; p < 4; ++p)
    for (Eigen::Index i = 0; i < 2; ++i) {
      const auto [c, sn] = real_rope_angle(i, static_cast<long>(p));
      xp(p, 2 * i) += sn;
      xp(p, 2 * i + 1) += c;
    }
  const auto got = self_attention(x, w, opt);
  CHECK(agree_to_bound(got, by_hand<double>(xp, w, 0.5, nullptr, nullptr, nullptr), values_of(xp, w)));
  CHECK(max_abs_difference(got, by_hand<double>(x, w, 0.5, nullptr, nullptr, nullptr)) > 1e-3);
}

TEST_CASE("a positional scheme breaks permutation equivariance, while no scheme keeps it (exact)", "[pe][attention][equivariance]") {
  const auto x = grid<Q>(4, 4, 11, 4);
  const auto w = weights<Q>(4, 60);
  const auto p = permutation::cycle(4, {0, 2, 1});
  auto plain = half_scale<Q>();
  CHECK(exactly_equal(self_attention(p.apply_rows(x), w, plain), p.apply_rows(self_attention(x, w, plain))));
  std::vector<std::pair<const char*, positional_hook<Q>>> schemes = {
      {"rope", exact_rope()}, {"alibi", pe::alibi_scheme<Q>{}}, {"t5", pe::t5_scheme<Q>{}}, {"counter", pe::counter_scheme<Q>{}}};
  for (const auto& [name, hook] : schemes) {
    INFO(name);
    auto opt = plain;
    opt.positions = hook;
    CHECK_FALSE(exactly_equal(self_attention(p.apply_rows(x), w, opt), p.apply_rows(self_attention(x, w, opt))));
  }
  // NoPE adds 0: equivariant, and equal to attention without a scheme.
  auto nope = plain;
  nope.positions = pe::nope<Q>{};
  CHECK(exactly_equal(self_attention(x, w, nope), self_attention(x, w, plain)));
  CHECK(exactly_equal(self_attention(p.apply_rows(x), w, nope), p.apply_rows(self_attention(x, w, nope))));
}

TEST_CASE("no scheme over double: the fast path still runs and stays equivariant within the reordering bound",
          "[pe][attention][equivariance][double]") {
  const auto x = grid<double>(5, 4, 13, 4);
  const auto w = weights<double>(4, 70);
  const auto p = permutation::cycle(5, {0, 3, 1});
  const auto opt = half_scale<double>();
  const auto v = values_of(x, w);
  CHECK(agrees_relative_to(self_attention(p.apply_rows(x), w, opt), p.apply_rows(self_attention(x, w, opt)),
                           attention_reorder_bound_eps(5), max_abs(v)));
  auto with = opt;
  with.positions = real_rope();
  CHECK(max_abs_difference(self_attention(p.apply_rows(x), w, with), p.apply_rows(self_attention(x, w, with))) > 1e-3);
}

namespace {
template <Scalar T>
struct nan_at_two {
  using scalar_type = T;
  static constexpr pe::pe_kind kind = pe::pe_kind::additive;
  std::string name() const { return "nan-at-two"; }
  std::string parameters() const { return "PE(2) = NaN"; }
  long dim() const { return 4; }
  std::vector<T> encode(long p, long) const {
    return std::vector<T>(4, p == 2 ? std::numeric_limits<T>::quiet_NaN() : T(0));
  }
};
}  // namespace

TEST_CASE("bad schemes and misuse are refused with an error naming the problem", "[pe][attention][errors]") {
  const auto x = grid<Q>(4, 4, 1, 4);
  const auto w = weights<Q>(4, 10);
  auto opt = half_scale<Q>();
  pe::rope_scheme<Q> wide = exact_rope();
  wide.d = 8;
  wide.r = 8;
  wide.angles = pe::angle_table<Q>::pythagorean(8);
  opt.positions = wide;
  CHECK_THROWS_WITH(self_attention(x, w, opt), Catch::Contains("acts on width 8 but Q has width 4"));
  CHECK_THROWS_AS(self_attention(x, w, opt), shape_error);
  opt.positions = pe::counter_scheme<Q>{};
  CHECK_THROWS_AS(attend_trace(x, x, x, opt), configuration_error);
  pe::learned_scheme<Q> table;
  table.rows = 2;
  opt.positions = table;
  CHECK_THROWS_AS(self_attention(x, w, opt), pe::undefined_position_error);
  auto dopt = half_scale<double>();
  dopt.positions = nan_at_two<double>{};
  CHECK_THROWS_WITH(self_attention(grid<double>(4, 4, 1, 4), weights<double>(4, 10), dopt), Catch::Contains("nan-at-two"));
  CHECK_THROWS_AS(self_attention(grid<double>(4, 4, 1, 4), weights<double>(4, 10), dopt), non_finite_error);
  // Two rows only: position 2 never asked, so no error.
  CHECK_NOTHROW(self_attention(grid<double>(2, 4, 1, 4), weights<double>(4, 10), dopt));
}

TEST_CASE("cross- and multi-head attention carry the scheme: one head of width d equals self_attention",
          "[pe][attention][multihead][exact]") {
  const auto x = grid<Q>(4, 4, 15, 4);
  const auto w = weights<Q>(4, 80);
  auto opt = half_scale<Q>();
  opt.positions = exact_rope();
  CHECK(exactly_equal(cross_attention(x, x, w, opt), self_attention(x, w, opt)));
  const multi_head_weights<Q> mw{w.wq, w.wk, w.wv, Matrix<Q>::Identity(4, 4), 1};
  CHECK(exactly_equal(multi_head_self_attention(x, mw, opt), self_attention(x, w, opt)));
  opt.positions = pe::counter_scheme<Q>{};
  CHECK(exactly_equal(multi_head_self_attention(x, mw, opt), self_attention(x, w, opt)));
}
