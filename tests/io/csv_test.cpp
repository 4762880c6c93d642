// SPDX-License-Identifier: MIT
// The CSV reader: decimal and scientific numbers, comments and line ends, and every malformed file
// refused with a message that names the file, the line and the column.
#include <catch2/catch.hpp>
#include <cmath>

#include "orderblind/io/csv.hpp"

using namespace orderblind;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

TEST_CASE("a CSV matrix is read row by row, with comments, blank lines and CRLF line ends", "[io][csv]") {
  const auto t = io::parse_csv("# W_Q of layer 0\n1, 2.5, -3e2\r\n\n  +4 ,\t0,  .5\n", "w.csv");
  CHECK(t.rows == 2);
  CHECK(t.cols == 3);
  CHECK(t.element_type == "csv decimal");
  CHECK(t.as<double>() == from_rows<double, double>({{1, 2.5, -300}, {4, 0, 0.5}}));
  CHECK(io::parse_csv("7", "one.csv").at(0, 0) == 7.0);
  CHECK(io::parse_csv("1,2\n3,4", "no-final-newline.csv").rows == 2);
}

TEST_CASE("decimals are read as the nearest double, correctly rounded", "[io][csv]") {
  const auto t = io::parse_csv("0.1,1e300,-1e-300,4.9e-324\n", "r.csv");
  CHECK(t.at(0, 0) == 0.1);
  CHECK(t.at(0, 1) == 1e300);
  CHECK(t.at(0, 2) == -1e-300);
  CHECK(t.at(0, 3) == 4.9e-324);  // the least subnormal
}

TEST_CASE("malformed CSV files are refused with the file, line and column", "[io][csv][bad]") {
  REQUIRE_THROWS_AS(io::parse_csv("1,x\n", "w.csv"), io::file_format_error);
  REQUIRE_THROWS_WITH(io::parse_csv("1,2\n3,abc\n", "w.csv"),
                      Equals("w.csv: line 2, column 2: 'abc' is not a number"));
  REQUIRE_THROWS_WITH(io::parse_csv("q,k\n1,2\n", "w.csv"), Contains("a header row must start with '#'"));
  REQUIRE_THROWS_WITH(io::parse_csv("1,2,3\n4,5\n", "w.csv"),
                      Equals("w.csv: line 2 has 2 values but line 1 has 3: rows must be equally long"));
  REQUIRE_THROWS_WITH(io::parse_csv("1,,3\n", "w.csv"), Equals("w.csv: line 1, column 2: empty field"));
  REQUIRE_THROWS_WITH(io::parse_csv("1,2,\n", "w.csv"), Contains("column 3: empty field"));
  REQUIRE_THROWS_WITH(io::parse_csv("1e400\n", "w.csv"), Contains("out of the range of a double"));
  REQUIRE_THROWS_WITH(io::parse_csv("", "w.csv"), Equals("w.csv: no data rows (the file is empty or holds only comments)"));
  REQUIRE_THROWS_WITH(io::parse_csv("# only\n\n  \n", "w.csv"), Contains("no data rows"));
  REQUIRE_THROWS_WITH(io::parse_csv("1;2\n", "w.csv"), Contains("'1;2' is not a number"));
  REQUIRE_THROWS_WITH(io::parse_csv("0x10\n", "w.csv"), Contains("not a number"));
  REQUIRE_THROWS_WITH(io::parse_csv("++1\n", "w.csv"), Contains("not a number"));
  REQUIRE_THROWS_WITH(io::parse_csv("1 2\n", "w.csv"), Contains("'1 2' is not a number"));
  REQUIRE_THROWS_WITH(io::parse_csv(std::string("1,\0\x01", 4), "w.csv"), Contains("'\\x00\\x01'"));
}

TEST_CASE("NaN and infinity in CSV are refused unless allowed", "[io][csv][bad]") {
  REQUIRE_THROWS_WITH(io::parse_csv("1,nan\n", "w.csv"),
                      Equals("w.csv: line 1, column 2 holds NaN (only finite values are accepted)"));
  REQUIRE_THROWS_WITH(io::parse_csv("inf\n", "w.csv"), Contains("holds +Inf"));
  REQUIRE_THROWS_WITH(io::parse_csv("-infinity\n", "w.csv"), Contains("holds -Inf"));
  io::read_limits lenient;
  lenient.allow_nonfinite = true;
  CHECK(std::isinf(io::parse_csv("-inf\n", "w.csv", lenient).at(0, 0)));
}

TEST_CASE("a CSV file larger than the element limit is refused", "[io][csv][bad]") {
  io::read_limits small;
  small.max_elements = 3;
  CHECK(io::parse_csv("1,2,3\n", "w.csv", small).cols == 3);
  REQUIRE_THROWS_WITH(io::parse_csv("1,2\n3,4\n", "w.csv", small), Equals("w.csv: more than the limit of 3 values"));
}

TEST_CASE("files are dispatched by extension; unknown extensions and missing files are named", "[io][bad]") {
  REQUIRE_THROWS_WITH(io::read_matrix_file("weights.bin"), StartsWith("weights.bin: unknown file type '.bin'"));
  REQUIRE_THROWS_WITH(io::read_matrix_file("/nonexistent/x.csv"), Equals("/nonexistent/x.csv: cannot open the file"));
  REQUIRE_THROWS_WITH(io::read_matrix_file("/nonexistent/x.npy"), Contains("cannot open"));
}
