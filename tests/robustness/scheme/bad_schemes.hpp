// SPDX-License-Identifier: MIT
#pragma once
/// Schemes a PE researcher gets wrong, one fault each (the scheme-check door of the robustness sweep):
/// wrong vector lengths, widths and maximum positions out of range, throws of any type, an empty name.
/// Generic over the scalar so that the same faults run through the battery (bad_schemes_test.cpp) and
/// through the one-translation-unit check (check_bad_schemes.hpp).
#include <climits>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/pe/register.hpp"

namespace bad {

using orderblind::pe::pe_kind;

/// A correct additive base (PE(p) = (p, 1, …, 1)) whose faults the structs below switch on.
template <orderblind::Scalar T>
struct additive_base {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::additive;
  std::string name() const { return "bad-additive"; }
  std::string parameters() const { return "PE(p) = (p, 1, …, 1)"; }
  long dim() const { return 4; }
  std::vector<T> encode(long p, long) const {
    std::vector<T> v(4, T(1));
    v[0] = T(p);
    return v;
  }
};

/// encode returns dim − 1 entries (was a heap-buffer-overflow in relative-expressible).
template <orderblind::Scalar T>
struct short_encode : additive_base<T> {
  std::string name() const { return "short-encode"; }
  std::vector<T> encode(long p, long n) const {
    auto v = additive_base<T>::encode(p, n);
    v.pop_back();
    return v;
  }
};

/// encode returns {} (was a null dereference).
template <orderblind::Scalar T>
struct empty_encode : additive_base<T> {
  std::string name() const { return "empty-encode"; }
  std::vector<T> encode(long, long) const { return {}; }
};

/// encode returns dim entries up to p = 300, then one too many.
template <orderblind::Scalar T>
struct long_encode_far : additive_base<T> {
  std::string name() const { return "long-encode-far"; }
  std::vector<T> encode(long p, long n) const {
    auto v = additive_base<T>::encode(p, n);
    if (p >= 300) v.push_back(T(0));
    return v;
  }
};

/// dim() = W (0, −1, 10⁹: outside the stated range; 63: inside it, beyond relative-expressible's own limit).
template <orderblind::Scalar T, long W>
struct width : additive_base<T> {
  std::string name() const { return "width-" + std::to_string(W); }
  long dim() const { return W; }
  std::vector<T> encode(long p, long) const {  // W entries where W is a valid width
    std::vector<T> v(W > 0 && W <= 1024 ? static_cast<std::size_t>(W) : 1, T(1));
    v[0] = T(p);
    if (v.size() > 1) v[1] = T(p % 7);
    return v;
  }
};

/// max_position() = M (0, −5, LONG_MAX are outside [1, 2^62]; 1 and 2^62 are its ends).
template <orderblind::Scalar T, long M>
struct table_end : additive_base<T> {
  std::string name() const { return "max-position-" + std::to_string(M); }
  long max_position() const { return M; }
  std::vector<T> encode(long p, long n) const {
    if (p < 0 || p >= M) throw orderblind::pe::undefined_position_error("no row " + std::to_string(p));
    return additive_base<T>::encode(p, n);
  }
};

/// encode throws an int at p = 7 (was std::terminate).
template <orderblind::Scalar T>
struct throws_int : additive_base<T> {
  std::string name() const { return "throws-int"; }
  std::vector<T> encode(long p, long n) const {
    if (p == 7) throw 7;
    return additive_base<T>::encode(p, n);
  }
};

/// A query_key scheme whose key has dim + 1 entries (pe::dot used to truncate, and the scheme "agreed").
template <orderblind::Scalar T>
struct long_key {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::query_key;
  std::string name() const { return "long-key"; }
  std::string parameters() const { return "identity query, key with one entry too many"; }
  long dim() const { return 2; }
  std::vector<T> query(const std::vector<T>& q, long) const { return q; }
  std::vector<T> key(const std::vector<T>& k, long) const {
    auto v = k;
    v.push_back(T(0));
    return v;
  }
};

/// A bias scheme that throws std::overflow_error past m = 1000.
template <orderblind::Scalar T>
struct bias_throws_far {
  using scalar_type = T;
  static constexpr pe_kind kind = pe_kind::score_bias;
  std::string name() const { return "bias-throws-far"; }
  std::string parameters() const { return "−|m − n|, undefined past 1000"; }
  long dim() const { return 2; }
  T bias(const std::vector<T>&, const std::vector<T>&, long m, long n) const {
    if (m > 1000 || n > 1000) throw std::overflow_error("position too large for my table");
    return T(-(m > n ? m - n : n - m));
  }
};

/// name() is empty.
template <orderblind::Scalar T>
struct nameless : additive_base<T> {
  std::string name() const { return ""; }
};

/// name() throws a C string.
template <orderblind::Scalar T>
struct name_throws : additive_base<T> {
  std::string name() const { throw "no name"; }
};

}  // namespace bad
