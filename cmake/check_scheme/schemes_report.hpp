// SPDX-License-Identifier: MIT
#pragma once
/// The renderer of a user's scheme check (check_scheme_main.cpp): declared here, defined in
/// schemes_report.cpp, which is compiled once (an object library of orderblind_check_scheme(), or one
/// more source of the orderblind-check-scheme script), so that the user's translation unit does not
/// parse the JSON writer: editing the header recompiles only that unit.
#include <ostream>
#include <string>
#include <vector>

#include "orderblind/pe/schemes_report.hpp"

namespace orderblind::check_scheme {

/// Writes the report of `rows` (pe::schemes_report, the report of `orderblind schemes`) in `format`
/// (text, markdown, json or junit); throws std::invalid_argument on another format.
void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os);

}  // namespace orderblind::check_scheme
