// SPDX-License-Identifier: MIT
// `orderblind check` on a user's files: read them within the limits, run the layer's laws (double or exact)
// and the table's, and return the one report. A unit of its own: the Python module (python/setup.py)
// compiles report.cpp and pe_table.cpp without the layer checks, which only this function calls.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "orderblind/io/csv.hpp"
#include "orderblind/io/npy.hpp"
#include "properties/check/check.hpp"

namespace orderblind::properties {

verify::report check_files(const check_files_request& a, const check_settings& s) {
  const bool layer = !a.x.empty();
  io::read_limits lim;
  // NOTE: max_size is finite (the command's validator); past 2^62 elements no file could be read anyway,
  // and converting a larger double to size_t would be undefined.
  if (a.max_size && *a.max_size > static_cast<double>(lim.max_elements))
    lim.max_elements = static_cast<std::size_t>(std::min(*a.max_size, 0x1p62));
  verify::value::checks results;
  std::string header;
  std::optional<io::table> pe;
  if (!a.pe.empty()) {
    pe = io::read_matrix_file(a.pe, lim);
    require_size(static_cast<double>(pe->rows), static_cast<double>(pe->cols), "the table " + pe->describe(), a.exact,
                 a.max_size);
  }
  if (layer) {
    layer_files in{io::read_matrix_file(a.x, lim), io::read_matrix_file(a.wq, lim), io::read_matrix_file(a.wk, lim),
                   io::read_matrix_file(a.wv, lim), std::nullopt, 1, a.causal, std::nullopt};
    if (!a.wo.empty()) {
      in.wo = io::read_matrix_file(a.wo, lim);
      in.heads = a.heads > 0 ? a.heads : 1;
    }
    if (a.add_pe) in.positions = pe;
    require_size(static_cast<double>(in.x.rows), static_cast<double>(std::max(in.x.cols, in.wq.cols)),
                 "the layer on " + in.x.describe(), a.exact, a.max_size);
    auto r = a.exact ? check_layer_exact(in, s) : check_layer_double(in, s);
    results.insert(results.end(), r.begin(), r.end());
    header = in.x.describe();
  }
  if (pe && !a.add_pe) {
    auto r = check_pe_table(*pe, a.exact, s, a.expect);
    results.insert(results.end(), r.begin(), r.end());
    header += (header.empty() ? "" : "; ") + pe->describe();
  }
  return check_report(std::move(results), header, s.seed);
}

}  // namespace orderblind::properties
