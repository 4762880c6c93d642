// SPDX-License-Identifier: MIT
#pragma once
/// RapidCheck generators of permutations: weighted toward the shapes that break wrong code, never
/// the identity unless asked, shrinking toward simpler permutations; and S_n exhaustively for n ≤ 5.
#include <rapidcheck.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "orderblind/permutation.hpp"

namespace orderblind::properties {

/// What a permutation generator may produce.
struct permutation_options {
  bool allow_identity = false;  ///< the identity proves nothing about order, so it is off by default
};

/// Every permutation of n points (n! of them, identity first), for exhaustive checks; n ≤ 5 (120).
inline std::vector<permutation> all_permutations(std::size_t n, permutation_options o = {}) {
  if (n > 5)
    throw configuration_error("all_permutations: n = " + std::to_string(n) +
                              " is too many for an exhaustive check (n <= 5, at most 120 permutations)");
  std::vector<std::size_t> img(n);
  std::iota(img.begin(), img.end(), std::size_t{0});
  std::vector<permutation> out;
  do {
    permutation p(img);
    if (o.allow_identity || !p.is_identity()) out.push_back(std::move(p));
  } while (std::next_permutation(img.begin(), img.end()));
  return out;
}

namespace detail {

/// Number of points π moves.
inline std::size_t moved_points(const permutation& p) {
  std::size_t m = 0;
  for (std::size_t i = 0; i < p.size(); ++i) m += p(i) != i;
  return m;
}

/// The simpler permutations a shrink may try, simplest first. Each candidate is smaller in the order
/// (points moved, then sum of moved points), so shrinking terminates.
// NOTE: candidates: the identity (if allowed); the transposition (0 1); for a transposition (i j) the
// transpositions (i j−1) and (i−1 j); otherwise π with one moved point i made fixed (the point that
// mapped to i takes over π(i)), which moves one point fewer.
inline std::vector<permutation> simpler_permutations(const permutation& p, permutation_options o) {
  std::vector<permutation> out;
  const std::size_t n = p.size();
  const std::size_t moved = moved_points(p);
  if (moved == 0 || n < 2) return out;
  if (o.allow_identity) out.push_back(permutation::identity(n));
  const auto first = permutation::transposition(n, 0, 1);
  if (moved == 2) {
    std::size_t i = n, j = n;
    for (std::size_t k = 0; k < n; ++k)
      if (p(k) != k) (i == n ? i : j) = k;
    if (!(p == first)) out.push_back(first);
    if (j - 1 > i && !(i == 0 && j - 1 == 1)) out.push_back(permutation::transposition(n, i, j - 1));
    if (i > 0 && !(i - 1 == 0 && j == 1)) out.push_back(permutation::transposition(n, i - 1, j));
    return out;
  }
  out.push_back(first);
  for (std::size_t i = 0; i < n; ++i) {
    if (p(i) == i) continue;
    std::vector<std::size_t> img = p.image();
    const auto j = static_cast<std::size_t>(std::find(img.begin(), img.end(), i) - img.begin());  // π(j) = i
    img[j] = img[i];
    img[i] = i;
    permutation q(std::move(img));
    if (!q.is_identity() || o.allow_identity) out.push_back(std::move(q));
  }
  return out;
}

/// A uniformly random index below `bound` from RapidCheck's random stream.
inline std::size_t draw(rc::Random& r, std::size_t bound) {
  return static_cast<std::size_t>(r.next() % static_cast<rc::Random::Number>(bound));
}

}  // namespace detail

/// The shapes gen_permutation draws.
enum class permutation_shape { identity, transposition, cycle, reversal, uniform };

/// One shape and its share of the draws, in percent.
struct permutation_share {
  permutation_shape shape;
  int percent;
};

/// The mix gen_permutation draws from: the table IS the distribution (the draw walks it, and every text
/// that describes the distribution is generated from it by `describe_mix`).
// NOTE: transpositions, full cycles and the reversal are the permutations the texts use and the ones that
// expose row-index bugs (a bias that grows with the row index is caught by any of them). Without the
// identity its 5 % go to the transposition.
inline std::vector<permutation_share> permutation_mix(permutation_options o = {}) {
  using enum permutation_shape;
  if (o.allow_identity) return {{identity, 5}, {transposition, 30}, {cycle, 20}, {reversal, 20}, {uniform, 25}};
  return {{transposition, 35}, {cycle, 20}, {reversal, 20}, {uniform, 25}};
}

/// "35% a transposition, 20% an n-cycle, 20% the reversal, 25% uniform over S_n; never the identity":
/// the distribution of a mix, in words.
inline std::string describe_mix(const std::vector<permutation_share>& mix) {
  std::string out;
  bool identity = false;
  for (const auto& s : mix) {
    const char* what = "";
    switch (s.shape) {
      case permutation_shape::identity: what = "the identity"; identity = true; break;
      case permutation_shape::transposition: what = "a transposition"; break;
      case permutation_shape::cycle: what = "an n-cycle"; break;
      case permutation_shape::reversal: what = "the reversal"; break;
      case permutation_shape::uniform: what = "uniform over S_n"; break;
    }
    out += (out.empty() ? "" : ", ") + std::to_string(s.percent) + "% " + what;
  }
  return out + (identity ? "" : "; never the identity");
}

/// A permutation of n points, drawn from `permutation_mix(o)` (see describe_mix); the identity only when
/// `o.allow_identity`. Shrinks toward the transposition (0 1), then toward permutations moving fewer points.
inline rc::Gen<permutation> gen_permutation(std::size_t n, permutation_options o = {}) {
  if (n < 2 && !o.allow_identity)
    throw configuration_error("gen_permutation: only the identity permutes " + std::to_string(n) +
                              " point(s); ask for n >= 2 or allow the identity");
  return rc::Gen<permutation>([n, o](const rc::Random& random, int) {
    rc::Random r = random;
    const auto mix = permutation_mix(o);
    int total = 0;
    for (const auto& s : mix) total += s.percent;
    auto shape_of_roll = [&](std::size_t roll) {
      int upto = 0;
      for (const auto& s : mix)
        if (roll < static_cast<std::size_t>(upto += s.percent)) return s.shape;
      return mix.back().shape;
    };
    auto make = [&]() -> permutation {
      if (n < 2) return permutation::identity(n);
      for (;;) {
        permutation p = permutation::identity(n);
        switch (shape_of_roll(detail::draw(r, static_cast<std::size_t>(total)))) {
          case permutation_shape::identity:
            return p;
          case permutation_shape::transposition: {
            const std::size_t i = detail::draw(r, n);
            std::size_t j = detail::draw(r, n - 1);
            if (j >= i) ++j;
            p = permutation::transposition(n, std::min(i, j), std::max(i, j));
            break;
          }
          case permutation_shape::cycle: {
            std::vector<std::size_t> order(n);
            std::iota(order.begin(), order.end(), std::size_t{0});
            for (std::size_t k = n - 1; k > 0; --k) std::swap(order[k], order[detail::draw(r, k + 1)]);
            p = permutation::cycle(n, order);
            break;
          }
          case permutation_shape::reversal:
            p = permutation::reversal(n);
            break;
          case permutation_shape::uniform: {
            std::vector<std::size_t> img(n);
            std::iota(img.begin(), img.end(), std::size_t{0});
            for (std::size_t k = n - 1; k > 0; --k) std::swap(img[k], img[detail::draw(r, k + 1)]);
            p = permutation(std::move(img));
            break;
          }
        }
        if (o.allow_identity || !p.is_identity()) return p;
      }
    };
    return rc::shrinkable::shrinkRecur(make(), [o](const permutation& p) {
      return rc::seq::fromContainer(detail::simpler_permutations(p, o));
    });
  });
}

/// A permutation of n points drawn from the full list of S_n (n ≤ 5), for properties that should be
/// able to meet every permutation; shrinks toward the front of the list (the simplest first).
inline rc::Gen<permutation> gen_permutation_of_all(std::size_t n, permutation_options o = {}) {
  return rc::gen::elementOf(all_permutations(n, o));
}

}  // namespace orderblind::properties
