// SPDX-License-Identifier: MIT
#pragma once
/// The vocabulary a scheme states its expectations in: the laws the battery checks (`property`) and
/// what is expected of each (`expectation`). The battery's results are in report.hpp.
#include <array>
#include <cstddef>

namespace orderblind::pe {

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

/// What the catalogue expects of a cell.
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

}  // namespace orderblind::pe
