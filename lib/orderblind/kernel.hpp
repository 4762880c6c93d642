// SPDX-License-Identifier: MIT
#pragma once
/// Row-wise normalisation of scores with a pluggable positive kernel.
///
/// A kernel maps the allowed scores of one row to weights that sum to 1. Softmax needs `exp`; the
/// rational kernel φ(s) = 1 + s + s²/2 keeps an exact scalar exact (φ > 0 everywhere: its
/// discriminant is 1 − 2 < 0), so the whole layer stays in the rationals.
#include <concepts>
#include <string>
#include <type_traits>
#include <vector>

#include "orderblind/fast/kernels/double_exp.hpp"
#include "orderblind/matrix.hpp"

namespace orderblind {

/// exp in T: for double the library's own (fast/kernels/double_exp.hpp: within 2u·e^x + 2^-1075, the same bits
/// in the fused head's vectors), otherwise the type's exp (std::exp or one found by argument lookup).
template <Scalar T>
T exp_of(const T& x) {
  if constexpr (std::is_same_v<T, double>) {
    return fast::exp(x);
  } else {
    using std::exp;
    return T(exp(x));
  }
}

/// Softmax, max-subtracted for ordered types (exp(s_j − max s) / Σ_k exp(s_k − max s)).
struct softmax_kernel {
  static constexpr const char* name = "softmax";
  template <Scalar T>
  static constexpr bool supports = scalar_traits<T>::has_exp;

  template <Scalar T>
  static std::vector<T> weights(const std::vector<T>& s, summation how) {
    T shift(0);
    if constexpr (scalar_traits<T>::is_ordered) {
      // NOTE: start the max from an element, never from NumTraits<T>::lowest().
      shift = s.front();
      for (const auto& x : s)
        if (shift < x) shift = x;
    }
    std::vector<T> w;
    w.reserve(s.size());
    for (const auto& x : s) w.push_back(exp_of(T(x - shift)));
    std::vector<T> terms = w;
    const T total = sum_terms(terms, how);
    for (auto& x : w) x = x / total;
    return w;
  }
};

/// Softmax in the difference form a_j = 1 / Σ_k exp(s_k − s_j): each weight from differences only,
/// which keeps interval enclosures tight (no large exp over a large sum).
struct softmax_difference_kernel {
  static constexpr const char* name = "softmax (difference form)";
  template <Scalar T>
  static constexpr bool supports = scalar_traits<T>::has_exp;

  template <Scalar T>
  static std::vector<T> weights(const std::vector<T>& s, summation how) {
    std::vector<T> w;
    w.reserve(s.size());
    for (const auto& sj : s) {
      std::vector<T> terms;
      terms.reserve(s.size());
      for (const auto& sk : s) terms.push_back(exp_of(T(sk - sj)));
      w.push_back(T(1) / sum_terms(terms, how));
    }
    return w;
  }
};

/// The rational kernel φ(s) = 1 + s + s²/2, normalised: exact over the rationals.
struct rational_kernel {
  static constexpr const char* name = "rational kernel 1+s+s^2/2";
  template <Scalar T>
  static constexpr bool supports = true;

  template <Scalar T>
  static T phi(const T& s) {
    return T(1) + s + s * s / T(2);
  }
  template <Scalar T>
  static std::vector<T> weights(const std::vector<T>& s, summation how) {
    std::vector<T> w;
    w.reserve(s.size());
    for (const auto& x : s) w.push_back(phi(x));
    std::vector<T> terms = w;
    const T total = sum_terms(terms, how);
    for (auto& x : w) x = x / total;
    return w;
  }
};

/// A normalisation kernel usable with scalar T.
template <class K, class T>
concept Kernel = Scalar<T> && requires(const std::vector<T>& s) {
  { K::name } -> std::convertible_to<const char*>;
  { K::template weights<T>(s, summation::in_order) } -> std::same_as<std::vector<T>>;
} && K::template supports<T>;

/// Softmax where the type has exp, the rational kernel otherwise.
template <Scalar T>
using default_kernel = std::conditional_t<scalar_traits<T>::has_exp, softmax_kernel, rational_kernel>;

}  // namespace orderblind
