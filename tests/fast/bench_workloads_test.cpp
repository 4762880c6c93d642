// SPDX-License-Identifier: MIT
// The workloads of `orderblind bench`: bad usage is refused with a message, each workload's check
// holds on real attention, and the check fails for an attention that reads row positions (mutant).
#include <catch2/catch.hpp>

#include <limits>

#include "bench_workloads.hpp"

using namespace orderblind;
namespace b = orderblind::bench;

TEST_CASE("bench refuses bad usage with a message", "[bench][errors]") {
  b::options o;
  o.workload = "quaternion";
  CHECK_THROWS_WITH(b::validate(o), Catch::Contains("unknown workload"));
  o = {};
  o.n = 0;
  CHECK_THROWS_AS(b::validate(o), std::invalid_argument);
  o = {};
  o.d = -3;
  CHECK_THROWS_AS(b::validate(o), std::invalid_argument);
  o = {};
  o.d = 16;
  o.heads = 3;
  CHECK_THROWS_WITH(b::validate(o), Catch::Contains("does not divide"));
  o = {};
  o.n = 256;
  o.d = 256;
  CHECK_THROWS_WITH(b::validate(o), Catch::Contains("--allow-large"));
  o.allow_large = true;
  CHECK_NOTHROW(b::validate(o));
  o.n = 1L << 40;
  CHECK_THROWS_AS(b::validate(o), std::invalid_argument);
  o = {};
  o.workload = "double";
  o.n = 256;
  o.d = 256;
  CHECK_NOTHROW(b::validate(o));  // the floating workloads have no exact-size limit
  o = {};
  o.seconds = -1;
  CHECK_THROWS_AS(b::validate(o), std::invalid_argument);
  if (!b::expfield_available()) {
    o = {};
    o.workload = "expfield";
    CHECK_THROWS_WITH(b::validate(o), Catch::Contains("not available in this build"));
  }
}

namespace {
/// A field of a report by key (null if absent).
const verify::value& field(const verify::report& r, const std::string& key) {
  static const verify::value none;
  for (const auto& f : r.body)
    if (f.key == key) return f.val;
  return none;
}
}  // namespace

TEST_CASE("every workload's equivariance check holds on attention", "[bench]") {
  for (const char* w : {"rational", "mp100", "double", "expfield"})
    for (long heads : {1L, 2L}) {
      b::options o;
      o.workload = w;
      o.n = 5;
      o.d = 4;
      o.heads = heads;
      o.seconds = 0;  // one check
      const auto r = b::run(o);
      INFO(w << ", heads " << heads);
      const auto checks = verify::top_checks(r);
      REQUIRE(checks.size() == 1);
      CHECK(checks[0].cases >= 1);
      CHECK(checks[0].outcome == verify::verdict::held);
      CHECK(checks[0].seed == o.seed);
      CHECK(verify::all_held(r));
      CHECK(*field(r, "mean_seconds").as<double>() > 0);
    }
}

TEST_CASE("the equivariance check catches an attention that reads row positions", "[bench][mutant]") {
  using Q = mpq_rational;
  std::mt19937_64 rng(3);
  const Matrix<Q> x = from_rows<Q, int>({{1, 2}, {3, -1}, {0, 2}, {1, 1}});
  const head_weights<Q> w{from_rows<Q, int>({{1, 0}, {0, 1}}), from_rows<Q, int>({{0, 1}, {1, 0}}),
                          from_rows<Q, int>({{1, 1}, {0, 1}})};
  attention_options<Q> opt;
  opt.scale = Q(1);
  const auto attn = [&](const std::vector<Matrix<Q>>& m) { return self_attention<Q, rational_kernel>(m[0], w, opt); };
  const auto positional = [&](const std::vector<Matrix<Q>>& m) {  // mutant: adds the row number to every output
    Matrix<Q> z = attn(m);
    for (long i = 0; i < z.rows(); ++i) z(i, 0) += Q(i);
    return z;
  };
  const auto same = [](const auto&, const auto&) { return verify::equality<Q>(); };
  const permutation p = b::random_permutation(4, rng);
  REQUIRE(p.apply_rows(x) != x);
  CHECK(verify::check_law<Q>(b::equivariance_law(), attn, {x}, p, same).held);
  CHECK_FALSE(verify::check_law<Q>(b::equivariance_law(), positional, {x}, p, same).held);
}

namespace {

/// An r×c matrix of entries uniform in [-1, 1), drawn from `rng`.
Matrix<double> uniform_matrix(long r, long c, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  Matrix<double> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = u(rng);
  return m;
}

}  // namespace

TEST_CASE("the double check takes max|V| from the head and fails past the bound", "[bench][double]") {
  std::mt19937_64 rng(7);
  const auto mat = [&](long r, long c) { return uniform_matrix(r, c, rng); };
  long tight_failures = 0;
  for (int rep = 0; rep < 40; ++rep) {
    const Matrix<double> x = mat(16, 16);
    const head_weights<double> w{mat(16, 16), mat(16, 16), mat(16, 16)};
    double magnitude = -1;
    const Matrix<double> z = b::self_attention_with_value_magnitude(x, w, magnitude);
    CHECK(exactly_equal(z, self_attention<double, softmax_kernel>(x, w)));
    CHECK(magnitude == max_abs(multiply(x, w.wv)));
    const permutation p = b::random_permutation(16, rng);
    CHECK(b::double_head_equivariance_holds(x, w, p, attention_reorder_bound_eps(16)));
    // With no tolerance at all the reordered sums over the sequence axis show: the comparison is live.
    tight_failures += !b::double_head_equivariance_holds(x, w, p, 0.0);
  }
  CHECK(tight_failures > 0);
}

TEST_CASE("random permutations are bijections and vary", "[bench]") {
  std::mt19937_64 rng(5);
  const auto p = b::random_permutation(6, rng), q = b::random_permutation(6, rng);
  CHECK(p.size() == 6);
  const Matrix<double> id = Matrix<double>::Identity(6, 6);
  CHECK_FALSE(exactly_equal(p.apply_rows(id), q.apply_rows(id)));
}

TEST_CASE("the double check's verdict is the public path's, shape after shape", "[bench][double]") {
  // NOTE: the check keeps its matrices from call to call; shapes change here from one call to the next.
  std::mt19937_64 rng(11);
  const auto mat = [&](long r, long c) { return uniform_matrix(r, c, rng); };
  long held = 0, failed = 0;
  for (int rep = 0; rep < 60; ++rep) {
    const long n = 1 + static_cast<long>(rng() % 20), d = 1 + static_cast<long>(rng() % 20);
    const Matrix<double> x = mat(n, d);
    const head_weights<double> w{mat(d, d), mat(d, d), mat(d, d)};
    const permutation p = b::random_permutation(static_cast<std::size_t>(n), rng);
    const Matrix<double> left = self_attention<double, softmax_kernel>(p.apply_rows(x), w);
    const Matrix<double> right = p.apply_rows(self_attention<double, softmax_kernel>(x, w));
    const double magnitude = max_abs(multiply(x, w.wv));
    for (const double k : {0.0, 0.25, 1.0, 4.0, attention_reorder_bound_eps(n)}) {
      const bool want = agrees_relative_to(left, right, k, magnitude);
      INFO("rep " << rep << ": n=" << n << " d=" << d << " k=" << k);
      CHECK(b::double_head_equivariance_holds(x, w, p, k) == want);
      (want ? held : failed) += 1;
    }
  }
  CHECK(held > 0);
  CHECK(failed > 0);
  // Projections that overflow: the fused head declines and the public path names the entry.
  const Matrix<double> huge = Matrix<double>::Constant(5, 4, 1e308);
  const head_weights<double> ones{Matrix<double>::Ones(4, 4), Matrix<double>::Ones(4, 4), Matrix<double>::Ones(4, 4)};
  CHECK_THROWS_AS(b::double_head_equivariance_holds(huge, ones, b::random_permutation(5, rng), 68.0), non_finite_error);
  // A permutation of the wrong size: permutation::apply_rows's error.
  const Matrix<double> x = mat(4, 4);
  CHECK_THROWS(b::double_head_equivariance_holds(x, ones, b::random_permutation(3, rng), 68.0));
}

TEST_CASE("at real sizes the double checks run both sides side by side and give the one-thread verdict",
          "[bench][double]") {
  // NOTE: n² ≥ large_head_min_threaded_scores, so with 2 threads the two evaluations run side by side;
  // d is small so that the test stays fast. The verdicts are the public path's, at k = 0 (fails: the
  // sums over the sequence are reordered) and at the bound (holds).
  std::mt19937_64 rng(31);
  const auto mat = [&](long r, long c) { return uniform_matrix(r, c, rng); };
  const long n = 512, d = 8;
  REQUIRE(n * n >= fast::large_head_min_threaded_scores);
  const Matrix<double> x = mat(n, d);
  const head_weights<double> w{mat(d, d), mat(d, d), mat(d, d)};
  const permutation p = b::random_permutation(static_cast<std::size_t>(n), rng);
  const Matrix<double> left = self_attention<double, softmax_kernel>(p.apply_rows(x), w);
  const Matrix<double> right = p.apply_rows(self_attention<double, softmax_kernel>(x, w));
  const double magnitude = max_abs(multiply(x, w.wv));
  // Cross-attention: 300 decoder rows over 900 encoder rows, the encoder rows permuted.
  const Matrix<double> y = mat(300, d), c = mat(900, d);
  const permutation pc = b::random_permutation(900, rng);
  const Matrix<double> cross_left = cross_attention<double, softmax_kernel>(y, pc.apply_rows(c), w);
  const Matrix<double> cross_right = cross_attention<double, softmax_kernel>(y, c, w);
  const double cross_magnitude = max_abs(multiply(c, w.wv));
  for (const unsigned threads : {1u, 2u}) {
    fast::set_large_head_threads(threads);
    for (const double k : {0.0, attention_reorder_bound_eps(n), attention_reorder_bound_eps(900)}) {
      INFO(threads << " threads, k = " << k);
      CHECK(b::double_head_equivariance_holds(x, w, p, k) == agrees_relative_to(left, right, k, magnitude));
      CHECK(b::double_cross_invariance_holds(y, c, w, pc, k) ==
            agrees_relative_to(cross_left, cross_right, k, cross_magnitude));
    }
    CHECK(b::double_head_equivariance_holds(x, w, p, attention_reorder_bound_eps(n)));
    CHECK_FALSE(b::double_head_equivariance_holds(x, w, p, 0.0));
    CHECK(b::double_cross_invariance_holds(y, c, w, pc, attention_reorder_bound_eps(900)));
    CHECK_FALSE(b::double_cross_invariance_holds(y, c, w, pc, 0.0));
    // Errors as on one thread: a NaN in X (named by the validation), projections that overflow (the fused
    // head declines, the public path names the entry), a permutation of the wrong size.
    Matrix<double> bad = x;
    bad(7, 3) = std::numeric_limits<double>::quiet_NaN();
    CHECK_THROWS_AS(b::double_head_equivariance_holds(bad, w, p, 68.0), non_finite_error);
    CHECK_THROWS_AS(b::double_cross_invariance_holds(y, bad, w, b::random_permutation(n, rng), 68.0), non_finite_error);
    const Matrix<double> huge = Matrix<double>::Constant(n, d, 1e308);
    const head_weights<double> ones{Matrix<double>::Ones(d, d), Matrix<double>::Ones(d, d), Matrix<double>::Ones(d, d)};
    CHECK_THROWS_AS(b::double_head_equivariance_holds(huge, ones, p, 68.0), non_finite_error);
    CHECK_THROWS(b::double_head_equivariance_holds(x, w, b::random_permutation(n - 1, rng), 68.0));
    CHECK_THROWS(b::double_cross_invariance_holds(y, c, w, b::random_permutation(899, rng), 68.0));
  }
  fast::set_large_head_threads(0);
}
