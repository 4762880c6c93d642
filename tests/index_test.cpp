// SPDX-License-Identifier: MIT
// The one index type (lib/orderblind/index.hpp): a count that does not fit, or a negative size, is an
// error naming what it was — never a silent wrap-around.
#include <catch2/catch.hpp>
#include <cstddef>
#include <limits>
#include <vector>

#include "orderblind/attention.hpp"
#include "orderblind/index.hpp"

using namespace orderblind;

TEST_CASE("to_index: every count that fits passes unchanged; one past the range throws, naming it") {
  CHECK(to_index(std::size_t{0}, "rows") == 0);
  constexpr auto top = static_cast<std::size_t>(std::numeric_limits<Eigen::Index>::max());
  CHECK(to_index(top, "rows") == std::numeric_limits<Eigen::Index>::max());
  CHECK_THROWS_AS(to_index(top + 1, "the head count"), index_range_error);
  CHECK_THROWS_WITH(to_index(std::numeric_limits<std::size_t>::max(), "the head count"),
                    Catch::Contains("the head count is 18446744073709551615"));
}

TEST_CASE("to_size: negative positions are refused, naming them") {
  CHECK(to_size(Eigen::Index{7}, "rows") == 7u);
  CHECK_THROWS_AS(to_size(Eigen::Index{-1}, "rows"), index_range_error);
  CHECK_THROWS_WITH(to_size(Eigen::Index{-2}, "a position"), Catch::Contains("a position is -2"));
}

TEST_CASE("at_index reads the element at a signed counter") {
  const std::vector<int> v{4, 5, 6};
  CHECK(at_index(v, Eigen::Index{2}) == 6);
}

TEST_CASE("multi-head weights with a head count beyond the index type are refused, not wrapped") {
  multi_head_weights<double> w;
  w.heads = std::numeric_limits<std::size_t>::max();
  CHECK_THROWS_AS(w.head_count(), index_range_error);
}
