// SPDX-License-Identifier: MIT
// The battery's pairwise laws on RapidCheck-generated content and positions (properties/support
// generators), with shrinking: the catalogue's rotary and bias schemes hold them exactly; the mutants
// fail them with a shrunk counterexample naming the positions and vectors.
#include <catch2/catch.hpp>

#include "orderblind/pe/schemes.hpp"
#include "properties/support/matrices.hpp"
#include "properties/support/runner.hpp"
#include "properties/support/scalars.hpp"
#include "properties/support/weights.hpp"

using namespace orderblind;
using namespace orderblind::pe;
using namespace orderblind::properties;
using Q = mpq_rational;

namespace {

template <class T>
vec<T> as_vec(const Matrix<T>& row) {
  vec<T> v;
  for (Eigen::Index j = 0; j < row.cols(); ++j) v.push_back(row(0, j));
  return v;
}

/// "the position part of the score depends only on m − n": score(q, k, m, n) = score(q, k, m+c, n+c).
template <class S>
auto relative_scores_law(S s) {
  return [s] {
    using T = typename S::scalar_type;
    const auto q = as_vec<T>(*gen_row<T>(s.dim(), gen_rational<T>()).as("query content q"));
    const auto k = as_vec<T>(*gen_row<T>(s.dim(), gen_rational<T>()).as("key content k"));
    const long m = *gen_position(12).as("query position m");
    const long n = *gen_position(12).as("key position n");
    const long c = *gen_offset(8, true).as("shift c");
    if (c < 0 && (m + c < 0 || n + c < 0)) RC_DISCARD("negative position");
    T a, b;
    if constexpr (S::kind == pe_kind::query_key) {
      a = dot(s.query(q, m), s.key(k, n));
      b = dot(s.query(q, m + c), s.key(k, n + c));
    } else {
      a = s.bias(q, k, m, n);
      b = s.bias(q, k, m + c, n + c);
    }
    RC_ASSERT(a == b);
  };
}

/// "‖f(x, p)‖ = ‖x‖ for queries and keys".
template <class S>
auto norm_law(S s) {
  return [s] {
    using T = typename S::scalar_type;
    const auto x = as_vec<T>(*gen_row<T>(s.dim(), gen_rational<T>()).as("content x"));
    const long p = *gen_position(20).as("position p");
    RC_ASSERT(norm2(s.query(x, p)) == norm2(x));
    RC_ASSERT(norm2(s.key(x, p)) == norm2(x));
  };
}

const auto pyth = angle_table<Q>::pythagorean(4);

}  // namespace

TEST_CASE("RoPE (both layouts, partial) and the bias schemes have relative scores on random cases (exact)",
          "[pe][property]") {
  const run_options o{};
  CHECK(run_property("rope-interleaved relative", relative_scores_law(rope_scheme<Q>{"ri", 4, 4, rotary_layout::interleaved, pyth}), o, 100).passed);
  CHECK(run_property("rope-half-split relative", relative_scores_law(rope_scheme<Q>{"rh", 4, 4, rotary_layout::half_split, pyth}), o, 100).passed);
  CHECK(run_property("rope-partial relative", relative_scores_law(rope_scheme<Q>{"rp", 6, 4, rotary_layout::half_split, pyth}), o, 100).passed);
  CHECK(run_property("alibi relative", relative_scores_law(alibi_scheme<Q>{}), o, 100).passed);
  CHECK(run_property("shaw relative", relative_scores_law(shaw_scheme<Q>{}), o, 100).passed);
  CHECK(run_property("t5 relative", relative_scores_law(t5_scheme<Q>{}), o, 100).passed);
}

TEST_CASE("RoPE preserves norms on random cases (exact)", "[pe][property]") {
  CHECK(run_property("rope norm", norm_law(rope_scheme<Q>{"ri", 4, 4, rotary_layout::interleaved, pyth}), {}, 100).passed);
}

namespace {
/// The cached-decoding mutant (query rotated by its index in the new chunk, 0, keys by their position).
struct cache_drops_offset : rope_scheme<Q> {
  vec<Q> query(const vec<Q>& q, long) const { return rope_scheme<Q>::query(q, 0); }
};
}  // namespace

TEST_CASE("a cache path that drops the offset fails relative scores with a shrunk counterexample", "[pe][property][mutant]") {
  cache_drops_offset m;
  m.d = 4;
  m.r = 4;
  m.angles = pyth;
  const auto out = run_property("cache drops offset", relative_scores_law(m), {}, 100);
  REQUIRE_FALSE(out.passed);
  INFO(out.message);
  // Shrunk: the smallest shift, and unit-like content.
  CHECK(out.value_of("shift c") == "1");
  CHECK_FALSE(out.value_of("key content k").empty());
}
