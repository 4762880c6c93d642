// SPDX-License-Identifier: MIT
#pragma once
/// The command's plug-in points: subcommands and the jobs the no-argument run performs.
/// Each cli/cmd_*.cpp registers itself with a static `registrar`; main.cpp only iterates.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "args.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::cli {

/// Exit codes: 0 every check held, 1 a check failed, 2 bad usage or bad input.
enum exit_code : int { held = 0, failed = 1, bad_usage = 2 };

/// Options every subcommand sees.
struct global_options {
  std::string format = "text";  ///< text | markdown | json | junit
  std::optional<long> cases;    ///< random cases per check (unset: each check's default)
  std::optional<std::uint64_t> seed;  ///< RNG seed (unset: a fixed default, printed)
};

/// A job of the no-argument run: it builds its subcommand's report, with the same options — the report
/// `orderblind <command>` prints — and the summary takes its rows from that report alone (`summarise`,
/// one summary check per part, verify::summarise), so the summary can never say more than the subcommand
/// does. With `--reports DIR` the run writes the report itself too (cli/main.cpp).
struct main_job {
  int order = 0;  ///< jobs run in ascending order
  std::string name;
  std::string command;  ///< the subcommand whose report `report` builds, as typed: "prove all"
  std::function<verify::report(const global_options&)> report;  ///< runs the job: `command`'s report
  std::function<verify::value::checks(const verify::report&)> summarise;  ///< the summary's rows of that report
};

/// A subcommand: `configure` adds its options and sets its callback, which stores the exit code.
struct command {
  std::string name;
  std::string summary;
  std::function<void(args& sub, const global_options& opts, int& rc)> configure;
};

std::vector<command>& commands();
std::vector<main_job>& main_jobs();

/// Registers a command and/or a main job at static-initialisation time.
struct registrar {
  explicit registrar(command c) { commands().push_back(std::move(c)); }
  explicit registrar(main_job j) { main_jobs().push_back(std::move(j)); }
};

/// `v` as a `T`, and the field `key` of `fields` (a report's body, an object in it) as a `T`. The reports
/// are this program's own: a missing or mistyped field is a defect (std::logic_error), never a summary
/// row made up.
template <class T>
const T& value_as(const verify::value* v, std::string_view what) {
  const T* t = v ? v->as<T>() : nullptr;
  if (!t) throw std::logic_error("a report whose " + std::string(what) + " is missing or not of the expected type");
  return *t;
}
template <class T>
const T& field_as(const verify::value::object& fields, std::string_view key) {
  return value_as<T>(verify::find_field(fields, key), "field '" + std::string(key) + "'");
}

/// Throws usage_error unless `format` is text, markdown, json or junit.
void require_format(const std::string& format);

/// Writes `r` in the format of `--format` (verify/render.hpp: text, Markdown, JSON or JUnit XML). Every
/// command prints through this: none formats output itself.
void emit(const verify::report& r, const global_options& opts, std::ostream& os);

/// `held` when no check in `r` failed, else `failed` (skipped, not decidable, erratum and questionable
/// are not failures).
int exit_code_of(const verify::report& r);

}  // namespace orderblind::cli
