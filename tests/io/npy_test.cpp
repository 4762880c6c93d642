// SPDX-License-Identifier: MIT
// The .npy reader: every supported element type, both orders and byte orders, and every malformed file
// refused with a message that names the file and the problem.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>

#include "orderblind/io/npy.hpp"
#include "orderblind/scalar/multiprecision.hpp"

using namespace orderblind;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using Catch::Matchers::Equals;

namespace {

/// A version-1.0 .npy file with the given header dictionary and raw data bytes.
std::string npy_raw(const std::string& dict, const std::string& data, char major = 1) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out("\x93NUMPY", 6);
  out += major;
  out += '\0';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  if (major >= 2) out += std::string(2, '\0');
  return out + header + data;
}

template <class V>
std::string bytes_of(std::initializer_list<V> values, bool big_endian = false) {
  std::string out;
  for (V v : values) {
    char b[sizeof(V)];
    std::memcpy(b, &v, sizeof(V));
    if (big_endian) std::reverse(b, b + sizeof(V));
    out.append(b, sizeof(V));
  }
  return out;
}

std::string dict(const std::string& descr, const std::string& shape, bool fortran = false) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
}

}  // namespace

TEST_CASE("a float64 matrix survives writing and reading unchanged", "[io][npy]") {
  const auto m = from_rows<double>({{0.1, -2.5, 1e300}, {-1e-300, 0.0, 3.0}});
  const auto t = io::parse_npy(io::npy_bytes(m), "m.npy");
  CHECK(t.rows == 2);
  CHECK(t.cols == 3);
  CHECK(t.element_type == "float64");
  CHECK(t.as<double>() == m);
}

TEST_CASE("a file written to disk reads back, and a missing file is named", "[io][npy]") {
  const auto path = (std::filesystem::temp_directory_path() / "orderblind_io_npy_test.npy").string();
  const auto m = from_rows<double>({{1, 2}, {3, 4}, {5, 6}});
  io::write_npy(path, m);
  CHECK(io::read_npy(path).as<double>() == m);
  std::filesystem::remove(path);
  REQUIRE_THROWS_WITH(io::read_npy(path), StartsWith(path) && Contains("cannot open"));
}

TEST_CASE("float32 and integer files convert to double without rounding", "[io][npy]") {
  const auto f32 = io::parse_npy(npy_raw(dict("<f4", "(1, 2)"), bytes_of<float>({0.1F, -3.5F})), "f.npy");
  CHECK(f32.element_type == "float32");
  CHECK(f32.at(0, 0) == static_cast<double>(0.1F));
  CHECK(f32.at(0, 1) == -3.5);
  const auto i8 = io::parse_npy(npy_raw(dict("|i1", "(1, 2)"), bytes_of<std::int8_t>({-128, 127})), "i.npy");
  CHECK(i8.at(0, 0) == -128.0);
  const auto u8 = io::parse_npy(npy_raw(dict("|u1", "(1, 1)"), bytes_of<std::uint8_t>({255})), "u.npy");
  CHECK(u8.at(0, 0) == 255.0);
  const auto i16 = io::parse_npy(npy_raw(dict("<i2", "(2, 1)"), bytes_of<std::int16_t>({-300, 300})), "i.npy");
  CHECK(i16.at(1, 0) == 300.0);
  const auto i32 = io::parse_npy(npy_raw(dict("<i4", "(1, 1)"), bytes_of<std::int32_t>({-70000})), "i.npy");
  CHECK(i32.at(0, 0) == -70000.0);
  const auto u32 = io::parse_npy(npy_raw(dict("<u4", "(1, 1)"), bytes_of<std::uint32_t>({4000000000U})), "u.npy");
  CHECK(u32.at(0, 0) == 4000000000.0);
  const std::int64_t big = std::int64_t{1} << 53;
  const auto i64 = io::parse_npy(npy_raw(dict("<i8", "(1, 2)"), bytes_of<std::int64_t>({big, -big})), "i.npy");
  CHECK(i64.at(0, 0) == 9007199254740992.0);
  CHECK(i64.element_type == "int64");
  const auto u16 = io::parse_npy(npy_raw(dict("<u2", "(1, 1)"), bytes_of<std::uint16_t>({65535})), "u.npy");
  CHECK(u16.at(0, 0) == 65535.0);
  const auto u64 = io::parse_npy(npy_raw(dict("<u8", "(1, 1)"), bytes_of<std::uint64_t>({7})), "u.npy");
  CHECK(u64.at(0, 0) == 7.0);
}

TEST_CASE("an integer beyond 2^53 is refused: a double could not hold it exactly", "[io][npy][bad]") {
  const std::int64_t too_big = (std::int64_t{1} << 53) + 1;
  REQUIRE_THROWS_AS(io::parse_npy(npy_raw(dict("<i8", "(1, 1)"), bytes_of<std::int64_t>({too_big})), "i.npy"),
                    io::file_format_error);
  REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<i8", "(1, 1)"), bytes_of<std::int64_t>({-too_big})), "i.npy"),
                      StartsWith("i.npy: row 0, column 0") && Contains("2^53"));
  REQUIRE_THROWS_WITH(
      io::parse_npy(npy_raw(dict("<u8", "(1, 1)"), bytes_of<std::uint64_t>({~std::uint64_t{0}})), "u.npy"),
      Contains("2^53"));
}

TEST_CASE("Fortran order, big-endian data and format versions 2 and 3 are read correctly", "[io][npy]") {
  // Fortran order: column after column, so the bytes 1 2 3 4 5 6 of a 2x3 array are [[1,3,5],[2,4,6]].
  const auto f = io::parse_npy(npy_raw(dict("<f8", "(2, 3)", true), bytes_of<double>({1, 2, 3, 4, 5, 6})), "f.npy");
  CHECK(f.as<double>() == from_rows<double>({{1, 3, 5}, {2, 4, 6}}));
  const auto be = io::parse_npy(npy_raw(dict(">f8", "(1, 2)"), bytes_of<double>({0.25, -7}, true)), "b.npy");
  CHECK(be.at(0, 0) == 0.25);
  CHECK(be.at(0, 1) == -7.0);
  const auto bi = io::parse_npy(npy_raw(dict(">i4", "(1, 1)"), bytes_of<std::int32_t>({-5}, true)), "b.npy");
  CHECK(bi.at(0, 0) == -5.0);
  const auto v2 = io::parse_npy(npy_raw(dict("<f8", "(1, 1)"), bytes_of<double>({9}), 2), "v2.npy");
  CHECK(v2.at(0, 0) == 9.0);
  const auto v3 = io::parse_npy(npy_raw(dict("<f8", "(1, 1)"), bytes_of<double>({9}), 3), "v3.npy");
  CHECK(v3.at(0, 0) == 9.0);
}

TEST_CASE("every double becomes its exact dyadic rational", "[io][exact]") {
  const auto t = io::parse_npy(io::npy_bytes(from_rows<double>({{0.1, -0.75, 1e-300}})), "x.npy");
  const auto q = t.as<mpq_rational>();
  // NOTE: the double nearest 1/10 is 3602879701896397 / 2^55 exactly, not 1/10.
  CHECK(q(0, 0) == mpq_rational(3602879701896397LL) / mpq_rational(36028797018963968LL));
  CHECK(q(0, 0) != mpq_rational(1) / mpq_rational(10));
  CHECK(q(0, 1) == mpq_rational(-3) / mpq_rational(4));
  CHECK(static_cast<double>(q(0, 2)) == 1e-300);
  const auto c = t.as<cpp_rational>();
  CHECK(c(0, 0) == cpp_rational(3602879701896397LL) / cpp_rational(36028797018963968LL));
}

TEST_CASE("malformed .npy files are refused with a message naming the file and the problem", "[io][npy][bad]") {
  const auto good = bytes_of<double>({1, 2});
  SECTION("not a .npy file") {
    REQUIRE_THROWS_WITH(io::parse_npy("hello, world", "a.npy"), StartsWith("a.npy: not a .npy file"));
    REQUIRE_THROWS_WITH(io::parse_npy("", "a.npy"), StartsWith("a.npy: not a .npy file"));
  }
  SECTION("unknown version") {
    auto b = npy_raw(dict("<f8", "(1, 2)"), good);
    b[6] = 9;
    REQUIRE_THROWS_WITH(io::parse_npy(b, "a.npy"), Contains("version 9"));
  }
  SECTION("a header longer than the file") {
    auto b = npy_raw(dict("<f8", "(1, 2)"), good);
    b[8] = '\xff';
    b[9] = '\x7f';
    REQUIRE_THROWS_WITH(io::parse_npy(b, "a.npy"), StartsWith("a.npy: truncated"));
  }
  SECTION("shape not 2-D") {
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(2,)"), good), "a.npy"),
                        Contains("expected a 2-D array") && Contains("(2,)") && Contains("reshape"));
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(1, 1, 2)"), good), "a.npy"), Contains("(1, 1, 2)"));
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "()"), good), "a.npy"), Contains("2-D"));
  }
  SECTION("empty array") {
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(0, 3)"), ""), "a.npy"), Contains("empty array"));
  }
  SECTION("unsupported element types") {
    for (const char* d : {"<f2", "<c16", "|b1", "<U8", "O", "<f16", "|f8", "<x8"})
      REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict(d, "(1, 2)"), good), "a.npy"), Contains("dtype"));
  }
  SECTION("truncated and trailing data") {
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(2, 2)"), good), "a.npy"),
                        Contains("needs 32 data bytes, the file has 16"));
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(1, 1)"), good), "a.npy"),
                        Contains("8 unexpected bytes after the data"));
  }
  SECTION("a huge shape is refused before anything is allocated") {
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(1000000000, 1000000000)"), good), "a.npy"),
                        Contains("exceeds the limit of 16777216 elements"));
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(99999999999999999999999, 1)"), good), "a.npy"),
                        Contains("overflows"));
    io::read_limits small;
    small.max_elements = 1;
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(1, 2)"), good), "a.npy", small), Contains("limit of 1"));
  }
  SECTION("garbled header dictionaries") {
    for (const char* h : {"", "{", "{}", "{'descr': '<f8'}", "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1, 2)}",
                          "{'descr': '<f8', 'fortran_order': False, 'shape': (1, -2)}",
                          "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), 'extra': 1}",
                          "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2)} trailing",
                          "{'descr: '<f8', 'fortran_order': False, 'shape': (1, 2)}",
                          "{'descr': '<f8' 'fortran_order': False, 'shape': (1, 2)}",
                          "{'descr': '<f8', 'fortran_order': False, 'shape': (1 2)}"})
      REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(h, good), "a.npy"), StartsWith("a.npy: malformed .npy header"));
  }
  SECTION("NaN and infinity, unless allowed") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(1, 2)"), bytes_of<double>({1, nan})), "a.npy"),
                        Equals("a.npy: row 0, column 1 holds NaN (only finite values are accepted)"));
    REQUIRE_THROWS_WITH(io::parse_npy(npy_raw(dict("<f8", "(2, 1)"), bytes_of<double>({1, -inf})), "a.npy"),
                        Contains("row 1, column 0 holds -Inf"));
    io::read_limits lenient;
    lenient.allow_nonfinite = true;
    CHECK(std::isnan(io::parse_npy(npy_raw(dict("<f8", "(1, 2)"), bytes_of<double>({1, nan})), "a.npy", lenient).at(0, 1)));
  }
}
