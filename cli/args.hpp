// SPDX-License-Identifier: MIT
#pragma once
/// A subcommand's options as the commands declare them. CLI11 (a header-only parser) stays behind this
/// boundary, in cli/args.cpp and cli/main.cpp: a cli/cmd_*.cpp never includes it.
// NOTE: CLI11 2.1 (Debian libcli11-dev) has no compiled mode, and its header alone cost ≈ 5.5 CPU s per
// unit at -O2 (its validators are namespace-scope objects with std::function members, constructed in every
// unit that includes it); 12 of the command's units included it through registry.hpp, and the 8 that
// declare options instantiated add_option again. Compiled once here instead (docs/build.md, ninth session).
#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace orderblind::cli {

/// Bad usage that a command finds after parsing (exit code 2), reported as CLI11 reports its own:
/// "orderblind: <where>: <why> (see 'orderblind --help')".
struct usage_error : std::invalid_argument {
  usage_error(const std::string& where, const std::string& why) : std::invalid_argument(where + ": " + why) {}
};

/// What an option's value must satisfy, and how it is shown in --help.
struct option_spec {
  bool show_default = false;  ///< print the default value in --help
  bool required = false;      ///< the option (or positional) must be given
  /// Inclusive bounds of a whole-number option, checked as the option's own type.
  std::optional<std::pair<long, long>> range{};
  std::vector<std::string> one_of{};  ///< the values allowed (empty: any)
  /// A finite number: > 0 (`positive`) or ≥ 0. NaN and inf are refused (CLI11's own NonNegativeNumber and
  /// PositiveNumber let them through, and a NaN bound would make every comparison "hold").
  enum class finite { any, positive, non_negative } finite_number = finite::any;
};

/// The options and the action of one subcommand (a wrapper of its CLI::App, which outlives it).
class args {
 public:
  explicit args(CLI::App& app) : app_(&app) {}

  /// An option ("--name", or "-o,--name") or, for a name without a dash, a positional argument.
  args& option(const std::string& names, std::string& value, const std::string& help, const option_spec& = {});
  args& option(const std::string& names, long& value, const std::string& help, const option_spec& = {});
  args& option(const std::string& names, unsigned& value, const std::string& help, const option_spec& = {});
  args& option(const std::string& names, std::size_t& value, const std::string& help, const option_spec& = {});
  args& option(const std::string& names, double& value, const std::string& help, const option_spec& = {});
  args& option(const std::string& names, std::optional<double>& value, const std::string& help,
               const option_spec& = {});
  args& option(const std::string& names, std::vector<std::string>& values, const std::string& help,
               const option_spec& = {});
  /// A flag: `value` becomes true when it is given.
  args& flag(const std::string& names, bool& value, const std::string& help);
  /// What the subcommand does once its options are parsed; it may throw usage_error.
  void on_run(std::function<void()> action);

 private:
  CLI::App* app_;
};

}  // namespace orderblind::cli
