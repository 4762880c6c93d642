// SPDX-License-Identifier: MIT
// implementation == specification: the library against proofs/spec/ over symbols and over Q, and every
// wrong-but-equivariant mutant caught by some check.
#include <catch2/catch.hpp>

#include <iostream>
#include <map>
#include <set>

#include "proofs/identities/specification.hpp"
#include "proofs/identities/spec_mutants.hpp"

using namespace orderblind::identities;
using S = orderblind::symbolic::expr;

namespace {
void require_identity(const identity_run& r) {
  INFO(r.law << " — " << r.size << "; residual " << r.residual << "; error " << r.error);
  CHECK(r.error.empty());
  CHECK(r.residual_zero);
}
}  // namespace

TEST_CASE("small sizes: the library equals the specification over symbols, every check") {
  const auto lib = library_implementation<S>();
  for (auto c : all_spec_checks()) require_identity(spec_identity(lib, c, {3, 2, 4, 2, 2}));
  // d = 8, one head: the scale 1/√8 = √2/4 is algebraic on both sides
  require_identity(spec_identity(lib, spec_check::mha, {3, 3, 8, 1, 1}));
  require_identity(spec_identity(lib, spec_check::self_head, {3, 3, 3, 1, 1}));
}

TEST_CASE("the library's identities at every planned size", "[slow][spec-sym]") {
  for (const auto& p : planned_spec_runs(false)) {
    const auto r = p.run();
    INFO(p.label);
    require_identity(r);
  }
}

TEST_CASE("the library equals the specification exactly over Q at larger sizes (sampled)") {
  for (const auto& f : planned_sampled_runs(20261203)) {
    const auto r = f();
    if (const char* env = std::getenv("ORDERBLIND_PRINT_TIMES"); env != nullptr && std::string(env) == "1")
      std::cout << r.law << ", " << r.size << ": " << r.cases << " cases, " << r.seconds << " s\n" << std::flush;
    INFO(r.law << " — " << r.size << ": " << r.first_difference << r.error);
    CHECK(r.error.empty());
    CHECK(r.all_equal);
    CHECK(r.cases > 0);
  }
}

TEST_CASE("a sampled run that differs names the case and the entry") {
  auto wrong = library_implementation<orderblind::mpq_rational>();
  wrong.pool = [](const orderblind::Matrix<orderblind::mpq_rational>& x) {
    auto m = orderblind::mean_pool(x);
    m(0, 0) += orderblind::mpq_rational(1, 1000000);
    return m;
  };
  const auto r = spec_sampled(wrong, spec_check::pool, {4, 4, 3, 1, 1}, 3, 1);
  CHECK_FALSE(r.all_equal);
  CHECK(r.first_difference.find("case 0, entry (0, 0)") != std::string::npos);
}

TEST_CASE("every wrong-but-equivariant mutant is caught by some check, the others let it pass") {
  const auto verdicts = spec_mutant_verdicts();
  std::map<std::string, std::set<std::string>> caught_by;
  std::set<std::string> names;
  for (const auto& v : verdicts) {
    names.insert(v.mutant);
    if (v.caught) caught_by[v.mutant].insert(v.arithmetic + ": " + v.check);
    // NOTE: an error is not a catch: a mutant must be refuted by a residual, never by an exception.
    INFO(v.mutant << " / " << v.check << " / " << v.arithmetic << ": " << v.message);
    CHECK(v.message.rfind("error:", 0) != 0);
  }
  for (const char* m : {"reversed head order", "missing per-head scale", "scale 1/√d instead of 1/√d_h",
                        "W_O transposed", "heads share one projection", "pre-norm instead of post-norm",
                        "norm without ε", "LayerNorm with the unbiased variance", "FFN layers swapped",
                        "decoder's causal mask off", "cross-attention keys from the decoder rows"}) {
    INFO(m);
    CHECK(names.count(m) == 1);
    CHECK_FALSE(caught_by[m].empty());
  }
  if (const char* env = std::getenv("ORDERBLIND_PRINT_MUTANT_TABLE"); env != nullptr && std::string(env) == "1")
    for (const auto& v : verdicts)
      std::cout << v.mutant << " | " << v.arithmetic << " | " << v.check << " | " << (v.caught ? "caught" : "passes")
                << " | " << v.message.substr(0, 400) << "\n";
}

TEST_CASE("the symbolic scalar refuses a non-rational constant at run time") {
  CHECK_THROWS_WITH(S(GiNaC::ex(0.5)), Catch::Contains("not an exact rational"));
  CHECK_THROWS_WITH(S(GiNaC::ex(GiNaC::symbol("x")) * GiNaC::ex(0.75)),
                    Catch::Contains("not an exact rational"));
  CHECK_NOTHROW(S(GiNaC::sqrt(GiNaC::ex(8))));  // 2·2^(1/2): algebraic, exact
  const S x = S::symbol("x");
  CHECK_FALSE(x * S::rational(1, 3) == x);
}

TEST_CASE("the planned sizes, timed (prints one line per run)", "[.timing][slow]") {
  double total = 0;
  for (const auto& p : planned_spec_runs(false)) {
    const auto r = p.run();
    total += r.seconds;
    std::cout << p.label << " | " << r.seconds << " s | " << (r.held() ? "held" : "FAILED " + r.residual + r.error)
              << "\n" << std::flush;
  }
  std::cout << "total " << total << " s\n";
}

TEST_CASE("mutants-sym: the n-cycle alone catches a last-row bias and a key-row-2 score bias") {
  std::size_t seen = 0;
  for (const auto& r : mutant_runs())
    if (r.subject == "attention adds 1 to the last output row" || r.subject == "scores of key row 2 get + 1") {
      ++seen;
      INFO(r.subject << ": " << r.residual);
      CHECK(r.held());
      REQUIRE(r.nonzero_on.size() == 1);
      CHECK(r.nonzero_on[0] == "(0 1 2 3)");  // the transposition (0 1) gave residual 0
    }
  CHECK(seen == 2);
}

TEST_CASE("mutants-sym: the equivariant battery mutants pass the symmetry law and fail the specification") {
  std::map<std::string, std::pair<bool, bool>> seen;  // subject -> (symmetry held with 0, spec caught)
  for (const auto& r : mutant_runs()) {
    const bool spec = r.law.find("= spec") != std::string::npos;
    for (const char* m : {"keys computed with W_Q instead of W_K", "weights doubled after normalising",
                          "scores doubled", "pooling sums the rows instead of averaging"})
      if (r.subject.find(m) != std::string::npos) {
        INFO(r.law << " — " << r.subject << ": " << r.residual << r.error);
        CHECK(r.held());
        if (spec) seen[m].second = !r.residual_zero;
        else seen[m].first = r.residual_zero;
      }
  }
  CHECK(seen.size() == 4);
  for (const auto& [m, v] : seen) {
    INFO(m);
    CHECK(v.first);
    CHECK(v.second);
  }
}

TEST_CASE("mutants-sym lists the battery mutants it cannot express, each with a reason") {
  const auto list = inexpressible_mutants();
  CHECK(list.size() == 9);
  for (const auto& m : list) {
    CHECK_FALSE(m.name.empty());
    CHECK(m.reason.size() > 40);
  }
}
