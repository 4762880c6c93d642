// SPDX-License-Identifier: MIT
#pragma once
/// The permutation law written once: f(P·x) against P·f(x) (equivariance) or f(x) (invariance), for a
/// function of several matrices of which some have their rows permuted. Every site that checks the law —
/// the property battery, the proofs, `check` on a user's files, the tables, bench, Python — states it as
/// a `permutation_law` (data) and calls `sides` / `check_law` here, so that "how P acts" is decided in
/// one place and the comparison is the one of verify/bound.hpp.
#include <string>
#include <utility>
#include <vector>

#include "orderblind/permutation.hpp"
#include "orderblind/verify/bound.hpp"

namespace orderblind::verify {

/// How a permutation acts on one input, or on the output, of f.
enum class action {
  permute_rows,  ///< row i moves to row P(i): a sequence of tokens
  none,          ///< left as it is: weights, or an output that must not change
  permute_rows_and_cols,  ///< P·m·Pᵀ: a matrix indexed by tokens on both sides (scores, weights)
};

/// m with P acting as `a` says.
template <Scalar T>
Matrix<T> act(action a, const permutation& p, Matrix<T> m) {
  if (a == action::permute_rows) return p.apply_rows(std::move(m));
  if (a == action::permute_rows_and_cols) return p.apply_cols(Matrix<T>(p.apply_rows(std::move(m))));
  return m;
}

/// A permutation law, as data: its statement and how P acts on each input and on the output.
struct permutation_law {
  std::string statement;        ///< e.g. "f(PX) = P·f(X)"
  std::vector<action> inputs;   ///< one per argument of f
  action output = action::permute_rows;
};

/// f(PX) = P·f(X): f of one sequence commutes with every row permutation.
inline permutation_law equivariance(std::string statement = "f(PX) = P·f(X)") {
  return {std::move(statement), {action::permute_rows}, action::permute_rows};
}

/// f(PX) = f(X): f of one sequence does not see the order of its rows.
inline permutation_law invariance(std::string statement = "f(PX) = f(X)") {
  return {std::move(statement), {action::permute_rows}, action::none};
}

/// The two sides of the law on one case, with f(inputs) given (`at_inputs`: a caller that tries many
/// permutations computes it once): {f(P·inputs), P·f(inputs)} (or f(inputs), or P·f(inputs)·Pᵀ, as the
/// law's output action says). `f` takes the inputs as a `const std::vector<Matrix<T>>&`.
template <Scalar T, class F>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p, const Matrix<T>& at_inputs) {
  if (inputs.size() != law.inputs.size())
    throw configuration_error("the law '" + law.statement + "' takes " + std::to_string(law.inputs.size()) +
                              " input(s); " + std::to_string(inputs.size()) + " given");
  std::vector<Matrix<T>> moved = inputs;
  for (std::size_t i = 0; i < inputs.size(); ++i) moved[i] = act(law.inputs[i], p, inputs[i]);
  return {f(moved), act(law.output, p, at_inputs)};
}

/// The two sides of the law on one case: {f(P·inputs), P·f(inputs)} (or f(inputs) for an invariant
/// output). `f` takes the inputs as a `const std::vector<Matrix<T>>&`.
template <Scalar T, class F>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p) {
  if (inputs.size() != law.inputs.size())
    throw configuration_error("the law '" + law.statement + "' takes " + std::to_string(law.inputs.size()) +
                              " input(s); " + std::to_string(inputs.size()) + " given");
  std::vector<Matrix<T>> moved = inputs;
  for (std::size_t i = 0; i < inputs.size(); ++i) moved[i] = act(law.inputs[i], p, inputs[i]);
  Matrix<T> lhs = f(moved);
  Matrix<T> rhs = act(law.output, p, Matrix<T>(f(inputs)));
  return {std::move(lhs), std::move(rhs)};
}

/// The law on one case, compared under the tolerance `tol(inputs, f(inputs))` (verify/bound.hpp): the
/// left side is f(P·x), the right side P·f(x) (or f(x)).
template <Scalar T, class F, class Tol>
comparison check_law(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs, const permutation& p,
                     Tol&& tol) {
  const auto [lhs, rhs] = sides<T>(law, f, inputs, p);
  // NOTE: the tolerance is computed from the unpermuted inputs and the right side; a per-column or single
  // scale (e.g. max_k|V_kj|) is the same for x and P·x, since P only moves rows.
  return compare(lhs, rhs, tol(inputs, rhs), "f(P·x)",
                 law.output == action::permute_rows            ? "P·f(x)"
                 : law.output == action::permute_rows_and_cols ? "P·f(x)·Pᵀ"
                                                               : "f(x)");
}

}  // namespace orderblind::verify
