// SPDX-License-Identifier: MIT
#pragma once
/// CSV matrices: one row per line, values separated by commas. Lines that are blank or start with '#'
/// are skipped (numpy.savetxt's header style); "\r\n" line ends are accepted, and a UTF-8 byte order
/// mark at the start (what spreadsheets write) is skipped. Every value is parsed as
/// the nearest double (std::from_chars: locale-independent), so "0.1" means the double nearest 1/10.
#include <charconv>
#include <string>
#include <string_view>

#include "orderblind/index.hpp"
#include "orderblind/io/npy.hpp"  // detail::read_whole_file
#include "orderblind/io/table.hpp"

namespace orderblind::io {
namespace detail {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// Parses one CSV field as a double, or throws naming the line and column.
inline double csv_number(std::string_view field, const std::string& name, std::size_t line, std::size_t col) {
  const auto where = [&] { return "line " + std::to_string(line) + ", column " + std::to_string(col); };
  std::string_view f = trim(field);
  if (f.empty()) fail(name, where() + ": empty field");
  // NOTE: from_chars rejects a leading '+', which spreadsheets write; accept it unless followed by a sign.
  if (f.front() == '+' && f.size() > 1 && f[1] != '-' && f[1] != '+') f.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
  if (ec == std::errc::result_out_of_range)
    fail(name, where() + ": '" + printable(f) + "' is out of the range of a double");
  if (ec != std::errc() || end != f.data() + f.size()) {
    // NOTE: a number followed by another separator is a file in another dialect: say which, e.g.
    // numpy.savetxt's default (spaces) or a spreadsheet's in a locale with decimal commas (';').
    std::string hint = line == 1 ? " (a header row must start with '#')" : "";
    if (ec == std::errc() && end != f.data() + f.size()) {
      const char sep = *end;
      if (sep == ';' || sep == '\t' || sep == ' ')
        hint = std::string(" (values must be separated by commas; this one is followed by ") +
               (sep == ';' ? "';'" : sep == '\t' ? "a tab" : "a space") +
               (sep == ' ' ? ": numpy.savetxt writes spaces unless given delimiter=','" : "") + ")";
    }
    fail(name, where() + ": '" + printable(f) + "' is not a number" + hint);
  }
  return v;
}

}  // namespace detail

/// Parses CSV text; `name` is used in messages. Throws file_format_error.
inline table parse_csv(std::string_view text, const std::string& name, const read_limits& lim = {}) {
  using detail::fail;
  table t;
  t.source = name;
  t.element_type = "csv decimal";
  static constexpr std::string_view utf8_bom{"\xEF\xBB\xBF", 3};
  if (text.substr(0, 3) == utf8_bom) text.remove_prefix(3);
  if (text.size() >= 2 && ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF')))
    fail(name, "UTF-16 text (it starts with a UTF-16 byte order mark): save the file as UTF-8 or ASCII");
  std::size_t line_no = 0, first_data_line = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    const std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    const auto body = detail::trim(line);
    if (body.empty() || body.front() == '#') continue;
    std::size_t fields = 0, start = 0;
    while (true) {
      const auto comma = body.find(',', start);
      const auto field = body.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      ++fields;
      if (t.values.size() >= lim.max_elements)
        fail(name, "more than the limit of " + std::to_string(lim.max_elements) + " values");
      const double v = detail::csv_number(field, name, line_no, fields);
      if (!std::isfinite(v))
        detail::check_value(v, name, "line " + std::to_string(line_no) + ", column " + std::to_string(fields), lim);
      t.values.push_back(v);
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    const Eigen::Index width = to_index(fields, "the number of values on a line");
    if (t.rows == 0) {
      t.cols = width;
      first_data_line = line_no;
    } else if (width != t.cols) {
      fail(name, "line " + std::to_string(line_no) + " has " + std::to_string(fields) + " values but line " +
                     std::to_string(first_data_line) + " has " + std::to_string(t.cols) + ": rows must be equally long");
    }
    ++t.rows;
  }
  if (t.rows == 0) fail(name, "no data rows (the file is empty or holds only comments)");
  return t;
}

/// Reads a CSV file. Throws file_format_error naming the file and the problem.
inline table read_csv(const std::string& path, const read_limits& lim = {}) {
  return parse_csv(detail::read_whole_file(path, detail::max_file_bytes(lim, 64)), path, lim);
}

/// Reads a matrix file by its extension (in any case): `.npy` as NumPy, `.csv` / `.txt` as CSV.
inline table read_matrix_file(const std::string& path, const read_limits& lim = {}) {
  const auto dot = path.rfind('.');
  std::string ext = dot == std::string::npos ? "" : path.substr(dot);
  // NOTE: case-insensitive (a spreadsheet on Windows writes DATA.CSV).
  for (char& c : ext) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  if (ext == ".npy") return read_npy(path, lim);
  if (ext == ".csv" || ext == ".txt") return read_csv(path, lim);
  detail::fail(path, "unknown file type '" + path.substr(dot == std::string::npos ? path.size() : dot) +
                         "' (expected .npy, .csv or .txt)");
}

}  // namespace orderblind::io
