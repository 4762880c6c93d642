// SPDX-License-Identifier: MIT
#pragma once
/// Running a property programmatically: case count and seed from the caller, RC_PARAMS and
/// ORDERBLIND_CASE_SCALE; the result as data (passed?, cases, counterexample, seed, reproduce string)
/// instead of an abort, so that a test can assert that a property FAILS on a mutant.
#include <rapidcheck.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "orderblind/seed.hpp"
#include "properties/support/stats.hpp"

namespace orderblind::properties {

/// The seed used when neither the caller nor RC_PARAMS gives one: runs are reproducible by default.
inline constexpr std::uint64_t default_seed = orderblind::default_seed;

/// How one property is run. Unset fields come from the environment (see `resolve`).
struct run_options {
  std::optional<long> cases;          ///< successful cases required (RapidCheck's max_success)
  std::optional<std::uint64_t> seed;  ///< RapidCheck seed
  std::optional<int> max_size;        ///< RapidCheck's max_size (default 100)
  bool shrink = true;                 ///< shrink a counterexample
  case_stats* stats = nullptr;        ///< when set, the facts of every generated case are counted here
  entry_sizes* sizes = nullptr;       ///< when set, the sizes of the entries every case met are counted here
};

/// The outcome of one run.
struct outcome {
  bool passed = false;             ///< every case held
  long cases = 0;                  ///< cases that held (all requested ones, when passed)
  long requested = 0;              ///< cases the run asked for (RapidCheck's max_success)
  std::uint64_t seed = 0;          ///< the seed the run used
  std::string message;             ///< RapidCheck's report (counterexample, shrinks) when it failed
  std::string reproduce;           ///< RC_PARAMS="reproduce=…" replaying the (shrunk) failure
  rc::detail::Example counterexample;  ///< (description, value) pairs of the shrunk failing case
  /// The shown value of the counterexample entry whose description is `name` (empty if none).
  std::string value_of(const std::string& name) const {
    for (const auto& [what, value] : counterexample)
      if (what == name) return value;
    return {};
  }
};

/// True when the environment variable RC_PARAMS sets `key` explicitly.
inline bool rc_params_set(const std::string& key) {
  const char* p = std::getenv("RC_PARAMS");
  if (!p) return false;
  const std::string s(p);
  for (std::size_t at = s.find(key + "="); at != std::string::npos; at = s.find(key + "=", at + 1))
    if (at == 0 || s[at - 1] == ' ') return true;
  return false;
}

/// What is wrong with an RC_PARAMS string that RapidCheck itself lets through (empty: nothing): a key it
/// does not know, or a seed that is not a decimal whole number in [0, 2^64 − 1]. The string is split
/// as RapidCheck's own parser splits it (rapidcheck src/detail/MapParser.cpp): pairs `key[=value]`
/// separated by white space, a key or value optionally quoted with ' or " (backslash escapes).
// NOTE: RapidCheck ignores an unknown key, so a misspelt one (max_sucess=10) silently ran the default
// number of cases; and it reads seed=-1 as 2^64 − 1 (istream's unsigned conversion). The README promises
// that a bad RC_PARAMS exits 2 naming it.
inline std::string rc_params_problem(const std::string& s) {
  static const char* const known[] = {"seed",      "max_success",      "max_size",          "max_discard_ratio",
                                      "noshrink",  "verbose_progress", "verbose_shrinking", "reproduce"};
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  std::size_t i = 0;
  const auto skip_space = [&] {
    while (i < s.size() && space(s[i])) ++i;
  };
  const auto token = [&](bool key) {
    std::string out;
    if (i < s.size() && (s[i] == '\'' || s[i] == '"')) {
      const char q = s[i++];
      bool escape = false;
      for (; i < s.size(); ++i) {
        if (!escape && s[i] == '\\') {
          escape = true;
        } else if (!escape && s[i] == q) {
          ++i;
          break;
        } else {
          out += s[i];
          escape = false;
        }
      }
      return out;
    }
    while (i < s.size() && !space(s[i]) && !(key && s[i] == '=')) out += s[i++];
    return out;
  };
  while (true) {
    skip_space();
    if (i >= s.size()) return {};
    const std::string key = token(true);
    if (key.empty()) return "a pair without a key at '" + s.substr(i) + "'";
    if (std::find(std::begin(known), std::end(known), key) == std::end(known))
      return "unknown key '" + key +
             "' (known: seed, max_success, max_size, max_discard_ratio, noshrink, verbose_progress, "
             "verbose_shrinking, reproduce)";
    skip_space();
    std::string value;
    if (i < s.size() && s[i] == '=') {
      ++i;
      skip_space();
      value = token(false);
    }
    if (key == "seed") {
      std::uint64_t seed = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seed);
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
          end != value.data() + value.size())
        return "'seed' must be a whole number in [0, 18446744073709551615] in decimal digits, got '" + value + "'";
    }
  }
}

/// ORDERBLIND_CASE_SCALE (a positive integer multiplier of every default case count; 1 if unset).
inline long case_scale() {
  const char* p = std::getenv("ORDERBLIND_CASE_SCALE");
  if (!p || !*p) return 1;
  char* end = nullptr;
  const long k = std::strtol(p, &end, 10);
  if (*end != '\0' || k < 1)
    throw std::invalid_argument(std::string("ORDERBLIND_CASE_SCALE must be a positive integer, got '") + p + "'");
  return k;
}

/// RapidCheck's global configuration (from RC_PARAMS), loaded without the "Using configuration:
/// seed=…" line RapidCheck writes to stderr when it first reads it. A malformed RC_PARAMS still throws.
// NOTE: that line names a random seed of RapidCheck's own, which no run here uses (`resolve` picks the
// seed, and every result prints it), so it only misleads a reader of the report.
inline const rc::detail::Configuration& quiet_configuration() {
  static const rc::detail::Configuration* loaded = nullptr;
  if (!loaded) {
    // NOTE: RapidCheck ends the process with status 1 on a malformed RC_PARAMS, after printing to the
    // stderr muted below; parse it here first, so that the mistake is an exception naming it.
    if (const char* params = std::getenv("RC_PARAMS")) {
      try {
        (void)rc::detail::configFromString(params);
      } catch (const rc::detail::ConfigurationException& e) {
        throw std::invalid_argument(std::string("RC_PARAMS=\"") + params + "\": " + e.what());
      }
      if (const std::string problem = rc_params_problem(params); !problem.empty())
        throw std::invalid_argument(std::string("RC_PARAMS=\"") + params + "\": " + problem);
    }
    std::ostringstream sink;
    std::streambuf* const old = std::cerr.rdbuf(sink.rdbuf());
    try {
      loaded = &rc::detail::configuration();
    } catch (...) {
      std::cerr.rdbuf(old);
      throw;
    }
    std::cerr.rdbuf(old);
  }
  return *loaded;
}

/// The RapidCheck parameters of a run. Precedence: explicit options, then RC_PARAMS (max_success,
/// seed, max_size, noshrink), then defaults: `default_cases` × ORDERBLIND_CASE_SCALE and `default_seed`.
inline rc::detail::TestParams resolve(const run_options& o, long default_cases) {
  rc::detail::TestParams p = quiet_configuration().testParams;
  if (o.cases) {
    p.maxSuccess = static_cast<int>(*o.cases);
  } else if (!rc_params_set("max_success")) {
    p.maxSuccess = static_cast<int>(default_cases * case_scale());
  }
  if (o.seed) {
    p.seed = *o.seed;
  } else if (!rc_params_set("seed")) {
    p.seed = default_seed;
  }
  if (o.max_size) p.maxSize = *o.max_size;
  if (!o.shrink) p.disableShrinking = true;
  return p;
}

/// A RapidCheck listener that prints nothing (the caller reports).
struct silent_listener : rc::detail::TestListener {
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

/// A silent listener that also counts each generated case's facts into `stats` and its entry sizes
/// into `sizes` (either may be null); a shrink attempt is dropped, a discarded case too.
struct stats_listener : silent_listener {
  case_stats* stats = nullptr;
  entry_sizes* sizes = nullptr;
  void onTestCaseFinished(const rc::detail::CaseDescription& d) override {
    const bool discarded = d.result.type == rc::detail::CaseResult::Type::Discard;
    if (stats) discarded ? stats->discard() : stats->commit();
    if (sizes) discarded ? sizes->discard() : sizes->commit();
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {
    if (stats) stats->discard();
    if (sizes) sizes->discard();
  }
};

/// Makes `stats` and `sizes` the active collectors (null: none) for the lifetime of the guard.
class stats_scope {
 public:
  explicit stats_scope(case_stats* s, entry_sizes* z = nullptr)
      : previous_(detail::active_stats), previous_sizes_(detail::active_sizes) {
    detail::active_stats = s;
    detail::active_sizes = z;
  }
  ~stats_scope() {
    detail::active_stats = previous_;
    detail::active_sizes = previous_sizes_;
  }
  stats_scope(const stats_scope&) = delete;
  stats_scope& operator=(const stats_scope&) = delete;

 private:
  case_stats* previous_;
  entry_sizes* previous_sizes_;
};

/// The value of RC_PARAMS' `reproduce` key that replays `reproduce` as the failure of the property `id`.
// NOTE: RapidCheck's own encoder of that value (reproduceMapToString) is not in an installed header;
// configToMinimalString (rapidcheck/detail/Configuration.h) renders a configuration as the RC_PARAMS
// string RapidCheck itself parses, "reproduce=<value> seed=0" for a default configuration with only
// this failure to reproduce, so the value is read from there.
inline std::string reproduce_value(const std::string& id, const rc::detail::Reproduce& reproduce) {
  rc::detail::Configuration c;
  c.reproduce = {{id, reproduce}};
  const std::string params = rc::detail::configToMinimalString(c);
  const std::string key = "reproduce=";
  std::size_t at = params.find(key);
  while (at != std::string::npos && at != 0 && params[at - 1] != ' ') at = params.find(key, at + 1);
  if (at == std::string::npos)
    throw std::logic_error("RapidCheck's configuration string '" + params + "' has no reproduce key");
  at += key.size();
  return params.substr(at, params.find(' ', at) - at);
}

/// Runs `testable` under the id `id` (the key RC_PARAMS' `reproduce` refers to) and returns its outcome.
/// Nothing is printed.
template <class Testable>
outcome run_property(const std::string& id, Testable&& testable, const run_options& o, long default_cases) {
  const auto params = resolve(o, default_cases);
  rc::detail::TestMetadata meta;
  meta.id = id;
  meta.description = id;
  silent_listener quiet;
  stats_listener counting;
  counting.stats = o.stats;
  counting.sizes = o.sizes;
  const stats_scope scope(o.stats, o.sizes);
  rc::detail::TestListener& listener =
      o.stats || o.sizes ? static_cast<rc::detail::TestListener&>(counting) : quiet;
  const auto result = rc::detail::checkTestable(std::forward<Testable>(testable), meta, params, listener,
                                                quiet_configuration().reproduce);
  outcome out;
  out.seed = params.seed;
  out.requested = params.maxSuccess;
  std::ostringstream os;
  rc::detail::printResultMessage(result, os);
  if (result.template is<rc::detail::SuccessResult>()) {
    out.passed = true;
    out.cases = result.template get<rc::detail::SuccessResult>().numSuccess;
    return out;
  }
  out.message = os.str();
  if (result.template is<rc::detail::FailureResult>()) {
    const auto& f = result.template get<rc::detail::FailureResult>();
    out.cases = f.numSuccess;
    out.counterexample = f.counterExample;
    out.reproduce = "RC_PARAMS=\"reproduce=" + reproduce_value(id, f.reproduce) + "\"";
  } else if (result.template is<rc::detail::GaveUpResult>()) {
    out.cases = result.template get<rc::detail::GaveUpResult>().numSuccess;
  }
  return out;
}

/// A one-paragraph report of a failed outcome: the seed, RapidCheck's message and the reproduce string.
inline std::string describe_failure(const std::string& id, const outcome& o) {
  std::ostringstream os;
  os << id << ": FAILED after " << o.cases << " successful case(s), seed " << o.seed << "\n" << o.message;
  if (!o.reproduce.empty()) os << "\nreplay with: " << o.reproduce << "\n";
  return os.str();
}

}  // namespace orderblind::properties
