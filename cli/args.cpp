// SPDX-License-Identifier: MIT
// The subcommands' options on CLI11: the one unit (with main.cpp) that includes it (cli/args.hpp).
#include "args.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <type_traits>

namespace orderblind::cli {
namespace {

/// A finite number ≥ 0 (or > 0 with `positive`).
CLI::Validator finite_number(bool positive) {
  return CLI::Validator(
      [positive](std::string& in) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(in, v)) return "'" + in + "' is not a number";
        if (!std::isfinite(v)) return "must be finite, got '" + in + "'";
        if (positive ? !(v > 0) : !(v >= 0)) return std::string("must be ") + (positive ? "> 0" : ">= 0") + ", got " + in;
        return {};
      },
      positive ? "FINITE > 0" : "FINITE >= 0");
}

/// Whole numbers are decimal: leading zeros are dropped ("010" is ten, not CLI11's base-0 octal eight) and
/// a hexadecimal or binary prefix is refused, and so is a sign on an unsigned option; anything else is left to CLI11's own conversion message.
CLI::Validator decimal_integer(bool allow_negative) {
  return CLI::Validator(
      [allow_negative](std::string& in) -> std::string {
        // NOTE: strtoull wraps "-1" of an unsigned option to its largest value.
        if (!allow_negative && !in.empty() && in[0] == '-') return "must be a whole number >= 0, got '" + in + "'";
        std::size_t i = in.empty() || (in[0] != '-' && in[0] != '+') ? 0 : 1;
        if (in.size() > i + 1 && in[i] == '0' && std::string("xXbB").find(in[i + 1]) != std::string::npos)
          return "must be a whole number in decimal, got '" + in + "'";
        if (in.size() > i && in.find_first_not_of("0123456789", i) == std::string::npos) {
          const std::size_t first = std::min(in.find_first_not_of('0', i), in.size() - 1);
          in = (in[0] == '-' ? "-" : "") + in.substr(first);
        }
        return {};
      },
      "");
}

/// Adds `value` under `names` and applies `spec`; `Bound` is the type the range is checked in.
template <class Bound, class V>
void add(CLI::App& app, const std::string& names, V& value, const std::string& help, const option_spec& spec) {
  CLI::Option* o = app.add_option(names, value, help);
  if (spec.show_default) o->capture_default_str();
  if (spec.required) o->required();
  if constexpr (std::is_integral_v<Bound>) {
    o->transform(decimal_integer(std::is_signed_v<V>));
    if (spec.range) o->check(CLI::Range(static_cast<Bound>(spec.range->first), static_cast<Bound>(spec.range->second)));
  } else {
    if (spec.range) throw std::logic_error("option " + names + ": a range is for whole-number options");
  }
  if (!spec.one_of.empty()) o->check(CLI::IsMember(spec.one_of));
  if (spec.finite_number != option_spec::finite::any)
    o->check(finite_number(spec.finite_number == option_spec::finite::positive));
}

}  // namespace

args& args::option(const std::string& n, std::string& v, const std::string& h, const option_spec& s) {
  add<void>(*app_, n, v, h, s);
  return *this;
}
args& args::option(const std::string& n, long& v, const std::string& h, const option_spec& s) {
  add<long>(*app_, n, v, h, s);
  return *this;
}
args& args::option(const std::string& n, unsigned& v, const std::string& h, const option_spec& s) {
  add<unsigned>(*app_, n, v, h, s);
  return *this;
}
// NOTE: a count such as --heads; its range is checked as int (as CLI::Range(1, 4096) did before), so that
// "-1" is reported as out of range rather than as not convertible.
args& args::option(const std::string& n, std::size_t& v, const std::string& h, const option_spec& s) {
  add<int>(*app_, n, v, h, s);
  return *this;
}
args& args::option(const std::string& n, double& v, const std::string& h, const option_spec& s) {
  add<void>(*app_, n, v, h, s);
  return *this;
}
args& args::option(const std::string& n, std::optional<double>& v, const std::string& h, const option_spec& s) {
  add<void>(*app_, n, v, h, s);
  return *this;
}
args& args::option(const std::string& n, std::vector<std::string>& v, const std::string& h, const option_spec& s) {
  add<void>(*app_, n, v, h, s);
  return *this;
}
args& args::flag(const std::string& n, bool& v, const std::string& h) {
  app_->add_flag(n, v, h);
  return *this;
}
void args::on_run(std::function<void()> action) { app_->callback(std::move(action)); }

}  // namespace orderblind::cli
