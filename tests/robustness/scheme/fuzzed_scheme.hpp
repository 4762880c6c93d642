// SPDX-License-Identifier: MIT
#pragma once
/// A scheme built from bytes, for the scheme-check fuzz target (fuzz/fuzz_scheme.cpp) and its replay
/// (bad_schemes_test.cpp replays fuzz/corpus/scheme and fuzz/regressions/scheme). The bytes choose the
/// kind, dim() (any value, including 0, negative and 10⁹; an accepted width at most 64), whether and what max_position() is (any 64-bit
/// value), a position where the scheme misbehaves and how (a vector one entry short, one too long or empty,
/// a throw of an int or a std::runtime_error, NaN, +∞, undefined_position_error, 10³⁰⁸), and the
/// coefficients of its values. `run_fuzzed_scheme` runs the battery (small settings) on it: it must
/// return a row or throw invalid_scheme_error / battery_limit_error; anything else is a finding.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/pe/battery.hpp"

namespace orderblind::pe::fuzzing {

/// What the bytes say.
struct fuzz_spec {
  int kind = 0;                 ///< 0 additive, 1 query_key, 2 score_bias
  Eigen::Index dim = 4;
  bool has_max = false;
  Eigen::Index max_position = 0;
  Eigen::Index bad_position = -1;  ///< where the fault happens (-1: nowhere; -2: everywhere)
  int fault = 0;
  std::vector<double> coef;     ///< frequencies / slopes
  std::string name = "fuzzed";

  static fuzz_spec from_bytes(const std::uint8_t* data, std::size_t size) {
    fuzz_spec s;
    auto byte = [&](std::size_t i) -> std::uint8_t { return i < size ? data[i] : 0; };
    auto word = [&](std::size_t i) {
      std::uint64_t w = 0;
      for (std::size_t j = 0; j < 8; ++j) w |= static_cast<std::uint64_t>(byte(i + j)) << (8 * j);
      return w;
    };
    s.kind = byte(0) % 3;
    // NOTE: mostly small widths (fast runs), with the edge values the sweep found.
    switch (byte(1) >> 5) {
      case 0: s.dim = 0; break;
      case 1: s.dim = -static_cast<Eigen::Index>(byte(2)); break;
      case 2: s.dim = 1000000000; break;
      case 3: {
        // NOTE: any 63-bit value, but a width the battery accepts (1 … scheme_limits::max_dim) is folded
        // into 1 … 64: the battery's cost grows as d³ per probed position for a query/key scheme (d basis
        // images through a d×d map), so a width of 448 took 40 s under this target's instrumentation,
        // a slow input the fuzzer cannot tell from a hang. Wide schemes' speed is the benchmarks' concern.
        const auto w = static_cast<Eigen::Index>(word(3) >> 1);
        s.dim = w >= 1 && w <= scheme_limits::max_dim ? 1 + (w - 1) % 64 : w;
        break;
      }
      default: s.dim = 1 + (byte(2) % 8); break;
    }
    s.has_max = byte(11) & 1;
    switch ((byte(11) >> 1) % 6) {
      case 0: s.max_position = static_cast<Eigen::Index>(word(12)); break;  // anything, LONG_MAX and negatives too
      case 1: s.max_position = std::numeric_limits<Eigen::Index>::max(); break;
      case 2: s.max_position = Eigen::Index(1) << 62; break;
      default: s.max_position = 1 + static_cast<Eigen::Index>(word(12) % 600); break;
    }
    s.fault = byte(20) % 11;
    switch (byte(21) % 4) {
      case 0: s.bad_position = -2; break;
      case 1: s.bad_position = -1; break;
      case 2: s.bad_position = static_cast<Eigen::Index>(word(22) % 400); break;
      default: s.bad_position = static_cast<Eigen::Index>(word(22) & ((Eigen::Index(1) << 40) - 1)); break;
    }
    for (std::size_t i = 30; i + 1 < size && s.coef.size() < 8; i += 2)
      s.coef.push_back(static_cast<double>(static_cast<std::int16_t>(byte(i) | (byte(i + 1) << 8))) / 4096.0);
    if (s.coef.empty()) s.coef = {1.0, 0.1};
    if (byte(29) == 0xFF) s.name.clear();
    return s;
  }

  /// The width a vector of this call has, or throws: the fault at position p.
  std::size_t width_at(Eigen::Index p) const {
    const bool here = bad_position == -2 || p == bad_position;
    const std::size_t d = dim > 0 && dim <= 4096 ? static_cast<std::size_t>(dim) : 1;
    if (!here) return d;
    switch (fault) {
      case 1: return d - 1;
      case 2: return d + 1;
      case 3: return 0;
      case 4: throw 42;
      case 5: throw std::runtime_error("fuzzed failure at p = " + std::to_string(p));
      case 6: throw undefined_position_error("fuzzed: no position " + std::to_string(p));
      default: return d;
    }
  }
  double value_at(Eigen::Index p, std::size_t j) const {
    const bool here = bad_position == -2 || p == bad_position;
    if (here && fault == 7) return std::numeric_limits<double>::quiet_NaN();
    if (here && fault == 8) return std::numeric_limits<double>::infinity();
    if (here && fault == 9) return 1e308;
    const double c = coef[j % coef.size()];
    return (j % 2 ? std::sin(c * static_cast<double>(p)) : std::cos(c * static_cast<double>(p)));
  }
};

template <pe_kind K>
struct fuzzed_base {
  using scalar_type = double;
  static constexpr pe_kind kind = K;
  std::shared_ptr<const fuzz_spec> spec;
  std::string name() const { return spec->name; }
  std::string parameters() const { return "fuzzed"; }
  Eigen::Index dim() const { return spec->dim; }
  std::vector<double> encode(Eigen::Index p, Eigen::Index) const
    requires(K == pe_kind::additive)
  {
    std::vector<double> v(spec->width_at(p));
    for (std::size_t j = 0; j < v.size(); ++j) v[j] = spec->value_at(p, j);
    return v;
  }
  std::vector<double> rotate(const std::vector<double>& x, Eigen::Index p) const {
    std::vector<double> v(spec->width_at(p));
    for (std::size_t j = 0; j < v.size(); ++j) v[j] = (j < x.size() ? x[j] : 1.0) * spec->value_at(p, j);
    return v;
  }
  std::vector<double> query(const std::vector<double>& q, Eigen::Index m) const
    requires(K == pe_kind::query_key)
  {
    return rotate(q, m);
  }
  std::vector<double> key(const std::vector<double>& k, Eigen::Index n) const
    requires(K == pe_kind::query_key)
  {
    return rotate(k, n);
  }
  double bias(const std::vector<double>&, const std::vector<double>&, Eigen::Index m, Eigen::Index n) const
    requires(K == pe_kind::score_bias)
  {
    (void)spec->width_at(m);
    return spec->value_at(m, 0) - spec->value_at(n, 0) - spec->coef[0] * std::abs(static_cast<double>(m - n) / 1e6);
  }
};

template <pe_kind K>
struct fuzzed_table : fuzzed_base<K> {
  Eigen::Index max_position() const { return this->spec->max_position; }
};

/// Small settings: each fuzz input runs in well under a second.
inline battery_config fuzz_config() {
  battery_config c;
  c.positions = 4;
  c.injective_max = 16;
  c.sweep = 16;
  c.far = {1000};
  c.shifts = {1, 3};
  c.contents = 1;
  c.decay_reach = 4;
  c.decay_windows = 4;
  c.pair_far = {128, Eigen::Index(1) << 20, Eigen::Index(1) << 31};
  c.whole_table = 64;
  c.scale_pairs = 1;
  c.growth = {1024, 65536};
  return c;
}

/// 0 when the battery returned a row with every property or refused the scheme cleanly; 1 otherwise.
inline int run_fuzzed_scheme(const std::uint8_t* data, std::size_t size) {
  auto spec = std::make_shared<const fuzz_spec>(fuzz_spec::from_bytes(data, size));
  auto run = [&](auto s) -> int {
    s.spec = spec;
    try {
      const auto row = run_battery(s, "fuzz", fuzz_config());
      return laws(row).size() == property_count ? 0 : 1;
    } catch (const invalid_scheme_error&) {
      return 0;
    } catch (const battery_limit_error&) {
      return 0;
    }
  };
  const bool table = spec->has_max;
  switch (spec->kind) {
    case 0: return table ? run(fuzzed_table<pe_kind::additive>{}) : run(fuzzed_base<pe_kind::additive>{});
    case 1: return table ? run(fuzzed_table<pe_kind::query_key>{}) : run(fuzzed_base<pe_kind::query_key>{});
    default: return table ? run(fuzzed_table<pe_kind::score_bias>{}) : run(fuzzed_base<pe_kind::score_bias>{});
  }
}

}  // namespace orderblind::pe::fuzzing
