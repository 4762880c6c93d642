// SPDX-License-Identifier: MIT
// Every input under fuzz/regressions/ (crashes and hangs the libFuzzer targets once found, and the seed
// corpus) replays through both readers: each is either read or refused with file_format_error.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "orderblind/io/csv.hpp"
#include "orderblind/io/npy.hpp"

using namespace orderblind;

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST_CASE("every fuzzer regression and corpus input is read or refused cleanly", "[io][fuzz]") {
  const std::filesystem::path root{ORDERBLIND_FUZZ_DIR};
  int files = 0;
  for (const char* sub : {"regressions", "corpus/npy", "corpus/csv"}) {
    if (!std::filesystem::exists(root / sub)) continue;
    for (const auto& e : std::filesystem::directory_iterator(root / sub)) {
      if (!e.is_regular_file() || e.path().filename() == "README.md") continue;
      const auto bytes = slurp(e.path());
      const auto name = e.path().filename().string();
      INFO("input " << name);
      for (auto parse : {+[](std::string_view b, const std::string& n) { return io::parse_npy(b, n); },
                         +[](std::string_view b, const std::string& n) { return io::parse_csv(b, n); }}) {
        try {
          const auto t = parse(bytes, name);
          CHECK(t.values.size() == static_cast<std::size_t>(t.rows * t.cols));
        } catch (const io::file_format_error& err) {
          CHECK(std::string(err.what()).rfind(name + ": ", 0) == 0);
        }
      }
      ++files;
    }
  }
  CHECK(files > 0);
}
