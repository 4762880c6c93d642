// SPDX-License-Identifier: MIT
#pragma once
// The battery's instances for one scalar, compiled into orderblind::pe (one unit per scalar, so that the
// three compile in parallel): run_compiled_battery (declared by orderblind/pe/register.hpp, what a
// registered scheme runs) and run_battery's body (declared extern by orderblind/pe/battery_impl.hpp under
// ORDERBLIND_PE_BATTERY_COMPILED, for the units of this build that run the battery's templates directly).
#include <string>

#include "orderblind/pe/battery_impl.hpp"
#include "orderblind/pe/register.hpp"

namespace orderblind::pe {

template <Scalar T, pe_kind K>
  requires battery_compiled_for<T>
verify::report run_compiled_battery(const erased_scheme<T, K>& s, const std::string& origin) {
  return run_battery(s, origin);
}

}  // namespace orderblind::pe

#define ORDERBLIND_PE_COMPILED_BATTERY(T)                                                                   \
  namespace orderblind::pe {                                                                                \
  ORDERBLIND_PE_BATTERY_INSTANCES(, T)                                                                      \
  template verify::report run_compiled_battery(const erased_scheme<T, pe_kind::additive>&, const std::string&);   \
  template verify::report run_compiled_battery(const erased_scheme<T, pe_kind::query_key>&, const std::string&);  \
  template verify::report run_compiled_battery(const erased_scheme<T, pe_kind::score_bias>&, const std::string&); \
  }
