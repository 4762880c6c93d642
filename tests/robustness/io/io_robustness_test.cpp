// SPDX-License-Identifier: MIT
// The files `orderblind check` reads, generated here as a user's tools write them; each run asserts the exit
// code and the key words of the one-line message (the .npy reader's malformed headers are in tests/io).
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "matrices.hpp"
#include "orderblind/io/csv.hpp"
#include "run_command.hpp"

using namespace orderblind;
using namespace orderblind::robustness;
using Catch::Matchers::Contains;

namespace {
const std::string utf8_bom = "\xEF\xBB\xBF";
}

TEST_CASE("CSV: a UTF-8 byte order mark (what spreadsheets write) and CRLF line ends are read as the plain file",
          "[robustness][io][csv]") {
  const auto d = scratch("csv_bom_crlf");
  const auto m = sinusoid_table(64, 8);
  write_file(d / "plain.csv", csv_text(m));
  write_file(d / "bom.csv", utf8_bom + csv_text(m));
  write_file(d / "crlf.csv", csv_text(m, "\r\n"));
  write_file(d / "bom_crlf.csv", utf8_bom + "# a header comment\r\n" + csv_text(m, "\r\n"));
  const auto plain = io::read_matrix_file((d / "plain.csv").string());
  for (const char* name : {"bom.csv", "crlf.csv", "bom_crlf.csv"}) {
    const auto t = io::read_matrix_file((d / name).string());
    INFO(name);
    CHECK(t.rows == 64);
    CHECK(t.cols == 8);
    CHECK(t.values == plain.values);
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 0);
    CHECK_THAT(r.output, Contains("[held] relative scores"));
  }
}

TEST_CASE("CSV: UTF-16 is named as UTF-16; a BOM alone is an empty file; a BOM inside is not a number",
          "[robustness][io][csv]") {
  const auto d = scratch("csv_encodings");
  write_file(d / "utf16le.csv", std::string("\xFF\xFE" "1\0,\0" "2\0\n\0", 10));
  write_file(d / "utf16be.csv", std::string("\xFE\xFF\0" "1\0,\0" "2\0\n", 10));
  write_file(d / "bom_only.csv", utf8_bom);
  write_file(d / "bom_line2.csv", "1,2\n" + utf8_bom + "3,4\n");
  for (const char* name : {"utf16le.csv", "utf16be.csv"}) {
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains(name) && Contains("UTF-16"));
  }
  const auto e = run({"check", "--pe", "bom_only.csv"}, d);
  INFO(e.output);
  CHECK(e.rc == 2);
  CHECK_THAT(e.output, Contains("bom_only.csv: no data rows"));
  const auto l = run({"check", "--pe", "bom_line2.csv"}, d);
  INFO(l.output);
  CHECK(l.rc == 2);
  CHECK_THAT(l.output, Contains("bom_line2.csv: line 2, column 1") && Contains("is not a number"));
}

TEST_CASE("a directory named like a matrix file is named as a directory", "[robustness][io][files]") {
  const auto d = scratch("directory_named_npy");
  std::filesystem::create_directories(d / "d.npy");
  std::filesystem::create_directories(d / "d.csv");
  for (const char* name : {"d.npy", "d.csv"}) {
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains(std::string(name) + ": is a directory"));
  }
}

TEST_CASE("a FIFO or a device under a matrix's name is refused at once (no hang, no unbounded read)",
          "[robustness][io][files]") {
  const auto d = scratch("special_files");
  REQUIRE(::mkfifo((d / "fifo.csv").c_str(), 0600) == 0);
  std::filesystem::create_symlink("/dev/zero", d / "zero.npy");
  for (const char* name : {"fifo.csv", "zero.npy"}) {
    const auto r = run({"check", "--pe", name}, d, {}, 20);
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains(std::string(name) + ": is not a regular file"));
  }
}

TEST_CASE("empty and comment-only files, a missing file, a dangling link", "[robustness][io][files]") {
  const auto d = scratch("empty_files");
  write_file(d / "empty.csv", "");
  write_file(d / "empty.npy", "");
  write_file(d / "comments.csv", "# a\n#b\r\n\n   \n");
  std::filesystem::create_symlink(d / "nowhere.npy", d / "dangling.npy");
  const std::pair<const char*, const char*> cases[] = {{"empty.csv", "no data rows"},
                                                       {"empty.npy", "not a .npy file"},
                                                       {"comments.csv", "no data rows"},
                                                       {"missing.csv", "cannot open the file"},
                                                       {"dangling.npy", "cannot open the file"}};
  for (const auto& [name, words] : cases) {
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains(std::string(name) + ": " + words));
  }
}

TEST_CASE("the extension is read in any case: DATA.CSV and PE.NPY as a spreadsheet or a tool writes them",
          "[robustness][io][files]") {
  const auto d = scratch("extension_case");
  write_file(d / "DATA.CSV", csv_text(sinusoid_table(64, 8)));
  io::write_npy((d / "PE.Npy").string(), sinusoid_table(64, 8));
  write_file(d / "table.Bin", "1,2\n");
  for (const char* name : {"DATA.CSV", "PE.Npy"}) {
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 0);
  }
  const auto bin = run({"check", "--pe", "table.Bin"}, d);
  INFO(bin.output);
  CHECK(bin.rc == 2);
  CHECK_THAT(bin.output, Contains("table.Bin: unknown file type '.Bin'"));
}

TEST_CASE("CSV in another dialect: the message names the separator found (spaces from numpy.savetxt, ';', tabs)",
          "[robustness][io][csv]") {
  const auto d = scratch("csv_dialects");
  write_file(d / "spaces.csv", "1.000000000000000000e+00 2.000000000000000000e+00\n3 4\n");
  write_file(d / "semicolons.csv", "1;2\n3;4\n");
  write_file(d / "tabs.csv", "1\t2\n3\t4\n");
  const std::pair<const char*, const char*> cases[] = {
      {"spaces.csv", "followed by a space: numpy.savetxt writes spaces unless given delimiter=','"},
      {"semicolons.csv", "followed by ';'"},
      {"tabs.csv", "followed by a tab"}};
  for (const auto& [name, words] : cases) {
    const auto r = run({"check", "--pe", name}, d);
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains(std::string(name) + ": line 1, column 1") && Contains(words));
  }
}
