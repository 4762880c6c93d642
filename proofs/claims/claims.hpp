// SPDX-License-Identifier: MIT
#pragma once
/// The text-claims report: every checkable claim of the four texts, quoted with its text and section,
/// the value the text gives, the value computed, and a verdict.
///
/// The claims are rows (`claim_rows()`): each row is the text's words plus a computation. The
/// computation reads its inputs — the texts' numbers, matrices, positions and sizes — from a data table
/// (`claim_inputs`, filled by `texts_data()`), or takes the verdict of a proof step it cites (run through
/// the same table, so a test can substitute a failing run). Nothing a row decides is a literal: a test
/// perturbs every input a row reads and checks that the verdict moves (tests/claims/).
///
/// Verdicts: *held* (the text is right and the computation agrees), *erratum* (the text's figure or
/// statement is wrong; the check asserts the correct one and held), *questionable* (a factual claim
/// about the field that is dated or contested; no computation can decide it, so the row gives the
/// reason and a source — not a failure, exit code unaffected) and *FAILED* (the computation did not
/// give what the row asserts; exit code 1). A NaN in any compared value fails the row.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "orderblind/matrix.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/verify/report.hpp"
#include "proofs/proof.hpp"

namespace orderblind::claims {

/// The verdict of a computed row: FAILED unless its check held; else an erratum when the text's figure or
/// statement is wrong (the row asserted the correct one, and that held), held otherwise.
inline verify::verdict decided(bool check_held, bool text_correct = true) {
  return !check_held ? verify::verdict::failed : text_correct ? verify::verdict::held : verify::verdict::erratum;
}

/// What a claim is about: the library component its computation exercises (the dependence test
/// substitutes a wrong version of it, `library_mutants()`, and the verdict must fail), the texts' data
/// itself (the test perturbs the inputs), or the proof steps it cites (the test fails them).
enum class subject {
  text_data,        ///< the texts' numbers and matrices themselves (shapes, P, counts, sampled vectors)
  proof_steps,      ///< only the cited proof steps' verdicts
  attention,        ///< self-attention (scores, scale, softmax, the weighted sum)
  mask,             ///< the causal mask
  pooling,          ///< mean pooling
  sinusoid,         ///< the sinusoidal encoding and its frequencies
  counter,          ///< the counter encoding p·𝟙
  pos_over_length,  ///< pos/length
  learned_table,    ///< a learned table's defined positions
  rope,             ///< rotary embeddings
  alibi,            ///< ALiBi's score bias
  summation,        ///< floating-point summation order
  literature,       ///< no computation: a questionable or a cited factual claim
};
/// "attention", "the sinusoid", … (for messages).
const char* to_string(subject s);
/// The enumerator's name, e.g. "pos_over_length" (the JSON value of a claim's `about`).
const char* name(subject s);

/// A wrong version of one library component, as the claim rows' computations see it (the rows call the
/// library through wrappers that apply the active mutant; `claim_inputs::set_mutant`).
struct library_mutant {
  subject about;
  std::string name;  ///< e.g. "counter: (p + 1)·𝟙 (off by one)"
};
/// Every mutant the rows' wrappers can apply, by subject.
const std::vector<library_mutant>& library_mutants();

/// The inputs every claim computation reads: the texts' data as named mpfr100 matrices (scalars are
/// 1×1), and a proof runner. Every read is recorded in the claim being computed.
class claim_inputs {
 public:
  using R = mpfr100;
  using Q = mpq_rational;
  using table = std::map<std::string, Matrix<R>>;
  using proof_runner = std::function<verify::check(const std::string& id)>;

  claim_inputs(table values, proof_runner run) : values_(std::move(values)), run_(std::move(run)) {}

  /// The entry as stored (NaN passes through: the comparisons must catch it).
  const Matrix<R>& real(const std::string& key) const;
  /// The entry in exact rational arithmetic; throws std::domain_error naming the entry when an entry
  /// is not finite (a NaN cannot be a rational).
  Matrix<Q> exact(const std::string& key) const;
  /// The entry rounded to double (NaN stays NaN).
  Matrix<double> dbl(const std::string& key) const;
  /// Entry (i, j) as an integer; throws std::domain_error unless it is a finite integer.
  long integer(const std::string& key, Eigen::Index i = 0, Eigen::Index j = 0) const;
  /// The record of step `number` of proof `id` (the proof is run once per inputs object).
  verify::check step(const std::string& id, const std::string& number) const;

  /// The table itself, for tests that perturb it.
  table& values() { return values_; }
  const table& values() const { return values_; }
  /// Replaces the proof runner (and starts a fresh cache, not shared with copies made before).
  void set_runner(proof_runner run) {
    run_ = std::move(run);
    cache_ = std::make_shared<std::map<std::string, verify::check>>();
  }

  /// Substitutes a wrong version of one library component for the rows' computations (tests only; an
  /// empty name restores the library). Throws std::invalid_argument for a name not in `library_mutants()`.
  void set_mutant(const std::string& name);
  /// The active mutant's name, or "" for the library as it is.
  const std::string& mutant() const { return mutant_; }

  /// Where reads are recorded (set by `evaluate`).
  void record_into(verify::check* c) const { current_ = c; }

 private:
  const Matrix<R>& find(const std::string& key) const;
  table values_;
  proof_runner run_;
  std::shared_ptr<std::map<std::string, verify::check>> cache_ =
      std::make_shared<std::map<std::string, verify::check>>();
  mutable verify::check* current_ = nullptr;
  std::string mutant_;
};

/// The texts' data: every number, matrix, size and position the claims read.
claim_inputs::table texts_data();
/// The source of every entry of `texts_data()`: "text 001, §3.2: …", or "ours: …" for a value the texts
/// do not give.
std::map<std::string, std::string> texts_data_sources();
/// The texts' data with the registered proofs run at `cfg`.
claim_inputs texts_inputs(const proofs::run_config& cfg = {});

/// One row, as data: the text's words (text, section, quote, the value the text gives), the arithmetic
/// and kind of evidence of its computation, what it is about, and the computation that decides it.
///
/// `evaluate` turns a row into its `verify::check` (`claim_check`) and runs `compute` on it: the
/// computation sets the check's `outcome` (`decided`), its `computed`, `correction` and `evidence_basis`
/// details (`detail_text`), and, where it compares against a bound, `bound`, `residual` and `note`. An
/// exception fails the row with its message.
///
/// `counterfactual`, for rows whose claim holds for every value of their inputs (an identity, a bound),
/// changes the data so that the claim's premise is gone (P = I where the claim is about reordering, a
/// position inside the table where it is about one outside): the verdict must then move. A test applies
/// it with the generic perturbations (tests/claims/).
struct claim_row {
  std::string text;        ///< "text 000" … "text 003"
  std::string section;     ///< as the text numbers it, e.g. "§4, sentence B", "3.2", "Appendix A.2, Step 3"
  std::string quote;       ///< the claim, quoted from the text
  std::string text_value;  ///< the value or statement the text gives
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)", "mpq_rational (exact)"
  verify::evidence_kind evidence = verify::evidence_kind::exact_on_data;  ///< the kind of evidence
  std::string evidence_basis;  ///< the evidence in words: the cited steps' kinds, the generator, seed and cases
  subject about = subject::text_data;  ///< what the claim is about (see `subject`)
  std::function<void(const claim_inputs&, verify::check&)> compute{};
  std::function<void(claim_inputs::table&)> counterfactual{};
};
/// Every row, in the texts' order (computed rows, then the questionable ones, per text).
const std::vector<claim_row>& claim_rows();
/// The factual claims that no computation can decide (dated or contested), with reason (`note`) and
/// source (`reason_source`): verdict questionable.
verify::value::checks questionable_claims();
/// The texts' correct factual claims about the literature, each confirmed by a cited source (held, cited:
/// evidence `literature`, no computation).
verify::value::checks cited_claims();

/// A row's check before its computation: id "text 000 §4" (text and section), statement = the quote,
/// source = the text's file and section, arithmetic, evidence, verdict FAILED (nothing decided yet), and
/// the details text, section, quote, text_value, computed (""), correction (null), evidence_basis,
/// inputs, proof_steps, cited_evidence (empty lists), reason_source (null) and about.
verify::check claim_check(const claim_row& words);
/// Computes one row on `in`: its check, decided. A correction is kept for an erratum only.
verify::check evaluate(const claim_row& row, const claim_inputs& in);

/// The text detail `key` of a claim's check, to write (a null or missing detail becomes ""): "computed",
/// "correction", "evidence_basis".
std::string& detail_text(verify::check& c, const std::string& key);
/// The text detail `key` of a claim's check ("" when null or missing).
std::string text_of(const verify::check& c, const std::string& key);
/// The list detail `key` of a claim's check as strings: "inputs", "proof_steps", "cited_evidence".
std::vector<std::string> strings_of(const verify::check& c, const std::string& key);

/// Computes every claim on `in`, in the texts' order: the rows, the questionable and the cited claims.
verify::value::checks compute_claims(const claim_inputs& in);
/// Computes every claim on the texts' data, proofs at their default cases and seed.
verify::value::checks compute_claims();
/// How many claims have verdict `v`.
long count(const verify::value::checks& claims, verify::verdict v);
/// No claim failed, and there is at least one (questionable claims do not fail; an empty table checked
/// nothing).
bool all_held(const verify::value::checks& claims);
/// The texts the report covers, e.g. "text 000: 000_53ca8007e607dbd8.txt (Why Position Must Be Encoded)".
std::vector<std::string> claim_sources();

// --- the comparisons every row uses: a NaN (or ±∞) in either side fails them --------------------------

/// |x − printed| ≤ ½·10^(−decimals): the printed figure is a correct rounding of x (false for NaN).
bool rounds_to(const mpfr100& x, const std::string& printed);
/// |x − printed| ÷ ½·10^(−decimals): at most 1 exactly when `rounds_to` holds (NaN when x is not finite).
double rounding_residual(const mpfr100& x, const std::string& printed);
/// a ≤ b with both finite.
bool at_most(const mpfr100& a, const mpfr100& b);
/// a < b with both finite.
bool less(const mpfr100& a, const mpfr100& b);
/// Every entry finite.
bool all_finite(const Matrix<mpfr100>& m);
bool all_finite(const Matrix<double>& m);
/// max |a − b| over entries; NaN when a shape differs or an entry is not finite.
mpfr100 max_abs_diff(const Matrix<mpfr100>& a, const Matrix<mpfr100>& b);

}  // namespace orderblind::claims
