// SPDX-License-Identifier: MIT
// Google Benchmark workloads of the property battery: one benchmark per law and arithmetic, grouped by
// family (laws/attention/, laws/cross/, laws/rowwise/, laws/position/), and the positional-encoding
// schemes battery (laws/pe-schemes/). Each times the battery's own case code, not a re-implementation:
//   orderblind_microbench --benchmark_filter='^laws/'
// NOTE: the laws are the battery's own (all_laws(): every law of every arithmetic, each runner carrying
// the case body it repeats, properties/battery/law.hpp), so this unit compiles no law: the battery's
// translation units instantiate them once, and a law added there is benchmarked without a change here.
#include <benchmark/benchmark.h>
#include <rapidcheck.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "properties/battery/law.hpp"
#ifdef ORDERBLIND_LAWS_BENCH_SCHEMES
#include "orderblind/pe/report.hpp"
#endif

namespace orderblind::bench {
namespace {

using namespace orderblind::properties;

/// Cases per benchmark iteration: one cycle of RapidCheck's sizes 0 … max_size (100).
// NOTE: a law's cost depends on the size RapidCheck passes to its generators; running whole cycles makes
// every iteration the same mean over sizes as a run of the battery, whatever the iteration count.
constexpr int cases_per_iteration = 101;

/// One law's benchmark: `body` is the law's case (a laws::… body from properties/battery/ on the
/// battery's implementation), run as the battery runs it — wrapped by `recording_errors` as must_hold /
/// must_break wrap it, adapted by RapidCheck into a property, case i drawn from the i-th split of
/// Random(default_seed) at size i (RapidCheck's searchProperty for the first 101 cases of any run of
/// 101 cases or more), with the entry sizes measured as the battery always measures them.
// NOTE: RapidCheck's case loop is not an installed function (searchProperty lives in its library's
// private headers); its two lines that pick a case's random and size are the ones repeated here.
void run_law(benchmark::State& st, const std::function<void()>& body, bool refutes, bool exact) {
  auto log = std::make_shared<error_log>();
  const rc::detail::Property property = rc::detail::toProperty(recording_errors(body, log, refutes));
  entry_sizes sizes;
  long failed = 0, discarded = 0, cases = 0;
  std::string first_failure;
  {
    const stats_scope scope(nullptr, &sizes);
    for (auto _ : st) {
      rc::Random r(properties::default_seed);
      for (int i = 0; i < cases_per_iteration; ++i) {
        const rc::Random random = r.split();
        const rc::detail::CaseDescription d = property(random, i).value();
        ++cases;
        switch (d.result.type) {
          case rc::detail::CaseResult::Type::Success:
            sizes.commit();
            break;
          case rc::detail::CaseResult::Type::Failure:
            sizes.commit();
            if (first_failure.empty()) first_failure = d.result.description.substr(0, 240);
            ++failed;
            break;
          case rc::detail::CaseResult::Type::Discard:
            sizes.discard();
            ++discarded;
            break;
        }
      }
    }
  }
  st.SetItemsProcessed(cases);
  if (log->count > 0) {
    st.SkipWithError(("the implementation threw: " + log->first).c_str());
    return;
  }
  if (!refutes && failed > 0) {
    // NOTE: the start of RapidCheck's description (where, and the comparison), on one line; a failing
    // case's matrices are reproduced by `orderblind properties --only <law>`.
    std::replace(first_failure.begin(), first_failure.end(), '\n', ' ');
    st.SkipWithError(("the law failed on a case: " + first_failure).c_str());
    return;
  }
  if (refutes && failed == 0) {
    st.SkipWithError("a refutation found no counterexample in its cases");
    return;
  }
  if (refutes) st.counters["refuted"] = benchmark::Counter(static_cast<double>(failed) / static_cast<double>(cases));
  if (discarded > 0) st.counters["discarded"] = benchmark::Counter(static_cast<double>(discarded));
  // NOTE: for an exact rational an entry's cost grows with its bits (numerator + denominator); a
  // fixed-precision real costs the same at any size, so only the exact sizes are counters.
  if (exact) {
    if (const auto m = sizes.compared.median()) st.counters["compared_bits_median"] = benchmark::Counter(*m);
    if (const auto m = sizes.compared.max()) st.counters["compared_bits_max"] = benchmark::Counter(*m);
    if (const auto m = sizes.inputs.max()) st.counters["input_bits_max"] = benchmark::Counter(*m);
  }
}

/// The family a law's benchmark is filed under, by its property: P1, P3, P8 attention; P4 cross; P2
/// rowwise; P5, P6, P7 position.
std::string family_of(const std::string& property) {
  if (property == "P1" || property == "P3" || property == "P8") return "attention";
  if (property == "P4") return "cross";
  if (property == "P2") return "rowwise";
  if (property == "P5" || property == "P6" || property == "P7") return "position";
  throw std::logic_error("laws_bench: no benchmark family for property " + property);
}

/// Registers `<prefix>/<family>/<law id>` (the id ends in the scalar tag: "P1.scaled[double]").
void add(const std::string& prefix, const law& l, const law_runner& check) {
  const std::string name = prefix + "/" + family_of(l.property) + "/" + l.id;
  const bool exact = l.arithmetic.find("(exact)") != std::string::npos;
  benchmark::RegisterBenchmark(name.c_str(), [body = check.body, refutes = l.refutes, exact](benchmark::State& st) {
    run_law(st, body, refutes, exact);
  })->Unit(benchmark::kMillisecond);
}

/// Every law of the battery on the library, and the benchmarks' own checks, made to fail: P2.ffn[double] on
/// its first implementation mutant (the law fails on a case) and P3.causal[double] on its mutant that removes
/// the counterexample. Both must end in "ERROR OCCURRED"; a ctest requires it (bench/CMakeLists.txt), so a
/// benchmark that would time a broken law cannot pass.
[[maybe_unused]] const bool laws_registered = [] {
  static const std::vector<law> laws = all_laws();
  for (const law& l : laws) {
    add("laws", l, l.check);
    if ((l.id == "P2.ffn[double]" || l.id == "P3.causal[double]") && !l.mutants.empty())
      add("laws-mutant", l, l.mutants.front().check);
  }
  return true;
}();

#ifdef ORDERBLIND_LAWS_BENCH_SCHEMES
/// The positional-encoding schemes battery (orderblind::pe::run_battery, as `orderblind schemes` runs it)
/// on every scheme the catalogue registered in the arithmetic `scalar` ("mpq_rational", "mpfr100": the
/// start of the run's arithmetic, e.g. "mpfr100 (tolerance in ε)"); items are the law checks decided.
// NOTE: the catalogue registers its schemes from static initialisers of its own translation units, so
// the benchmark reads the registry when it runs (after every static initialiser); each entry names its
// arithmetic, so choosing the schemes runs none of them.
// `limit` > 0 runs only the first `limit` such schemes: the test that keeps the benchmark from rotting
// runs one (the whole catalogue's verdicts are the pe_catalogue test's), the benchmark all of them.
void pe_schemes(benchmark::State& st, const std::string& scalar, std::size_t limit) {
  const auto& registry = pe::scheme_registry();
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < registry.size() && (limit == 0 || chosen.size() < limit); ++i)
    if (registry[i].arithmetic.rfind(scalar + " ", 0) == 0) chosen.push_back(i);
  if (chosen.empty()) {
    st.SkipWithError(("no catalogue scheme is registered in " + scalar).c_str());
    return;
  }
  long laws = 0, schemes = 0, disagreeing = 0;
  for (auto _ : st) {
    for (const std::size_t i : chosen) {
      const verify::report run = registry[i].run();
      laws += static_cast<long>(pe::laws(run).size());
      ++schemes;
      if (pe::has_expectations(run) && !pe::agrees(run)) ++disagreeing;
    }
  }
  st.SetItemsProcessed(laws);
  st.counters["schemes"] = benchmark::Counter(static_cast<double>(chosen.size()));
  st.counters["schemes/s"] = benchmark::Counter(static_cast<double>(schemes), benchmark::Counter::kIsRate);
  if (disagreeing > 0) st.SkipWithError("a catalogue scheme's run disagrees with its stated expectations");
}
BENCHMARK_CAPTURE(pe_schemes, mpq_rational, std::string("mpq_rational"), std::size_t{0})
    ->Name("laws/pe-schemes/catalogue[mpq_rational]")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pe_schemes, mpfr100, std::string("mpfr100"), std::size_t{0})
    ->Name("laws/pe-schemes/catalogue[mpfr100]")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pe_schemes, first_mpq_rational, std::string("mpq_rational"), std::size_t{1})
    ->Name("laws/pe-schemes/first[mpq_rational]")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pe_schemes, first_mpfr100, std::string("mpfr100"), std::size_t{1})
    ->Name("laws/pe-schemes/first[mpfr100]")
    ->Unit(benchmark::kMillisecond);
#endif

}  // namespace
}  // namespace orderblind::bench
