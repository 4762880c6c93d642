// SPDX-License-Identifier: MIT
// `orderblind float-error`: the Boost.Math-style table of Attn(PX) − P·Attn(X) in double: how far in-order floating sums move the output under a permutation.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

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

void print(const std::vector<enclosure::float_error_row>& rows, long cases, std::uint64_t seed,
           const std::string& format, std::ostream& os) {
  if (format == "json") {
    nlohmann::json j{{"what", "max |Attn(PX) - P·Attn(X)| / (eps·max(1, max|Attn(X)|)), double"},
                     {"arithmetic", "double (IEEE binary64), reference mpfr100"},
                     {"cases_per_row", cases},
                     {"seed", seed},
                     {"inputs", enclosure::float_error_inputs()},
                     {"rows", nlohmann::json::array()}};
    for (const auto& r : rows)
      j["rows"].push_back({{"summation", r.summation}, {"n", r.n}, {"cases", r.cases}, {"max_eps", r.max_eps},
                           {"rms_eps", r.rms_eps}, {"bit_identical", r.bit_identical}, {"bound_eps", r.bound_eps},
                           {"accuracy_max_eps", r.acc_max_eps}, {"accuracy_rms_eps", r.acc_rms_eps},
                           {"verdict", r.held ? "held" : "FAILED"}, {"worst", r.worst}});
    os << j.dump(2) << "\n";
    return;
  }
  const bool md = format == "markdown";
  os << (md ? "### " : "") << "Floating error of attention's equivariance, double (IEEE binary64)\n\n"
     << "error = |Attn(PX) - P·Attn(X)| in units of eps·max(1, max|Attn(X)|), eps = 2^-52; "
     << cases << " cases per row, seed " << seed << ".\n"
     << "accuracy = |Attn_double(X) - Attn_mpfr100(X)| in the same units.\n"
     << "inputs: " << enclosure::float_error_inputs() << "\n\n";
  if (md) {
    os << "| summation | n | max (ε) | RMS (ε) | bit-identical | bound (ε) | accuracy max (ε) | accuracy RMS (ε) | verdict | worst input |\n"
       << "|---|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : rows)
      os << "| " << r.summation << " | " << r.n << " | " << num(r.max_eps) << " | " << num(r.rms_eps) << " | "
         << r.bit_identical << "/" << r.cases << " | " << (r.bound_eps == 0 ? "0 (bit-for-bit)" : num(r.bound_eps))
         << " | " << num(r.acc_max_eps) << " | " << num(r.acc_rms_eps) << " | " << (r.held ? "held" : "**FAILED**")
         << " | " << r.worst << " |\n";
  } else {
    char line[256];
    std::snprintf(line, sizeof line, "%-9s %4s %10s %10s %13s %10s %10s %10s  %s\n", "summation", "n", "max(eps)",
                  "RMS(eps)", "bit-identical", "bound", "acc max", "acc RMS", "verdict");
    os << line;
    for (const auto& r : rows) {
      const std::string bit = std::to_string(r.bit_identical) + "/" + std::to_string(r.cases);
      std::snprintf(line, sizeof line, "%-9s %4ld %10s %10s %13s %10s %10s %10s  %s\n", r.summation.c_str(),
                    static_cast<long>(r.n), num(r.max_eps).c_str(), num(r.rms_eps).c_str(), bit.c_str(),
                    r.bound_eps == 0 ? "0 (bits)" : num(r.bound_eps).c_str(), num(r.acc_max_eps).c_str(),
                    num(r.acc_rms_eps).c_str(), r.held ? "held" : "FAILED");
      os << line;
    }
    os << "\nworst inputs:\n";
    for (const auto& r : rows) os << "  " << r.summation << ", n = " << r.n << ": " << r.worst << "\n";
  }
  os << "\nbound: 4(n+1) eps for in-order sums (lib/orderblind/compare.hpp, attention_reorder_bound_eps); sorted "
        "sums must be bit-for-bit (summation::sorted).\n";
}

const registrar cmd{command{
    "float-error",
    "table of Attn(PX) - P·Attn(X) in double (max and RMS in eps, worst input) for in-order and sorted sums",
    [](CLI::App& sub, const global_options& opts, int& rc) {
      static bool no_accuracy = false;
      sub.add_flag("--no-accuracy", no_accuracy, "skip the mpfr100 reference (faster)");
      sub.callback([&opts, &rc] {
        const long cases = opts.cases.value_or(default_float_cases);
        const std::uint64_t seed = opts.seed.value_or(default_seed);
        if (cases <= 0) throw CLI::ValidationError("--cases", "must be at least 1");
        const auto rows = enclosure::float_error_table({2, 4, 8, 16, 32, 64}, cases, seed, !no_accuracy);
        print(rows, cases, seed, opts.format, std::cout);
        for (const auto& r : rows)
          if (!r.held) rc = failed;
      });
    }}};

const registrar job{main_job{36, "float-error", [](const global_options& opts) {
                               const long cases = opts.cases.value_or(50);
                               const std::uint64_t seed = opts.seed.value_or(default_seed);
                               const auto rows = enclosure::float_error_table({4, 16, 64}, cases, seed, false);
                               bool sorted_ok = true, order_ok = true;
                               double worst = 0;
                               for (const auto& r : rows) {
                                 (r.summation == "sorted" ? sorted_ok : order_ok) &= r.held;
                                 if (r.summation != "sorted") worst = std::max(worst, r.max_eps / r.bound_eps);
                               }
                               return std::vector<summary_row>{
                                   {"float:sorted", "double attention with sorted sums is bit-for-bit equivariant (n = 4, 16, 64)",
                                    3, "double (IEEE binary64)", cases, sorted_ok},
                                   {"float:in-order", "double attention with in-order sums: |Attn(PX) - P·Attn(X)| <= 4(n+1) eps (worst " +
                                                          num(100 * worst) + "% of the bound)",
                                    3, "double (IEEE binary64)", cases, order_ok}};
                             }}};

}  // namespace
}  // namespace orderblind::cli
