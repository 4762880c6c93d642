// SPDX-License-Identifier: MIT
#pragma once
/// The evidence model and the report model. What a result rests on (`evidence_kind`) and what it decided
/// (`verdict`): every check the library, the batteries, the proofs and the claims table report is a
/// `check` carrying one of each. The report model every command writes: a `report` is a schema name, a title and an ordered list of
/// fields; a field's value is text, a number (floating, integer, or exact of any length), a boolean, a
/// list, a nested object, or a list of `check`s — the one evidence record (what was claimed, what was
/// compared, in which arithmetic, with which kind of evidence, over how many cases and which seed, and
/// what was decided). verify/render.hpp writes any report as text, Markdown, JSON or JUnit XML, so that
/// no command formats output itself.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace orderblind::verify {

/// The kind of evidence a result rests on. The first six are ordered weakest to strongest (`weakest`
/// takes the minimum); the others describe a computation on a text's own data, or none.
enum class evidence_kind {
  sampled_within_bound,  ///< seeded random cases (and the texts' examples), floating arithmetic, each within a stated ε-bound
  sampled_exact,         ///< seeded random cases (and the texts' examples), compared with == (exact arithmetic, or bit for bit)
  exhaustive_exact,      ///< every permutation of S_n enumerated (none sampled), compared with ==, on stated inputs only
  enclosure,             ///< rigorous interval enclosures (MPFI): every true value lies in the printed interval
  identity,              ///< the library's own code run over symbols: an identity for all real inputs, at the stated sizes
  formal,                ///< a machine-checked proof for all sizes (Coq)
  exact_on_data,         ///< exact rational arithmetic (==) on a text's or a user's data
  mpfr100_on_data,       ///< 100-digit MPFR on a text's data (figures checked as correct roundings) — not exact
  double_on_data,        ///< IEEE double on a text's or a user's data
  count_on_data,         ///< a count on a text's data: a figure against the data's shapes (no arithmetic)
  literature,            ///< no computation: a questionable claim, with its reason and source
};

/// The enumerator's name, e.g. "sampled_exact": the JSON value of `evidence`.
inline const char* name(evidence_kind k) {
  switch (k) {
    case evidence_kind::sampled_within_bound: return "sampled_within_bound";
    case evidence_kind::sampled_exact: return "sampled_exact";
    case evidence_kind::exhaustive_exact: return "exhaustive_exact";
    case evidence_kind::enclosure: return "enclosure";
    case evidence_kind::identity: return "identity";
    case evidence_kind::formal: return "formal";
    case evidence_kind::exact_on_data: return "exact_on_data";
    case evidence_kind::mpfr100_on_data: return "mpfr100_on_data";
    case evidence_kind::double_on_data: return "double_on_data";
    case evidence_kind::count_on_data: return "count_on_data";
    case evidence_kind::literature: return "literature";
  }
  return "unknown";
}

/// A short phrase for the kind, as certificates print it ("sampled cases, within a stated bound", …).
inline const char* describe(evidence_kind k) {
  switch (k) {
    case evidence_kind::sampled_within_bound: return "sampled cases, within a stated bound";
    case evidence_kind::sampled_exact: return "sampled cases, == (exact arithmetic, or bit for bit in floating point)";
    case evidence_kind::exhaustive_exact: return "every permutation enumerated, == (exact), on the stated inputs only";
    case evidence_kind::enclosure: return "rigorous enclosures";
    case evidence_kind::identity: return "identity for all real inputs, at fixed sizes";
    case evidence_kind::formal: return "machine-checked proof for all sizes";
    case evidence_kind::exact_on_data: return "exact arithmetic (==) on the stated data";
    case evidence_kind::mpfr100_on_data: return "100-digit MPFR on the stated data (not exact)";
    case evidence_kind::double_on_data: return "IEEE double on the stated data";
    case evidence_kind::count_on_data: return "a count on the stated data";
    case evidence_kind::literature: return "no computation: a reason and a source";
  }
  return "unknown";
}

/// True for the kinds that sample (a case count and a seed say how much was seen).
inline bool is_sampled(evidence_kind k) {
  return k == evidence_kind::sampled_within_bound || k == evidence_kind::sampled_exact;
}

/// The weaker of two of the first six kinds (a result resting on both claims no more than the weaker).
// NOTE: the data kinds are not on that scale; for them the first argument is kept, so a caller that
// mixes scales states the kind itself.
inline evidence_kind weakest(evidence_kind a, evidence_kind b) {
  const auto on_scale = [](evidence_kind k) { return static_cast<int>(k) <= static_cast<int>(evidence_kind::formal); };
  if (!on_scale(a) || !on_scale(b)) return a;
  return static_cast<int>(a) <= static_cast<int>(b) ? a : b;
}

/// What a check decided.
enum class verdict {
  held,           ///< the check held
  failed,         ///< the check failed: a genuine counterexample (exit code 1)
  skipped,        ///< not testable on this input; the note says why (not a failure)
  not_decidable,  ///< the input cannot decide the law; the note says why (not a failure)
  erratum,        ///< a text's figure is wrong; the check asserts the correct one, and that held
  questionable,   ///< a dated or contested claim no computation decides (not a failure)
};

/// "held", "FAILED", "skipped", "not decidable", "erratum", "questionable".
inline const char* to_string(verdict v) {
  switch (v) {
    case verdict::held: return "held";
    case verdict::failed: return "FAILED";
    case verdict::skipped: return "skipped";
    case verdict::not_decidable: return "not decidable";
    case verdict::erratum: return "erratum";
    case verdict::questionable: return "questionable";
  }
  return "unknown";
}

/// True only for `failed`: the one verdict that makes a run exit 1.
inline bool is_failure(verdict v) { return v == verdict::failed; }

/// held or failed.
inline verdict held_if(bool held) { return held ? verdict::held : verdict::failed; }


struct field;
struct check;

/// An exact number in decimal text: an integer ("-12") or a fraction ("p/q"). The text and Markdown
/// renderers abbreviate a long one to a decimal approximation and say that it is one and how long the
/// exact value is; JSON always carries the whole value, as a string.
struct exact_number {
  std::string text;
};

/// A value in a report.
class value {
 public:
  using list = std::vector<value>;   ///< a list of values
  using object = std::vector<field>;  ///< ordered named values (a JSON object)
  using checks = std::vector<check>;  ///< a list of evidence records
  using variant = std::variant<std::monostate, std::string, bool, std::int64_t, std::uint64_t, double, exact_number,
                               list, object, checks>;

  // NOTE: the constructors are defined below `check`, once `field` and `check` are complete: a body here
  // would instantiate the variant's vectors on incomplete types, which clang++ with libstdc++ refuses (the
  // battery, which returns checks, is compiled by clang++ in the fuzz target).
  value();  ///< null (JSON null; omitted from text and Markdown)
  value(std::nullptr_t);
  value(const char* s);
  value(std::string s);
  value(bool b);
  /// Any integer: signed ones are stored as int64, unsigned ones as uint64.
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  value(I i);
  value(double d);
  value(exact_number e);
  value(list l);
  value(object o);
  value(checks c);
  /// An optional value: null when empty.
  template <class T>
  value(const std::optional<T>& o) {
    if (o) *this = value(*o);
  }

  const variant& get() const { return v_; }
  variant& get() { return v_; }
  bool is_null() const { return std::holds_alternative<std::monostate>(v_); }
  template <class T>
  const T* as() const {
    return std::get_if<T>(&v_);
  }

 private:
  variant v_;
};

/// A named value.
struct field {
  std::string key;  ///< JSON key; text and Markdown print it with '_' as ' '
  value val;
};

/// One evidence record: a law, a proof step, a claim, a check on a user's data. Every command's
/// verdicts are checks, so every format states, for every verdict, its arithmetic, its kind of
/// evidence and, when sampled, its case count and seed.
struct check {
  std::string id;          ///< e.g. "P1.self-attention[double]", a step's number "Step 3", a claim's section
  std::string statement;   ///< what is claimed, e.g. "Attn(PX) = P·Attn(X)"
  std::string source;      ///< where it is stated, e.g. "text 001, Appendix A.2, Step 3" (empty: none)
  std::string compared;    ///< what was computed and compared, concretely (empty: said by the statement)
  std::string arithmetic;  ///< e.g. "mpq_rational (exact, ==)", "double"
  evidence_kind evidence = evidence_kind::sampled_exact;
  std::string bound;       ///< "== (exact)" or the tolerance, e.g. "≤ 4(n+1)·ε·max(1, max|V|)" (empty: none)
  value residual;          ///< the largest residual seen (null: not applicable)
  std::int64_t cases = 0;  ///< cases sampled or enumerated (0: none, e.g. an identity or a formal proof)
  std::optional<std::uint64_t> seed;  ///< the seed of the sampled cases (unset: nothing was drawn)
  verdict outcome = verdict::failed;  ///< a default-constructed check has decided nothing, so it did not hold
  std::string note;        ///< a remark; on failure, the counterexample
  value::object details;   ///< further named values, in order (nested checks — a proof's steps — too)

  /// Adds a detail and returns *this (for chaining).
  check& with(std::string key, value v) {
    details.push_back({std::move(key), std::move(v)});
    return *this;
  }
};

inline value::value() = default;
inline value::value(std::nullptr_t) {}
inline value::value(const char* s) : v_(std::string(s)) {}
inline value::value(std::string s) : v_(std::move(s)) {}
inline value::value(bool b) : v_(b) {}
inline value::value(double d) : v_(d) {}
inline value::value(exact_number e) : v_(std::move(e)) {}
inline value::value(list l) : v_(std::move(l)) {}
inline value::value(object o) : v_(std::move(o)) {}
inline value::value(checks c) : v_(std::move(c)) {}
template <std::integral I>
  requires(!std::same_as<I, bool>)
value::value(I i) {
  if constexpr (std::is_signed_v<I>) v_ = static_cast<std::int64_t>(i);
  else v_ = static_cast<std::uint64_t>(i);
}

/// A command's output.
struct report {
  std::string schema;  ///< "orderblind-<command>/<version>": the JSON `schema` field; see docs/json.md
  std::string title;   ///< the heading of the text and Markdown forms (not in JSON)
  value::object body;  ///< the fields, in order

  /// Adds a field and returns *this (for chaining).
  report& add(std::string key, value v) {
    body.push_back({std::move(key), std::move(v)});
    return *this;
  }
};

/// The value named `key` among `fields` (a check's details, a report's body, a nested object), or nullptr.
inline const value* find_field(const value::object& fields, std::string_view key) {
  for (const auto& f : fields)
    if (f.key == key) return &f.val;
  return nullptr;
}
/// The value named `key` among `fields`, or nullptr (mutable).
inline value* find_field(value::object& fields, std::string_view key) {
  for (auto& f : fields)
    if (f.key == key) return &f.val;
  return nullptr;
}
/// Sets the value named `key` among `fields` to `v`: replaced in place where present, else appended.
inline void set_field(value::object& fields, std::string key, value v) {
  if (value* old = find_field(fields, key)) *old = std::move(v);
  else fields.push_back({std::move(key), std::move(v)});
}
/// The detail `key` of a check, or nullptr.
inline const value* find_detail(const check& c, std::string_view key) { return find_field(c.details, key); }
/// The detail `key` of a check, or nullptr (mutable).
inline value* find_detail(check& c, std::string_view key) { return find_field(c.details, key); }
/// Sets the detail `key` of a check (replaced in place where present, else appended); returns the check.
inline check& set_detail(check& c, std::string key, value v) {
  set_field(c.details, std::move(key), std::move(v));
  return c;
}

/// Calls `f(c)` for every check in `v`, depth first (the checks in a check's details included).
template <class F>
void for_each_check(const value& v, F&& f) {
  if (const auto* cs = v.as<value::checks>()) {
    for (const auto& c : *cs) {
      f(c);
      for (const auto& d : c.details) for_each_check(d.val, f);
    }
  } else if (const auto* l = v.as<value::list>()) {
    for (const auto& x : *l) for_each_check(x, f);
  } else if (const auto* o = v.as<value::object>()) {
    for (const auto& x : *o) for_each_check(x.val, f);
  }
}

/// Every check of the report, depth first.
template <class F>
void for_each_check(const report& r, F&& f) {
  for (const auto& x : r.body) for_each_check(x.val, f);
}

/// True when no check in the report failed (skipped, not decidable, erratum and questionable are not
/// failures). A report with no check at all holds: it states data, not a claim.
inline bool all_held(const report& r) {
  bool held = true;
  for_each_check(r, [&](const check& c) { held = held && !is_failure(c.outcome); });
  return held;
}

/// How many checks of the report have verdict `v`.
inline std::size_t count(const report& r, verdict v) {
  std::size_t n = 0;
  for_each_check(r, [&](const check& c) { n += c.outcome == v; });
  return n;
}


/// A rank of the kinds for `summarise`: the weaker kind has the lower rank. The first six follow the
/// scale of evidence_kind; the data kinds sit where their arithmetic puts them (a count and a literature
/// reference lowest, then double, MPFR, exact rationals on the stated data).
inline int strength(evidence_kind k) {
  switch (k) {
    case evidence_kind::literature: return 0;
    case evidence_kind::count_on_data: return 1;
    case evidence_kind::double_on_data: return 2;
    case evidence_kind::mpfr100_on_data: return 3;
    case evidence_kind::sampled_within_bound: return 4;
    case evidence_kind::exact_on_data: return 5;
    case evidence_kind::sampled_exact: return 6;
    case evidence_kind::exhaustive_exact: return 7;
    case evidence_kind::enclosure: return 8;
    case evidence_kind::identity: return 9;
    case evidence_kind::formal: return 10;
  }
  return 0;
}

/// One check standing for `checks` (a subcommand's report, or a part of it), as the no-argument run
/// prints it: FAILED if any check failed, else held; the weakest kind of evidence among the checks that
/// decided something (held, failed or erratum); the sum of their cases; their seed when every sampled
/// check states the same one; their arithmetics, each once. Details: how many checks, and how many of
/// each kind and verdict — so the summary claims no more than its checks, and says what they were.
inline check summarise(const value::checks& checks, std::string id, std::string statement) {
  check s;
  s.id = std::move(id);
  s.statement = std::move(statement);
  s.outcome = checks.empty() ? verdict::failed : verdict::held;
  std::optional<evidence_kind> kind;
  std::optional<std::uint64_t> seed;
  bool one_seed = true;
  std::map<std::string, std::int64_t> kinds, verdicts;
  for (const auto& c : checks) {
    ++verdicts[to_string(c.outcome)];
    if (is_failure(c.outcome)) s.outcome = verdict::failed;
    const bool decided = c.outcome == verdict::held || c.outcome == verdict::failed || c.outcome == verdict::erratum;
    if (!decided) continue;
    ++kinds[name(c.evidence)];
    if (!kind || strength(c.evidence) < strength(*kind)) kind = c.evidence;
    s.cases += c.cases;
    if (c.seed) {
      if (seed && *seed != *c.seed) one_seed = false;
      seed = c.seed;
    }
    if (!c.arithmetic.empty() && s.arithmetic.find(c.arithmetic) == std::string::npos)
      s.arithmetic += (s.arithmetic.empty() ? "" : "; ") + c.arithmetic;
  }
  // NOTE: nothing decided (all questionable or skipped): the weakest kind, so the row claims nothing.
  s.evidence = kind.value_or(evidence_kind::literature);
  if (one_seed) s.seed = seed;
  if (checks.empty()) s.note = "no check ran";
  else if (!one_seed) s.note = "the checks drew their cases with different seeds (see the subcommand's report)";
  value::object k, v;
  for (const auto& [key, n] : kinds) k.push_back({key, n});
  for (const auto& [key, n] : verdicts) v.push_back({key, n});
  s.with("checks", static_cast<std::int64_t>(checks.size())).with("evidence_kinds", std::move(k)).with("verdicts", std::move(v));
  return s;
}

/// The checks at the top level of a report's fields (not nested in other checks), in order.
inline value::checks top_checks(const report& r) {
  value::checks out;
  for (const auto& f : r.body)
    if (const auto* cs = f.val.as<value::checks>()) out.insert(out.end(), cs->begin(), cs->end());
  return out;
}

}  // namespace orderblind::verify
