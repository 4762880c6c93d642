// SPDX-License-Identifier: MIT
// How a claim row is evaluated: the data table's accessors (which record every read), the proof runner,
// the NaN-failing comparisons, and the report over all rows.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <limits>

#include <mpfr.h>

#include "proofs/claims/claims.hpp"

namespace orderblind::claims {

const char* to_string(subject s) {
  switch (s) {
    case subject::text_data: return "the texts' data";
    case subject::proof_steps: return "the cited proof steps";
    case subject::attention: return "attention";
    case subject::mask: return "the causal mask";
    case subject::pooling: return "mean pooling";
    case subject::sinusoid: return "the sinusoid";
    case subject::counter: return "the counter";
    case subject::pos_over_length: return "pos/length";
    case subject::learned_table: return "a learned table";
    case subject::rope: return "RoPE";
    case subject::alibi: return "ALiBi";
    case subject::summation: return "summation order";
    case subject::literature: return "the literature";
  }
  return "?";
}

const char* name(subject s) {
  switch (s) {
    case subject::text_data: return "text_data";
    case subject::proof_steps: return "proof_steps";
    case subject::attention: return "attention";
    case subject::mask: return "mask";
    case subject::pooling: return "pooling";
    case subject::sinusoid: return "sinusoid";
    case subject::counter: return "counter";
    case subject::pos_over_length: return "pos_over_length";
    case subject::learned_table: return "learned_table";
    case subject::rope: return "rope";
    case subject::alibi: return "alibi";
    case subject::summation: return "summation";
    case subject::literature: return "literature";
  }
  return "?";
}

// --- a claim's check and its details ------------------------------------------------------------------

// NOTE: a detail is found by verify::find_detail (verify/report.hpp).
namespace {
using verify::find_detail;
verify::value::list& list_detail(verify::check& c, const std::string& key) {
  verify::value* v = find_detail(c, key);
  if (v == nullptr) v = &c.with(key, verify::value::list{}).details.back().val;
  if (v->as<verify::value::list>() == nullptr) *v = verify::value::list{};
  return std::get<verify::value::list>(v->get());
}
/// The source line of `text` ("text 000: 000_….txt (title)"), or the text's name when none matches.
std::string file_of(const std::string& text) {
  for (const auto& s : claim_sources())
    if (s.rfind(text + ":", 0) == 0) return s;
  return text;
}
}  // namespace

std::string& detail_text(verify::check& c, const std::string& key) {
  verify::value* v = find_detail(c, key);
  if (v == nullptr) v = &c.with(key, std::string()).details.back().val;
  if (v->as<std::string>() == nullptr) *v = std::string();
  return std::get<std::string>(v->get());
}

std::string text_of(const verify::check& c, const std::string& key) {
  const verify::value* v = find_detail(c, key);
  const std::string* s = v ? v->as<std::string>() : nullptr;
  return s ? *s : std::string();
}

std::vector<std::string> strings_of(const verify::check& c, const std::string& key) {
  std::vector<std::string> out;
  const verify::value* v = find_detail(c, key);
  if (const auto* l = v ? v->as<verify::value::list>() : nullptr)
    for (const auto& x : *l)
      if (const auto* s = x.as<std::string>()) out.push_back(*s);
  return out;
}

verify::check claim_check(const claim_row& w) {
  verify::check c;
  c.id = w.text + (w.section.empty() ? "" : " " + w.section);
  if (c.id.empty()) c.id = "claim";
  c.statement = w.quote;
  c.source = file_of(w.text) + (w.section.empty() ? "" : ", " + w.section);
  c.arithmetic = w.arithmetic;
  c.evidence = w.evidence;
  c.outcome = verify::verdict::failed;  // NOTE: nothing is decided until the row's computation decides it
  c.with("text", w.text)
      .with("section", w.section)
      .with("quote", w.quote)
      .with("text_value", w.text_value)
      .with("computed", std::string())
      .with("correction", verify::value())
      .with("evidence_basis", w.evidence_basis)
      .with("inputs", verify::value::list{})
      .with("proof_steps", verify::value::list{})
      .with("cited_evidence", verify::value::list{})
      .with("reason_source", verify::value())
      .with("about", name(w.about));
  return c;
}

void claim_inputs::set_mutant(const std::string& name) {
  if (!name.empty()) {
    bool known = false;
    for (const auto& m : library_mutants()) known = known || m.name == name;
    if (!known) throw std::invalid_argument("no library mutant '" + name + "'");
  }
  mutant_ = name;
}

namespace {
/// Records a read in the claim's `inputs` (or `proof_steps`) detail; true when it is the first of `what`.
bool note_read(verify::check* c, const std::string& what, bool step) {
  if (c == nullptr) return false;
  auto& v = list_detail(*c, step ? "proof_steps" : "inputs");
  for (const auto& x : v)
    if (const auto* s = x.as<std::string>(); s && *s == what) return false;
  v.emplace_back(what);
  return true;
}
/// Records the kind of evidence of a cited step in the claim's `cited_evidence` detail.
void note_evidence(verify::check* c, verify::evidence_kind k) { list_detail(*c, "cited_evidence").emplace_back(verify::name(k)); }
}  // namespace

const Matrix<mpfr100>& claim_inputs::find(const std::string& key) const {
  const auto it = values_.find(key);
  if (it == values_.end()) throw std::invalid_argument("the claims data has no entry '" + key + "'");
  note_read(current_, key, false);
  return it->second;
}

const Matrix<mpfr100>& claim_inputs::real(const std::string& key) const { return find(key); }

Matrix<mpq_rational> claim_inputs::exact(const std::string& key) const {
  const auto& m = find(key);
  Matrix<Q> out(m.rows(), m.cols());
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      if (!mpfr_number_p(m(i, j).backend().data()))
        throw std::domain_error("input '" + key + "' (" + std::to_string(i) + ", " + std::to_string(j) +
                                ") is not a finite number: " + m(i, j).str());
      // NOTE: a finite binary float is a dyadic rational, so the conversion is exact.
      mpfr_get_q(out(i, j).backend().data(), m(i, j).backend().data());
    }
  return out;
}

Matrix<double> claim_inputs::dbl(const std::string& key) const {
  const auto& m = find(key);
  Matrix<double> out(m.rows(), m.cols());
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) out(i, j) = static_cast<double>(m(i, j));
  return out;
}

long claim_inputs::integer(const std::string& key, Eigen::Index i, Eigen::Index j) const {
  const auto& m = find(key);
  if (i >= m.rows() || j >= m.cols())
    throw std::domain_error("input '" + key + "' has no entry (" + std::to_string(i) + ", " + std::to_string(j) + ")");
  const R& x = m(i, j);
  using std::floor;
  if (!mpfr_number_p(x.backend().data()) || R(floor(x)) != x || R(1e15) < R(abs(x)))
    throw std::domain_error("input '" + key + "' (" + std::to_string(i) + ", " + std::to_string(j) +
                            ") is not an integer: " + x.str());
  return static_cast<long>(x);
}

verify::check claim_inputs::step(const std::string& id, const std::string& number) const {
  auto it = cache_->find(id);
  if (it == cache_->end()) it = cache_->emplace(id, run_(id)).first;
  if (const auto* s = proofs::find_step(it->second, number)) {
    // NOTE: recorded once the step exists, so `steps` and `step_evidence` stay aligned.
    if (note_read(current_, id + " step " + number, true)) {
      note_evidence(current_, s->evidence);
      const long n = proofs::count_of(*s, "example_cases") + proofs::count_of(*s, "random_cases");
      if (n > current_->cases) current_->cases = n;
      if (proofs::count_of(*s, "random_cases") > 0) current_->seed = s->seed;
    }
    return *s;
  }
  throw std::invalid_argument("proof " + id + " has no step '" + number + "'");
}

claim_inputs texts_inputs(const proofs::run_config& cfg) {
  return claim_inputs(texts_data(), [cfg](const std::string& id) { return proofs::find_proof(id).run(cfg); });
}

// --- comparisons ------------------------------------------------------------------------------------

namespace {
bool finite(const mpfr100& x) { return mpfr_number_p(x.backend().data()) != 0; }
int decimals_of(const std::string& printed) {
  const auto dot = printed.find('.');
  return dot == std::string::npos ? 0 : static_cast<int>(printed.size() - dot - 1);
}
}  // namespace

bool rounds_to(const mpfr100& x, const std::string& printed) {
  using std::abs;
  using std::pow;
  const mpfr100 half_ulp = mpfr100("0.5") * mpfr100(pow(mpfr100(10), mpfr100(-decimals_of(printed))));
  // NOTE: a figure exactly halfway would round either way; none of the texts' figures is one.
  return at_most(mpfr100(abs(mpfr100(x - mpfr100(printed)))), half_ulp);
}
double rounding_residual(const mpfr100& x, const std::string& printed) {
  using std::abs;
  using std::pow;
  if (!finite(x)) return std::numeric_limits<double>::quiet_NaN();
  const mpfr100 half_ulp = mpfr100("0.5") * mpfr100(pow(mpfr100(10), mpfr100(-decimals_of(printed))));
  return static_cast<double>(mpfr100(abs(mpfr100(x - mpfr100(printed))) / half_ulp));
}
bool at_most(const mpfr100& a, const mpfr100& b) { return finite(a) && finite(b) && a <= b; }
bool less(const mpfr100& a, const mpfr100& b) { return finite(a) && finite(b) && a < b; }
bool all_finite(const Matrix<mpfr100>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!finite(m(i, j))) return false;
  return true;
}
bool all_finite(const Matrix<double>& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      if (!std::isfinite(m(i, j))) return false;
  return true;
}
mpfr100 max_abs_diff(const Matrix<mpfr100>& a, const Matrix<mpfr100>& b) {
  const mpfr100 nan = std::numeric_limits<mpfr100>::quiet_NaN();
  if (a.rows() != b.rows() || a.cols() != b.cols() || !all_finite(a) || !all_finite(b)) return nan;
  mpfr100 worst(0);
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      using std::abs;
      const mpfr100 d = abs(mpfr100(a(i, j) - b(i, j)));
      if (worst < d) worst = d;
    }
  return worst;
}

// --- evaluation -------------------------------------------------------------------------------------

verify::check evaluate(const claim_row& row, const claim_inputs& in) {
  verify::check c = claim_check(row);
  in.record_into(&c);
  try {
    row.compute(in, c);
  } catch (const std::exception& e) {
    c.outcome = verify::verdict::failed;
    detail_text(c, "computed") = std::string("error: ") + e.what();
  }
  in.record_into(nullptr);
  // NOTE: a row may state its correction before it knows its verdict; only an erratum carries one.
  if (c.outcome != verify::verdict::erratum) *find_detail(c, "correction") = verify::value();
  return c;
}

verify::value::checks compute_claims(const claim_inputs& in) {
  verify::value::checks r;
  for (const auto& row : claim_rows()) r.push_back(evaluate(row, in));
  for (auto& q : questionable_claims()) r.push_back(std::move(q));
  for (auto& q : cited_claims()) r.push_back(std::move(q));
  // The texts' order: text 000 first; within a text, the table's order.
  std::stable_sort(r.begin(), r.end(), [](const verify::check& a, const verify::check& b) {
    return text_of(a, "text") < text_of(b, "text");
  });
  return r;
}

verify::value::checks compute_claims() { return compute_claims(texts_inputs()); }

long count(const verify::value::checks& claims, verify::verdict v) {
  return static_cast<long>(std::count_if(claims.begin(), claims.end(), [v](const verify::check& c) { return c.outcome == v; }));
}

bool all_held(const verify::value::checks& claims) {
  return !claims.empty() && count(claims, verify::verdict::failed) == 0;
}

}  // namespace orderblind::claims
