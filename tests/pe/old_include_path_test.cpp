// SPDX-License-Identifier: MIT
// A user's header written for the earlier documented include path — `#include "orderblind/pe/battery.hpp"`
// then ORDERBLIND_REGISTER_SCHEME(...) — keeps compiling and registers its scheme (battery.hpp includes
// register.hpp, where the macro lives).
#include "orderblind/pe/battery.hpp"

namespace old_style {
struct tiny_alibi {
  using scalar_type = orderblind::mpq_rational;
  static constexpr orderblind::pe::pe_kind kind = orderblind::pe::pe_kind::score_bias;
  std::string name() const { return "old-style-alibi"; }
  std::string parameters() const { return "s += −|m − n|"; }
  long dim() const { return 2; }
  scalar_type bias(const std::vector<scalar_type>&, const std::vector<scalar_type>&, long m, long n) const {
    return scalar_type(-(m > n ? m - n : n - m));
  }
};
}  // namespace old_style

ORDERBLIND_REGISTER_SCHEME(old_style::tiny_alibi{});

#include <catch2/catch.hpp>

TEST_CASE("a header including orderblind/pe/battery.hpp registers its scheme with ORDERBLIND_REGISTER_SCHEME",
          "[pe][compat]") {
  const auto& all = orderblind::pe::scheme_registry();
  REQUIRE(all.size() == 1);
  CHECK(all[0].name == "old-style-alibi");
  const auto row = all[0].run();
  CHECK(orderblind::pe::holds(orderblind::pe::law(row, orderblind::pe::property::relative_scores).outcome));
}
