// SPDX-License-Identifier: MIT
#pragma once
/// The layer laws of `orderblind check`, written once over the scalar; instantiated for double
/// (layer_double.cpp) and mpq_rational (layer_exact.cpp), one translation unit each. `plot residual`
/// draws its permutations with `for_each_permutation` too.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "properties/check/check.hpp"
#include "orderblind/attention.hpp"
#include "orderblind/case_source.hpp"
#include "orderblind/compare.hpp"
#include "orderblind/permutation.hpp"
#include "properties/check/progress.hpp"

namespace orderblind::properties {

/// Calls `f(name, permutation)` for each permutation tried, one at a time: reversal, swap of the first two
/// rows, rotation by one, then `random` uniform ones (Fisher–Yates from a 64-bit Mersenne Twister;
/// reproducible from the seed on every platform). `f` returns false to stop.
// NOTE: one permutation at a time, so that memory does not grow with --cases (a list of 10^8 drawn
// permutations took ~160 bytes each, until bad_alloc).
template <class F>
void for_each_permutation(std::size_t n, long random, std::uint64_t seed, F&& f) {
  if (n == 1) {
    (void)f(std::string("identity (n = 1)"), permutation::identity(1));
    return;
  }
  if (!f(std::string("reversal"), permutation::reversal(n))) return;
  if (!f(std::string("swap of rows 0 and 1"), permutation::transposition(n, 0, 1))) return;
  std::vector<std::size_t> all(n);
  for (std::size_t i = 0; i < n; ++i) all[i] = i;
  if (n > 2 && !f(std::string("rotation by one"), permutation::cycle(n, all))) return;
  case_source rng(seed);
  std::vector<std::size_t> img(n);
  for (long c = 0; c < random; ++c) {
    img = all;
    rng.shuffle(img.begin(), img.end());
    if (!f("random #" + std::to_string(c + 1) + " (seed " + std::to_string(seed) + ")", permutation(img))) return;
  }
}

/// How many permutations `for_each_permutation(n, random, seed, f)` calls `f` with.
inline long permutation_count(std::size_t n, long random) {
  if (n == 1) return 1;
  return (n > 2 ? 3 : 2) + random;
}

/// The permutations `for_each_permutation(n, random, seed, f)` tries, in words (a check's `compared`).
inline std::string permutations_tried(std::size_t n, long random, std::uint64_t seed) {
  if (n == 1) return "the identity only (n = 1: there is no other permutation)";
  std::string s = n == 2 ? "the reversal (for n = 2 also the swap of rows 0 and 1, tried twice)"
                         : "the reversal, the swap of rows 0 and 1, the rotation by one";
  if (random > 0)
    s += " and " + std::to_string(random) + " uniform random permutation" + (random == 1 ? "" : "s") +
         " (Fisher–Yates, seed " + std::to_string(seed) + "; " + case_source::describe() + ")";
  return s;
}

/// The evidence of a layer law: sampled when random permutations were drawn (n > 1 and `random` > 0),
/// else a computation on the stated data only (the command always asks for ≥ 1, so: one token).
// NOTE: the inputs are the user's own matrices either way; what is sampled is the permutations.
inline verify::evidence_kind layer_evidence(bool exact, std::size_t n, long random) {
  const bool sampled = n > 1 && random > 0;
  if (exact) return sampled ? verify::evidence_kind::sampled_exact : verify::evidence_kind::exact_on_data;
  return sampled ? verify::evidence_kind::sampled_within_bound : verify::evidence_kind::double_on_data;
}

/// The seed of a layer law: set only when random permutations were drawn.
inline std::optional<std::uint64_t> layer_seed(std::size_t n, long random, std::uint64_t seed) {
  if (n > 1 && random > 0) return seed;
  return std::nullopt;
}

/// The layer as the user gave it, over T with kernel K.
template <Scalar T, class K>
struct user_layer {
  Matrix<T> wq, wk, wv, wo;
  bool multi_head = false;
  std::size_t heads = 1;
  attention_options<T> opt;
  Matrix<T> positions;  ///< empty: none

  Matrix<T> operator()(const Matrix<T>& x_in) const {
    const Matrix<T> x = positions.size() ? add(x_in) : x_in;
    if (!multi_head) return self_attention<T, K>(x, head_weights<T>{wq, wk, wv}, opt);
    return multi_head_self_attention<T, K>(x, multi_head_weights<T>{wq, wk, wv, wo, heads}, opt);
  }
  /// The scores Q·Kᵀ (before scale, mask and kernel) of head h.
  Matrix<T> scores(const Matrix<T>& x_in, std::size_t h) const {
    const Matrix<T> x = positions.size() ? add(x_in) : x_in;
    const auto dh = multi_head ? wq.cols() / static_cast<Eigen::Index>(heads) : wq.cols();
    const auto c0 = static_cast<Eigen::Index>(h) * dh;
    return multiply_transposed(multiply(x, Matrix<T>(wq.middleCols(c0, dh)), "X", "W_Q"),
                               multiply(x, Matrix<T>(wk.middleCols(c0, dh)), "X", "W_K"), "Q", "K");
  }
  Matrix<T> add(const Matrix<T>& x) const {
    require_same_shape(x, "X", positions, "the positional table");
    return x + positions;
  }
};

template <Scalar T, class K>
user_layer<T, K> make_layer(const layer_files& in) {
  user_layer<T, K> l;
  l.wq = in.wq.as<T>();
  l.wk = in.wk.as<T>();
  l.wv = in.wv.as<T>();
  if (in.wo) {
    l.wo = in.wo->as<T>();
    l.multi_head = true;
    l.heads = in.heads;
  }
  if (in.causal) l.opt.mask = mask::causal();
  if (in.positions) l.positions = in.positions->as<T>();
  return l;
}

inline std::string layer_description(const layer_files& in) {
  std::ostringstream os;
  const auto shape = [](const io::table& t) { return std::to_string(t.rows) + "x" + std::to_string(t.cols); };
  // NOTE: each shape as read (W_V's width d_v may differ from d_k).
  os << "X " << in.x.describe() << "; W_Q " << shape(in.wq) << ", W_K " << shape(in.wk) << ", W_V " << shape(in.wv);
  if (in.wo) os << "; W_O " << shape(*in.wo) << ", " << in.heads << " heads";
  if (in.causal) os << "; causal mask";
  if (in.positions) os << "; positions " << in.positions->describe() << " added to X";
  return os.str();
}

}  // namespace orderblind::properties
