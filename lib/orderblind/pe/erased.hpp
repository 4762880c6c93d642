// SPDX-License-Identifier: MIT
#pragma once
/// A scheme behind a fixed type: `erased_scheme<T, K>` holds any `Scheme` of scalar T and kind K and
/// forwards to it, with the optional members (max_position, norm_scale, phases, expectations) as
/// run-time answers instead of compile-time traits.
// NOTE: the battery (battery.hpp) runs on this type only, so a translation unit instantiates its checks
// once per (scalar, kind) however many scheme types it runs: the catalogue has 20-odd schemes and the
// mutant tests as many again, each a type of its own (docs/build.md measures what it saved).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "orderblind/index.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/report.hpp"

namespace orderblind::pe {

template <Scalar T, pe_kind K>
class erased_scheme {
 public:
  using scalar_type = T;
  static constexpr pe_kind kind = K;
  using expectations_t = std::vector<std::pair<property, expectation>>;

  /// Holds a copy of `s`; its name and parameters are read once, here.
  template <class S>
    requires(Scheme<S> && S::kind == K && std::same_as<typename S::scalar_type, T>)
  explicit erased_scheme(S s) : name_(s.name()), parameters_(s.parameters()) {
    auto held = std::make_shared<const S>(std::move(s));
    // NOTE: the width is asked of the scheme at every use, as the battery did before: a scheme whose
    // dim() throws fails the cell that asked, inside the battery's guard.
    dim_ = [held]() -> Eigen::Index { return held->dim(); };
    if constexpr (K == pe_kind::additive) {
      encode_ = [held](Eigen::Index p, Eigen::Index length) -> std::vector<T> { return held->encode(p, length); };
    } else if constexpr (K == pe_kind::query_key) {
      query_ = [held](const std::vector<T>& q, Eigen::Index m) -> std::vector<T> { return held->query(q, m); };
      key_ = [held](const std::vector<T>& k, Eigen::Index n) -> std::vector<T> { return held->key(k, n); };
    } else {
      bias_ = [held](const std::vector<T>& q, const std::vector<T>& k, Eigen::Index m, Eigen::Index n) -> T {
        return held->bias(q, k, m, n);
      };
    }
    if constexpr (has_max_position<S>) max_position_ = [held]() -> Eigen::Index { return held->max_position(); };
    if constexpr (has_norm_scale<S>) norm_scale_ = [held]() -> T { return held->norm_scale(); };
    if constexpr (has_phases<S>)
      phases_ = [held](Eigen::Index delta) -> std::vector<std::pair<T, T>> { return held->phases(delta); };
    if constexpr (has_stated_expectations<S>) expectations_ = [held]() -> expectations_t { return held->expectations(); };
  }

  std::string name() const { return name_; }
  std::string parameters() const { return parameters_; }
  Eigen::Index dim() const { return dim_(); }

  std::vector<T> encode(Eigen::Index p, Eigen::Index length) const
    requires(K == pe_kind::additive)
  {
    return encode_(p, length);
  }
  std::vector<T> query(const std::vector<T>& q, Eigen::Index m) const
    requires(K == pe_kind::query_key)
  {
    return query_(q, m);
  }
  std::vector<T> key(const std::vector<T>& k, Eigen::Index n) const
    requires(K == pe_kind::query_key)
  {
    return key_(k, n);
  }
  T bias(const std::vector<T>& q, const std::vector<T>& k, Eigen::Index m, Eigen::Index n) const
    requires(K == pe_kind::score_bias)
  {
    return bias_(q, k, m, n);
  }

  /// Whether the held scheme has `max_position()`, and its value.
  bool defines_max_position() const { return static_cast<bool>(max_position_); }
  Eigen::Index max_position_value() const { return max_position_(); }
  /// Whether the held scheme has `norm_scale()`, and its value.
  bool declares_norm_scale() const { return static_cast<bool>(norm_scale_); }
  T norm_scale_value() const { return norm_scale_(); }
  /// Whether the held scheme has `phases(delta)`, and their values.
  bool exposes_phases() const { return static_cast<bool>(phases_); }
  std::vector<std::pair<T, T>> phases_at(Eigen::Index delta) const { return phases_(delta); }
  /// Whether the held scheme states expectations, and them.
  bool states_expectations() const { return static_cast<bool>(expectations_); }
  expectations_t stated_expectations() const { return expectations_(); }

 private:
  std::string name_, parameters_;
  std::function<Eigen::Index()> dim_;
  std::function<std::vector<T>(Eigen::Index, Eigen::Index)> encode_;
  std::function<std::vector<T>(const std::vector<T>&, Eigen::Index)> query_, key_;
  std::function<T(const std::vector<T>&, const std::vector<T>&, Eigen::Index, Eigen::Index)> bias_;
  std::function<Eigen::Index()> max_position_;
  std::function<T()> norm_scale_;
  std::function<std::vector<std::pair<T, T>>(Eigen::Index)> phases_;
  std::function<expectations_t()> expectations_;
};

}  // namespace orderblind::pe
