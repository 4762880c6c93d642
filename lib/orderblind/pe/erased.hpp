// SPDX-License-Identifier: MIT
#pragma once
/// A scheme behind a fixed type: `erased_scheme<T, K>` holds any `Scheme` of scalar T and kind K and
/// forwards to it, with the optional members (max_position, norm_scale, phases, generator, expectations) as
/// run-time answers instead of compile-time traits. It is also where a scheme is validated: its width
/// and maximum position against the battery's stated range, the length of every vector it returns, and
/// anything it throws, which becomes an error naming the call and the position.
// NOTE: the battery (battery.hpp) runs on this type only: a translation unit instantiates its checks
// once per (scalar, kind) however many scheme types it runs: the catalogue has 20-odd schemes and the
// mutant tests as many again, each a type of its own (docs/build.md measures what it saved).
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/pe/concept.hpp"

namespace orderblind::pe {

/// The scheme broke the plug-in contract (concept.hpp): an empty name, a width or maximum position out of
/// the range the battery states, a returned vector whose length is not dim(). The message names the
/// member, the position and the value. Reported as bad input (the check exits 2), never as a verdict.
struct invalid_scheme_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Something the scheme threw (any type: a std::exception's message, or "an exception of a type not
/// derived from std::exception"), with the call and position it was thrown from. The battery's law check
/// that asked fails with this message: an error is never a "held".
struct scheme_threw_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The battery's own limit was reached (memory): reported as the battery's, never as the scheme's.
struct battery_limit_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The range of what a scheme may declare, and why (the battery's own resources).
struct scheme_limits {
  /// dim() ∈ [1, max_dim]. NOTE: the battery allocates d-vectors per position and solves d×d systems
  /// (shift-linear's fit is O(d³) in the scheme's scalar): 1024 keeps one run in seconds for double.
  static constexpr Eigen::Index max_dim = 1024;
  /// max_position() ∈ [1, max_position]. NOTE: 2^62 leaves room for every offset the battery adds to a
  /// position (windows, shifts, distances < 2^33) without a signed overflow.
  static constexpr Eigen::Index max_position = Eigen::Index(1) << 62;
};

namespace detail {

/// The arithmetic, in words: "mpq_rational (exact)", "double (tolerance in ε)".
template <Scalar T>
std::string arithmetic_name() {
  // NOTE: appended to a named string, not `std::string(name) + "…"`, for which g++ 12 -O2 reports a false
  // -Wstringop-overread (the installed scheme check compiles with -Werror).
  std::string words(scalar_traits<T>::name);
  words.append(scalar_traits<T>::is_exact ? " (exact)" : " (tolerance in ε)");
  return words;
}

/// "an exception of a type not derived from std::exception" or the what() of the one in flight.
inline std::string current_exception_words() {
  try {
    throw;
  } catch (const std::exception& e) {
    return std::string("std::exception: ") + e.what();
  } catch (...) {
    return "an exception of a type not derived from std::exception";
  }
}

/// Calls f(); whatever it throws becomes a scheme_threw_error naming `call` (undefined_position_error
/// passes through: it is the scheme's documented way of saying a position is undefined).
template <class F>
decltype(auto) scheme_call(const std::string& call, F&& f) {
  try {
    return f();
  } catch (const undefined_position_error&) {
    throw;
  } catch (...) {
    throw scheme_threw_error("the scheme threw in " + call + ": " + current_exception_words());
  }
}

}  // namespace detail

template <Scalar T, pe_kind K>
class erased_scheme {
 public:
  using scalar_type = T;
  static constexpr pe_kind kind = K;
  using expectations_t = std::vector<std::pair<property, expectation>>;
  using generator_t = std::vector<std::vector<T>>;

  /// Holds a copy of `s` and validates it (see `validate`): its name, parameters, width and maximum
  /// position are read once, here, and every vector it returns is checked to have dim() entries.
  // NOTE: nothing here throws: a fault in name(), dim() or max_position() is kept and reported by
  // validate(), so that run_battery can say which member broke the contract.
  // NOTE: the first conjunct stops clang++ from checking Scheme<erased_scheme> (copy_constructible) through
  // this very constructor, a recursion it reports as an error; it also leaves copies to the copy constructor.
  template <class S>
    requires(!std::same_as<S, erased_scheme> && Scheme<S> && S::kind == K && std::same_as<typename S::scalar_type, T>)
  explicit erased_scheme(S s) {
    auto held = std::make_shared<const S>(std::move(s));
    auto read = [this](const char* what, auto&& f) {
      try {
        f();
      } catch (...) {
        // NOTE: appended rather than `std::string(…) + what`: g++ 12's false -Warray-bounds in libstdc++
        // (lib/orderblind/attention.hpp, require_finite_from_scheme).
        if (problem_.empty())
          problem_.append("the scheme's ").append(what).append(" threw: ").append(detail::current_exception_words());
      }
    };
    // NOTE: swapped in rather than move-assigned: the same false -Warray-bounds in the short-string copy of
    // operator=(string&&) once name() is inlined.
    read("name()", [&] { std::string(held->name()).swap(name_); });
    read("parameters()", [&] { std::string(held->parameters()).swap(parameters_); });
    read("dim()", [&] { dim_ = static_cast<Eigen::Index>(held->dim()); });
    if constexpr (has_max_position<S>) {
      has_max_ = true;
      read("max_position()", [&] { max_position_ = static_cast<Eigen::Index>(held->max_position()); });
    }
    if (problem_.empty()) {
      if (name_.empty()) problem_ = "the scheme's name() is empty (it names the scheme in the report and in --scheme)";
      else if (dim_ < 1 || dim_ > scheme_limits::max_dim)
        problem_ = "the scheme's dim() = " + std::to_string(dim_) + " is outside [1, " +
                   std::to_string(scheme_limits::max_dim) + "] (the battery's limit on the width)";
      else if (has_max_ && (max_position_ < 1 || max_position_ > scheme_limits::max_position))
        problem_ = "the scheme's max_position() = " + std::to_string(max_position_) + " is outside [1, 2^62]";
    }
    const Eigen::Index d = dim_;
    // NOTE: every vector the scheme returns must have dim() entries: a shorter one was read past its end
    // by the battery's loops before (a heap overflow), an empty one dereferenced.
    auto checked = [d](std::vector<T> v, const std::string& call) {
      if (std::ssize(v) != d)
        throw invalid_scheme_error(call + " returned " + std::to_string(v.size()) + " entries, but dim() = " +
                                   std::to_string(d));
      return v;
    };
    auto pos = [](const char* n, Eigen::Index p) { return std::string(n) + " = " + std::to_string(p); };
    if constexpr (K == pe_kind::additive) {
      encode_ = [held, checked, pos](Eigen::Index p, Eigen::Index length) -> std::vector<T> {
        const std::string call = "encode(" + pos("p", p) + ", " + pos("length", length) + ")";
        return checked(detail::scheme_call(call, [&]() -> std::vector<T> { return held->encode(p, length); }), call);
      };
    } else if constexpr (K == pe_kind::query_key) {
      query_ = [held, checked, pos](const std::vector<T>& q, Eigen::Index m) -> std::vector<T> {
        const std::string call = "query(q, " + pos("m", m) + ")";
        return checked(detail::scheme_call(call, [&]() -> std::vector<T> { return held->query(q, m); }), call);
      };
      key_ = [held, checked, pos](const std::vector<T>& k, Eigen::Index n) -> std::vector<T> {
        const std::string call = "key(k, " + pos("n", n) + ")";
        return checked(detail::scheme_call(call, [&]() -> std::vector<T> { return held->key(k, n); }), call);
      };
    } else {
      bias_ = [held, pos](const std::vector<T>& q, const std::vector<T>& k, Eigen::Index m, Eigen::Index n) -> T {
        return detail::scheme_call("bias(q, k, " + pos("m", m) + ", " + pos("n", n) + ")",
                                   [&]() -> T { return held->bias(q, k, m, n); });
      };
    }
    if constexpr (has_norm_scale<S>)
      norm_scale_ = [held]() -> T { return detail::scheme_call("norm_scale()", [&]() -> T { return held->norm_scale(); }); };
    if constexpr (has_phases<S>)
      phases_ = [held](Eigen::Index delta) -> std::vector<std::pair<T, T>> {
        return detail::scheme_call("phases(" + std::to_string(delta) + ")",
                                   [&]() -> std::vector<std::pair<T, T>> { return held->phases(delta); });
      };
    if constexpr (K == pe_kind::query_key && has_generator<S>)
      generator_ = [held, d]() -> generator_t {
        generator_t g = detail::scheme_call("generator()", [&]() -> generator_t { return held->generator(); });
        // NOTE: a matrix that is not d×d is a broken contract (bad input), named; an empty one declares none.
        if (g.empty()) return g;
        if (std::ssize(g) != d)
          throw invalid_scheme_error("generator() returned " + std::to_string(g.size()) + " rows, but dim() = " + std::to_string(d));
        for (std::size_t i = 0; i < g.size(); ++i)
          if (std::ssize(g[i]) != d)
            throw invalid_scheme_error("generator() row " + std::to_string(i) + " has " + std::to_string(g[i].size()) +
                                       " entries, but dim() = " + std::to_string(d));
        return g;
      };
    if constexpr (has_stated_expectations<S>)
      expectations_ = [held]() -> expectations_t {
        return detail::scheme_call("expectations()", [&]() -> expectations_t { return held->expectations(); });
      };
  }

  /// Throws invalid_scheme_error naming the first broken requirement: a member that threw, an empty
  /// name(), dim() outside [1, scheme_limits::max_dim], max_position() outside [1, 2^62].
  void validate() const {
    if (!problem_.empty()) throw invalid_scheme_error(problem_);
  }

  std::string name() const { return name_; }
  std::string parameters() const { return parameters_; }
  Eigen::Index dim() const { return dim_; }

  std::vector<T> encode(Eigen::Index p, Eigen::Index length) const
    requires(K == pe_kind::additive)
  {
    return encode_(p, length);
  }
  std::vector<T> query(const std::vector<T>& q, Eigen::Index m) const
    requires(K == pe_kind::query_key)
  {
    return query_(q, m);
  }
  std::vector<T> key(const std::vector<T>& k, Eigen::Index n) const
    requires(K == pe_kind::query_key)
  {
    return key_(k, n);
  }
  T bias(const std::vector<T>& q, const std::vector<T>& k, Eigen::Index m, Eigen::Index n) const
    requires(K == pe_kind::score_bias)
  {
    return bias_(q, k, m, n);
  }

  /// Whether the held scheme has `max_position()`, and its value (read once).
  bool defines_max_position() const { return has_max_; }
  Eigen::Index max_position_value() const { return max_position_; }
  /// Whether the held scheme has `norm_scale()`, and its value.
  bool declares_norm_scale() const { return static_cast<bool>(norm_scale_); }
  T norm_scale_value() const { return norm_scale_(); }
  /// Whether the held scheme has `phases(delta)`, and their values.
  bool exposes_phases() const { return static_cast<bool>(phases_); }
  std::vector<std::pair<T, T>> phases_at(Eigen::Index delta) const { return phases_(delta); }
  /// Whether the held scheme's type has `generator()`, and G as its d rows (empty: the scheme declares none;
  /// a matrix that is not d×d throws invalid_scheme_error).
  bool has_generator_member() const { return static_cast<bool>(generator_); }
  generator_t generator_value() const { return generator_ ? generator_() : generator_t{}; }
  /// Whether the held scheme states expectations, and them.
  bool states_expectations() const { return static_cast<bool>(expectations_); }
  expectations_t stated_expectations() const { return expectations_(); }

 private:
  std::string name_, parameters_, problem_;
  Eigen::Index dim_ = 0;
  bool has_max_ = false;
  Eigen::Index max_position_ = 0;
  std::function<std::vector<T>(Eigen::Index, Eigen::Index)> encode_;
  std::function<std::vector<T>(const std::vector<T>&, Eigen::Index)> query_, key_;
  std::function<T(const std::vector<T>&, const std::vector<T>&, Eigen::Index, Eigen::Index)> bias_;
  std::function<T()> norm_scale_;
  std::function<std::vector<std::pair<T, T>>(Eigen::Index)> phases_;
  std::function<expectations_t()> expectations_;
  std::function<generator_t()> generator_;
};

}  // namespace orderblind::pe
