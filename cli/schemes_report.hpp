// SPDX-License-Identifier: MIT
#pragma once
/// The `orderblind schemes` report, shared by the command and by the one-translation-unit check of a
/// user's scheme (`orderblind_check_scheme`, `orderblind-check-scheme`; docs/user-schemes.md): which
/// registered schemes to run, the expectations stated on the command line, the matrix in three formats
/// (text, markdown, json), and the exit code.
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/pe/report.hpp"

namespace orderblind::cli {

/// Expected verdicts stated by a user, property by property.
using stated_expectations = std::vector<std::pair<pe::property, pe::expectation>>;

/// Parse "relative scores=holds,norm-preserving=n/a": comma-separated `property=verdict` pairs. A
/// property is named as in the report (case, '-', '_' and ' ' are interchangeable); a verdict is
/// `holds`, `fails` or `n/a`. Throws std::invalid_argument naming the problem (unknown property, unknown
/// verdict, a pair without '=', one property stated twice, an empty list).
stated_expectations parse_expectations(const std::string& spec);

/// State `expect` on the row: each named cell's expected verdict becomes the stated one (replacing the
/// catalogue's or the scheme's own for that cell), with `source` as its source.
void state_expectations(pe::scheme_row& row, const stated_expectations& expect, const std::string& source);

/// The registered schemes whose name, or family (the name up to '/'), is one of `names` (all of them when
/// `names` is empty). Throws std::invalid_argument on an unknown name ("unknown scheme 'x' (known: …)").
std::vector<const pe::registered_scheme*> select_schemes(const std::vector<std::string>& names);

/// Print the matrix, then each row's evidence one level down.
void print_scheme_matrix(const std::vector<pe::scheme_row>& rows, const std::string& format, std::ostream& os);

/// 0 when every stated expectation of every row agrees with its verdict (and no declaration is
/// contradicted), 1 otherwise.
int schemes_exit_code(const std::vector<pe::scheme_row>& rows);

}  // namespace orderblind::cli
