// SPDX-License-Identifier: MIT
#pragma once
/// The field Q(t) as a scalar: exact real softmax for one attention level.
///
/// If every raw score is an integer multiple of 1/D, then exp(s/√d_k) = t^(D·s) with
/// t = e^(1/(D·√d_k)). t is transcendental (Hermite–Lindemann: e^α is transcendental for algebraic
/// α ≠ 0), so Q[t] behaves like a polynomial ring in an indeterminate: an identity between rational
/// functions of t holds at t = e^(1/(D√d_k)) if and only if it holds in Q(t). Equality is therefore
/// exact: a/b = c/d iff a·d − b·c = 0 as Laurent polynomials.
///
/// Convention (read this before using the type):
///  - An element carries the `variable` it is a function of: t = e^(1/(D·√r)) with grid D and root r.
///  - `exp(s)` is defined only on *constants* s with D·s an integer, and means e^(s/√r) = t^(D·s):
///    the 1/√d_k of attention is absorbed into t. So run the layer with `attention_options::scale =
///    expfield::score_scale(var)` (the constant 1 tagged with `var`); the scores are then the raw
///    scores Q Kᵀ, and softmax is the real softmax at scale 1/√d_k.
///  - With r = 1 the exp is the plain e^s; a rational scale can then be folded into the tag:
///    `scale = element(1/2) * score_scale({2, 1})`.
///  - exp of a non-constant element (a second softmax level: exp of an element of Q(t)) is refused:
///    that would leave Q(t). One variable covers one softmax level with one √d_k; heads with
///    incommensurable √d_k would need one variable per head, which this type does not provide.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "orderblind/errors.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/scalar/traits.hpp"

namespace orderblind::expfield {

using rational = mpq_rational;

/// Which t an element means: t = e^(1/(grid·√root)). grid = 0 marks an untagged constant.
struct variable {
  long grid = 0;  ///< D: raw scores are integer multiples of 1/D
  long root = 1;  ///< r: exp(s) means e^(s/√r) (r = d_k absorbs the attention scale; r = 1: plain exp)

  /// The variable for raw scores on the grid (1/D)·Z of a head of width d_k: t = e^(1/(D·√d_k)).
  static variable for_scores(long grid_d, long d_k) {
    if (grid_d <= 0 || d_k <= 0)
      throw configuration_error("Q(t): the score grid D and d_k must be positive, got D = " + std::to_string(grid_d) +
                                ", d_k = " + std::to_string(d_k));
    return {grid_d, d_k};
  }
  bool tagged() const { return grid != 0; }
  /// Two variables with the same D²·r are the same real t.
  bool same_t(const variable& o) const { return grid * grid * root == o.grid * o.grid * o.root; }
  bool operator==(const variable& o) const = default;
  /// "t = e^(1/2)", "t = e^(1/(3·√5))".
  std::string describe() const {
    if (!tagged()) return "t (no variable chosen)";
    long s = 1;
    while ((s + 1) * (s + 1) <= root) ++s;
    if (s * s == root) return "t = e^(1/" + std::to_string(grid * s) + ")";
    return "t = e^(1/(" + (grid == 1 ? std::string() : std::to_string(grid) + "·") + "√" + std::to_string(root) + "))";
  }
};

// NOTE: hand-written, not FLINT. Measured in one program (g++ -O2, wall clock on a loaded 2-core
// machine, so the ratio is what counts): a product of two 12-term polynomials plus `==` took ~580 µs
// here and ~10 µs with FLINT's fmpq_poly (≈58× faster). But `orderblind prove A.1-exp` (101 cases)
// takes ~0.05 s of CPU and A.2-exp ~0.25 s: Q(t) is not a bottleneck, so no new dependency. Swap this
// class for fmpq_poly (same interface) if larger cases make it one.
/// A sparse Laurent polynomial Σ c_k t^k over the exact rationals (sorted by k, no zero coefficient).
class laurent {
 public:
  using term = std::pair<long, rational>;
  laurent() = default;
  /// The constant c.
  explicit laurent(const rational& c) {
    if (c != 0) terms_.emplace_back(0, c);
  }
  /// c·t^k.
  static laurent monomial(long k, const rational& c = rational(1)) {
    laurent p;
    if (c != 0) p.terms_.emplace_back(k, c);
    return p;
  }
  const std::vector<term>& terms() const { return terms_; }
  bool is_zero() const { return terms_.empty(); }
  bool is_one() const { return terms_.size() == 1 && terms_[0].first == 0 && terms_[0].second == 1; }
  /// A constant (no power of t other than t^0).
  bool is_constant() const { return terms_.empty() || (terms_.size() == 1 && terms_[0].first == 0); }
  rational constant_value() const { return terms_.empty() ? rational(0) : terms_[0].second; }
  long lowest() const { return terms_.front().first; }
  long highest() const { return terms_.back().first; }
  const rational& leading() const { return terms_.back().second; }
  std::size_t size() const { return terms_.size(); }
  bool operator==(const laurent& o) const { return terms_ == o.terms_; }

  friend laurent operator+(const laurent& a, const laurent& b) { return combine(a, b, false); }
  friend laurent operator-(const laurent& a, const laurent& b) { return combine(a, b, true); }
  friend laurent operator-(const laurent& a) {
    laurent r = a;
    for (auto& [k, c] : r.terms_) c = -c;
    return r;
  }
  friend laurent operator*(const laurent& a, const laurent& b) {
    if (a.is_zero() || b.is_zero()) return {};
    if (a.terms_.size() == 1) return b.times_monomial(a.terms_[0].first, a.terms_[0].second);
    if (b.terms_.size() == 1) return a.times_monomial(b.terms_[0].first, b.terms_[0].second);
    std::vector<term> all;
    all.reserve(a.terms_.size() * b.terms_.size());
    for (const auto& [ka, ca] : a.terms_)
      for (const auto& [kb, cb] : b.terms_) all.emplace_back(ka + kb, ca * cb);
    std::sort(all.begin(), all.end(), [](const term& x, const term& y) { return x.first < y.first; });
    laurent r;
    for (auto& t : all) {
      if (!r.terms_.empty() && r.terms_.back().first == t.first)
        r.terms_.back().second += t.second;
      else
        r.terms_.push_back(std::move(t));
    }
    std::erase_if(r.terms_, [](const term& t) { return t.second == 0; });
    return r;
  }
  /// c·t^k · this.
  laurent times_monomial(long k, const rational& c) const {
    laurent r;
    if (c == 0) return r;
    r.terms_.reserve(terms_.size());
    for (const auto& [e, v] : terms_) r.terms_.emplace_back(e + k, v * c);
    return r;
  }

  /// Quotient and remainder of polynomial division (both operands with lowest() ≥ 0 as polynomials).
  static std::pair<laurent, laurent> divide(laurent a, const laurent& b) {
    if (b.is_zero()) throw std::domain_error("Q(t): polynomial division by zero");
    laurent q;
    while (!a.is_zero() && a.highest() >= b.highest()) {
      const long k = a.highest() - b.highest();
      const rational c = a.leading() / b.leading();
      q = q + monomial(k, c);
      a = a - b.times_monomial(k, c);
    }
    return {q, a};
  }
  /// Monic greatest common divisor of two polynomials (Euclid over Q).
  static laurent gcd(laurent a, laurent b) {
    while (!b.is_zero()) {
      auto r = divide(a, b).second;
      a = std::move(b);
      b = std::move(r);
    }
    if (a.is_zero()) return a;
    return a.times_monomial(0, rational(1) / a.leading());
  }

  /// Σ c_k u(k), where u(k) is t^k in the target arithmetic.
  template <class R, class Power>
  R evaluate(Power&& power_of_t) const {
    R s(0);
    for (const auto& [k, c] : terms_) s += R(numerator(c)) / R(denominator(c)) * power_of_t(k);
    return s;
  }

  /// Readable, highest power first: "t^4 + 2t^2 - (1/2)t^-1".
  std::string str(const std::string& var = "t") const {
    if (terms_.empty()) return "0";
    std::string s;
    for (auto it = terms_.rbegin(); it != terms_.rend(); ++it) {
      const auto& [k, c] = *it;
      const bool neg = c < 0;
      const rational m = neg ? rational(-c) : c;
      if (s.empty())
        s += neg ? "-" : "";
      else
        s += neg ? " - " : " + ";
      const std::string ms = m.str();
      const bool frac = ms.find('/') != std::string::npos;
      if (k == 0) {
        s += ms;
        continue;
      }
      if (m != 1) s += frac ? "(" + ms + ")" : ms;
      s += var;
      if (k != 1) s += "^" + std::to_string(k);
    }
    return s;
  }

 private:
  static laurent combine(const laurent& a, const laurent& b, bool subtract) {
    laurent r;
    r.terms_.reserve(a.terms_.size() + b.terms_.size());
    std::size_t i = 0, j = 0;
    while (i < a.terms_.size() || j < b.terms_.size()) {
      if (j == b.terms_.size() || (i < a.terms_.size() && a.terms_[i].first < b.terms_[j].first)) {
        r.terms_.push_back(a.terms_[i++]);
      } else if (i == a.terms_.size() || b.terms_[j].first < a.terms_[i].first) {
        r.terms_.emplace_back(b.terms_[j].first, subtract ? rational(-b.terms_[j].second) : b.terms_[j].second);
        ++j;
      } else {
        rational c = subtract ? rational(a.terms_[i].second - b.terms_[j].second)
                              : rational(a.terms_[i].second + b.terms_[j].second);
        if (c != 0) r.terms_.emplace_back(a.terms_[i].first, std::move(c));
        ++i;
        ++j;
      }
    }
    return r;
  }
  std::vector<term> terms_;
};

/// An element of Q(t): num/den with Laurent polynomials over Q, den monic with lowest power t^0.
// NOTE: the canonical form (den's lowest power 0, den monic) is not lowest terms; it makes rows of
// softmax weights share one denominator object, so sums over a row add numerators only. `reduced`
// divides out the polynomial gcd for printing. Equality never depends on the form: it cross-multiplies.
class element {
 public:
  element() : den_(rational(1)) {}
  element(int c) : num_(rational(c)), den_(rational(1)) {}  // NOLINT: implicit, like a number
  element(long c) : num_(rational(c)), den_(rational(1)) {}  // NOLINT
  element(const rational& c) : num_(c), den_(rational(1)) {}  // NOLINT
  /// num/den as a function of `var`. Throws on a zero denominator.
  element(laurent num, laurent den, variable var) : num_(std::move(num)), den_(std::move(den)), var_(var) {
    if (den_.is_zero()) throw std::domain_error("Q(t): zero denominator");
    canonicalise();
  }
  /// t^k as a function of `var`.
  static element power(const variable& var, long k) { return {laurent::monomial(k), laurent(rational(1)), var}; }

  const laurent& numerator_poly() const { return num_; }
  const laurent& denominator_poly() const { return den_; }
  const variable& var() const { return var_; }
  /// True when the value is a rational number (no t left).
  bool is_constant() const { return num_.is_constant() && den_.is_one(); }
  rational constant_value() const { return num_.constant_value(); }

  friend element operator+(const element& a, const element& b) { return add(a, b, false); }
  friend element operator-(const element& a, const element& b) { return add(a, b, true); }
  friend element operator-(const element& a) {
    element r = a;
    r.num_ = -r.num_;
    return r;
  }
  friend element operator*(const element& a, const element& b) {
    const variable v = merge(a.var_, b.var_);
    if (a.den_.is_one() && b.den_.is_one()) return element(a.num_ * b.num_, v);
    return element(a.num_ * b.num_, a.den_ * b.den_, v);
  }
  friend element operator/(const element& a, const element& b) {
    if (b.num_.is_zero()) throw std::domain_error("Q(t): division by zero (the divisor is the zero function)");
    const variable v = merge(a.var_, b.var_);
    return element(a.num_ * b.den_, a.den_ * b.num_, v);
  }
  element& operator+=(const element& b) { return *this = *this + b; }
  element& operator-=(const element& b) { return *this = *this - b; }
  element& operator*=(const element& b) { return *this = *this * b; }
  element& operator/=(const element& b) { return *this = *this / b; }

  /// Exact equality in Q(t): a·d − b·c = 0. Elements of two different t are refused.
  friend bool operator==(const element& a, const element& b) {
    if (a.var_.tagged() && b.var_.tagged() && !a.var_.same_t(b.var_) && !(a.is_constant() && b.is_constant()))
      throw unsupported_operation_error("Q(t): comparing functions of two different variables (" +
                                        a.var_.describe() + " and " + b.var_.describe() + ")");
    if (a.den_ == b.den_) return a.num_ == b.num_;
    return a.num_ * b.den_ == b.num_ * a.den_;
  }
  friend bool operator!=(const element& a, const element& b) { return !(a == b); }

 private:
  element(laurent num, variable var) : num_(std::move(num)), den_(rational(1)), var_(var) {}

  static variable merge(const variable& a, const variable& b) {
    if (!a.tagged()) return b;
    if (!b.tagged() || a == b) return a;
    throw unsupported_operation_error("Q(t): mixing functions of two different variables (" + a.describe() + " and " +
                                      b.describe() + "); one element carries one t");
  }
  static element add(const element& a, const element& b, bool subtract) {
    const variable v = merge(a.var_, b.var_);
    const laurent bn = subtract ? -b.num_ : b.num_;
    if (b.num_.is_zero()) return with_var(a, v);
    if (a.num_.is_zero()) return with_var(subtract ? -b : b, v);
    if (a.den_ == b.den_) {
      element r(a.num_ + bn, v);
      r.den_ = a.den_;
      if (r.num_.is_zero()) r.den_ = laurent(rational(1));
      return r;
    }
    if (a.den_.is_one()) return element(a.num_ * b.den_ + bn, b.den_, v);
    if (b.den_.is_one()) return element(a.num_ + bn * a.den_, a.den_, v);
    return element(a.num_ * b.den_ + bn * a.den_, a.den_ * b.den_, v);
  }
  static element with_var(element e, const variable& v) {
    e.var_ = v;
    return e;
  }
  void canonicalise() {
    if (num_.is_zero()) {
      den_ = laurent(rational(1));
      return;
    }
    const long shift = -den_.lowest();
    const rational lc = den_.leading();
    if (shift == 0 && lc == 1) return;
    const rational inv = rational(1) / lc;
    num_ = num_.times_monomial(shift, inv);
    den_ = den_.times_monomial(shift, inv);
  }

  laurent num_;
  laurent den_;
  variable var_;
};

/// The scale to pass as `attention_options::scale`: the constant 1 tagged with `var`.
inline element score_scale(const variable& var) { return element::power(var, 0); }

/// exp on the scores the layer produces: s a constant with grid·s ∈ Z gives t^(grid·s) = e^(s/√root).
/// Anything else is refused with unsupported_operation_error.
inline element exp(const element& s) {
  const variable& v = s.var();
  if (!s.is_constant())
    throw unsupported_operation_error(
        "Q(t): exp is defined only on constant scores; exp of a non-constant element of Q(t) (a second softmax "
        "level, exp of " + s.numerator_poly().str() + " over " + s.denominator_poly().str() + ") leaves the field");
  if (!v.tagged())
    throw unsupported_operation_error(
        "Q(t): exp(" + s.constant_value().str() +
        ") does not say which t it means: run attention with scale = expfield::score_scale(variable)");
  const rational k = s.constant_value() * rational(v.grid);
  if (denominator(k) != 1)
    throw unsupported_operation_error("Q(t): exp(" + s.constant_value().str() + ") is off the score grid 1/" +
                                      std::to_string(v.grid) + " (" + v.describe() +
                                      "): draw scores on the grid or choose a finer grid D");
  return element::power(v, numerator(k).convert_to<long>());
}

/// The same value with the polynomial gcd of numerator and denominator divided out (lowest terms).
inline element reduced(const element& x) {
  const laurent& n = x.numerator_poly();
  const laurent& d = x.denominator_poly();
  if (n.is_zero() || d.is_one()) return x;
  const long nshift = n.lowest();
  const laurent np = n.times_monomial(-nshift, rational(1));
  const laurent g = laurent::gcd(np, d);
  if (g.is_one() || g.is_zero()) return x;
  auto nq = laurent::divide(np, g).first.times_monomial(nshift, rational(1));
  auto dq = laurent::divide(d, g).first;
  return element(std::move(nq), std::move(dq), x.var());
}

/// "(t^2 + 1)/(t^2 + 2)" (lowest terms) or "3/4" for a constant.
inline std::string closed_form(const element& x) {
  const element r = reduced(x);
  if (r.denominator_poly().is_one()) return r.numerator_poly().str();
  auto paren = [](const laurent& p) { return p.size() == 1 ? p.str() : "(" + p.str() + ")"; };
  return paren(r.numerator_poly()) + "/" + paren(r.denominator_poly());
}

/// 1/(grid·√root) in R, the exponent of t = e^u.
template <class R>
R exponent_unit(const variable& v) {
  using std::sqrt;
  if (!v.tagged()) throw unsupported_operation_error("Q(t): evaluating a function of t needs a variable");
  return R(1) / (R(v.grid) * R(sqrt(R(v.root))));
}

/// The value at the real t, in any real or interval arithmetic R with exp and sqrt (MPFR, MPFI, double).
/// In MPFI the result is a rigorous enclosure of the exact value.
template <class R>
R evaluate(const element& x) {
  if (x.is_constant()) {
    const rational c = x.constant_value();
    return R(numerator(c)) / R(denominator(c));
  }
  using std::exp;
  const R u = exponent_unit<R>(x.var());
  auto power = [&](long k) { return R(exp(R(R(k) * u))); };
  return x.numerator_poly().template evaluate<R>(power) / x.denominator_poly().template evaluate<R>(power);
}

}  // namespace orderblind::expfield

namespace orderblind {

/// The exact field Q(t), t = e^(1/(D√d_k)): real softmax, exactly, for one attention level.
template <>
struct scalar_traits<expfield::element> {
  static constexpr const char* name = "Q(t)";
  static constexpr const char* description =
      "exact field Q(t) of rational functions in t = e^(1/(D·sqrt(d_k))): real softmax, one level";
  static constexpr bool is_exact = true;
  static constexpr bool has_exp = true;
  static constexpr bool has_trig = false;
  static constexpr bool has_sqrt = false;
  // NOTE: Q(t) is orderable (t is a real number), but the library only needs order for the softmax
  // shift and sorted sums; exact arithmetic needs neither, so no order is offered.
  static constexpr bool is_ordered = false;
  static constexpr bool is_interval = false;
  static constexpr bool can_be_nonfinite = false;
  /// Exact: every comparison is `==`.
  static expfield::element epsilon() { return expfield::element(0); }
  /// The closed form in lowest terms, e.g. "(t^2 + 1)/(t^2 + 2)".
  static std::string to_string(const expfield::element& x) { return expfield::closed_form(x); }
};

}  // namespace orderblind

namespace Eigen {
template <>
struct NumTraits<orderblind::expfield::element> : GenericNumTraits<orderblind::expfield::element> {
  using Real = orderblind::expfield::element;
  using NonInteger = orderblind::expfield::element;
  using Nested = orderblind::expfield::element;
  using Literal = orderblind::expfield::element;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 4,
    AddCost = 16,
    MulCost = 16
  };
  static inline int digits10() { return 0; }
  static inline Real epsilon() { return Real(0); }
  static inline Real dummy_precision() { return Real(0); }
};
}  // namespace Eigen
