// SPDX-License-Identifier: MIT
// orderblind_large_bench: the equivariance checks at real sizes, timed per check, for bench/side_by_side.py
// (which runs the same checks in NumPy and PyTorch in the same run). One line of key=value output.
//
//   orderblind_large_bench --workload head|multihead|cross [--n 1024] [--d 64] [--heads 8] [--nk 1024]
//                          [--threads 1] [--seconds 2] [--seed 1]
//
//   head       Attn(PX) against P·Attn(X), one head, W_Q, W_K, W_V d×d: exactly `orderblind bench
//              --workload double` (bench::double_head_equivariance_holds), bound 4(n+1)(ε·max|V| + η).
//   multihead  MHA(PX) against P·MHA(X), d split into `heads` heads, W_O (the two sides side by side on
//              two or more threads); the battery's bound
//              (4(n+1) + 2d + 2)(ε·d·max|W_O|·max|V| + η) (properties/battery/tolerances.hpp).
//   cross      Attn(Y, PC) against Attn(Y, C): n decoder rows over nk memory rows, one head
//              (bench::double_cross_invariance_holds); the keys' order only reorders the sums over them:
//              4(nk+1)(ε·max|V| + η), max|V| from the head's own V.
// Inputs uniform in [−1, 1] (weights too), a fresh case and permutation for every check (not timed).
// --threads sets fast::set_large_head_threads (the result does not depend on it).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "../properties/battery/tolerances.hpp"
#include "bench_workloads.hpp"
#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"

using namespace orderblind;

namespace {

Matrix<double> uniform(std::mt19937_64& rng, long r, long c) {
  std::uniform_real_distribution<double> u(-1, 1);
  Matrix<double> m(r, c);
  for (long j = 0; j < c; ++j)
    for (long i = 0; i < r; ++i) m(i, j) = u(rng);
  return m;
}

int usage(const char* why) {
  std::fprintf(stderr,
               "orderblind_large_bench: %s\nusage: orderblind_large_bench --workload head|multihead|cross [--n N] "
               "[--d D] [--heads H] [--nk NK] [--threads T] [--seconds S] [--seed K]\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string workload = "head";
  long n = 1024, d = 64, heads = 8, nk = 1024, seed = 1;
  unsigned threads = 1;
  double seconds = 2;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage(("missing value after " + a).c_str());
    const char* v = argv[++i];
    char* end = nullptr;
    const double x = std::strtod(v, &end);
    if (a == "--workload") {
      workload = v;
      continue;
    }
    if (end == v || *end != '\0' || !(x > 0)) return usage(("bad value for " + a + ": " + v).c_str());
    if (a == "--n") n = static_cast<long>(x);
    else if (a == "--d") d = static_cast<long>(x);
    else if (a == "--heads") heads = static_cast<long>(x);
    else if (a == "--nk") nk = static_cast<long>(x);
    else if (a == "--threads") threads = static_cast<unsigned>(x);
    else if (a == "--seconds") seconds = x;
    else if (a == "--seed") seed = static_cast<long>(x);
    else return usage(("unknown option " + a).c_str());
  }
  if (workload != "head" && workload != "multihead" && workload != "cross") return usage("unknown workload");
  if (workload == "multihead" && d % heads != 0) return usage("--heads must divide --d");
  fast::set_large_head_threads(threads);
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  std::vector<double> times;
  fast::large_head_workspace second_side;  // the multihead check's second side's buffers, kept
  long held = 0;
  const auto start = std::chrono::steady_clock::now();
  do {
    const Matrix<double> x = uniform(rng, n, d);
    const permutation p = bench::random_permutation(static_cast<std::size_t>(workload == "cross" ? nk : n), rng);
    bool ok = false;
    std::chrono::steady_clock::time_point t0, t1;
    if (workload == "head") {
      const head_weights<double> w{uniform(rng, d, d), uniform(rng, d, d), uniform(rng, d, d)};
      t0 = std::chrono::steady_clock::now();
      ok = bench::double_head_equivariance_holds(x, w, p, attention_reorder_bound_eps(n));
      t1 = std::chrono::steady_clock::now();
    } else if (workload == "multihead") {
      const multi_head_weights<double> w{uniform(rng, d, d), uniform(rng, d, d), uniform(rng, d, d),
                                         uniform(rng, d, d), static_cast<std::size_t>(heads)};
      t0 = std::chrono::steady_clock::now();
      // NOTE: the law as data (bench::equivariance_law, verify::sides), its two sides side by side, each on
      // its share of the threads (fast::run_side_by_side), as in the head check; an error of the second
      // is rethrown.
      const auto mha = [&](const std::vector<Matrix<double>>& in) { return multi_head_self_attention<double, softmax_kernel>(in[0], w); };
      const auto [left, right] = verify::sides_by<double>(bench::equivariance_law(), mha, {x}, p, [&](auto&& l, auto&& r) {
        const std::exception_ptr error = fast::run_side_by_side(fast::large_head_threads(), r, [&] {
          const fast::large_head_workspace_scope workspace(second_side);
          l();
        });
        if (error) std::rethrow_exception(error);
      });
      // NOTE: the battery's multi-head bound (4(n+1) + 2d + 2)(ε·s + η), s = max|V|·d·max|W_O| (verify::compare's
      // form, as bench/side_by_side.py's peers); max|V| over all heads is max|X·W_V| (one more product).
      const double mag = max_abs(multiply(x, w.wv)) * max_abs(w.wo) * static_cast<double>(d);
      ok = verify::compare(left, right,
                           verify::within_eps<double>(properties::multi_head_reorder_bound_eps(n, d), verify::one_scale(mag), ""))
               .held;
      t1 = std::chrono::steady_clock::now();
    } else {
      const Matrix<double> c = uniform(rng, nk, d);
      const head_weights<double> w{uniform(rng, d, d), uniform(rng, d, d), uniform(rng, d, d)};
      t0 = std::chrono::steady_clock::now();
      ok = bench::double_cross_invariance_holds(x, c, w, p, attention_reorder_bound_eps(nk));
      t1 = std::chrono::steady_clock::now();
    }
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    held += ok ? 1 : 0;
  } while (times.size() < 3 ||
           std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds);
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  std::printf("ours workload=%s n=%ld nk=%ld d=%ld heads=%ld threads=%u checks=%zu median_s=%.6g min_s=%.6g held=%s\n",
              workload.c_str(), n, workload == "cross" ? nk : n, d, workload == "multihead" ? heads : 1, threads,
              times.size(), sorted[sorted.size() / 2], sorted.front(),
              held == static_cast<long>(times.size()) ? "all" : "NOT-ALL");
  return held == static_cast<long>(times.size()) ? 0 : 1;
}
