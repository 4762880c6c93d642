// SPDX-License-Identifier: MIT
#pragma once
/// A symbolic scalar: run the library's own code over matrices of independent symbols (GiNaC).
///
/// `symbolic::expr` is an element of the field of rational functions with rational coefficients in
/// as many symbols as you create (inputs, weights), plus one fresh symbol per value of an
/// uninterpreted function:
///  - `exp(s)` is φ(s), the kernel, uninterpreted: softmax over this scalar is "normalise φ(s_j)" for
///    an arbitrary φ; an identity proved with φ free holds for exp and for every other kernel;
///  - `sqrt(v)` of a non-constant v is ρ(v) (LayerNorm's square root), uninterpreted; of a rational
///    constant it is GiNaC's exact algebraic square root (the scale 1/√d_k = √2/4 for d_k = 8);
///  - `abs(x)` is α(x) (the MAD norm's |x − mean|), uninterpreted;
///  - ReLU (`scalar_traits<expr>::relu`) is σ(x), uninterpreted.
/// The value of each function on an argument is a fresh symbol keyed by the argument's canonical form,
/// so equal arguments give the same symbol (see `key_form`). Equality `==` is an identity of rational
/// functions: it expands a − b and, when that is not already 0, brings it to GiNaC's normal form (a
/// reduced fraction), which is 0 exactly when a = b as rational functions of the symbols.
///
/// There is no order: `<` on two expressions is a compile-time error, so no code path can branch on
/// the value of a symbol. Where the library orders values it either asks `scalar_traits<T>::is_ordered`
/// (softmax's max shift is skipped: the order-free kernel form; sorted summation is refused with an
/// exception naming the scalar) or this scalar supplies an uninterpreted function (ReLU, |x|).
// NOTE: GiNaC, not FLINT's fmpq_mpoly. Measured here (g++ -O2, one core of a loaded 2-core machine):
// the 256 expanded scores of one n = 16, d = 8 head with symbolic X, W_Q, W_K (131072 terms) took
// 0.43 s with GiNaC and 0.59 s with fmpq_mpoly in a 1280-variable context. FLINT packs a dense
// exponent vector per term, so it slows as symbols are added (every φ value is a new variable and the
// count is not known in advance), and it would need a hand-written rational-function layer and
// function table; GiNaC has sparse terms, normal() for rational functions and printing.
#include <ginac/ginac.h>

#include <chrono>
#include <concepts>
#include <cstddef>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "orderblind/errors.hpp"
#include "orderblind/scalar/traits.hpp"

namespace orderblind::symbolic {

/// How the argument of an uninterpreted function is brought to the form that keys its symbol.
enum class key_form {
  /// Fully expanded; for a rational argument, GiNaC's normal form with expanded numerator and a
  /// denominator scaled so that its first term has coefficient 1. Canonical: two arguments that are
  /// equal as rational functions get the same symbol (every score of one attention layer is a
  /// polynomial and is keyed this way).
  expanded,
  /// GiNaC's evaluated form: sums and products flattened and ordered canonically, like terms collected,
  /// nothing distributed. Equal keys still mean equal values (so every proof stays sound), but two equal
  /// values written differently may get two symbols. Used for deep compositions (blocks, stacks) whose
  /// expansion would be too large; there the two sides of a permutation identity run the same
  /// operations on the same rows, so they produce the same evaluated forms.
  structural,
};

/// One uninterpreted function: its values, one fresh symbol per distinct key.
class function_table {
 public:
  explicit function_table(std::string name) : name_(std::move(name)) {}
  /// The symbol for f(key), created on first use.
  GiNaC::ex value(const GiNaC::ex& key) {
    auto it = values_.find(key);
    if (it != values_.end()) return it->second;
    GiNaC::symbol s(name_ + "_" + std::to_string(values_.size() + 1));
    values_.emplace(key, s);
    keys_.emplace_back(s, key);
    return s;
  }
  /// How many distinct arguments were seen.
  std::size_t size() const { return values_.size(); }
  const std::string& name() const { return name_; }
  /// (symbol, key) in order of creation.
  const std::vector<std::pair<GiNaC::symbol, GiNaC::ex>>& keys() const { return keys_; }

 private:
  std::string name_;
  std::map<GiNaC::ex, GiNaC::ex, GiNaC::ex_is_less> values_;
  std::vector<std::pair<GiNaC::symbol, GiNaC::ex>> keys_;
};

/// The uninterpreted functions of one run and how their arguments are keyed.
struct context {
  key_form form = key_form::expanded;
  function_table phi{"phi"};     ///< the kernel φ (exp)
  function_table relu{"relu"};   ///< ReLU σ
  function_table root{"rho"};    ///< the square root ρ
  function_table abs{"alpha"};   ///< |x|
  /// Memo of `canonical_key` under key_form::expanded: argument as built ↦ its key.
  // NOTE: both sides of a permutation identity build each score by the same operations on the same
  // rows, so GiNaC's evaluated (canonically ordered) forms coincide and the second side's keys are
  // found here instead of being expanded again. A cache of a deterministic function: sound.
  std::map<GiNaC::ex, GiNaC::ex, GiNaC::ex_is_less> keys_seen;
};

namespace detail {
inline std::shared_ptr<context>& current_slot() {
  thread_local std::shared_ptr<context> c = std::make_shared<context>();
  return c;
}
}  // namespace detail

/// The context in force on this thread.
inline context& current() { return *detail::current_slot(); }

/// Installs a fresh context (new function tables, the given key form) for its lifetime; restores the
/// previous one on destruction. Each identity runs in its own scope, so its symbol counts are its own.
class scoped_context {
 public:
  explicit scoped_context(key_form form = key_form::expanded) : saved_(detail::current_slot()) {
    detail::current_slot() = std::make_shared<context>();
    detail::current_slot()->form = form;
  }
  ~scoped_context() { detail::current_slot() = saved_; }
  scoped_context(const scoped_context&) = delete;
  scoped_context& operator=(const scoped_context&) = delete;
  context& get() { return *detail::current_slot(); }

 private:
  std::shared_ptr<context> saved_;
};

namespace detail {
/// True when e contains a power with a negative exponent of something that is not a number.
inline bool has_symbolic_denominator(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::power>(e)) {
    const GiNaC::ex& ex = e.op(1);
    if (GiNaC::is_a<GiNaC::numeric>(ex) && GiNaC::ex_to<GiNaC::numeric>(ex).is_negative() &&
        !GiNaC::is_a<GiNaC::numeric>(e.op(0)))
      return true;
  }
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (has_symbolic_denominator(e.op(i))) return true;
  return false;
}
/// The numeric coefficient of the first term of an expanded expression.
inline GiNaC::numeric first_coefficient(const GiNaC::ex& e) {
  const GiNaC::ex t = GiNaC::is_a<GiNaC::add>(e) ? e.op(0) : e;
  if (GiNaC::is_a<GiNaC::numeric>(t)) return GiNaC::ex_to<GiNaC::numeric>(t);
  if (GiNaC::is_a<GiNaC::mul>(t))
    for (std::size_t i = 0; i < t.nops(); ++i)
      if (GiNaC::is_a<GiNaC::numeric>(t.op(i))) return GiNaC::ex_to<GiNaC::numeric>(t.op(i));
  return GiNaC::numeric(1);
}
}  // namespace detail

/// The key of an argument under the context's key form (see `key_form`).
inline GiNaC::ex canonical_key(const GiNaC::ex& arg, key_form form) {
  if (form == key_form::structural) return arg;
  const GiNaC::ex x = arg.expand();
  if (!detail::has_symbolic_denominator(x)) return x;
  // NOTE: a rational argument: normal() cancels the gcd, so num/den is unique up to one constant factor;
  // dividing both by the coefficient of the denominator's first term (GiNaC orders the terms of an
  // expanded sum by their monomials, never by their coefficients) fixes that factor.
  const GiNaC::ex nd = GiNaC::normal(x).numer_denom();
  GiNaC::ex num = nd.op(0).expand(), den = nd.op(1).expand();
  const GiNaC::numeric c = detail::first_coefficient(den);
  if (!c.is_zero() && c != 1) {
    num = (num / c).expand();
    den = (den / c).expand();
  }
  return GiNaC::lst{num, den};
}

/// A rational function of symbols (and uninterpreted-function symbols) with rational coefficients.
class expr {
 public:
  expr() : e_(0) {}
  /// An integer constant.
  template <std::integral I>
  expr(I v) : e_(GiNaC::numeric(static_cast<long>(v))) {}  // NOLINT: implicit, like a number
  /// A floating constant is refused at compile time: it would enter GiNaC as a float, and then
  /// `x·S(1 + 1e-25) == x` would be "proved" (the float is 1 after rounding). Write `expr::rational(p, q)`.
  template <std::floating_point F>
  expr(F) {  // NOLINT: implicit, so that the refusal names itself wherever a float meets this scalar
    static_assert(!std::floating_point<F>,
                  "orderblind::symbolic::expr refuses a floating-point constant: it would be a GiNaC float, not an "
                  "exact number; write symbolic::expr::rational(p, q)");
  }
  /// An expression (a symbol, a number, or anything GiNaC builds). Every numeric constant in it must be
  /// rational (a float, or an irrational number GiNaC evaluated numerically, throws std::domain_error naming
  /// it); algebraic roots stay as powers with rational exponents (√2 is 2^(1/2)), which is exact.
  explicit expr(GiNaC::ex e) : e_(std::move(e)) { require_exact(e_); }

  /// A fresh symbol printed as `name`.
  static expr symbol(const std::string& name) { return expr(GiNaC::ex(GiNaC::symbol(name)), trusted{}); }
  /// The exact rational p/q.
  static expr rational(long p, long q) {
    if (q == 0) throw std::domain_error("symbolic: rational with denominator 0");
    return expr(GiNaC::ex(GiNaC::numeric(p, q)), trusted{});
  }

  const GiNaC::ex& get() const { return e_; }

  friend expr operator+(const expr& a, const expr& b) { return expr(a.e_ + b.e_, trusted{}); }
  friend expr operator-(const expr& a, const expr& b) { return expr(a.e_ - b.e_, trusted{}); }
  friend expr operator*(const expr& a, const expr& b) { return expr(a.e_ * b.e_, trusted{}); }
  /// a / b. Refuses a divisor that is identically zero (after expansion), naming it.
  friend expr operator/(const expr& a, const expr& b) {
    if (b.e_.is_zero() || (!GiNaC::is_a<GiNaC::symbol>(b.e_) && b.e_.expand().is_zero()))
      throw std::domain_error("symbolic: division by an expression that is identically 0");
    return expr(a.e_ / b.e_, trusted{});
  }
  friend expr operator-(const expr& a) { return expr(-a.e_, trusted{}); }
  expr& operator+=(const expr& b) { e_ += b.e_; return *this; }
  expr& operator-=(const expr& b) { e_ -= b.e_; return *this; }
  expr& operator*=(const expr& b) { e_ *= b.e_; return *this; }
  expr& operator/=(const expr& b) { return *this = *this / b; }

  /// An identity of rational functions: a − b expands to 0 or its normal form is 0.
  friend bool operator==(const expr& a, const expr& b) { return identically_zero(a.e_ - b.e_); }
  friend bool operator!=(const expr& a, const expr& b) { return !(a == b); }

  /// Comparing two symbolic values would be a branch on the value of a symbol: a compile-time error.
  template <class U>
    requires std::same_as<U, expr>
  friend bool operator<(const expr&, const U&) {
    static_assert(!std::same_as<U, expr>,
                  "orderblind::symbolic::expr has no order: comparing symbolic values would branch on the value "
                  "of a symbol. Use the order-free variant (the kernel form without the max shift, in-order "
                  "sums, ReLU and |x| as uninterpreted functions) or run this code over a numeric scalar");
    return false;
  }
  template <class U>
    requires std::same_as<U, expr>
  friend bool operator>(const expr& a, const U& b) { return b < a; }

  /// True when e is the zero rational function.
  static bool identically_zero(const GiNaC::ex& e) {
    if (e.is_zero()) return true;
    const GiNaC::ex x = e.expand();
    if (x.is_zero()) return true;
    return GiNaC::normal(x).is_zero();
  }

 private:
  struct trusted {};
  /// A result of this class's own exact operations (no check: rational inputs give rational outputs).
  expr(GiNaC::ex e, trusted) : e_(std::move(e)) {}
  friend expr apply(function_table& f, const expr& arg);
  friend expr sqrt(const expr& v);
  friend expr abs(const expr& x);
  friend expr relu(const expr& x);

  /// Throws unless every numeric constant in e is an exact rational.
  static void require_exact(const GiNaC::ex& e) {
    if (GiNaC::is_a<GiNaC::numeric>(e)) {
      if (!GiNaC::ex_to<GiNaC::numeric>(e).is_rational()) {
        std::ostringstream os;
        os << e;
        throw std::domain_error("symbolic: the numeric constant " + os.str() +
                                " is not an exact rational (a float or a numerically evaluated number); use "
                                "expr::rational(p, q) or an exact GiNaC expression");
      }
      return;
    }
    for (std::size_t i = 0; i < e.nops(); ++i) require_exact(e.op(i));
  }

  GiNaC::ex e_;
};

/// The value of an uninterpreted function on `arg`: the context's symbol for arg's key.
inline expr apply(function_table& f, const expr& arg) {
  context& c = current();
  if (c.form == key_form::structural) return expr(f.value(arg.get()), expr::trusted{});
  auto it = c.keys_seen.find(arg.get());
  if (it == c.keys_seen.end()) it = c.keys_seen.emplace(arg.get(), canonical_key(arg.get(), c.form)).first;
  return expr(f.value(it->second), expr::trusted{});
}

/// exp(s) = φ(s): the kernel, uninterpreted (a fresh symbol per canonical score).
inline expr exp(const expr& s) { return apply(current().phi, s); }
/// √v: GiNaC's exact algebraic root of a non-negative rational constant; ρ(v), uninterpreted, otherwise.
inline expr sqrt(const expr& v) {
  if (GiNaC::is_a<GiNaC::numeric>(v.get())) {
    const auto& n = GiNaC::ex_to<GiNaC::numeric>(v.get());
    if (n.is_rational() && !n.is_negative()) return expr(GiNaC::sqrt(v.get()), expr::trusted{});
    std::ostringstream os;
    os << v.get();
    throw std::domain_error("symbolic: sqrt of the constant " + os.str() + " is not a real rational root argument");
  }
  return apply(current().root, v);
}
/// |x| = α(x), uninterpreted (of a rational constant: its absolute value).
inline expr abs(const expr& x) {
  if (GiNaC::is_a<GiNaC::numeric>(x.get()) && GiNaC::ex_to<GiNaC::numeric>(x.get()).is_rational())
    return expr(GiNaC::ex(GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(x.get()))), expr::trusted{});
  return apply(current().abs, x);
}
/// ReLU(x) = σ(x), uninterpreted (of a rational constant: max(0, x)).
inline expr relu(const expr& x) {
  if (GiNaC::is_a<GiNaC::numeric>(x.get()) && GiNaC::ex_to<GiNaC::numeric>(x.get()).is_rational())
    return GiNaC::ex_to<GiNaC::numeric>(x.get()).is_negative() ? expr(0) : x;
  return apply(current().relu, x);
}

/// GiNaC's printed form of x.
inline std::string to_string(const expr& x) {
  std::ostringstream os;
  os << x.get();
  return os.str();
}

/// The number of terms of x once expanded (1 for a monomial, 0 for 0).
inline std::size_t term_count(const GiNaC::ex& x) {
  if (x.is_zero()) return 0;
  return GiNaC::is_a<GiNaC::add>(x) ? x.nops() : 1;
}

}  // namespace orderblind::symbolic

namespace orderblind {

/// Rational functions over symbols (GiNaC), with the kernel, ReLU, √ and |x| uninterpreted.
template <>
struct scalar_traits<symbolic::expr> {
  static constexpr const char* name = "symbolic";
  static constexpr const char* description =
      "rational functions of symbols over Q (GiNaC), kernel exp, ReLU, sqrt and |x| uninterpreted";
  /// `==` decides equality of rational functions.
  static constexpr bool is_exact = true;
  /// exp is the uninterpreted kernel φ.
  static constexpr bool has_exp = true;
  static constexpr bool has_trig = false;
  /// sqrt is the uninterpreted ρ (exact on rational constants).
  static constexpr bool has_sqrt = true;
  /// No order: softmax skips the max shift, sorted sums are refused, `<` does not compile.
  static constexpr bool is_ordered = false;
  static constexpr bool is_interval = false;
  static constexpr bool can_be_nonfinite = false;
  /// A symbolic scalar: value-dependent code must not be run on it (see `symbolic_scalar`).
  static constexpr bool is_symbolic = true;
  static symbolic::expr epsilon() { return symbolic::expr(0); }
  static std::string to_string(const symbolic::expr& x) { return symbolic::to_string(x); }
  /// ReLU as the uninterpreted σ (layers.hpp's `relu` asks for this before comparing with 0).
  static symbolic::expr relu(const symbolic::expr& x) { return symbolic::relu(x); }
};

}  // namespace orderblind

namespace Eigen {
template <>
struct NumTraits<orderblind::symbolic::expr> : GenericNumTraits<orderblind::symbolic::expr> {
  using Real = orderblind::symbolic::expr;
  using NonInteger = orderblind::symbolic::expr;
  using Nested = orderblind::symbolic::expr;
  using Literal = orderblind::symbolic::expr;
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
