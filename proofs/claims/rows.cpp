// SPDX-License-Identifier: MIT
// The claims of the four texts as rows: the text's words and the computation that decides each one.
// Every computation reads its inputs from the data table (data.cpp) through `claim_inputs`, or
// takes the verdict of the proof step it cites; nothing is decided by a literal. Arithmetic:
// mpq_rational where the claim is exact, mpfr100 (100 digits) for figures that need exp, sin or cos,
// double where the claim is about floating point itself.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <type_traits>

#include <Eigen/LU>

#include "proofs/claims/claims.hpp"
#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/pe/additive.hpp"
#include "orderblind/pe/bias.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/positional.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/reading.hpp"

namespace orderblind::claims {
namespace {

using R = mpfr100;
using Q = mpq_rational;
using compute_fn = std::function<void(const claim_inputs&, verify::check&)>;
const char* const exact = "mpq_rational (exact)";
const char* const real = "mpfr100 (MPFR, 100 digits)";
const char* const binary64 = "double (IEEE binary64)";
const char* const on_example = "computed on the text's data";
const char* const counted = "a count on the text's data: the text's figure against the entries computed, each "
                            "recomputed term by term";

// --- helpers ----------------------------------------------------------------------------------------

/// The kind of evidence of a computation on the texts' data in `arithmetic`: the least exact arithmetic
/// it names (a row computed in mpq_rational and mpfr100 rests on the mpfr100 part).
verify::evidence_kind computed_in(const std::string& arithmetic) {
  if (arithmetic.find("double") != std::string::npos) return verify::evidence_kind::double_on_data;
  if (arithmetic.find("mpfr100") != std::string::npos) return verify::evidence_kind::mpfr100_on_data;
  return verify::evidence_kind::exact_on_data;
}

/// A row's words; its kind of evidence is a computation on the texts' data in `arithmetic` unless `kind`
/// says otherwise (a row that samples, counts, or takes cited steps' verdicts).
claim_row words(std::string text, std::string section, std::string quote, std::string text_value,
                std::string arithmetic, std::string evidence = on_example,
                std::optional<verify::evidence_kind> kind = std::nullopt) {
  claim_row c;
  c.text = std::move(text);
  c.section = std::move(section);
  c.quote = std::move(quote);
  c.text_value = std::move(text_value);
  c.evidence = kind ? *kind : computed_in(arithmetic);
  c.arithmetic = std::move(arithmetic);
  c.evidence_basis = std::move(evidence);
  return c;
}

/// The details a row's computation writes (see `claim_check`).
std::string& computed(verify::check& c) { return detail_text(c, "computed"); }
std::string& correction(verify::check& c) { return detail_text(c, "correction"); }
std::string& basis(verify::check& c) { return detail_text(c, "evidence_basis"); }

template <class T>
Matrix<T> get(const claim_inputs& in, const std::string& key) {
  if constexpr (std::is_same_v<T, Q>) return in.exact(key);
  else if constexpr (std::is_same_v<T, R>) return in.real(key);
  else return in.dbl(key);
}

/// x with `decimals` decimals.
std::string fix(const R& x, int decimals) { return x.str(decimals, std::ios_base::fixed); }
std::string fix(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}
std::string join(const std::vector<std::string>& v) {
  if (v.size() == 1) return v.front();
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s + ")";
}
std::string qrow(const Matrix<Q>& m, Eigen::Index i) {
  std::string s = "(";
  for (Eigen::Index j = 0; j < m.cols(); ++j) s += (j ? ", " : "") + verify::detail::exact_for_reading(m(i, j).str());
  return s + ")";
}
template <class T>
Matrix<T> identity(Eigen::Index d) {
  return Matrix<T>::Identity(d, d);
}
template <class T>
Matrix<T> transposed(const Matrix<T>& m) {
  return Matrix<T>(m.transpose());
}

// --- the library, as the rows call it --------------------------------------------------------------
// NOTE: every row reaches the library component its claim is about through one of these wrappers, so that
// the dependence test (tests/claims/) can substitute a wrong version of that component
// (`library_mutants()`, `claim_inputs::set_mutant`) and require the row to fail. With no mutant active
// each wrapper is the library call itself.
namespace mut {
const char* const attention_scale = "attention: scores doubled (a wrong scale)";
const char* const attention_position = "attention: position leaks in (row p gets p/8 added)";
const char* const attention_causal = "attention: a causal mask left on";
const char* const mask_off = "mask: the causal mask ignored";
const char* const pool_first = "pooling: the first row instead of the mean";
const char* const sin_reversed = "sinusoid: frequencies in reverse order (low dimensions slow)";
const char* const sin_wrapped = "sinusoid: position taken modulo 64";
const char* const sin_swapped = "sinusoid: sin and cos swapped in each pair";
const char* const sin_constant = "sinusoid: every row the row of position 0 (position ignored)";
const char* const sin_table = "sinusoid: a precomputed table of 1024 rows (NaN past it)";
const char* const sin_exponent = "sinusoid: θ_i = base^(−2(i+1)/d) (the exponent off by one)";
const char* const sin_mixed = "sinusoid: cos at twice the sin's frequency (a pair that is not one rotation)";
const char* const attention_unnormalised = "attention: weights summing to 2 (the normaliser halved)";
const char* const learned_clamp = "learned table: positions past the last row read the last row";
const char* const counter_normalised = "counter: p/(first + n)·𝟙 (normalised, as pos/length)";
const char* const pos_undivided = "pos/length: the division dropped (pos itself)";
const char* const counter_off = "counter: (p + 1)·𝟙 (off by one)";
const char* const pos_one_based = "pos/length: (pos + 1)/length";
const char* const learned_extra = "learned table: one row more than it has";
const char* const rope_key = "RoPE: the key left unrotated";
const char* const alibi_absolute = "ALiBi: −m·(query position) (absolute, not relative)";
const char* const sum_sorted = "summation: the in-order sum made order-free (sorted)";
}  // namespace mut

/// Self-attention (`self_attention_trace`), or the active attention, mask or summation mutant of it.
template <class T, class K = default_kernel<T>>
attention_trace<T> attn(const claim_inputs& in, Matrix<T> x, const head_weights<T>& w, attention_options<T> opt) {
  const std::string& m = in.mutant();
  if (m == mut::attention_scale) opt.scale = T(2) * (opt.scale ? *opt.scale : inverse_sqrt_scale<T>(w.wq.cols()));
  if (m == mut::attention_position) x = pe::add_positions(x, Matrix<T>(pe::counter<T>(x.rows(), x.cols()) / T(8)));
  if (m == mut::attention_causal) opt.mask = mask::causal();
  if (m == mut::mask_off) opt.mask = mask::none();
  if (m == mut::sum_sorted) opt.sum = summation::sorted;
  attention_trace<T> t = self_attention_trace<T, K>(x, w, opt);
  if (m == mut::attention_unnormalised) {
    t.a = Matrix<T>(t.a * T(2));
    t.z = multiply(t.a, t.v);
  }
  return t;
}
/// Mean pooling (`mean_pool`), or its mutant.
template <class T>
Matrix<T> pool(const claim_inputs& in, const Matrix<T>& h) {
  if (in.mutant() == mut::pool_first) return Matrix<T>(h.row(0));
  return mean_pool(h);
}
/// The sinusoid's frequency θ_i (`pe::sinusoid_frequency`), or its mutant.
template <class T>
T frequency(const claim_inputs& in, long i, long d, const T& base) {
  if (in.mutant() == mut::sin_reversed) i = d / 2 - 1 - i;
  if (in.mutant() == mut::sin_exponent) ++i;
  return pe::sinusoid_frequency(i, d, base);
}
/// The sinusoidal table (`pe::sinusoidal`), or its mutants.
template <class T>
Matrix<T> sinusoid(const claim_inputs& in, Eigen::Index n, Eigen::Index d, const T& base, Eigen::Index first = 0) {
  const std::string& m = in.mutant();
  if (m == mut::sin_wrapped || m == mut::sin_constant) {
    Matrix<T> t(n, d);
    for (Eigen::Index k = 0; k < n; ++k)
      t.row(k) = pe::sinusoidal<T>(1, d, base, m == mut::sin_constant ? 0 : (first + k) % 64).row(0);
    return t;
  }
  if (m == mut::sin_exponent || m == mut::sin_mixed) {
    // NOTE: the mutant is written out here (sin and cos of p·θ_i per pair, interleaved as the library's).
    using std::cos;
    using std::sin;
    Matrix<T> t(n, d);
    for (Eigen::Index k = 0; k < n; ++k)
      for (Eigen::Index i = 0; 2 * i < d; ++i) {
        const T angle = T(first + k) * frequency(in, static_cast<long>(i), static_cast<long>(d), base);
        t(k, 2 * i) = sin(angle);
        if (2 * i + 1 < d) t(k, 2 * i + 1) = cos(m == mut::sin_mixed ? T(T(2) * angle) : angle);
      }
    return t;
  }
  const Matrix<T> t = pe::sinusoidal<T>(n, d, base, first);
  Matrix<T> out = t;
  if (m == mut::sin_table)
    for (Eigen::Index k = 0; k < n; ++k)
      if (first + k >= 1024) out.row(k).setConstant(std::numeric_limits<T>::quiet_NaN());
  for (Eigen::Index i = 0; i < d / 2; ++i) {
    if (m == mut::sin_reversed) out.middleCols(2 * i, 2) = t.middleCols(2 * (d / 2 - 1 - i), 2);
    if (m == mut::sin_swapped) {
      out.col(2 * i) = t.col(2 * i + 1);
      out.col(2 * i + 1) = t.col(2 * i);
    }
  }
  return out;
}
/// The counter table (`pe::counter`), or its mutant.
template <class T>
Matrix<T> counter_pe(const claim_inputs& in, Eigen::Index n, Eigen::Index d, Eigen::Index first = 0) {
  Matrix<T> t = pe::counter<T>(n, d, first + (in.mutant() == mut::counter_off ? 1 : 0));
  if (in.mutant() == mut::counter_normalised) t = Matrix<T>(t / T(first + n));
  return t;
}
/// pos/length (`pe::pos_over_length`), or its mutant.
template <class T>
Matrix<T> pos_length(const claim_inputs& in, Eigen::Index n, Eigen::Index d, Eigen::Index length) {
  Matrix<T> t = pe::pos_over_length<T>(n, d, length);
  if (in.mutant() == mut::pos_one_based) t = Matrix<T>(t.array() + T(1) / T(length));
  if (in.mutant() == mut::pos_undivided) t = Matrix<T>(t * T(length));
  return t;
}
/// ALiBi's bias for a query at m and a key at n (`pe::alibi_scheme`), or its mutant.
mpfr100 alibi_bias(const claim_inputs& in, long m, long n) {
  pe::alibi_scheme<mpfr100> alibi;
  const pe::vec<mpfr100> none;
  return in.mutant() == mut::alibi_absolute ? alibi.bias(none, none, m, 0) : alibi.bias(none, none, m, n);
}

/// The image π of a permutation matrix P (P·X moves row π(i) of X to row i), or empty when P is not
/// one (entries other than 0 and 1, or not exactly one 1 per row and column).
std::vector<Eigen::Index> permutation_of(const Matrix<Q>& p) {
  if (p.rows() != p.cols()) return {};
  std::vector<Eigen::Index> img(static_cast<std::size_t>(p.rows()), -1);
  std::vector<int> col_count(static_cast<std::size_t>(p.cols()), 0);
  for (Eigen::Index i = 0; i < p.rows(); ++i)
    for (Eigen::Index j = 0; j < p.cols(); ++j) {
      if (p(i, j) == Q(1)) {
        if (img[static_cast<std::size_t>(i)] != -1) return {};
        img[static_cast<std::size_t>(i)] = j;
        ++col_count[static_cast<std::size_t>(j)];
      } else if (p(i, j) != Q(0)) {
        return {};
      }
    }
  for (std::size_t i = 0; i < img.size(); ++i)
    if (img[i] == -1 || col_count[i] != 1) return {};
  return img;
}

/// P from the data as a permutation, or nothing when it is not a permutation matrix.
std::optional<permutation> as_permutation(const Matrix<Q>& p) {
  try {
    return permutation::from_matrix(p);
  } catch (const not_a_permutation_error&) {
    return std::nullopt;
  }
}

/// The law f(P·x) against P·f(x) (or f(x)) for a function of one sequence, compared with == (exact types):
/// verify/law.hpp's, so that how P acts is decided there.
template <class T, class F>
verify::comparison exact_law(const verify::permutation_law& law, F f, const Matrix<T>& x, const permutation& p) {
  return verify::check_law<T>(
      law, [&f](const std::vector<Matrix<T>>& a) { return Matrix<T>(f(a[0])); }, {x}, p,
      [](const std::vector<Matrix<T>>&, const Matrix<T>&) { return verify::equality<T>(); });
}
const verify::permutation_law attention_equivariance = verify::equivariance("Attn(PX) = P·Attn(X)");
const verify::permutation_law attention_invariance = verify::invariance("Attn(PX) = Attn(X)");

/// Attention with W = I and softmax, scale 1/√d (text 000, §3).
template <class T>
attention_trace<T> attend000(const claim_inputs& in, const Matrix<T>& x, summation how = summation::in_order) {
  const Matrix<T> id = identity<T>(x.cols());
  attention_options<T> opt;
  opt.sum = how;
  return attn<T, softmax_kernel>(in, x, {id, id, id}, opt);
}
/// The same in exact arithmetic with the rational kernel and scale 1 (the claims that hold for every
/// row normaliser φ(s)/Σφ).
attention_trace<Q> attend000_exact(const claim_inputs& in, const Matrix<Q>& x) {
  const Matrix<Q> id = identity<Q>(x.cols());
  attention_options<Q> opt;
  opt.scale = Q(1);
  return attn<Q, rational_kernel>(in, x, {id, id, id}, opt);
}

/// Text 001's forward pass with the weights from the data table: scale 1/√d_k, d_k = the width of Q.
template <class T, class K = default_kernel<T>>
attention_trace<T> forward001(const claim_inputs& in, const Matrix<T>& x) {
  const head_weights<T> w{get<T>(in, "text001.W_Q"), get<T>(in, "text001.W_K"), get<T>(in, "text001.W_V")};
  const long dk = static_cast<long>(w.wq.cols());
  long root = 0;
  while ((root + 1) * (root + 1) <= dk) ++root;
  if (root * root != dk) throw std::domain_error("d_k = " + std::to_string(dk) + " is not a perfect square");
  attention_options<T> opt;
  opt.scale = T(1) / T(root);
  return attn<T, K>(in, x, w, opt);
}

/// The smallest distance between two rows of a table (double; rows compared entry by entry).
double min_row_distance(const Matrix<double>& t) {
  double best = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < t.rows(); ++i)
    for (Eigen::Index j = i + 1; j < t.rows(); ++j) {
      const double d = (t.row(i) - t.row(j)).norm();
      if (!(d >= best)) best = d;  // NOTE: a NaN distance becomes the minimum, and fails the check
    }
  return best;
}

/// Whether a learned table of `rows` rows defines position p (the library throws for the others).
bool learned_defines(const claim_inputs& in, long rows, long p) {
  pe::learned_scheme<Q> s;
  s.d = 4;
  s.rows = rows + (in.mutant() == mut::learned_extra ? 1 : 0);
  if (in.mutant() == mut::learned_clamp) return true;  // every position reads some row
  try {
    (void)s.encode(p, p + 1);
    return true;
  } catch (const pe::undefined_position_error&) {
    return false;
  }
}

/// Reads a proof step for a row that also computes on the example, and records the step's kind of
/// evidence next to the example's.
verify::check cite(const claim_inputs& in, verify::check& c, const std::string& id, const std::string& number) {
  const auto st = in.step(id, number);
  basis(c) += "; proof " + id + ", " + (number.rfind("Step", 0) == 0 ? number : "step " + number) + ": " +
                proofs::to_string(st.evidence);
  return st;
}

/// RoPE scores q·k with q at m and k at n (`pe::rope_scheme`, base 10000, d = the width of `qk`), for
/// every row (m, n) of `positions`.
std::vector<R> rope_scores(const claim_inputs& in, const std::string& qk_key, const std::string& positions) {
  const Matrix<R> qk = in.real(qk_key);
  pe::rope_scheme<R> rope;
  const long d = static_cast<long>(qk.cols());
  rope.d = rope.r = d;
  rope.angles = pe::angle_table<R>::standard(d);
  pe::vec<R> q(static_cast<std::size_t>(d)), k(static_cast<std::size_t>(d));
  for (long j = 0; j < d; ++j) {
    q[static_cast<std::size_t>(j)] = qk(0, j);
    k[static_cast<std::size_t>(j)] = qk(1, j);
  }
  std::vector<R> out;
  for (Eigen::Index r = 0; r < in.real(positions).rows(); ++r) {
    const auto qm = rope.query(q, in.integer(positions, r, 0)), kn = in.mutant() == mut::rope_key ? k : rope.key(k, in.integer(positions, r, 1));
    R dot(0);
    for (long j = 0; j < d; ++j) dot += qm[static_cast<std::size_t>(j)] * kn[static_cast<std::size_t>(j)];
    out.push_back(dot);
  }
  return out;
}
/// Whether every score equals the first within `bound` (a NaN fails).
bool all_within(const std::vector<R>& v, const R& bound, R& spread) {
  bool ok = v.size() >= 2;
  spread = R(0);
  for (std::size_t i = 1; i < v.size(); ++i) {
    const R diff = abs_value(R(v[i] - v[0]));
    spread = spread < diff ? diff : spread;
    ok = ok && at_most(diff, bound);
  }
  return ok;
}
// NOTE: |q|·|k| ≈ 10 for the vectors in the data and each rotated entry is correctly rounded:
// 64 ε·(1 + |q||k|) covers the difference of two 8-term dot products of rotated (rounded) vectors.
const R rope_bound = R(64) * scalar_traits<R>::epsilon() * R(1 + 10);

/// "A unique vector for each position": the sinusoid's rows at positions first + k·step (k < count) are
/// pairwise distinct, by more than 10⁻³ (10¹² times double's rounding of an 8-entry distance).
void unique_rows(const claim_inputs& in, verify::check& c, const std::string& key, const std::string& base_key) {
  const long first = in.integer(key, 0, 0), n = in.integer(key, 0, 1), step = in.integer(key, 0, 2),
             d = in.integer(key, 0, 3);
  const double base = static_cast<double>(in.real(base_key)(0, 0));
  if (n < 2) throw std::domain_error("uniqueness needs at least two positions");
  Matrix<double> t(n, d);
  for (long k = 0; k < n; ++k) t.row(k) = sinusoid<double>(in, 1, d, base, first + k * step).row(0);
  const double best = min_row_distance(t);
  computed(c) = "d = " + std::to_string(d) + ", positions " + std::to_string(first) + ", " + std::to_string(first + step) +
                ", …, " + std::to_string(first + (n - 1) * step) + ": smallest distance between two rows " + fix(best, 6);
  c.note = "checked for these positions only";
  c.outcome = verify::held_if(best > 1e-3);
}

/// The entries of X·W that equal their dot product (row i of X)·(column j of W), computed term by term:
/// the "pattern" of a worked dot product, entry by entry (a NaN entry does not count).
long entries_by_pattern(const Matrix<Q>& product, const Matrix<Q>& x, const Matrix<Q>& w) {
  if (product.rows() != x.rows() || product.cols() != w.cols() || x.cols() != w.rows()) return 0;
  long n = 0;
  for (Eigen::Index i = 0; i < product.rows(); ++i)
    for (Eigen::Index j = 0; j < product.cols(); ++j) {
      Q dot(0);
      for (Eigen::Index l = 0; l < x.cols(); ++l) dot += x(i, l) * w(l, j);
      n += product(i, j) == dot ? 1 : 0;
    }
  return n;
}

/// A count row's verdict: the text's figure (read from the data) against the count computed on the data.
/// The check holds when the computation behind the count held (`computed_ok`); the text is right when its
/// figure is the count — otherwise an erratum, with the count as the correction.
void count_verdict(verify::check& c, bool computed_ok, long count, long text_figure, const std::string& what) {
  c.outcome = decided(computed_ok, count == text_figure);
  c.note = "a count on the text's data: the text's figure (" + std::to_string(text_figure) + ") against " + what;
  if (count != text_figure) correction(c) = std::to_string(count) + " on the text's data";
}

// --- the row kinds ----------------------------------------------------------------------------------

struct rows_builder {
  std::vector<claim_row> v;
  void add(claim_row w, compute_fn f, std::function<void(claim_inputs::table&)> counterfactual = {}) {
    w.compute = std::move(f);
    w.counterfactual = std::move(counterfactual);
    v.push_back(std::move(w));
  }
  /// What the last row added is about (the component a mutant of which must fail it).
  void about(subject s) { v.back().about = s; }

  /// Figures the text prints (rounded): held when each rounds correctly; an erratum when the text's
  /// figure is wrong and the correct one (asserted) rounds correctly.
  void figures(claim_row w, std::vector<std::string> text, std::vector<std::string> correct,
               std::function<std::vector<R>(const claim_inputs&)> values, std::string note = {}) {
    w.text_value = join(text);
    add(std::move(w), [text, correct, values, note](const claim_inputs& in, verify::check& c) {
      const auto vals = values(in);
      if (vals.size() != text.size()) throw std::logic_error("figures: " + std::to_string(vals.size()) + " values");
      std::vector<std::string> shown;
      bool text_ok = true, held = true;
      double worst = 0;
      for (std::size_t i = 0; i < vals.size(); ++i) {
        shown.push_back(fix(vals[i], 8));
        text_ok = text_ok && rounds_to(vals[i], text[i]);
        held = held && rounds_to(vals[i], correct[i]);
        if (text[i] != correct[i]) held = held && !rounds_to(vals[i], text[i]);
        const double r = rounding_residual(vals[i], correct[i]);
        if (!(r <= worst)) worst = r;  // NOTE: a NaN becomes the worst, and the row has failed already
      }
      computed(c) = join(shown);
      c.bound = std::string("each value a correct rounding of ") + (text != correct ? "the corrected" : "the text's") +
                " figure, |x − figure| ≤ ½·10^(−decimals) (the residual in units of this bound)";
      c.residual = worst;
      c.note = note;
      if (text != correct) {
        correction(c) = join(correct) + " (the true value is " + computed(c) + ")";
        held = held && !text_ok;  // an asserted erratum that is not one fails
      } else {
        held = held && text_ok;
      }
      c.outcome = decided(held, text_ok);
    });
  }

  /// A claim decided by the proof steps it cites: the row takes each step's verdict, arithmetic and
  /// kind of evidence (the weakest of them).
  void steps(claim_row w, std::vector<std::pair<std::string, std::string>> ids) {
    w.text_value = w.text_value.empty() ? "holds" : w.text_value;
    w.about = subject::proof_steps;
    add(std::move(w), [ids](const claim_inputs& in, verify::check& c) {
      bool held = true;
      std::vector<std::string> arith;
      std::string said;
      auto weakest = proofs::evidence_kind::formal;
      for (const auto& [id, number] : ids) {
        const auto s = in.step(id, number);
        held = held && s.outcome == verify::verdict::held;
        if (std::find(arith.begin(), arith.end(), s.arithmetic) == arith.end()) arith.push_back(s.arithmetic);
        const auto k = s.evidence;
        if (static_cast<int>(k) < static_cast<int>(weakest)) weakest = k;
        const std::string step_name = number.rfind("Step", 0) == 0 ? number : "step " + number;
        said += (said.empty() ? "" : "; ") + std::string("proof ") + id + ", " + step_name + " [" +
                    ((s.outcome == verify::verdict::held) ? "held" : "FAILED") + "]: " + s.compared + " (" + std::to_string(proofs::count_of(s, "example_cases")) +
                    " example + " + std::to_string(proofs::count_of(s, "random_cases")) + " random cases, seed " + std::to_string(s.seed.value_or(0)) +
                    ", max residual " + proofs::residual_text(s) + ")";
      }
      std::string joined;
      for (const auto& a : arith) joined += (joined.empty() ? "" : " + ") + a;
      c.arithmetic = joined;
      c.evidence = weakest;
      basis(c) = proofs::to_string(weakest);
      computed(c) = said;
      c.outcome = verify::held_if(held && !ids.empty());
    });
  }
};

// The bit-for-bit statements of texts 000, 001 and 003, decided one way (see docs/claims.md): on the
// texts' own dog/bites/man example the textbook double computation is bit-for-bit identical, but as a
// statement about floating point it is false — a random input of the same shape, reordered by the same P,
// changes the word's output in the last bits with the textbook in-order sums, and an order-free (sorted)
// sum makes it identical again.
void bit_for_bit(rows_builder& b, claim_row w, Eigen::Index word, std::string word_name) {
  w.arithmetic = binary64;
  // NOTE: the decisive part is the seeded search and its bit-for-bit (==) comparisons.
  w.evidence = verify::evidence_kind::sampled_exact;
  w.evidence_basis = "the text's example, and a seeded random search (case_source seed 1, entries uniform in [−1, 1))";
  b.add(std::move(w), [word, word_name](const claim_inputs& in, verify::check& c) {
    const Matrix<double> x = in.dbl("text000.dog bites man");
    const Matrix<Q> pq = in.exact("text000.P");
    const auto img = permutation_of(pq);
    const long d = in.integer("text000.bit-for-bit search: d, tries", 0, 0);
    const long tries = in.integer("text000.bit-for-bit search: d, tries", 0, 1);
    if (img.empty()) {
      computed(c) = "P is not a permutation matrix";
      return;
    }
    if (d < 1 || tries < 1) throw std::domain_error("the search needs d ≥ 1 and tries ≥ 1");
    // The word's row in PX: the i with π(i) = word.
    Eigen::Index moved = 0;
    for (std::size_t i = 0; i < img.size(); ++i)
      if (img[i] == word) moved = static_cast<Eigen::Index>(i);
    const auto p = as_permutation(pq);
    // The law's two sides, f(PX) and P·f(X), read at the word's row in PX (row π⁻¹(word)).
    auto row_same = [&](const Matrix<double>& in_x, summation how) {
      const auto [lhs, rhs] = verify::sides<double>(
          attention_equivariance,
          [&](const std::vector<Matrix<double>>& a) { return attend000<double>(in, a[0], how).z; }, {in_x}, *p);
      return exactly_equal(Matrix<double>(lhs.row(moved)), Matrix<double>(rhs.row(moved)));
    };
    const bool example_same = all_finite(x) && row_same(x, summation::in_order);
    case_source rng(1);
    const auto u = [](case_source& src) { return src.uniform_real(-1.0, 1.0); };
    long found = 0;
    bool sorted_same = false;
    for (long t = 1; t <= tries && found == 0; ++t) {
      Matrix<double> r(x.rows(), d);
      for (Eigen::Index i = 0; i < r.rows(); ++i)
        for (Eigen::Index j = 0; j < d; ++j) r(i, j) = u(rng);
      if (!row_same(r, summation::in_order)) {
        found = t;
        sorted_same = row_same(r, summation::sorted);
      }
    }
    // NOTE: decided by computation: the text says the word's output is identical bit for bit in either order,
    // as a statement about the computation (not about this one input): it is right when the example is
    // identical and no input of the search changes it either.
    const bool text_ok = example_same && found == 0;
    computed(c) = std::string("on the text's dog/bites/man (W = I, softmax in double, in-order sums) ") + word_name +
                  "'s output is " + (example_same ? "bit-for-bit identical" : "NOT identical") + "; random " +
                  std::to_string(x.rows()) + "×" + std::to_string(d) + " input #" + std::to_string(found) +
                  (found ? std::string(" changes ") + word_name + "'s output in the last bits with the textbook sums; with "
                                                                    "sorted sums it is " +
                               (sorted_same ? "bit-for-bit identical" : "STILL DIFFERENT")
                         : std::string(": no difference found in ") + std::to_string(tries) + " tries");
    correction(c) = "identical in exact arithmetic for every input; in floating point it holds on this example, but "
                    "in general only within 4(n+1) ε (proof A.1, step 6b) — bit for bit only with an order-free sum "
                    "(proof A.1, step 5c)";
    c.outcome = decided(example_same && found > 0 && sorted_same, text_ok);
    c.cases = 1 + (found > 0 ? found : tries);  // the text's example, then the random inputs tried
    c.seed = 1;
  });
}

// Attn(PX) = P·Attn(X) but Attn(PX) ≠ Attn(X): the "invariance" wording of texts 002 and 003.
void equivariant_not_invariant(rows_builder& b, claim_row w, std::string corrected) {
  w.arithmetic = exact;
  w.evidence = verify::evidence_kind::exact_on_data;
  b.add(std::move(w), [corrected](const claim_inputs& in, verify::check& c) {
    const Matrix<Q> x = in.exact("text001.X");
    const auto p = as_permutation(in.exact("text001.P"));
    if (!p) {
      computed(c) = "text001.P is not a permutation matrix";
      return;
    }
    const auto attend = [&in](const Matrix<Q>& h) { return forward001<Q, rational_kernel>(in, h).z; };
    const bool equi = exact_law(attention_equivariance, attend, x, *p).held,
               inv = exact_law(attention_invariance, attend, x, *p).held;
    c.bound = "== (exact)";
    // NOTE: decided by computation: the text names the property invariance, Attn(PX) = Attn(X); it is
    // right when that holds on the data. The asserted property is equivariance, and not invariance.
    const bool text_ok = inv;
    computed(c) = std::string("I love LLMs reversed (text 001's X, W, rational kernel): Attn(PX) = P·Attn(X) ") +
                  (equi ? "holds" : "FAILS") + "; Attn(PX) = Attn(X) " + (inv ? "HOLDS" : "does not");
    correction(c) = corrected;
    c.outcome = decided(equi && !inv, text_ok);
  });
}

// ------------------------------------------------------------------------------------------------
void text000(rows_builder& b) {
  const std::string s = "text 000";
  b.steps(words(s, "The claim in one sentence", "Shuffle the rows of the input matrix and the output rows shuffle "
                                                 "identically — nothing else changes",
                "Attn(PX) = P·Attn(X)", ""),
          {{"A.1", "6"}, {"A.1", "6b"}});
  b.add(words(s, "The claim in one sentence", "So without extra help, a transformer literally cannot distinguish \"dog "
                                               "bites man\" from \"man bites dog\"",
              "the same for both", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x = in.exact("text000.dog bites man");
          const auto p = as_permutation(in.exact("text000.P"));
          const Matrix<Q> id = identity<Q>(x.cols());
          attention_options<Q> opt;
          opt.scale = Q(1);
          auto model = [&](Matrix<Q> h) {
            for (int layer = 0; layer < 2; ++layer) h = residual(h, attn<Q, rational_kernel>(in, h, {id, id, id}, opt).z);
            return pool(in, h);
          };
          const auto st = cite(in, c, "3.4", "5");
          const bool same = p && exact_law(verify::invariance("model(PX) = model(X)"), model, x, *p).held;
          c.bound = "== (exact)";
          computed(c) = std::string("two attention layers with residuals and a mean pool (W = I, rational kernel): ") +
                        qrow(model(x), 0) + " for both: " + (same ? "identical" : "DIFFERENT") +
                        "; proof 3.4, step 5 [" + ((st.outcome == verify::verdict::held) ? "held" : "FAILED") + "]";
          c.outcome = verify::held_if(same && (st.outcome == verify::verdict::held));
        });
  b.about(subject::pooling);
  b.add(words(s, "§1", "The only thing determining A_ij is the content of rows i and j",
              "A_ij depends on rows i and j only", std::string(exact) + " + " + real),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x = in.exact("text000.dog bites man");
          Matrix<Q> x2 = x;
          x2(2, 0) += Q(1);  // change man (row 3) only
          const auto t1 = attend000_exact(in, x), t2 = attend000_exact(in, x2);
          const auto r1 = attend000<R>(in, in.real("text000.dog bites man"));
          Matrix<R> xr2 = in.real("text000.dog bites man");
          xr2(2, 0) += R(1);
          const auto r2 = attend000<R>(in, xr2);
          // NOTE: decided by computation: the text says A₁₂ depends on rows 1 and 2 only; it is right when
          // changing row 3 alone leaves A₁₂ where it was.
          const bool text_ok = t1.a(0, 1) == t2.a(0, 1);
          computed(c) = "changing man's row (row 3) alone moves A₁₂ (dog → bites) from " + fix(r1.a(0, 1), 6) + " to " +
                        fix(r2.a(0, 1), 6) + " (softmax, mpfr100); S₁₂ stays " + t1.s(0, 1).str() + " (exact)";
          correction(c) = "S_ij depends only on rows i and j; A_ij also depends on every other row's content through "
                          "the row's normaliser — but on no row's position";
          c.outcome = decided(t1.s(0, 1) == t2.s(0, 1) && t1.a(0, 1) != t2.a(0, 1) &&
                                  less(R("1e-6"), R(abs(R(r1.a(0, 1) - r2.a(0, 1))))),
                              text_ok);
        });
  b.about(subject::attention);
  b.add(words(s, "§1", "For \"dog bites man\" → \"man bites dog\" (swap positions 1 and 3): P = [[0,0,1],[0,1,0],[1,0,0]] "
                       "... PᵀP = I",
              "P swaps rows 1 and 3; PᵀP = I", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> p = in.exact("text000.P"), x = in.exact("text000.dog bites man");
          const Matrix<Q> px = multiply(p, x);
          const bool swaps = px.row(0) == x.row(2) && px.row(1) == x.row(1) && px.row(2) == x.row(0);
          const bool orth = exactly_equal(multiply(transposed(p), p), identity<Q>(p.rows()));
          computed(c) = std::string("P·X puts man first and dog last: ") + (swaps ? "yes" : "NO") + "; PᵀP = I: " +
                        (orth ? "yes" : "NO");
          c.outcome = verify::held_if(swaps && orth);
        });
  b.about(subject::text_data);
  b.add(words(s, "§1", "P M Pᵀ applies the same permutation to the rows and columns of M",
              "(P M Pᵀ)_ij = M_π(i)π(j)", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> p = in.exact("text000.P"), m = in.exact("text000.M (ours)");
          const auto img = permutation_of(p);
          if (img.empty()) {
            computed(c) = "P is not a permutation matrix";
            return;
          }
          const Matrix<Q> pmpt = multiply(multiply(p, m), transposed(p));
          bool same = pmpt.rows() == m.rows();
          for (Eigen::Index i = 0; same && i < m.rows(); ++i)
            for (Eigen::Index j = 0; j < m.cols(); ++j)
              same = same && pmpt(i, j) == m(img[static_cast<std::size_t>(i)], img[static_cast<std::size_t>(j)]);
          computed(c) = std::string("P M Pᵀ = M with rows and columns moved by π, for M = [[1,2,3],[4,5,6],[7,8,9]]: ") +
                        (same ? "yes" : "NO");
          c.outcome = verify::held_if(same);
        });
  b.about(subject::text_data);
  b.steps(words(s, "§2", "Q′ = PXW_Q = PQ, K′ = PK, V′ = PV", "", ""), {{"A.1", "3"}});
  b.steps(words(s, "§2", "S′ = (PQ)(PK)ᵀ/√d_k = P S Pᵀ", "", ""), {{"A.1", "4"}});
  b.steps(words(s, "§2", "A′ = softmax(PSPᵀ) = P softmax(S) Pᵀ = PAPᵀ", "", ""), {{"A.1", "5"}, {"A.1", "5b"}});
  b.steps(words(s, "§2", "Attn(PX) = A′V′ = PAPᵀPV = PAV = P·Attn(X)", "", ""), {{"A.1", "6"}, {"A.1", "6b"}});
  bit_for_bit(b,
              words(s, "§2", "the output vector for the token \"dog\" is bit-for-bit identical whether \"dog\" appeared "
                             "first or last",
                    "bit-for-bit identical", binary64),
              0, "dog");
  b.about(subject::summation);
  b.steps(words(s, "§2", "LayerNorm and the feed-forward MLP act on each token row independently, so they're "
                         "equivariant too",
                "", ""),
          {{"3.4", "1"}, {"3.4", "2"}});
  b.steps(words(s, "§2", "Residual connections add equivariant things to equivariant things", "", ""), {{"3.4", "3"}});
  b.steps(words(s, "§2", "Stack 96 layers: still equivariant", "", ""), {{"3.4", "4"}, {"3.4", "4b"}});
  b.steps(words(s, "§2", "If you then mean-pool ... pooling is order-insensitive, so the whole model becomes fully "
                         "permutation-invariant",
                "", ""),
          {{"3.4", "5"}});
  // §3: dog bites man with W = I.
  b.figures(words(s, "§3", "√d_k = √2 ≈ 1.414", "", real), {"1.414"}, {"1.414"}, [](const claim_inputs& in) {
    // √d_k as attention divides by it: the raw score dog·dog over the scaled one (W = I).
    const Matrix<R> x = in.real("text000.dog bites man");
    const auto t = attend000<R>(in, x);
    return std::vector<R>{R(R(x.row(0).dot(x.row(0))) / t.s(0, 0))};
  });
  b.about(subject::attention);
  b.add(words(s, "§3", "Scores (dot products with dog, bites, man): 1, 0, 1", "1, 0, 1", exact),
        [](const claim_inputs& in, verify::check& c) {
          // The scores attention computes (W = I, scale 1: the dot products themselves).
          const Matrix<Q> g = attend000_exact(in, in.exact("text000.dog bites man")).s;
          computed(c) = qrow(g, 0) + " (attention's scores, W = I, scale 1, exact)";
          c.outcome = verify::held_if(g(0, 0) == Q(1) && g(0, 1) == Q(0) && g(0, 2) == Q(1));
        });
  b.about(subject::attention);
  auto ta = [](const claim_inputs& in) { return attend000<R>(in, in.real("text000.dog bites man")); };
  b.figures(words(s, "§3", "divided by √2: 0.707, 0, 0.707", "", real), {"0.707", "0", "0.707"},
            {"0.707", "0", "0.707"}, [ta](const claim_inputs& in) {
              const auto t = ta(in);
              return std::vector<R>{t.s(0, 0), t.s(0, 1), t.s(0, 2)};
            });
  b.about(subject::attention);
  b.figures(words(s, "§3", "Softmax: (2.028, 1.000, 2.028) / 5.056", "", real), {"2.028", "1.000", "2.028", "5.056"},
            {"2.028", "1.000", "2.028", "5.056"}, [ta](const claim_inputs& in) {
              using std::exp;
              const auto t = ta(in);
              const R e0 = exp(t.s(0, 0)), e1 = exp(t.s(0, 1)), e2 = exp(t.s(0, 2));
              return std::vector<R>{e0, e1, e2, R(e0 + e1 + e2)};
            });
  b.about(subject::attention);
  b.figures(words(s, "§3", "= (0.401, 0.198, 0.401)", "", real), {"0.401", "0.198", "0.401"},
            {"0.401", "0.198", "0.401"}, [ta](const claim_inputs& in) {
              const auto t = ta(in);
              return std::vector<R>{t.a(0, 0), t.a(0, 1), t.a(0, 2)};
            });
  b.about(subject::attention);
  b.figures(words(s, "§3", "Output: 0.401[1,0] + 0.198[0,1] + 0.401[1,1] = [0.802, 0.599]", "", real),
            {"0.802", "0.599"}, {"0.802", "0.599"}, [ta](const claim_inputs& in) {
              const auto t = ta(in);
              return std::vector<R>{t.z(0, 0), t.z(0, 1)};
            });
  b.about(subject::attention);
  b.add(words(s, "§3", "Scores against (man, bites, dog): dog·man = 1, dog·bites = 0, dog·dog = 1 → the same multiset "
                       "{1, 0, 1}, just reordered",
              "{1, 0, 1}", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x = in.exact("text000.dog bites man"), p = in.exact("text000.P");
          const Matrix<Q> xb = multiply(p, x);
          const Matrix<Q> ga = attend000_exact(in, x).s, gb = attend000_exact(in, xb).s;
          std::vector<Q> a{ga(0, 0), ga(0, 1), ga(0, 2)}, bb{gb(2, 0), gb(2, 1), gb(2, 2)};
          computed(c) = "dog's scores in B (attention's scores, W = I, scale 1): " + qrow(gb, 2);
          const bool as_text = bb[0] == Q(1) && bb[1] == Q(0) && bb[2] == Q(1);
          std::sort(a.begin(), a.end());
          std::sort(bb.begin(), bb.end());
          c.outcome = verify::held_if(as_text && a == bb);
        });
  b.about(subject::attention);
  b.figures(words(s, "§3", "Sentence B ... Output: 0.401[1,1] + 0.198[0,1] + 0.401[1,0] = [0.802, 0.599] — Identical", "",
                  real),
            {"0.802", "0.599"}, {"0.802", "0.599"}, [](const claim_inputs& in) {
              const auto t = attend000<R>(in, multiply(in.real("text000.P"), in.real("text000.dog bites man")));
              return std::vector<R>{t.z(2, 0), t.z(2, 1)};
            });
  b.about(subject::attention);
  b.figures(words(s, "§3, the numpy listing", "print(A[0], B[2])   # [0.802 0.599] [0.802 0.599]", "", real),
            {"0.802", "0.599", "0.802", "0.599"}, {"0.802", "0.599", "0.802", "0.599"},
            [](const claim_inputs& in) {
              const auto t = attend000<R>(in, in.real("text000.dog bites man"));
              const auto u = attend000<R>(in, multiply(in.real("text000.P"), in.real("text000.dog bites man")));
              return std::vector<R>{t.z(0, 0), t.z(0, 1), u.z(2, 0), u.z(2, 1)};
            },
            "numpy's default print shows 8 digits, [0.80222419 0.59888791]; the comment gives them rounded");
  b.about(subject::attention);
  // §4.
  b.add(words(s, "§4", "Now \"dog at position 0\" and \"dog at position 2\" are genuinely different vectors",
              "different vectors", real),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<R> x = in.real("text000.dog bites man");
          const R base = in.real("text000.base")(0, 0);
          const long p0 = in.integer("text000.positions", 0, 0), p2 = in.integer("text000.positions", 0, 2);
          const Matrix<R> pe0 = sinusoid<R>(in, 1, x.cols(), base, p0), pe2 = sinusoid<R>(in, 1, x.cols(), base, p2);
          const Matrix<R> at0 = x.row(0) + pe0.row(0), at2 = x.row(0) + pe2.row(0);
          const R diff = max_abs_diff(at0, at2);
          computed(c) = "max |(dog + PE_" + std::to_string(p0) + ") − (dog + PE_" + std::to_string(p2) + ")| = " + fix(diff, 6);
          c.outcome = verify::held_if(less(R("0.1"), diff));
        },
        [](claim_inputs::table& t) { t["text000.positions"](0, 2) = t["text000.positions"](0, 0); });
  b.about(subject::sinusoid);
  b.add(words(s, "§4", "The fastest hand (small i) flips every couple of tokens", "every couple of tokens", real),
        [](const claim_inputs& in, verify::check& c) {
          const auto& key = "text000.fastest hand: d, positions, pair";
          const long d = in.integer(key, 0, 0), n = in.integer(key, 0, 1), pair = in.integer(key, 0, 2);
          const Matrix<R> t = sinusoid<R>(in, n, d, in.real("text000.base")(0, 0));
          if (pair < 0 || 2 * pair >= d) throw std::domain_error("no pair " + std::to_string(pair));
          long flips = 0;
          for (Eigen::Index p = 1; p < t.rows(); ++p)
            flips += (t(p, 2 * pair) < R(0)) != (t(p - 1, 2 * pair) < R(0)) ? 1 : 0;
          const R per = R(n - 1) / R(flips > 0 ? flips : 1);
          computed(c) = "column " + std::to_string(2 * pair) + " (i = " + std::to_string(pair) + ", d = " +
                        std::to_string(d) + ") changes sign " + std::to_string(flips) +
                        " times in positions 0…" + std::to_string(n - 1) + ": every " + fix(per, 2) + " tokens (π)";
          c.note = "a sign flip every π ≈ 3.14 tokens; a full turn every 2π ≈ 6.28";
          c.outcome = verify::held_if(all_finite(t) && flips > 0 && at_most(per, R(4)) && at_most(R(2), per));
        },
        [](claim_inputs::table& t) { t["text000.fastest hand: d, positions, pair"](0, 2) = 255; });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4", "the slowest (large i) barely moves across thousands of tokens (d = 512: the angle the "
                           "slowest hand turns in 1000 tokens, radians)",
                  "", real),
            {"0.10"}, {"0.10"},
            [](const claim_inputs& in) {
              const long d = in.integer("text000.slowest hand: d, tokens", 0, 0);
              const long n = in.integer("text000.slowest hand: d, tokens", 0, 1);
              return std::vector<R>{frequency(in, d / 2 - 1, d, in.real("text000.base")(0, 0)) * R(n)};
            },
            "1000·10000^(−510/512); a full turn is 2π ≈ 6.28");
  b.about(subject::sinusoid);
  b.add(words(s, "§4", "Together they give every position a unique fingerprint", "unique rows", binary64),
        [](const claim_inputs& in, verify::check& c) { unique_rows(in, c, "text000.unique: first, count, step, d", "text000.base"); },
        [](claim_inputs::table& t) { t["text000.unique: first, count, step, d"](0, 2) = 0; });
  b.about(subject::sinusoid);
  b.steps(words(s, "§4", "shifting by k steps is a fixed linear map, independent of t: (sin ω(t+k), cos ω(t+k)) = "
                         "[[cos ωk, sin ωk], [−sin ωk, cos ωk]] (sin ωt, cos ωt)",
                "the rotation identity", ""),
          {{"4", "4"}, {"4", "5"}});
  b.add(words(s, "§4", "This observation is exactly the seed of RoPE ... instead of adding rotations to the embeddings, it "
                       "applies them directly to Q and K",
              "q·k depends on the offset only", real),
        [](const claim_inputs& in, verify::check& c) {
          const auto scores = rope_scores(in, "text003.q, k (ours)", "text003.query, key positions");
          R spread;
          const bool same = all_within(scores, rope_bound, spread);
          computed(c) = "RoPE (d = 8, base 10000) q·k at the pairs (4, 1), (400, 397), (1003, 1000): " + fix(scores[0], 10) +
                        ", spread " + spread.str(3);
          c.outcome = verify::held_if(same);
        });
  b.about(subject::rope);
  b.add(words(s, "§4", "A second perk: it's a formula, not a parameter table, so you can evaluate it at positions never "
                       "seen during training",
              "defined at unseen positions", real),
        [](const claim_inputs& in, verify::check& c) {
          const long rows = in.integer("text000.table rows, unseen position", 0, 0);
          const long p = in.integer("text000.table rows, unseen position", 0, 1);
          const Matrix<R> row = sinusoid<R>(in, 1, 8, in.real("text000.base")(0, 0), p);
          const bool bounded = all_finite(row) && at_most(R(abs(R(row(0, 0)))), R(1));
          const bool table_has = learned_defines(in, rows, p);
          computed(c) = "the sinusoid at position " + std::to_string(p) + " (d = 8): " + fix(row(0, 0), 6) + ", …; a " +
                        std::to_string(rows) + "-row learned table " + (table_has ? "HAS a row there" : "has none");
          c.outcome = verify::held_if(bounded && !table_has);
        },
        [](claim_inputs::table& t) { t["text000.table rows, unseen position"](0, 1) = 100; });
  b.about(subject::sinusoid);
  b.add(words(s, "§4, Scheme B", "the table has a hard size limit: at position max_seq_len you fall off a cliff, because "
                                 "there's no row there",
              "no row at max_seq_len", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long l = in.integer("text000.max_seq_len");
          const bool last = learned_defines(in, l, l - 1), at = learned_defines(in, l, l);
          computed(c) = "pe::learned_scheme with " + std::to_string(l) + " rows: position " + std::to_string(l - 1) +
                        (last ? " defined" : " UNDEFINED") + ", position " + std::to_string(l) +
                        (at ? " DEFINED" : " undefined (the library throws undefined_position_error)");
          c.outcome = verify::held_if(last && !at);
        });
  b.about(subject::learned_table);
  b.add(words(s, "§4", "With d = 2 there's one frequency pair, 10000^0 = 1, so PE_t = [sin t, cos t]", "θ₀ = 1", real),
        [](const claim_inputs& in, verify::check& c) {
          const long d = in.integer("text000.d");
          const R theta = frequency(in, 0, d, in.real("text000.base")(0, 0));
          computed(c) = std::to_string(d / 2) + " pair(s), θ₀ = " + fix(theta, 3);
          c.outcome = verify::held_if(d / 2 == 1 && d % 2 == 0 && theta == R(1));
        });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4", "PE_0 = [0, 1], PE_1 = [0.841, 0.540], PE_2 = [0.909, −0.416]", "", real),
            {"0", "1", "0.841", "0.540", "0.909", "-0.416"}, {"0", "1", "0.841", "0.540", "0.909", "-0.416"},
            [](const claim_inputs& in) {
              std::vector<R> v;
              const Matrix<R>& pos = in.real("text000.positions");
              for (Eigen::Index k = 0; k < pos.cols(); ++k) {
                const Matrix<R> r = sinusoid<R>(in, 1, in.integer("text000.d"), in.real("text000.base")(0, 0),
                                                      in.integer("text000.positions", 0, k));
                v.push_back(r(0, 0));
                v.push_back(r(0, 1));
              }
              return v;
            });
  b.about(subject::sinusoid);
  auto with_pe = [](const claim_inputs& in, const Matrix<R>& x) {
    return pe::add_positions(x, sinusoid<R>(in, x.rows(), x.cols(), in.real("text000.base")(0, 0)));
  };
  auto xa = [with_pe](const claim_inputs& in) { return with_pe(in, in.real("text000.dog bites man")); };
  auto xb = [with_pe](const claim_inputs& in) {
    return with_pe(in, multiply(in.real("text000.P"), in.real("text000.dog bites man")));
  };
  b.figures(words(s, "§4, sentence A", "dog@0 = [1,1], bites@1 = [0.841, 1.540], man@2 = [1.909, 0.584]", "", real),
            {"1", "1", "0.841", "1.540", "1.909", "0.584"}, {"1", "1", "0.841", "1.540", "1.909", "0.584"},
            [xa](const claim_inputs& in) {
              const auto x = xa(in);
              return std::vector<R>{x(0, 0), x(0, 1), x(1, 0), x(1, 1), x(2, 0), x(2, 1)};
            });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence A", "Dog's scores: 2/√2 = 1.414, 2.381/√2 = 1.684, 2.493/√2 = 1.763", "", real),
            {"1.414", "2.381", "1.684", "2.493", "1.763"}, {"1.414", "2.382", "1.684", "2.493", "1.763"},
            [xa](const claim_inputs& in) {
              const auto x = xa(in);
              const auto t = attend000<R>(in, x);
              const R ab = x(0, 0) * x(1, 0) + x(0, 1) * x(1, 1), am = x(0, 0) * x(2, 0) + x(0, 1) * x(2, 1);
              return std::vector<R>{t.s(0, 0), ab, t.s(0, 1), am, t.s(0, 2)};
            },
            "dog@0·bites@1 = 1·0.84147 + 1·1.54030 = 2.38177: the text truncates it to 2.381");
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence A", "→ weights (0.268, 0.351, 0.380)", "", real), {"0.268", "0.351", "0.380"},
            {"0.268", "0.351", "0.380"}, [xa](const claim_inputs& in) {
              const auto t = attend000<R>(in, xa(in));
              return std::vector<R>{t.a(0, 0), t.a(0, 1), t.a(0, 2)};
            });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence A", "→ output ≈ [1.290, 1.032]", "", real), {"1.290", "1.032"}, {"1.290", "1.032"},
            [xa](const claim_inputs& in) {
              const auto t = attend000<R>(in, xa(in));
              return std::vector<R>{t.z(0, 0), t.z(0, 1)};
            });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence B", "man@0 = [1,2], bites@1 = [0.841, 1.540], dog@2 = [1.909, −0.416]", "", real),
            {"1", "2", "0.841", "1.540", "1.909", "-0.416"}, {"1", "2", "0.841", "1.540", "1.909", "-0.416"},
            [xb](const claim_inputs& in) {
              const auto x = xb(in);
              return std::vector<R>{x(0, 0), x(0, 1), x(1, 0), x(1, 1), x(2, 0), x(2, 1)};
            });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence B", "Dog's scores: 0.762, 0.683, 2.699", "", real), {"0.762", "0.683", "2.699"},
            {"0.762", "0.683", "2.700"},
            [xb](const claim_inputs& in) {
              const auto t = attend000<R>(in, xb(in));
              return std::vector<R>{t.s(2, 0), t.s(2, 1), t.s(2, 2)};
            },
            "dog@2·dog@2 / √2 = 3.81859 / 1.41421 = 2.70015");
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence B", "→ weights (0.113, 0.104, 0.783)", "", real), {"0.113", "0.104", "0.783"},
            {"0.113", "0.104", "0.783"}, [xb](const claim_inputs& in) {
              const auto t = attend000<R>(in, xb(in));
              return std::vector<R>{t.a(2, 0), t.a(2, 1), t.a(2, 2)};
            });
  b.about(subject::sinusoid);
  b.figures(words(s, "§4, sentence B", "→ output ≈ [1.695, 0.061]", "", real), {"1.695", "0.061"}, {"1.696", "0.060"},
            [xb](const claim_inputs& in) {
              const auto t = attend000<R>(in, xb(in));
              return std::vector<R>{t.z(2, 0), t.z(2, 1)};
            },
            "1.695 is 1.69559 truncated; 0.061 is off in the third decimal");
  b.about(subject::sinusoid);
  b.add(words(s, "§4", "Different vectors, and different attention patterns. In sentence B, dog attends overwhelmingly "
                       "to itself; in sentence A it spreads attention across all three",
              "B: mostly itself; A: spread", real),
        [xa, xb](const claim_inputs& in, verify::check& c) {
          const auto ta2 = attend000<R>(in, xa(in)), tb2 = attend000<R>(in, xb(in));
          const R diff = max_abs_diff(Matrix<R>(ta2.z.row(0)), Matrix<R>(tb2.z.row(2)));
          R lo = ta2.a(0, 0), hi = ta2.a(0, 0);
          for (int j = 1; j < 3; ++j) {
            lo = ta2.a(0, j) < lo ? R(ta2.a(0, j)) : lo;
            hi = hi < ta2.a(0, j) ? R(ta2.a(0, j)) : hi;
          }
          computed(c) = "dog's outputs differ by " + fix(diff, 4) + "; B: dog → dog " + fix(tb2.a(2, 2), 3) +
                        "; A: weights between " + fix(lo, 3) + " and " + fix(hi, 3);
          c.note = "\"overwhelmingly\" read as more than twice the other two together; \"spreads\" as every weight "
                   "above 1/4";
          // NOTE: the thresholds read the words; the figures themselves are checked in the rows above.
          c.outcome = verify::held_if(less(R("0.1"), diff) && less(R(2) * R(tb2.a(2, 0) + tb2.a(2, 1)), tb2.a(2, 2)) &&
                                      less(R("0.25"), lo));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "§5", "Random high-dimensional directions are nearly orthogonal (d = 768 or 4096)",
              "nearly orthogonal", binary64,
              "sampled: 200 random pairs per d (case_source seed 5, entries normal with the table's mean and sd)",
              verify::evidence_kind::sampled_within_bound),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<double> dims = in.dbl("text000.wide d");
          const Matrix<double> ms = in.dbl("text000.random directions: mean, sd");
          if (!(ms(0, 1) > 0)) throw std::domain_error("the standard deviation must be positive");
          case_source rng(5);
          const auto g = [&](case_source& src) { return src.normal(ms(0, 0), ms(0, 1)); };
          bool held = all_finite(dims) && all_finite(ms);
          std::string out;
          for (Eigen::Index k = 0; k < dims.cols(); ++k) {
            const long d = in.integer("text000.wide d", 0, k);
            if (d < 1) throw std::domain_error("d must be positive");
            double worst = 0;
            for (int pair = 0; pair < 200; ++pair) {
              Eigen::VectorXd u(d), v(d);
              for (long j = 0; j < d; ++j) u(j) = g(rng);
              for (long j = 0; j < d; ++j) v(j) = g(rng);
              const double cosine = std::abs(u.dot(v)) / (u.norm() * v.norm());
              worst = cosine > worst || std::isnan(cosine) ? cosine : worst;
            }
            // NOTE: for centred Gaussian vectors cos θ ≈ N(0, 1/d); 5/√d is 5σ, and 200 pairs exceed it with
            // probability below 10⁻⁴. "Nearly orthogonal" = every angle within 90° ± 11° (|cos| ≤ 0.2) as well.
            const double bound = std::min(0.2, 5.0 / std::sqrt(static_cast<double>(d)));
            held = held && worst <= bound;
            out += (out.empty() ? "" : "; ") + std::string("d = ") + std::to_string(d) + ": max |cos| = " + fix(worst, 4) +
                   " ≤ " + fix(bound, 4);
          }
          computed(c) = out;
          c.outcome = verify::held_if(held);
          c.cases = 200 * static_cast<long>(dims.cols());  // 200 pairs per d
          c.seed = 5;
        });
  b.about(subject::text_data);
  {
    // NoPE: a start marker, W_Q = W_K = 0 (uniform attention over the visible keys), V = I. With the
    // causal mask row i averages i + 1 rows, so its first slot is 1/(i + 1): a count of the tokens it
    // may see. Without the mask every row averages all n rows.
    auto nope = [](const claim_inputs& in, bool causal) {
      const Matrix<Q> rows = in.exact("text000.NoPE rows: first, others");
      const long n = in.integer("text000.NoPE length");
      if (n < 2) throw std::domain_error("the NoPE example needs at least two tokens");
      Matrix<Q> x(n, rows.cols());
      for (long i = 0; i < n; ++i) x.row(i) = rows.row(i == 0 ? 0 : 1);
      const Matrix<Q> zero = Matrix<Q>::Zero(x.cols(), x.cols());
      attention_options<Q> opt;
      opt.scale = Q(1);
      if (causal) opt.mask = mask::causal();
      return attn<Q, rational_kernel>(in, x, {zero, zero, identity<Q>(x.cols())}, opt).z;
    };
    auto distinct_rows = [](const Matrix<Q>& z) {
      for (Eigen::Index i = 0; i < z.rows(); ++i)
        for (Eigen::Index j = i + 1; j < z.rows(); ++j)
          if (z.row(i) == z.row(j)) return false;
      return true;
    };
    b.add(words(s, "§5", "A decoder-only model can infer position from \"how many tokens am I allowed to see?\" (this is "
                         "the basis of \"NoPE\" research results)",
                "the causal mask carries position", exact),
          [nope, distinct_rows](const claim_inputs& in, verify::check& c) {
            const Matrix<Q> z = nope(in, true);
            computed(c) = "a start marker, no positional encoding, uniform causal attention: first slots " + [&] {
              std::string t;
              for (Eigen::Index i = 0; i < z.rows(); ++i) t += (i ? ", " : "") + z(i, 0).str();
              return t;
            }() + " — every position gets its own output";
            c.outcome = verify::held_if(distinct_rows(z));
          });
    b.about(subject::mask);
    b.add(words(s, "§5", "it doesn't exist at all in encoders like BERT, which attend bidirectionally and are therefore "
                         "exactly as order-blind as the proof above says",
                "no position signal without the mask", exact),
          [nope, distinct_rows](const claim_inputs& in, verify::check& c) {
            const Matrix<Q> z = nope(in, false), zc = nope(in, true);
            bool same_after_first = true;
            for (Eigen::Index i = 2; i < z.rows(); ++i) same_after_first = same_after_first && z.row(i) == z.row(1);
            computed(c) = std::string("the same input without the mask: rows 2…n ") +
                          (same_after_first ? "all equal" : "DIFFER") + " (row 1 = " + qrow(z, 1) +
                          "); with the mask they are " + (distinct_rows(zc) ? "distinct" : "NOT distinct");
            c.outcome = verify::held_if(same_after_first && distinct_rows(zc));
          });
    b.about(subject::mask);
  }
  b.steps(words(s, "§5", "The causal mask zeroes out A_ij for j > i, and that mask depends on the index, so it is not "
                         "permutation-equivariant",
                "not equivariant", ""),
          {{"3.4", "6"}});
  b.add(words(s, "Try it yourself, 1", "verify the equivariance identity numerically ... Convince yourself the residual "
                                       "is machine epsilon, not luck",
              "residual ≈ machine ε", binary64,
              "sampled: random 4-token inputs (case_source seed 4, entries uniform in [−1, 1))",
              verify::evidence_kind::sampled_within_bound),
        [](const claim_inputs& in, verify::check& c) {
          const auto p = as_permutation(in.exact("text000.try 1: P"));
          const long d = in.integer("text000.try 1: d, cases", 0, 0), cases = in.integer("text000.try 1: d, cases", 0, 1);
          if (d < 1 || cases < 1) throw std::domain_error("d and the case count must be positive");
          if (!p) {
            computed(c) = "text000.try 1: P is not a permutation matrix";
            return;
          }
          case_source rng(4);
          const auto u = [](case_source& src) { return src.uniform_real(-1.0, 1.0); };
          // NOTE: W = I, so V = X: the bound of proof A.1, step 6b, 4(n+1)·(ε·max|V| + η) per entry, with max|V|
          // over the case's entries (it scales with the data).
          const double k_eps = attention_reorder_bound_eps(p->points());
          const auto attend = [&in](const std::vector<Matrix<double>>& a) { return attend000<double>(in, a[0]).z; };
          const auto tol = [k_eps](const std::vector<Matrix<double>>& a, const Matrix<double>&) {
            return verify::within_eps<double>(k_eps, verify::one_scale(a[0].cwiseAbs().maxCoeff()),
                                              "≤ 4(n+1)·(ε·max|V| + η) per entry");
          };
          double worst = 0;
          bool held = true;
          for (long k = 0; k < cases; ++k) {
            Matrix<double> x(p->points(), d);
            for (Eigen::Index i = 0; i < x.rows(); ++i)
              for (Eigen::Index j = 0; j < d; ++j) x(i, j) = u(rng);
            const auto r = verify::check_law<double>(attention_equivariance, attend, {x}, *p, tol);
            held = held && r.held;
            worst = (r.ratio > worst || std::isnan(r.ratio)) ? r.ratio : worst;
          }
          c.bound = "≤ 4(n+1)·(ε·max|V| + η) per entry (proof A.1, step 6b; n = " + std::to_string(p->points()) +
                    "; the residual in units of this bound)";
          c.residual = worst;
          computed(c) = std::to_string(cases) + " random " + std::to_string(p->points()) + "×" + std::to_string(d) +
                        " inputs: worst residual " + fix(worst, 3) + " × the derived bound 4(n+1)·(ε·max|V| + η) = " +
                        fix(k_eps, 0) + "·(ε·max|V| + η)";
          c.outcome = verify::held_if(held && worst <= 1.0);
          c.cases = cases;
          c.seed = 4;
        });
  b.about(subject::attention);
  b.add(words(s, "Try it yourself, 2", "Add sinusoidal(n, d) to X, rerun, and confirm the identity now fails — print the "
                                       "magnitude of the difference",
              "the identity fails", real),
        [with_pe](const claim_inputs& in, verify::check& c) {
          const Matrix<R> x = in.real("text000.dog bites man");
          const auto p = as_permutation(in.exact("text000.P"));
          if (!p) {
            computed(c) = "text000.P is not a permutation matrix";
            return;
          }
          const auto [lhs, rhs] = verify::sides<R>(
              attention_equivariance, [&](const std::vector<Matrix<R>>& a) { return attend000<R>(in, with_pe(in, a[0])).z; },
              {x}, *p);
          const R diff = max_abs_diff(lhs, rhs);
          computed(c) = "max|Attn(PX + PE) − P·Attn(X + PE)| = " + fix(diff, 6) + " (dog bites man, d = 2)";
          c.outcome = verify::held_if(less(R("0.01"), diff));
        },
        [](claim_inputs::table& t) { t["text000.P"] = Matrix<R>::Identity(3, 3); });
  b.about(subject::sinusoid);
  b.add(words(s, "Try it yourself, 3", "Set d = 8 and plot the 8 columns of sinusoidal(64, 8) against position. Identify "
                                       "which columns are the \"fast hands\" and which are the \"slow hands\"",
              "fast and slow hands", real),
        [](const claim_inputs& in, verify::check& c) {
          const long n = in.integer("text000.try 3: n, d", 0, 0), d = in.integer("text000.try 3: n, d", 0, 1);
          const R base = in.real("text000.base")(0, 0);
          const Matrix<R> t = sinusoid<R>(in, n, d, base);
          std::string out;
          bool decreasing = all_finite(t);
          R prev(-1);
          for (long i = 0; i < d / 2; ++i) {
            const R turned = frequency(in, i, d, base) * R(n - 1);
            out += (i ? ", " : "") + std::string("columns ") + std::to_string(2 * i) + "–" + std::to_string(2 * i + 1) +
                   ": " + fix(turned, 3) + " rad";
            if (i > 0) decreasing = decreasing && less(turned, prev);
            prev = turned;
          }
          using std::acos;
          const R two_pi = R(2) * R(acos(R(-1)));
          const R fastest = frequency(in, 0, d, base) * R(n - 1);
          const R slowest = frequency(in, d / 2 - 1, d, base) * R(n - 1);
          computed(c) = "angle turned over positions 0…" + std::to_string(n - 1) + ": " + out;
          c.note = "the fast hands are columns 0–1 (about ten full turns), the slow hands the last pair (a few degrees); "
                   "each pair is one sin and one cos column";
          c.outcome = verify::held_if(decreasing && less(R(R(2) * two_pi), fastest) && less(slowest, R("0.1")));
        });
  b.about(subject::sinusoid);
}

// ------------------------------------------------------------------------------------------------
void text001(rows_builder& b) {
  const std::string s = "text 001";
  auto x = [](const claim_inputs& in) { return in.exact("text001.X"); };
  auto xr = [](const claim_inputs& in) { return in.real("text001.X"); };
  b.steps(words(s, "§3.1", "It doesn't react at all. The formula does the exact same math either way, because it treats "
                           "your sentence as a bag of words",
                "Attn(PX) = P·Attn(X)", ""),
          {{"A.1", "4"}, {"A.1", "5"}, {"A.1", "6"}});
  b.add(words(s, "§3.2", "the input matrix X is 3 × 4 ... The three weight matrices ... each 4 × 4", "3 × 4; 4 × 4", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> xx = in.exact("text001.X"), wq = in.exact("text001.W_Q"), wk = in.exact("text001.W_K"),
                          wv = in.exact("text001.W_V");
          computed(c) = shape_of(xx) + "; " + shape_of(wq) + ", " + shape_of(wk) + ", " + shape_of(wv);
          auto is = [](const Matrix<Q>& m, long r, long k) { return m.rows() == r && m.cols() == k; };
          c.outcome = verify::held_if(is(xx, 3, 4) && is(wq, 4, 4) && is(wk, 4, 4) && is(wv, 4, 4));
        });
  b.about(subject::text_data);
  b.add(words(s, "§3.2", "Part 1 worked one of those dot products in full and left the pattern for the other thirty-five",
              "36 dot products", exact, counted, verify::evidence_kind::count_on_data),
        [x](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> xx = x(in);
          const auto t = forward001<Q, rational_kernel>(in, xx);
          const long n = static_cast<long>(t.q.size() + t.k.size() + t.v.size());
          // The pattern: every entry of Q, K, V is one dot product of a row of X with a column of W.
          const long by_pattern = entries_by_pattern(t.q, xx, in.exact("text001.W_Q")) +
                                  entries_by_pattern(t.k, xx, in.exact("text001.W_K")) +
                                  entries_by_pattern(t.v, xx, in.exact("text001.W_V"));
          computed(c) = "Q, K, V (the forward pass on X, W) have " + std::to_string(n) + " entries, " +
                        std::to_string(by_pattern) + " of them the dot product of a row of X with a column of W: one "
                        "worked, " + std::to_string(n - 1) + " left";
          count_verdict(c, n > 0 && by_pattern == n, n - 1, in.integer("text001.dot products left (the text's figure)"),
                        "the entries of Q, K and V the forward pass produced, less the worked one");
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "Entry (1,2) asks how well I's query matches love's key: (2,1,0,0)·(0,2,0,1) = 2",
              "q_I = (2,1,0,0), k_love = (0,2,0,1), score 2", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const Matrix<Q> raw = multiply_transposed(t.q, t.k);
          computed(c) = "q_I = " + qrow(t.q, 0) + ", k_love = " + qrow(t.k, 1) + ", score " + raw(0, 1).str();
          c.outcome = verify::held_if(qrow(t.q, 0) == "(2, 1, 0, 0)" && qrow(t.k, 1) == "(0, 2, 0, 1)" && raw(0, 1) == Q(2));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "The other eight follow the same way", "9 entries", exact, counted,
              verify::evidence_kind::count_on_data),
        [x](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          // The raw scores as attention computed them: S undone by the scale 1/√d_k (forward001's).
          long root = 0;
          while ((root + 1) * (root + 1) <= t.q.cols()) ++root;
          const Matrix<Q> raw = Matrix<Q>(t.s * Q(root));
          // "The same way": every score is the dot product of a query row with a key row (Kᵀ's column).
          const long n = static_cast<long>(raw.size());
          const long by_pattern = entries_by_pattern(raw, t.q, transposed(t.k));
          computed(c) = "Q Kᵀ is " + shape_of(raw) + ": " + std::to_string(n) + " entries, " + std::to_string(by_pattern) +
                        " of them a query row · a key row; one worked, " + std::to_string(n - 1) + " more";
          count_verdict(c, n > 0 && by_pattern == n, n - 1, in.integer("text001.scores left (the text's figure)"),
                        "the entries of Q Kᵀ, less the worked one");
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "this matrix is not symmetric — entry (1,3) is 2 while entry (3,1) is 3", "S₁₃ = 2, S₃₁ = 3",
              exact),
        [x](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const Matrix<Q> raw = multiply_transposed(t.q, t.k);
          computed(c) = "S₁₃ = " + raw(0, 2).str() + ", S₃₁ = " + raw(2, 0).str();
          c.outcome = verify::held_if(raw(0, 2) == Q(2) && raw(2, 0) == Q(3));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "Asking is not the same as being asked, and that asymmetry survives everything below",
              "A₁₃ ≠ A₃₁, in both orders", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<R>(in, xr(in));
          const auto tp = forward001<R>(in, multiply(in.real("text001.P"), xr(in)));
          const R d1 = abs_value(R(t.a(0, 2) - t.a(2, 0))), d2 = abs_value(R(tp.a(2, 0) - tp.a(0, 2)));
          computed(c) = "A₁₃ = " + fix(t.a(0, 2), 4) + ", A₃₁ = " + fix(t.a(2, 0), 4) + "; reversed: I→LLMs = " +
                        fix(tp.a(2, 0), 4) + ", LLMs→I = " + fix(tp.a(0, 2), 4);
          // NOTE: 10⁻³ is far above mpfr100's rounding (≈ 10⁻⁹⁹) and far below the gap (≈ 0.1). The two gaps
          // are the same two weights computed in two orders: each weight is within 2(n+1)ε of its value (proof
          // A.1, step 5b; n = 3 rows ≤ 1), so |d1 − d2| ≤ 4·2(n+1)ε = 32ε; 64ε leaves a factor 2.
          const R eps = std::numeric_limits<R>::epsilon();
          c.outcome = verify::held_if(less(R("0.001"), d1) && less(R("0.001"), d2) && at_most(R(abs_value(R(d1 - d2))), R(R(64) * eps)));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "each one is a single word's row of X, times W^Q W^K⊤, times another word's row", "Q Kᵀ = X M Xᵀ",
              exact),
        [x](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> xx = x(in);
          const Matrix<Q> m = multiply_transposed(in.exact("text001.W_Q"), in.exact("text001.W_K"));
          const auto t = forward001<Q, rational_kernel>(in, xx);
          const bool same = exactly_equal(multiply_transposed(multiply(xx, m), xx), multiply_transposed(t.q, t.k));
          const auto st = cite(in, c, "3.7", "1");
          computed(c) = std::string("X M Xᵀ = Q Kᵀ entry by entry: ") + (same ? "yes" : "NO") +
                        "; for every X and W: proof 3.7, step 1 (the expansion with M = W_Q W_Kᵀ) [" +
                        ((st.outcome == verify::verdict::held) ? "held" : "FAILED") + "]";
          c.outcome = verify::held_if(same && (st.outcome == verify::verdict::held));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "Here d_k = 4, so that's √4 = 2", "2", exact), [x](const claim_inputs& in, verify::check& c) {
    const auto t = forward001<Q, rational_kernel>(in, x(in));
    const Matrix<Q> raw = multiply_transposed(t.q, t.k);
    // The scale the forward pass used, read back from S = QKᵀ·scale.
    const Q scale = t.s(0, 0) / raw(0, 0);
    computed(c) = "d_k = " + std::to_string(t.q.cols()) + "; the scores are QKᵀ·" + scale.str();
    c.outcome = verify::held_if(t.q.cols() == 4 && scale == Q(1) / Q(2));
  },
        [](claim_inputs::table& t) {
          for (const char* w : {"text001.W_Q", "text001.W_K", "text001.W_V"}) t[w] = Matrix<R>(t[w].leftCols(1));
        });
  b.about(subject::attention);
  b.figures(words(s, "§3.2", "love gives I a weight of 0.14 ... And LLMs gets 0.23", "", real), {"0.14", "0.23"},
            {"0.14", "0.23"}, [xr](const claim_inputs& in) {
              const auto t = forward001<R>(in, xr(in));
              return std::vector<R>{t.a(1, 0), t.a(1, 2)};
            });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "In the second sentence, love gives I a weight of 0.14, and I is now the word on its right. Same "
                         "word, opposite side, identical weight. And LLMs gets 0.23 from either side too",
              "identical weights", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<R>(in, xr(in));
          const auto tp = forward001<R>(in, multiply(in.real("text001.P"), xr(in)));
          const R d = std::max(R(abs_value(R(tp.a(1, 2) - t.a(1, 0)))), R(abs_value(R(tp.a(1, 0) - t.a(1, 2)))));
          const R bound = R(2 * (3 + 1)) * scalar_traits<R>::epsilon();
          computed(c) = "love → I: " + fix(t.a(1, 0), 6) + " and " + fix(tp.a(1, 2), 6) + "; love → LLMs: " +
                        fix(t.a(1, 2), 6) + " and " + fix(tp.a(1, 0), 6) + "; largest difference " + d.str(3);
          // NOTE: the reversed row's normaliser sums the same three exponentials in another order: 2(n+1) ε.
          c.outcome = verify::held_if(at_most(d, bound));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "Everything from here on is rounded to two decimals, so a row may add up to 0.99 rather than 1",
              "a rounded row sums to 1 ± 0.01", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const auto t = forward001<R>(in, xr(in));
          const long dec = in.integer("text001.decimals");
          std::string sums;
          bool within = all_finite(t.a);
          for (Eigen::Index i = 0; i < t.a.rows(); ++i) {
            R sum(0);
            for (Eigen::Index j = 0; j < t.a.cols(); ++j) sum += R(t.a(i, j).str(dec, std::ios_base::fixed));
            sums += (i ? ", " : "") + fix(sum, dec);
            // NOTE: three roundings to 2 decimals move a sum of 1 by at most 3 × 0.005.
            within = within && at_most(R(abs_value(R(sum - R(1)))), R("0.015"));
          }
          computed(c) = "rows of A rounded to " + std::to_string(dec) + " decimals sum to " + sums;
          c.outcome = verify::held_if(within && dec == 2);
        });
  b.about(subject::attention);
  const char* names[3] = {"I", "love", "LLMs"};
  const std::vector<std::vector<std::string>> text_z = {
      {"1.21", "0.58", "0.21", "0.21"}, {"1.63", "0.14", "0.23", "0.63"}, {"1.14", "0.23", "0.63", "0.14"}};
  for (int i = 0; i < 3; ++i) {
    b.figures(words(s, "§3.2", std::string("The output for ") + names[i] + ": " + join(text_z[i]), "", real), text_z[i],
              text_z[i], [xr, i](const claim_inputs& in) {
                const auto t = forward001<R>(in, xr(in));
                std::vector<R> v;
                for (int j = 0; j < 4; ++j) v.push_back(t.z(i, j));
                return v;
              });
    b.about(subject::attention);
  }
  b.add(words(s, "§3.2", "The weight matrices haven't changed, so Q, K, and V just swap their rows too ... No new "
                         "arithmetic happened",
              "Q′ = PQ, K′ = PK, V′ = PV", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const auto p = as_permutation(in.exact("text001.P"));
          // NOTE: Q, K and V side by side: the law f(PX) = P·f(X) for f(X) = [Q | K | V].
          const auto qkv = [&in](const Matrix<Q>& h) {
            const auto t = forward001<Q, rational_kernel>(in, h);
            Matrix<Q> out(t.q.rows(), t.q.cols() + t.k.cols() + t.v.cols());
            out << t.q, t.k, t.v;
            return out;
          };
          const bool same = p && exact_law(verify::equivariance("[Q | K | V](PX) = P·[Q | K | V](X)"), qkv, x(in), *p).held;
          const auto st = cite(in, c, "A.1", "3");
          computed(c) = std::string("Q′ = PQ, K′ = PK, V′ = PV exactly: ") + (same ? "yes" : "NO") +
                        "; for every X, W, P: proof A.1, step 3 [" + ((st.outcome == verify::verdict::held) ? "held" : "FAILED") + "]";
          c.outcome = verify::held_if(same && (st.outcome == verify::verdict::held));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "The same nine numbers are present in both", "the same multiset", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> p = in.exact("text001.P");
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const auto tp = forward001<Q, rational_kernel>(in, multiply(p, x(in)));
          std::vector<Q> a(t.s.data(), t.s.data() + t.s.size()), bb(tp.s.data(), tp.s.data() + tp.s.size());
          std::sort(a.begin(), a.end());
          std::sort(bb.begin(), bb.end());
          computed(c) = std::to_string(a.size()) + " scores each; as multisets " + (a == bb ? "equal" : "DIFFERENT");
          c.outcome = verify::held_if(a == bb && a.size() == 9);
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "the second matrix is the first one flipped: the row order reversed, and the column order "
                         "reversed with it. The 4 that sat in the top-left corner is now in the bottom-right corner",
              "S′ = P S Pᵀ; S₁₁ = S′₃₃ = 4", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const auto p = as_permutation(in.exact("text001.P"));
          if (!p) {
            computed(c) = "text001.P is not a permutation matrix";
            return;
          }
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const auto tp = forward001<Q, rational_kernel>(in, p->apply_rows(x(in)));
          const Matrix<Q> raw = multiply_transposed(t.q, t.k), rawp = multiply_transposed(tp.q, tp.k);
          // NOTE: S is indexed by tokens on both sides: P acts on it as P·S·Pᵀ (verify/law.hpp).
          const bool flipped = exactly_equal(rawp, verify::act(verify::action::permute_rows_and_cols, raw, *p));
          computed(c) = std::string("S′ = P S Pᵀ: ") + (flipped ? "yes" : "NO") + "; S₁₁ = " + raw(0, 0).str() +
                        ", S′₃₃ = " + rawp(2, 2).str();
          c.outcome = verify::held_if(flipped && raw(0, 0) == Q(4) && rawp(2, 2) == Q(4));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2, Figure 3", "The 2 is I asking and love answering. Its row moves from the top to the bottom, but its "
                                   "column stays",
              "S₁₂ = 2 moves to S′₃₂", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> p = in.exact("text001.P");
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const auto tp = forward001<Q, rational_kernel>(in, multiply(p, x(in)));
          const Matrix<Q> raw = multiply_transposed(t.q, t.k), rawp = multiply_transposed(tp.q, tp.k);
          computed(c) = "S₁₂ = " + raw(0, 1).str() + ", S′₃₂ = " + rawp(2, 1).str();
          c.outcome = verify::held_if(raw(0, 1) == Q(2) && rawp(2, 1) == Q(2));
        });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "So the attention weights A go through the same change — the same numbers, moved the same way",
              "A′ = P A Pᵀ", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const auto p = as_permutation(in.exact("text001.P"));
          if (!p) {
            computed(c) = "text001.P is not a permutation matrix";
            return;
          }
          const auto t = forward001<R>(in, xr(in));
          const auto tp = forward001<R>(in, p->apply_rows(xr(in)));
          // NOTE: A is indexed by tokens on both sides: P acts on it as P·A·Pᵀ (verify/law.hpp).
          const R d = max_abs_diff(tp.a, verify::act(verify::action::permute_rows_and_cols, t.a, *p));
          const R bound = R(2 * (3 + 1)) * scalar_traits<R>::epsilon();
          computed(c) = "max |A′ − P A Pᵀ| = " + d.str(3) + " (softmax, in-order sums)";
          // NOTE: the same exponentials summed in another order: within 2(n+1) ε of each other (proof A.1, 5b).
          c.outcome = verify::held_if(at_most(d, bound));
        });
  b.about(subject::attention);
  b.figures(words(s, "§3.2", "Look closely at Z_swapped. Row 1 is the output for LLMs: (1.14, 0.23, 0.63, 0.14). Row 2 ... "
                             "love: (1.63, 0.14, 0.23, 0.63). Row 3 ... I: (1.21, 0.58, 0.21, 0.21)",
                  "", real),
            {"1.14", "0.23", "0.63", "0.14", "1.63", "0.14", "0.23", "0.63", "1.21", "0.58", "0.21", "0.21"},
            {"1.14", "0.23", "0.63", "0.14", "1.63", "0.14", "0.23", "0.63", "1.21", "0.58", "0.21", "0.21"},
            [xr](const claim_inputs& in) {
              const auto t = forward001<R>(in, multiply(in.real("text001.P"), xr(in)));
              std::vector<R> v;
              for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 4; ++j) v.push_back(t.z(i, j));
              return v;
            });
  b.about(subject::attention);
  b.add(words(s, "§3.2", "The vector produced for I is exactly the same whether I came first or last", "Z′ = P Z", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const auto p = as_permutation(in.exact("text001.P"));
          const bool same =
              p && exact_law(attention_equivariance, [&in](const Matrix<Q>& h) { return forward001<Q, rational_kernel>(in, h).z; },
                             x(in), *p)
                       .held;
          c.bound = "== (exact)";
          computed(c) = std::string("Z′ = P·Z exactly (rational kernel φ(s)/Σφ): ") + (same ? "yes" : "NO");
          c.note = "with softmax itself: proof A.1, step 6b";
          c.outcome = verify::held_if(same);
        });
  b.about(subject::attention);
  b.steps(words(s, "§3.2", "The same result holds for every embedding, every weight matrix and every sentence length",
                "Attn(PX) = P·Attn(X)", ""),
          {{"A.1", "6"}, {"A.1", "6b"}});
  b.add(words(s, "§3.2, Try it", "Swap the first and third rows of X ... every entry of the new matrix is an entry of the "
                                 "old one ... say which single entry did not move at all",
              "one entry stays", exact),
        [x](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> p = in.exact("text001.P");
          const auto img = permutation_of(p);
          if (img.empty()) {
            computed(c) = "P is not a permutation matrix";
            return;
          }
          const auto t = forward001<Q, rational_kernel>(in, x(in));
          const auto tp = forward001<Q, rational_kernel>(in, multiply(p, x(in)));
          const Matrix<Q> raw = multiply_transposed(t.q, t.k), rawp = multiply_transposed(tp.q, tp.k);
          int fixed = 0;
          bool moved_right = true;
          std::string which;
          for (Eigen::Index i = 0; i < 3; ++i)
            for (Eigen::Index j = 0; j < 3; ++j) {
              const auto pi = img[static_cast<std::size_t>(i)], pj = img[static_cast<std::size_t>(j)];
              moved_right = moved_right && rawp(i, j) == raw(pi, pj);
              if (pi == i && pj == j) {
                ++fixed;
                which = "(" + std::to_string(i + 1) + "," + std::to_string(j + 1) + ") = " + raw(i, j).str();
              }
            }
          computed(c) = std::string("every entry is an old one at a new address: ") + (moved_right ? "yes" : "NO") +
                        "; entries that stay: " + std::to_string(fixed) + (fixed == 1 ? ", " + which + " (love asking love)" : "");
          c.outcome = verify::held_if(moved_right && fixed == 1);
        });
  b.about(subject::attention);
  b.add(words(s, "§3.3", "Attention can: its output vector for bank changes when the words around bank change",
              "the output depends on the context", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const Matrix<R> xx = xr(in);
          Matrix<R> other = xx;
          other.row(2) = xx.row(1);  // I love love: LLMs replaced by love
          const auto t = forward001<R>(in, xx), t2 = forward001<R>(in, other);
          const R d = max_abs_diff(Matrix<R>(t.z.row(0)), Matrix<R>(t2.z.row(0)));
          computed(c) = "I's output in \"I love LLMs\" and in \"I love love\" differ by " + fix(d, 4);
          c.note = "the same word, I, in two contexts (text 001's vectors; the text's bank has none)";
          c.outcome = verify::held_if(less(R("0.01"), d));
        });
  b.about(subject::attention);
  bit_for_bit(b,
              words(s, "§3.3", "bites sits at position 1 in both sentences ... Its output vector is the same vector, down "
                               "to the last decimal, in the ordinary sentence and in the front-page one",
                    "identical to the last decimal", binary64),
              1, "bites");
  b.about(subject::summation);
  b.add(words(s, "§3.3, Try it", "You should get two words that moved and zero vectors that changed", "2 moved, 0 changed",
              exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x0 = in.exact("text000.dog bites man");
          const auto p = as_permutation(in.exact("text000.P"));
          if (!p) {
            computed(c) = "P is not a permutation matrix";
            return;
          }
          // The law's two sides, f(PX) and P·f(X), compared row by row: a row that differs is a vector that changed.
          const auto [lhs, rhs] = verify::sides<Q>(
              attention_equivariance, [&](const std::vector<Matrix<Q>>& a) { return attend000_exact(in, a[0]).z; }, {x0}, *p);
          int moved = 0, changed = 0;
          for (Eigen::Index i = 0; i < p->points(); ++i) {
            moved += p->at(i) != i ? 1 : 0;
            changed += lhs.row(i) == rhs.row(i) ? 0 : 1;
          }
          computed(c) = std::to_string(moved) + " moved, " + std::to_string(changed) + " changed";
          c.note = "text 000's dog/bites/man vectors (text 001 gives none), W = I, rational kernel";
          c.outcome = verify::held_if(moved == 2 && changed == 0);
        });
  b.about(subject::attention);
  b.steps(words(s, "§3.3, Try it", "say in one sentence why that count would be zero for any reordering of these three "
                                   "words",
                "zero for every P", ""),
          {{"A.1", "6"}});
  b.steps(words(s, "§3.4", "The feed-forward network doesn't ... It takes one row at a time ... Shuffle the rows going in "
                           "and the rows come out shuffled, contents untouched",
                "FFN(PX) = P·FFN(X)", ""),
          {{"3.4", "1"}});
  b.steps(words(s, "§3.4", "Every block in the stack passes a shuffle straight through, and blocks that pass a shuffle "
                           "through still pass it through when you stack them",
                "stacks are equivariant", ""),
          {{"3.4", "3"}, {"3.4", "4"}});
  b.add(words(s, "§3.4", "out to W^(499) ... Train with 500 positions and a 501st token has no weights to be processed by",
              "W^(0) … W^(499); none for the 501st", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long l = in.integer("text001.positions with weights");
          const bool last = learned_defines(in, l, l - 1), next = learned_defines(in, l, l);
          computed(c) = "a table of " + std::to_string(l) + " rows: position " + std::to_string(l - 1) +
                        (last ? " defined" : " UNDEFINED") + "; the " + std::to_string(l + 1) + "st token (position " +
                        std::to_string(l) + ") " + (next ? "DEFINED" : "undefined");
          // NOTE: the check is the table's behaviour (its last row defined, the next not); whether the text's
          // W^(499) is that last row is the text's figure against the data.
          const bool text_ok = l - 1 == in.integer("text001.last weight index (the text's figure)");
          c.outcome = decided(last && !next, text_ok);
          if (!text_ok) correction(c) = "the last row is W^(" + std::to_string(l - 1) + ")";
        });
  b.about(subject::learned_table);
  b.add(words(s, "§3.4, Common mistake", "\"Alice told Bob about Carol\" and \"Alice told Carol about Bob\" both answer Alice, "
                                         "and Alice leaves the stack as the same vector in both",
              "the same vector for Alice", exact),
        [](const claim_inputs& in, verify::check& c) {
          const head_weights<Q> w{in.exact("text001.W_Q"), in.exact("text001.W_K"), in.exact("text001.W_V")};
          const ffn_weights<Q> f{in.exact("text001.FFN W1 (ours)"), Matrix<Q>::Zero(1, 4), in.exact("text001.FFN W2 (ours)"),
                                 Matrix<Q>::Zero(1, 4)};
          attention_options<Q> opt;
          opt.scale = Q(1) / Q(2);
          auto stack = [&](Matrix<Q> h) {
            for (int layer = 0; layer < 2; ++layer) {
              h = residual(h, attn<Q, rational_kernel>(in, h, w, opt).z);
              h = residual(h, feed_forward(h, f));
            }
            return h;
          };
          const Matrix<Q> a = stack(in.exact("text001.Alice told Bob about Carol (ours)"));
          const Matrix<Q> bb = stack(in.exact("text001.Alice told Carol about Bob (ours)"));
          const bool same = a.row(0) == bb.row(0);
          computed(c) = std::string("two layers of attention + FFN with residuals (text 001's W, our FFN, rational kernel): "
                                    "Alice's row ") +
                        (same ? "identical" : "DIFFERS") + ": " + qrow(a, 0);
          c.outcome = verify::held_if(same);
        });
  b.about(subject::attention);
  b.steps(words(s, "§3.4", "Cross-attention ... A sum comes out the same in whatever order its terms are added ... the "
                           "decoder receives exactly the same thing for dog bites man and man bites dog",
                "invariant", ""),
          {{"A.2", "Step 4"}, {"A.2", "Step 4b"}});
  b.steps(words(s, "§3.4, Key takeaway", "The one step that does read row numbers is the decoder's mask", "", ""),
          {{"3.4", "6"}});
  b.add(words(s, "§3.5", "if you swap the sequence to LLMs love I, the token I gets a different positional encoding. Its "
                         "input numbers change, so its output numbers change",
              "I's output changes", real),
        [xr](const claim_inputs& in, verify::check& c) {
          const Matrix<R> xx = xr(in);
          const auto p = as_permutation(in.exact("text001.P"));
          if (!p) {
            computed(c) = "text001.P is not a permutation matrix";
            return;
          }
          const Matrix<R> pe4 = sinusoid<R>(in, xx.rows(), xx.cols(), in.real("text001.base")(0, 0));
          // The law's two sides with the encoding added, f(X) = Attn(X + PE), at I's row in PX (row 2).
          const auto [lhs, rhs] = verify::sides<R>(
              attention_equivariance,
              [&](const std::vector<Matrix<R>>& a) { return forward001<R>(in, pe::add_positions(a[0], pe4)).z; }, {xx}, *p);
          const R d = max_abs_diff(Matrix<R>(lhs.row(2)), Matrix<R>(rhs.row(2)));
          computed(c) = "with the sinusoid (d = 4) added, I's output moves by " + fix(d, 4) + " when I moves from first to last";
          c.outcome = verify::held_if(less(R("0.01"), d));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "§3.6", "p_0 and p_2 are completely different vectors, so I now generates a completely different query "
                         "vector",
              "(x_I + p_0)W^Q ≠ (x_I + p_2)W^Q", exact),
        [](const claim_inputs& in, verify::check& c) {
          // On the example: I's query at position 0 (I love LLMs) and at position 2 (LLMs love I), the sinusoid
          // (d = 4) added, as attention computes them.
          const Matrix<R> xx = in.real("text001.X"), p = in.real("text001.P");
          const Matrix<R> pe4 = sinusoid<R>(in, xx.rows(), xx.cols(), in.real("text001.base")(0, 0));
          const auto t = forward001<R>(in, pe::add_positions(xx, pe4));
          const auto tp = forward001<R>(in, pe::add_positions(multiply(p, xx), pe4));
          const R diff = max_abs_diff(Matrix<R>(t.q.row(0)), Matrix<R>(tp.q.row(2)));
          // For every encoding: W^Q invertible, so p₀ ≠ p₂ ⇒ (p₀ − p₂)W^Q ≠ 0.
          const Q det = in.exact("text001.W_Q").determinant();
          computed(c) = "I's query at position 0 and at position 2 (the sinusoid added) differ by " + fix(diff, 4) +
                        "; det W^Q = " + det.str() + " (Eigen's LU over mpq_rational): W^Q is invertible, so p₀ ≠ p₂ ⇒ "
                        "(p₀ − p₂)W^Q ≠ 0 — a different query for every encoding";
          c.outcome = verify::held_if(det != Q(0) && less(R("0.1"), diff));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "§3.7", "In a sentence with 500 words, the last token would have 499 added to its values", "499", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long n = in.integer("text001.sentence length");
          const Matrix<Q> t = counter_pe<Q>(in, n, 4);
          computed(c) = "pe::counter, row " + std::to_string(n - 1) + " = " + qrow(t, n - 1);
          // The check: the library's last row is (n − 1)·𝟙, the counter as the texts define it; the text's
          // figure is then compared with what it added.
          const bool text_ok = t(n - 1, 0) == Q(in.integer("text001.added to the last token (the text's figure)"));
          c.outcome = decided(n >= 1 && t.row(n - 1) == Matrix<Q>::Constant(1, t.cols(), Q(n - 1)), text_ok);
          if (!text_ok) correction(c) = t(n - 1, 0).str() + " is added to the last token";
        });
  b.about(subject::counter);
  // NOTE: the positions' rows come from the library's own counter (pe::counter, row p = p·𝟙), so a broken
  // counter fails these rows, not only a broken matrix product.
  // The position part of the score: attention's raw score (scale 1) between the counter's rows m and n,
  // the counter's rows alone as the input (no content).
  auto counter_score = [](const claim_inputs& in, long m, long n) {
    const head_weights<Q> w{in.exact("text001.W_Q"), in.exact("text001.W_K"), in.exact("text001.W_V")};
    const Matrix<Q> table = counter_pe<Q>(in, std::max(m, n) + 1, w.wq.rows());
    attention_options<Q> opt;
    opt.scale = Q(1);
    return attn<Q, rational_kernel>(in, table, w, opt).s(m, n);
  };
  auto c_of = [](const claim_inputs& in) {
    const Matrix<Q> mm = multiply_transposed(in.exact("text001.W_Q"), in.exact("text001.W_K"));
    return Q(mm.sum());
  };
  b.steps(words(s, "§3.7", "Multiply those out and the score isn't one thing, it's four", "four terms", ""), {{"3.7", "1"}});
  b.add(words(s, "§3.7", "Whatever the model learns for W^Q and W^K, the position part of the score is some constant times "
                         "mn",
              "c·m·n", exact),
        [c_of, counter_score](const claim_inputs& in, verify::check& c) {
          const Q cc = c_of(in);
          const auto st = cite(in, c, "3.7", "2");
          bool all = true;
          for (long m = 0; m < 12; ++m)
            for (long n = 0; n < 12; ++n) all = all && counter_score(in, m, n) == cc * Q(m) * Q(n);
          computed(c) = "c = 𝟙ᵀ W_Q W_Kᵀ 𝟙 = " + cc.str() + "; p_m M p_nᵀ = c·m·n for m, n < 12: " + (all ? "yes" : "NO") +
                        "; every M: proof 3.7, step 2 [" + ((st.outcome == verify::verdict::held) ? "held" : "FAILED") + "]";
          c.outcome = verify::held_if(all && (st.outcome == verify::verdict::held) && cc == Q(4));
        });
  b.about(subject::counter);
  b.add(words(s, "§3.7", "A counter gives 0, 70c and 9700c", "0, 70c, 9700c", exact),
        [c_of, counter_score](const claim_inputs& in, verify::check& c) {
          const Q cc = c_of(in);
          std::vector<Q> got;
          std::string shown;
          for (Eigen::Index k = 0; k < 3; ++k) {
            got.push_back(counter_score(in, in.integer("text001.pairs three apart", k, 0),
                                        in.integer("text001.pairs three apart", k, 1)));
            shown += (k ? ", " : "") + got.back().str();
          }
          computed(c) = shown + " with c = " + cc.str();
          c.outcome = verify::held_if(got[0] == Q(0) && got[1] == Q(70) * cc && got[2] == Q(9700) * cc);
        });
  b.about(subject::counter);
  b.add(words(s, "§3.7", "The word at position 10 scores 70c against the word at position 7 ... but 100c against itself",
              "100c > 70c", exact),
        [c_of, counter_score](const claim_inputs& in, verify::check& c) {
          const Q cc = c_of(in);
          const auto& key = "text001.word at 10: itself, three back";
          const Q self = counter_score(in, in.integer(key, 0, 0), in.integer(key, 0, 1));
          const Q back = counter_score(in, in.integer(key, 1, 0), in.integer(key, 1, 1));
          computed(c) = self.str() + " > " + back.str() + " (c = " + cc.str() + ")";
          c.outcome = verify::held_if(self == Q(100) * cc && back == Q(70) * cc && back < self);
        });
  b.about(subject::counter);
  b.steps(words(s, "§3.7, Common mistake", "Scaling only changes c ... keep exactly the same ranking however small you make "
                                           "it",
                "same ranking", ""),
          {{"3.7", "4"}});
  b.add(words(s, "§3.7, Try it", "Find another pair of positions three apart whose counter score is 1600c",
              "such a pair exists", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long target = in.integer("text001.exercise score / c"), gap = in.integer("text001.gap");
          long hits = 0;
          std::string near;
          for (long m = 0; m * (m + gap) <= target; ++m) {
            if (m * (m + gap) == target) ++hits;
            near = "(" + std::to_string(m + gap) + ", " + std::to_string(m) + ") scores " + std::to_string(m * (m + gap)) +
                   "c";
          }
          // NOTE: decided by computation: the text says such a pair exists.
          const bool text_ok = hits > 0;
          computed(c) = std::to_string(hits) + " pairs (m + " + std::to_string(gap) + ", m) with m(m + " +
                        std::to_string(gap) + ") = " + std::to_string(target) + "; the nearest below: " + near;
          correction(c) = "no pair three apart scores 1600c (1600c = 40·40c is the pair (40, 40)); m(m + 3) = 1600 has "
                          "no integer root";
          c.note = "proof 3.7, step 5 checks the same";
          c.outcome = decided(hits == 0, text_ok);
        });
  b.about(subject::text_data);
  b.add(words(s, "§3.7, Try it", "find the pair three apart with the smallest possible score", "(3, 0): 0", exact),
        [c_of, counter_score](const claim_inputs& in, verify::check& c) {
          const long gap = in.integer("text001.gap");
          long best_m = 0;
          Q best = counter_score(in, gap, 0);
          for (long m = 1; m < 50; ++m) {
            const Q v = counter_score(in, m + gap, m);
            if (v < best) {
              best = v;
              best_m = m;
            }
          }
          (void)c_of;
          computed(c) = "(" + std::to_string(best_m + gap) + ", " + std::to_string(best_m) + ") scores " + best.str() +
                        " (m = 0…49)";
          c.outcome = verify::held_if(best_m + gap == 3 && best_m == 0 && best == Q(0));
        });
  b.about(subject::counter);
  b.steps(words(s, "Appendix A.1", "undoing a shuffle is the same as shuffling back, so PᵀP = I", "", ""), {{"A.1", "2"}});
  b.steps(words(s, "Appendix A.1", "shuffling the rows of X shuffles their rows too. The scores become ... the original "
                                   "score matrix with its rows and columns shuffled the same way",
                "S′ = P S Pᵀ", ""),
          {{"A.1", "3"}, {"A.1", "4"}});
  b.steps(words(s, "Appendix A.1", "So softmax passes straight through the shuffle", "A′ = P A Pᵀ", ""),
          {{"A.1", "5"}, {"A.1", "5b"}});
  b.steps(words(s, "Appendix A.1", "multiply by the shuffled values, and watch the two P terms in the middle cancel",
                "Z′ = P Z", ""),
          {{"A.1", "6"}, {"A.1", "6b"}});
  const std::vector<std::pair<std::string, std::string>> a2 = {
      {"Step 0", "the encoder's output is reordered, and nothing else"},
      {"Step 1", "the Keys and the Values are reordered, and nothing else"},
      {"Step 2", "the scores are reordered, and nothing else"},
      {"Step 3", "the weights are reordered, and nothing else"},
      {"Step 4", "the weighted sum does not change at all"},
      {"Step 5", "the same argument covers the real model"}};
  for (const auto& [step, quote] : a2) {
    std::vector<std::pair<std::string, std::string>> ids{{"A.2", step}};
    if (step == "Step 3") ids.push_back({"A.2", "Step 3b"});
    if (step == "Step 4") ids.push_back({"A.2", "Step 4b"});
    b.steps(words(s, "Appendix A.2, " + step, quote, "", ""), ids);
  }
}

// ------------------------------------------------------------------------------------------------
void text002(rows_builder& b) {
  const std::string s = "text 002";
  b.steps(words(s, "At a glance", "Attention is permutation-equivariant: reorder the input, outputs reorder the same way",
                "equivariant", ""),
          {{"A.1", "6"}, {"A.1", "6b"}});
  b.add(words(s, "At a glance", "Sinusoids from wavelength 2π to 10000·2π in the original paper", "2π … 10000·2π", real),
        [](const claim_inputs& in, verify::check& c) {
          using std::acos;
          const long d = in.integer("text002.d_model");
          const R base = in.real("text002.base")(0, 0);
          const R two_pi = R(2) * R(acos(R(-1)));
          const R lo = two_pi / frequency(in, 0, d, base), hi = two_pi / frequency(in, d / 2 - 1, d, base);
          computed(c) = "for d = " + std::to_string(d) + ": " + fix(lo, 4) + " … " + fix(hi, 1) + " (10000·2π = " +
                        fix(R(two_pi * base), 1) + ")";
          c.note = "2π·10000^(2i/d) for i = 0 … d/2 − 1: the top approaches 10000·2π but stays below";
          c.outcome = verify::held_if(rounds_to(lo, "6.2832") && less(hi, R(two_pi * base)) && less(R(R("0.9") * two_pi * base), hi));
        });
  b.about(subject::sinusoid);
  b.steps(words(s, "introduction, paragraph 3", "if you permute the input sequence, the output sequence permutes "
                                                "identically, because no position index appears in the scoring or "
                                                "aggregation steps",
                "equivariant", ""),
          {{"A.1", "4"}, {"A.1", "6"}});
  b.add(words(s, "introduction, paragraph 4", "This produces a unique vector for each position", "unique", binary64),
        [](const claim_inputs& in, verify::check& c) { unique_rows(in, c, "text002.unique: first, count, step, d", "text002.base"); },
        [](claim_inputs::table& t) { t["text002.unique: first, count, step, d"](0, 2) = 0; });
  b.about(subject::sinusoid);
  b.steps(words(s, "introduction, paragraph 4", "the authors noted that PE(p+k) can be expressed as a linear function of "
                                                "PE(p)",
                "a linear map", ""),
          {{"4", "4"}, {"4", "5"}});
  b.add(words(s, "introduction, paragraph 5", "Sinusoidal encodings extend indefinitely by definition",
              "defined for every p", real),
        [](const claim_inputs& in, verify::check& c) {
          const long rows = in.integer("text002.table rows, sequence length", 0, 0);
          const long p = in.integer("text002.table rows, sequence length", 0, 1);
          const Matrix<R> row = sinusoid<R>(in, 1, 8, in.real("text002.base")(0, 0), p);
          const bool table_has = learned_defines(in, rows, p);
          computed(c) = "the sinusoid at position " + std::to_string(p) + ": " + fix(row(0, 0), 6) + ", …; a " +
                        std::to_string(rows) + "-row learned table " + (table_has ? "HAS a row there" : "has none");
          c.outcome = verify::held_if(all_finite(row) && !table_has);
        },
        [](claim_inputs::table& t) { t["text002.table rows, sequence length"](0, 1) = 100; });
  b.about(subject::sinusoid);
  b.add(words(s, "Look closer", "swap positions 2 and 5, say, or reverse the entire order — then run attention, the output "
                                "vectors permute in exactly the same way",
              "Z′ = P Z", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x = in.exact("text002.cards (ours)");
          bool all = true;
          std::string out;
          for (const char* key : {"text002.swap positions 2 and 5", "text002.reversal of six"}) {
            const auto p = as_permutation(in.exact(key));
            const bool same =
                p && exact_law(attention_equivariance, [&in](const Matrix<Q>& h) { return attend000_exact(in, h).z; }, x, *p)
                         .held;
            all = all && same;
            out += (out.empty() ? "" : "; ") + std::string(key + 8) + ": " + (same ? "Z′ = P Z" : "NOT P Z");
          }
          computed(c) = out + " (exact, rational kernel, W = I)";
          c.outcome = verify::held_if(all);
        });
  b.about(subject::attention);
  b.add(words(s, "Look closer", "Dimension 0 might oscillate every few positions, dimension 1 more slowly, and so on, up to "
                                "a wavelength of ten thousand positions for the highest dimensions",
              "dimension 1 slower than dimension 0; top wavelength 10,000", real),
        [](const claim_inputs& in, verify::check& c) {
          using std::acos;
          const long d = in.integer("text002.d_model");
          const R base = in.real("text002.base")(0, 0);
          const R two_pi = R(2) * R(acos(R(-1)));
          const Matrix<R> t = sinusoid<R>(in, 50, d, base);
          bool same_pair = all_finite(t);
          for (Eigen::Index p = 0; p < t.rows(); ++p)
            // NOTE: two correctly rounded squares and a sum: within 8 ε of 1.
            same_pair = same_pair && at_most(R(abs_value(R(t(p, 0) * t(p, 0) + t(p, 1) * t(p, 1) - R(1)))),
                                             R(R(8) * scalar_traits<R>::epsilon()));
          // Dimension j has the frequency of pair j/2.
          const long dim0 = 0, dim1_index = 1;
          const R lo = two_pi / frequency(in, dim0 / 2, d, base), dim1 = two_pi / frequency(in, dim1_index / 2, d, base),
                  hi = two_pi / frequency(in, d / 2 - 1, d, base);
          // NOTE: decided by computation: the text says dimension 1 is slower than dimension 0 and that the top
          // wavelength is ten thousand (one significant figure: right when it is within ½·10⁴ of it).
          const long figure = in.integer("text002.top wavelength (the text's figure)");
          const R half_unit = R("0.5") * R(pow(R(10), R(static_cast<long>(std::to_string(figure < 0 ? -figure : figure).size()) - 1)));
          const bool text_ok = less(lo, dim1) && at_most(R(abs_value(R(hi - R(figure)))), half_unit);
          computed(c) = "dims 0 and 1 are the sin and cos of one angle (sin² + cos² = 1 at positions 0…49: " +
                        std::string(same_pair ? "yes" : "NO") + "), wavelengths " + fix(lo, 2) + " and " + fix(dim1, 2) +
                        "; top wavelength (d = " + std::to_string(d) + ") " + fix(hi, 0) + "; the text's " +
                        std::to_string(figure);
          correction(c) = "dimensions 2i and 2i+1 share one frequency; the wavelengths grow pair by pair up to "
                          "2π·10000^(1−2/d) ≈ 60,611 positions for d = 512 (just under 10000·2π ≈ 62,832), not ten "
                          "thousand";
          c.outcome = decided(same_pair && at_most(lo, dim1) && at_most(dim1, lo) && less(R(60000), hi) &&
                                  less(hi, R(two_pi * base)),
                              text_ok);
        });
  b.about(subject::sinusoid);
  b.add(words(s, "Look closer", "nearby positions have similar encodings", "nearby ⇒ similar", binary64),
        [](const claim_inputs& in, verify::check& c) {
          const auto& key = "text002.nearby: positions, d, far gap";
          const long n = in.integer(key, 0, 0), d = in.integer(key, 0, 1), gap = in.integer(key, 0, 2);
          const Matrix<double> t = sinusoid<double>(in, n, d, static_cast<double>(in.real("text002.base")(0, 0)));
          double adjacent = 0, far = std::numeric_limits<double>::infinity();
          for (Eigen::Index p = 0; p + 1 < t.rows(); ++p) {
            const double a = (t.row(p + 1) - t.row(p)).norm();
            adjacent = (a > adjacent || std::isnan(a)) ? a : adjacent;
          }
          for (Eigen::Index p = 0; p < t.rows(); ++p)
            for (Eigen::Index q = p + gap; q < t.rows(); ++q) {
              const double f = (t.row(q) - t.row(p)).norm();
              far = (f < far || std::isnan(f)) ? f : far;
            }
          computed(c) = "d = " + std::to_string(d) + ", positions 0…" + std::to_string(n - 1) +
                        ": the largest distance between neighbours " + fix(adjacent, 4) +
                        " < the smallest between positions ≥ " + std::to_string(gap) + " apart " + fix(far, 4);
          c.outcome = verify::held_if(adjacent < far);
        },
        [](claim_inputs::table& t) { t["text002.base"](0, 0) = 1; });
  b.about(subject::sinusoid);
  b.add(words(s, "The story", "If you wrote \"The cat sat on the mat\" and \"mat the on sat cat The\", the attention scores "
                              "would be identical — only permuted",
              "S′ = P S Pᵀ", exact),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<Q> x = in.exact("text002.cards (ours)"), p = in.exact("text002.reversal of six");
          const Matrix<Q> sx = attend000_exact(in, x).s, spx = attend000_exact(in, multiply(p, x)).s;
          const bool same = !permutation_of(p).empty() && exactly_equal(spx, multiply(multiply(p, sx), transposed(p)));
          computed(c) = std::string("six cards (our vectors), attention's scores with W = I: S′ = P S Pᵀ exactly: ") +
                        (same ? "yes" : "NO");
          c.note = "for every X and W: proof A.1, step 4";
          c.outcome = verify::held_if(same);
        });
  b.about(subject::attention);
  b.add(words(s, "Test yourself", "trained ... up to length 2048 ... a sequence of length 3000. Describe what happens to "
                                  "positions 2048 through 2999",
              "2048…2999 have no embedding", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long rows = in.integer("text002.table rows, sequence length", 0, 0);
          const long n = in.integer("text002.table rows, sequence length", 0, 1);
          long missing = 0, first = -1;
          for (long p = 0; p < n; ++p)
            if (!learned_defines(in, rows, p)) {
              ++missing;
              if (first < 0) first = p;
            }
          computed(c) = "a " + std::to_string(rows) + "-row table, positions 0…" + std::to_string(n - 1) + ": " +
                        std::to_string(missing) + " without a row, from " + std::to_string(first);
          c.outcome = verify::held_if(first == 2048 && missing == 2999 - 2048 + 1);
        });
  b.about(subject::learned_table);
  b.add(words(s, "Test yourself", "Another is to switch to a relative position scheme, which does not depend on absolute "
                                  "position indices and therefore does not have a maximum length",
              "no maximum length", real),
        [](const claim_inputs& in, verify::check& c) {
          const auto& key = "text002.relative: near pair, far pair";
          const long rows = in.integer("text002.table rows, sequence length", 0, 0);
          const R near = alibi_bias(in, in.integer(key, 0, 0), in.integer(key, 0, 1));
          const R far = alibi_bias(in, in.integer(key, 1, 0), in.integer(key, 1, 1));
          const bool beyond = in.integer(key, 1, 1) >= rows;
          computed(c) = "ALiBi bias at (" + std::to_string(in.integer(key, 0, 0)) + ", " + std::to_string(in.integer(key, 0, 1)) +
                        "): " + fix(near, 4) + "; at (" + std::to_string(in.integer(key, 1, 0)) + ", " +
                        std::to_string(in.integer(key, 1, 1)) + "), past a " + std::to_string(rows) + "-row table: " +
                        fix(far, 4);
          c.outcome = verify::held_if(beyond && near == far && at_most(far, R(0)));
        });
  b.about(subject::alibi);
  equivariant_not_invariant(
      b,
      words(s, "Why it matters now", "the problem of representing position in a permutation-invariant architecture",
            "\"permutation-invariant\"", exact),
      "permutation-equivariant (as the text itself says in At a glance and Look closer); invariant only after pooling");
  b.about(subject::attention);
}

// ------------------------------------------------------------------------------------------------
void text003(rows_builder& b) {
  const std::string s = "text 003";
  b.steps(words(s, "the hypothesis", "Permute the inputs and you permute the outputs, nothing more: Attention(πX) = "
                                     "π Attention(X)",
                "equivariant", ""),
          {{"A.1", "6"}, {"A.1", "6b"}});
  equivariant_not_invariant(
      b,
      words(s, "the hypothesis", "Attention(πX) = π Attention(X) ... That's the definition of permutation invariance",
            "\"permutation invariance\"", exact),
      "permutation equivariance (invariance would mean Attention(πX) = Attention(X))");
  b.about(subject::attention);
  bit_for_bit(b,
              words(s, "the first interactive", "With positional encoding OFF, the output for \"bites\" is bit-for-bit "
                                                "identical across both orderings",
                    "bit-for-bit identical", binary64),
              1, "bites");
  b.about(subject::summation);
  b.add(words(s, "the first interactive", "Flip it ON and the two orderings finally diverge", "the outputs differ", real),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<R> x = in.real("text000.dog bites man");
          const auto p = as_permutation(in.exact("text000.P"));
          if (!p) {
            computed(c) = "text000.P is not a permutation matrix";
            return;
          }
          const Matrix<R> pe2 = sinusoid<R>(in, x.rows(), x.cols(), in.real("text003.base")(0, 0));
          // The law's two sides with the encoding added, f(X) = Attn(X + PE), at bites' row (row 1 in both).
          const auto [lhs, rhs] = verify::sides<R>(
              attention_equivariance,
              [&](const std::vector<Matrix<R>>& a) { return attend000<R>(in, pe::add_positions(a[0], pe2)).z; }, {x}, *p);
          const R d = max_abs_diff(Matrix<R>(lhs.row(1)), Matrix<R>(rhs.row(1)));
          computed(c) = "bites' output with the sinusoid added, dog bites man vs man bites dog: differs by " + fix(d, 4);
          c.note = "text 000's vectors and W = I (the interactive's are not given)";
          c.outcome = verify::held_if(less(R("0.01"), d));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "Attempt 1", "by position 5000 you're adding a value of 5000", "5000", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long p = in.integer("text003.counter position");
          const long d = in.integer("text003.d");
          const Matrix<Q> row = counter_pe<Q>(in, 1, d, p);
          computed(c) = "pe::counter at position " + std::to_string(p) + " (d = " + std::to_string(d) + ") = " +
                        row(0, 0).str() + "·𝟙";
          // The check: the library's row at p is p·𝟙 (the counter as the texts define it); the text is right
          // when the value it names is that p.
          const bool text_ok = row(0, 0) == Q(in.integer("text003.counter value (the text's figure)"));
          c.outcome = decided(d >= 1 && row == Matrix<Q>::Constant(1, d, Q(p)), text_ok);
          if (!text_ok) correction(c) = "a value of " + row(0, 0).str() + " is added at position " + std::to_string(p);
        });
  b.about(subject::counter);
  b.add(words(s, "Attempt 1", "by position 5000 you're adding a value of 5000 to vectors whose entries are around ±1. "
                             "The position doesn't inform the word, it obliterates it",
              "the word is drowned out", real),
        [](const claim_inputs& in, verify::check& c) {
          const Matrix<R> x = in.real("text000.dog bites man");
          const long p = in.integer("text003.counter position");
          const Matrix<R> shifted = pe::add_positions(x, counter_pe<R>(in, x.rows(), x.cols(), p));
          auto cosine = [](const Matrix<R>& m, Eigen::Index i, Eigen::Index j) {
            using std::sqrt;
            return R(m.row(i).dot(m.row(j)) / R(sqrt(R(m.row(i).squaredNorm() * m.row(j).squaredNorm()))));
          };
          const R before = cosine(x, 0, 2), after = cosine(shifted, 0, 2);
          computed(c) = "cos(dog, man) = " + fix(before, 4) + "; with " + std::to_string(p) + "·𝟙 added (pe::counter): " +
                        fix(after, 8);
          c.note = "text 000's dog and man; the angle between two words all but vanishes";
          // NOTE: "obliterates" read as: the two words' input vectors are within 10⁻⁴ of parallel.
          c.outcome = verify::held_if(less(R("0.9999"), after) && less(before, R("0.9")));
        });
  b.about(subject::counter);
  b.add(words(s, "Attempt 2", "normalise by length, pos / length. Now it's bounded to [0, 1]", "[0, 1]", exact),
        [](const claim_inputs& in, verify::check& c) {
          bool in_range = true;
          std::string ns;
          const auto& key = "text003.sentences: tokens, length";
          Q top(0);
          for (Eigen::Index k = 0; k < in.real(key).rows(); ++k) {
            const long n = in.integer(key, k, 0), length = in.integer(key, k, 1);
            const Matrix<Q> t = pos_length<Q>(in, n, 1, length);
            for (Eigen::Index p = 0; p < n; ++p) {
              in_range = in_range && !(t(p, 0) < Q(0)) && !(Q(1) < t(p, 0));
              top = top < t(p, 0) ? Q(t(p, 0)) : top;
            }
            ns += (k ? ", " : "") + std::to_string(n);
          }
          computed(c) = std::string("pos/length for every token of sentences of ") + ns + " tokens: " +
                        (in_range ? "all in [0, 1]" : "NOT all in [0, 1]") + ", the largest " + top.str();
          c.note = "[0, 1] is the tightest such interval: the values reach (N − 1)/N";
          c.outcome = verify::held_if(in_range && !(top < Q(99) / Q(100)));
        },
        [](claim_inputs::table& t) {
          auto& m = t["text003.sentences: tokens, length"];
          m.setConstant(R(1));
        });
  b.about(subject::pos_over_length);
  b.add(words(s, "Attempt 2", "the 3rd word is 3/5 = 0.60 in a five-word sentence and 3/50 = 0.06 in a fifty-word one",
              "3rd word: 3/5 = 0.60, 3/50 = 0.06", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long n1 = in.integer("text003.lengths", 0, 0), n2 = in.integer("text003.lengths", 0, 1);
          const long pos = in.integer("text003.the 3rd word: position, numerator", 0, 0);
          const long num = in.integer("text003.the 3rd word: position, numerator", 0, 1);
          const Q a = pos_length<Q>(in, num + 1, 1, n1)(num, 0), bb = pos_length<Q>(in, num + 1, 1, n2)(num, 0);
          const Q a2 = pos_length<Q>(in, pos + 1, 1, n1)(pos, 0), b2 = pos_length<Q>(in, pos + 1, 1, n2)(pos, 0);
          // NOTE: decided by computation: the text gives the 3rd word 3/5 and 3/50.
          const bool text_ok = a2 == Q(3) / Q(5) && b2 == Q(3) / Q(50);
          computed(c) = "pos " + std::to_string(num) + ": " + a.str() + ", " + bb.str() + "; the 3rd word (pos " +
                        std::to_string(pos) + "): " + a2.str() + ", " + b2.str();
          correction(c) = "with pos counted 0, 1, 2, … (as the text does) 3/5 and 3/50 are the 4th word; the 3rd word gets "
                          "2/5 = 0.40 and 2/50 = 0.04 (the arithmetic 3/5 = 0.60, 3/50 = 0.06 is right, and so is the "
                          "point: not length-consistent)";
          c.outcome = decided(a == Q(3) / Q(5) && bb == Q(3) / Q(50) && a2 == Q(2) / Q(5) && b2 == Q(1) / Q(25), text_ok);
        });
  b.about(subject::pos_over_length);
  b.add(words(s, "Attempt 2", "The same absolute position produces a different number depending on how long the sentence "
                              "happens to be",
              "not length-consistent", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long n1 = in.integer("text003.lengths", 0, 0), n2 = in.integer("text003.lengths", 0, 1);
          const long pos = in.integer("text003.the 3rd word: position, numerator", 0, 0);
          const Q a = pos_length<Q>(in, n1, 1, n1)(pos, 0), bb = pos_length<Q>(in, n2, 1, n2)(pos, 0);
          const auto st = cite(in, c, "4", "3");
          computed(c) = "position " + std::to_string(pos) + ": " + a.str() + " (N = " + std::to_string(n1) + ") vs " +
                        bb.str() + " (N = " + std::to_string(n2) + "); proof 4, step 3 [" + ((st.outcome == verify::verdict::held) ? "held" : "FAILED") +
                        "]";
          c.outcome = verify::held_if(a != bb && (st.outcome == verify::verdict::held));
        });
  b.about(subject::pos_over_length);
  b.steps(words(s, "the sinusoid", "Every value is a sine or cosine, so it's bounded to [−1, 1]", "[−1, 1]", ""),
          {{"4", "1"}});
  b.add(words(s, "the sinusoid", "Low dimensions use long wavelengths (they crawl across positions); high dimensions use "
                                 "short ones (they race)",
              "low dims: long wavelengths; high dims: short", real),
        [](const claim_inputs& in, verify::check& c) {
          using std::acos;
          const long d = in.integer("text003.d");
          const R base = in.real("text003.base")(0, 0);
          const R two_pi = R(2) * R(acos(R(-1)));
          const R th0 = frequency(in, 0, d, base), th_top = frequency(in, d / 2 - 1, d, base);
          // NOTE: decided by computation: the text says the low dimensions have the long wavelengths (θ₀ < θ_top).
          const bool text_ok = less(th0, th_top);
          computed(c) = "d = " + std::to_string(d) + ": dims 0–1 wavelength " + fix(R(two_pi / th0), 2) + ", dims " +
                        std::to_string(d - 2) + "–" + std::to_string(d - 1) + " wavelength " + fix(R(two_pi / th_top), 1);
          correction(c) = "the reverse: low dimensions race (wavelength 2π), high dimensions crawl (up to "
                          "2π·10000^(1−2/d)) — as text 000, §4 says (\"the fastest hand (small i)\")";
          c.outcome = decided(less(th_top, th0), text_ok);
        });
  b.about(subject::sinusoid);
  b.steps(words(s, "the sinusoid", "Together they form a smooth binary counter — a unique fingerprint per position that "
                                   "means the same thing regardless of sentence length",
                "length-consistent", ""),
          {{"4", "2"}});
  b.steps(words(s, "the sinusoid", "sin(pos + k) = sin(pos)cos(k) + cos(pos)sin(k)", "the angle-addition identity", ""),
          {{"4", "4"}, {"4", "5"}});
  b.steps(words(s, "the sinusoid", "[sin(pos+k); cos(pos+k)] = [[cos k, sin k], [−sin k, cos k]] [sin(pos); cos(pos)] ... "
                                   "depends only on k, not on pos",
                "rotation by k·freq", ""),
          {{"4", "4"}});
  b.add(words(s, "the slider", "No two rows are alike, and every value stays in [−1, 1]", "unique, bounded", binary64),
        [](const claim_inputs& in, verify::check& c) {
          const long d = in.integer("text003.d");
          const Matrix<double> t = sinusoid<double>(in, 301, d, static_cast<double>(in.real("text003.base")(0, 0)));
          const double best = min_row_distance(t);
          double biggest = 0;
          for (Eigen::Index i = 0; i < t.rows(); ++i)
            for (Eigen::Index j = 0; j < t.cols(); ++j)
              biggest = (std::abs(t(i, j)) > biggest || std::isnan(t(i, j))) ? std::abs(t(i, j)) : biggest;
          const auto st = cite(in, c, "4", "1");
          computed(c) = "d = " + std::to_string(d) + ", positions 0…300: smallest distance between rows " + fix(best, 6) +
                        ", largest |entry| " + fix(biggest, 6) + "; proof 4, step 1 [" + ((st.outcome == verify::verdict::held) ? "held" : "FAILED") + "]";
          c.outcome = verify::held_if(best > 1e-3 && biggest <= 1.0 && (st.outcome == verify::verdict::held));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "the third interactive", "Drag pos: both dots swing around, but the angle between them — the shift of k "
                                          "— stays locked",
              "the angle is constant", real),
        [](const claim_inputs& in, verify::check& c) {
          const auto& key = "text003.two dots: pos, pos + k";
          const Matrix<R>& pairs = in.real(key);
          const R base = in.real("text003.base")(0, 0);
          R lo(10), hi(-10);
          bool finite = true;
          std::string at;
          for (Eigen::Index r = 0; r < pairs.rows(); ++r) {
            at += (r ? ", " : "") + std::to_string(in.integer(key, r, 0)) + " & " + std::to_string(in.integer(key, r, 1));
            const Matrix<R> a = sinusoid<R>(in, 1, 2, base, in.integer(key, r, 0));
            const Matrix<R> bb = sinusoid<R>(in, 1, 2, base, in.integer(key, r, 1));
            const R dot = a(0, 0) * bb(0, 0) + a(0, 1) * bb(0, 1);
            finite = finite && all_finite(a) && all_finite(bb);
            lo = dot < lo ? dot : lo;
            hi = hi < dot ? dot : hi;
          }
          // NOTE: each sin/cos is correctly rounded (MPFR); a 2-term dot product is within 4 ε of cos k.
          computed(c) = "cos of the angle between the dots at positions " + at + ": from " + fix(lo, 12) + " to " +
                        fix(hi, 12);
          c.outcome = verify::held_if(finite && at_most(R(hi - lo), R(R(8) * scalar_traits<R>::epsilon())));
        });
  b.about(subject::sinusoid);
  b.add(words(s, "Mock question", "Learned absolute positions have a hard cap at the training length — position 2000 "
                                  "simply doesn't exist for a 512-trained model",
              "no row 2000", exact),
        [](const claim_inputs& in, verify::check& c) {
          const long rows = in.integer("text003.table rows, position", 0, 0), p = in.integer("text003.table rows, position", 0, 1);
          const bool last = learned_defines(in, rows, rows - 1), has = learned_defines(in, rows, p);
          computed(c) = "a " + std::to_string(rows) + "-row learned table: position " + std::to_string(rows - 1) +
                        (last ? " defined" : " UNDEFINED") + ", position " + std::to_string(p) +
                        (has ? " DEFINED" : " undefined");
          c.outcome = verify::held_if(last && !has);
        });
  b.about(subject::learned_table);
  b.add(words(s, "Mock question", "RoPE (rotary embeddings) and ALiBi: instead of adding an absolute code, they bake "
                                  "relative distance directly into the attention scores",
              "scores depend on m − n", real),
        [](const claim_inputs& in, verify::check& c) {
          const auto& key = "text003.query, key positions";
          const auto rs = rope_scores(in, "text003.q, k (ours)", key);
          bool alibi_same = true;
          std::string shown;
          R first_bias(0);
          for (Eigen::Index r = 0; r < in.real(key).rows(); ++r) {
            const long m = in.integer(key, r, 0), n = in.integer(key, r, 1);
            const R bias = alibi_bias(in, m, n);
            if (r == 0) first_bias = bias;
            alibi_same = alibi_same && bias == first_bias;
            shown += (r ? "; " : "") + std::string("(") + std::to_string(m) + ", " + std::to_string(n) + "): RoPE " +
                     fix(rs[static_cast<std::size_t>(r)], 10) + ", ALiBi " + fix(bias, 4);
          }
          R spread;
          const bool rope_same = all_within(rs, rope_bound, spread);
          computed(c) = shown + "; RoPE scores agree within " + spread.str(3);
          c.outcome = verify::held_if(rope_same && alibi_same);
        });
  b.about(subject::rope);
}

}  // namespace

const std::vector<claim_row>& claim_rows() {
  static const std::vector<claim_row> rows = [] {
    rows_builder b;
    text000(b);
    text001(b);
    text002(b);
    text003(b);
    return b.v;
  }();
  return rows;
}

const std::vector<library_mutant>& library_mutants() {
  static const std::vector<library_mutant> all = {
      {subject::attention, mut::attention_scale},     {subject::attention, mut::attention_position},
      {subject::attention, mut::attention_causal},    {subject::mask, mut::mask_off},
      {subject::pooling, mut::pool_first},            {subject::sinusoid, mut::sin_reversed},
      {subject::sinusoid, mut::sin_wrapped},          {subject::sinusoid, mut::sin_swapped},
      {subject::sinusoid, mut::sin_constant},          {subject::sinusoid, mut::sin_table},
      {subject::sinusoid, mut::sin_exponent},          {subject::sinusoid, mut::sin_mixed},
      {subject::attention, mut::attention_unnormalised}, {subject::learned_table, mut::learned_clamp},
      {subject::counter, mut::counter_normalised},     {subject::pos_over_length, mut::pos_undivided},
      {subject::counter, mut::counter_off},           {subject::pos_over_length, mut::pos_one_based},
      {subject::learned_table, mut::learned_extra},   {subject::rope, mut::rope_key},
      {subject::alibi, mut::alibi_absolute},          {subject::summation, mut::sum_sorted},
  };
  return all;
}

}  // namespace orderblind::claims
