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
#include <functional>
#include <map>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

#include "orderblind/pe/battery_impl.hpp"
#include "orderblind/pe/report.hpp"

namespace orderblind::pe {

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

/// Register `s` (its battery run, then `annotate` on the row) under (name, arithmetic). Returns false when
/// the key was already taken: silently if by the same scheme (same type, parameters and origin — the same
/// header seen from another translation unit), with a conflict recorded otherwise.
template <class S, class Annotate = void (*)(scheme_row&)>
bool register_scheme(S s, std::string origin, Annotate annotate = [](scheme_row&) {}) {
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
  scheme_registry().push_back({name, origin, arithmetic, [s, origin, annotate] {
                                 auto row = run_battery(s, origin);
                                 annotate(row);
                                 return row;
                               }});
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
