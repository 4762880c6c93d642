// SPDX-License-Identifier: MIT
#pragma once
/// The names the one-translation-unit check of a user's scheme (cmake/check_scheme/check_scheme_main.cpp,
/// installed) and the Python module call: the report itself is built in orderblind/pe/schemes_report.hpp;
/// this header only maps the old names onto it and renders it.
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/pe/schemes_report.hpp"
#include "orderblind/verify/render.hpp"

namespace orderblind::cli {

using pe::parse_expectations;
using pe::schemes_exit_code;
using pe::select_schemes;
using pe::state_expectations;
using pe::stated_expectations;

/// Writes the report of `rows` (pe::schemes_report) in `format` (text, markdown, json or junit); throws
/// std::invalid_argument on another format.
inline void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os) {
  const auto f = verify::parse_format(format);
  if (!f) throw std::invalid_argument("unknown format '" + format + "' (expected " + verify::format_names + ")");
  verify::render(pe::schemes_report(rows), *f, os);
}

}  // namespace orderblind::cli
