// SPDX-License-Identifier: MIT
// `orderblind check`: the laws of properties/check on a user's own matrices, read from .npy or CSV files
// (properties::check_files: reading, size limits, the laws, the report); printed through emit().
//   orderblind check --x X.npy --wq WQ.csv --wk WK.csv --wv WV.csv [--wo WO.npy --heads H] [--exact]
//   orderblind check --pe table.npy [--exact]
#include <iostream>
#include <unistd.h>

#include "properties/check/check.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {


int run_check(const properties::check_files_request& a, const global_options& opts) {
  const bool layer = !a.x.empty() || !a.wq.empty() || !a.wk.empty() || !a.wv.empty() || !a.wo.empty();
  if (!layer && a.pe.empty())
    throw usage_error("check", "nothing to check: give --x, --wq, --wk, --wv (a layer) and/or --pe (a table)");
  if (layer && (a.x.empty() || a.wq.empty() || a.wk.empty() || a.wv.empty()))
    throw usage_error("check", "a layer needs all of --x, --wq, --wk and --wv");
  if (a.heads > 0 && a.wo.empty()) throw usage_error("--heads", "--heads needs --wo (the output projection)");
  if (a.add_pe && (!layer || a.pe.empty())) throw usage_error("--add-pe", "--add-pe needs a layer and --pe");
  if (a.causal && !layer) throw usage_error("--causal", "--causal needs a layer");
  if (!a.expect.empty() && (a.pe.empty() || a.add_pe)) throw usage_error("--expect", "--expect needs --pe (a table's laws)");

  properties::check_settings s;
  s.seed = opts.seed.value_or(s.seed);
  s.random_permutations = opts.cases.value_or(a.exact ? 5 : 20);
  s.tolerance_eps = a.tolerance_eps;
  s.show_progress = ::isatty(STDERR_FILENO) != 0;

  try {
    const auto rep = properties::check_files(a, s);
    emit(rep, opts, std::cout);
    return exit_code_of(rep);
  } catch (const properties::size_limit_error& e) {
    throw usage_error("--max-size", e.what());
  } catch (const properties::expectation_error& e) {
    throw usage_error("--expect", e.what());
  }
}

const registrar cmd{command{
    "check",
    "check a user's own layer (--x --wq --wk --wv [--wo --heads]) or positional table (--pe), from .npy or CSV files",
    [](args& sub, const global_options& opts, int& rc) {
      static properties::check_files_request a;
      sub.option("--x", a.x, "token rows X (n x d_model), .npy or .csv");
      sub.option("--wq", a.wq, "W_Q (d_model x d_k)");
      sub.option("--wk", a.wk, "W_K (d_model x d_k)");
      sub.option("--wv", a.wv, "W_V (d_model x d_v)");
      sub.option("--wo", a.wo, "W_O (d_model x d_model): multi-head attention");
      sub.option("--heads", a.heads, "number of heads (needs --wo; divides d_model)", {.range = {{1, 4096}}});
      sub.option("--pe", a.pe, "a positional-encoding table (positions x dims), .npy or .csv");
      sub.option("--expect", a.expect,
                 "expected verdicts of the table's laws, e.g. \"score decays=holds\" (holds, fails or n/a; replaces the "
                 "table's default expectation of that law)");
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
