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
};

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

/// The two sides of the law on one case, the two evaluations handed to `both(left, right)`, which calls
/// each of the two callables once, in either order or side by side on two threads (they share no state
/// but `f`, which must then be safe to call concurrently): {f(P·inputs), P·f(inputs)} (or f(inputs)).
template <Scalar T, class F, class Both>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p, Both&& both) {
  if (inputs.size() != law.inputs.size())
    throw configuration_error("the law '" + law.statement + "' takes " + std::to_string(law.inputs.size()) +
                              " input(s); " + std::to_string(inputs.size()) + " given");
  std::vector<Matrix<T>> moved;
  moved.reserve(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i)
    moved.push_back(law.inputs[i] == action::permute_rows ? p.apply_rows(inputs[i]) : inputs[i]);
  Matrix<T> lhs, rhs;
  both([&] { lhs = f(std::as_const(moved)); },
       [&] {
         // NOTE: f(inputs) is discarded once permuted: apply_rows moves its rows in place (a copy of a
         // multiprecision entry allocates).
         rhs = law.output == action::permute_rows ? p.apply_rows(f(inputs)) : f(inputs);
       });
  return {std::move(lhs), std::move(rhs)};
}

/// The two sides of the law on one case: {f(P·inputs), P·f(inputs)} (or f(inputs) for an invariant
/// output), f(P·inputs) evaluated first. `f` takes the inputs as a `const std::vector<Matrix<T>>&`.
template <Scalar T, class F>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p) {
  return sides<T>(law, f, inputs, p, [](auto&& left, auto&& right) {
    left();
    right();
  });
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
                 law.output == action::permute_rows ? "P·f(x)" : "f(x)");
}

}  // namespace orderblind::verify
