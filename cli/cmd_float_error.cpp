// SPDX-License-Identifier: MIT
// `orderblind float-error`: the Boost.Math-style table of Attn(PX) − P·Attn(X) in double: how far in-order
// floating sums move the output under a permutation; one check per (summation, n) row.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "orderblind/enclosure/float_error.hpp"
#include "orderblind/seed.hpp"
#include "registry.hpp"

namespace orderblind::cli {
namespace {

constexpr long default_float_cases = 200;

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

/// One row as a check: in-order sums within the derived bound (sampled, within a bound), sorted sums
/// bit for bit (sampled, ==).
verify::check row_check(const enclosure::float_error_row& r, std::uint64_t seed) {
  const bool sorted = r.summation == "sorted";
  verify::check c;
  c.id = r.summation + ", n = " + std::to_string(r.n);
  c.statement = sorted ? "Attn(PX) == P·Attn(X) bit for bit, with sorted sums"
                       : "|Attn(PX) − P·Attn(X)| ≤ 4(n+1) ε·max(1, max|Attn(X)|), with in-order sums";
  c.source = sorted ? "summation::sorted (lib/orderblind/matrix.hpp)"
                    : "attention_reorder_bound_eps (lib/orderblind/compare.hpp; Higham §4.2)";
  c.compared = "Attn(PX) against P·Attn(X), every entry, in units of ε·max(1, max|Attn(X)|), ε = 2^-52";
  c.arithmetic = "double (IEEE binary64)";
  c.evidence = sorted ? verify::evidence_kind::sampled_exact : verify::evidence_kind::sampled_within_bound;
  c.bound = sorted ? "== (bit for bit)" : "≤ " + num(r.bound_eps) + " ε (4(n+1))";
  c.residual = r.max_eps;
  c.cases = r.cases;
  c.seed = seed;
  c.outcome = verify::held_if(r.held);
  c.note = r.non_number.empty() ? "" : "not a number: " + r.non_number;
  // NOTE: the accuracy columns are null when --no-accuracy skipped the mpfr100 reference (the
  // library marks them −1), never a made-up 0.
  const auto accuracy = [](double v) { return v < 0 ? verify::value() : verify::value(v); };
  c.with("summation", r.summation)
      .with("n", static_cast<std::int64_t>(r.n))
      .with("rms_eps", r.rms_eps)
      .with("bit_identical", r.bit_identical)
      .with("bound_eps", r.bound_eps)
      .with("accuracy_max_eps", accuracy(r.acc_max_eps))
      .with("accuracy_rms_eps", accuracy(r.acc_rms_eps))
      .with("worst", r.worst);
  return c;
}

verify::report float_error_report(const std::vector<enclosure::float_error_row>& rows, long cases,
                                  std::uint64_t seed, bool accuracy) {
  verify::report r{"orderblind-float-error/2", "Floating error of attention's equivariance, double (IEEE binary64)", {}};
  verify::value::checks checks;
  for (const auto& row : rows) checks.push_back(row_check(row, seed));
  r.add("what", "max |Attn(PX) - P·Attn(X)| / (eps·max(1, max|Attn(X)|)), double")
      .add("arithmetic", "double (IEEE binary64), reference mpfr100")
      .add("cases_per_row", cases)
      .add("seed", seed)
      .add("inputs", enclosure::float_error_inputs())
      .add("accuracy", accuracy ? "|Attn_double(X) - Attn_mpfr100(X)| in the same units (accuracy max / RMS)"
                                : "not computed (--no-accuracy)")
      .add("rows", std::move(checks))
      .add("bound_rule", "4(n+1) eps for in-order sums (lib/orderblind/compare.hpp, attention_reorder_bound_eps); "
                         "sorted sums must be bit-for-bit (summation::sorted)");
  return r;
}

/// The subcommand's report, for the subcommand and for the no-argument run alike.
verify::report run_float_error(const global_options& opts, bool accuracy) {
  const long cases = opts.cases.value_or(default_float_cases);
  const std::uint64_t seed = opts.seed.value_or(default_seed);
  if (cases <= 0) throw usage_error("--cases", "must be at least 1");
  return float_error_report(enclosure::float_error_table({2, 4, 8, 16, 32, 64}, cases, seed, accuracy), cases, seed,
                            accuracy);
}

const registrar cmd{command{
    "float-error",
    "table of Attn(PX) - P·Attn(X) in double (max and RMS in eps, worst input) for in-order and sorted sums",
    [](args& sub, const global_options& opts, int& rc) {
      static bool no_accuracy = false;
      sub.flag("--no-accuracy", no_accuracy, "skip the mpfr100 reference (faster)");
      sub.on_run([&opts, &rc] {
        require_format(opts.format);
        const auto r = run_float_error(opts, !no_accuracy);
        emit(r, opts, std::cout);
        rc = exit_code_of(r);
      });
    }}};

// NOTE: the summary splits the table by summation: sorted sums (bit for bit) and in-order sums (within
// the bound) are different claims with different kinds of evidence.
const registrar job{main_job{36, "float-error", [](const global_options& opts) {
                               verify::value::checks sorted, in_order;
                               for (auto& c : verify::top_checks(run_float_error(opts, true)))
                                 (c.id.rfind("sorted", 0) == 0 ? sorted : in_order).push_back(std::move(c));
                               return verify::value::checks{
                                   verify::summarise(sorted, "float:sorted",
                                                     "double attention with sorted sums is bit-for-bit equivariant"),
                                   verify::summarise(in_order, "float:in-order",
                                                     "double attention with in-order sums: |Attn(PX) − P·Attn(X)| ≤ "
                                                     "4(n+1)ε·max|V| (see 'orderblind float-error')")};
                             }}};

}  // namespace
}  // namespace orderblind::cli
