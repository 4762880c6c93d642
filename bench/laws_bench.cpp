// SPDX-License-Identifier: MIT
// Google Benchmark workloads of the property battery: one benchmark per law and arithmetic, grouped by
// family (laws/attention/, laws/cross/, laws/rowwise/, laws/position/), and the positional-encoding
// schemes battery (laws/pe-schemes/). Each times the battery's own case code, not a re-implementation:
//   orderblind_microbench --benchmark_filter='^laws/'
// NOTE: compiled once per scalar (ORDERBLIND_LAWS_BENCH_SCALAR = double, mpfr100 or mpq_rational: three
// object files built side by side, as the battery's own translation units are); the double object also
// registers the schemes battery (ORDERBLIND_LAWS_BENCH_SCHEMES) and the mutant self-checks
// (ORDERBLIND_LAWS_BENCH_MUTANTS): its own laws compile fastest.
#include <benchmark/benchmark.h>
#include <rapidcheck.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "properties/battery/implementations.hpp"
#include "properties/battery/laws_attention.hpp"
#include "properties/battery/laws_cross.hpp"
#include "properties/battery/laws_position.hpp"
#include "properties/battery/laws_rowwise.hpp"
#ifdef ORDERBLIND_LAWS_BENCH_MUTANTS
#include "properties/battery/mutants.hpp"
#endif
#ifdef ORDERBLIND_LAWS_BENCH_SCHEMES
#include "orderblind/pe/report.hpp"
#endif

#ifndef ORDERBLIND_LAWS_BENCH_SCALAR
#error "compile laws_bench.cpp with ORDERBLIND_LAWS_BENCH_SCALAR=double, mpfr100 or mpq_rational"
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
template <class Scalar, class Body>
void run_law(benchmark::State& st, Body body, bool refutes) {
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
  if constexpr (scalar_traits<Scalar>::is_exact) {
    if (const auto m = sizes.compared.median()) st.counters["compared_bits_median"] = benchmark::Counter(*m);
    if (const auto m = sizes.compared.max()) st.counters["compared_bits_max"] = benchmark::Counter(*m);
    if (const auto m = sizes.inputs.max()) st.counters["input_bits_max"] = benchmark::Counter(*m);
  }
}

/// Registers `<prefix>/<family>/<law>[<scalar>]` (the battery's law id under its family).
template <class Scalar, class Body>
void add(const std::string& family, const std::string& law, Body body, bool refutes = false,
         const std::string& prefix = "laws") {
  const std::string name = prefix + "/" + family + "/" + law + "[" + scalar_traits<Scalar>::name + "]";
  benchmark::RegisterBenchmark(name.c_str(), [body, refutes](benchmark::State& st) { run_law<Scalar>(st, body, refutes); })
      ->Unit(benchmark::kMillisecond);
}

/// The battery's laws over T, each on the implementation and with the flags battery_laws<T>()
/// (properties/battery/battery_impl.hpp) gives it.
// NOTE: this table repeats battery_impl.hpp's choice of implementation and flags per law (the law's
// check there is a std::function that hides its case body); a change there must be made here too.
template <class T>
bool register_laws() {
  using K = default_kernel<T>;
  using Norm = default_norm<T>;
  using attn = library_attention<K>;
  using rows = library_rowwise<K, Norm>;
  constexpr bool exact = scalar_traits<T>::is_exact;
  constexpr bool fused_exact_heads = std::is_same_v<T, mpfr100>;

  // P1, P3, P8: attention
  add<T>("attention", "P1.single-head", laws::self_attention_commutes<T>(attn{}, false));
  add<T>("attention", "P1.scaled", laws::self_attention_commutes<T>(attn{}, true));
  add<T>("attention", "P1.multi-head", laws::multi_head_attention_commutes<T>(attn{}, fused_exact_heads));
  if constexpr (fused_exact_heads)
    add<T>("attention", "P1.multi-head-generic", laws::multi_head_attention_commutes<T>(generic_attention<K>{}, false));
  add<T>("attention", "P3.causal", laws::causal_attention_commutes<T>(attn{}), true);
  if constexpr (std::is_same_v<T, double>) {
    add<T>("attention", "P8.in-order-not-bitwise", laws::attention_bitwise_equivariant<T>(attn{}, summation::in_order),
           true);
    add<T>("attention", "P8.sorted-bitwise", laws::attention_bitwise_equivariant<T>(attn{}, summation::sorted));
  }

  // P4: cross-attention
  add<T>("cross", "P4.step1", laws::cross_attention_step<T>(attn{}, laws::a2_step::keys_values));
  add<T>("cross", "P4.step2", laws::cross_attention_step<T>(attn{}, laws::a2_step::scores));
  add<T>("cross", "P4.step3", laws::cross_attention_step<T>(attn{}, laws::a2_step::weights));
  add<T>("cross", "P4.step4", laws::cross_attention_step<T>(attn{}, laws::a2_step::output));
  add<T>("cross", "P4.step5-heads", laws::multi_head_cross_attention_ignores_order<T>(attn{}, fused_exact_heads));
  if constexpr (fused_exact_heads)
    add<T>("cross", "P4.step5-heads-generic",
           laws::multi_head_cross_attention_ignores_order<T>(generic_attention<K>{}, false));
  add<T>("cross", "P4.step5-stack", laws::decoder_stack_ignores_encoder_order<T, attn, K, Norm>(attn{}));

  // P2: row-wise layers, stacks, pooling
  add<T>("rowwise", "P2.ffn", laws::ffn_commutes<T>(rows{}));
  add<T>("rowwise", "P2.norm", laws::norm_commutes<T>(rows{}));
  add<T>("rowwise", "P2.residual", laws::residual_commutes<T>(rows{}));
  add<T>("rowwise", "P2.encoder-stack", laws::encoder_stack_commutes<T>(rows{}));
  add<T>("rowwise", "P2.mean-pool", laws::pooled_stack_is_invariant<T>(rows{}));

  // P5, P6, P7: positions
  using enc = std::conditional_t<exact, library_counter, library_sinusoid>;
  if constexpr (exact) {
    add<T>("position", "P5.counter-cmn", laws::counter_score_is_cmn<T>(library_counter{}));
    add<T>("position", "P5.not-relative", laws::position_score_depends_only_on_gap<T>(library_counter{}), true);
    add<T>("position", "P6.rotation", laws::rotation_identity_exact<T>(library_exact_sinusoid{}));
  } else {
    add<T>("position", "P6.rotation", laws::rotation_identity_real<T>(library_sinusoid{}));
  }
  add<T>("position", "P7.after", laws::positions_after_permuting_commute<T>(attn{}, enc{}), true);
  add<T>("position", "P7.before", laws::positions_before_permuting_commute<T>(attn{}, enc{}));
  return true;
}

using bench_scalar = ORDERBLIND_LAWS_BENCH_SCALAR;
[[maybe_unused]] const bool laws_registered = register_laws<bench_scalar>();

/// The benchmarks' own checks, made to fail: a law on one of the battery's mutants (the law fails on a case)
/// and a refutation on the mutant that removes its counterexample. Both must end in "ERROR OCCURRED";
/// a ctest requires it (bench/CMakeLists.txt), so a benchmark that would time a broken law cannot pass.
// NOTE: registered by the double object only (ORDERBLIND_LAWS_BENCH_MUTANTS; the cheapest arithmetic),
// under their own prefix.
#ifdef ORDERBLIND_LAWS_BENCH_MUTANTS
[[maybe_unused]] const bool mutants_registered = [] {
  using K = default_kernel<double>;
  using Norm = default_norm<double>;
  add<double>("rowwise", "P2.ffn", laws::ffn_commutes<double>(mutants::ffn_reads_previous_row<K, Norm>{}), false,
              "laws-mutant");
  add<double>("attention", "P3.causal", laws::causal_attention_commutes<double>(mutants::mask_dropping_attention<K>{}),
              true, "laws-mutant");
  return true;
}();
#endif

#ifdef ORDERBLIND_LAWS_BENCH_SCHEMES
/// The positional-encoding schemes battery (orderblind::pe::run_battery, as `orderblind schemes` runs it)
/// on every scheme the catalogue registered in the arithmetic `scalar` ("mpq_rational", "mpfr100": the
/// start of the row's arithmetic, e.g. "mpfr100 (tolerance in ε)"); items are the property cells decided.
// NOTE: the catalogue registers its schemes from static initialisers of its own translation units, and
// a registered scheme names its arithmetic only in the row it returns; so the benchmark reads the
// registry when it runs (after every static initialiser), and learns each scheme's arithmetic from one
// untimed run.
void pe_schemes(benchmark::State& st, const std::string& scalar) {
  static const std::vector<std::pair<std::size_t, std::string>> arithmetic_of = [] {
    std::vector<std::pair<std::size_t, std::string>> out;
    const auto& registry = pe::scheme_registry();
    for (std::size_t i = 0; i < registry.size(); ++i) out.emplace_back(i, registry[i].run().arithmetic);
    return out;
  }();
  std::vector<std::size_t> chosen;
  for (const auto& [i, a] : arithmetic_of)
    if (a.rfind(scalar + " ", 0) == 0) chosen.push_back(i);
  if (chosen.empty()) {
    st.SkipWithError(("no catalogue scheme is registered in " + scalar).c_str());
    return;
  }
  long cells = 0, schemes = 0, disagreeing = 0;
  for (auto _ : st) {
    for (const std::size_t i : chosen) {
      const pe::scheme_row row = pe::scheme_registry()[i].run();
      cells += static_cast<long>(row.cells.size());
      ++schemes;
      if (row.has_expectations() && !row.agrees()) ++disagreeing;
    }
  }
  st.SetItemsProcessed(cells);
  st.counters["schemes"] = benchmark::Counter(static_cast<double>(chosen.size()));
  st.counters["schemes/s"] = benchmark::Counter(static_cast<double>(schemes), benchmark::Counter::kIsRate);
  if (disagreeing > 0) st.SkipWithError("a catalogue scheme's row disagrees with its stated expectations");
}
BENCHMARK_CAPTURE(pe_schemes, mpq_rational, std::string("mpq_rational"))
    ->Name("laws/pe-schemes/catalogue[mpq_rational]")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pe_schemes, mpfr100, std::string("mpfr100"))
    ->Name("laws/pe-schemes/catalogue[mpfr100]")
    ->Unit(benchmark::kMillisecond);
#endif

}  // namespace
}  // namespace orderblind::bench
