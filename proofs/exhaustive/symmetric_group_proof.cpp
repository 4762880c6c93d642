// SPDX-License-Identifier: MIT
// Proof S8: Attn(PX) = P·Attn(X) over the rationals for every one of the n! permutations, n = 2…8.
#include "proofs/exhaustive/symmetric_group_proof.hpp"

#include <cstdio>
#include <set>
#include <stdexcept>

#include "proofs/checks.hpp"
#include "proofs/random_cases.hpp"

namespace orderblind::proofs {
namespace {

const char* const source =
    "text 001, §3.2 (\"Appendix A.1 shows the same thing for any reordering, not only a reversal\") and Appendix A.1; "
    "text 000, §2";

std::string thousands(std::uint64_t v) {
  // NOTE: built by appending (std::string::insert trips a false -Wrestrict in GCC 12 at -O2).
  const std::string digits = std::to_string(v);
  std::string s;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f s", s);
  return buf;
}

/// Two equal rows of m, as "rows i and j of <what>", or "".
std::string equal_rows(const Matrix<Q>& m, const std::string& what) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = i + 1; j < m.rows(); ++j)
      if (m.row(i) == m.row(j)) return "rows " + std::to_string(i) + " and " + std::to_string(j) + " of " + what + " are equal";
  return {};
}

Matrix<Q> first_rows(const Matrix<Q>& x, std::size_t n) { return x.topRows(static_cast<Eigen::Index>(n)); }

}  // namespace

std::string exhaustive_degeneracy(const exhaustive_inputs& in, std::size_t max_n) {
  if (max_n < 2 || static_cast<Eigen::Index>(max_n) > in.x.rows())
    return "X has " + std::to_string(in.x.rows()) + " rows, but the sweep goes to n = " + std::to_string(max_n);
  for (const auto& [m, name] : {std::pair{&in.w.wq, "W_Q"}, std::pair{&in.w.wk, "W_K"}, std::pair{&in.w.wv, "W_V"}}) {
    if (*m == Matrix<Q>::Zero(m->rows(), m->cols())) return std::string(name) + " is 0";
    if (*m == Matrix<Q>::Identity(m->rows(), m->cols())) return std::string(name) + " is I";
  }
  const Matrix<Q> x = first_rows(in.x, max_n);
  for (const auto& [m, name] : {std::pair{x, "X"}, std::pair{Matrix<Q>(multiply(x, in.w.wq)), "X·W_Q"},
                                std::pair{Matrix<Q>(multiply(x, in.w.wk)), "X·W_K"},
                                std::pair{Matrix<Q>(multiply(x, in.w.wv)), "X·W_V"}})
    if (auto e = equal_rows(m, name); !e.empty()) return e;
  for (std::size_t n = 2; n <= max_n; ++n) {
    const auto t = self_attention_trace<Q, rational_kernel>(first_rows(in.x, n), in.w);
    for (Eigen::Index i = 0; i < t.a.rows(); ++i) {
      std::set<Q> values;
      for (Eigen::Index j = 0; j < t.a.cols(); ++j) {
        if (!(t.a(i, j) > Q(0)))
          return "at n = " + std::to_string(n) + " weight A(" + std::to_string(i) + "," + std::to_string(j) +
                 ") = " + format_scalar(t.a(i, j)) + " is not positive";
        values.insert(t.a(i, j));
      }
      if (values.size() < 2) return "at n = " + std::to_string(n) + " row " + std::to_string(i) + " of A is uniform";
    }
    if (auto e = equal_rows(t.z, "Attn(X) at n = " + std::to_string(n)); !e.empty()) return e;
  }
  return {};
}

exhaustive_inputs draw_exhaustive_inputs(std::uint64_t seed) {
  case_source src(seed);
  const auto n = static_cast<Eigen::Index>(exhaustive_max_n), d = exhaustive_d;
  std::string why;
  for (long draw = 1; draw <= 1000; ++draw) {
    exhaustive_inputs in;
    in.seed = seed;
    in.draw = draw;
    in.x = src.matrix<Q>(n, d);
    in.w = {src.matrix<Q>(d, d), src.matrix<Q>(d, d), src.matrix<Q>(d, d)};
    why = exhaustive_degeneracy(in);
    if (why.empty()) return in;
  }
  throw std::runtime_error("1000 draws from seed " + std::to_string(seed) + " were all degenerate (last: " + why + ")");
}

exhaustive_subject library_self_attention() {
  return {"orderblind::self_attention<mpq_rational, rational_kernel> (the fused exact head; scale 1/√d_k = 1/2)",
          [](const Matrix<Q>& x, const head_weights<Q>& w) { return self_attention<Q, rational_kernel>(x, w); }};
}

verify::check prove_symmetric_group(const run_config& cfg, const exhaustive_subject& subject, std::size_t max_n,
                                   unsigned threads) {
  const exhaustive_inputs in = draw_exhaustive_inputs(cfg.seed);
  const std::string exact = "mpq_rational (exact, ==)";
  const std::string kernel = "rational kernel φ(s) = 1 + s + s²/2 in place of exp (exact over Q)";

  verify::step inputs{"inputs", "the stated inputs are non-degenerate", source,
                       "X = " + show(in.x) + " (Sₙ permutes its first n rows), W_Q = " + show(in.w.wq) +
                           ", W_K = " + show(in.w.wk) + ", W_V = " + show(in.w.wv) + " — draw " +
                           std::to_string(in.draw) + " of case_source(seed) (gen_rational_matrix); required: "
                           "rows of X, XW_Q, XW_K, XW_V pairwise distinct; no weight 0 or I; at every n every row "
                           "of A strictly positive and not uniform; rows of Attn(X) pairwise distinct",
                       exact, "== (exact)"};
  const std::string why = exhaustive_degeneracy(in, max_n);
  inputs.add(verify::decided(why.empty(), why), false, "the drawn inputs");
  if (why.empty()) {
    // How mixed the kernel's rows are at the largest n: the extreme weights (each row sums to 1).
    const auto t = self_attention_trace<Q, rational_kernel>(first_rows(in.x, max_n), in.w);
    char buf[128];
    std::snprintf(buf, sizeof buf, "At n = %zu the weights of A lie in [%.3g, %.3g] (uniform would be %.3g).", max_n,
                  static_cast<double>(t.a.minCoeff()), static_cast<double>(t.a.maxCoeff()), 1.0 / double(max_n));
    inputs.remark(buf);
  }

  verify::step head{"head", "the checked Attn(X) is the library's self-attention", source,
                     subject.name + " on the first n rows of X against the library's generic pipeline "
                                    "(self_attention_trace: products, kernel weights, A·V), n = 2…" +
                         std::to_string(max_n),
                     exact, "== (exact)"};
  verify::comparison same = verify::decided(true);
  for (std::size_t n = 2; n <= max_n && same.held; ++n) {
    const Matrix<Q> x = first_rows(in.x, n);
    same = compare_exact(subject.attention(x, in.w), self_attention_trace<Q, rational_kernel>(x, in.w).z,
                         "Attn(X)", "the generic pipeline's Z");
    if (!same.held) same.why = "n = " + std::to_string(n) + ": " + same.why;
  }
  head.add(same, false, "the stated inputs");
  head.remark("The kernel: " + kernel + ".");

  verify::value::checks steps;
  steps.push_back(inputs.finish(cfg.seed));
  steps.push_back(head.finish(cfg.seed));
  for (std::size_t n = 2; n <= max_n; ++n) {
    const Matrix<Q> x = first_rows(in.x, n);
    const auto attn = [&](const Matrix<Q>& px) { return subject.attention(px, in.w); };
    const exhaustive::sweep_result s = exhaustive::sweep<Q>(x, attn, threads);
    const std::string k = thousands(s.permutations);
    verify::step step{"S" + std::to_string(n),
                       "Attn(PX) = P·Attn(X) for every P ∈ S" + std::to_string(n) + ": all " + std::to_string(n) +
                           "! = " + k + " permutations, the identity included, on these inputs",
                       source,
                       subject.name + " of PX against P·Attn(X) (Attn(X) once), X = the first " + std::to_string(n) +
                           " rows of the stated X; every permutation of 0…" + std::to_string(n - 1) +
                           " in lexicographic order, ranks split over " + std::to_string(s.threads) + " thread" +
                           (s.threads == 1 ? "" : "s"),
                       exact, "== (exact)",
                       // NOTE: exact over every permutation of S_n, but on the one stated input: not sampling, and
                       // not for all inputs.
                       verify::evidence_kind::exhaustive_exact};
    verify::comparison o = verify::decided(s.held());
    if (!s.complete())
      o.why = "the enumeration was incomplete: " + thousands(s.checked) + " checked, " + thousands(s.distinct) +
                 " distinct of " + k;
    std::string label = "the stated inputs";
    if (s.first_failure) {
      label = "P = " + s.first_failure->cycles() + " (rank " + thousands(s.first_failure_rank) + " of " + k + ")";
      o.why = s.first_failure_detail + "; " + thousands(s.failures) + " of " + k + " permutations differ";
    }
    step.add(o, false, label);
    if (s.held())
      step.remark(k + " of " + k + " permutations equal, each visited once (ranks 0…" + thousands(s.permutations - 1) +
                  "); " + seconds(s.seconds) + " wall, " + seconds(s.cpu_seconds) + " CPU, on " +
                  std::to_string(s.threads) + " thread" + (s.threads == 1 ? "" : "s") + ".");
    else
      step.remark("a counterexample for these inputs; " + seconds(s.seconds) + " wall.");
    steps.push_back(step.finish(cfg.seed, static_cast<std::int64_t>(s.checked)));
  }
  return proof_check("S8", "self-attention commutes with every permutation of Sₙ, n ≤ 8, on stated inputs (exact)",
                     source,
                     "one input, drawn from the seed (step 'inputs' prints it); the permutations are not sampled: all "
                     "n! of them are enumerated (std::next_permutation, lexicographic), each visited once (counted by "
                     "rank); --cases does not apply",
                     std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"S8", "self-attention commutes with every permutation of Sₙ, n ≤ 8, on stated inputs (exact)",
                                source, [](const run_config& cfg) {
                                  return prove_symmetric_group(cfg, library_self_attention());
                                }}};
}  // namespace

}  // namespace orderblind::proofs
