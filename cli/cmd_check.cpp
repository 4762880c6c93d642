// SPDX-License-Identifier: MIT
// `orderblind check`: the laws of properties/check on a user's own matrices, read from .npy or CSV files;
// each result is a verify::check, printed through emit() in the user's --format.
//   orderblind check --x X.npy --wq WQ.csv --wk WK.csv --wv WV.csv [--wo WO.npy --heads H] [--exact]
//   orderblind check --pe table.npy [--exact]
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "orderblind/io/csv.hpp"
#include "orderblind/io/npy.hpp"
#include "properties/check/check.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

/// Default work limits (n²·d, the cost of one score matrix), documented in the README and --help.
// NOTE: 2^28 multiply-adds in double take ~0.3 s per layer evaluation, times ~25 permutations; exact
// rationals cost ~10^3 times more per operation and grow in bit length, hence 2^18 (n = d = 64).
constexpr double default_max_work_double = 268435456.0;  // 2^28
constexpr double default_max_work_exact = 262144.0;      // 2^18

/// Default memory limit: the entries of one n×n matrix (the scores of a head, the Gram matrix of a table).
// NOTE: the work limit n²·d lets n² reach 2^28 when d = 1 (a 2 GiB score matrix, and the layer holds
// several); 2^26 doubles are 512 MiB. Raised with --max-size, like the work limit.
constexpr double default_max_square = 67108864.0;  // 2^26

struct check_args {
  std::string x, wq, wk, wv, wo, pe;
  std::size_t heads = 0;
  bool exact = false, causal = false, add_pe = false;
  std::optional<double> max_size, tolerance_eps;
};

std::string fmt(double v) {
  std::ostringstream os;
  os << std::setprecision(4) << v;
  return os.str();
}

void require_work(double work, const std::string& what, const check_args& a) {
  const double limit = a.max_size.value_or(a.exact ? default_max_work_exact : default_max_work_double);
  if (work > limit)
    throw usage_error("--max-size", what + ": n²·d = " + fmt(work) + " exceeds the limit " + fmt(limit) +
                                                 (a.exact ? " for exact arithmetic" : " for double") +
                                                 " (cost grows with n²·d); raise it with --max-size " +
                                                 std::to_string(static_cast<long long>(std::ceil(work))));
}

void require_memory(double n, const std::string& what, const check_args& a) {
  const double limit = std::max(default_max_square, a.max_size.value_or(0));
  if (n * n > limit)
    throw usage_error("--max-size", what + ": its n×n matrices (n = " + fmt(n) + ") have " + fmt(n * n) +
                                        " entries each, above the memory limit " + fmt(limit) +
                                        " (2^26 = 512 MiB of doubles); raise it with --max-size " +
                                        std::to_string(static_cast<long long>(std::ceil(n * n))));
}

/// The report: the files read, the seed, every law's check on them, and whether all held.
verify::report check_report(const std::vector<properties::check_result>& rs, const std::string& input,
                            std::uint64_t seed) {
  verify::value::checks checks;
  for (const auto& r : rs) checks.push_back(properties::to_check(r));
  verify::report rep{"orderblind-check/2", "orderblind check: the laws on your files", {}};
  rep.add("input", input).add("seed", seed).add("results", std::move(checks));
  rep.add("all_held", verify::all_held(rep));
  return rep;
}

int run_check(const check_args& a, const global_options& opts) {
  const bool layer = !a.x.empty() || !a.wq.empty() || !a.wk.empty() || !a.wv.empty() || !a.wo.empty();
  if (!layer && a.pe.empty())
    throw usage_error("check", "nothing to check: give --x, --wq, --wk, --wv (a layer) and/or --pe (a table)");
  if (layer && (a.x.empty() || a.wq.empty() || a.wk.empty() || a.wv.empty()))
    throw usage_error("check", "a layer needs all of --x, --wq, --wk and --wv");
  if (a.heads > 0 && a.wo.empty()) throw usage_error("--heads", "--heads needs --wo (the output projection)");
  if (a.add_pe && (!layer || a.pe.empty())) throw usage_error("--add-pe", "--add-pe needs a layer and --pe");
  if (a.causal && !layer) throw usage_error("--causal", "--causal needs a layer");

  io::read_limits lim;
  // NOTE: --max-size is finite (its validator); past 2^62 elements no file could be read anyway, and
  // converting a larger double to size_t would be undefined.
  if (a.max_size && *a.max_size > static_cast<double>(lim.max_elements))
    lim.max_elements = static_cast<std::size_t>(std::min(*a.max_size, 0x1p62));
  properties::check_settings s;
  s.seed = opts.seed.value_or(s.seed);
  s.random_permutations = opts.cases.value_or(a.exact ? 5 : 20);
  s.tolerance_eps = a.tolerance_eps;
  s.show_progress = ::isatty(STDERR_FILENO) != 0;

  std::vector<properties::check_result> results;
  std::string header;
  std::optional<io::table> pe;
  if (!a.pe.empty()) {
    pe = io::read_matrix_file(a.pe, lim);
    require_work(static_cast<double>(pe->rows) * static_cast<double>(pe->rows) * static_cast<double>(pe->cols),
                 "the table " + pe->describe(), a);
    require_memory(static_cast<double>(pe->rows), "the table " + pe->describe(), a);
  }
  if (layer) {
    properties::layer_files in{io::read_matrix_file(a.x, lim), io::read_matrix_file(a.wq, lim), io::read_matrix_file(a.wk, lim),
                   io::read_matrix_file(a.wv, lim), std::nullopt, 1, a.causal, std::nullopt};
    if (!a.wo.empty()) {
      in.wo = io::read_matrix_file(a.wo, lim);
      in.heads = a.heads > 0 ? a.heads : 1;
    }
    if (a.add_pe) in.positions = pe;
    const double n = static_cast<double>(in.x.rows), d = static_cast<double>(std::max(in.x.cols, in.wq.cols));
    require_work(n * n * d, "the layer on " + in.x.describe(), a);
    require_memory(n, "the layer on " + in.x.describe(), a);
    auto r = a.exact ? properties::check_layer_exact(in, s) : properties::check_layer_double(in, s);
    results.insert(results.end(), r.begin(), r.end());
    header = in.x.describe();
  }
  if (pe && !a.add_pe) {
    auto r = properties::check_pe_table(*pe, a.exact, s);
    results.insert(results.end(), r.begin(), r.end());
    header += (header.empty() ? "" : "; ") + pe->describe();
  }
  const auto rep = check_report(results, header, s.seed);
  emit(rep, opts, std::cout);
  return exit_code_of(rep);
}

const registrar cmd{command{
    "check",
    "check a user's own layer (--x --wq --wk --wv [--wo --heads]) or positional table (--pe), from .npy or CSV files",
    [](args& sub, const global_options& opts, int& rc) {
      static check_args a;
      sub.option("--x", a.x, "token rows X (n x d_model), .npy or .csv");
      sub.option("--wq", a.wq, "W_Q (d_model x d_k)");
      sub.option("--wk", a.wk, "W_K (d_model x d_k)");
      sub.option("--wv", a.wv, "W_V (d_model x d_v)");
      sub.option("--wo", a.wo, "W_O (d_model x d_model): multi-head attention");
      sub.option("--heads", a.heads, "number of heads (needs --wo; divides d_model)", {.range = {{1, 4096}}});
      sub.option("--pe", a.pe, "a positional-encoding table (positions x dims), .npy or .csv");
      sub.flag("--exact", a.exact, "exact arithmetic: every double as its dyadic rational (mpq_rational)");
      sub.flag("--causal", a.causal, "apply a causal mask (a decoder's layer; it is not equivariant)");
      sub.flag("--add-pe", a.add_pe, "add the --pe table to X before the layer (position breaks equivariance)");
      sub.option("--max-size", a.max_size,
                     "largest n²·d accepted (default 2^28 = 268435456 in double, 2^18 = 262144 with --exact); "
                     "also raises the limit on n² (2^26) and the file readers' element limit (2^24)",
                 {.finite_number = option_spec::finite::positive});
      sub.option("--tolerance-eps", a.tolerance_eps, "override every floating bound (in the law's own unit)",
                 {.finite_number = option_spec::finite::non_negative});
      sub.on_run([&opts, &rc] { rc = run_check(a, opts); });
    }}};

}  // namespace
}  // namespace orderblind::cli
