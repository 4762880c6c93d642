// SPDX-License-Identifier: MIT
// The fused double head (lib/orderblind/fast/heads/double_head.hpp) and the double products
// (fast/kernels/double_products.hpp: AVX-512F, AVX2+FMA, portable) against the generic path and a std::fma
// reference: bit for bit, masks, cross-attention, vector tails, declines, errors — and mutants of the
// head and of the products (an unfused one among them) that the comparison catches.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "orderblind/fast/kernels/double_compare.hpp"
#include "orderblind/fast/kernels/double_rows.hpp"
#include "orderblind/orderblind.hpp"

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

/// The definition of a double product: out(i, j) = fma(a_i,k−1, b_k−1,j, … fma(a_i0, b_0j, 0)), terms in k order.
Matrix<double> fma_reference(const Matrix<double>& a, const Matrix<double>& b) {
  Matrix<double> out(a.rows(), b.cols());
  for (long i = 0; i < a.rows(); ++i)
    for (long j = 0; j < b.cols(); ++j) {
      double s = 0.0;
      for (long k = 0; k < a.cols(); ++k) s = std::fma(a(i, k), b(k, j), s);
      out(i, j) = s;
    }
  return out;
}

/// A mutant kernel: the same order, but each product rounded before it is added (two roundings a term).
Matrix<double> unfused_product(const Matrix<double>& a, const Matrix<double>& b) {
  Matrix<double> out(a.rows(), b.cols());
  for (long i = 0; i < a.rows(); ++i)
    for (long j = 0; j < b.cols(); ++j) {
      double s = 0.0;
      for (long k = 0; k < a.cols(); ++k) {
        volatile double p = a(i, k) * b(k, j);  // volatile: the compiler cannot contract it into an fma
        s += p;
      }
      out(i, j) = s;
    }
  return out;
}

constexpr fast::double_product_isa all_isas[] = {fast::double_product_isa::portable, fast::double_product_isa::avx2_fma,
                                                 fast::double_product_isa::avx512f};

std::vector<bool> random_padding(std::mt19937_64& rng, long n) {
  std::vector<bool> valid(static_cast<std::size_t>(n));
  for (auto&& v : valid) v = rng() % 3 != 0;
  valid[rng() % valid.size()] = true;  // at least one key stays visible
  return valid;
}

}  // namespace

TEST_CASE("the fused double head is bit for bit the generic path", "[fast][double]") {
  std::mt19937_64 rng(41);
  int masked = 0, cross = 0;
  for (int rep = 0; rep < 200; ++rep) {
    // NOTE: sizes 1..19 reach every vector tail of the products (blocks of 16, vectors of 4, single
    // rows) and of the two-lane scale and divide loops.
    const long n = 1 + static_cast<long>(rng() % 19), nk = rep % 2 ? n : 1 + static_cast<long>(rng() % 19);
    const long d = 1 + static_cast<long>(rng() % 19), dk = 1 + static_cast<long>(rng() % 9),
               dv = 1 + static_cast<long>(rng() % 9);
    const double spread = rep % 5 == 0 ? 8.0 : 1.0;  // some rows with large scores
    const Matrix<double> y = uniform(rng, n, d, -spread, spread);
    const Matrix<double> c = n == nk && rep % 4 == 1 ? y : uniform(rng, nk, d, -spread, spread);
    const head_weights<double> w{uniform(rng, d, dk), uniform(rng, d, dk), uniform(rng, d, dv)};
    attention_options<double> opt;
    if (rep % 3 == 0) opt.scale = 0.37;
    if (rep % 7 == 2 && n == nk) opt.mask = mask::causal();
    if (rep % 7 == 4) opt.mask = mask::padding(random_padding(rng, nk));
    if (rep % 7 == 5 && n == nk) opt.mask = mask::causal().with_padding(std::vector<bool>(static_cast<std::size_t>(nk), true));
    masked += opt.mask.is_causal() || opt.mask.has_padding();
    cross += n != nk;
    const auto fast = fast::softmax_head_double(y, c, w, opt);
    REQUIRE(fast.has_value());
    const Matrix<double> generic = generic_head(y, c, w, opt);
    INFO("rep " << rep << ": n=" << n << " nk=" << nk << " d=" << d << " d_k=" << dk << " mask " << opt.mask.describe());
    CHECK(exactly_equal(*fast, generic));
    // The public entry points take the fused head.
    CHECK(exactly_equal(cross_attention<double, softmax_kernel>(y, c, w, opt), generic));
    if (n == nk)
        CHECK(exactly_equal(self_attention<double, softmax_kernel>(y, w, opt),
                          self_attention_trace<double, softmax_kernel>(y, w, opt).z));
  }
  CHECK(masked >= 30);
  CHECK(cross >= 50);
}

TEST_CASE("the fused double head declines sorted sums and keeps the generic errors", "[fast][double][errors]") {
  std::mt19937_64 rng(43);
  const Matrix<double> x = uniform(rng, 5, 4);
  head_weights<double> w{uniform(rng, 4, 4), uniform(rng, 4, 4), uniform(rng, 4, 4)};
  attention_options<double> sorted;
  sorted.sum = summation::sorted;
  CHECK_FALSE(fast::softmax_head_double(x, x, w, sorted).has_value());
  CHECK(exactly_equal(self_attention<double, softmax_kernel>(x, w, sorted),
                      self_attention_trace<double, softmax_kernel>(x, w, sorted).z));

  // Projections that overflow: declined, and the generic path names the entry.
  const Matrix<double> huge = Matrix<double>::Constant(5, 4, 1e308);  // four terms of up to 1e308 each overflow
  const head_weights<double> ones{Matrix<double>::Ones(4, 4), Matrix<double>::Ones(4, 4), Matrix<double>::Ones(4, 4)};
  CHECK_FALSE(fast::softmax_head_double(huge, huge, ones, attention_options<double>{}).has_value());
  w.wq(0, 0) = 1e300;
  w.wq(1, 0) = 1e300;
  const Matrix<double> big = Matrix<double>::Constant(5, 4, 1e10);
  const auto attend = [&](const Matrix<double>& m, const attention_options<double>& o) {
    return self_attention<double, softmax_kernel>(m, w, o);
  };
  CHECK_THROWS_AS(attend(big, {}), non_finite_error);
  CHECK_THROWS_WITH(attend(big, {}), Catch::Contains("Q(0,0)"));

  // A mask that does not fit, and one that hides every key from a row: the generic messages.
  attention_options<double> bad;
  bad.mask = mask::padding({true, false});
  w.wq = uniform(rng, 4, 4);
  CHECK_THROWS_WITH(attend(x, bad), Catch::Contains("padding mask has 2 entries"));
  bad.mask = mask::padding(std::vector<bool>(5, false));
  CHECK_THROWS_WITH(attend(x, bad), Catch::Contains("hides every key"));
}

TEST_CASE("double softmax heads stay finite for scores up to 1e300 and equal rows", "[fast][double][edge]") {
  // Scores of ±1e300 (after the scale) and rows of equal scores: max subtraction keeps every exp in
  // [0, 1], so the weights are finite, non-negative and sum to 1 within rounding.
  Matrix<double> x(3, 1);
  x << 1.0, -1.0, 0.5;
  const head_weights<double> w{Matrix<double>::Constant(1, 1, 1e150), Matrix<double>::Constant(1, 1, 1e150),
                               Matrix<double>::Identity(1, 1)};
  attention_options<double> opt;
  opt.scale = 1.0;
  const Matrix<double> z = self_attention<double, softmax_kernel>(x, w, opt);
  // Row 0: scores 1e300, -1e300, 5e299: all weight on key 0 (exp(-5e299) underflows to 0 exactly).
  CHECK(z(0, 0) == 1.0);
  // Row 1: scores -1e300, 1e300, -5e299: all weight on key 1.
  CHECK(z(1, 0) == -1.0);
  CHECK(exactly_equal(z, generic_head(x, x, w, opt)));
  const Matrix<double> same = Matrix<double>::Constant(4, 2, 0.25);
  const head_weights<double> v{Matrix<double>::Identity(2, 2), Matrix<double>::Identity(2, 2), Matrix<double>::Identity(2, 2)};
  const Matrix<double> equal = self_attention<double, softmax_kernel>(same, v);
  const Matrix<double> quarter = Matrix<double>::Constant(4, 2, 0.25);
  CHECK(exactly_equal(equal, quarter));  // four weights of exactly 1/4
}

TEST_CASE("every double product implementation is the std::fma reference bit for bit", "[fast][double]") {
  std::mt19937_64 rng(47);
  int ran = 0;
  for (int rep = 0; rep < 60; ++rep) {
    const long n = 1 + static_cast<long>(rng() % 37), k = 1 + static_cast<long>(rng() % 19),
               m = 1 + static_cast<long>(rng() % 19);
    const Matrix<double> a = uniform(rng, n, k), b = uniform(rng, k, m), bt = b.transpose();
    const Matrix<double> want = fma_reference(a, b);
    CHECK(exactly_equal(multiply(a, b), want));
    CHECK(exactly_equal(multiply_transposed(a, bt), want));
    CHECK(exactly_equal(generic_product_kernels<double>::multiply(a, b), want));
    CHECK(exactly_equal(generic_product_kernels<double>::multiply_transposed(a, bt), want));
    for (const auto isa : all_isas) {
      if (!fast::double_product_isa_available(isa)) continue;
      INFO("isa " << static_cast<int>(isa) << ", " << n << "x" << k << " by " << k << "x" << m);
      Matrix<double> out(n, m);
      fast::multiply_double_into_isa(isa, a.data(), n, k, b.data(), 1, k, m, out.data());
      CHECK(exactly_equal(out, want));
      fast::multiply_double_into_isa(isa, a.data(), n, k, bt.data(), m, 1, m, out.data());
      CHECK(exactly_equal(out, want));
      ++ran;
    }
  }
  CHECK(ran >= 60);  // the portable loops at least
}

TEST_CASE("the bitwise comparison catches an unfused double product", "[fast][double][mutant]") {
  // (1 + 2^-30)(1 − 2^-30) = 1 − 2^-60: fused with the running sum −1 it gives −2^-60 exactly; rounded
  // first it is 1, and 1 + (−1) = 0.
  Matrix<double> a(1, 2), b(2, 1);
  a << 1.0, 1.0 + 0x1p-30;
  b << -1.0, 1.0 - 0x1p-30;
  CHECK(fma_reference(a, b)(0, 0) == -0x1p-60);
  CHECK(unfused_product(a, b)(0, 0) == 0.0);
  CHECK(multiply(a, b)(0, 0) == -0x1p-60);
  CHECK(generic_product_kernels<double>::multiply(a, b)(0, 0) == -0x1p-60);
  CHECK_FALSE(exactly_equal(unfused_product(a, b), multiply(a, b)));
  for (const auto isa : all_isas) {
    if (!fast::double_product_isa_available(isa)) continue;
    double out = 1.0;
    fast::multiply_double_into_isa(isa, a.data(), 1, 2, b.data(), 1, 2, 1, &out);
    INFO("isa " << static_cast<int>(isa));
    CHECK(out == -0x1p-60);
  }
  // On the benchmark's shape the mutant differs in many entries, not only on a constructed case.
  std::mt19937_64 rng(61);
  const Matrix<double> x = uniform(rng, 16, 16), w = uniform(rng, 16, 16);
  const Matrix<double> fused = multiply(x, w), unfused = unfused_product(x, w);
  long differ = 0;
  for (long i = 0; i < 16; ++i)
    for (long j = 0; j < 16; ++j) differ += fused(i, j) != unfused(i, j);
  CHECK(differ > 0);
  CHECK(exactly_equal(fused, fma_reference(x, w)));
}

TEST_CASE("the bitwise comparison catches mutants of the fused double head", "[fast][double][mutant]") {
  std::mt19937_64 rng(53);
  for (auto f : {fast::double_head_fault::reciprocal_normaliser, fast::double_head_fault::unshifted_exponent}) {
    int caught = 0;
    for (int rep = 0; rep < 20; ++rep) {
      const Matrix<double> x = uniform(rng, 8, 8, -2, 2);
      const head_weights<double> w{uniform(rng, 8, 8), uniform(rng, 8, 8), uniform(rng, 8, 8)};
      const auto z = fast::softmax_head_double(x, x, w, attention_options<double>{}, f);
      REQUIRE(z.has_value());
      caught += !exactly_equal(*z, generic_head(x, x, w, {}));
    }
    INFO("fault " << static_cast<int>(f));
    CHECK(caught > 0);
    // Each softmax implementation carries the mutant too (16 rows: whole vectors of 2, 4 and 8 lanes).
    using fast::detail::softmax_isa;
    for (const auto isa : {softmax_isa::sse2, softmax_isa::avx2, softmax_isa::avx512f}) {
      if (!fast::detail::softmax_isa_available(isa)) continue;
      int caught_isa = 0;
      for (int rep = 0; rep < 20; ++rep) {
        const Matrix<double> x = uniform(rng, 16, 8, -2, 2);
        const head_weights<double> w{uniform(rng, 8, 8), uniform(rng, 8, 8), uniform(rng, 8, 8)};
        Matrix<double> z(16, 8);
        REQUIRE(fast::softmax_head_double_into(x.data(), 16, x.data(), 16, 8, w, attention_options<double>{},
                                               z.data(), f, nullptr, isa));
        caught_isa += !exactly_equal(z, generic_head(x, x, w, {}));
      }
      INFO("softmax isa " << static_cast<int>(isa));
      CHECK(caught_isa > 0);
    }
  }
}

TEST_CASE("the vectorised maxima of finite doubles are max_abs and max_abs_difference", "[fast][double]") {
  std::mt19937_64 rng(59);
  for (int rep = 0; rep < 60; ++rep) {
    // NOTE: 1..11 rows and columns reach the four-entry blocks and every tail length.
    const long r = 1 + static_cast<long>(rng() % 11), c = 1 + static_cast<long>(rng() % 11);
    Matrix<double> a = uniform(rng, r, c, -3, 3), b = uniform(rng, r, c, -3, 3);
    if (rep % 4 == 1) a(rng() % r, rng() % c) = -0.0;
    if (rep % 4 == 2) a.setConstant(-0.0);
    if (rep % 5 == 3) {  // a difference that overflows to infinity
      a(0, 0) = std::numeric_limits<double>::max();
      b(0, 0) = -std::numeric_limits<double>::max();
    }
    REQUIRE(fast::all_finite(a));
    REQUIRE(fast::all_finite(b));
    const double m = fast::max_abs_finite(a), want_m = max_abs(a);
    CHECK(std::memcmp(&m, &want_m, sizeof m) == 0);  // the same bits: never −0
    const double d = fast::max_abs_difference_finite(a, b), want_d = max_abs_difference(a, b);
    CHECK(std::memcmp(&d, &want_d, sizeof d) == 0);
  }
  // The largest magnitude is a negative entry: a maximum without the absolute value would give 4.
  const Matrix<double> neg = from_rows<double>({{-5.0, 1.0, 2.0, 3.0, 4.0}});
  CHECK(fast::max_abs_finite(neg) == 5.0);
}

TEST_CASE("require_finite over double still names the first non-finite entry", "[fast][double][errors]") {
  Matrix<double> m = Matrix<double>::Zero(3, 5);
  require_finite(m, "X");
  m(2, 1) = std::numeric_limits<double>::infinity();
  m(1, 3) = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_WITH(require_finite(m, "X"), Catch::Contains("X(1,3)"));
  CHECK_FALSE(fast::all_finite(m));
}

TEST_CASE("every softmax implementation of the fused double head is the generic path bit for bit",
          "[fast][double]") {
  using fast::detail::softmax_isa;
  std::mt19937_64 rng(67);
  int ran = 0;
  for (int rep = 0; rep < 120; ++rep) {
    // NOTE: 1..40 query rows reach every lane tail of the 2-, 4- and 8-lane softmax and the scalar rows.
    const long n = 1 + static_cast<long>(rng() % 40), nk = rep % 2 ? n : 1 + static_cast<long>(rng() % 19);
    const long d = 1 + static_cast<long>(rng() % 17), dk = 1 + static_cast<long>(rng() % 9),
               dv = 1 + static_cast<long>(rng() % 9);
    const double spread = rep % 5 == 0 ? 8.0 : 1.0;
    const Matrix<double> y = uniform(rng, n, d, -spread, spread), c = uniform(rng, nk, d, -spread, spread);
    const head_weights<double> w{uniform(rng, d, dk), uniform(rng, d, dk), uniform(rng, d, dv)};
    attention_options<double> opt;
    if (rep % 3 == 0) opt.scale = 0.37;
    const Matrix<double> generic = generic_head(y, c, w, opt);
    for (const auto isa : {softmax_isa::sse2, softmax_isa::avx2, softmax_isa::avx512f}) {
      if (!fast::detail::softmax_isa_available(isa)) continue;
      INFO("rep " << rep << ", softmax isa " << static_cast<int>(isa) << ": n=" << n << " nk=" << nk);
      Matrix<double> z = Matrix<double>::Constant(n, dv, 7.0);
      double magnitude = -1;
      REQUIRE(fast::softmax_head_double_into(y.data(), n, c.data(), nk, d, w, opt, z.data(),
                                             fast::double_head_fault::none, &magnitude, isa));
      CHECK(exactly_equal(z, generic));
      CHECK(magnitude == max_abs(multiply(c, w.wv)));
      ++ran;
    }
  }
  CHECK(ran >= 120);  // SSE2 at least
}

TEST_CASE("every finiteness and maximum implementation finds each non-finite entry", "[fast][double][edge]") {
  using fast::detail::max_abs_sse2;
  std::vector<bool (*)(const double*, Eigen::Index)> finite_tests{fast::detail::all_finite_sse2};
  std::vector<double (*)(const double*, const double*, Eigen::Index, bool*)> maxima{max_abs_sse2};
#ifdef ORDERBLIND_HAVE_FMA_PRODUCTS
  if (fast::double_product_isa_available(fast::double_product_isa::avx2_fma)) {
    finite_tests.push_back(fast::detail::all_finite_avx2);
    maxima.push_back(fast::detail::max_abs_avx2);
  }
  if (fast::double_product_isa_available(fast::double_product_isa::avx512f)) {
    finite_tests.push_back(fast::detail::all_finite_avx512f);
    maxima.push_back(fast::detail::max_abs_avx512f);
  }
#endif
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  std::mt19937_64 rng(71);
  for (long size = 0; size <= 40; ++size) {
    Matrix<double> a = uniform(rng, 1, size, -3, 3), b = uniform(rng, 1, size, -3, 3);
    if (size % 3 == 1) a(0, rng() % static_cast<unsigned long>(size)) = -0.0;
    const double want_m = max_abs(a), want_d = max_abs_difference(a, b);
    for (std::size_t f = 0; f < finite_tests.size(); ++f) {
      INFO("implementation " << f << ", size " << size);
      CHECK(finite_tests[f](a.data(), size));
      bool finite = false;
      const double m = maxima[f](a.data(), nullptr, size, &finite);
      CHECK(finite);
      CHECK(std::memcmp(&m, &want_m, sizeof m) == 0);
      const double d = maxima[f](a.data(), b.data(), size, &finite);
      CHECK(finite);
      CHECK(std::memcmp(&d, &want_d, sizeof d) == 0);
      for (long at = 0; at < size; ++at)
        for (const double x : bad) {
          Matrix<double> a2 = a, b2 = b;
          a2(0, at) = x;
          b2(0, (at * 7) % size) = x;
          CHECK_FALSE(finite_tests[f](a2.data(), size));
          finite = true;
          (void)maxima[f](a2.data(), nullptr, size, &finite);
          CHECK_FALSE(finite);
          finite = true;
          (void)maxima[f](a2.data(), b.data(), size, &finite);
          CHECK_FALSE(finite);
          finite = true;
          (void)maxima[f](a.data(), b2.data(), size, &finite);
          CHECK_FALSE(finite);
        }
    }
    // The dispatching entry points.
    CHECK(fast::all_finite(a.data(), size));
    double worst = -1;
    CHECK(fast::max_abs_difference_checked(a.data(), b.data(), size, worst));
    CHECK(std::memcmp(&worst, &want_d, sizeof worst) == 0);
  }
  // A difference of finite entries that overflows is reported as not finite (the caller falls back).
  Matrix<double> big(1, 9), neg(1, 9);
  big.setConstant(std::numeric_limits<double>::max());
  neg.setConstant(-std::numeric_limits<double>::max());
  double worst = 0;
  CHECK_FALSE(fast::max_abs_difference_checked(big.data(), neg.data(), 9, worst));
}

TEST_CASE("validate_head names the weight and the call, as before", "[fast][double][errors]") {
  const Matrix<double> x = Matrix<double>::Ones(3, 4);
  const Matrix<double> ok = Matrix<double>::Ones(4, 2);
  const auto message = [](const head_weights<double>& w, Eigen::Index width) {
    try {
      validate_head(w, width, "self-attention");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message({ok, ok, ok}, 4) == "no error");
  CHECK(message({ok, ok, Matrix<double>(4, 0)}, 4) ==
        "W_V (self-attention) is empty (4x0): a sequence needs at least one token and one dimension");
  CHECK(message({Matrix<double>(0, 2), ok, ok}, 4) ==
        "W_Q (self-attention) is empty (0x2): a sequence needs at least one token and one dimension");
  CHECK(message({ok, Matrix<double>::Ones(3, 2), ok}, 4) ==
        "a weight matrix (self-attention) is 3x2 but the input rows have width 4");
  CHECK(message({ok, Matrix<double>::Ones(4, 3), ok}, 4) ==
        "W_Q is 4x2 but W_K is 4x3 (self-attention): queries and keys need the same width d_k");
  CHECK_THROWS_AS(validate_head<double>({ok, Matrix<double>(4, 0), ok}, 4, "cross-attention"), empty_input_error);
  const head_weights<double> wide{ok, ok, Matrix<double>::Ones(5, 2)};
  CHECK_THROWS_WITH((self_attention<double, softmax_kernel>(x, wide)),
                    Catch::Contains("(self-attention) is 5x2 but the input rows have width 4"));
}

TEST_CASE("the row gather is permutation::apply_rows", "[fast][double]") {
  std::mt19937_64 rng(73);
  int ran = 0;
  for (int rep = 0; rep < 60; ++rep) {
    // NOTE: 1..20 rows reach blocks of four rows and every tail.
    const long n = 1 + static_cast<long>(rng() % 20), cols = 1 + static_cast<long>(rng() % 9);
    const Matrix<double> m = uniform(rng, n, cols);
    std::vector<std::size_t> image(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < image.size(); ++i) image[i] = i;
    std::shuffle(image.begin(), image.end(), rng);
    const permutation p(image);
    std::vector<Eigen::Index> rows(image.begin(), image.end());
    INFO(n << "x" << cols);
    Matrix<double> out = Matrix<double>::Constant(n, cols, 7.0);
    fast::gather_rows(m.data(), n, cols, rows.data(), out.data());
    CHECK(exactly_equal(out, p.apply_rows(m)));
    ++ran;
  }
  CHECK(ran == 60);
}
