// SPDX-License-Identifier: MIT
// Computes the texts' worked examples for `orderblind example` and the main job.
#include "proofs/examples/worked_examples.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "orderblind/compare.hpp"
#include "orderblind/examples/text000.hpp"
#include "orderblind/examples/text001.hpp"
#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind::proofs {
namespace {

using R = mpfr100;
using Q = mpq_rational;

std::string fixed(const R& x, int decimals) { return x.str(decimals, std::ios_base::fixed); }
std::string vec(const Matrix<R>& m, Eigen::Index row, int decimals) {
  std::string s = "[";
  for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + fixed(m(row, j), decimals);
  return s + "]";
}
std::string qrow(const Matrix<Q>& m, Eigen::Index row) {
  std::string s = "[";
  for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + m(row, j).str();
  return s + "]";
}
/// |x − printed| ≤ ½·10^(−decimals): the printed figure is a correct rounding of x.
bool rounds_to(const R& x, const char* printed, int decimals) {
  using std::abs;
  return !(R("0.5") * R(pow(R(10), R(-decimals))) < R(abs(R(x - R(printed)))));
}
/// |x − printed|, rounded to a double: the residual of `rounds_to`.
double deviation(const R& x, const char* printed) {
  using std::abs;
  return static_cast<double>(R(abs(R(x - R(printed)))));
}
/// The bound of `rounds_to` at `decimals` decimals, in words.
std::string rounding_bound(int decimals) {
  return std::string("|x − figure| ≤ ½·10^-") + std::to_string(decimals) + " per entry (a correct rounding to " +
         std::to_string(decimals) + " decimals)";
}
/// The bound of `agrees(…, attention_reorder_bound_eps(n))`, in words.
std::string reorder_bound(Eigen::Index n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", attention_reorder_bound_eps(n));
  return std::string("≤ ") + buf + " ε·max(1, |entries|) (4(n+1), n = " + std::to_string(n) + ", ε of mpfr100)";
}
const std::string exact_bound = "== (exact)";
constexpr auto on_data_mpfr = verify::evidence_kind::mpfr100_on_data;
constexpr auto on_data_exact = verify::evidence_kind::exact_on_data;

worked_example dog_bites_man() {
  namespace ex = examples::text000;
  worked_example e{"dog-bites-man", "text 000, §3 and §4", "dog bites man vs man bites dog, W = I, d = 2",
                   "mpfr100 (MPFR, 100 digits)", {}};
  const std::string mp = e.arithmetic;
  const auto ta = ex::attend<R>(ex::sentence_a<R>());
  const auto tb = ex::attend<R>(ex::sentence_b<R>());
  e.figures.push_back({"dog's output in sentence A (row 0)", "[0.802, 0.599]", vec(ta.z, 0, 8),
                       rounds_to(ta.z(0, 0), "0.802", 3) && rounds_to(ta.z(0, 1), "0.599", 3), "", false, mp,
                       on_data_mpfr, rounding_bound(3),
                       std::max(deviation(ta.z(0, 0), "0.802"), deviation(ta.z(0, 1), "0.599")), ""});
  const Matrix<R> dog_a(ta.z.row(0)), dog_b(tb.z.row(2));
  e.figures.push_back({"dog's output in sentence B (row 2)", "[0.802, 0.599]", vec(tb.z, 2, 8),
                       agrees(dog_a, dog_b, attention_reorder_bound_eps(3)),
                       "the same vector: attention cannot tell the sentences apart", false, mp, on_data_mpfr,
                       reorder_bound(3), static_cast<double>(residual_in_eps(dog_a, dog_b)),
                       "dog's row in sentence B against dog's row in sentence A"});
  e.figures.push_back({"dog's weights in sentence A", "(0.401, 0.198, 0.401)", vec(ta.a, 0, 8),
                       rounds_to(ta.a(0, 0), "0.401", 3) && rounds_to(ta.a(0, 1), "0.198", 3), "", false, mp,
                       on_data_mpfr, rounding_bound(3),
                       std::max(deviation(ta.a(0, 0), "0.401"), deviation(ta.a(0, 1), "0.198")), ""});
  const auto pa = ex::attend<R>(ex::with_sinusoid(ex::sentence_a<R>()));
  const auto pb = ex::attend<R>(ex::with_sinusoid(ex::sentence_b<R>()));
  e.figures.push_back({"with sinusoidal PE: dog in sentence A", "[1.290, 1.032]", vec(pa.z, 0, 8),
                       rounds_to(pa.z(0, 0), "1.290", 3) && rounds_to(pa.z(0, 1), "1.032", 3), "", false, mp,
                       on_data_mpfr, rounding_bound(3),
                       std::max(deviation(pa.z(0, 0), "1.290"), deviation(pa.z(0, 1), "1.032")), ""});
  // NOTE: the two errata assert the correct figure (a rounding of the computed value) and, for the
  // second, that the text's figure is not one; the residual is that of the correct figure.
  e.figures.push_back({"with sinusoidal PE: dog's scores in sentence B", "0.762, 0.683, 2.699", vec(pb.s, 2, 8),
                       rounds_to(pb.s(2, 2), "2.700", 3),
                       "erratum: the third score is 2.70015, i.e. 2.700, not 2.699", true, mp, on_data_mpfr,
                       rounding_bound(3) + ", against the corrected 2.700", deviation(pb.s(2, 2), "2.700"), ""});
  e.figures.push_back({"with sinusoidal PE: dog in sentence B", "[1.695, 0.061]", vec(pb.z, 2, 8),
                       rounds_to(pb.z(2, 1), "0.060", 3) && !rounds_to(pb.z(2, 1), "0.061", 3),
                       "erratum: the true value is [1.69559336, 0.05993787] = [1.696, 0.060] to three decimals", true,
                       mp, on_data_mpfr, rounding_bound(3) + ", against the corrected 0.060 (and not against 0.061)",
                       deviation(pb.z(2, 1), "0.060"), ""});
  return e;
}

worked_example i_love_llms() {
  namespace ex = examples::text001;
  worked_example e{"i-love-llms", "text 001, §3.2", "I love LLMs vs LLMs love I, the author's weights",
                   "mpq_rational (exact) for S and the reversal; mpfr100 for softmax", {}};
  const std::string q = "mpq_rational (exact, ==)", mp = "mpfr100 (MPFR, 100 digits)";
  const auto tq = ex::forward<Q>(ex::x<Q>());
  bool s_ok = true;
  std::string s_str;
  for (int i = 0; i < 3; ++i) {
    s_str += (i ? " " : "") + std::string("[");
    for (int j = 0; j < 3; ++j) {
      const Q raw = tq.s(i, j) * Q(2);
      s_ok = s_ok && raw == Q(ex::raw_scores[i][j]);
      s_str += (j ? ", " : "") + raw.str();
    }
    s_str += "]";
  }
  e.figures.push_back({"Q Kᵀ (exact)", "[4, 2, 2] [2, 5, 3] [3, 2, 5]", s_str, s_ok, "", false, q, on_data_exact,
                       exact_bound, std::nullopt, ""});
  const auto p = ex::reversal();
  const auto tqr = ex::forward<Q>(p.apply_rows(ex::x<Q>()));
  e.figures.push_back({"reversed: S' = P S Pᵀ (exact)", "", "holds",
                       exactly_equal(tqr.s, p.apply_cols(p.apply_rows(tq.s))), "", false, q, on_data_exact,
                       exact_bound, std::nullopt, "S of the reversed sentence against P S Pᵀ, every entry"});
  e.figures.push_back({"reversed: Z' = P Z with the rational kernel (exact ==)", "", qrow(tqr.z, 2) + " = row I",
                       exactly_equal(tqr.z, p.apply_rows(tq.z)), "rational kernel 1+s+s²/2 keeps the layer exact",
                       false, q, on_data_exact, exact_bound, std::nullopt,
                       "Z of the reversed sentence against P Z, every entry (rational kernel)"});
  const auto tr = ex::forward<R>(ex::x<R>());
  const char* names[3] = {"I", "love", "LLMs"};
  const char* text[3] = {"(1.21, 0.58, 0.21, 0.21)", "(1.63, 0.14, 0.23, 0.63)", "(1.14, 0.23, 0.63, 0.14)"};
  for (int i = 0; i < 3; ++i) {
    bool ok = true;
    double worst = 0;
    for (int j = 0; j < 4; ++j) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.2f", ex::text_z[i][j]);
      ok = ok && rounds_to(tr.z(i, j), buf, 2);
      worst = std::max(worst, deviation(tr.z(i, j), buf));
    }
    e.figures.push_back({std::string("softmax output for ") + names[i], text[i], vec(tr.z, i, 8), ok, "", false, mp,
                         on_data_mpfr, rounding_bound(2), worst, ""});
  }
  const auto trr = ex::forward<R>(p.apply_rows(ex::x<R>()));
  const Matrix<R> pz = p.apply_rows(tr.z);
  e.figures.push_back({"reversed: Z' = P Z with softmax", "same vectors, reversed rows",
                       "max |Z' − PZ| = " + max_abs_difference(trr.z, pz).str(3),
                       agrees(trr.z, pz, attention_reorder_bound_eps(3)), "", false, mp, on_data_mpfr,
                       reorder_bound(3), static_cast<double>(residual_in_eps(trr.z, pz)),
                       "Z of the reversed sentence against P Z, every entry (softmax)"});
  return e;
}

worked_example counter() {
  namespace ex = examples::text001;
  worked_example e{"counter", "text 001, §3.7", "the counter p_m = m·𝟙: position score c·m·n",
                   "mpq_rational (exact)", {}};
  const std::string q = "mpq_rational (exact, ==)";
  const Q c = ex::c<Q>();
  e.figures.push_back({"c = 𝟙ᵀ M 𝟙, M = W_Q W_Kᵀ", "", c.str(), c == Q(4), "", false, q, on_data_exact, exact_bound,
                       std::nullopt, ""});
  const long pairs[4][2] = {{3, 0}, {10, 7}, {100, 97}, {10, 10}};
  const char* text[4] = {"0", "70c", "9700c", "100c"};
  const long mult[4] = {0, 70, 9700, 100};
  for (int k = 0; k < 4; ++k) {
    const Q s = ex::counter_score<Q>(pairs[k][0], pairs[k][1]);
    e.figures.push_back({"score of (" + std::to_string(pairs[k][0]) + ", " + std::to_string(pairs[k][1]) + ")",
                         text[k], s.str() + " = " + Q(s / c).str() + "c", s == Q(mult[k]) * c, "", false, q,
                         on_data_exact, exact_bound, std::nullopt, ""});
  }
  long hits = 0, tried = 0;
  for (long m = 3; m * (m - 3) <= 1600; ++m, ++tried)
    if (ex::counter_score<Q>(m, m - 3) == Q(1600) * c) ++hits;
  e.figures.push_back({"a pair three apart scoring 1600c (exercise)", "asked for", "none exists", hits == 0,
                       "m(m−3) = 1600 has discriminant 6409, not a square; every m with m(m−3) ≤ 1600 (" +
                           std::to_string(tried) + " of them) was tried",
                       false, q, on_data_exact, "== 1600c for no m (exact)", std::nullopt,
                       "the score of (m, m − 3) against 1600c, for every m with m(m − 3) ≤ 1600"});
  return e;
}

/// One figure as a check: the text's figure and the computed value are its details.
verify::check figure_check(const worked_example& e, const figure& f, std::size_t k) {
  verify::check c;
  c.id = e.name + " #" + std::to_string(k);
  c.statement = f.what;
  c.source = e.source;
  c.compared = !f.compared.empty() ? f.compared
               : f.text.empty()     ? "the computed value against the statement"
                                    : "the computed value against the text's figure";
  c.arithmetic = f.arithmetic;
  c.evidence = f.evidence;
  c.bound = f.bound;
  if (f.residual) c.residual = *f.residual;
  c.outcome = !f.held ? verify::verdict::failed : f.erratum ? verify::verdict::erratum : verify::verdict::held;
  c.note = f.note;
  // NOTE: null, not "", when the text prints no figure (text and Markdown then omit it).
  c.with("text_figure", f.text.empty() ? verify::value() : verify::value(f.text)).with("computed", f.computed);
  return c;
}

}  // namespace

std::vector<worked_example> compute_worked_examples() {
  return {dog_bites_man(), i_love_llms(), text001_exact_example(), counter()};
}

verify::value::checks figure_checks(const worked_example& e) {
  verify::value::checks figures;
  for (std::size_t k = 0; k < e.figures.size(); ++k) figures.push_back(figure_check(e, e.figures[k], k + 1));
  return figures;
}

verify::report example_report(const std::vector<std::string>& names) {
  const auto all = compute_worked_examples();
  std::vector<const worked_example*> chosen;
  for (const auto& n : names)
    for (const auto& e : all)
      if (e.name == n) chosen.push_back(&e);
  if (names.empty())
    for (const auto& e : all) chosen.push_back(&e);
  verify::report r{"orderblind-example/2", "Worked examples of the texts", {}};
  verify::value::list examples;
  for (const auto* e : chosen)
    examples.push_back(verify::value::object{{"name", e->name},
                                             {"title", e->title},
                                             {"source", e->source},
                                             {"arithmetic", e->arithmetic},
                                             {"verdict", e->held() ? "held" : "FAILED"},
                                             {"figures", figure_checks(*e)}});
  r.add("examples", std::move(examples));
  return r;
}

}  // namespace orderblind::proofs
