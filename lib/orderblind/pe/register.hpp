// SPDX-License-Identifier: MIT
#pragma once
/// Registering a positional-encoding scheme for the battery's report (`orderblind schemes`, and the
/// one-translation-unit check `orderblind_check_scheme` of docs/user-schemes.md). A user's header:
///
///     #include "orderblind/pe/register.hpp"
///     struct my_scheme { … };                       // a type satisfying orderblind::pe::Scheme
///     ORDERBLIND_REGISTER_SCHEME(my_scheme{});
///
/// Safe in a header included by several translation units: one registration per (name, arithmetic),
/// whatever the number of inclusions. Two *different* schemes under one name and arithmetic are refused:
/// the second is not registered and `registration_conflicts()` names both (the report exits 2).
///
/// The battery itself is compiled once, in the installed library orderblind::pe (lib/src/pe/), for the
/// scalars double, mpq_rational and mpfr100: this header only declares it, so that a user's translation
/// unit compiles the scheme and its type erasure, not the battery. A scheme over another scalar needs the
/// battery's templates: include "orderblind/pe/battery.hpp" instead (a static_assert says so).
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "orderblind/pe/erased.hpp"
#include "orderblind/pe/report.hpp"
#include "orderblind/scalar/multiprecision_types.hpp"

namespace orderblind::pe {

/// The scalars whose battery is compiled into orderblind::pe.
template <class T>
inline constexpr bool battery_compiled_for =
    std::is_same_v<T, double> || std::is_same_v<T, mpq_rational> || std::is_same_v<T, mpfr100>;

/// The battery on a scheme over a compiled scalar: the same as run_battery(s, origin) (battery_impl.hpp)
/// with the arithmetic's default configuration. Defined in orderblind::pe (lib/src/pe/battery_<scalar>.cpp).
template <Scalar T, pe_kind K>
  requires battery_compiled_for<T>
verify::report run_compiled_battery(const erased_scheme<T, K>& s, const std::string& origin);

/// Who holds each (name, arithmetic) key: the scheme's type and parameters, and where it came from.
// NOTE: a function-local static, so the map exists before any static registrar of any translation unit
// uses it (no static-initialisation-order problem), and there is one map per program (inline function).
inline std::map<std::string, std::pair<std::string, std::string>>& registration_keys() {
  static std::map<std::string, std::pair<std::string, std::string>> keys;
  return keys;
}

/// One line per refused registration ("two schemes are registered as 'x' [mpq_rational (exact)]: …", or a
/// scheme whose name(), parameters() or dim() threw while it was registered).
inline std::vector<std::string>& registration_conflicts() {
  static std::vector<std::string> conflicts;
  return conflicts;
}

/// Register `s` (its battery run, then `annotate` on the run — a verify::report, pe/report.hpp) under
/// (name, arithmetic). Returns false when the key was already taken: silently if by the same scheme (same
/// type, parameters and origin — the same header seen from another translation unit), with a conflict
/// recorded otherwise.
template <class S, class Annotate = void (*)(verify::report&)>
bool register_scheme(S s, std::string origin, Annotate annotate = [](verify::report&) {}) {
  static_assert(require_scheme<S>(), "orderblind::pe: this type is not a positional-encoding scheme (see above)");
  // NOTE: this runs at static-initialisation time, before main: whatever the scheme's name(), parameters()
  // or dim() throw is recorded as a refused registration (the check then exits 2 naming it), never let
  // out (it would end the program with std::terminate).
  std::string name, identity;
  try {
    name = s.name();
    identity = std::string(typeid(S).name()) + " | " + s.parameters() + " | d = " + std::to_string(s.dim()) + " | " + origin;
  } catch (...) {
    registration_conflicts().push_back("a scheme of type " + std::string(typeid(S).name()) + " (from " + origin +
                                       ") was not registered: its name(), parameters() or dim() threw " +
                                       detail::current_exception_words());
    return false;
  }
  const std::string arithmetic = detail::arithmetic_name<typename S::scalar_type>();
  const std::string key = name + " [" + arithmetic + "]";
  auto [it, inserted] = registration_keys().try_emplace(key, identity, origin);
  if (!inserted) {
    if (it->second.first != identity)
      registration_conflicts().push_back("two different schemes are registered as '" + key + "' (from " +
                                         it->second.second + " and from " + origin +
                                         "); give one of them another name()");
    return false;
  }
  using T = typename S::scalar_type;
  using E = erased_scheme<T, S::kind>;
  if constexpr (battery_compiled_for<T>) {
    scheme_registry().push_back({name, origin, arithmetic, [e = E(s), origin, annotate] {
                                   auto run = run_compiled_battery(e, origin);
                                   annotate(run);
                                   return run;
                                 }});
  } else if constexpr (requires(const E& e, const std::string& o) { run_battery(e, o); }) {
    // NOTE: run_battery is found by argument-dependent lookup where this is instantiated: declared when
    // the unit included the battery's templates (battery.hpp), absent otherwise.
    scheme_registry().push_back({name, origin, arithmetic, [e = E(s), origin, annotate] {
                                   auto run = run_battery(e, origin);
                                   annotate(run);
                                   return run;
                                 }});
  } else {
    static_assert(!sizeof(S),
                  "orderblind::pe: the battery is compiled (orderblind::pe) for double, mpq_rational and mpfr100 "
                  "only; for a scheme over another scalar, #include \"orderblind/pe/battery.hpp\" (the battery's "
                  "templates, instantiated in your translation unit) instead of orderblind/pe/register.hpp");
  }
  return true;
}

}  // namespace orderblind::pe

#define ORDERBLIND_PE_REGISTER_CONCAT_(a, b) a##b
#define ORDERBLIND_PE_REGISTER_CONCAT(a, b) ORDERBLIND_PE_REGISTER_CONCAT_(a, b)
/// Register a scheme value from a user's header:
/// `ORDERBLIND_REGISTER_SCHEME(my_scheme<orderblind::mpq_rational>{});` (at namespace scope).
// NOTE: __COUNTER__, not __LINE__: two headers registering on the same line meet in one translation unit.
// The variable is static (one per translation unit); register_scheme makes the repeats no-ops.
#define ORDERBLIND_REGISTER_SCHEME(...)                                                                    \
  [[maybe_unused]] static const bool ORDERBLIND_PE_REGISTER_CONCAT(orderblind_scheme_registered_, __COUNTER__) = \
      ::orderblind::pe::register_scheme(__VA_ARGS__, "user header")
