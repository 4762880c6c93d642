// SPDX-License-Identifier: MIT
#pragma once
/// Executable proofs: numbered steps that mirror a text's proof, each an equation checked on the text's
/// own example and on N random cases, recorded with its arithmetic, case count, seed and residual.
///
/// ## Adding a proof (the registration API)
/// Drop one file `proofs/<name>.cpp` into this directory (proofs/CMakeLists.txt globs `proofs/*.cpp`
/// with CONFIGURE_DEPENDS into the OBJECT library `orderblind_proofs`, which the CLI links); nothing
/// else needs editing. The file defines a function `verify::check f(const run_config&)` and registers it:
///
///     namespace orderblind::proofs {
///     namespace { const proof_registrar reg{proof{"A.1-exp", "softmax passes through, exactly, in Q(t)",
///                                                 "text 001, Appendix A.1", &prove_a1_exact_softmax}}; }
///     }
///
/// `orderblind list` shows it, `orderblind prove A.1-exp` certifies it, and the no-argument run adds
/// one summary row for it. Ids are unique (a duplicate id throws at start-up, naming both titles).
/// Inside the function, build one `verify::step` (verify/step.hpp) per numbered step of the text, `add`
/// one `comparison` (verify/bound.hpp) per case, `finish` each, and return `proof_check(…)` of them.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "orderblind/seed.hpp"
#include "orderblind/verify/report.hpp"
#include "orderblind/verify/step.hpp"

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
/// (verify/report.hpp). A proof states it for every step and never claims a stronger kind than the
/// step's checks give.
using verify::evidence_kind;
/// A short name for the kind ("sampled cases, == …", "identity for all real inputs, at fixed sizes", …).
inline const char* to_string(evidence_kind k) { return verify::describe(k); }

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

/// A proof run as one evidence record: id, the title as its statement, its source, the distinct
/// arithmetics of its steps, the weakest evidence of its steps (a proof rests on all of them, so it
/// claims no more than the weakest; `sampled_within_bound` with no steps), cases (the largest random
/// case count of a step; when every step is exhaustive, the most permutations a step enumerated), the
/// seed and the verdict (a proof that checked nothing did not hold); details `random_cases_from`,
/// `reproduce` (the command that replays exactly this run), `formal` (the linked theorems, with whether
/// this build checked them) and `steps` (one check per step, from verify/step.hpp).
verify::check proof_check(const std::string& id, const std::string& title, const std::string& source,
                          const std::string& random_cases_from, verify::value::checks steps, const run_config& cfg);

/// The steps of a proof's check (its detail `steps`; empty when it has none).
const verify::value::checks& steps_of(const verify::check& proof);
/// The step of a proof's check that the text numbers `number` (its detail `step`), or nullptr.
const verify::check* find_step(const verify::check& proof, const std::string& number);
/// An integer detail of a check, e.g. a step's `random_cases` (0 when it has none).
std::int64_t count_of(const verify::check& c, const std::string& key);
/// A step's largest residual as printed: "0", "≠ (exact)", "1.5 ε", an identity's residual.
std::string residual_text(const verify::check& step);

/// A registered proof.
struct proof {
  std::string id;      ///< command-line id, e.g. "A.1"
  std::string title;
  std::string source;  ///< e.g. "text 001, Appendix A.1; text 000, §2"
  std::function<verify::check(const run_config&)> run;
};

/// Every registered proof, sorted by id.
std::vector<proof> registered_proofs();
/// The proof with this id; throws std::invalid_argument naming the id and the known ids.
const proof& find_proof(const std::string& id);

/// Registers a proof at static-initialisation time.
struct proof_registrar {
  explicit proof_registrar(proof p);
};

}  // namespace orderblind::proofs
