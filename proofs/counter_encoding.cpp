// SPDX-License-Identifier: MIT
// Proof 3.7: the counter's position score is c·m·n.
#include "counter_encoding.hpp"

#include "checks.hpp"
#include "orderblind/examples/text001.hpp"
#include "orderblind/positional.hpp"
#include "random_cases.hpp"

namespace orderblind::proofs {

counter_subject library_counter() {
  return {"orderblind::pe::counter", [](long m, Eigen::Index d) {
            return Matrix<Q>(pe::counter<Q>(1, d, m));  // one row: position m
          }};
}

namespace {

Q entry(const Matrix<Q>& m) { return m(0, 0); }
/// a M bᵀ for row vectors a, b.
Q bilinear(const Matrix<Q>& a, const Matrix<Q>& m, const Matrix<Q>& b) {
  return entry(multiply_transposed(multiply(a, m), b));
}
Q sum_all(const Matrix<Q>& m) {
  Q s(0);
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) s += m(i, j);
  return s;
}

}  // namespace

verify::check prove_37(const run_config& cfg, const counter_subject& subject) {
  const std::string src = "text 001, §3.7";
  const std::string exact = "mpq_rational (exact, ==)";
  verify::step s1{"1", "q_m·k_n = (e_m + p_m)W_Q ((e_n + p_n)W_K)ᵀ = e_m M e_nᵀ + e_m M p_nᵀ + p_m M e_nᵀ + p_m M p_nᵀ, "
                        "M = W_Q W_Kᵀ",
                   src, "the score from the projected vectors against the sum of the four terms", exact, "== (exact)"};
  verify::step s2{"2", "with p_m = m𝟙 the position term collapses: p_m M p_nᵀ = c·m·n, c = 𝟙ᵀ M 𝟙 (c = 4 for the "
                        "author's M)",
                   src, subject.name + "'s p_m M p_nᵀ against c·m·n for m, n ∈ 0…12 (example) or random m, n ≤ 500",
                   exact, "== (exact)"};
  verify::step s3{"3", "three pairs three apart, (3, 0), (10, 7), (100, 97), score 0, 70c, 9700c: one gap, three "
                        "different scores",
                   src, "the three scores against 0, 70c, 9700c, and pairwise different when c ≠ 0", exact,
                   "== (exact)"};
  verify::step s4{"4", "the word at 10 scores 100c against itself and 70c against 7 back: 100c > 70c exactly when "
                        "c > 0; scaling the counter by λ ≠ 0 gives c·λ², so no scaling repairs the ranking",
                   src, "(100c > 70c) against (c > 0); c of the scaled counter against c·λ²", exact, "== (exact)"};
  verify::step s5{"5", "the exercise \"find another pair three apart scoring 1600c\" has no solution: m(m + 3) = 1600 "
                        "has no integer root; the smallest score three apart is 0, at (3, 0)",
                   src + ", Try it", "the discriminant 9 + 4·1600 = 6409 against the squares 80² = 6400 and 81² = 6561, "
                                     "and every m ≥ 0 with m(m + 3) ≤ 1600 (scores from the vectors, c = 4)",
                   exact, "== (exact)"};
  namespace ex = examples::text001;
  const auto w = ex::weights<Q>();
  const Matrix<Q> m_author = ex::m<Q>();
  const Q c_author = sum_all(m_author);
  // Step 1: the example (the author's weights, e = rows of X, p = the counter) and random vectors.
  {
    const Matrix<Q> x = ex::x<Q>();
    for (long pm = 0; pm < 3; ++pm)
      for (long pn = 0; pn < 3; ++pn) {
        const Matrix<Q> em = x.row(pm), en = x.row(pn);
        const Matrix<Q> p_m = subject.encode(pm, 4), p_n = subject.encode(pn, 4);
        const Matrix<Q> q = multiply(Matrix<Q>(em + p_m), w.wq), k = multiply(Matrix<Q>(en + p_n), w.wk);
        const Q lhs = entry(multiply_transposed(q, k));
        const Q rhs = bilinear(em, m_author, en) + bilinear(em, m_author, p_n) + bilinear(p_m, m_author, en) +
                      bilinear(p_m, m_author, p_n);
        s1.add(verify::decided(lhs == rhs, "score " + lhs.str() + " ≠ four terms " + rhs.str()), true,
                 "I love LLMs, positions " + std::to_string(pm) + ", " + std::to_string(pn));
      }
    for (long m = 0; m <= 12; ++m)
      for (long n = 0; n <= 12; ++n) {
        const Q score = bilinear(subject.encode(m, 4), m_author, subject.encode(n, 4));
        s2.add(verify::decided(score == c_author * Q(m) * Q(n),
                               "p_" + std::to_string(m) + " M p_" + std::to_string(n) + "ᵀ = " + score.str() + " ≠ c·m·n = " +
                                   Q(c_author * Q(m) * Q(n)).str()),
                 true, "the author's M, m = " + std::to_string(m) + ", n = " + std::to_string(n));
      }
    s2.add(verify::decided(c_author == Q(4), "c = " + c_author.str() + ", not 4"), true, "c of the author's M");
  }
  // Steps 3–5 on the author's M, computed from the vectors.
  {
    auto score = [&](long m, long n) { return bilinear(subject.encode(m, 4), m_author, subject.encode(n, 4)); };
    const Q a = score(3, 0), b = score(10, 7), d = score(100, 97);
    s3.add(verify::decided(a == Q(0) && b == Q(70) * c_author && d == Q(9700) * c_author && a != b && b != d && a != d,
                           "scores " + a.str() + ", " + b.str() + ", " + d.str()),
             true, "the author's M (c = 4)");
    const Q self = score(10, 10), back = score(10, 7);
    s4.add(verify::decided(self == Q(100) * c_author && (self > back) == (c_author > Q(0)),
                           "100c = " + self.str() + ", 70c = " + back.str()),
             true, "the author's M (c = 4)");
    bool none = true;
    std::string hit;
    for (long m = 0; m * (m + 3) <= 1600; ++m)
      if (score(m + 3, m) == Q(1600) * c_author) {
        none = false;
        hit = "(" + std::to_string(m + 3) + ", " + std::to_string(m) + ")";
      }
    const long disc = 9 + 4 * 1600;
    const bool not_square = 80 * 80 < disc && disc < 81 * 81;
    Q smallest = score(3, 0);
    for (long m = 0; m <= 50; ++m) smallest = score(m + 3, m) < smallest ? score(m + 3, m) : smallest;
    s5.add(verify::decided(none && not_square && disc == 6409 && smallest == Q(0),
                           none ? "discriminant or smallest score wrong" : "a pair scores 1600c: " + hit),
             true, "the author's M (c = 4)");
  }
  // Random cases: random M (random W_Q, W_K), random contents, random positions.
  case_source gen(cfg.seed);
  for (long k = 0; k < cfg.cases; ++k) {
    const auto d = gen.integer(1, 5), dk = gen.integer(1, 4);
    const Matrix<Q> wq = gen.matrix<Q>(d, dk), wk = gen.matrix<Q>(d, dk);
    const Matrix<Q> mm = multiply_transposed(wq, wk);
    const Q c = sum_all(mm);
    const long m = gen.integer(0, 500), n = gen.integer(0, 500);
    const Matrix<Q> em = gen.matrix<Q>(1, d), en = gen.matrix<Q>(1, d);
    const Matrix<Q> p_m = subject.encode(m, d), p_n = subject.encode(n, d);
    const std::string lbl = "random case " + std::to_string(k + 1) + " (W_Q = " + show(wq) + ", W_K = " + show(wk) +
                            ", m = " + std::to_string(m) + ", n = " + std::to_string(n) + ")";
    const Q lhs = entry(multiply_transposed(multiply(Matrix<Q>(em + p_m), wq), multiply(Matrix<Q>(en + p_n), wk)));
    const Q rhs = bilinear(em, mm, en) + bilinear(em, mm, p_n) + bilinear(p_m, mm, en) + bilinear(p_m, mm, p_n);
    s1.add(verify::decided(lhs == rhs, "score " + lhs.str() + " ≠ four terms " + rhs.str()), false, lbl);
    const Q pos = bilinear(p_m, mm, p_n);
    s2.add(verify::decided(pos == c * Q(m) * Q(n), "p_m M p_nᵀ = " + pos.str() + " ≠ c·m·n = " + Q(c * Q(m) * Q(n)).str()),
             false, lbl);
    auto score = [&](long a, long b) { return bilinear(subject.encode(a, d), mm, subject.encode(b, d)); };
    const Q a = score(3, 0), b = score(10, 7), e = score(100, 97);
    s3.add(verify::decided(a == Q(0) && b == Q(70) * c && e == Q(9700) * c && (c == Q(0) || (a != b && b != e)),
                           "scores " + a.str() + ", " + b.str() + ", " + e.str() + " with c = " + c.str()),
             false, lbl);
    const Q lambda = gen.rational<Q>();
    const Matrix<Q> scaled_m = subject.encode(m, d) * lambda, scaled_n = subject.encode(n, d) * lambda;
    const bool ranking = (score(10, 10) > score(10, 7)) == (c > Q(0));
    const bool scaling = bilinear(scaled_m, mm, scaled_n) == c * lambda * lambda * Q(m) * Q(n);
    s4.add(verify::decided(ranking && scaling, ranking ? "scaling by λ = " + lambda.str() + " is not c·λ²"
                                                       : "100c > 70c disagrees with c > 0 for c = " + c.str()),
             false, lbl);
  }
  s5.remark("6409 lies strictly between 80² and 81², so m² + 3m − 1600 = 0 has no integer root: the text's exercise "
            "has no answer (an erratum; 1600c = 40·40c is the score of the pair (40, 40), zero apart).");
  verify::value::checks steps;
  for (auto* s : {&s1, &s2, &s3, &s4, &s5}) steps.push_back(s->finish(cfg.seed));
  return proof_check("3.7", "a counter cannot carry relative position: its score is c·m·n", src, random_cases_description, std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"3.7", "a counter cannot carry relative position: its score is c·m·n", "text 001, §3.7",
                                [](const run_config& cfg) { return prove_37(cfg); }}};
}  // namespace

}  // namespace orderblind::proofs
