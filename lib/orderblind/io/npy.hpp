// SPDX-License-Identifier: MIT
#pragma once
/// NumPy `.npy` files: a reader for 2-D float64, float32 and integer arrays (C or Fortran order, either
/// byte order), and a writer for float64. Format: numpy.lib.format (versions 1.0, 2.0, 3.0).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>

#include "orderblind/index.hpp"
#include "orderblind/io/table.hpp"

namespace orderblind::io {
namespace detail {

/// The parsed header of a .npy file.
struct npy_header {
  char byte_order = '<';  ///< '<' little, '>' big, '|' not applicable (1-byte types)
  char kind = 'f';        ///< 'f' float, 'i' signed, 'u' unsigned
  std::size_t item_size = 8;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
};

/// A cursor over the header's Python dict literal, e.g. {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }.
class npy_dict_parser {
 public:
  npy_dict_parser(std::string_view text, const std::string& name) : s_(text), name_(name) {}

  npy_header parse() {
    npy_header h;
    bool has_descr = false, has_order = false, has_shape = false;
    expect('{');
    while (true) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = quoted();
      expect(':');
      if (key == "descr") {
        parse_descr(quoted(), h);
        has_descr = true;
      } else if (key == "fortran_order") {
        h.fortran_order = boolean();
        has_order = true;
      } else if (key == "shape") {
        h.shape = tuple();
        has_shape = true;
      } else {
        bad("unknown header key '" + printable(key) + "'");
      }
      skip_space();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      skip_space();
      if (peek() != '}') bad("expected ',' or '}' in the header");
    }
    ++i_;
    skip_space();
    if (i_ != s_.size()) bad("unexpected text after the header dictionary");
    if (!has_descr || !has_order || !has_shape)
      bad("the header lacks 'descr', 'fortran_order' or 'shape'");
    return h;
  }

 private:
  std::string_view s_;
  const std::string& name_;
  std::size_t i_ = 0;

  [[noreturn]] void bad(const std::string& what) const {
    fail(name_, "malformed .npy header: " + what + " (header: \"" + printable(s_, 80) + "\")");
  }
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_space() {
    // NOTE: NumPy pads the header with spaces and ends it with '\n'.
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  void expect(char c) {
    skip_space();
    if (peek() != c) bad(std::string("expected '") + c + "'");
    ++i_;
  }
  std::string quoted() {
    skip_space();
    const char q = peek();
    if (q != '\'' && q != '"') bad("expected a quoted string");
    const auto end = s_.find(q, i_ + 1);
    if (end == std::string_view::npos) bad("unterminated string");
    std::string out(s_.substr(i_ + 1, end - i_ - 1));
    i_ = end + 1;
    return out;
  }
  bool boolean() {
    skip_space();
    if (s_.substr(i_, 4) == "True") {
      i_ += 4;
      return true;
    }
    if (s_.substr(i_, 5) == "False") {
      i_ += 5;
      return false;
    }
    bad("'fortran_order' must be True or False");
  }
  std::vector<std::uint64_t> tuple() {
    expect('(');
    std::vector<std::uint64_t> dims;
    while (true) {
      skip_space();
      if (peek() == ')') break;
      if (peek() < '0' || peek() > '9') bad("a shape entry is not a non-negative integer");
      std::uint64_t v = 0;
      while (peek() >= '0' && peek() <= '9') {
        const auto digit = static_cast<std::uint64_t>(peek() - '0');
        if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) bad("a shape entry overflows 64 bits");
        v = v * 10 + digit;
        ++i_;
      }
      if (peek() == 'L') ++i_;  // Python 2 long suffix
      dims.push_back(v);
      if (dims.size() > 32) bad("more than 32 dimensions");
      skip_space();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() != ')') bad("expected ',' or ')' in the shape");
    }
    ++i_;
    return dims;
  }
  void parse_descr(const std::string& d, npy_header& h) {
    if (d.size() < 3 || (d[0] != '<' && d[0] != '>' && d[0] != '|' && d[0] != '='))
      bad("unsupported dtype '" + printable(d) + "' (expected e.g. '<f8', '<f4', '<i8')");
    h.byte_order = d[0] == '=' ? (std::endian::native == std::endian::little ? '<' : '>') : d[0];
    h.kind = d[1];
    const std::string size = d.substr(2);
    if (size.size() != 1 || size[0] < '1' || size[0] > '8') bad("unsupported dtype '" + printable(d) + "'");
    h.item_size = static_cast<std::size_t>(size[0] - '0');
    const bool ok = (h.kind == 'f' && (h.item_size == 4 || h.item_size == 8)) ||
                    ((h.kind == 'i' || h.kind == 'u') &&
                     (h.item_size == 1 || h.item_size == 2 || h.item_size == 4 || h.item_size == 8));
    if (!ok)
      bad("unsupported dtype '" + printable(d) +
          "' (supported: float64, float32, signed and unsigned integers of 1, 2, 4, 8 bytes)");
    if (h.byte_order == '|' && h.item_size != 1) bad("dtype '" + printable(d) + "' lacks a byte order");
  }
};

/// Reads one element at `p` as a double; integers beyond 2^53 are refused (not exact in a double).
inline double npy_element(const unsigned char* p, const npy_header& h, const std::string& name, std::size_t r,
                          std::size_t c) {
  const auto where = [&] { return "row " + std::to_string(r) + ", column " + std::to_string(c); };
  unsigned char b[8];
  std::memcpy(b, p, h.item_size);
  const bool swap = (h.byte_order == '<') != (std::endian::native == std::endian::little) && h.byte_order != '|';
  if (swap)
    for (std::size_t i = 0; i < h.item_size / 2; ++i) std::swap(b[i], b[h.item_size - 1 - i]);
  constexpr std::int64_t limit = std::int64_t{1} << 53;
  auto exact_int = [&](auto v) {
    if constexpr (std::is_signed_v<decltype(v)>) {
      if (v > limit || v < -limit)
        fail(name, where() + " holds the integer " + std::to_string(v) + ", beyond ±2^53: not exact in a double");
    } else {
      if (v > static_cast<std::uint64_t>(limit))
        fail(name, where() + " holds the integer " + std::to_string(v) + ", beyond 2^53: not exact in a double");
    }
    return static_cast<double>(v);
  };
  switch (h.kind) {
    case 'f':
      if (h.item_size == 8) return std::bit_cast<double>(b);
      {
        float f;
        std::memcpy(&f, b, 4);
        return static_cast<double>(f);  // exact: every float is a double
      }
    case 'i':
      switch (h.item_size) {
        case 1: return static_cast<double>(static_cast<std::int8_t>(b[0]));
        case 2: { std::int16_t v; std::memcpy(&v, b, 2); return v; }
        case 4: { std::int32_t v; std::memcpy(&v, b, 4); return v; }
        default: { std::int64_t v; std::memcpy(&v, b, 8); return exact_int(v); }
      }
    default:
      switch (h.item_size) {
        case 1: return b[0];
        case 2: { std::uint16_t v; std::memcpy(&v, b, 2); return v; }
        case 4: { std::uint32_t v; std::memcpy(&v, b, 4); return v; }
        default: { std::uint64_t v; std::memcpy(&v, b, 8); return exact_int(v); }
      }
  }
}

inline std::string npy_type_name(const npy_header& h) {
  const std::string bits = std::to_string(h.item_size * 8);
  return h.kind == 'f' ? "float" + bits : (h.kind == 'i' ? "int" : "uint") + bits;
}

/// The bytes of the file at `path`, at most `max_bytes` of them. Throws file_format_error naming the file
/// when it is a directory, cannot be opened or read, or is larger than `max_bytes`.
// NOTE: a directory opens as a stream on Linux and reads as zero bytes, which used to be reported as "not
// a .npy file"; it is named as a directory. A FIFO, socket or device is refused before it is opened (a
// FIFO without a writer blocks the open; a link to /dev/zero never ends), and the read is bounded, so that
// no file can fill memory before the element limit is checked.
inline std::string read_whole_file(const std::string& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::is_directory(st)) fail(path, "is a directory, not a file");
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    fail(path, "is not a regular file (a FIFO, socket or device): save the matrix to a file first");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open the file");
  std::string out;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    const auto got = static_cast<std::size_t>(in.gcount());
    if (out.size() + got > max_bytes)
      fail(path, "more than " + std::to_string(max_bytes) +
                     " bytes: larger than any table within the reader's element limit can be");
    out.append(buf, got);
  }
  if (in.bad()) fail(path, "read error");
  return out;
}

/// The bytes a file may hold for `lim.max_elements` values: 8 per value (a .npy float64) or 64 per value
/// (CSV text: a full-precision double in scientific notation takes 24 characters and a comma), plus 1 MiB
/// for headers and comments.
inline std::uintmax_t max_file_bytes(const read_limits& lim, std::uintmax_t per_value) {
  const std::uintmax_t slack = std::uintmax_t{1} << 20;
  const std::uintmax_t cap = (std::numeric_limits<std::uintmax_t>::max() - slack) / per_value;
  return std::min<std::uintmax_t>(lim.max_elements, cap) * per_value + slack;
}

}  // namespace detail

/// Parses the bytes of a .npy file; `name` is used in messages. Throws file_format_error.
inline table parse_npy(std::string_view bytes, const std::string& name, const read_limits& lim = {}) {
  using detail::fail;
  static constexpr std::string_view magic{"\x93NUMPY", 6};
  if (bytes.size() < 10 || bytes.substr(0, 6) != magic)
    fail(name, "not a .npy file (it does not start with the bytes \\x93NUMPY)");
  const auto major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3) fail(name, "unsupported .npy format version " + std::to_string(major));
  const auto u = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(bytes[i])); };
  std::size_t header_len = 0, data_start = 0;
  if (major == 1) {
    header_len = u(8) | (u(9) << 8);
    data_start = 10 + header_len;
  } else {
    if (bytes.size() < 12) fail(name, "truncated .npy preamble");
    header_len = u(8) | (u(9) << 8) | (u(10) << 16) | (u(11) << 24);
    data_start = 12 + header_len;
  }
  if (header_len > bytes.size() || data_start > bytes.size())
    fail(name, "truncated: the header claims " + std::to_string(header_len) + " bytes but the file has " +
                   std::to_string(bytes.size()));
  const auto header = detail::npy_dict_parser(bytes.substr(data_start - header_len, header_len), name).parse();

  if (header.shape.size() != 2) {
    std::string shape = "(";
    for (std::size_t i = 0; i < header.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(header.shape[i]);
    shape += header.shape.size() == 1 ? ",)" : ")";
    fail(name, "expected a 2-D array (rows x columns), got shape " + shape +
                   (header.shape.size() == 1 ? ": save a.reshape(1, -1) or a.reshape(-1, 1)" : ""));
  }
  const std::uint64_t rows = header.shape[0], cols = header.shape[1];
  if (rows == 0 || cols == 0)
    fail(name, "empty array of shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ")");
  if (rows > lim.max_elements || cols > lim.max_elements || rows > lim.max_elements / cols)
    fail(name, "shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ") exceeds the limit of " +
                   std::to_string(lim.max_elements) + " elements");
  const std::size_t count = to_size(rows * cols, "the number of elements");  // below the limit (checked above)
  const std::size_t expected = count * header.item_size;
  const std::size_t have = bytes.size() - data_start;
  if (have < expected)
    fail(name, "truncated: shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ") of " +
                   detail::npy_type_name(header) + " needs " + std::to_string(expected) + " data bytes, the file has " +
                   std::to_string(have));
  if (have > expected) fail(name, std::to_string(have - expected) + " unexpected bytes after the data");

  table t;
  t.source = name;
  t.element_type = detail::npy_type_name(header);
  t.rows = to_index(rows, "the number of rows");
  t.cols = to_index(cols, "the number of columns");
  t.values.resize(count);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data() + data_start);
  for (std::size_t k = 0; k < count; ++k) {
    // NOTE: Fortran order stores column after column; the table is always row-major.
    const std::size_t r = header.fortran_order ? k % rows : k / cols;
    const std::size_t c = header.fortran_order ? k / rows : k % cols;
    const double v = detail::npy_element(data + k * header.item_size, header, name, r, c);
    if (!std::isfinite(v)) detail::check_value(v, name, "row " + std::to_string(r) + ", column " + std::to_string(c), lim);
    t.values[r * cols + c] = v;
  }
  return t;
}

/// Reads a .npy file. Throws file_format_error naming the file and the problem.
inline table read_npy(const std::string& path, const read_limits& lim = {}) {
  // NOTE: a .npy header may be up to 4 GiB (format 2.0), but numpy writes at most a few hundred bytes.
  return parse_npy(detail::read_whole_file(path, detail::max_file_bytes(lim, 8)), path, lim);
}

/// The bytes of a version-1.0 .npy file holding `m` as little-endian float64 in C order.
inline std::string npy_bytes(const Matrix<double>& m) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(m.rows()) + ", " +
                       std::to_string(m.cols()) + "), }";
  // NOTE: the format pads the header with spaces so that magic + lengths + header is a multiple of 64.
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      auto bits = std::bit_cast<std::uint64_t>(m(r, c));
      for (int i = 0; i < 8; ++i, bits >>= 8) out += static_cast<char>(bits & 0xff);
    }
  return out;
}

/// Writes `m` to `path` as a .npy file (float64, C order).
inline void write_npy(const std::string& path, const Matrix<double>& m) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error(path + ": cannot open for writing");
  const auto bytes = npy_bytes(m);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error(path + ": write error");
}

}  // namespace orderblind::io
