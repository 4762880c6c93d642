// SPDX-License-Identifier: MIT
// The renderer of a user's scheme check: the one place its translation units meet the JSON writer.
#include "schemes_report.hpp"

#include <stdexcept>

#include "orderblind/verify/render.hpp"

namespace orderblind::check_scheme {

void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os) {
  const auto f = verify::parse_format(format);
  if (!f) throw std::invalid_argument("unknown format '" + format + "' (expected " + verify::format_names + ")");
  verify::render(pe::schemes_report(rows), *f, os);
}

}  // namespace orderblind::check_scheme
