// SPDX-License-Identifier: MIT
#pragma once
/// Running `orderblind` from a robustness test: the command line, its exit code and everything it wrote.
/// The command is the build's (ORDERBLIND_EXE, set by CMake), or the one named by the environment
/// variable ORDERBLIND_EXE (to run the same cases against another build, e.g. the one before a fix).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace orderblind::robustness {

/// What a run of the command gave.
struct run_result {
  int rc = -1;         ///< the exit code; 124 when it ran past its time limit, 128+N for signal N
  std::string output;  ///< stdout and stderr together
};

/// The command under test.
inline std::string exe() {
  if (const char* e = std::getenv("ORDERBLIND_EXE"); e && *e) return e;
  return ORDERBLIND_EXE;
}

/// `s` quoted for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs `orderblind args…` in `dir` with `env` (NAME=value words) prepended, under `timeout` seconds
/// (coreutils timeout: a hang is exit 124, not a stuck test) and an optional address-space limit in KiB.
inline run_result run(const std::vector<std::string>& args, const std::filesystem::path& dir = ".",
                      const std::vector<std::string>& env = {}, int timeout = 120, long limit_kib = 0) {
  std::string cmd = "cd " + shell_quote(dir.string()) + " && ";
  if (limit_kib > 0) cmd += "ulimit -v " + std::to_string(limit_kib) + " && ";
  cmd += "env";
  for (const auto& e : env) cmd += " " + shell_quote(e);
  cmd += " timeout " + std::to_string(timeout) + " " + shell_quote(exe());
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " 2>&1";
  run_result r;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  while (const std::size_t got = std::fread(buf.data(), 1, buf.size(), p)) r.output.append(buf.data(), got);
  const int status = ::pclose(p);
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

/// Whether an address-space limit (`ulimit -v`) can measure the command: not in a sanitizer build, whose
/// command reserves terabytes of shadow memory at start-up and cannot run under any such limit.
inline constexpr bool address_limits_measure() {
#if defined(__SANITIZE_ADDRESS__)
  return false;
#else
  return true;
#endif
}

/// A fresh directory for one test's files, under the build tree.
inline std::filesystem::path scratch(const std::string& name) {
  const auto d = std::filesystem::path(ORDERBLIND_SCRATCH) / name;
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

/// Writes `bytes` to `path` exactly.
inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

}  // namespace orderblind::robustness
