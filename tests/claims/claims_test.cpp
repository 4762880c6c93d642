// SPDX-License-Identifier: MIT
// The text-claims table: every row's verdict comes from a computation on the texts' data or from the
// proof step it cites — perturb an input the row reads (or fail the step) and the verdict moves; a NaN in
// an input fails the row; questionable rows carry a reason and a source and never fail the report.
#include <catch2/catch.hpp>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "orderblind/verify/render.hpp"
#include "proofs/claims/report.hpp"

using namespace orderblind;
using namespace orderblind::claims;
using R = mpfr100;

namespace {

const proofs::run_config few{8, 7};

/// The registered proofs the claims cite, each run once at `few` (the claims only read their steps).
const verify::check& proof_run(const std::string& id) {
  static std::map<std::string, verify::check> runs;
  auto it = runs.find(id);
  if (it == runs.end()) it = runs.emplace(id, proofs::find_proof(id).run(few)).first;
  return it->second;
}

claim_inputs inputs() {
  return claim_inputs(texts_data(), [](const std::string& id) { return proof_run(id); });
}

/// The same runs with every step failed: a row that takes a step's verdict must fail with it.
claim_inputs with_failed_steps(claim_inputs in) {
  in.set_runner([](const std::string& id) {
    auto r = proof_run(id);
    for (auto& d : r.details)
      if (auto* steps = std::get_if<verify::value::checks>(&d.val.get()))
        for (auto& s : *steps) s.outcome = verify::verdict::failed;
    return r;
  });
  return in;
}

/// The perturbations applied to each input a row reads. Each keeps the input a finite matrix; a row
/// whose verdict none of them moves (and, for a row citing proof steps, failing the steps does not
/// fail) is not decided by a computation.
struct perturbation {
  const char* name;
  std::function<Matrix<R>(const Matrix<R>&)> apply;
};
const std::vector<perturbation>& perturbations() {
  static const std::vector<perturbation> p = {
      {"+1 to every entry", [](const Matrix<R>& m) { return Matrix<R>(m.array() + R(1)); }},
      {"+1 to entry (0, 0)",
       [](const Matrix<R>& m) {
         Matrix<R> o = m;
         o(0, 0) += R(1);
         return o;
       }},
      {"×2", [](const Matrix<R>& m) { return Matrix<R>(m * R(2)); }},
      {"every entry 0", [](const Matrix<R>& m) { return Matrix<R>(Matrix<R>::Zero(m.rows(), m.cols())); }},
      {"a row of ones appended",
       [](const Matrix<R>& m) {
         Matrix<R> o(m.rows() + 1, m.cols());
         o.topRows(m.rows()) = m;
         o.row(m.rows()).setConstant(R(1));
         return o;
       }},
      {"a column of ones appended",
       [](const Matrix<R>& m) {
         Matrix<R> o(m.rows(), m.cols() + 1);
         o.leftCols(m.cols()) = m;
         o.col(m.cols()).setConstant(R(1));
         return o;
       }},
  };
  return p;
}

bool is_error(const verify::check& c) { return text_of(c, "computed").rfind("error: ", 0) == 0; }

/// Whether the row's verdict depends on a computation: some perturbation of an input it read moves the
/// verdict without an error, or failing the proof steps it cites fails it. `why` explains a "no".
bool verdict_depends_on_computation(const claim_row& row, const claim_inputs& in, std::string& why) {
  const verify::check base = evaluate(row, in);
  if (strings_of(base, "inputs").empty() && strings_of(base, "proof_steps").empty()) {
    why = "reads no input and no proof step";
    return false;
  }
  if (!strings_of(base, "proof_steps").empty() && evaluate(row, with_failed_steps(in)).outcome == verify::verdict::failed &&
      base.outcome != verify::verdict::failed)
    return true;
  if (row.counterfactual) {
    claim_inputs moved = in;
    row.counterfactual(moved.values());
    const verify::check c = evaluate(row, moved);
    if (!is_error(c) && c.outcome != base.outcome) return true;
  }
  for (const auto& key : strings_of(base, "inputs"))
    for (const auto& p : perturbations()) {
      claim_inputs moved = in;
      moved.values()[key] = p.apply(in.values().at(key));
      const verify::check c = evaluate(row, moved);
      if (!is_error(c) && c.outcome != base.outcome) return true;
    }
  why = "no perturbation of " + std::to_string(strings_of(base, "inputs").size()) + " input(s)" +
        (row.counterfactual ? " nor its counterfactual" : "") + " moved the verdict '" +
        verify::to_string(base.outcome) + "'" + (strings_of(base, "proof_steps").empty() ? "" : ", and failing its proof steps did not fail it");
  return false;
}

std::string where(const verify::check& c) { return text_of(c, "text") + ", " + text_of(c, "section") + ": " + c.statement; }
std::string where(const claim_row& row) { return row.text + ", " + row.section + ": " + row.quote; }
bool is_questionable(const verify::check& c) { return c.outcome == verify::verdict::questionable; }
/// A correct factual claim confirmed by a cited source: held, on the literature.
bool is_cited(const verify::check& c) {
  return c.evidence == verify::evidence_kind::literature && c.outcome == verify::verdict::held;
}

/// The report as `orderblind claims --format <format>` prints it.
std::string render_claims(const verify::value::checks& r, verify::format f) {
  std::ostringstream os;
  verify::render(to_report(r), f, os);
  return os.str();
}

}  // namespace

TEST_CASE("every claim holds or is a known erratum on the texts' data", "[claims]") {
  const auto r = compute_claims(inputs());
  for (const auto& c : r) {
    INFO(where(c) << " → " << text_of(c, "computed"));
    CHECK(c.outcome != verify::verdict::failed);
  }
  CHECK(all_held(r));
  CHECK(r.size() >= 110);
  auto verdict_on = [&](const std::string& text, const std::string& quote) {
    for (const auto& c : r)
      if (text_of(c, "text") == text && c.statement.find(quote) != std::string::npos) return c.outcome;
    FAIL("no claim of " << text << " quoting '" << quote << "'");
    return verify::verdict::failed;
  };
  // The errata: each asserts the correct value (the check held) and reports the text's.
  CHECK(verdict_on("text 000", "0.762, 0.683, 2.699") == verify::verdict::erratum);
  CHECK(verdict_on("text 000", "[1.695, 0.061]") == verify::verdict::erratum);
  CHECK(verdict_on("text 000", "2.381") == verify::verdict::erratum);
  CHECK(verdict_on("text 000", "The only thing determining") == verify::verdict::erratum);
  CHECK(verdict_on("text 001", "1600c") == verify::verdict::erratum);
  CHECK(verdict_on("text 002", "ten thousand") == verify::verdict::erratum);
  CHECK(verdict_on("text 003", "invariance") == verify::verdict::erratum);
  CHECK(verdict_on("text 003", "Low dimensions") == verify::verdict::erratum);
  CHECK(verdict_on("text 003", "3/5") == verify::verdict::erratum);
  // Claims the table once missed.
  CHECK(verdict_on("text 000", "nearly orthogonal") == verify::verdict::held);
  CHECK(verdict_on("text 000", "NoPE") == verify::verdict::held);
  CHECK(verdict_on("text 000", "fast hands") == verify::verdict::held);
  CHECK(verdict_on("text 001", "Alice") == verify::verdict::held);
  CHECK(verdict_on("text 001", "asymmetry survives") == verify::verdict::held);
  CHECK(verdict_on("text 003", "finally diverge") == verify::verdict::held);
  for (const char* text : {"text 000", "text 001", "text 002", "text 003"}) {
    long n = 0;
    for (const auto& c : r) n += text_of(c, "text") == text ? 1 : 0;
    INFO(text);
    CHECK(n >= 15);
  }
}

TEST_CASE("no claim holds without a computation: perturbing what a row reads moves its verdict", "[claims]") {
  const claim_inputs in = inputs();
  std::vector<std::string> undecided;
  for (const auto& row : claim_rows()) {
    std::string why;
    if (!verdict_depends_on_computation(row, in, why)) undecided.push_back(where(row) + " — " + why);
  }
  for (const auto& u : undecided) UNSCOPED_INFO(u);
  CHECK(undecided.empty());
}

TEST_CASE("a wrong version of the component a row is about fails the row", "[claims][mutant]") {
  // Every computed row names what its claim is about; for a library component (attention, the mask,
  // pooling, the sinusoid, the counter, pos/length, a learned table, RoPE, ALiBi, summation order) some
  // wrong version of that component must make the row FAIL — not move it between held and erratum, and
  // not through an exception. Rows about the texts' data are covered by the perturbation test, rows taking
  // proof steps' verdicts by failing the steps.
  const claim_inputs in = inputs();
  std::vector<std::string> uncaught;
  std::map<std::string, long> caught_by;
  long about_library = 0, about_data = 0;
  for (const auto& row : claim_rows()) {
    const verify::check base = evaluate(row, in);
    // The JSON names what the claim is about, from the row.
    CHECK(text_of(base, "about") == name(row.about));
    if (row.about == subject::proof_steps) {
      CHECK(strings_of(base, "inputs").empty());
      continue;
    }
    if (row.about == subject::text_data) {
      ++about_data;
      continue;
    }
    ++about_library;
    std::string caught;
    for (const auto& m : library_mutants()) {
      if (m.about != row.about) continue;
      claim_inputs mutated = in;
      mutated.set_mutant(m.name);
      const verify::check c = evaluate(row, mutated);
      if (c.outcome == verify::verdict::failed && !is_error(c)) {
        caught = m.name;
        break;
      }
    }
    if (caught.empty())
      uncaught.push_back(where(base) + " — about " + to_string(row.about) + ", verdict '" +
                         verify::to_string(base.outcome) + "': no mutant of it fails the row");
    else
      ++caught_by[caught];
  }
  for (const auto& u : uncaught) UNSCOPED_INFO(u);
  CHECK(uncaught.empty());
  for (const auto& [name, n] : caught_by) WARN("first caught by '" << name << "': " << n << " rows");
  WARN(about_library << " rows about a library component, " << about_data << " about the texts' data");
  CHECK(about_library >= 80);
  CHECK(about_data <= 6);
  claim_inputs in2 = inputs();
  CHECK_THROWS_AS(in2.set_mutant("no such mutant"), std::invalid_argument);
}

TEST_CASE("a mutant the rows see changes nothing when it is not active", "[claims][mutant]") {
  // With no mutant the wrappers are the library calls: the report is the one the command prints.
  const auto r = compute_claims(inputs());
  CHECK(all_held(r));
  claim_inputs in = inputs();
  in.set_mutant(library_mutants().front().name);
  in.set_mutant("");
  const auto r2 = compute_claims(in);
  REQUIRE(r2.size() == r.size());
  for (std::size_t i = 0; i < r.size(); ++i) CHECK(r2[i].outcome == r[i].outcome);
}

TEST_CASE("the dependence test catches a literal true and a row that reads nothing", "[claims][mutant]") {
  const claim_inputs in = inputs();
  std::string why;
  // A row with no words, computing `f`, and optionally a counterfactual.
  const auto row = [](std::function<void(const claim_inputs&, verify::check&)> f,
                      std::function<void(claim_inputs::table&)> counterfactual = {}) {
    claim_row r;
    r.compute = std::move(f);
    r.counterfactual = std::move(counterfactual);
    return r;
  };
  const claim_row literal = row([](const claim_inputs&, verify::check& c) { c.outcome = verify::verdict::held; });
  CHECK_FALSE(verdict_depends_on_computation(literal, in, why));
  CHECK_THAT(why, Catch::Contains("reads no input"));
  const claim_row ignores = row([](const claim_inputs& input, verify::check& c) {
    (void)input.real("text000.dog bites man");
    c.outcome = verify::verdict::held;
  });
  CHECK_FALSE(verdict_depends_on_computation(ignores, in, why));
  CHECK_THAT(why, Catch::Contains("no perturbation"));
  const claim_row ignores_step = row([](const claim_inputs& input, verify::check& c) {
    (void)input.step("A.1", "6");
    c.outcome = verify::verdict::held;
  });
  CHECK_FALSE(verdict_depends_on_computation(ignores_step, in, why));
  const claim_row literal_with_counterfactual = row(
      [](const claim_inputs& input, verify::check& c) {
        (void)input.real("text000.P");
        c.outcome = verify::verdict::held;
      },
      [](claim_inputs::table& t) { t["text000.P"] = Matrix<R>::Identity(3, 3); });
  CHECK_FALSE(verdict_depends_on_computation(literal_with_counterfactual, in, why));
  const claim_row reads = row([](const claim_inputs& input, verify::check& c) {
    c.outcome = verify::held_if(input.exact("text001.X")(0, 2) == mpq_rational(1));
  });
  CHECK(verdict_depends_on_computation(reads, in, why));
}

TEST_CASE("a NaN in any input a row reads fails the row", "[claims][nan]") {
  const claim_inputs in = inputs();
  std::vector<std::string> passed;
  long probes = 0;
  for (const auto& row : claim_rows()) {
    const verify::check base = evaluate(row, in);
    for (const auto& key : strings_of(base, "inputs")) {
      claim_inputs poisoned = in;
      auto& m = poisoned.values()[key];
      m.setConstant(std::numeric_limits<R>::quiet_NaN());
      const verify::check c = evaluate(row, poisoned);
      ++probes;
      if (c.outcome != verify::verdict::failed) passed.push_back(where(base) + " with NaN in '" + key + "'");
    }
  }
  for (const auto& p : passed) UNSCOPED_INFO(p);
  CHECK(passed.empty());
  CHECK(probes > 150);
}

TEST_CASE("every entry of the texts' data has a source: a text and section, or ours", "[claims]") {
  const auto data = texts_data();
  const auto sources = texts_data_sources();
  CHECK(data.size() == sources.size());
  for (const auto& [key, value] : data) {
    INFO(key);
    const auto it = sources.find(key);
    REQUIRE(it != sources.end());
    const std::string& src = it->second;
    CHECK((src.rfind("text 00", 0) == 0 || src.rfind("ours: ", 0) == 0));
    // The entry's own text is the one its source names (or, for ours, the one it serves).
    CHECK_THAT(src, Catch::Contains("text " + key.substr(4, 3)));
    if (key.find("(ours)") != std::string::npos) CHECK(src.rfind("ours: ", 0) == 0);
    CHECK(all_finite(value));
  }
}

TEST_CASE("the claims' comparisons fail on NaN and infinity", "[claims][nan]") {
  const R nan = std::numeric_limits<R>::quiet_NaN(), inf = std::numeric_limits<R>::infinity();
  CHECK(rounds_to(R("0.4012"), "0.401"));
  CHECK_FALSE(rounds_to(R("0.4016"), "0.401"));
  CHECK_FALSE(rounds_to(nan, "0.401"));
  CHECK_FALSE(rounds_to(inf, "0.401"));
  CHECK(at_most(R(1), R(1)));
  CHECK_FALSE(at_most(nan, R(1)));
  CHECK_FALSE(at_most(R(1), nan));
  CHECK_FALSE(at_most(-inf, R(1)));
  CHECK(less(R(1), R(2)));
  CHECK_FALSE(less(nan, R(2)));
  CHECK_FALSE(less(R(1), inf));
  Matrix<R> a = Matrix<R>::Zero(2, 2), b = a;
  CHECK(max_abs_diff(a, b) == R(0));
  b(1, 1) = nan;
  CHECK_FALSE(all_finite(b));
  CHECK_FALSE(at_most(max_abs_diff(a, b), R(1)));
  CHECK_FALSE(at_most(max_abs_diff(a, Matrix<R>::Zero(2, 3)), R(1)));
  Matrix<double> d = Matrix<double>::Zero(1, 2);
  d(0, 1) = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(all_finite(d));
}

TEST_CASE("a failed proof step fails every row that cites it", "[claims]") {
  const auto r = compute_claims(with_failed_steps(inputs()));
  long citing = 0;
  for (const auto& c : r)
    if (!strings_of(c, "proof_steps").empty()) {
      ++citing;
      INFO(where(c));
      CHECK(c.outcome == verify::verdict::failed);
    }
  CHECK(citing >= 40);
  CHECK_FALSE(all_held(r));
}

TEST_CASE("a row citing proof steps carries their evidence kind and arithmetic", "[claims]") {
  const auto r = compute_claims(inputs());
  for (const auto& c : r) {
    if (strings_of(c, "proof_steps").empty()) continue;
    INFO(where(c));
    CHECK_FALSE(c.arithmetic.empty());
    CHECK_THAT(text_of(c, "computed"), Catch::Contains("proof ") && (Catch::Contains(", step ") || Catch::Contains(", Step ")));
    bool known = false;
    for (auto k : {proofs::evidence_kind::sampled_within_bound, proofs::evidence_kind::sampled_exact,
                   proofs::evidence_kind::exhaustive_exact,
                   proofs::evidence_kind::enclosure, proofs::evidence_kind::identity, proofs::evidence_kind::formal})
      known = known || text_of(c, "evidence_basis").find(proofs::to_string(k)) != std::string::npos;
    CHECK(known);
  }
}

TEST_CASE("every row names its kind of evidence from one list, and the JSON says it by name", "[claims][evidence]") {
  const auto r = compute_claims(inputs());
  const std::set<std::string> names = {"sampled_within_bound", "sampled_exact", "exhaustive_exact", "enclosure", "identity", "formal",
                                       "exact_on_data", "mpfr100_on_data", "double_on_data", "count_on_data",
                                       "literature"};
  std::map<verify::evidence_kind, long> seen;
  for (const auto& c : r) {
    INFO(where(c) << " — evidence " << verify::name(c.evidence) << ": " << text_of(c, "evidence_basis"));
    ++seen[c.evidence];
    CHECK(names.count(verify::name(c.evidence)) == 1);
    CHECK_FALSE(text_of(c, "evidence_basis").empty());
    CHECK((c.evidence == verify::evidence_kind::literature) == (is_questionable(c) || is_cited(c)));
    CHECK(strings_of(c, "cited_evidence").size() == strings_of(c, "proof_steps").size());
    // A row that only takes cited steps' verdicts carries the weakest of their kinds.
    if (!strings_of(c, "proof_steps").empty() && strings_of(c, "inputs").empty()) {
      auto weakest = verify::evidence_kind::formal;
      for (const auto& cited : strings_of(c, "cited_evidence"))
        for (auto k : {verify::evidence_kind::sampled_within_bound, verify::evidence_kind::sampled_exact,
                       verify::evidence_kind::exhaustive_exact, verify::evidence_kind::enclosure,
                       verify::evidence_kind::identity, verify::evidence_kind::formal})
          if (cited == verify::name(k)) weakest = verify::weakest(weakest, k);
      CHECK(c.evidence == weakest);
    }
    // A row computing on the data never claims a cited kind it did not cite, and 100-digit MPFR or double
    // is never called exact.
    if (strings_of(c, "proof_steps").empty() && !is_questionable(c) && !is_cited(c))
      CHECK((c.evidence == verify::evidence_kind::exact_on_data || c.evidence == verify::evidence_kind::mpfr100_on_data ||
             c.evidence == verify::evidence_kind::double_on_data || c.evidence == verify::evidence_kind::count_on_data ||
             c.evidence == verify::evidence_kind::sampled_exact || c.evidence == verify::evidence_kind::sampled_within_bound));
    if (c.evidence == verify::evidence_kind::exact_on_data) {
      CHECK(c.arithmetic.find("mpfr") == std::string::npos);
      CHECK(c.arithmetic.find("double") == std::string::npos);
    }
    if (c.evidence == verify::evidence_kind::sampled_exact || c.evidence == verify::evidence_kind::sampled_within_bound)
      CHECK((text_of(c, "evidence_basis").find("seed") != std::string::npos || !strings_of(c, "proof_steps").empty()));
  }
  // The kinds the texts' claims use today: computations on the data in three arithmetics, counts, the
  // cited proofs' sampled kinds, and the literature for the questionable rows.
  for (auto e : {verify::evidence_kind::exact_on_data, verify::evidence_kind::mpfr100_on_data, verify::evidence_kind::double_on_data,
                 verify::evidence_kind::count_on_data, verify::evidence_kind::sampled_exact, verify::evidence_kind::sampled_within_bound,
                 verify::evidence_kind::literature}) {
    INFO(verify::name(e));
    CHECK(seen[e] >= 1);
  }
  const auto j = nlohmann::json::parse(render_claims(r, verify::format::json));
  CHECK(j["schema"] == "orderblind-claims/4");
  REQUIRE(j["claims"].size() == r.size());
  for (std::size_t i = 0; i < r.size(); ++i) {
    const auto& jc = j["claims"][i];
    const auto& c = r[i];
    INFO(where(c));
    REQUIRE(jc["evidence"].is_string());
    CHECK(names.count(jc["evidence"].get<std::string>()) == 1);
    CHECK(jc["evidence"] == verify::name(c.evidence));
    CHECK(jc["evidence_detail"] == verify::describe(c.evidence));
    CHECK(jc["evidence_basis"] == text_of(c, "evidence_basis"));
    CHECK(jc["verdict"] == to_string(c.outcome));
    CHECK(jc["statement"] == c.statement);
    CHECK(jc["computed"] == text_of(c, "computed"));
    CHECK(jc["arithmetic"] == c.arithmetic);
    CHECK(jc["cited_evidence"].size() == jc["proof_steps"].size());
    CHECK(jc["proof_steps"].size() == strings_of(c, "proof_steps").size());
    CHECK(jc["inputs"].size() == strings_of(c, "inputs").size());
    for (const auto& k : jc["cited_evidence"]) CHECK(names.count(k.get<std::string>()) == 1);
    // A sampled row states its cases and seed: the cited proof steps' (run at `few`), or its own draw's.
    if (verify::is_sampled(c.evidence)) {
      CHECK(jc["cases"].get<long>() > 0);
      CHECK(jc["seed"].is_number_unsigned());
      if (strings_of(c, "inputs").empty()) CHECK(jc["seed"] == few.seed);
    }
  }
}

TEST_CASE("a count row compares the text's figure with the count on the data", "[claims][evidence]") {
  const claim_inputs in = inputs();
  long counts = 0;
  for (const auto& row : claim_rows()) {
    const verify::check base = evaluate(row, in);
    if (base.evidence != verify::evidence_kind::count_on_data) continue;
    ++counts;
    INFO(where(base));
    CHECK(base.outcome == verify::verdict::held);
    CHECK_THAT(base.note, Catch::Contains("the text's figure"));
    // The text's figure, moved by one, is an erratum whose correction is the count on the data.
    std::string figure;
    for (const auto& key : strings_of(base, "inputs"))
      if (key.find("(the text's figure)") != std::string::npos) figure = key;
    REQUIRE_FALSE(figure.empty());
    claim_inputs moved = in;
    moved.values()[figure](0, 0) += R(1);
    const verify::check c = evaluate(row, moved);
    CHECK(c.outcome == verify::verdict::erratum);
    CHECK_FALSE(text_of(c, "correction").empty());
    // A data matrix with another shape changes the count: the text's figure no longer matches it.
    claim_inputs reshaped = in;
    auto& x = reshaped.values()["text001.X"];
    x.conservativeResize(x.rows() + 1, Eigen::NoChange);
    x.row(x.rows() - 1).setConstant(R(1));
    CHECK(evaluate(row, reshaped).outcome == verify::verdict::erratum);
  }
  CHECK(counts == 2);
}

TEST_CASE("questionable claims carry a reason and a source and do not fail the report", "[claims][questionable]") {
  const auto r = compute_claims(inputs());
  long n = 0;
  for (const auto& c : r)
    if (c.outcome == verify::verdict::questionable) {
      ++n;
      INFO(where(c));
      CHECK(c.note.size() > 40);
      CHECK_THAT(text_of(c, "reason_source"), Catch::Contains("arXiv") || Catch::Contains("model card"));
    }
  CHECK(n >= 8);
  CHECK(all_held(r));
  CHECK(count(r, verify::verdict::questionable) == n);
  const std::string text = render_claims(r, verify::format::text);
  const std::string md = render_claims(r, verify::format::markdown);
  const std::string junit = render_claims(r, verify::format::junit);
  CHECK_THAT(text, Catch::Contains("[questionable] text 002") && Catch::Contains("questionable, 0 FAILED"));
  CHECK_THAT(md, Catch::Contains("**questionable**") && Catch::Contains("| claim | the text says | why | source |"));
  // JUnit: a questionable claim is skipped, not failed; every claim is one testcase (the errata and
  // questionable tables add none).
  CHECK_THAT(junit, Catch::Contains("tests=\"" + std::to_string(r.size()) + "\" failures=\"0\" skipped=\"" +
                                    std::to_string(n) + "\""));
  const auto j = nlohmann::json::parse(render_claims(r, verify::format::json));
  CHECK(j["summary"]["questionable"] == n);
  CHECK(j["summary"]["failed"] == 0);
  CHECK(j["all_held"] == true);
  CHECK(j["questionable"].size() == static_cast<std::size_t>(n));
  CHECK(j["errata"].size() == static_cast<std::size_t>(count(r, verify::verdict::erratum)));
  long with_reason_source = 0;
  for (const auto& jc : j["claims"]) {
    const bool q = jc["verdict"] == "questionable";
    CHECK(jc["reason_source"].is_string() == q);
    CHECK(jc["correction"].is_string() == (jc["verdict"] == "erratum"));
    with_reason_source += q ? 1 : 0;
  }
  CHECK(with_reason_source == n);
  for (const auto& q : j["questionable"]) CHECK_THAT(q["source"].get<std::string>(), Catch::Contains("arXiv") || Catch::Contains("model card"));
}

TEST_CASE("the same statement gets the same verdict in every text", "[claims]") {
  const auto r = compute_claims(inputs());
  std::map<std::string, std::vector<verify::verdict>> family;
  for (const auto& c : r) {
    if (c.statement.find("bit-for-bit") != std::string::npos || c.statement.find("last decimal") != std::string::npos)
      family["bit-for-bit"].push_back(c.outcome);
    if (c.statement.find("permutation invariance") != std::string::npos ||
        c.statement.find("permutation-invariant architecture") != std::string::npos)
      family["invariance wording"].push_back(c.outcome);
    if (c.statement.find("earned") != std::string::npos && (c.statement.find("more common") != std::string::npos ||
                                                         c.statement.find("moved to learned") != std::string::npos ||
                                                         c.statement.find("Most large") != std::string::npos))
      family["learned is most common"].push_back(c.outcome);
    if (c.statement.find("extrapolate") != std::string::npos && c.statement.find("RoPE") != std::string::npos)
      family["RoPE extrapolates"].push_back(c.outcome);
  }
  CHECK(family["bit-for-bit"].size() == 3);
  CHECK(family["invariance wording"].size() == 2);
  CHECK(family["learned is most common"].size() == 4);
  CHECK(family["RoPE extrapolates"].size() == 2);
  for (const auto& [name, verdicts] : family) {
    INFO(name);
    for (auto v : verdicts) CHECK(v == verdicts.front());
  }
  CHECK(family["bit-for-bit"].front() == verify::verdict::erratum);
  CHECK(family["learned is most common"].front() == verify::verdict::questionable);
}

TEST_CASE("rows name texts, not seeds, and never call 100-digit MPFR exact", "[claims]") {
  const auto r = compute_claims(inputs());
  for (const auto& c : r) {
    INFO(where(c));
    CHECK(text_of(c, "text").rfind("text 00", 0) == 0);
    // NOTE: a cited proof step's own description (proofs/, not this table) may still say "seed".
    if (strings_of(c, "proof_steps").empty()) CHECK(text_of(c, "computed").find("seed 00") == std::string::npos);
    CHECK(text_of(c, "correction").find("seed 00") == std::string::npos);
    CHECK(c.note.find("seed 00") == std::string::npos);
    if (c.arithmetic.find("mpfr") != std::string::npos && c.arithmetic.find("mpq") == std::string::npos)
      CHECK(c.arithmetic.find("exact") == std::string::npos);
    CHECK(text_of(c, "section").find("§(") == std::string::npos);
  }
  for (const auto& s : claim_sources()) CHECK(s.rfind("text 00", 0) == 0);
}

TEST_CASE("the texts' correct factual claims are listed, held and cited", "[claims][cited]") {
  const auto r = compute_claims(inputs());
  long cited = 0;
  for (const auto& c : r)
    if (is_cited(c)) {
      ++cited;
      INFO(where(c));
      CHECK(c.outcome == verify::verdict::held);
      CHECK(c.evidence == verify::evidence_kind::literature);
      CHECK_THAT(text_of(c, "computed"), Catch::Contains("arXiv") || Catch::Contains("OpenAI"));
      CHECK(text_of(c, "reason_source").empty());
    }
  CHECK(cited == 5);
}

TEST_CASE("the two questionable statements (ALiBi and rotation; position added to content) are reported", "[claims][questionable]") {
  const auto r = compute_claims(inputs());
  bool alibi = false, standard = false;
  for (const auto& c : r) {
    if (c.statement.find("rotation property") != std::string::npos) {
      alibi = c.outcome == verify::verdict::questionable;
      CHECK_THAT(c.note, Catch::Contains("ALiBi has no rotation"));
    }
    if (c.statement.find("still standard") != std::string::npos) {
      standard = c.outcome == verify::verdict::questionable;
      CHECK_THAT(c.note, Catch::Contains("rotates the queries and keys"));
    }
  }
  CHECK(alibi);
  CHECK(standard);
}
