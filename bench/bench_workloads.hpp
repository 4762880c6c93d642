// SPDX-License-Identifier: MIT
#pragma once
/// The workloads of `orderblind bench`: one equivariance check (Attn(PX) against P·Attn(X), the law of
/// verify/law.hpp) per random case, in the arithmetic each workload names. Shared by the command, its
/// tests and orderblind_large_bench.
#include <chrono>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar.hpp"
#include "orderblind/seed.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::bench {

/// What `orderblind bench` was asked to run.
struct options {
  std::string workload = "rational";  ///< rational | mp100 | double | expfield
  long n = 16;                        ///< tokens
  long d = 16;                        ///< d_model
  long heads = 1;                     ///< heads (must divide d)
  double seconds = 1.0;               ///< run for at least this long
  std::uint64_t seed = default_seed;  ///< RNG seed of the random cases (the one default seed)
  bool allow_large = false;           ///< lift the size limit of the exact workloads
};

/// The size limit of the exact workloads: n·d at most this unless --allow-large.
// NOTE: 64·64 is the exact workload's target size (a 64-token head); 4× that (e.g. n = d = 128) still finishes one
// rational check in well under a second. Past it, entries of the exact weights grow to thousands of
// bits and one check can take minutes, which is never what a benchmark run means.
inline constexpr long exact_size_limit = 16384;
/// The size limit of the floating workloads (n·d), to keep one case in memory.
inline constexpr long float_size_limit = 1L << 22;

/// One workload: what it computes and how it compares.
struct workload_info {
  std::string name, arithmetic, kernel, scale, comparison;
};

/// Throws std::invalid_argument (orderblind::configuration_error) naming the problem with `opt`.
void validate(const options& opt);

/// The description of a workload (throws for an unknown one).
workload_info describe(const std::string& workload);

/// Whether the expfield workload (exact softmax in Q(t)) is compiled into this build.
bool expfield_available();

/// Runs the checks for at least opt.seconds (and at least once): the report "orderblind-bench/2", the
/// checks it ran as one verify::check (field `equivariance`: cases, seed, verdict, and the failures as a
/// detail), the workload and the timings as fields (mean_seconds, median_seconds, min_seconds,
/// cpu_median_seconds, seconds_in_checks).
verify::report run(const options& opt);

/// The law every workload checks, as data (verify/law.hpp): Attn(PX) = P·Attn(X).
inline verify::permutation_law equivariance_law() { return verify::equivariance("Attn(PX) = P·Attn(X)"); }

/// The cross-attention law, as data: Attn(Y, PC) = Attn(Y, C) (Y stays, the encoder rows C move, the
/// output does not).
inline verify::permutation_law cross_invariance_law() {
  return {"Attn(Y, PC) = Attn(Y, C)", {verify::action::none, verify::action::permute_rows}, verify::action::none};
}

/// A uniformly random permutation of n rows.
permutation random_permutation(std::size_t n, std::mt19937_64& rng);

/// self_attention<double, softmax_kernel>(x, w) (no options) for weights already validated against
/// x.cols() (validate_head), and max|V| of the same head's V = X·W_V into `value_magnitude`, taken from
/// the head's own computation instead of a second X·W_V.
Matrix<double> self_attention_with_value_magnitude(const Matrix<double>& x, const head_weights<double>& w,
                                                  double& value_magnitude);

/// The double workload's check of one single-head case: Attn(PX) and P·Attn(X) both computed in full,
/// compared by max|Attn(PX) − P·Attn(X)| ≤ k_eps·(ε·max|V| + η), max|V| from the unpermuted evaluation
/// (the same value as max|X·W_V|: V is computed row by row).
bool double_head_equivariance_holds(const Matrix<double>& x, const head_weights<double>& w, const permutation& p,
                                    double k_eps);

/// The cross-attention check of one case: Attn(Y, P·C) against Attn(Y, C) (the order of the encoder rows
/// C does not matter), both computed in full, compared by max|difference| ≤ k_eps·(ε·max|V| + η), max|V|
/// = max|C·W_V| from the unpermuted evaluation. At real sizes the two evaluations run side by side.
bool double_cross_invariance_holds(const Matrix<double>& y, const Matrix<double>& c, const head_weights<double>& w,
                                   const permutation& p, double k_eps);

}  // namespace orderblind::bench
