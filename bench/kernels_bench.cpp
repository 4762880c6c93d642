// SPDX-License-Identifier: MIT
// Micro-benchmarks of the kernels under `orderblind bench` (Google Benchmark), and the FLINT yardstick.
//   orderblind_microbench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>

#include "orderblind/orderblind.hpp"
#ifdef ORDERBLIND_HAVE_FLINT
#include "flint_check.hpp"
#endif

using namespace orderblind;
using Q = mpq_rational;

namespace {

Matrix<Q> workload_matrix(std::mt19937_64& rng, long r, long c) {
  std::uniform_int_distribution<int> num(-9, 9), den(1, 9);
  Matrix<Q> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = Q(num(rng)) / Q(den(rng));
  return m;
}

template <class T>
Matrix<T> unit_matrix(std::mt19937_64& rng, long r, long c) {
  std::uniform_real_distribution<double> u(-1, 1);
  Matrix<T> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = T(u(rng)) / T(3);
  return m;
}

void rational_product_fast(benchmark::State& st) {
  std::mt19937_64 rng(1);
  const long n = st.range(0);
  const Matrix<Q> a = workload_matrix(rng, n, n), b = workload_matrix(rng, n, n);
  for (auto _ : st) benchmark::DoNotOptimize(multiply(a, b));
}
void rational_product_generic(benchmark::State& st) {
  std::mt19937_64 rng(1);
  const long n = st.range(0);
  const Matrix<Q> a = workload_matrix(rng, n, n), b = workload_matrix(rng, n, n);
  for (auto _ : st) benchmark::DoNotOptimize(generic_product_kernels<Q>::multiply(a, b));
}
void rational_head_fast(benchmark::State& st) {
  std::mt19937_64 rng(2);
  const long n = st.range(0);
  const Matrix<Q> x = workload_matrix(rng, n, n);
  const head_weights<Q> w{workload_matrix(rng, n, n), workload_matrix(rng, n, n), workload_matrix(rng, n, n)};
  attention_options<Q> opt;
  opt.scale = Q(1);
  for (auto _ : st) benchmark::DoNotOptimize(self_attention<Q, rational_kernel>(x, w, opt));
}
void rational_head_trace(benchmark::State& st) {  // the generic pipeline over the fast products/weights
  std::mt19937_64 rng(2);
  const long n = st.range(0);
  const Matrix<Q> x = workload_matrix(rng, n, n);
  const head_weights<Q> w{workload_matrix(rng, n, n), workload_matrix(rng, n, n), workload_matrix(rng, n, n)};
  attention_options<Q> opt;
  opt.scale = Q(1);
  for (auto _ : st) benchmark::DoNotOptimize(self_attention_trace<Q, rational_kernel>(x, w, opt));
}
template <class T>
void real_product_fast(benchmark::State& st) {
  std::mt19937_64 rng(3);
  const long n = st.range(0);
  const Matrix<T> a = unit_matrix<T>(rng, n, n), b = unit_matrix<T>(rng, n, n);
  for (auto _ : st) benchmark::DoNotOptimize(multiply(a, b));
}
template <class T>
void real_product_generic(benchmark::State& st) {
  std::mt19937_64 rng(3);
  const long n = st.range(0);
  const Matrix<T> a = unit_matrix<T>(rng, n, n), b = unit_matrix<T>(rng, n, n);
  for (auto _ : st) benchmark::DoNotOptimize(generic_product_kernels<T>::multiply(a, b));
}
template <class T>
void softmax_head(benchmark::State& st) {
  std::mt19937_64 rng(4);
  const long n = st.range(0);
  const Matrix<T> x = unit_matrix<T>(rng, n, n);
  const head_weights<T> w{unit_matrix<T>(rng, n, n), unit_matrix<T>(rng, n, n), unit_matrix<T>(rng, n, n)};
  for (auto _ : st) benchmark::DoNotOptimize(self_attention<T, softmax_kernel>(x, w));
}
template <class T>
void softmax_head_trace(benchmark::State& st) {  // the generic path, every step (no fused head)
  std::mt19937_64 rng(4);
  const long n = st.range(0);
  const Matrix<T> x = unit_matrix<T>(rng, n, n);
  const head_weights<T> w{unit_matrix<T>(rng, n, n), unit_matrix<T>(rng, n, n), unit_matrix<T>(rng, n, n)};
  for (auto _ : st) benchmark::DoNotOptimize(self_attention_trace<T, softmax_kernel>(x, w));
}
void mpfr100_exp(benchmark::State& st) {
  const mpfr100 x = mpfr100(-2) / mpfr100(3);
  for (auto _ : st) benchmark::DoNotOptimize(mpfr100(exp(x)));
}

#ifdef ORDERBLIND_HAVE_FLINT
void flint_check(benchmark::State& st) {
  const auto c = bench::draw_flint_case(st.range(0), st.range(0), 5);
  for (auto _ : st) benchmark::DoNotOptimize(bench::flint_equivariance_check(c));
  if (!bench::flint_equivariance_check(c)) st.SkipWithError("the FLINT check did not hold");
}
BENCHMARK(flint_check)->Arg(4)->Arg(16)->Arg(64)->Unit(benchmark::kMicrosecond);
#endif

}  // namespace

BENCHMARK(rational_product_fast)->Arg(16)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK(rational_product_generic)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(rational_head_fast)->Arg(16)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK(rational_head_trace)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(real_product_fast<double>)->Arg(16)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK(real_product_generic<double>)->Arg(16)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK(real_product_fast<mpfr100>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(real_product_generic<mpfr100>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(softmax_head<double>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(softmax_head<mpfr100>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(softmax_head_trace<double>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(softmax_head_trace<mpfr100>)->Arg(16)->Unit(benchmark::kMicrosecond);
BENCHMARK(mpfr100_exp)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
