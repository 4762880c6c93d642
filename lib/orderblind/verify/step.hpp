// SPDX-License-Identifier: MIT
#pragma once
/// A numbered step of a proof as one evidence record: the step states its equation, source, what is
/// compared, the arithmetic and the bound; each case is one `comparison` (verify/bound.hpp) from the
/// texts' own examples or from the random cases; `finish` returns the step's `check` (verify/report.hpp):
/// its verdict, the largest residual, the cases and the seed, the first failing case in its note.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::verify {

/// A case decided by a condition rather than by comparing two matrices: held, or not and why.
inline comparison decided(bool held, std::string why_not = {}) {
  comparison c;
  c.held = held;
  c.ratio = held ? 0.0 : std::numeric_limits<double>::infinity();
  if (!held) c.why = std::move(why_not);
  return c;
}

/// Accumulates the cases of one step and produces its check: id "step N" (or the text's own "Step N"),
/// details `step` (the text's numbering), `example_cases` and `random_cases`.
class step {
 public:
  /// `bound` is "== …" for an exact comparison, else the tolerance; the kind of evidence follows from it
  /// (sampled_exact for "==", sampled_within_bound otherwise) unless `kind` is given.
  step(std::string number, std::string statement, std::string source, std::string compared, std::string arithmetic,
       std::string bound, std::optional<evidence_kind> kind = {})
      : number_(std::move(number)) {
    // NOTE: some texts number their steps "Step 1" themselves; the id then keeps their word.
    c_.id = (number_.rfind("Step", 0) == 0 || number_.rfind("step", 0) == 0) ? number_ : "step " + number_;
    c_.statement = std::move(statement);
    c_.source = std::move(source);
    c_.compared = std::move(compared);
    c_.arithmetic = std::move(arithmetic);
    c_.evidence = kind ? *kind : bound.rfind("==", 0) == 0 ? evidence_kind::sampled_exact
                                                           : evidence_kind::sampled_within_bound;
    c_.bound = std::move(bound);
    c_.residual = exact_number{"0"};
    c_.outcome = verdict::held;
  }

  /// Records one case; `example` marks a case from the texts' own examples. `k_eps` > 0: the case's
  /// bound is k_eps·ε·scale, and its residual is printed in units of ε·scale (ratio · k_eps); otherwise
  /// it is "0" when equal, "≠ (exact)" when not (a comparison that met NaN prints "NaN").
  void add(const comparison& o, bool example, const std::string& label = {}, double k_eps = 0) {
    (example ? example_cases_ : random_cases_) += 1;
    const bool nan = o.ratio != o.ratio;
    const double r = nan ? std::numeric_limits<double>::infinity() : k_eps > 0 ? o.ratio * k_eps : o.ratio;
    if (r > worst_) {
      worst_ = r;
      if (nan) c_.residual = "NaN";
      else if (k_eps > 0 && std::isfinite(r)) {
        std::ostringstream os;
        os.precision(3);
        os << r << " ε";
        c_.residual = os.str();
      } else c_.residual = "≠ (exact)";
    }
    if (!o.held && c_.outcome == verdict::held) {
      c_.outcome = verdict::failed;
      c_.note = "FAILED on " + (label.empty() ? std::string(example ? "the text's example" : "a random case") : label) +
                (o.why.empty() ? std::string() : ": " + o.why);
    }
  }
  /// Appends a remark (kept when the step held; after the failure note otherwise).
  void remark(const std::string& r) { remarks_ += (remarks_.empty() ? "" : " ") + r; }
  bool held() const { return c_.outcome == verdict::held; }

  /// The step's check. Cases: the texts' examples + the random ones; for exhaustive evidence, the
  /// permutations `enumerated` on the stated input. The seed is stated when something was drawn from it.
  check finish(std::uint64_t seed, std::int64_t enumerated = 0) const {
    check c = c_;
    if (held()) c.note = remarks_;
    else if (!remarks_.empty()) c.note += " — " + remarks_;
    // NOTE: an exhaustive step counts the permutations it enumerated (on its one stated input); a sampled
    // step counts its cases, the texts' examples and the random ones.
    c.cases = c.evidence == evidence_kind::exhaustive_exact && enumerated > 0 ? enumerated
                                                                              : example_cases_ + random_cases_;
    if (random_cases_ > 0 || c.evidence == evidence_kind::exhaustive_exact) c.seed = seed;
    c.with("step", number_).with("example_cases", example_cases_).with("random_cases", random_cases_);
    return c;
  }

 private:
  std::string number_;
  check c_;
  long example_cases_ = 0, random_cases_ = 0;
  double worst_ = 0;
  std::string remarks_;
};

}  // namespace orderblind::verify
