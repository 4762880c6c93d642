// SPDX-License-Identifier: MIT
#pragma once
/// The `schemes` command, compiled once into orderblind::pe (lib/src/pe/schemes_command.cpp) and shared by
/// `orderblind schemes` and a user's scheme check (orderblind_check_scheme, orderblind-check-scheme;
/// docs/user-schemes.md): which registered schemes to run, the verdicts stated on the command line, the
/// report, and the exit rule.
///
/// Exit codes: 0 every stated expectation agrees with its verdict; 1 one differs; 2 bad usage — an unknown
/// scheme, a malformed --expect, two schemes registered under one name (or a registration that threw), no
/// scheme registered, a scheme that breaks the plug-in contract (the message names the member and the
/// position), the battery's own memory limit, and, for a user's check, a scheme with no expectation stated
/// at all (nothing would be compared, and a check that cannot fail gates nothing).
// NOTE: no project header: a user's check unit includes this after its own header, and should compile
// the scheme and its type erasure only.
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace orderblind::verify {
struct report;
struct check;
}  // namespace orderblind::verify

namespace orderblind::pe {

/// What the command was asked, and how it words its messages.
struct schemes_request {
  std::vector<std::string> names;     ///< --scheme: names or families (all registered schemes when empty)
  std::optional<std::string> expect;  ///< --expect "property=verdict,…", replacing the stated expectations
  /// A user's check: a scheme with no expectation stated (in its expectations() or with --expect) exits 2.
  bool require_expectations = false;
  std::string program = "orderblind";  ///< the prefix of every message on `err`
  std::string help = "'orderblind --help'";  ///< where a bad usage message sends the user
  /// Said when no scheme is registered.
  std::string none_registered =
      "the header registered no scheme (add ORDERBLIND_REGISTER_SCHEME(your_scheme{}); after including "
      "orderblind/pe/register.hpp)";
};

/// Runs the battery on the chosen registered schemes, hands the report (schema orderblind-schemes/2) to
/// `emit` and returns the exit code above; every message goes to `err` as "<program>: …".
int run_schemes_command(const schemes_request& request, const std::function<void(const verify::report&)>& emit,
                        std::ostream& err);

/// The main of a user's scheme check: `<program> [--scheme NAME]… [--expect "property=verdict,…"]
/// [--format text|markdown|json|junit]`; the report on standard output, the exit code above.
int check_scheme_main(int argc, char** argv);

}  // namespace orderblind::pe
