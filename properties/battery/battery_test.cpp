// ctest entry point of the battery: one Catch2 test per law (it must hold on the library) and one per
// mutant (the law must fail on it). Tests are registered from all_laws(), the list the CLI runs.
#include <catch2/catch.hpp>

#include <deque>
#include <iostream>
#include <string>

#include "properties/battery/battery.hpp"
#include "properties/battery/laws_attention.hpp"
#include "properties/battery/mutants.hpp"

namespace orderblind::properties {
namespace {

/// Runs one law, or one of its mutants, as a Catch2 test.
class law_invoker : public Catch::ITestInvoker {
 public:
  law_invoker(law l, int mutant_index, bool within = false)
      : law_(std::move(l)), mutant_(mutant_index), within_(within) {}
  void invoke() const override {
    if (within_) {
      const auto& m = law_.within_bound[static_cast<std::size_t>(mutant_)];
      const verdict v = m.check({});
      std::cout << law_.id << " under '" << m.name << "': " << (v.held ? "held" : "FAILED") << " after " << v.run.cases
                << " case(s)\n";
      INFO(law_.id << " under '" << m.name << "': the law must still HOLD here\n"
                   << describe_failure(law_.id, v.run) << v.note);
      CHECK(v.held);
      return;
    }
    if (mutant_ < 0) {
      const verdict v = law_.check({});
      std::cout << law_.id << ": " << (v.held ? "held" : "FAILED") << " after " << v.run.cases << " case(s), seed "
                << v.run.seed << "\n";
      INFO(law_.id << " (" << law_.arithmetic << "; tolerance " << law_.tolerance << ")\n"
                   << (v.held ? v.note : describe_failure(law_.id, v.run) + v.note));
      CHECK(v.held);
      // NOTE: a refutation may hold on its very first case (0 successful cases before the counterexample).
      if (v.held && !law_.refutes) CHECK(v.run.cases > 0);
    } else {
      const auto& m = law_.mutants[static_cast<std::size_t>(mutant_)];
      // NOTE: a mutant only has to fail; shrinking its counterexample would cost time and prove nothing,
      // except for laws that assert a (shrunk) counterexample themselves.
      run_options o;
      o.shrink = law_.refutes;
      const verdict v = m.check(o);
      std::cout << law_.id << " on the mutant '" << m.name << "': " << (v.held ? "NOT caught" : "caught")
                << (v.errored ? " (as an error)" : "") << "\n";
      INFO(law_.id << " on the mutant '" << m.name << "': the law must FAIL here\n" << v.note << v.run.message);
      CHECK_FALSE(v.held);
    }
  }

 private:
  law law_;
  int mutant_;
  bool within_;
};

/// Registers every law and mutant with Catch2 at static-initialisation time.
struct registration {
  std::deque<std::string> names;  // NOTE: Catch keeps StringRefs to the names; a deque never moves them.
  registration() {
    for (const auto& l : all_laws()) {
      names.push_back(l.id + ": " + l.title);
      const std::string& name = names.back();
      names.push_back("[" + l.property + "]");
      Catch::AutoReg(new law_invoker(l, -1), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                     Catch::NameAndTags{name, names.back()});
      for (std::size_t i = 0; i < l.mutants.size(); ++i) {
        names.push_back(l.id + " catches the mutant: " + l.mutants[i].name);
        Catch::AutoReg(new law_invoker(l, static_cast<int>(i)), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                       Catch::NameAndTags{names.back(), "[" + l.property + "][mutant]"});
      }
      for (std::size_t i = 0; i < l.within_bound.size(); ++i) {
        names.push_back(l.id + " still holds under: " + l.within_bound[i].name);
        Catch::AutoReg(new law_invoker(l, static_cast<int>(i), true), CATCH_INTERNAL_LINEINFO, Catch::StringRef(),
                       Catch::NameAndTags{names.back(), "[" + l.property + "][within-bound]"});
      }
    }
  }
};
const registration registered;

TEST_CASE("a refutation law reports an always-throwing implementation as an error, not a counterexample",
          "[battery][errors]") {
  const auto check = must_break("test/throwing-refutation", 50,
                                laws::causal_attention_commutes<double>(mutants::throwing_attention<softmax_kernel>{}));
  const verdict v = check({});
  INFO(v.note);
  CHECK_FALSE(v.held);
  CHECK(v.errored);
  CHECK(v.note.find("ERROR") != std::string::npos);
}

TEST_CASE("a law that must hold fails, as an error, on an always-throwing implementation", "[battery][errors]") {
  const auto check = must_hold("test/throwing-law", 50,
                               laws::self_attention_commutes<double>(mutants::throwing_attention<softmax_kernel>{}, true));
  const verdict v = check({});
  CHECK_FALSE(v.held);
  CHECK(v.errored);
}

TEST_CASE("every floating law has a NaN mutant and a perturbation at its edge", "[battery][mutant]") {
  // NOTE: the per-mutant tests above check that each of these is caught (and each 0.5x perturbation held).
  for (const auto& l : all_laws()) {
    if (l.id.find("[mpq_rational]") != std::string::npos) continue;
    INFO(l.id);
    bool nan = false, edge = false;
    for (const auto& m : l.mutants) {
      nan = nan || m.name.find("NaN") != std::string::npos;
      edge = edge || m.name.find("perturbation") != std::string::npos;
    }
    CHECK(nan);
    if (!l.refutes) CHECK(edge);
    if (!l.refutes && l.tolerance.find("ε") != std::string::npos) CHECK(l.within_bound.size() >= 1);
  }
}

}  // namespace
}  // namespace orderblind::properties
