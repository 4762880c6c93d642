// SPDX-License-Identifier: MIT
// libFuzzer target: arbitrary bytes as a CSV file. The reader must return a table or throw
// file_format_error; anything else (a crash, a sanitizer report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "orderblind/io/csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // NOTE: a small element limit keeps each run fast; the limit check itself is what is exercised.
  orderblind::io::read_limits lim;
  lim.max_elements = 1 << 16;
  lim.allow_nonfinite = (size % 2) == 0;
  try {
    const auto t = orderblind::io::parse_csv(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.csv", lim);
    if (t.values.size() != static_cast<std::size_t>(t.rows * t.cols)) __builtin_trap();
  } catch (const orderblind::io::file_format_error&) {
  }
  return 0;
}
