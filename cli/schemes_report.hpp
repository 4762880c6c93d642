#pragma once
/// Rendering the schemes × properties matrix (text, markdown, json) for `orderblind schemes`.
#include <iosfwd>
#include <string>
#include <vector>

#include "orderblind/pe/report.hpp"

namespace orderblind::cli {

/// Print the matrix, then each row's evidence one level down.
void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os);

}  // namespace orderblind::cli
