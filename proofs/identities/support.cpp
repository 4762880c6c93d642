// SPDX-License-Identifier: MIT
// Shared machinery of the identities (see support.hpp).
#include "proofs/identities/support.hpp"

#include <sstream>
#include <unordered_map>

#include "orderblind/layers.hpp"
#include "orderblind/verify/law.hpp"

namespace orderblind::identities::detail {

Matrix<S> symbols(const std::string& name, long r, long c, std::size_t& count) {
  Matrix<S> m(r, c);
  for (long i = 0; i < r; ++i)
    for (long j = 0; j < c; ++j) m(i, j) = S::symbol(name + "_" + std::to_string(i) + "_" + std::to_string(j));
  count += static_cast<std::size_t>(r * c);
  return m;
}

std::vector<permutation> generators(long n) {
  std::vector<std::size_t> all(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = static_cast<std::size_t>(i);
  const auto sn = static_cast<std::size_t>(n);
  return {permutation::transposition(sn, 0, 1), permutation::cycle(sn, all)};
}

std::string generators_text(long n) {
  const auto g = generators(n);
  return "the generators of S_" + std::to_string(n) + ": " + g[0].cycles() + " and " + g[1].cycles();
}

namespace {
std::string print(const GiNaC::ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}
}  // namespace

std::string describe_residual(const GiNaC::ex& residual, bool whole, std::size_t terms) {
  if (whole) {
    const GiNaC::ex nd = GiNaC::normal(residual.expand()).numer_denom();
    const GiNaC::ex num = nd.op(0).expand(), den = nd.op(1).expand();
    return den == 1 ? print(num) : "(" + print(num) + ") / (" + print(den) + ")";
  }
  // NOTE: expanded, not brought to a normal form: the normal form of a large residual (a gcd in hundreds
  // of variables) can take minutes, and the expanded sum already shows its leading terms and size.
  const GiNaC::ex x = residual.expand();
  std::string lead;
  if (GiNaC::is_a<GiNaC::add>(x)) {
    for (std::size_t i = 0; i < x.nops() && i < terms; ++i) lead += (i ? " + " : "") + print(x.op(i));
    if (x.nops() > terms) lead += " + …";
  } else {
    lead = print(x);
  }
  // NOTE: cut on a character boundary: the lead ends in " + …" when terms were left out, and GiNaC's term
  // order (hence where byte 300 falls) can differ from run to run; a cut inside "…" made `prove all --format
  // json` refuse its own output now and then (invalid UTF-8).
  if (lead.size() > 300) {
    std::size_t cut = 300;
    while (cut > 0 && (static_cast<unsigned char>(lead[cut]) & 0xC0) == 0x80) --cut;  // lead[cut] continues a character
    lead = lead.substr(0, cut) + "…";
  }
  const std::size_t n = symbolic::term_count(x);
  return "expanded " + lead + " (" + std::to_string(n) + (n == 1 ? " term)" : " terms)");
}

namespace {

mpfi100 from_numeric(const GiNaC::numeric& q) {
  if (!q.is_rational()) throw std::domain_error("real_value: a non-rational number");
  std::ostringstream a, b;
  a << q.numer();
  b << q.denom();
  return mpfi100(a.str()) / mpfi100(b.str());
}

/// The deterministic rational value of an input symbol: (h mod 17 − 8)/4 from its name.
mpfi100 input_value(const std::string& name, unsigned salt) {
  std::uint64_t h = 1469598103934665603ULL ^ salt;  // FNV-1a: the same value on every platform
  for (unsigned char ch : name) h = (h ^ ch) * 1099511628211ULL;
  return mpfi100(static_cast<long>(h % 17) - 8) / mpfi100(4);
}

mpfi100 power(const mpfi100& b, const GiNaC::numeric& e) {
  if (e.is_integer()) {
    const long k = e.to_long();
    mpfi100 r(1);
    for (long i = 0; i < (k < 0 ? -k : k); ++i) r *= b;
    return k < 0 ? mpfi100(mpfi100(1) / r) : r;
  }
  if (e == GiNaC::numeric(1, 2)) return sqrt(b);
  if (e == GiNaC::numeric(-1, 2)) return mpfi100(1) / sqrt(b);
  return pow(b, from_numeric(e));
}

class evaluator {
 public:
  evaluator(const symbolic::context& ctx, unsigned salt) : salt_(salt) {
    for (const auto* t : {&ctx.phi, &ctx.relu, &ctx.root, &ctx.abs})
      for (const auto& [s, key] : t->keys()) fns_.emplace(s, std::make_pair(t->name(), key));
  }
  mpfi100 eval(const GiNaC::ex& e) {
    // NOTE: expressions are DAGs (shared subexpressions); every node is evaluated once.
    // The map holds the ex, so the node stays alive and its address cannot be reused by a temporary
    // (expairseq::op builds its operands afresh).
    const GiNaC::basic* node = &GiNaC::ex_to<GiNaC::basic>(e);
    auto seen = nodes_.find(node);
    if (seen != nodes_.end()) return seen->second.second;
    mpfi100 v = eval_node(e);
    nodes_.emplace(node, std::make_pair(e, v));
    return v;
  }

 private:
  mpfi100 eval_node(const GiNaC::ex& e) {
    using GiNaC::is_a;
    if (is_a<GiNaC::numeric>(e)) return from_numeric(GiNaC::ex_to<GiNaC::numeric>(e));
    if (is_a<GiNaC::symbol>(e)) {
      auto m = memo_.find(e);
      if (m != memo_.end()) return m->second;
      mpfi100 v;
      auto f = fns_.find(e);
      if (f == fns_.end()) {
        v = input_value(GiNaC::ex_to<GiNaC::symbol>(e).get_name(), salt_);
      } else {
        const GiNaC::ex& key = f->second.second;
        const mpfi100 a = is_a<GiNaC::lst>(key) ? mpfi100(eval(key.op(0)) / eval(key.op(1))) : eval(key);
        const std::string& fn = f->second.first;
        if (fn == "phi") {
          v = exp(a);
        } else if (fn == "relu") {
          v = relu(a);
        } else if (fn == "rho") {
          v = sqrt(a);
        } else {
          v = abs(a);
        }
      }
      memo_.emplace(e, v);
      return v;
    }
    if (is_a<GiNaC::add>(e)) {
      mpfi100 s(0);
      for (std::size_t i = 0; i < e.nops(); ++i) s += eval(e.op(i));
      return s;
    }
    if (is_a<GiNaC::mul>(e)) {
      mpfi100 p(1);
      for (std::size_t i = 0; i < e.nops(); ++i) p *= eval(e.op(i));
      return p;
    }
    if (is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)))
      return power(eval(e.op(0)), GiNaC::ex_to<GiNaC::numeric>(e.op(1)));
    throw std::domain_error("real_value: cannot evaluate " + print(e));
  }

  unsigned salt_;
  std::unordered_map<const GiNaC::basic*, std::pair<GiNaC::ex, mpfi100>> nodes_;
  std::map<GiNaC::ex, std::pair<std::string, GiNaC::ex>, GiNaC::ex_is_less> fns_;
  std::map<GiNaC::ex, mpfi100, GiNaC::ex_is_less> memo_;
};

}  // namespace

mpfi100 real_value(const GiNaC::ex& e, const symbolic::context& ctx, unsigned point) {
  return evaluator(ctx, point).eval(e);
}

std::string legend(const GiNaC::ex& e, const symbolic::context& ctx) {
  std::string out;
  for (const auto* t : {&ctx.phi, &ctx.relu, &ctx.root, &ctx.abs})
    for (const auto& [s, key] : t->keys())
      if (e.has(s)) {
        const std::string k = GiNaC::is_a<GiNaC::lst>(key) ? "(" + print(key.op(0)) + ")/(" + print(key.op(1)) + ")"
                                                            : print(key);
        out += (out.empty() ? " where " : ", ") + s.get_name() + " = " + t->name() + "(" + k + ")";
      }
  return out;
}

std::string short_real(const mpfi100& v) {
  std::ostringstream os;
  os << std::scientific;
  os.precision(6);
  os << "[" << lower(v).convert_to<double>() << ", " << upper(v).convert_to<double>() << "]";
  return os.str();
}

std::size_t node_count(const GiNaC::ex& e, std::size_t cap) {
  std::size_t n = 1;
  for (std::size_t i = 0; i < e.nops() && n < cap; ++i) n += node_count(e.op(i), cap - n);
  return n;
}

run_scope::run_scope(std::string law, std::string subject, std::string size, symbolic::key_form form)
    : ctx_(form), t0_(std::chrono::steady_clock::now()) {
  r_.law = std::move(law);
  r_.subject = std::move(subject);
  r_.size = std::move(size);
  r_.keying = form == symbolic::key_form::expanded ? "expanded" : "structural";
}

bool run_scope::compare(const Matrix<S>& lhs, const Matrix<S>& rhs, const std::string& label, bool whole) {
  if (lhs.rows() != rhs.rows() || lhs.cols() != rhs.cols())
    throw shape_error("identity: " + label + ": the two sides have shapes " + shape_of(lhs) + " and " +
                      shape_of(rhs));
  bool zero = true;
  std::size_t nonzero = 0;
  for (Eigen::Index i = 0; i < lhs.rows(); ++i)
    for (Eigen::Index j = 0; j < lhs.cols(); ++j) {
      const GiNaC::ex d = lhs(i, j).get() - rhs(i, j).get();
      if (d.is_zero()) continue;
      // NOTE: decide by expand() first: two sides built differently (the implementation and the
      // specification) that are equal as polynomials over the same denominators expand to 0 at once, while
      // an enclosure of an equal 8×8 head at a rational point took 7.8 s (measured on a probe of this engine). The
      // enclosure runs only on a residual that did not expand to 0: a rigorous MPFI enclosure of d at a
      // rational point, with the real functions in place of the uninterpreted ones, that excludes 0 proves
      // d is not the zero function (a zero rational function is 0 wherever its denominators are defined),
      // without a costly normal form; otherwise the normal form decides.
      const bool small = node_count(d, 20001) <= 20000;
      GiNaC::ex expanded;
      if (small) {
        expanded = d.expand();
        if (expanded.is_zero()) continue;
      }
      mpfi100 v = real_value(d, context(), 0);
      bool separated = !zero_in(v);
      if (!separated) {
        v = real_value(d, context(), 1);
        separated = !zero_in(v);
      }
      if (!separated && !small)
        throw std::domain_error(label + ", entry (" + std::to_string(i) + ", " + std::to_string(j) +
                                "): the residual is not 0 as built, its enclosure contains 0 at two rational points, "
                                "and it is too large (> 20000 nodes) to expand: undecided");
      if (!separated && GiNaC::normal(expanded).is_zero()) continue;
      zero = false;
      ++nonzero;
      if (!any_nonzero_) {
        any_nonzero_ = true;
        r_.residual = label + ", entry (" + std::to_string(i) + ", " + std::to_string(j) + "): " +
                      (small ? describe_residual(d, whole)
                             : "an unexpanded expression of more than 20000 nodes (not expanded for printing)");
        if (whole) r_.residual += legend(d, context());
        r_.witness = separated ? short_real(v) + " (a rigorous MPFI enclosure at a rational point, inputs in [-2, 2], "
                                                 "with exp, sqrt, ReLU, |x| in place of φ, ρ, σ, α)"
                               : "contains 0 at the rational point tried; non-zero by its exact normal form";
      }
    }
  nonzero_entries_ += nonzero;
  compared_entries_ += static_cast<std::size_t>(lhs.size());
  return zero;
}

identity_run run_scope::finish() {
  if (nonzero_entries_)
    r_.residual += "; " + std::to_string(nonzero_entries_) + " of " + std::to_string(compared_entries_) +
                   " compared entries non-zero";
  r_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  const auto& c = context();
  r_.uninterpreted = c.phi.size() + c.relu.size() + c.root.size() + c.abs.size();
  std::string detail;
  auto add = [&](std::size_t k, const char* what) {
    if (k) detail += (detail.empty() ? "" : ", ") + std::to_string(k) + " " + what;
  };
  add(c.phi.size(), "φ");
  add(c.relu.size(), "σ (ReLU)");
  add(c.root.size(), "ρ (sqrt)");
  add(c.abs.size(), "α (|x|)");
  r_.uninterpreted_detail = detail.empty() ? "none" : detail;
  std::size_t terms = 0;
  if (c.form == symbolic::key_form::expanded)
    for (const auto& [s, key] : c.phi.keys())
      terms += GiNaC::is_a<GiNaC::lst>(key) ? symbolic::term_count(key.op(0)) : symbolic::term_count(key);
  r_.key_terms = terms;
  return r_;
}

identity_run run_scope::guarded(const std::function<identity_run()>& body, const std::string& law,
                                const std::string& subject, const std::string& size) {
  try {
    return body();
  } catch (const std::exception& e) {
    identity_run r;
    r.law = law;
    r.subject = subject;
    r.size = size;
    r.error = e.what();
    return r;
  }
}

void check_on_generators(run_scope& run, const std::function<Matrix<S>(const Matrix<S>&)>& f, const Matrix<S>& x,
                         bool invariant) {
  // NOTE: the law as data (verify/law.hpp); f(X) is computed once, before the generators, for both.
  const auto law = invariant ? verify::invariance() : verify::equivariance();
  const auto g = [&](const std::vector<Matrix<S>>& in) { return f(in[0]); };
  const std::vector<Matrix<S>> inputs{x};
  const Matrix<S> fx = f(x);
  bool zero = true;
  for (const auto& p : generators(static_cast<long>(x.rows()))) {
    const auto [lhs, rhs] = verify::sides<S>(law, g, inputs, p, fx);
    const bool this_zero = run.compare(lhs, rhs, "P = " + p.cycles());
    if (!this_zero) run.record().nonzero_on.push_back(p.cycles());
    zero = this_zero && zero;
  }
  run.record().residual_zero = zero;
  run.record().checked_on = generators_text(static_cast<long>(x.rows()));
}

}  // namespace orderblind::identities::detail
