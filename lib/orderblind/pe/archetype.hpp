// SPDX-License-Identifier: MIT
#pragma once
/// The scheme archetype (after Boost.Multiprecision's number archetypes): a scheme with exactly the
/// documented interface and nothing else — no default constructor, no optional members — that counts
/// every call. Running the battery on it proves the battery asks for nothing undocumented.
#include <memory>
#include <string>

#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/vector.hpp"

namespace orderblind::pe {

/// Calls made to an archetype, shared by its copies.
struct archetype_log {
  Eigen::Index name = 0, parameters = 0, dim = 0, encode = 0, query = 0, key = 0, bias = 0;
};

/// The minimal scheme of kind K over T: additive adds p·e₀, query_key scales by 1, score_bias adds −|m−n|.
template <Scalar T, pe_kind K>
class scheme_archetype {
 public:
  using scalar_type = T;
  static constexpr pe_kind kind = K;
  explicit scheme_archetype(std::shared_ptr<archetype_log> log) : log_(std::move(log)) {}
  std::string name() const {
    ++log_->name;
    // NOTE: appended rather than `std::string(…) + …`: g++ 12's false -Warray-bounds in libstdc++
    // (lib/orderblind/attention.hpp, require_finite_from_scheme).
    std::string n("archetype-");
    n.append(kind_name(K));
    return n;
  }
  std::string parameters() const {
    ++log_->parameters;
    return "the documented interface only";
  }
  Eigen::Index dim() const {
    ++log_->dim;
    return 2;
  }
  vec<T> encode(Eigen::Index p, Eigen::Index) const
    requires(K == pe_kind::additive)
  {
    ++log_->encode;
    return {T(p), T(0)};
  }
  vec<T> query(const vec<T>& q, Eigen::Index) const
    requires(K == pe_kind::query_key)
  {
    ++log_->query;
    return q;
  }
  vec<T> key(const vec<T>& k, Eigen::Index) const
    requires(K == pe_kind::query_key)
  {
    ++log_->key;
    return k;
  }
  T bias(const vec<T>&, const vec<T>&, Eigen::Index m, Eigen::Index n) const
    requires(K == pe_kind::score_bias)
  {
    ++log_->bias;
    return T(-(m > n ? m - n : n - m));
  }

 private:
  std::shared_ptr<archetype_log> log_;
};

}  // namespace orderblind::pe
