// SPDX-License-Identifier: MIT
// libFuzzer target: arbitrary bytes as a user's positional-encoding scheme (lengths, values, throws,
// widths and positions; tests/robustness/scheme/fuzzed_scheme.hpp). The battery must return a row or
// refuse the scheme with invalid_scheme_error / battery_limit_error; anything else (a crash, a sanitizer
// report, another exception escaping, std::terminate) is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzzed_scheme.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (orderblind::pe::fuzzing::run_fuzzed_scheme(data, size) != 0) __builtin_trap();
  return 0;
}
