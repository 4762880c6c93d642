// The claims of the four seeds, computed: mpq_rational where the claim is exact, mpfr100 for the
// figures that need exp, sin or cos, double where the claim is about floating point itself.
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <random>

#include "claims.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/examples/seed000.hpp"
#include "orderblind/examples/seed001.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/positional.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind::cli {
namespace {

using R = mpfr100;
using Q = mpq_rational;
const char* const exact = "mpq_rational (exact)";
const char* const real = "mpfr100 (MPFR, 100 digits)";

/// x printed with `decimals` decimals.
std::string fix(const R& x, int decimals) { return x.str(decimals, std::ios_base::fixed); }
/// The number of decimals of a printed figure ("0.401" → 3, "2" → 0).
int decimals_of(const std::string& printed) {
  const auto dot = printed.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(printed.size() - dot - 1);
}
/// |x − printed| ≤ ½·10^(−decimals): the printed figure is a correct rounding of x.
bool rounds_to(const R& x, const std::string& printed) {
  using std::abs;
  using std::pow;
  const int d = decimals_of(printed);
  return !(R("0.5") * R(pow(R(10), R(-d))) < R(abs(R(x - R(printed)))));
}

class report_builder {
 public:
  /// A claim decided by the caller.
  void add(claim c) { r_.claims.push_back(std::move(c)); }

  /// Figures the text prints (rounded): held when each rounds correctly; otherwise an erratum, and the
  /// check asserts the correct figures instead.
  void figures(const std::string& seed, const std::string& section, const std::string& quote,
               const std::vector<std::string>& text, const std::vector<std::string>& correct,
               const std::vector<R>& values, const std::string& note = {}) {
    claim c{seed, section, quote, join(text), "", real, true, true, "", note};
    std::string full;
    for (std::size_t i = 0; i < values.size(); ++i) {
      full += (i ? ", " : "") + fix(values[i], 8);
      c.text_correct = c.text_correct && rounds_to(values[i], text[i]);
      c.check_held = c.check_held && rounds_to(values[i], correct[i]);
      if (text[i] != correct[i]) c.check_held = c.check_held && !rounds_to(values[i], text[i]);
    }
    c.computed = values.size() == 1 ? full : "(" + full + ")";
    if (text != correct) {
      c.correction = join(correct) + " (the true value is " + c.computed + ")";
      if (c.text_correct) c.check_held = false;  // the asserted erratum is not one
    } else if (!c.text_correct) {
      c.check_held = false;  // the text's figure was expected right but is not
    }
    add(std::move(c));
  }

  claims_report take() { return std::move(r_); }

 private:
  static std::string join(const std::vector<std::string>& v) {
    if (v.size() == 1) return v.front();
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s + ")";
  }
  claims_report r_;
};

claim exact_claim(std::string seed, std::string section, std::string quote, std::string text, std::string computed,
                  bool holds, std::string note = {}) {
  return {std::move(seed), std::move(section), std::move(quote), std::move(text), std::move(computed), exact,
          true, holds, "", std::move(note)};
}
claim erratum(std::string seed, std::string section, std::string quote, std::string text, std::string computed,
              std::string arithmetic, bool check_holds, std::string correction, std::string note = {}) {
  return {std::move(seed), std::move(section), std::move(quote), std::move(text), std::move(computed),
          std::move(arithmetic), false, check_holds, std::move(correction), std::move(note)};
}

std::string qrow(const Matrix<Q>& m, Eigen::Index i) {
  std::string s = "(";
  for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + m(i, j).str();
  return s + ")";
}

Q determinant(Matrix<Q> m) {
  Q det(1);
  const auto n = m.rows();
  for (Eigen::Index c = 0; c < n; ++c) {
    Eigen::Index p = c;
    while (p < n && m(p, c) == Q(0)) ++p;
    if (p == n) return Q(0);
    if (p != c) {
      m.row(c).swap(m.row(p));
      det = -det;
    }
    det *= m(c, c);
    for (Eigen::Index r = c + 1; r < n; ++r) {
      const Q f = m(r, c) / m(c, c);
      for (Eigen::Index j = c; j < n; ++j) m(r, j) -= f * m(c, j);
    }
  }
  return det;
}

/// Attention in double with W = I, scale 1/√d, in-order or sorted sums.
Matrix<double> attend_double(const Matrix<double>& x, summation how) {
  const Matrix<double> id = Matrix<double>::Identity(x.cols(), x.cols());
  attention_options<double> opt;
  opt.sum = how;
  return self_attention<double, softmax_kernel>(x, {id, id, id}, opt);
}

// ------------------------------------------------------------------------------------------------
void seed000(report_builder& b) {
  namespace ex = examples::seed000;
  const std::string s = "seed 000";
  using std::exp;
  using std::sqrt;
  const R r2 = sqrt(R(2));
  b.figures(s, "§3", "√d_k = √2 ≈ 1.414", {"1.414"}, {"1.414"}, {r2});
  {
    const Matrix<Q> p = ex::swap_first_and_last().matrix<Q>();
    const Matrix<Q> text = from_rows<Q, int>({{0, 0, 1}, {0, 1, 0}, {1, 0, 0}});
    b.add(exact_claim(s, "§1", "For \"dog bites man\" → \"man bites dog\" (swap positions 1 and 3): P = [[0,0,1],[0,1,0],[1,0,0]]",
                      "P = [[0,0,1],[0,1,0],[1,0,0]]", "the transposition (0 2) has that matrix, and PᵀP = I",
                      exactly_equal(p, text) &&
                          exactly_equal(multiply(Matrix<Q>(p.transpose()), p), Matrix<Q>(Matrix<Q>::Identity(3, 3)))));
    const Matrix<Q> m = from_rows<Q, int>({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
    const Matrix<Q> pmpt = multiply(multiply(p, m), Matrix<Q>(p.transpose()));
    b.add(exact_claim(s, "§1", "P M Pᵀ applies the same permutation to the rows and columns of M",
                      "P M Pᵀ = M with rows and columns permuted",
                      "P M Pᵀ = rows/columns of M moved by (0 2) for M = [[1,2,3],[4,5,6],[7,8,9]]",
                      exactly_equal(pmpt, ex::swap_first_and_last().apply_cols(ex::swap_first_and_last().apply_rows(m)))));
  }
  {
    // §1: "The only thing determining A_ij is the content of rows i and j" — S_ij, yes; A_ij, no.
    const Matrix<Q> x = ex::sentence_a<Q>();
    Matrix<Q> x2 = x;
    x2(2, 0) = Q(2);  // change man (row 3) only
    attention_options<Q> one;
    one.scale = Q(1);
    const Matrix<Q> id = Matrix<Q>::Identity(2, 2);
    const auto t1 = self_attention_trace<Q, rational_kernel>(x, {id, id, id}, one);
    const auto t2 = self_attention_trace<Q, rational_kernel>(x2, {id, id, id}, one);
    const auto ra1 = ex::attend<R>(ex::sentence_a<R>());
    Matrix<R> xr2 = ex::sentence_a<R>();
    xr2(2, 0) = R(2);
    const auto ra2 = ex::attend<R>(xr2);
    b.add(erratum(s, "§1", "The only thing determining A_ij is the content of rows i and j",
                  "A_ij depends on rows i and j only",
                  "changing man's row (row 3) alone moves A₁₂ (dog → bites) from " + fix(ra1.a(0, 1), 6) + " to " +
                      fix(ra2.a(0, 1), 6) + " (softmax); S₁₂ stays " + t1.s(0, 1).str(),
                  exact, t1.s(0, 1) == t2.s(0, 1) && t1.a(0, 1) != t2.a(0, 1) && !(ra1.a(0, 1) == ra2.a(0, 1)),
                  "S_ij depends only on rows i and j; A_ij also depends on every other row's content through the "
                  "row's normaliser — but on no row's position"));
  }
  {
    // Try it yourself 1: a 4-token sentence in double; the residual is a few ε, not luck.
    std::mt19937_64 rng(4);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    double worst = 0;
    for (int k = 0; k < 200; ++k) {
      Matrix<double> x(4, 2);
      for (Eigen::Index i = 0; i < 4; ++i)
        for (Eigen::Index j = 0; j < 2; ++j) x(i, j) = u(rng);
      std::vector<std::size_t> img{0, 1, 2, 3};
      std::shuffle(img.begin(), img.end(), rng);
      const permutation p(img);
      const auto lhs = attend_double(p.apply_rows(x), summation::in_order);
      const auto rhs = p.apply_rows(attend_double(x, summation::in_order));
      const double r = residual_in_eps(lhs, rhs);
      worst = r > worst ? r : worst;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", worst);
    b.add(claim{s, "Try it yourself, 1", "verify the equivariance identity numerically ... Convince yourself the residual "
                                         "is machine epsilon, not luck",
                "residual ≈ machine ε", std::string("200 random 4-token inputs (mt19937_64 seed 4): worst residual ") + buf +
                                            " ε, within the derived bound 4(n+1) = 20 ε",
                "double (IEEE binary64)", true, worst <= attention_reorder_bound_eps(4), "", ""});
  }
  // §3: dog bites man with W = I.
  const auto ta = ex::attend<R>(ex::sentence_a<R>());
  const auto tb = ex::attend<R>(ex::sentence_b<R>());
  b.add(exact_claim(s, "§3", "Scores (dot products with dog, bites, man): 1, 0, 1", "1, 0, 1",
                    "1, 0, 1 (exact integer dot products)",
                    [&] {
                      const Matrix<Q> x = ex::sentence_a<Q>();
                      const Matrix<Q> g = multiply_transposed(x, x);
                      return g(0, 0) == Q(1) && g(0, 1) == Q(0) && g(0, 2) == Q(1);
                    }()));
  b.figures(s, "§3", "divided by √2: 0.707, 0, 0.707", {"0.707", "0", "0.707"}, {"0.707", "0", "0.707"},
            {ta.s(0, 0), ta.s(0, 1), ta.s(0, 2)});
  const R e = exp(R(1) / r2);
  b.figures(s, "§3", "Softmax: (2.028, 1.000, 2.028) / 5.056", {"2.028", "1.000", "2.028", "5.056"},
            {"2.028", "1.000", "2.028", "5.056"}, {e, R(1), e, R(R(2) * e + R(1))});
  b.figures(s, "§3", "= (0.401, 0.198, 0.401)", {"0.401", "0.198", "0.401"}, {"0.401", "0.198", "0.401"},
            {ta.a(0, 0), ta.a(0, 1), ta.a(0, 2)});
  b.figures(s, "§3", "Output: 0.401[1,0] + 0.198[0,1] + 0.401[1,1] = [0.802, 0.599]", {"0.802", "0.599"},
            {"0.802", "0.599"}, {ta.z(0, 0), ta.z(0, 1)});
  b.figures(s, "§3", "Sentence B ... Output: [0.802, 0.599] — Identical", {"0.802", "0.599"}, {"0.802", "0.599"},
            {tb.z(2, 0), tb.z(2, 1)},
            "dog's row in B equals its row in A within 4(n+1) ε: " +
                std::string(agrees(Matrix<R>(ta.z.row(0)), Matrix<R>(tb.z.row(2)), attention_reorder_bound_eps(3))
                                ? "yes"
                                : "NO"));
  b.figures(s, "§3, the numpy listing", "print(A[0], B[2])   # [0.802 0.599] [0.802 0.599]", {"0.802", "0.599"},
            {"0.802", "0.599"}, {ta.z(0, 0), ta.z(0, 1)},
            "numpy's default print shows 8 digits, [0.80222419 0.59888791]; the comment gives them rounded");
  // §2: bit-for-bit.
  {
    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::string found;
    long tries = 0;
    const permutation rev = permutation::reversal(4);
    for (; tries < 10000 && found.empty(); ++tries) {
      Matrix<double> x(4, 3);
      for (Eigen::Index i = 0; i < 4; ++i)
        for (Eigen::Index j = 0; j < 3; ++j) x(i, j) = u(rng);
      const auto lhs = attend_double(rev.apply_rows(x), summation::in_order);
      const auto rhs = rev.apply_rows(attend_double(x, summation::in_order));
      if (!exactly_equal(lhs, rhs)) {
        const auto sl = attend_double(rev.apply_rows(x), summation::sorted);
        const auto sr = rev.apply_rows(attend_double(x, summation::sorted));
        char diff[32];
        std::snprintf(diff, sizeof diff, "%.3g", max_abs_difference(lhs, rhs));
        found = "random 4×3 input #" + std::to_string(tries + 1) + " (mt19937_64 seed 1, entries in [−1, 1), " +
                "W = I, the reversal): Attn(PX) and P·Attn(X) differ by " + diff +
                " with the textbook in-order sums; with sorted sums: " +
                (exactly_equal(sl, sr) ? "bit-for-bit identical" : "DIFFERS");
      }
    }
    const auto da = attend_double(ex::sentence_a<double>(), summation::in_order);
    const auto db = attend_double(ex::sentence_b<double>(), summation::in_order);
    const bool dog_same = exactly_equal(Matrix<double>(da.row(0)), Matrix<double>(db.row(2)));
    b.add(erratum(s, "§2", "the output vector for the token \"dog\" is bit-for-bit identical whether \"dog\" appeared "
                           "first or last",
                  "bit-for-bit identical (in general)", found.empty() ? "no difference found" : found,
                  "double (IEEE binary64)", !found.empty(),
                  "identical in exact arithmetic and in floating point with an order-free (e.g. sorted) sum over the "
                  "sequence; with the textbook loop the last bits can differ (within 4(n+1) ε, proof A.1 step 6b)",
                  std::string("on the dog example itself, in double: ") + (dog_same ? "bit-for-bit identical" : "differs")));
  }
  b.add(exact_claim(s, "§2", "Attn(PX) = P·Attn(X)", "holds for every X, W, P", "orderblind prove A.1", true,
                    "exact, step by step, in proof A.1"));
  b.add(exact_claim(s, "§2", "LayerNorm and the feed-forward MLP act on each token row independently ... Stack 96 layers: "
                             "still equivariant ... mean-pool ... fully permutation-invariant",
                    "equivariant layers and stacks; invariant pooling", "orderblind prove 3.4 (steps 1–5, 96 blocks in "
                                                                        "step 4b)",
                    true));
  // §4: the sinusoid, d = 2.
  const Matrix<R> pe = pe::sinusoidal<R>(3, 2);
  b.add(exact_claim(s, "§4", "With d = 2 there's one frequency pair, 10000^0 = 1", "θ₀ = 1", "θ₀ = 10000^(−0/2) = " +
                    fix(pe::sinusoid_frequency(0, 2, R(10000)), 3), pe::sinusoid_frequency(0, 2, R(10000)) == R(1)));
  b.figures(s, "§4", "PE_0 = [0, 1], PE_1 = [0.841, 0.540], PE_2 = [0.909, −0.416]",
            {"0", "1", "0.841", "0.540", "0.909", "-0.416"}, {"0", "1", "0.841", "0.540", "0.909", "-0.416"},
            {pe(0, 0), pe(0, 1), pe(1, 0), pe(1, 1), pe(2, 0), pe(2, 1)});
  const Matrix<R> xa = ex::with_sinusoid(ex::sentence_a<R>()), xb = ex::with_sinusoid(ex::sentence_b<R>());
  b.figures(s, "§4, sentence A", "dog@0 = [1,1], bites@1 = [0.841, 1.540], man@2 = [1.909, 0.584]",
            {"1", "1", "0.841", "1.540", "1.909", "0.584"}, {"1", "1", "0.841", "1.540", "1.909", "0.584"},
            {xa(0, 0), xa(0, 1), xa(1, 0), xa(1, 1), xa(2, 0), xa(2, 1)});
  const auto pa = ex::attend<R>(xa), pb = ex::attend<R>(xb);
  const R dot_ab = xa(0, 0) * xa(1, 0) + xa(0, 1) * xa(1, 1), dot_am = xa(0, 0) * xa(2, 0) + xa(0, 1) * xa(2, 1);
  b.figures(s, "§4, sentence A", "Dog's scores: 2/√2 = 1.414, 2.381/√2 = 1.684, 2.493/√2 = 1.763",
            {"1.414", "2.381", "1.684", "2.493", "1.763"}, {"1.414", "2.382", "1.684", "2.493", "1.763"},
            {pa.s(0, 0), dot_ab, pa.s(0, 1), dot_am, pa.s(0, 2)},
            "dog@0·bites@1 = 1·0.84147 + 1·1.54030 = 2.38177: the text truncates it to 2.381");
  b.figures(s, "§4, sentence A", "→ weights (0.268, 0.351, 0.380)", {"0.268", "0.351", "0.380"},
            {"0.268", "0.351", "0.380"}, {pa.a(0, 0), pa.a(0, 1), pa.a(0, 2)});
  b.figures(s, "§4, sentence A", "→ output ≈ [1.290, 1.032]", {"1.290", "1.032"}, {"1.290", "1.032"},
            {pa.z(0, 0), pa.z(0, 1)});
  b.figures(s, "§4, sentence B", "man@0 = [1,2], bites@1 = [0.841, 1.540], dog@2 = [1.909, −0.416]",
            {"1", "2", "0.841", "1.540", "1.909", "-0.416"}, {"1", "2", "0.841", "1.540", "1.909", "-0.416"},
            {xb(0, 0), xb(0, 1), xb(1, 0), xb(1, 1), xb(2, 0), xb(2, 1)});
  b.figures(s, "§4, sentence B", "Dog's scores: 0.762, 0.683, 2.699", {"0.762", "0.683", "2.699"},
            {"0.762", "0.683", "2.700"}, {pb.s(2, 0), pb.s(2, 1), pb.s(2, 2)},
            "dog@2·dog@2 / √2 = 3.81859 / 1.41421 = 2.70015");
  b.figures(s, "§4, sentence B", "→ weights (0.113, 0.104, 0.783)", {"0.113", "0.104", "0.783"},
            {"0.113", "0.104", "0.783"}, {pb.a(2, 0), pb.a(2, 1), pb.a(2, 2)});
  b.figures(s, "§4, sentence B", "→ output ≈ [1.695, 0.061]", {"1.695", "0.061"}, {"1.696", "0.060"},
            {pb.z(2, 0), pb.z(2, 1)}, "1.695 is 1.69559 truncated; 0.061 is off in the third decimal");
  b.add(exact_claim(s, "§4", "shifting by k steps is a fixed linear map, independent of t: (sin ω(t+k), cos ω(t+k)) = "
                             "[[cos ωk, sin ωk], [−sin ωk, cos ωk]] (sin ωt, cos ωt)",
                    "the rotation identity", "orderblind prove 4 (steps 4–5: exact with rational angles; mpfr100 "
                                             "with base 10000)",
                    true));
  {
    const R slow = pe::sinusoid_frequency(255, 512, R(10000)) * R(1000);
    b.figures(s, "§4", "the slowest (large i) barely moves across thousands of tokens (d = 512: the angle the slowest "
                       "hand turns in 1000 tokens, radians)",
              {"0.10"}, {"0.10"}, {slow}, "1000·10000^(−510/512); a full turn is 2π ≈ 6.28");
  }
  {
    const auto p = ex::swap_first_and_last();
    const Matrix<R> x = ex::sentence_a<R>();
    const Matrix<R> pe3 = pe::sinusoidal<R>(3, 2);
    const auto lhs = ex::attend<R>(pe::add_positions(p.apply_rows(x), pe3)).z;
    const auto rhs = p.apply_rows(ex::attend<R>(pe::add_positions(x, pe3)).z);
    const R diff = max_abs_difference(lhs, rhs);
    b.add(claim{s, "Try it yourself, 2", "Add sinusoidal(n, d) to X, rerun, and confirm the identity now fails",
                "the identity fails", "max|Attn(PX + PE) − P·Attn(X + PE)| = " + fix(diff, 6), real, true,
                R("0.01") < diff, "", "dog bites man, d = 2"});
  }
  b.add(exact_claim(s, "§5", "The causal mask ... depends on the index, so it is not permutation-equivariant",
                    "not equivariant", "orderblind prove 3.4, step 6 (minimal counterexample n = 2, d = 1)", true));
}

// ------------------------------------------------------------------------------------------------
void seed001(report_builder& b) {
  namespace ex = examples::seed001;
  const std::string s = "seed 001";
  const auto t = ex::forward<Q, rational_kernel>(ex::x<Q>());
  const Matrix<Q> raw = t.s * Q(2);
  b.add(exact_claim(s, "§3.2", "the input matrix X is 3 × 4 ... The three weight matrices ... each 4 × 4",
                    "3 × 4; 4 × 4", "3×4; " + shape_of(ex::weights<Q>().wq),
                    ex::x<Q>().rows() == 3 && ex::x<Q>().cols() == 4 && ex::weights<Q>().wq.rows() == 4));
  b.add(exact_claim(s, "§3.2", "Part 1 worked one of those dot products in full and left the pattern for the other "
                               "thirty-five",
                    "36 dot products", "Q, K, V are 3×4 each: 3·12 = 36 entries, one worked, 35 left", 3 * 3 * 4 - 1 == 35));
  b.add(exact_claim(s, "§3.2", "Entry (1,2) asks how well I's query matches love's key: (2,1,0,0)·(0,2,0,1) = 2",
                    "q_I = (2,1,0,0), k_love = (0,2,0,1), score 2",
                    "q_I = " + qrow(t.q, 0) + ", k_love = " + qrow(t.k, 1) + ", score " + raw(0, 1).str(),
                    qrow(t.q, 0) == "(2, 1, 0, 0)" && qrow(t.k, 1) == "(0, 2, 0, 1)" && raw(0, 1) == Q(2)));
  b.add(exact_claim(s, "§3.2", "The other eight follow the same way", "9 entries", "S is 3×3: 9 entries, one worked",
                    raw.size() == 9));
  b.add(exact_claim(s, "§3.2", "this matrix is not symmetric — entry (1,3) is 2 while entry (3,1) is 3",
                    "S₁₃ = 2, S₃₁ = 3", "S₁₃ = " + raw(0, 2).str() + ", S₃₁ = " + raw(2, 0).str(),
                    raw(0, 2) == Q(2) && raw(2, 0) == Q(3)));
  {
    const Matrix<Q> x = ex::x<Q>();
    const Matrix<Q> xmx = multiply_transposed(multiply(x, ex::m<Q>()), x);
    b.add(exact_claim(s, "§3.2", "each one is a single word's row of X, times W^Q W^K⊤, times another word's row",
                      "Q Kᵀ = X M Xᵀ", "X M Xᵀ = Q Kᵀ entry by entry", exactly_equal(xmx, raw)));
  }
  b.add(exact_claim(s, "§3.2", "Here d_k = 4, so that's √4 = 2", "2", "the scale is exactly 1/2",
                    ex::scale<Q>() == Q(1) / Q(2)));
  const auto tr = ex::forward<R>(ex::x<R>());
  b.figures(s, "§3.2", "love gives I a weight of 0.14 ... And LLMs gets 0.23", {"0.14", "0.23"}, {"0.14", "0.23"},
            {tr.a(1, 0), tr.a(1, 2)});
  {
    std::string sums;
    bool any_off = false;
    for (int i = 0; i < 3; ++i) {
      R sum(0);
      for (int j = 0; j < 3; ++j) sum += R(tr.a(i, j).str(2, std::ios_base::fixed));
      sums += (i ? ", " : "") + fix(sum, 2);
      any_off = any_off || !(sum == R(1));
    }
    b.add(claim{s, "§3.2", "Everything from here on is rounded to two decimals, so a row may add up to 0.99 rather than 1",
                "a rounded row may sum to 0.99", "rows of the rounded A sum to " + sums, real, true, true, "",
                any_off ? "" : "here every rounded row happens to sum to 1.00: the caveat is not needed"});
  }
  const char* names[3] = {"I", "love", "LLMs"};
  for (int i = 0; i < 3; ++i) {
    std::vector<std::string> text;
    std::vector<R> vals;
    for (int j = 0; j < 4; ++j) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.2f", ex::text_z[i][j]);
      text.push_back(buf);
      vals.push_back(tr.z(i, j));
    }
    b.figures(s, "§3.2", std::string("The output for ") + names[i] + ": " + "(" + text[0] + ", " + text[1] + ", " +
                             text[2] + ", " + text[3] + ")",
              text, text, vals);
  }
  {
    const auto p = ex::reversal();
    const auto tp = ex::forward<Q, rational_kernel>(p.apply_rows(ex::x<Q>()));
    const Matrix<Q> sp = tp.s * Q(2);
    b.add(exact_claim(s, "§3.2", "the second matrix is the first one flipped: the row order reversed, and the column "
                                 "order reversed with it. The 4 ... is now in the bottom-right corner",
                      "S′ = P S Pᵀ; S′₃₃ = 4", "S′₃₃ = " + sp(2, 2).str(),
                      exactly_equal(sp, Matrix<Q>(p.apply_cols(p.apply_rows(raw)))) && sp(2, 2) == Q(4)));
    b.add(exact_claim(s, "§3.2, Figure 3", "The 2 is I asking and love answering. Its row moves from the top to the "
                                           "bottom, but its column stays",
                      "S₁₂ = 2 moves to S′₃₂", "S′₃₂ = " + sp(2, 1).str(), sp(2, 1) == Q(2) && raw(0, 1) == Q(2)));
    int fixed_entries = 0;
    std::string which;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (p(static_cast<std::size_t>(i)) == static_cast<std::size_t>(i) &&
            p(static_cast<std::size_t>(j)) == static_cast<std::size_t>(j)) {
          ++fixed_entries;
          which = "(" + std::to_string(i + 1) + "," + std::to_string(j + 1) + ") = " + raw(i, j).str();
        }
    b.add(exact_claim(s, "§3.2, Try it", "Swap the first and third rows of X ... say which single entry did not move at all",
                      "one entry stays", "exactly one: " + which + " (love asking love)", fixed_entries == 1));
    b.add(exact_claim(s, "§3.2", "The vector produced for I is exactly the same whether I came first or last",
                      "Z′ = P Z", "Z′ = P·Z exactly (rational kernel); with softmax: orderblind prove A.1",
                      exactly_equal(tp.z, Matrix<Q>(p.apply_rows(t.z)))));
  }
  {
    // §3.3: bites (the middle word) keeps its vector; two words move, zero vectors change.
    namespace e0 = examples::seed000;
    const Matrix<Q> x = e0::sentence_a<Q>();
    const auto p = e0::swap_first_and_last();
    attention_options<Q> one;
    one.scale = Q(1);
    const Matrix<Q> id = Matrix<Q>::Identity(2, 2);
    const auto z = self_attention<Q, rational_kernel>(x, {id, id, id}, one);
    const auto zp = self_attention<Q, rational_kernel>(p.apply_rows(x), {id, id, id}, one);
    int moved = 0, changed = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      moved += p(i) != i ? 1 : 0;
      changed += exactly_equal(Matrix<Q>(zp.row(static_cast<Eigen::Index>(i))),
                               Matrix<Q>(z.row(static_cast<Eigen::Index>(p(i)))))
                     ? 0
                     : 1;
    }
    b.add(exact_claim(s, "§3.3, Try it", "You should get two words that moved and zero vectors that changed",
                      "2 moved, 0 changed", std::to_string(moved) + " moved, " + std::to_string(changed) + " changed",
                      moved == 2 && changed == 0, "dog bites man with seed 000's vectors, W = I, rational kernel"));
    const auto zd = attend_double(e0::sentence_a<double>(), summation::in_order);
    const auto zdp = attend_double(e0::sentence_b<double>(), summation::in_order);
    const bool bites_same = exactly_equal(Matrix<double>(zd.row(1)), Matrix<double>(zdp.row(1)));
    b.add(claim{s, "§3.3", "bites ... Its output vector is the same vector, down to the last decimal",
                "identical", std::string("bites' row, softmax in double with the textbook loop: ") +
                                 (bites_same ? "bit-for-bit identical" : "differs in the last bits"),
                "double (IEEE binary64)", bites_same, true,
                bites_same ? "" : "identical to the last decimal only with an order-free sum",
                "exactly equal in exact arithmetic (rational kernel) for every input"});
  }
  b.add(exact_claim(s, "§3.4", "W^(437) only receives a gradient from sentences of 438 tokens or more",
                    "438", "position 437 (counted from 0) exists only in sentences of ≥ 437 + 1 = 438 tokens",
                    437 + 1 == 438));
  b.add(exact_claim(s, "§3.4", "out to W^(499) ... Train with 500 positions and a 501st token has no weights",
                    "positions 0…499 = 500", "0…499 is 500 positions; the 501st token is position 500", 499 + 1 == 500));
  b.add(exact_claim(s, "§3.4", "FFN, the next attention layer, stacks: every block passes a shuffle straight through",
                    "equivariant", "orderblind prove 3.4", true));
  b.add(exact_claim(s, "§3.4; Appendix A.2", "the decoder receives exactly the same thing for dog bites man and man "
                                             "bites dog",
                    "invariant", "orderblind prove A.2 (Steps 0–5)", true));
  {
    const Q det = determinant(ex::weights<Q>().wq);
    b.add(exact_claim(s, "§3.6", "p_0 and p_2 are completely different vectors, so I now generates a completely "
                                 "different query vector",
                      "(x_I + p_0)W^Q ≠ (x_I + p_2)W^Q", "det W^Q = " + det.str() + " ≠ 0, so p_0 ≠ p_2 ⇒ different queries",
                      det != Q(0)));
  }
  b.add(exact_claim(s, "§3.7", "In a sentence with 500 words, the last token would have 499 added to its values", "499",
                    "positions 0…499: the last is 499", 500 - 1 == 499));
  b.add(exact_claim(s, "§3.7", "The gap is 3 for positions 4 and 1 and also for positions 400 and 397", "3, 3",
                    std::to_string(4 - 1) + ", " + std::to_string(400 - 397), 4 - 1 == 3 && 400 - 397 == 3));
  {
    const Q c = ex::c<Q>();
    b.add(exact_claim(s, "§3.7", "Whatever the model learns for W^Q and W^K, the position part of the score is some "
                                 "constant times mn (c = 𝟙ᵀM𝟙)",
                      "c·m·n", "c = " + c.str() + " for the author's M; c·m·n for every M: orderblind prove 3.7",
                      c == Q(4)));
    const Q a = ex::counter_score<Q>(3, 0), bb = ex::counter_score<Q>(10, 7), d = ex::counter_score<Q>(100, 97),
            self = ex::counter_score<Q>(10, 10);
    b.add(exact_claim(s, "§3.7", "A counter gives 0, 70c and 9700c", "0, 70c, 9700c",
                      a.str() + ", " + bb.str() + ", " + d.str() + " with c = 4",
                      a == Q(0) && bb == Q(70) * c && d == Q(9700) * c));
    b.add(exact_claim(s, "§3.7", "The word at position 10 scores 70c against the word at position 7 ... but 100c "
                                 "against itself",
                      "100c > 70c", self.str() + " > " + bb.str() + " (c = 4 > 0; the ranking needs c > 0)",
                      self == Q(100) * c && bb < self));
    b.add(exact_claim(s, "§3.7, Common mistake", "Scaling only changes c ... keep exactly the same ranking however small "
                                                 "you make it",
                      "same ranking", "scaling the counter by λ gives c·λ² > 0: same sign, same ranking", true,
                      "orderblind prove 3.7, step 4"));
    long hits = 0;
    for (long m = 0; m * (m + 3) <= 1600; ++m)
      if (ex::counter_score<Q>(m + 3, m) == Q(1600) * c) ++hits;
    b.add(erratum(s, "§3.7, Try it", "Find another pair of positions three apart whose counter score is 1600c",
                  "such a pair exists", "none: m(m + 3) = 1600 has discriminant 6409, not a square (80² = 6400, 81² = 6561)",
                  exact, hits == 0,
                  "no pair three apart scores 1600c (1600c = 40·40c is the pair (40, 40); three apart, 37·40c = 1480c "
                  "and 38·41c = 1558c, 39·42c = 1638c)",
                  "orderblind prove 3.7, step 5"));
    b.add(exact_claim(s, "§3.7, Try it", "find the pair three apart with the smallest possible score", "(3, 0): 0",
                      "(3, 0) scores " + a.str(), a == Q(0)));
  }
}

// ------------------------------------------------------------------------------------------------
void seed002(report_builder& b) {
  const std::string s = "seed 002";
  using std::acos;
  using std::pow;
  const R two_pi = R(2) * R(acos(R(-1)));
  {
    // Wavelength of pair i: 2π / θ_i = 2π·10000^(2i/d).
    const R lo = two_pi / pe::sinusoid_frequency(0, 512, R(10000));
    const R hi = two_pi / pe::sinusoid_frequency(255, 512, R(10000));
    b.add(claim{s, "At a glance", "Sinusoids from wavelength 2π to 10000·2π in the original paper",
                "2π … 10000·2π", "for d = 512: " + fix(lo, 4) + " … " + fix(hi, 1) + " (10000·2π = " +
                                     fix(R(two_pi * R(10000)), 1) + ")",
                real, true, rounds_to(lo, "6.2832") && hi < R(two_pi * R(10000)),
                "", "2π·10000^(2i/d) for i = 0 … d/2 − 1: the top, 2π·10000^(1 − 2/d), approaches 10000·2π but stays below"});
    b.add(erratum(s, "Look closer", "Dimension 0 might oscillate every few positions, dimension 1 more slowly, and so on, "
                                    "up to a wavelength of ten thousand positions for the highest dimensions",
                  "dimension 1 slower than dimension 0; top wavelength 10,000",
                  "dims 0 and 1 share θ₀ (sin and cos of one pair): wavelength " + fix(lo, 2) +
                      " both; top wavelength (d = 512) " + fix(hi, 0),
                  real, [&] {
                    // Dims 0 and 1 are sin and cos of one angle: sin² + cos² = 1 at every position.
                    const Matrix<R> tab = pe::sinusoidal<R>(200, 8);
                    for (Eigen::Index p = 0; p < tab.rows(); ++p) {
                      const R r = abs_value(R(tab(p, 0) * tab(p, 0) + tab(p, 1) * tab(p, 1) - R(1)));
                      // NOTE: two correctly rounded squares and a sum: within 8 ε of 1.
                      if (R(8) * scalar_traits<R>::epsilon() < r) return false;
                    }
                    return R(60000) < hi;
                  }(),
                  "dimensions 2i and 2i+1 share one frequency; the wavelengths grow pair by pair up to 2π·10000^(1−2/d) "
                  "≈ 60,611 positions for d = 512 (just under 10000·2π ≈ 62,832), not ten thousand"));
  }
  b.add(exact_claim(s, "§2", "PE(p+k) can be expressed as a linear function of PE(p)", "a linear map",
                    "one rotation per pair: orderblind prove 4 (steps 4–5)", true));
  b.add(exact_claim(s, "The story", "\"The cat sat on the mat\" and \"mat the on sat cat The\", the attention scores would "
                                    "be identical — only permuted",
                    "S′ = P S Pᵀ", "orderblind prove A.1, step 4 (the reversal of 6 tokens is one of its permutations)",
                    [] {
                      const permutation rev = permutation::reversal(6);
                      Matrix<Q> x(6, 3);
                      for (int i = 0; i < 6; ++i)
                        for (int j = 0; j < 3; ++j) x(i, j) = Q((i * 7 + j * 3) % 5 - 2);
                      const Matrix<Q> sx = multiply_transposed(x, x);
                      const Matrix<Q> px = rev.apply_rows(x);
                      return exactly_equal(multiply_transposed(px, px), Matrix<Q>(rev.apply_cols(rev.apply_rows(sx))));
                    }()));
  {
    // Uniqueness: the d = 8 rows for positions 0…300 are pairwise distinct (min distance > 0).
    const Matrix<R> t = pe::sinusoidal<R>(301, 8);
    R best(10);
    for (Eigen::Index i = 0; i < t.rows(); ++i)
      for (Eigen::Index j = i + 1; j < t.rows(); ++j) {
        R d2(0);
        for (Eigen::Index c = 0; c < t.cols(); ++c) d2 += (t(i, c) - t(j, c)) * (t(i, c) - t(j, c));
        if (d2 < best) best = d2;
      }
    using std::sqrt;
    b.add(claim{s, "§2", "This produces a unique vector for each position", "unique",
                "d = 8, positions 0…300: smallest distance between two rows " + fix(R(sqrt(best)), 6), real, true,
                R("1e-6") < best, "", "checked for these positions only"});
  }
  b.add(exact_claim(s, "Test yourself", "trained ... up to length 2048 ... a sequence of length 3000. ... positions 2048 "
                                        "through 2999",
                    "2048…2999 have no embedding", "table rows 0…2047; 2999 − 2048 + 1 = 952 positions without one",
                    2999 - 2048 + 1 == 952 && 3000 - 1 == 2999));
  b.add(exact_claim(s, "§3", "Sinusoidal encodings extend indefinitely by definition", "defined for every p",
                    "PE(10⁶) computed: " + fix(pe::sinusoidal<R>(1, 2, R(10000), 1000000)(0, 0), 6), true));
  b.add(claim{s, "§1", "Attention is permutation-equivariant: reorder the input, outputs reorder the same way",
              "equivariant", "orderblind prove A.1", exact, true, true, "", ""});
}

// ------------------------------------------------------------------------------------------------
void seed003(report_builder& b) {
  const std::string s = "seed 003";
  {
    // Invariance would be Attn(PX) = Attn(X); that is false (I love LLMs reversed).
    namespace ex = examples::seed001;
    const auto z = ex::forward<Q, rational_kernel>(ex::x<Q>()).z;
    const auto zp = ex::forward<Q, rational_kernel>(ex::reversal().apply_rows(ex::x<Q>())).z;
    b.add(erratum(s, "the hypothesis", "Attention(πX) = π Attention(X) ... That's the definition of permutation "
                                       "invariance",
                  "\"permutation invariance\"",
                  "Attn(PX) = P·Attn(X) holds, Attn(PX) = Attn(X) does not (I love LLMs reversed: rows differ)", exact,
                  exactly_equal(zp, Matrix<Q>(ex::reversal().apply_rows(z))) && !exactly_equal(zp, z),
                  "permutation equivariance (invariance would mean Attention(πX) = Attention(X))"));
  }
  {
    namespace e0 = examples::seed000;
    const auto zd = attend_double(e0::sentence_a<double>(), summation::in_order);
    const auto zdp = attend_double(e0::sentence_b<double>(), summation::in_order);
    const bool same = exactly_equal(Matrix<double>(zd.row(1)), Matrix<double>(zdp.row(1)));
    b.add(claim{s, "the first interactive", "With positional encoding OFF, the output for \"bites\" is bit-for-bit "
                                            "identical across both orderings",
                "bit-for-bit identical",
                std::string("dog bites man / man bites dog (seed 000's vectors), softmax in double: ") +
                    (same ? "bit-for-bit identical" : "differs in the last bits"),
                "double (IEEE binary64)", same, true, same ? "" : "identical with an order-free sum",
                "in general floating point needs an order-free sum for this (see seed 000, §2)"});
  }
  b.add(exact_claim(s, "Attempt 1", "by position 5000 you're adding a value of 5000", "5000", "pe::counter row 5000 = 5000",
                    pe::counter<Q>(1, 1, 5000)(0, 0) == Q(5000)));
  {
    bool in_range = true;
    for (long n : {1L, 5L, 50L, 500L}) {
      const Matrix<Q> t = pe::pos_over_length<Q>(n, 1, n);
      for (Eigen::Index p = 0; p < n; ++p) in_range = in_range && !(t(p, 0) < Q(0)) && t(p, 0) < Q(1);
    }
    b.add(exact_claim(s, "Attempt 2", "normalise by length, pos / length. Now it's bounded to [0, 1]", "[0, 1]",
                      "every p/N with 0 ≤ p < N lies in [0, 1) (N = 1, 5, 50, 500)", in_range));
  }
  {
    const Q a = pe::pos_over_length<Q>(4, 1, 5)(3, 0), bb = pe::pos_over_length<Q>(4, 1, 50)(3, 0);
    const Q a2 = pe::pos_over_length<Q>(3, 1, 5)(2, 0), b2 = pe::pos_over_length<Q>(3, 1, 50)(2, 0);
    b.add(erratum(s, "Attempt 2", "the 3rd word is 3/5 = 0.60 in a five-word sentence and 3/50 = 0.06 in a fifty-word one",
                  "3rd word: 3/5 = 0.60, 3/50 = 0.06",
                  "pos 3: " + a.str() + ", " + bb.str() + "; the 3rd word (pos 2): " + a2.str() + ", " + b2.str(), exact,
                  a == Q(3) / Q(5) && bb == Q(3) / Q(50) && a2 == Q(2) / Q(5) && b2 == Q(1) / Q(25),
                  "with pos counted 0, 1, 2, … (as the text does) 3/5 and 3/50 are the 4th word; the 3rd word gets "
                  "2/5 = 0.40 and 2/50 = 0.04 (the arithmetic 3/5 = 0.60, 3/50 = 0.06 is right, and so is the point: "
                  "not length-consistent)"));
  }
  b.add(exact_claim(s, "the sinusoid", "Every value is a sine or cosine, so it's bounded to [−1, 1]", "[−1, 1]",
                    "orderblind prove 4, step 1", true));
  {
    const R th0 = pe::sinusoid_frequency(0, 8, R(10000)), th3 = pe::sinusoid_frequency(3, 8, R(10000));
    using std::acos;
    const R two_pi = R(2) * R(acos(R(-1)));
    b.add(erratum(s, "the sinusoid", "Low dimensions use long wavelengths (they crawl across positions); high dimensions "
                                     "use short ones (they race)",
                  "low dims: long wavelengths; high dims: short",
                  "d = 8: dims 0–1 wavelength " + fix(R(two_pi / th0), 2) + ", dims 6–7 wavelength " +
                      fix(R(two_pi / th3), 1),
                  real, th3 < th0,
                  "the reverse: low dimensions race (wavelength 2π), high dimensions crawl (up to 2π·10000^(1−2/d)) — "
                  "as seed 000 says (\"the fastest hand (small i)\")"));
  }
  b.add(exact_claim(s, "the sinusoid", "sin(pos + k) = sin(pos)cos(k) + cos(pos)sin(k)", "the angle-addition identity",
                    "exact for rational angles, and within 16(1 + phase) ε in mpfr100: orderblind prove 4, steps 4–5",
                    true));
  b.add(exact_claim(s, "the sinusoid", "[sin(pos+k); cos(pos+k)] = [[cos k, sin k], [−sin k, cos k]] [sin(pos); cos(pos)] "
                                       "... depends only on k, not on pos",
                    "rotation by k·freq", "orderblind prove 4, step 4 (the wrong-sign rotation is caught by its mutant)",
                    true));
  b.add(exact_claim(s, "the slider", "No two rows are alike, and every value stays in [−1, 1]", "unique, bounded",
                    "orderblind prove 4, step 1; uniqueness as in seed 002 (positions 0…300, d = 8)", true));
  b.add(exact_claim(s, "Mock question", "position 2000 simply doesn't exist for a 512-trained model", "no row 2000",
                    "a 512-row table has rows 0…511", 2000 > 511));
}

}  // namespace

claims_report compute_claims() {
  report_builder b;
  seed000(b);
  seed001(b);
  seed002(b);
  seed003(b);
  return b.take();
}

}  // namespace orderblind::cli
