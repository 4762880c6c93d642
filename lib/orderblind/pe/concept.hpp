// SPDX-License-Identifier: MIT
#pragma once
/// The positional-encoding plug-in point: what a scheme must provide for the battery to run on it.
///
/// A scheme is a type `S` with
///   - `using scalar_type = T;`                      a Scalar (mpq_rational, mpfr100, double, …)
///   - `static constexpr pe_kind kind`               additive, query_key or score_bias
///   - `std::string name() const`                    a short id ("rope-interleaved"), used by `--scheme`
///   - `std::string parameters() const`              its parameters in words ("d = 16, base = 10000")
///   - `Eigen::Index dim() const`              the width it acts on (model or head dimension)
/// and the one function of its kind:
///   - additive:   `std::vector<T> encode(Eigen::Index p, Eigen::Index length) const`   PE(p) in a sequence of `length`
///   - query_key:  `std::vector<T> query(const std::vector<T>& q, Eigen::Index m) const` and
///                 `std::vector<T> key(const std::vector<T>& k, Eigen::Index n) const`
///   - score_bias: `T bias(const std::vector<T>& q, const std::vector<T>& k, Eigen::Index m, Eigen::Index n) const`
///                 the position part added to the score q·k (it may read the content, as Shaw's does)
/// Optional members the battery uses when present (see `has_max_position`, …):
///   - `Eigen::Index max_position() const`   positions p ≥ this are undefined (a learned table's L)
///   - `T norm_scale() const`        the factor by which a query_key scheme scales norms by design (YaRN's a)
///   - `std::vector<std::pair<T, T>> phases(Eigen::Index delta) const`  (cos, sin) of delta·θ_i per rotated pair,
///                                   for the RoPE long-term-decay bound
///   - `std::vector<std::vector<T>> generator() const`  (query_key) a d×d matrix G, given as its d rows, with
///                                   query(q, m) = G^m q and key(k, n) = G^n k: the scheme is a one-parameter
///                                   group. The battery checks G against query/key on the positions it probes
///                                   and GᵀG = I, and concludes "relative scores for all m, n" in exact
///                                   arithmetic (docs/user-schemes.md §10). An empty matrix declares none.
/// Positions, lengths and widths are `Eigen::Index`, the library's index type (orderblind/index.hpp); it
/// is `long` on LP64 platforms, so a scheme written with `long` satisfies the same requirements.
/// Each requirement is a trait paired with a concept (mp++ style); `require_scheme<S>()` turns a
/// missing member into a compile error that names it.
#include <array>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

// NOTE: only the Scalar concept (scalar/traits.hpp), not scalar.hpp: attention.hpp includes this header
// for its positional hook, and scalar.hpp reaches attention.hpp through the fast kernels.
#include "orderblind/index.hpp"
#include "orderblind/scalar/traits.hpp"

namespace orderblind::pe {

// The vocabulary a scheme states its expectations in: the laws the battery checks (`property`) and what
// is expected of each (`expectation`). The battery's results are in report.hpp.

/// The laws the battery checks, in report order.
enum class property {
  bounded,
  length_consistent,
  injective,
  extrapolates,
  shift_linear,
  relative_scores,
  relative_expressible,
  norm_preserving,
  bound_decays,
  score_decays,
  breaks_equivariance,
};
inline constexpr std::size_t property_count = 11;

inline constexpr std::array<property, property_count> all_properties = {
    property::bounded,         property::length_consistent,    property::injective,
    property::extrapolates,    property::shift_linear,         property::relative_scores,
    property::relative_expressible, property::norm_preserving, property::bound_decays,
    property::score_decays,    property::breaks_equivariance};

/// Short column name ("shift-linear").
inline const char* property_name(property p) {
  static const char* names[] = {"bounded",      "length-consistent",    "injective",       "extrapolates",
                                "shift-linear", "relative scores",      "relative-expressible", "norm-preserving",
                                "bound decays", "score decays",         "breaks equivariance"};
  return names[static_cast<std::size_t>(p)];
}

/// The law in words.
inline const char* property_law(property p) {
  static const char* laws[] = {
      "every entry of PE(p) (or of the bias, or ‖f(x,p)‖/‖x‖) stays in a fixed interval for all p",
      "PE(p) is the same whatever the sequence length N",
      "PE(p) ≠ PE(q) for p ≠ q up to the stated maximum position",
      "PE(p) is defined (and finite) past the trained/maximum length",
      "one linear T_k with PE(p+k) = T_k·PE(p) for every p (bias schemes: b(m+c, n+c) = b(m, n))",
      "the position part of the score depends only on m − n, for all content q, k",
      "some M makes p_m M p_nᵀ a non-constant function of m − n alone",
      "‖f(x, p)‖ = ‖x‖ for queries and keys",
      "the RoPE long-term-decay bound (1/(d/2))·Σ_j |S_j(Δ)| shrinks with |Δ| (window means)",
      "the position score s(m, m+Δ) (q = k = 𝟙) does not increase with |Δ|",
      "with the scheme applied after permuting the tokens, Attn(PX) ≠ P·Attn(X) for some input"};
  return laws[static_cast<std::size_t>(p)];
}

/// What is expected of a law on a scheme (by the catalogue, the scheme itself or a user).
enum class expectation { unspecified, holds, fails, not_applicable };

/// "holds", "fails", "n/a", or "no expectation stated".
inline const char* expectation_name(expectation e) {
  switch (e) {
    case expectation::holds: return "holds";
    case expectation::fails: return "fails";
    case expectation::not_applicable: return "n/a";
    case expectation::unspecified: return "no expectation stated";
  }
  return "?";
}


/// Where a scheme acts: added to the token embedding, applied to queries and keys, or added to scores.
enum class pe_kind { additive, query_key, score_bias };

/// "additive", "query_key", "score_bias".
inline const char* kind_name(pe_kind k) {
  switch (k) {
    case pe_kind::additive: return "additive";
    case pe_kind::query_key: return "query_key";
    case pe_kind::score_bias: return "score_bias";
  }
  return "?";
}

/// Thrown by a scheme asked for a position it does not define (a learned table past its last row).
struct undefined_position_error : std::out_of_range {
  using std::out_of_range::out_of_range;
};

// --- one concept + one trait per requirement ------------------------------------------------------

/// `S::scalar_type` names a Scalar.
template <class S>
concept has_scalar_type = requires { typename S::scalar_type; } && Scalar<typename S::scalar_type>;
template <class S>
inline constexpr bool has_scalar_type_v = has_scalar_type<S>;

/// `S::kind` is a `pe_kind` constant.
template <class S>
concept has_kind = requires {
  { S::kind } -> std::convertible_to<pe_kind>;
} && std::is_same_v<std::remove_cvref_t<decltype(S::kind)>, pe_kind>;
template <class S>
inline constexpr bool has_kind_v = has_kind<S>;

/// `s.name()` gives a string.
template <class S>
concept has_name = requires(const S& s) {
  { s.name() } -> std::convertible_to<std::string>;
};
template <class S>
inline constexpr bool has_name_v = has_name<S>;

/// `s.parameters()` gives a string.
template <class S>
concept has_parameters = requires(const S& s) {
  { s.parameters() } -> std::convertible_to<std::string>;
};
template <class S>
inline constexpr bool has_parameters_v = has_parameters<S>;

/// `s.dim()` gives the width.
template <class S>
concept has_dim = requires(const S& s) {
  { s.dim() } -> std::convertible_to<Eigen::Index>;
};
template <class S>
inline constexpr bool has_dim_v = has_dim<S>;

/// additive: `s.encode(p, length)` gives PE(p).
template <class S>
concept has_encode = has_scalar_type<S> && requires(const S& s, Eigen::Index p) {
  { s.encode(p, p) } -> std::convertible_to<std::vector<typename S::scalar_type>>;
};
template <class S>
inline constexpr bool has_encode_v = has_encode<S>;

/// query_key: `s.query(q, m)` and `s.key(k, n)`.
template <class S>
concept has_query_key = has_scalar_type<S> && requires(const S& s, const std::vector<typename S::scalar_type>& x,
                                                       Eigen::Index p) {
  { s.query(x, p) } -> std::convertible_to<std::vector<typename S::scalar_type>>;
  { s.key(x, p) } -> std::convertible_to<std::vector<typename S::scalar_type>>;
};
template <class S>
inline constexpr bool has_query_key_v = has_query_key<S>;

/// score_bias: `s.bias(q, k, m, n)`.
template <class S>
concept has_bias = has_scalar_type<S> && requires(const S& s, const std::vector<typename S::scalar_type>& x,
                                                  Eigen::Index p) {
  { s.bias(x, x, p, p) } -> std::convertible_to<typename S::scalar_type>;
};
template <class S>
inline constexpr bool has_bias_v = has_bias<S>;

/// The kind's function is present.
template <class S>
constexpr bool has_kind_function() {
  if constexpr (!has_kind<S>) {
    return false;
  } else if constexpr (S::kind == pe_kind::additive) {
    return has_encode<S>;
  } else if constexpr (S::kind == pe_kind::query_key) {
    return has_query_key<S>;
  } else {
    return has_bias<S>;
  }
}

/// A positional-encoding scheme the battery can run on.
template <class S>
concept Scheme = has_scalar_type<S> && has_kind<S> && has_name<S> && has_parameters<S> && has_dim<S> &&
                 has_kind_function<S>() && std::copy_constructible<S>;

// --- optional members -----------------------------------------------------------------------------

/// Optional: `s.max_position()` (positions at or past it are undefined).
template <class S>
concept has_max_position = requires(const S& s) {
  { s.max_position() } -> std::convertible_to<Eigen::Index>;
};
/// Optional: `s.norm_scale()` (a query_key scheme that scales norms by design).
template <class S>
concept has_norm_scale = has_scalar_type<S> && requires(const S& s) {
  { s.norm_scale() } -> std::convertible_to<typename S::scalar_type>;
};
/// Optional: `s.phases(delta)` ((cos, sin) of delta·θ_i per rotated pair).
/// Optional: `std::vector<std::pair<orderblind::pe::property, orderblind::pe::expectation>> expectations() const`
/// — the verdicts the scheme's author states; `orderblind schemes --scheme NAME` exits 1 when one differs.
template <class S>
concept has_stated_expectations = requires(const S& s) {
  { s.expectations() } -> std::convertible_to<std::vector<std::pair<property, expectation>>>;
};

/// Optional: `s.generator()` (a query_key scheme's one-parameter group: G as its d rows, or empty for none).
template <class S>
concept has_generator = has_scalar_type<S> && requires(const S& s) {
  { s.generator() } -> std::convertible_to<std::vector<std::vector<typename S::scalar_type>>>;
};

template <class S>
concept has_phases = has_scalar_type<S> && requires(const S& s, Eigen::Index delta) {
  { s.phases(delta) } -> std::convertible_to<std::vector<std::pair<typename S::scalar_type, typename S::scalar_type>>>;
};

/// Compile-time check with one message per missing requirement; call it where a scheme enters the battery.
template <class S>
constexpr bool require_scheme() {
  static_assert(has_scalar_type_v<S>,
                "orderblind::pe: a scheme needs `using scalar_type = T;` naming a Scalar (see pe/concept.hpp)");
  static_assert(has_kind_v<S>,
                "orderblind::pe: a scheme needs `static constexpr pe_kind kind` (additive, query_key or score_bias)");
  static_assert(has_name_v<S>, "orderblind::pe: a scheme needs `std::string name() const`");
  static_assert(has_parameters_v<S>, "orderblind::pe: a scheme needs `std::string parameters() const`");
  static_assert(has_dim_v<S>, "orderblind::pe: a scheme needs `Eigen::Index dim() const`");
  if constexpr (has_kind_v<S> && has_scalar_type_v<S>) {
    if constexpr (S::kind == pe_kind::additive)
      static_assert(has_encode_v<S>,
                    "orderblind::pe: an additive scheme needs `std::vector<T> encode(Eigen::Index p, Eigen::Index length) const`");
    else if constexpr (S::kind == pe_kind::query_key)
      static_assert(has_query_key_v<S>,
                    "orderblind::pe: a query_key scheme needs `std::vector<T> query(const std::vector<T>&, Eigen::Index) const` "
                    "and `std::vector<T> key(const std::vector<T>&, Eigen::Index) const`");
    else
      static_assert(has_bias_v<S>, "orderblind::pe: a score_bias scheme needs `T bias(const std::vector<T>& q, const "
                                   "std::vector<T>& k, Eigen::Index m, Eigen::Index n) const`");
  }
  return Scheme<S>;
}

}  // namespace orderblind::pe
