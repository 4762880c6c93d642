// SPDX-License-Identifier: MIT
#pragma once
// The battery restricted to the laws a test reads (battery_config::laws).
// NOTE: a subset runs through the same validation, far-window planning and guard as the full run, so
// each of its checks is the full run's check of that law (pe::run_battery); a test that asserts one or
// two laws of a mutant need not pay for the others (the far windows of shift-linearity and score decay,
// the exact rows' boundaries).
#include <initializer_list>

#include "orderblind/pe/battery.hpp"

namespace orderblind::pe::testing {

/// `cfg` running only `laws`.
inline battery_config only(battery_config cfg, std::initializer_list<property> laws) {
  cfg.laws = laws;
  return cfg;
}

/// The default configuration of T's rows, running only `laws`.
template <class T>
battery_config only(std::initializer_list<property> laws) {
  return only(battery_config::defaults<T>(), laws);
}

}  // namespace orderblind::pe::testing
