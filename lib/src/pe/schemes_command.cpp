// SPDX-License-Identifier: MIT
// The `schemes` command (orderblind/pe/schemes_command.hpp): one implementation of the choice of schemes,
// the stated verdicts, the report and the exit rule, for `orderblind schemes` and a user's scheme check.
#include "orderblind/pe/schemes_command.hpp"

#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>

#include "orderblind/pe/erased.hpp"
#include "orderblind/pe/register.hpp"
#include "orderblind/pe/schemes_report.hpp"
#include "orderblind/verify/render.hpp"

namespace orderblind::pe {
namespace {

int bad_usage(const schemes_request& r, std::ostream& err, const std::string& message) {
  err << r.program << ": " << message << " (see " << r.help << ")\n";
  return 2;
}

}  // namespace

int run_schemes_command(const schemes_request& request, const std::function<void(const verify::report&)>& emit,
                        std::ostream& err) {
  const std::string& program = request.program;
  stated_expectations expect;
  if (request.expect) {
    try {
      expect = parse_expectations(*request.expect);
    } catch (const std::invalid_argument& e) {
      return bad_usage(request, err, std::string("--expect: ") + e.what());
    }
  }
  if (!registration_conflicts().empty()) {
    for (const auto& c : registration_conflicts()) err << program << ": " << c << "\n";
    return 2;
  }
  if (scheme_registry().empty()) {
    err << program << ": " << request.none_registered << "\n";
    return 2;
  }
  std::vector<const registered_scheme*> chosen;
  try {
    chosen = select_schemes(request.names);
  } catch (const std::invalid_argument& e) {
    return bad_usage(request, err, std::string("--scheme: ") + e.what());
  }
  std::vector<verify::report> runs;
  try {
    for (const auto* s : chosen) {
      runs.push_back(s->run());
      state_expectations(runs.back(), expect, "stated on the command line (--expect)");
    }
  } catch (const invalid_scheme_error& e) {
    // NOTE: the scheme broke the plug-in contract (a wrong vector length, dim() out of range, …): bad
    // input, exit 2, with the member and the position in the message.
    err << program << ": the scheme is not valid: " << e.what() << "\n";
    return 2;
  } catch (const battery_limit_error& e) {
    err << program << ": " << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    err << program << ": bad input: " << e.what() << "\n";
    return 2;
  }
  emit(schemes_report(runs));
  // NOTE: any stated expectation that differs fails — the catalogue's, the scheme's own, or --expect's:
  // the report's agreement checks fail exactly then.
  int rc = schemes_exit_code(runs);
  if (request.require_expectations)
    for (const auto& r : runs)
      if (!has_expectations(r)) {
        err << program << ": no expectation stated for '" << run_text(r, "scheme")
            << "': nothing was compared (state them in its expectations() or with --expect)\n";
        rc = 2;
      }
  return rc;
}

int check_scheme_main(int argc, char** argv) {
  static const char* const usage_text =
      "usage: %s [--scheme NAME]... [--expect \"property=verdict,...\"] [--format text|markdown|json|junit]\n"
      "Runs the positional-encoding battery on the schemes your header registers and prints the report of\n"
      "`orderblind schemes`. --expect states verdicts (holds, fails, n/a) for each chosen scheme, replacing the\n"
      "header's expectations() for those properties. Exit 0 all stated expectations agree, 1 one differs, 2 bad\n"
      "usage (including a scheme with no expectation stated).\n";
  schemes_request request;
  request.require_expectations = true;
  request.help = "--help";
  std::string program = argc > 0 && argv[0][0] != '\0' ? argv[0] : "check-scheme";
  request.program = program.substr(program.find_last_of('/') + 1);
  std::string format = "text";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    bool has_value = false;
    if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    if (arg == "--help" || arg == "-h") {
      std::printf(usage_text, request.program.c_str());
      return 0;
    }
    if (arg != "--scheme" && arg != "--expect" && arg != "--format")
      return bad_usage(request, std::cerr, "unknown argument '" + std::string(argv[i]) + "'");
    if (!has_value) {
      if (i + 1 >= argc) return bad_usage(request, std::cerr, arg + " needs a value");
      value = argv[++i];
    }
    if (arg == "--scheme") request.names.push_back(value);
    else if (arg == "--format") format = value;
    else if (request.expect) return bad_usage(request, std::cerr, "--expect given twice (state every property in one list)");
    else request.expect = value;
  }
  const auto f = verify::parse_format(format);
  if (!f)
    return bad_usage(request, std::cerr,
                     "unknown format '" + format + "' (expected " + std::string(verify::format_names) + ")");
  try {
    const int rc = run_schemes_command(
        request, [&](const verify::report& r) { verify::render(r, *f, std::cout); }, std::cerr);
    std::cout.flush();
    return rc;
  } catch (const std::bad_alloc&) {
    std::cerr << request.program << ": out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << request.program << ": error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace orderblind::pe
