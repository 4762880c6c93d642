// SPDX-License-Identifier: MIT
// The executable proofs hold, and each one catches a deliberately broken implementation (a mutant),
// with the failure visible in its certificate.
#include <catch2/catch.hpp>
#include <sstream>

#include "orderblind/verify/render.hpp"
#include "orderblind/version.hpp"
#include "proofs/certificate.hpp"
#include "proofs/attention_equivariance.hpp"
#include "proofs/cross_attention.hpp"
#include "proofs/rowwise_layers.hpp"
#include "proofs/counter_encoding.hpp"
#include "proofs/sinusoid_rotation.hpp"
#include "proofs/random_cases.hpp"
#include "proofs/checks.hpp"
#include "orderblind/expfield/appendix.hpp"
#include <iostream>

using namespace orderblind;
using namespace orderblind::proofs;

namespace {

const run_config few{8, 7};

const verify::check& step(const verify::check& r, const std::string& number) {
  if (const auto* s = find_step(r, number)) return *s;
  FAIL("no step " << number << " in proof " << r.id);
  throw std::logic_error("unreachable");
}

bool held(const verify::check& c) { return c.outcome == verify::verdict::held; }

/// The certificate of `r` as `orderblind prove` prints it (one report, the command's renderer).
std::string rendered(const verify::check& r, const std::string& format) {
  std::ostringstream os;
  verify::render(certificates_report({r}, few), *verify::parse_format(format), os);
  return os.str();
}

/// Attention whose scores depend on the row index: s_ij + i (or + j for the key index).
attention_subject index_reading_attention(bool key_index) {
  auto s = library_attention();
  s.name = key_index ? "mutant: s_ij + j" : "mutant: s_ij + i";
  s.exact = [key_index](const Matrix<Q>& y, const Matrix<Q>& c, const head_weights<Q>& w, const Q& scale) {
    Matrix<Q> q = multiply(y, w.wq), k = multiply(c, w.wk), v = multiply(c, w.wv);
    attention_trace<Q> t;
    t.s = multiply_transposed(q, k);
    for (Eigen::Index i = 0; i < t.s.rows(); ++i)
      for (Eigen::Index j = 0; j < t.s.cols(); ++j) t.s(i, j) = t.s(i, j) * scale + Q(key_index ? j : i);
    t.a = normalise_rows<Q, rational_kernel>(t.s, mask::none());
    t.z = weighted_sum(t.a, v, summation::in_order);
    t.q = q;
    t.k = k;
    t.v = v;
    return t;
  };
  return s;
}

}  // namespace

TEST_CASE("every registered proof holds on the texts' examples and random cases", "[proofs]") {
  const auto all = registered_proofs();
  for (const char* id : {"A.1", "A.2", "3.4", "3.7", "4"}) {
    INFO("proof " << id);
    const auto r = find_proof(id).run(few);
    CHECK(held(r));
    CHECK(steps_of(r).size() >= 5);
    for (const auto& s : steps_of(r)) {
      INFO(s.id << ": " << s.note);
      CHECK(held(s));
      CHECK(s.cases > 0);
      if (count_of(s, "random_cases") > 0) CHECK(s.seed == few.seed);
      CHECK_FALSE(s.arithmetic.empty());
    }
  }
}

namespace {

/// Runs the proofs drawn from case_source (A.1, A.2, 3.4, 3.7, 4) with their draws counted.
proof_case_stats proofs_case_stats(const run_config& cfg) {
  proof_case_stats st;
  const proof_stats_scope scope(st);
  for (const char* id : {"A.1", "A.2", "3.4", "3.7", "4"}) (void)find_proof(id).run(cfg);
  return st;
}

/// The proofs' random-case report: the histogram of n, the permutation kinds, zero matrices and angles;
/// and the same for the Q(t) proofs' cases (A.1-exp, A.2-exp), drawn by expfield::detail::random_case.
void print_proof_stats(const proof_case_stats& st, const run_config& cfg, std::ostream& os) {
  auto share = [](long part, long whole) { return whole ? 100.0 * double(part) / double(whole) : 0.0; };
  long total = 0;
  for (const auto& [n, c] : st.n) total += c;
  os << "proofs A.1, A.2, 3.4, 3.7, 4 (" << cfg.cases << " random cases each, seed " << cfg.seed << "): n";
  for (const auto& [n, c] : st.n) os << " " << n << ":" << share(c, total) << "%";
  os << "\n  P:";
  for (const auto& [k, c] : st.permutations) os << " " << k << " " << share(c, total) << "%";
  os << "\n  all-zero matrices " << share(st.zero_matrices, st.matrices) << "% of " << st.matrices << ", zero entries "
     << share(st.zero_entries, st.entries) << "%, zero angles " << st.zero_angles << " of " << st.angles << "\n";
  for (const bool cross : {false, true}) {
    std::map<long, long> n;
    std::map<std::string, long> kinds;
    long zero = 0;
    for (long k = 0; k < cfg.cases; ++k) {
      const auto g = expfield::detail::random_case(cfg.seed, k, cross);
      ++n[static_cast<long>(g.p.size())];
      ++kinds[properties::permutation_kind(g.p)];
      auto all_zero = [](const Matrix<expfield::element>& m) {
        for (Eigen::Index i = 0; i < m.rows(); ++i)
          for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!(m(i, j) == expfield::element(0))) return false;
        return true;
      };
      zero += all_zero(g.x) || all_zero(g.c);
    }
    os << (cross ? "A.2-exp" : "A.1-exp") << " (" << cfg.cases << " cases): n";
    for (const auto& [k, c] : n) os << " " << k << ":" << share(c, cfg.cases) << "%";
    os << "; P:";
    for (const auto& [k, c] : kinds) os << " " << k << " " << share(c, cfg.cases) << "%";
    os << "; an all-zero X or C in " << share(zero, cfg.cases) << "%\n";
  }
}

}  // namespace

TEST_CASE("the proofs' random cases: P is never the identity, no angle is 0, few all-zero matrices",
          "[proofs][stats]") {
  const auto st = proofs_case_stats(few);
  print_proof_stats(st, few, std::cout);
  CHECK(st.permutations.count("identity") == 0);
  CHECK(st.angles > 0);
  CHECK(st.zero_angles == 0);
  CHECK(double(st.zero_matrices) <= 0.05 * double(st.matrices));
  for (const bool cross : {false, true})
    for (long k = 0; k < 500; ++k) CHECK_FALSE(expfield::detail::random_case(few.seed, k, cross).p.is_identity());
}

// NOTE: hidden (not run by ctest): the full report at the default case count, for docs/generators.md.
TEST_CASE("report: the proofs' random cases at the default count", "[.][stats]") {
  const run_config full{};
  const auto st = proofs_case_stats(full);
  print_proof_stats(st, full, std::cout);
  long total = 0, top = 0;
  for (const auto& [n, c] : st.n) {
    total += c;
    top = std::max(top, c);
  }
  CHECK(3 * top <= total);
}

TEST_CASE("an unknown proof id is an error naming the id and the known ones", "[proofs]") {
  CHECK_THROWS_WITH(find_proof("Z.9"), Catch::Contains("unknown proof id 'Z.9'") && Catch::Contains("A.1"));
}

TEST_CASE("a proof with no steps does not hold", "[proofs]") {
  const auto c = proof_check("T", "nothing", "", "", {}, few);
  CHECK(c.outcome == verify::verdict::failed);
  CHECK(c.note == "no step was checked");
}

TEST_CASE("A.1 catches attention whose scores read the row index", "[proofs][mutant]") {
  const auto r = prove_a1(few, index_reading_attention(false));
  CHECK_FALSE(held(r));
  CHECK(held(step(r, "3")));  // the projections are untouched
  CHECK_FALSE(held(step(r, "4")));
  CHECK_FALSE(held(step(r, "6")));
  CHECK_THAT(step(r, "4").note, Catch::Contains("FAILED on") && Catch::Contains("S′"));
  CHECK_THAT(rendered(r, "text"), Catch::Contains("[FAILED] A.1: ") && Catch::Contains("[FAILED] step 4") &&
                                      Catch::Contains("FAILED at step 4"));
  CHECK_THAT(rendered(r, "markdown"), Catch::Contains("**FAILED**"));
  const auto j = nlohmann::json::parse(rendered(r, "json"));
  const auto& c = j["certificates"][0];
  CHECK(c["verdict"] == "FAILED");
  CHECK(c["steps"][3]["verdict"] == "FAILED");
  CHECK(c["steps"][2]["verdict"] == "held");
  // The JUnit form: one failure per failed step and one for the proof.
  const std::string junit = rendered(r, "junit");
  long failures = 0;
  for (const auto& s : steps_of(r)) failures += held(s) ? 0 : 1;
  CHECK_THAT(junit, Catch::Contains("failures=\"" + std::to_string(failures + 1) + "\""));
}

TEST_CASE("A.2 catches cross-attention whose scores read the key's row index", "[proofs][mutant]") {
  const auto r = prove_a2(few, index_reading_attention(true));
  CHECK_FALSE(held(r));
  CHECK(held(step(r, "Step 1")));
  CHECK_FALSE(held(step(r, "Step 2")));
  CHECK_FALSE(held(step(r, "Step 4")));
}

TEST_CASE("3.4 catches an FFN that reads the row index, and a mask that reads nothing", "[proofs][mutant]") {
  auto ffn_mutant = library_layers();
  ffn_mutant.ffn = [](const Matrix<Q>& x, const ffn_weights<Q>& w) {
    Matrix<Q> y = feed_forward(x, w);
    for (Eigen::Index i = 0; i < y.rows(); ++i) y(i, 0) += Q(i);
    return y;
  };
  const auto r = prove_34(few, ffn_mutant);
  CHECK_FALSE(held(step(r, "1")));
  CHECK_FALSE(held(step(r, "3")));
  CHECK(held(step(r, "6")));
  auto mask_mutant = library_layers();
  mask_mutant.decoder_mask = mask::none();
  const auto m = prove_34(few, mask_mutant);
  CHECK(held(step(m, "1")));
  CHECK_FALSE(held(step(m, "6")));
  CHECK_THAT(rendered(m, "text"), Catch::Contains("[FAILED] step 6"));
}

TEST_CASE("3.7 catches an affine counter (m·𝟙 + e₀)", "[proofs][mutant]") {
  counter_subject affine{"mutant: m·𝟙 + e₀", [](long m, Eigen::Index d) {
                           Matrix<Q> p = Matrix<Q>::Constant(1, d, Q(m));
                           p(0, 0) += Q(1);
                           return p;
                         }};
  const auto r = prove_37(few, affine);
  CHECK(held(step(r, "1")));  // the expansion holds for any p
  CHECK_FALSE(held(step(r, "2")));
  CHECK_FALSE(held(r));
}

TEST_CASE("4 catches a rotation with the wrong sign", "[proofs][mutant]") {
  rotation_subject wrong{"mutant: [[cos, −sin], [sin, cos]]",
                         [](const Q& c, const Q& s) { return Matrix<Q>(from_rows<Q, Q>({{c, Q(-s)}, {s, c}})); },
                         [](const R& c, const R& s) { return Matrix<R>(from_rows<R, R>({{c, R(-s)}, {s, c}})); }};
  const auto r = prove_4(few, wrong);
  CHECK(held(step(r, "1")));
  CHECK_FALSE(held(step(r, "4")));
  CHECK_FALSE(held(step(r, "5")));
  const auto j = nlohmann::json::parse(rendered(r, "json"));
  CHECK(j["certificates"][0]["verdict"] == "FAILED");
}

TEST_CASE("a certificate names the version, the proof, every step, the arithmetic, cases, seed and residual",
          "[proofs][certificate]") {
  const auto r = prove_37(few);
  const auto j = nlohmann::json::parse(rendered(r, "json"));
  CHECK(j["schema"] == "orderblind-prove/2");
  CHECK(j["orderblind_version"] == std::string(orderblind::version));
  CHECK(j["seed"] == few.seed);
  CHECK(j["cases"] == few.cases);
  REQUIRE(j["certificates"].size() == 1);
  const auto& c = j["certificates"][0];
  CHECK(c["id"] == "3.7");
  CHECK(c["statement"] == find_proof("3.7").title);
  CHECK(c["source"] == find_proof("3.7").source);
  CHECK(c["verdict"] == "held");
  CHECK(c["seed"] == few.seed);
  CHECK(c["cases"] == few.cases);
  CHECK(c["arithmetic"] == "mpq_rational");
  CHECK(c["evidence"] == verify::name(verify::evidence_kind::sampled_exact));
  CHECK(c["reproduce"] == "orderblind prove 3.7 --cases 8 --seed 7");
  CHECK(c["random_cases_from"] == random_cases_description);
  const auto& steps = steps_of(r);
  REQUIRE(c["steps"].size() == steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto& s = c["steps"][i];
    const auto& rec = steps[i];
    INFO(rec.id);
    CHECK(s["id"] == rec.id);
    CHECK(s["step"].get<std::string>() == rec.id.substr(5));  // "step 1" → "1"
    CHECK(s["statement"] == rec.statement);
    CHECK_FALSE(s["arithmetic"].get<std::string>().empty());
    CHECK(s["residual"] == "0");  // an exact number, written whole
    CHECK(s["verdict"] == "held");
    CHECK(s["evidence"] == verify::name(verify::evidence_kind::sampled_exact));
    CHECK(s["example_cases"] == count_of(rec, "example_cases"));
    CHECK(s["random_cases"] == count_of(rec, "random_cases"));
    CHECK(s["cases"] == count_of(rec, "example_cases") + count_of(rec, "random_cases"));
    if (count_of(rec, "random_cases") > 0) CHECK(s["seed"] == few.seed);
  }
  const auto md = rendered(r, "markdown");
  CHECK_THAT(md, Catch::Contains("| 3.7 |") && Catch::Contains("| id | statement | verdict |") &&
                     Catch::Contains("orderblind prove 3.7 --cases 8 --seed 7") && Catch::Contains("3.7 — steps"));
}

TEST_CASE("a certificate claims no more than its weakest step", "[proofs][certificate]") {
  verify::step identity{"1", "an identity", "", "", "symbolic", "identically 0", verify::evidence_kind::identity};
  identity.add(verify::decided(true), false);
  verify::step bounded{"2", "a bound", "", "", "double", "≤ 4 ε"};  // a tolerance: sampled within a bound
  bounded.add(verify::decided(true), false);
  verify::step formal{"2", "a theorem", "", "", "Coq", "proved", verify::evidence_kind::formal};
  formal.add(verify::decided(true), false);
  CHECK(proof_check("T", "t", "", "", {identity.finish(1), bounded.finish(1)}, few).evidence ==
        verify::evidence_kind::sampled_within_bound);
  CHECK(proof_check("T", "t", "", "", {identity.finish(1), formal.finish(1)}, few).evidence ==
        verify::evidence_kind::identity);
  // A step that failed fails the proof, and the proof's note names it.
  verify::step failing{"3", "fails", "", "", "mpq_rational", "== (exact)"};
  failing.add(verify::decided(false, "a differs"), false, "case 1");
  const auto c = proof_check("T", "t", "", "", {identity.finish(1), failing.finish(1)}, few);
  CHECK(c.outcome == verify::verdict::failed);
  CHECK(c.note == "FAILED at step 3: FAILED on case 1: a differs");
}

TEST_CASE("a step prints its residual: 0 when exact, in ε within a bound, NaN when it met one", "[proofs][certificate]") {
  Matrix<R> want(1, 2);
  want << R(1), R(1);
  Matrix<R> got = want;
  got(0, 1) += R(3) * std::numeric_limits<R>::epsilon();
  verify::step s{"1", "within", "", "", "mpfr100", "≤ 4 ε"};
  s.add(compare_within(want, want, 4.0, R(1), "same"), false, {}, 4.0);
  CHECK(proof_check("T", "t", "", "", {s.finish(1)}, few).outcome == verify::verdict::held);
  s.add(compare_within(got, want, 4.0, R(2), "close"), false, {}, 4.0);
  auto c = s.finish(1);
  CHECK(c.outcome == verify::verdict::held);
  REQUIRE(c.residual.as<std::string>());
  CHECK(*c.residual.as<std::string>() == "1.5 ε");  // 3 ε over the scale max(1, 2)  (the magnitude given: 2)
  s.add(compare_within(got, want, 1.0, R(1), "tight"), false, "the tight case", 1.0);
  c = s.finish(1);
  CHECK(c.outcome == verify::verdict::failed);
  CHECK_THAT(c.note, Catch::Contains("FAILED on the tight case: tight:"));
  got(0, 0) = std::numeric_limits<R>::quiet_NaN();
  s.add(compare_within(got, want, 4.0, R(1), "nan"), false);
  CHECK(*s.finish(1).residual.as<std::string>() == "NaN");
  verify::step e{"2", "exact", "", "", "mpq_rational", "== (exact)"};
  e.add(compare_exact(Matrix<Q>(Matrix<Q>::Ones(1, 1)), Matrix<Q>(Matrix<Q>::Zero(1, 1)), "a", "b"), true);
  const auto ec = e.finish(1);
  CHECK(*ec.residual.as<std::string>() == "≠ (exact)");
  CHECK_FALSE(ec.seed);  // only the text's example: nothing drawn
  CHECK(ec.cases == 1);
}

TEST_CASE("the same seed replays the same certificate", "[proofs][certificate]") {
  CHECK(rendered(prove_a1(few), "json") == rendered(prove_a1(few), "json"));
}

TEST_CASE("certificates describe the permutation mix the generator draws") {
  // NOTE: the certificates said "30% a transposition … 30% uniform" while the generator drew 35/20/20/25:
  // the text is now generated from the generator's table, so it cannot drift from the draw.
  const std::string text = random_cases_description;
  CHECK(text.find(properties::describe_mix(properties::permutation_mix())) != std::string::npos);
  CHECK(text.find("35% a transposition, 20% an n-cycle, 20% the reversal, 25% uniform over S_n") != std::string::npos);
  CHECK(text.find("30% uniform") == std::string::npos);
}
