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
  permute_cols,  ///< column j moves to column P(j): a matrix over the rows of a permuted input (scores and
                 ///< weights against permuted keys: s' = s·Pᵀ)
  permute_rows_and_cols,  ///< P·m·Pᵀ: a matrix indexed by tokens on both sides (scores, weights)
};

/// P acting on one matrix as `a` says: P·m, m·Pᵀ, P·m·Pᵀ, or m itself.
template <class M>
M act(action a, const M& m, const permutation& p) {
  switch (a) {
    case action::permute_rows: return p.apply_rows(m);
    case action::permute_cols: return p.apply_cols(m);
    case action::permute_rows_and_cols: return p.apply_cols(M(p.apply_rows(m)));
    case action::none: break;
  }
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

/// The inputs of the law's left side: each input moved as the law says P acts on it (P·x, x·Pᵀ or x).
template <Scalar T>
std::vector<Matrix<T>> permuted_inputs(const permutation_law& law, const std::vector<Matrix<T>>& inputs,
                                       const permutation& p) {
  if (inputs.size() != law.inputs.size())
    throw configuration_error("the law '" + law.statement + "' takes " + std::to_string(law.inputs.size()) +
                              " input(s); " + std::to_string(inputs.size()) + " given");
  std::vector<Matrix<T>> moved;
  moved.reserve(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i)
    moved.push_back(law.inputs[i] == action::none ? inputs[i] : act(law.inputs[i], inputs[i], p));
  return moved;
}

/// The law's right side from f(inputs): P·f(inputs), f(inputs)·Pᵀ, or f(inputs) for an invariant output.
// NOTE: f(inputs) is taken by value and, when P moves its rows, reordered in place (apply_rows(M&&)): a
// copy of a multiprecision entry allocates.
template <Scalar T>
Matrix<T> expected_side(const permutation_law& law, Matrix<T> f_of_inputs, const permutation& p) {
  if (law.output == action::permute_rows) return p.apply_rows(std::move(f_of_inputs));
  if (law.output == action::none) return f_of_inputs;
  return act(law.output, f_of_inputs, p);
}

/// The two sides of the law on one case, the two evaluations handed to `both(left, right)`, which calls
/// each of the two callables once, in either order or side by side on two threads (they share no state
/// but `f`, which must then be safe to call concurrently): {f(P·inputs), P·f(inputs)} (or f(inputs)·Pᵀ,
/// or f(inputs)).
template <Scalar T, class F, class Both>
std::pair<Matrix<T>, Matrix<T>> sides_by(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                         const permutation& p, Both&& both) {
  const std::vector<Matrix<T>> moved = permuted_inputs<T>(law, inputs, p);
  Matrix<T> lhs, rhs;
  both([&] { lhs = f(moved); }, [&] { rhs = expected_side(law, Matrix<T>(f(inputs)), p); });
  return {std::move(lhs), std::move(rhs)};
}

/// The two sides of the law on one case: {f(P·inputs), P·f(inputs)} (or f(inputs)·Pᵀ, or f(inputs) for an
/// invariant output). `f` takes the inputs as a `const std::vector<Matrix<T>>&`; it is called twice, on
/// the permuted inputs first and then on the inputs as given.
template <Scalar T, class F>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p) {
  return sides_by<T>(law, f, inputs, p, [](auto&& left, auto&& right) {
    left();
    right();
  });
}

/// The same with f(inputs) already computed, for one f(x) and many P (the generators of Sₙ, a sweep
/// over Sₙ).
template <Scalar T, class F>
std::pair<Matrix<T>, Matrix<T>> sides(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs,
                                      const permutation& p, const Matrix<T>& f_of_inputs) {
  Matrix<T> lhs = f(permuted_inputs<T>(law, inputs, p));
  return {std::move(lhs), expected_side(law, f_of_inputs, p)};
}

/// How the right side of `law` is written: "P·f(x)", "f(x)·Pᵀ" or "f(x)".
inline const char* right_side_name(const permutation_law& law) {
  switch (law.output) {
    case action::permute_rows: return "P·f(x)";
    case action::permute_cols: return "f(x)·Pᵀ";
    case action::permute_rows_and_cols: return "P·f(x)·Pᵀ";
    case action::none: break;
  }
  return "f(x)";
}


/// The law on one case, compared under the tolerance `tol(inputs, f(inputs))` (verify/bound.hpp): the
/// left side is f(P·x), the right side P·f(x) (or f(x)·Pᵀ, or f(x)).
template <Scalar T, class F, class Tol>
comparison check_law(const permutation_law& law, F&& f, const std::vector<Matrix<T>>& inputs, const permutation& p,
                     Tol&& tol) {
  const auto [lhs, rhs] = sides<T>(law, f, inputs, p);
  // NOTE: the tolerance is computed from the unpermuted inputs and the right side; a per-column or single
  // scale (e.g. max_k|V_kj|) is the same for x and P·x, since P only moves rows.
  return compare(lhs, rhs, tol(inputs, rhs), "f(P·x)", right_side_name(law));
}

}  // namespace orderblind::verify
