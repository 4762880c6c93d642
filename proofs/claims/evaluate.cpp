// SPDX-License-Identifier: MIT
// How a claim row is evaluated: the data table's accessors (which record every read), the proof runner,
// the NaN-failing comparisons, and the report over all rows.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <mpfr.h>

#include "proofs/claims/claims.hpp"

namespace orderblind::claims {

const char* to_string(claim_verdict v) {
  switch (v) {
    case claim_verdict::held: return "held";
    case claim_verdict::erratum: return "erratum";
    case claim_verdict::questionable: return "questionable";
    case claim_verdict::failed: return "FAILED";
  }
  return "FAILED";
}

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
  }
  return "?";
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
/// Records a read; true when it is the first of `what` in this claim.
bool note_read(claim* c, const std::string& what, bool step) {
  if (c == nullptr) return false;
  auto& v = step ? c->steps : c->inputs;
  if (std::find(v.begin(), v.end(), what) != v.end()) return false;
  v.push_back(what);
  return true;
}
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
      current_->step_evidence.push_back(s->evidence);
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

claim evaluate(const claim_row& row, const claim_inputs& in) {
  claim c = row.words;
  c.check_held = false;
  c.text_correct = true;
  in.record_into(&c);
  try {
    row.compute(in, c);
  } catch (const std::exception& e) {
    c.check_held = false;
    c.computed = std::string("error: ") + e.what();
  }
  in.record_into(nullptr);
  return c;
}

claims_report compute_claims(const claim_inputs& in) {
  claims_report r;
  for (const auto& row : claim_rows()) r.claims.push_back(evaluate(row, in));
  for (auto& q : questionable_claims()) r.claims.push_back(std::move(q));
  for (auto& q : cited_claims()) r.claims.push_back(std::move(q));
  // The texts' order: text 000 first; within a text, the table's order.
  std::stable_sort(r.claims.begin(), r.claims.end(), [](const claim& a, const claim& b) { return a.text < b.text; });
  return r;
}

claims_report compute_claims() { return compute_claims(texts_inputs()); }

}  // namespace orderblind::claims
