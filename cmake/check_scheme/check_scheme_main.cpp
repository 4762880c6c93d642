// SPDX-License-Identifier: MIT
// The main of a user's scheme check (docs/user-schemes.md). Compiled in ONE translation unit after the
// user's header, which registers its schemes with ORDERBLIND_REGISTER_SCHEME (orderblind/pe/register.hpp);
// linked with schemes_report.cpp (beside this file), the renderer of `orderblind schemes`. It runs the PE battery on every
// registered scheme and prints the same report as `orderblind schemes --scheme NAME`.
//
//   <program> [--scheme NAME]… [--expect "relative scores=holds,norm-preserving=holds"] [--format text|markdown|json|junit]
//
// Exit 0: every scheme has stated expectations (in its expectations() or with --expect) and every one
// agrees with its verdict. 1: one differs. 2: bad usage — an unknown option, scheme, property or verdict,
// a malformed --expect, two schemes registered under one name, no scheme registered, a scheme that breaks
// the plug-in contract (an empty name, dim() or max_position() out of range, a vector of the wrong
// length: the message names the member and the position), the battery's own memory limit, or a scheme with no
// expectation stated at all (nothing would be compared, and a check that cannot fail gates nothing).
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "orderblind/pe/register.hpp"
#include "schemes_report.hpp"

namespace {

const char* const usage_text =
    "usage: %s [--scheme NAME]... [--expect \"property=verdict,...\"] [--format text|markdown|json|junit]\n"
    "Runs the positional-encoding battery on the schemes your header registers and prints the report of\n"
    "`orderblind schemes`. --expect states verdicts (holds, fails, n/a) for each chosen scheme, replacing the\n"
    "header's expectations() for those properties. Exit 0 all stated expectations agree, 1 one differs, 2 bad\n"
    "usage (including a scheme with no expectation stated).\n";

int bad_usage(const std::string& program, const std::string& message) {
  std::cerr << program << ": " << message << " (see --help)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  namespace pe = orderblind::pe;
  std::string program = argc > 0 && argv[0][0] != '\0' ? argv[0] : "check-scheme";
  program = program.substr(program.find_last_of('/') + 1);
  std::vector<std::string> names;
  std::string expect_spec;
  bool expect_given = false;
  std::string format = "text";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    std::string value;
    bool has_value = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    if (arg == "--help" || arg == "-h") {
      std::printf(usage_text, program.c_str());
      return 0;
    }
    if (arg != "--scheme" && arg != "--expect" && arg != "--format")
      return bad_usage(program, "unknown argument '" + std::string(argv[i]) + "'");
    if (!has_value) {
      if (i + 1 >= argc) return bad_usage(program, arg + " needs a value");
      value = argv[++i];
    }
    if (arg == "--scheme") names.push_back(value);
    else if (arg == "--format") format = value;
    else if (expect_given) return bad_usage(program, "--expect given twice (state every property in one list)");
    else expect_spec = value, expect_given = true;
  }
  if (format != "text" && format != "markdown" && format != "json" && format != "junit")
    return bad_usage(program, "unknown format '" + format + "' (expected text, markdown, json or junit)");
  try {
    pe::stated_expectations expect;
    if (expect_given) {
      try {
        expect = pe::parse_expectations(expect_spec);
      } catch (const std::invalid_argument& e) {
        return bad_usage(program, std::string("--expect: ") + e.what());
      }
    }
    if (!pe::registration_conflicts().empty()) {
      for (const auto& c : pe::registration_conflicts()) std::cerr << program << ": " << c << "\n";
      return 2;
    }
    if (pe::scheme_registry().empty())
      return bad_usage(program, "the header registered no scheme (add ORDERBLIND_REGISTER_SCHEME(your_scheme{}); "
                                "after including orderblind/pe/register.hpp)");
    std::vector<pe::scheme_row> rows;
    for (const auto* s : pe::select_schemes(names)) {
      rows.push_back(s->run());
      pe::state_expectations(rows.back(), expect, "stated on the command line (--expect)");
    }
    orderblind::check_scheme::print_scheme_matrix(rows, format, std::cout);
    std::cout.flush();
    int rc = pe::schemes_exit_code(rows);
    for (const auto& r : rows)
      if (!r.has_expectations()) {
        std::cerr << program << ": no expectation stated for '" << r.name
                  << "': nothing was compared (state them in its expectations() or with --expect)\n";
        rc = 2;
      }
    return rc;
  } catch (const pe::invalid_scheme_error& e) {
    // NOTE: the scheme broke the plug-in contract (a wrong vector length, dim() out of range, …): bad
    // input, exit 2, with the member and the position in the message.
    std::cerr << program << ": the scheme is not valid: " << e.what() << "\n";
    return 2;
  } catch (const pe::battery_limit_error& e) {
    std::cerr << program << ": " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    return bad_usage(program, e.what());
  } catch (const std::exception& e) {
    std::cerr << program << ": error: " << e.what() << "\n";
    return 1;
  }
}
