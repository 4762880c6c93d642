// ctest entry point of the battery: one Catch2 test per law (it must hold on the library) and one per
// mutant (the law must fail on it). Tests are registered from all_laws(), the list the CLI runs.
#include <catch2/catch.hpp>

#include <deque>
#include <iostream>
#include <string>

#include "properties/battery/battery.hpp"

namespace orderblind::properties {
namespace {

/// Runs one law, or one of its mutants, as a Catch2 test.
class law_invoker : public Catch::ITestInvoker {
 public:
  law_invoker(law l, int mutant_index) : law_(std::move(l)), mutant_(mutant_index) {}
  void invoke() const override {
    if (mutant_ < 0) {
      const verdict v = law_.check({});
      std::cout << law_.id << ": " << (v.held ? "held" : "FAILED") << " after " << v.run.cases << " case(s), seed "
                << v.run.seed << "\n";
      INFO(law_.id << " (" << law_.arithmetic << "; tolerance " << law_.tolerance << ")\n"
                   << (v.held ? v.note : describe_failure(law_.id, v.run) + v.note));
      CHECK(v.held);
      if (v.held) CHECK(v.run.cases > 0);
    } else {
      const auto& m = law_.mutants[static_cast<std::size_t>(mutant_)];
      // NOTE: a mutant only has to fail; shrinking its counterexample would cost time and prove nothing,
      // except for laws that assert a (shrunk) counterexample themselves.
      run_options o;
      o.shrink = law_.refutes;
      const verdict v = m.check(o);
      std::cout << law_.id << " on the mutant '" << m.name << "': " << (v.held ? "NOT caught" : "caught") << "\n";
      INFO(law_.id << " on the mutant '" << m.name << "': the law must FAIL here\n" << v.note << v.run.message);
      CHECK_FALSE(v.held);
    }
  }

 private:
  law law_;
  int mutant_;
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
    }
  }
};
const registration registered;

}  // namespace
}  // namespace orderblind::properties
