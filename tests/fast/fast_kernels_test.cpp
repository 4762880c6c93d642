// SPDX-License-Identifier: MIT
// Differential tests of the fast kernels (lib/orderblind/fast/): same inputs, `==` results against
// the generic loops (mpq_rational), Boost's cpp_rational (no fast path at all), and the definitions;
// and mutants of the fast kernels that these comparisons must catch.
#include <catch2/catch.hpp>

#include <random>

#include "orderblind/orderblind.hpp"

using namespace orderblind;
using Q = mpq_rational;

namespace {

/// Entries p/q with |p| < 2^num_bits and 1 ≤ q < 2^den_bits (num_bits ≤ 62, den_bits ≤ 62 draw
/// machine words; wider ones are built by multiplying words, so they reach the generic fallbacks).
Q random_rational(std::mt19937_64& rng, int num_bits, int den_bits) {
  auto draw = [&rng](int bits) {
    Q v(0);
    for (int left = bits; left > 0; left -= 60) {
      const int b = std::min(left, 60);
      v = v * Q(std::uint64_t{1} << b) + Q(rng() >> (64 - b));
    }
    return v;
  };
  Q p = draw(num_bits);
  if (rng() & 1) p = -p;
  Q q = draw(den_bits) + Q(1);
  return p / q;
}

Matrix<Q> random_matrix(std::mt19937_64& rng, long r, long c, int num_bits, int den_bits) {
  Matrix<Q> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = random_rational(rng, num_bits, den_bits);
  return m;
}

/// The workload's entries: p/q, p uniform in [−9, 9], q uniform in [1, 9].
Matrix<Q> workload_matrix(std::mt19937_64& rng, long r, long c) {
  std::uniform_int_distribution<int> num(-9, 9), den(1, 9);
  Matrix<Q> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = Q(num(rng)) / Q(den(rng));
  return m;
}

Matrix<cpp_rational> to_cpp(const Matrix<Q>& m) {
  Matrix<cpp_rational> out(m.rows(), m.cols());
  for (long i = 0; i < m.rows(); ++i)
    for (long j = 0; j < m.cols(); ++j) out(i, j) = cpp_rational(m(i, j).str());
  return out;
}
Matrix<Q> from_cpp(const Matrix<cpp_rational>& m) {
  Matrix<Q> out(m.rows(), m.cols());
  for (long i = 0; i < m.rows(); ++i)
    for (long j = 0; j < m.cols(); ++j) out(i, j) = Q(m(i, j).str());
  return out;
}

/// Widths of the random cases: workload-like, at the 64/128-bit boundaries, and past them.
struct width {
  int num, den;
};
const width widths[] = {{4, 3}, {10, 4}, {40, 2}, {61, 1}, {62, 62}, {90, 70}};

/// The generic mpq path of one head: the definitional loops, no fast kernel anywhere.
Matrix<Q> reference_head(const Matrix<Q>& y, const Matrix<Q>& c, const head_weights<Q>& w,
                         const attention_options<Q>& opt) {
  const Matrix<cpp_rational> cy = to_cpp(y), cc = to_cpp(c);
  const head_weights<cpp_rational> cw{to_cpp(w.wq), to_cpp(w.wk), to_cpp(w.wv)};
  attention_options<cpp_rational> copt;
  if (opt.scale) copt.scale = cpp_rational(opt.scale->str());
  copt.mask = opt.mask;
  return from_cpp(cross_attention<cpp_rational, rational_kernel>(cy, cc, cw, copt));
}

}  // namespace

TEST_CASE("fast mpq products equal the generic loops, entry for entry", "[fast][rational]") {
  std::mt19937_64 rng(7);
  long fast_taken = 0, cases = 0;
  for (const auto& wd : widths)
    for (int rep = 0; rep < 12; ++rep) {
      const long n = 1 + static_cast<long>(rng() % 9), k = 1 + static_cast<long>(rng() % 17),
                 m = 1 + static_cast<long>(rng() % 9);
      const Matrix<Q> a = random_matrix(rng, n, k, wd.num, wd.den), b = random_matrix(rng, k, m, wd.num, wd.den);
      const Matrix<Q> bt = b.transpose();
      INFO("widths " << wd.num << "/" << wd.den << ", shapes " << n << "x" << k << "x" << m);
      CHECK(exactly_equal(multiply(a, b), generic_product_kernels<Q>::multiply(a, b)));
      CHECK(exactly_equal(multiply_transposed(a, bt), generic_product_kernels<Q>::multiply_transposed(a, bt)));
      CHECK(exactly_equal(multiply(a, b), from_cpp(generic_product_kernels<cpp_rational>::multiply(to_cpp(a), to_cpp(b)))));
      Matrix<Q> out;
      fast_taken += fast::try_multiply(a, b, false, out) ? 1 : 0;
      ++cases;
    }
  // Both paths ran: the fixed-width one on the narrow widths, the generic fallback on the wide ones.
  CHECK(fast_taken > cases / 3);
  CHECK(fast_taken < cases);
}

TEST_CASE("fast rational-kernel weights equal phi(s_j) / sum_k phi(s_k)", "[fast][rational]") {
  std::mt19937_64 rng(11);
  for (const auto& wd : widths)
    for (int rep = 0; rep < 20; ++rep) {
      const long n = 1 + static_cast<long>(rng() % 20);
      std::vector<Q> s;
      for (long j = 0; j < n; ++j) s.push_back(random_rational(rng, wd.num, wd.den));
      std::vector<Q> expect;
      Q total(0);
      for (const auto& x : s) {
        expect.push_back(Q(1) + x + x * x / Q(2));
        total += expect.back();
      }
      for (auto& x : expect) x /= total;
      INFO("widths " << wd.num << "/" << wd.den << ", n " << n);
      CHECK(rational_kernel::weights<Q>(s, summation::in_order) == expect);
      CHECK(rational_kernel::weights<Q>(s, summation::sorted) == expect);
    }
}

TEST_CASE("fast attention heads equal the generic path in cpp_rational", "[fast][rational]") {
  std::mt19937_64 rng(13);
  long fast_taken = 0, cases = 0;
  for (int rep = 0; rep < 60; ++rep) {
    const width wd = rep < 40 ? width{4, 3} : widths[rep % 6];
    const long nq = 1 + static_cast<long>(rng() % 7), nk = 1 + static_cast<long>(rng() % 7),
               d = 1 + static_cast<long>(rng() % 6), dv = 1 + static_cast<long>(rng() % 5);
    const Matrix<Q> y = random_matrix(rng, nq, d, wd.num, wd.den);
    const Matrix<Q> c = rep % 3 == 0 ? y : random_matrix(rng, nk, d, wd.num, wd.den);
    const head_weights<Q> w{random_matrix(rng, d, d, wd.num, wd.den), random_matrix(rng, d, d, wd.num, wd.den),
                            random_matrix(rng, d, dv, wd.num, wd.den)};
    attention_options<Q> opt;
    const Q scales[] = {Q(1), Q(1) / Q(4), Q(-3) / Q(7), Q(5)};
    opt.scale = scales[rep % 4];
    if (rep % 5 == 1 && c.rows() == y.rows()) opt.mask = mask::causal();
    if (rep % 5 == 2) {
      std::vector<bool> valid(static_cast<std::size_t>(c.rows()), true);
      valid.back() = c.rows() == 1;
      opt.mask = mask::padding(valid);
    }
    INFO("case " << rep << ": " << y.rows() << " queries, " << c.rows() << " keys, d " << d << ", mask "
                 << opt.mask.describe() << ", scale " << opt.scale->str());
    const Matrix<Q> expect = reference_head(y, c, w, opt);
    const Matrix<Q> got = rep % 3 == 0 ? self_attention<Q, rational_kernel>(y, w, opt)
                                       : cross_attention<Q, rational_kernel>(y, c, w, opt);
    CHECK(exactly_equal(got, expect));
    CHECK(exactly_equal(got, (rep % 3 == 0 ? self_attention_trace<Q, rational_kernel>(y, w, opt)
                                           : cross_attention_trace<Q, rational_kernel>(y, c, w, opt))
                                 .z));
    fast_taken += fast::try_rational_head(y, c, w, *opt.scale, opt.mask).has_value() ? 1 : 0;
    ++cases;
  }
  CHECK(fast_taken > cases / 2);
  CHECK(fast_taken < cases);
}

TEST_CASE("the fast head takes the fixed-width path on the benchmark's workload up to n = d = 64",
          "[fast][rational]") {
  std::mt19937_64 rng(17);
  for (long n : {4L, 16L, 64L}) {
    const Matrix<Q> x = workload_matrix(rng, n, n);
    const head_weights<Q> w{workload_matrix(rng, n, n), workload_matrix(rng, n, n), workload_matrix(rng, n, n)};
    const auto z = fast::try_rational_head(x, x, w, Q(1), mask::none());
    INFO("n = d = " << n);
    REQUIRE(z.has_value());
    if (n <= 16) {
      attention_options<Q> opt;
      opt.scale = Q(1);
      CHECK(exactly_equal(*z, reference_head(x, x, w, opt)));
    }
  }
}

TEST_CASE("the fast head raises the generic path's errors", "[fast][rational][errors]") {
  const Matrix<Q> x = from_rows<Q, int>({{1, 2, 3}, {0, 1, -1}});
  const head_weights<Q> w{x.transpose() * Q(1), x.transpose() * Q(1), x.transpose() * Q(1)};
  const head_weights<Q> sq{from_rows<Q, int>({{1, 0}, {0, 1}, {1, 1}}), from_rows<Q, int>({{1, 0}, {0, 1}, {1, 1}}),
                           from_rows<Q, int>({{1, 0}, {0, 1}, {1, 1}})};
  CHECK_THROWS_AS((self_attention<Q, rational_kernel>(x, sq)), unsupported_operation_error);  // 1/sqrt(2)
  attention_options<Q> opt;
  opt.scale = Q(1);
  opt.mask = mask::padding({false, false});
  CHECK_THROWS_AS((self_attention<Q, rational_kernel>(x, sq, opt)), configuration_error);
  opt.mask = mask::padding({true});
  CHECK_THROWS_AS((self_attention<Q, rational_kernel>(x, sq, opt)), shape_error);
  const head_weights<Q> bad{from_rows<Q, int>({{1, 0}, {0, 1}}), sq.wk, sq.wv};
  CHECK_THROWS_AS((self_attention<Q, rational_kernel>(x, bad, opt)), shape_error);
  CHECK_THROWS_AS((self_attention<Q, rational_kernel>(Matrix<Q>(0, 3), sq, opt)), empty_input_error);
  (void)w;
}

TEST_CASE("the differential tests catch mutants of the fast kernels", "[fast][rational][mutant]") {
  std::mt19937_64 rng(19);
  // A product kernel with one wrong entry.
  {
    const Matrix<Q> a = workload_matrix(rng, 3, 4), b = workload_matrix(rng, 4, 2);
    Matrix<Q> out;
    REQUIRE(fast::try_multiply(a, b, false, out, fast::fault::wrong_entry));
    CHECK_FALSE(exactly_equal(out, generic_product_kernels<Q>::multiply(a, b)));
  }
  // A product kernel without its width checks: the 128-bit sums wrap.
  {
    // 64 terms of (2^61 − 1)² sum to about 2^128: past the 125 bits the width check allows.
    const Q big((std::uint64_t{1} << 61) - 1);
    const Matrix<Q> a = Matrix<Q>::Constant(2, 64, big), b = Matrix<Q>::Constant(64, 3, big);
    Matrix<Q> out;
    REQUIRE(fast::try_multiply(a, b, false, out, fast::fault::unchecked_words));
    CHECK_FALSE(exactly_equal(out, generic_product_kernels<Q>::multiply(a, b)));
    CHECK(exactly_equal(multiply(a, b), generic_product_kernels<Q>::multiply(a, b)));  // the real one falls back
  }
  // Weights with one wrong numerator.
  {
    std::vector<Q> s{Q(1) / Q(3), Q(-2), Q(5) / Q(7)}, w;
    REQUIRE(fast::try_rational_weights(s, w, fast::fault::wrong_entry));
    std::vector<Q> expect;
    Q total(0);
    for (const auto& x : s) {
      expect.push_back(Q(1) + x + x * x / Q(2));
      total += expect.back();
    }
    for (auto& x : expect) x /= total;
    CHECK(w != expect);
  }
  // Heads with one wrong output entry, and with the scores' lcm multipliers forgotten.
  for (auto f : {fast::fault::wrong_entry, fast::fault::forget_multiplier}) {
    const Matrix<Q> x = workload_matrix(rng, 5, 4);
    const head_weights<Q> w{workload_matrix(rng, 4, 4), workload_matrix(rng, 4, 4), workload_matrix(rng, 4, 4)};
    attention_options<Q> opt;
    opt.scale = Q(1);
    const auto z = fast::try_rational_head(x, x, w, Q(1), opt.mask, f);
    REQUIRE(z.has_value());
    CHECK_FALSE(exactly_equal(*z, reference_head(x, x, w, opt)));
  }
}

TEST_CASE("fast double and mpfr100 products are bitwise the generic loops", "[fast][real]") {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int rep = 0; rep < 30; ++rep) {
    const long n = 1 + static_cast<long>(rng() % 19), k = 1 + static_cast<long>(rng() % 19),
               m = 1 + static_cast<long>(rng() % 19);
    Matrix<double> a(n, k), b(k, m);
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < k; ++j) a(i, j) = u(rng);
    for (long i = 0; i < k; ++i)
      for (long j = 0; j < m; ++j) b(i, j) = u(rng);
    const Matrix<double> bt = b.transpose();
    CHECK(exactly_equal(multiply(a, b), generic_product_kernels<double>::multiply(a, b)));
    CHECK(exactly_equal(multiply_transposed(a, bt), generic_product_kernels<double>::multiply_transposed(a, bt)));
    if (rep < 8) {
      const Matrix<mpfr100> ma = cast_matrix<mpfr100>(a), mb = cast_matrix<mpfr100>(b);
      const Matrix<mpfr100> thirds = ma / mpfr100(3);  // entries with all 333 bits in use
      CHECK(exactly_equal(multiply(thirds, mb), generic_product_kernels<mpfr100>::multiply(thirds, mb)));
      const Matrix<mpfr100> mbt = mb.transpose();
      CHECK(exactly_equal(multiply_transposed(thirds, mbt), generic_product_kernels<mpfr100>::multiply_transposed(thirds, mbt)));
    }
  }
  // Mutant: a double kernel that sums in another order is caught by the bitwise comparison.
  Matrix<double> a(1, 3), b(3, 1);
  a << 1e16, 1.0, -1e16;
  b << 1.0, 1.0, 1.0;
  Matrix<double> reordered(1, 1);
  reordered(0, 0) = (a(0, 0) * b(0, 0) + a(0, 2) * b(2, 0)) + a(0, 1) * b(1, 0);
  CHECK_FALSE(exactly_equal(reordered, generic_product_kernels<double>::multiply(a, b)));
  CHECK(exactly_equal(multiply(a, b), generic_product_kernels<double>::multiply(a, b)));
}
