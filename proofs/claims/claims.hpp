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
#include "proofs/proof.hpp"

namespace orderblind::claims {

/// A claim's verdict (see the file comment).
enum class claim_verdict { held, erratum, questionable, failed };
/// "held", "erratum", "questionable" or "FAILED".
const char* to_string(claim_verdict v);

/// The kind of evidence a row rests on: the one evidence model's (verify/evidence.hpp; JSON `evidence`:
/// the enumerator's name). A row that takes the verdict of cited proof steps carries the weakest of
/// theirs, and a row that samples random cases itself says so; the `*_on_data`, `count_on_data` and
/// `literature` kinds are what a row computes on the texts' data itself.
using claim_evidence = verify::evidence_kind;
/// The enumerator's name, e.g. "exact_on_data" (the JSON value).
inline const char* to_string(claim_evidence e) { return verify::name(e); }
/// A proof step's kind as a claim's (the same enum: the identity, kept for the callers).
inline claim_evidence evidence_from(proofs::evidence_kind k) { return k; }

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
};
/// "attention", "sinusoid", … (for messages).
const char* to_string(subject s);

/// A wrong version of one library component, as the claim rows' computations see it (the rows call the
/// library through wrappers that apply the active mutant; `claim_inputs::set_mutant`).
struct library_mutant {
  subject about;
  std::string name;  ///< e.g. "counter: (p + 1)·𝟙 (off by one)"
};
/// Every mutant the rows' wrappers can apply, by subject.
const std::vector<library_mutant>& library_mutants();

/// One checked claim.
struct claim {
  std::string text;        ///< "text 000" … "text 003"
  std::string section;     ///< as the text numbers it, e.g. "§4, sentence B", "3.2", "Appendix A.2, Step 3"
  std::string quote;       ///< the claim, quoted from the text
  std::string text_value;  ///< the value or statement the text gives
  std::string computed;    ///< what orderblind computes
  std::string arithmetic;  ///< e.g. "mpfr100 (MPFR, 100 digits)", "mpq_rational (exact)"
  claim_evidence evidence = claim_evidence::exact_on_data;  ///< the kind of evidence (see `claim_evidence`)
  std::string evidence_detail;  ///< the evidence in words: the cited steps' kinds, the generator, seed and cases
  bool text_correct = false;  ///< the text's value is right (else: an erratum)
  bool check_held = false;    ///< the computation gave the asserted (correct) value
  bool questionable = false;  ///< a dated or contested factual claim (no computation; reason + source)
  bool cited = false;         ///< a correct factual claim confirmed by `source` (no computation; held, cited)
  std::string correction;  ///< errata: the corrected figure or statement
  std::string note;        ///< remark; questionable: the reason
  std::string source;      ///< questionable: the source of the reason
  std::vector<std::string> inputs;  ///< the data-table entries the computation read
  std::vector<std::string> steps;   ///< the proof steps whose verdict it took, e.g. "A.1 step 6"
  std::vector<proofs::evidence_kind> step_evidence;  ///< the kind of each of `steps`, in the same order
  /// Cases behind the verdict: the most any cited step ran (the texts' examples + random cases), or the
  /// random cases the row drew itself; 0 when it computes on the stated data only.
  long cases = 0;
  std::optional<std::uint64_t> seed{};  ///< the seed of those cases (unset: nothing was drawn)
  subject about = subject::text_data;  ///< what the claim is about (see `subject`)
  claim_verdict verdict() const {
    if (questionable) return claim_verdict::questionable;
    return !check_held ? claim_verdict::failed : text_correct ? claim_verdict::held : claim_verdict::erratum;
  }
};

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
  void record_into(claim* c) const { current_ = c; }

 private:
  const Matrix<R>& find(const std::string& key) const;
  table values_;
  proof_runner run_;
  std::shared_ptr<std::map<std::string, verify::check>> cache_ =
      std::make_shared<std::map<std::string, verify::check>>();
  mutable claim* current_ = nullptr;
  std::string mutant_;
};

/// The texts' data: every number, matrix, size and position the claims read.
claim_inputs::table texts_data();
/// The source of every entry of `texts_data()`: "text 001, §3.2: …", or "ours: …" for a value the texts
/// do not give.
std::map<std::string, std::string> texts_data_sources();
/// The texts' data with the registered proofs run at `cfg`.
claim_inputs texts_inputs(const proofs::run_config& cfg = {});

/// One row: the text's words and the computation that decides it (`compute` fills `computed`,
/// `check_held`, `text_correct`, `correction`, `note`; an exception fails the row with its message).
///
/// `counterfactual`, for rows whose claim holds for every value of their inputs (an identity, a bound),
/// changes the data so that the claim's premise is gone (P = I where the claim is about reordering, a
/// position inside the table where it is about one outside): the verdict must then move. A test applies
/// it with the generic perturbations (tests/claims/).
struct claim_row {
  claim words;
  std::function<void(const claim_inputs&, claim&)> compute;
  std::function<void(claim_inputs::table&)> counterfactual{};
};
/// Every row, in the texts' order (computed rows, then the questionable ones, per text).
const std::vector<claim_row>& claim_rows();
/// The factual rows that no computation can decide (dated or contested), with reason and source.
std::vector<claim> questionable_claims();
/// The texts' correct factual claims about the literature, each confirmed by a cited source (held, cited:
/// evidence `literature`, no computation).
std::vector<claim> cited_claims();
/// Computes one row on `in`.
claim evaluate(const claim_row& row, const claim_inputs& in);

/// All claims of all texts.
struct claims_report {
  std::vector<claim> claims;
  long count(claim_verdict v) const {
    long n = 0;
    for (const auto& c : claims) n += c.verdict() == v ? 1 : 0;
    return n;
  }
  /// No row failed (questionable rows do not fail).
  bool held() const { return !claims.empty() && count(claim_verdict::failed) == 0; }
  long errata() const { return count(claim_verdict::erratum); }
};

/// Computes every claim on `in`.
claims_report compute_claims(const claim_inputs& in);
/// Computes every claim on the texts' data, proofs at their default cases and seed.
claims_report compute_claims();
/// The texts the report covers, e.g. "text 000: 000_53ca8007e607dbd8.txt (Why Position Must Be Encoded)".
std::vector<std::string> claim_sources();

// --- the comparisons every row uses: a NaN (or ±∞) in either side fails them --------------------------

/// |x − printed| ≤ ½·10^(−decimals): the printed figure is a correct rounding of x (false for NaN).
bool rounds_to(const mpfr100& x, const std::string& printed);
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
