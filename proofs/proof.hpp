// SPDX-License-Identifier: MIT
#pragma once
/// Executable proofs: numbered steps that mirror a text's proof, each an equation checked on the text's
/// own example and on N random cases, recorded with its arithmetic, case count, seed and residual.
///
/// ## Adding a proof (the registration API)
/// Drop one file `proofs/<name>.cpp` into this directory (proofs/CMakeLists.txt globs `proofs/*.cpp`
/// with CONFIGURE_DEPENDS into the OBJECT library `orderblind_proofs`, which the CLI links); nothing
/// else needs editing. The file defines a function `proof_result f(const run_config&)` and registers it:
///
///     namespace orderblind::proofs {
///     namespace { const proof_registrar reg{proof{"A.1-exp", "softmax passes through, exactly, in Q(t)",
///                                                 "text 001, Appendix A.1", &prove_a1_exact_softmax}}; }
///     }
///
/// `orderblind list` shows it, `orderblind prove A.1-exp` certifies it, and the no-argument run adds
/// one summary row for it. Ids are unique (a duplicate id throws at start-up, naming both titles).
/// Inside the function, build a `proof_result` with `step_checker` (see below): one `step_checker` per
/// numbered step of the text, `check(...)` once per case, then `finish()`.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "orderblind/seed.hpp"
#include "orderblind/verify/evidence.hpp"

namespace orderblind::proofs {

/// Default random cases per proof (overridden by --cases) and the default seed (overridden by --seed).
inline constexpr long default_cases = 100;
inline constexpr std::uint64_t default_seed = orderblind::default_seed;

/// How a proof is run: resolved case count and seed (every step of one run uses the same seed).
struct run_config {
  long cases = default_cases;
  std::uint64_t seed = default_seed;
};

/// The kind of evidence a step rests on, weakest to strongest: the one evidence model's
/// (verify/evidence.hpp). A step uses the first six; a certificate states it for every step and never
/// claims a stronger kind than the step's checks give.
using verify::evidence_kind;
/// A short name for the kind ("sampled cases, == …", "identity for all real inputs, at fixed sizes", …).
inline const char* to_string(evidence_kind k) { return verify::describe(k); }

/// The record of one numbered step, as it appears in a certificate.
struct step_record {
  std::string number;       ///< the text's numbering, e.g. "1", "Step 3", "5b"
  std::string statement;    ///< the equation or claim, e.g. "S′ = P S Pᵀ"
  std::string source;       ///< where the text states it, e.g. "text 001, Appendix A.1"
  std::string compared;     ///< what was computed and compared, concretely
  std::string arithmetic;   ///< e.g. "mpq_rational (exact, ==)"
  std::string bound;        ///< "== (exact)" or the tolerance, e.g. "≤ 16 ε"
  long example_cases = 0;   ///< cases taken from the texts' own examples
  long random_cases = 0;    ///< random cases
  std::uint64_t seed = 0;   ///< seed of the random cases
  std::string max_residual = "0";  ///< largest residual seen ("0" when every exact comparison held)
  bool held = false;
  std::string note;         ///< remark, or on failure the first failing case
  /// The kind of evidence; when not set, inferred from `bound` (see `evidence_of`).
  std::optional<evidence_kind> evidence{};
  long enumerated = 0;  ///< exhaustive steps: the permutations enumerated on the stated input (else 0)
};

/// The step's kind of evidence: its own `evidence` when set; otherwise sampled_exact when the bound is
/// an equality ("== …") and sampled_within_bound when it is a tolerance.
evidence_kind evidence_of(const step_record& s);

/// A machine-checked theorem (Coq) that proves, for all sizes, what a proof id checks by cases.
struct formal_theorem {
  std::string name;         ///< the theorem's Coq name, e.g. "attention_equivariant"
  std::string file;         ///< its file in the repository, e.g. "proofs/formal/Attention.v"
  std::string statement;    ///< the statement in one line
  bool checked = false;     ///< true when this build ran the checker on it and its assumptions were accepted
  std::string checker;      ///< e.g. "Coq 8.16.1, MathComp 1.15"
  std::string assumptions;  ///< what `Print Assumptions` reported: "none", or the axioms it rests on
};
/// The formal theorems linked to a proof id (empty when none): defined in proofs/formal_status.cpp.
std::vector<formal_theorem> formal_theorems(const std::string& proof_id);

/// The outcome of one proof run.
struct proof_result {
  std::string id, title, source;
  std::string random_cases_from;  ///< how the random cases were drawn (generator and distribution)
  std::vector<step_record> steps;
  bool held() const {
    if (steps.empty()) return false;  // a proof that checked nothing did not hold
    for (const auto& s : steps)
      if (!s.held) return false;
    return true;
  }
  /// The largest random case count of any step.
  long cases() const {
    long c = 0;
    for (const auto& s : steps) c = s.random_cases > c ? s.random_cases : c;
    return c;
  }
  /// The distinct arithmetics of the steps, joined with " + ".
  std::string arithmetic() const;
};

/// A registered proof.
struct proof {
  std::string id;      ///< command-line id, e.g. "A.1"
  std::string title;
  std::string source;  ///< e.g. "text 001, Appendix A.1; text 000, §2"
  std::function<proof_result(const run_config&)> run;
};

/// Every registered proof, sorted by id.
std::vector<proof> registered_proofs();
/// The proof with this id; throws std::invalid_argument naming the id and the known ids.
const proof& find_proof(const std::string& id);

/// Registers a proof at static-initialisation time.
struct proof_registrar {
  explicit proof_registrar(proof p);
};

/// The outcome of checking one case of one step.
struct case_outcome {
  bool held = false;
  std::string residual = "0";  ///< the residual of this case (printed)
  double residual_value = 0;   ///< for taking the maximum (0 for exact comparisons)
  std::string detail;          ///< on failure: the case and what differed
};
/// An exact comparison's outcome.
inline case_outcome exact_outcome(bool equal, std::string detail_if_not = {}) {
  return {equal, equal ? "0" : "≠ (exact)", equal ? 0.0 : 1e300, equal ? std::string() : std::move(detail_if_not)};
}

/// What a step states and how it is checked, before any case is run.
struct step_header {
  std::string number, statement, source, compared, arithmetic, bound;
};

/// Accumulates the cases of one step and produces its record.
class step_checker {
 public:
  explicit step_checker(step_header h) {
    rec_.number = std::move(h.number);
    rec_.statement = std::move(h.statement);
    rec_.source = std::move(h.source);
    rec_.compared = std::move(h.compared);
    rec_.arithmetic = std::move(h.arithmetic);
    rec_.bound = std::move(h.bound);
    rec_.held = true;
  }
  /// Records one case; `example` marks a case from the texts' own examples.
  void check(const case_outcome& o, bool example, const std::string& label = {}) {
    (example ? rec_.example_cases : rec_.random_cases) += 1;
    if (o.residual_value > worst_) {
      worst_ = o.residual_value;
      rec_.max_residual = o.residual;
    }
    if (!o.held && rec_.held) {
      rec_.held = false;
      rec_.note = "FAILED on " + (label.empty() ? std::string(example ? "the text's example" : "a random case") : label) +
                  (o.detail.empty() ? std::string() : ": " + o.detail);
    }
  }
  /// Appends a remark (kept when the step held; after the failure note otherwise).
  void remark(const std::string& r) { remarks_ += (remarks_.empty() ? "" : " ") + r; }
  step_record finish(std::uint64_t seed) {
    rec_.seed = seed;
    if (rec_.held) rec_.note = remarks_;
    else if (!remarks_.empty()) rec_.note += " — " + remarks_;
    return rec_;
  }
  bool held() const { return rec_.held; }

 private:
  step_record rec_;
  double worst_ = 0;
  std::string remarks_;
};

}  // namespace orderblind::proofs
