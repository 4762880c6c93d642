// SPDX-License-Identifier: MIT
// The workloads of `orderblind bench` (see bench_workloads.hpp).
#include "bench_workloads.hpp"

#include <time.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <utility>

#include "orderblind/errors.hpp"
#include "orderblind/expfield/layer.hpp"
#include "orderblind/fast/kernels/double_compare.hpp"
#include "orderblind/fast/kernels/double_rows.hpp"
#include "orderblind/kernel.hpp"

namespace orderblind::bench {

namespace {

using clock = std::chrono::steady_clock;

/// CPU time of this thread: on a shared machine it counts only the cycles the check itself ran.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double median_of(std::vector<double>& v) {
  std::sort(v.begin(), v.end());
  const auto m = v.size();
  return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

/// The report of a run (see run()): the workload, the one check standing for the `checks` checks it ran
/// (`failures` of them did not hold), and the timings: total and mean wall time, and the median and
/// minimum over the timed batches of the wall and thread-CPU time per check. times[b] and cpu_times[b]
/// are per-check means of a batch of sizes[b] checks.
verify::report report_of_run(const options& opt, long checks, long failures, std::vector<double>& times,
                             std::vector<double>& cpu_times, const std::vector<long>& sizes) {
  const workload_info info = describe(opt.workload);
  double total_seconds = 0;
  long count = 0;
  for (std::size_t b = 0; b < times.size(); ++b) {
    total_seconds += times[b] * static_cast<double>(sizes[b]);
    count += sizes[b];
  }
  const double mean_seconds = total_seconds / static_cast<double>(count);
  const double min_seconds = *std::min_element(times.begin(), times.end());
  const double median_seconds = median_of(times);
  const double cpu_median_seconds = median_of(cpu_times);
  const bool held = checks > 0 && failures == 0;
  verify::check c;
  c.id = info.name;
  c.statement = equivariance_law().statement + ", P uniformly random, n = " + std::to_string(opt.n) +
                ", d = " + std::to_string(opt.d) + ", heads = " + std::to_string(opt.heads);
  c.compared = "Attn(PX) against P·Attn(X), each timed check on a fresh random case";
  c.arithmetic = info.arithmetic;
  // NOTE: rational and expfield compare with ==; mp100 and double within the tolerance that
  // `comparison` states (describe).
  const bool exact = info.name == "rational" || info.name == "expfield";
  c.evidence = exact ? verify::evidence_kind::sampled_exact : verify::evidence_kind::sampled_within_bound;
  c.bound = info.comparison;
  c.cases = checks;
  c.seed = opt.seed;
  c.outcome = verify::held_if(held);
  // NOTE: the timing loop records whether each check held, not its residual: the residual stays null.
  c.note = held ? "every check held" : std::to_string(failures) + " checks FAILED";
  c.with("failures", failures);
  verify::report rep{"orderblind-bench/2", "Benchmark: the permutation-equivariance check, workload " + info.name, {}};
  rep.add("workload", info.name)
      .add("arithmetic", info.arithmetic)
      .add("kernel", info.kernel)
      .add("scale", info.scale)
      .add("n", opt.n)
      .add("d", opt.d)
      .add("heads", opt.heads)
      .add("seed", opt.seed)
      .add("seconds_requested", opt.seconds)
      .add("equivariance", verify::value::checks{std::move(c)})
      .add("mean_seconds", mean_seconds)
      .add("median_seconds", median_seconds)
      .add("min_seconds", min_seconds)
      .add("cpu_median_seconds", cpu_median_seconds)
      .add("seconds_in_checks", total_seconds);
  return rep;
}

/// p/q with p uniform in [−9, 9] and q uniform in [1, 9] (the rational workload's entries).
template <class T>
Matrix<T> random_small_rationals(long r, long c, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> num(-9, 9), den(1, 9);
  Matrix<T> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) {
      const int p = num(rng);
      const int q = den(rng);
      m(i, j) = T(p) / T(q);
    }
  return m;
}

/// Uniform in [−1, 1] at the full precision of T: 64 random bits per 64 bits of significand.
template <class T>
Matrix<T> random_unit_reals(long r, long c, std::mt19937_64& rng) {
  // NOTE: 6 words of 64 bits cover the 333 bits of a 100-digit significand (and more than double's 53).
  constexpr int words = std::is_same_v<T, double> ? 1 : 6;
  const T two64 = T(18446744073709551616.0);
  Matrix<T> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) {
      T u(0);
      for (int k = 0; k < words; ++k) u = (u + T(static_cast<double>(rng() >> 11) * 0x1p-53)) / (k ? two64 : T(1));
      m(i, j) = T(2) * u - T(1);
    }
  return m;
}

template <class T>
struct case_data {
  std::vector<Matrix<T>> inputs;  ///< the law's inputs: {X}, drawn as a list once (not in the timed check)
  head_weights<T> head;
  multi_head_weights<T> mh;
};

template <class T, class Draw>
case_data<T> draw_case(const options& opt, std::mt19937_64& rng, Draw&& draw) {
  case_data<T> c;
  c.inputs.push_back(draw(opt.n, opt.d, rng));
  if (opt.heads == 1) {
    c.head = {draw(opt.d, opt.d, rng), draw(opt.d, opt.d, rng), draw(opt.d, opt.d, rng)};
  } else {
    c.mh.wq = draw(opt.d, opt.d, rng);
    c.mh.wk = draw(opt.d, opt.d, rng);
    c.mh.wv = draw(opt.d, opt.d, rng);
    c.mh.wo = draw(opt.d, opt.d, rng);
    c.mh.heads = static_cast<std::size_t>(opt.heads);
  }
  return c;
}

/// The timing loop shared by the rational, mp100 and double workloads: draw cases (not timed), time
/// their checks. `check(case, P)` runs one whole check (both evaluations, the tolerance and the comparison).
// NOTE: checks are timed in batches (drawn first, then run back to back) and each batch contributes
// its mean per check. The batch doubles until one batch takes at least 1 ms, so that reading the
// clocks (the thread CPU clock is a system call, ~0.5 µs) stays below 0.1% of what is measured even
// for a double check of a few µs; a check that takes a millisecond or more is timed alone.
template <class T, class Draw, class Check>
verify::report time_checks(const options& opt, Draw&& draw, Check&& check) {
  long checks = 0, failures = 0;
  std::mt19937_64 rng(opt.seed);
  std::vector<double> times, cpu_times;
  std::vector<long> sizes;
  std::vector<case_data<T>> cases;
  std::vector<permutation> perms;
  long batch = 1;
  const auto start = clock::now();
  do {
    cases.clear();
    perms.clear();
    for (long b = 0; b < batch; ++b) {
      cases.push_back(draw_case<T>(opt, rng, draw));
      perms.push_back(random_permutation(static_cast<std::size_t>(opt.n), rng));
    }
    const double c0 = thread_cpu_seconds();
    const auto t0 = clock::now();
    for (long b = 0; b < batch; ++b) {
      if (!check(cases[static_cast<std::size_t>(b)], perms[static_cast<std::size_t>(b)])) ++failures;
    }
    const auto t1 = clock::now();
    const double cpu = thread_cpu_seconds() - c0;
    const double wall = std::chrono::duration<double>(t1 - t0).count();
    cpu_times.push_back(cpu / static_cast<double>(batch));
    times.push_back(wall / static_cast<double>(batch));
    sizes.push_back(batch);
    checks += batch;
    if (wall < 1e-3 && batch < 65536) batch *= 2;
  } while (std::chrono::duration<double>(clock::now() - start).count() < opt.seconds);
  return report_of_run(opt, checks, failures, times, cpu_times, sizes);
}

/// The check of one case through the public self_attention / multi_head_self_attention: the two sides of
/// equivariance_law() (verify::sides), compared by `same(case, Attn(PX), P·Attn(X))` (the tolerance is
/// part of it).
template <class T, class K, class Same>
auto public_api_check(const options& opt, const attention_options<T>& aopt, Same same) {
  return [heads = opt.heads, aopt, same, law = equivariance_law()](const case_data<T>& c, const permutation& p) {
    const auto attn = [&](const std::vector<Matrix<T>>& in) {
      return heads == 1 ? self_attention<T, K>(in[0], c.head, aopt) : multi_head_self_attention<T, K>(in[0], c.mh, aopt);
    };
    const auto [left, right] = verify::sides<T>(law, attn, c.inputs, p);
    return same(c, left, right);
  };
}

/// `==` entry by entry (verify/bound.hpp), for the exact workloads.
template <class T>
bool exactly_same(const case_data<T>&, const Matrix<T>& a, const Matrix<T>& b) {
  return verify::compare(a, b, verify::equality<T>()).held;
}

verify::report run_rational(const options& opt) {
  using T = mpq_rational;
  attention_options<T> aopt;
  aopt.scale = T(1);
  return time_checks<T>(
      opt, [](long r, long c, std::mt19937_64& g) { return random_small_rationals<T>(r, c, g); },
      public_api_check<T, rational_kernel>(opt, aopt, exactly_same<T>));
}

verify::report run_mp100(const options& opt) {
  using T = mpfr100;
  // NOTE: 1e-90 is the criterion the enclosures use too (required_bound): it leaves ten of the hundred digits to the reordered sums
  // over the sequence axis, far more than their 4(n+1)·ε (compare.hpp) at any n the size limit allows. In
  // verify::compare's form k·(ε·s + η): s = 1, η = 0 (no subnormals), k = 1e-90/ε.
  const auto tol = verify::within_eps<T>(static_cast<double>(T("1e-90") / scalar_traits<T>::epsilon()),
                                         verify::one_scale(T(1)), "<= 1e-90");
  return time_checks<T>(
      opt, [](long r, long c, std::mt19937_64& g) { return random_unit_reals<T>(r, c, g); },
      public_api_check<T, softmax_kernel>(opt, attention_options<T>{},
                                          [tol](const case_data<T>&, const Matrix<T>& a, const Matrix<T>& b) {
                                            return verify::compare(a, b, tol).held;
                                          }));
}

/// max_abs(m), vectorised when every entry is finite (the same value: fast/kernels/double_compare.hpp).
double max_abs_double(const Matrix<double>& m) {
  return fast::all_finite(m) ? fast::max_abs_finite(m) : max_abs(m);
}

/// agrees_relative_to(a, b, k, magnitude) for double, with the maximum vectorised and the finiteness
/// test in the same pass (the same predicate: the same maximum, the same bound expression; anything
/// non-finite goes to agrees_relative_to itself).
bool agrees_relative_to_double(const Matrix<double>& a, const Matrix<double>& b, double k, double magnitude) {
  double worst = 0;
  if (a.rows() != b.rows() || a.cols() != b.cols() || !(magnitude == magnitude) ||
      !fast::max_abs_difference_checked(a.data(), b.data(), a.size(), worst))
    return agrees_relative_to(a, b, k, magnitude);
  // NOTE: verify::compare's bound for one scale, k·(ε·|magnitude| + η) with η the smallest subnormal, in
  // its operation order (bound.hpp): no max(1, ·) floor, so the bound scales with the data.
  if (!std::isfinite(magnitude)) return agrees_relative_to(a, b, k, magnitude);
  const double eps = std::numeric_limits<double>::epsilon(), eta = std::numeric_limits<double>::denorm_min();
  return worst <= double(k * double(eps * std::abs(magnitude) + eta));
}

/// max|V| of one head, or for several heads the scale W_O carries a change of the concatenated heads
/// to: max|V| · d · max|W_O| (no max(1, ·) floor: scaling W_O scales the bound with the output).
double value_magnitude(const case_data<double>& c, long heads) {
  if (heads == 1) return max_abs_double(multiply(c.inputs[0], c.head.wv));
  const double v = max_abs_double(multiply(c.inputs[0], c.mh.wv));
  return v * static_cast<double>(c.mh.wo.rows()) * max_abs_double(c.mh.wo);
}

/// The bound in units of ε·value_magnitude: 4(n+1) for one head; with several heads 4(n+1) + 2d + 2.
// NOTE: the concatenated heads A (of PX, rows put back) and B differ by at most 4(n+1)(ε·max|V| + η) per
// entry, and |A|, |B| ≤ max|V|(1 + 4(n+1)ε). The W_O products are computed from different inputs, so
// their own roundings do not cancel: |fl(A·W_O) − fl(B·W_O)| ≤ d·max|W_O|·(max|A − B| + 2γ_d·max(|A|,|B|))
// (Higham, Thm 3.5), and 2γ_d(1 + 4(n+1)ε) ≤ (2d + 2)ε for d ≤ 2^20 and n ≤ 2^40 (bench/side_by_side.py's
// peers use the same bound). The η terms scale by
// d·max|W_O| too; they matter only when max|V| is below the normal range (2^-1022), which these
// workloads (entries uniform in [−1, 1]) never draw.
double bound_eps(long n, long d, long heads) {
  const double k = attention_reorder_bound_eps(n);
  return heads == 1 ? k : k + 2.0 * static_cast<double>(d) + 2.0;
}

verify::report run_double(const options& opt) {
  using T = double;
  // NOTE: the tolerance is attention_reorder_bound_eps(n) = 4(n+1) in units of ε·max|V| + η (derived in
  // compare.hpp; the Coq theorem attn_reorder_eps proves 2n+1): the two evaluations see bit-identical
  // projections and scores (every product computes row i from row i alone, in a fixed order) and differ
  // only in the order of the two sums over the sequence axis. Several heads: bound_eps above.
  const double k = bound_eps(opt.n, opt.d, opt.heads);
  const long heads = opt.heads;
  const auto draw = [](long r, long c, std::mt19937_64& g) { return random_unit_reals<T>(r, c, g); };
  if (heads == 1)
    return time_checks<T>(opt, draw, [k](const case_data<T>& c, const permutation& p) {
      return double_head_equivariance_holds(c.inputs[0], c.head, p, k);
    });
  return time_checks<T>(opt, draw,
                        public_api_check<T, softmax_kernel>(
                            opt, attention_options<T>{}, [k, heads](const case_data<T>& c, const Matrix<T>& a, const Matrix<T>& b) {
                              return agrees_relative_to_double(a, b, k, value_magnitude(c, heads));
                            }));
}

/// Entries k/den with k uniform in [−bound, bound] (as Q(t) constants).
Matrix<expfield::element> random_grid_entries(long r, long c, int bound, int den, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> k(-bound, bound);
  Matrix<expfield::element> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = expfield::element(expfield::rational(k(rng)) / expfield::rational(den));
  return m;
}

verify::report run_expfield(const options& opt) {
  using T = expfield::element;
  // NOTE: X and W_V entries in {−1, −1/2, 0, 1/2, 1}, W_Q and W_K entries in {−1, 0, 1}: every score
  // Q Kᵀ lies on the grid (1/4)Z, so exp(s/√d_k) = t^(4s) with t = e^(1/(4·√d_k)), and softmax is exact.
  const long dk = opt.d / opt.heads;
  const auto aopt = expfield::options_for(expfield::variable::for_scores(4, dk));
  long checks = 0, failures = 0;
  const verify::permutation_law law = equivariance_law();
  std::mt19937_64 rng(opt.seed);
  // NOTE: one check per timing (an exact Q(t) check takes milliseconds, far above the clocks' cost).
  std::vector<double> times, cpu_times;
  const auto start = clock::now();
  do {
    std::vector<Matrix<T>> x;  // the law's inputs: {X}
    x.push_back(random_grid_entries(opt.n, opt.d, 2, 2, rng));
    head_weights<T> head;
    multi_head_weights<T> mh;
    if (opt.heads == 1) {
      head = {random_grid_entries(opt.d, opt.d, 1, 1, rng), random_grid_entries(opt.d, opt.d, 1, 1, rng),
              random_grid_entries(opt.d, opt.d, 2, 2, rng)};
    } else {
      mh = {random_grid_entries(opt.d, opt.d, 1, 1, rng), random_grid_entries(opt.d, opt.d, 1, 1, rng),
            random_grid_entries(opt.d, opt.d, 2, 2, rng), random_grid_entries(opt.d, opt.d, 2, 2, rng),
            static_cast<std::size_t>(opt.heads)};
    }
    const permutation p = random_permutation(static_cast<std::size_t>(opt.n), rng);
    const auto attn = [&](const std::vector<Matrix<T>>& in) {
      return opt.heads == 1 ? self_attention<T, softmax_kernel>(in[0], head, aopt)
                            : multi_head_self_attention<T, softmax_kernel>(in[0], mh, aopt);
    };
    const double c0 = thread_cpu_seconds();
    const auto t0 = clock::now();
    const bool ok = verify::check_law<T>(law, attn, x, p, [](const auto&, const auto&) {
                      return verify::equality<T>();
                    }).held;
    const auto t1 = clock::now();
    cpu_times.push_back(thread_cpu_seconds() - c0);
    times.push_back(std::chrono::duration<double>(t1 - t0).count());
    ++checks;
    if (!ok) ++failures;
  } while (std::chrono::duration<double>(clock::now() - start).count() < opt.seconds);
  return report_of_run(opt, checks, failures, times, cpu_times, std::vector<long>(times.size(), 1));
}

}  // namespace

namespace {

/// The double check's matrices, kept from check to check: once they have the check's shapes, a check
/// allocates nothing.
struct double_check_storage {
  std::vector<Eigen::Index> rows;  ///< π(0), …, π(n−1)
  Matrix<double> px;               ///< P·X
  Matrix<double> z;                ///< Attn(X)
  Matrix<double> pz;               ///< P·Attn(X)
  Matrix<double> left;             ///< Attn(P·X)
  /// The large path's buffers for the side that runs on a thread of its own (started for each check).
  fast::large_head_workspace second_side;
};

double_check_storage& double_storage() {
  thread_local double_check_storage s;
  return s;
}

/// m.resize(rows, cols) only when the shape differs (Eigen's resize checks rows·cols for overflow with
/// a division on every call).
void ensure_shape(Matrix<double>& m, Eigen::Index rows, Eigen::Index cols) {
  if (m.rows() != rows || m.cols() != cols) m.resize(rows, cols);
}

/// out = P·m (row i of out is row π(i) of m: permutation::apply_rows), π(i) = rows[i].
void permute_rows_into(const std::vector<Eigen::Index>& rows, const Matrix<double>& m, Matrix<double>& out) {
  ensure_shape(out, m.rows(), m.cols());
  fast::gather_rows(m.data(), m.rows(), m.cols(), rows.data(), out.data());
}

/// self_attention<double, softmax_kernel>(x, w)'s own steps for a head without options and weights
/// already validated against x.cols(): X is validated, then the fused head writes into z (resized).
/// False when the fused head declines (the generic path must then run); *value_magnitude = max|V|.
bool fused_self_attention_into(const Matrix<double>& x, const head_weights<double>& w, Matrix<double>& z,
                               double* value_magnitude) {
  static const attention_options<double> aopt;
  require_nonempty(x, "X");
  require_finite(x, "X");
  ensure_shape(z, x.rows(), w.wv.cols());
  return fast::softmax_head_double_into(x.data(), x.rows(), x.data(), x.rows(), x.cols(), w, aopt, z.data(),
                                        fast::double_head_fault::none, value_magnitude);
}

/// cross_attention<double, softmax_kernel>(y, c, w)'s own steps for a head without options: the inputs
/// validated (validate_cross_inputs), then the fused head into z (resized). False when it declines.
bool fused_cross_attention_into(const Matrix<double>& y, const Matrix<double>& c, const head_weights<double>& w,
                                Matrix<double>& z, double* value_magnitude) {
  static const attention_options<double> aopt;
  validate_cross_inputs(y, c, w);
  ensure_shape(z, y.rows(), w.wv.cols());
  return fast::softmax_head_double_into(y.data(), y.rows(), c.data(), c.rows(), c.cols(), w, aopt, z.data(),
                                        fast::double_head_fault::none, value_magnitude);
}

}  // namespace

bool double_cross_invariance_holds(const Matrix<double>& y, const Matrix<double>& c, const head_weights<double>& w,
                                   const permutation& p, double k_eps) {
  double_check_storage& s = double_storage();
  double magnitude = 0;
  if (p.points() == c.rows()) {
    s.rows.resize(p.size());
    for (Eigen::Index i = 0; i < p.points(); ++i) at_index(s.rows, i) = p.at(i);
    bool right_ok = false, left_ok = false;
    // NOTE: as in the self-attention check: side by side from large_head_min_threaded_scores up (the
    // errors in the one-thread order: Attn(Y, C)'s first), one after the other below it.
    const unsigned threads = y.rows() * c.rows() >= fast::large_head_min_threaded_scores ? fast::large_head_threads() : 1;
    const std::exception_ptr left_error = fast::run_side_by_side(
        threads, [&] { right_ok = fused_cross_attention_into(y, c, w, s.z, &magnitude); },
        [&] {
          const fast::large_head_workspace_scope workspace(s.second_side);
          permute_rows_into(s.rows, c, s.px);
          left_ok = fused_cross_attention_into(y, s.px, w, s.left, nullptr);
        });
    if (right_ok && left_error) std::rethrow_exception(left_error);
    if (right_ok && left_ok) return agrees_relative_to_double(s.left, s.z, k_eps, magnitude);
  }
  // The fused head declined (or P does not fit C: apply_rows names the problem): the public path, on the
  // law as data.
  const auto attn = [&](const std::vector<Matrix<double>>& in) { return cross_attention<double, softmax_kernel>(in[0], in[1], w); };
  const auto [left, right] = verify::sides<double>(cross_invariance_law(), attn, {y, c}, p);
  return agrees_relative_to_double(left, right, k_eps, max_abs_double(multiply(c, w.wv)));
}

Matrix<double> self_attention_with_value_magnitude(const Matrix<double>& x, const head_weights<double>& w,
                                                  double& value_magnitude) {
  // NOTE: self_attention's own steps for a head without positions (attention.hpp): validation (of w by
  // the caller), then the fused head, else the generic path. The fused head also returns max|V| of the V
  // it computed.
  Matrix<double> z;
  if (fused_self_attention_into(x, w, z, &value_magnitude)) return z;
  value_magnitude = max_abs_double(multiply(x, w.wv));
  return self_attention<double, softmax_kernel>(x, w);
}

bool double_head_equivariance_holds(const Matrix<double>& x, const head_weights<double>& w, const permutation& p,
                                    double k_eps) {
  // NOTE: the weights are validated once per check: both evaluations use the same w on rows of the same
  // width. Both sides are computed in full, in the check's own storage (no allocation once it has the
  // check's shapes); P is applied by index into that storage, to X and to Attn(X).
  validate_head(w, x.cols(), "self-attention");
  double_check_storage& s = double_storage();
  double magnitude = 0;
  // NOTE: at real sizes the two evaluations run side by side, each on its share of the threads: two
  // independent heads of equal work balance exactly, where one head split by panels waits at each
  // phase for its slowest thread. A head's bits do not depend on its threads, so the verdict is the
  // one-thread verdict. The errors keep their order: Attn(X)'s first; when it declines, the public path
  // below runs (and names the error) whatever the other side did.
  if (p.points() == x.rows() && x.rows() * x.rows() >= fast::large_head_min_threaded_scores &&
      fast::large_head_threads() >= 2) {
    s.rows.resize(p.size());
    for (Eigen::Index i = 0; i < p.points(); ++i) at_index(s.rows, i) = p.at(i);
    bool right_ok = false, left_ok = false;
    const std::exception_ptr left_error = fast::run_side_by_side(
        fast::large_head_threads(),
        [&] {
          right_ok = fused_self_attention_into(x, w, s.z, &magnitude);
          if (right_ok) permute_rows_into(s.rows, s.z, s.pz);
        },
        [&] {
          const fast::large_head_workspace_scope workspace(s.second_side);
          permute_rows_into(s.rows, x, s.px);
          left_ok = fused_self_attention_into(s.px, w, s.left, nullptr);
        });
    if (right_ok && left_error) std::rethrow_exception(left_error);
    if (right_ok && left_ok) return agrees_relative_to_double(s.left, s.pz, k_eps, magnitude);
  } else if (p.points() == x.rows() && fused_self_attention_into(x, w, s.z, &magnitude)) {
    s.rows.resize(p.size());
    for (Eigen::Index i = 0; i < p.points(); ++i) at_index(s.rows, i) = p.at(i);
    permute_rows_into(s.rows, s.z, s.pz);
    permute_rows_into(s.rows, x, s.px);
    if (fused_self_attention_into(s.px, w, s.left, nullptr)) return agrees_relative_to_double(s.left, s.pz, k_eps, magnitude);
  }
  // The fused head declined (or P does not fit X: apply_rows names the problem): the public path, on the
  // law as data. NOTE: max|V| is the same for X and P·X (V = X·W_V row by row), so either side may set it.
  const auto attn = [&](const std::vector<Matrix<double>>& in) { return self_attention_with_value_magnitude(in[0], w, magnitude); };
  // Attn(X) first, so that its errors come first as above.
  const auto [left, right] = verify::sides_by<double>(equivariance_law(), attn, {x}, p, [](auto&& l, auto&& r) {
    r();
    l();
  });
  return agrees_relative_to_double(left, right, k_eps, magnitude);
}

permutation random_permutation(std::size_t n, std::mt19937_64& rng) {
  std::vector<std::size_t> image(n);
  std::iota(image.begin(), image.end(), std::size_t{0});
  // NOTE: Fisher–Yates with an unbiased bounded draw: every permutation is equally likely.
  for (std::size_t i = n; i > 1; --i) {
    std::uniform_int_distribution<std::size_t> pick(0, i - 1);
    std::swap(image[i - 1], image[pick(rng)]);
  }
  return permutation(std::move(image));
}

workload_info describe(const std::string& workload) {
  if (workload == "rational")
    return {"rational", "mpq_rational (exact)", rational_kernel::name, "1",
            "exact (==) on every entry; inputs p/q, p uniform in [-9,9], q uniform in [1,9]"};
  if (workload == "mp100")
    return {"mp100", "mpfr100 (100 decimal digits)", softmax_kernel::name, "1/sqrt(d_k)",
            "max |Attn(PX) - P Attn(X)| <= 1e-90; inputs uniform in [-1,1]"};
  if (workload == "double")
    return {"double", "double (IEEE binary64)", "softmax (max-subtracted)", "1/sqrt(d_k)",
            "max |Attn(PX) - P Attn(X)| <= 4(n+1) (eps max|V| + eta); inputs uniform in [-1,1]"};
  if (workload == "expfield")
    return {"expfield", "Q(t), t = e^(1/(4 sqrt(d_k))) (exact)", "softmax (real, exact in Q(t))", "1/sqrt(d_k)",
            "exact (==) on every entry; X, W_V in {-1,-1/2,0,1/2,1}, W_Q, W_K in {-1,0,1}: scores on (1/4)Z"};
  throw configuration_error("unknown workload '" + workload + "' (expected rational, mp100, double or expfield)");
}

bool expfield_available() { return true; }

void validate(const options& opt) {
  (void)describe(opt.workload);
  if (opt.workload == "expfield" && !expfield_available())
    throw configuration_error(
        "the expfield workload (exact softmax in Q(t)) is not available in this build: the Q(t) scalar "
        "has not landed yet");
  if (opt.n <= 0) throw configuration_error("--n must be positive, got " + std::to_string(opt.n));
  if (opt.d <= 0) throw configuration_error("--d must be positive, got " + std::to_string(opt.d));
  if (opt.heads <= 0) throw configuration_error("--heads must be positive, got " + std::to_string(opt.heads));
  if (opt.d % opt.heads != 0)
    throw configuration_error("--heads " + std::to_string(opt.heads) + " does not divide --d " + std::to_string(opt.d));
  if (!(opt.seconds >= 0) || opt.seconds > 3600)
    throw configuration_error("--seconds must be in [0, 3600], got " + std::to_string(opt.seconds));
  const bool exact = opt.workload == "rational" || opt.workload == "expfield";
  const long limit = exact ? exact_size_limit : float_size_limit;
  // NOTE: compare n and d to the limit before multiplying them, so n*d cannot overflow.
  const auto over = [&](long lim) { return opt.n > lim || opt.d > lim || opt.n * opt.d > lim; };
  if (over(float_size_limit))
    throw configuration_error("n*d = " + std::to_string(opt.n) + "*" + std::to_string(opt.d) +
                              " is above the limit of " + std::to_string(float_size_limit) + " entries");
  if (exact && !opt.allow_large && over(limit))
    throw configuration_error("n*d = " + std::to_string(opt.n) + "*" + std::to_string(opt.d) +
                              " is above the exact workloads' limit of " + std::to_string(limit) +
                              " (pass --allow-large to run it anyway)");
  // NOTE: a case also holds the n×n scores of a head and the d×d weights: count what is allocated, not
  // only X (n·d). n = 100000, d = 16 passed the n·d guard and tried to allocate 10^10 scores.
  const auto square_over = [](long side, long lim) { return side > lim / side; };
  for (const auto& [side, what] : {std::pair{opt.n, "n×n scores"}, std::pair{opt.d, "d×d weights"}}) {
    if (square_over(side, float_size_limit))
      throw configuration_error(std::string("the ") + what + " have " + std::to_string(side) + "² entries, above the limit of " +
                                std::to_string(float_size_limit) + " entries");
    if (exact && !opt.allow_large && square_over(side, limit))
      throw configuration_error(std::string("the ") + what + " have " + std::to_string(side) + "² entries, above the exact workloads' limit of " +
                                std::to_string(limit) + " (pass --allow-large to run it anyway)");
  }
}

verify::report run(const options& opt) {
  validate(opt);
  if (opt.workload == "rational") return run_rational(opt);
  if (opt.workload == "mp100") return run_mp100(opt);
  if (opt.workload == "double") return run_double(opt);
  return run_expfield(opt);
}

}  // namespace orderblind::bench
