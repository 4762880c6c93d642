// SPDX-License-Identifier: MIT
// The evidence model and the renderer set: every format states a check's verdict, arithmetic, kind of
// evidence, cases and seed; a failed check anywhere fails the report; long exact values are never shown
// as a truncated string; JSON keeps every exact digit and spells non-finite numbers out; JUnit counts.
#include <catch2/catch.hpp>
#include <limits>
#include <sstream>

#include "orderblind/verify.hpp"

using namespace orderblind::verify;

namespace {

check sampled_law(verdict v) {
  check c;
  c.id = "P1.self-attention[double]";
  c.statement = "Attn(PX) = P·Attn(X)";
  c.source = "text 001, Appendix A.2, Step 3";
  c.arithmetic = "double";
  c.evidence = evidence_kind::sampled_within_bound;
  c.bound = "≤ 4(n+1)·ε·max(1, max|V|)";
  c.residual = 0.25;
  c.cases = 200;
  c.seed = 20261129u;
  c.outcome = v;
  if (v == verdict::failed) c.note = "n = 3, P = (2 0 1): 12.125 > 12";
  return c;
}

report make(verdict v) {
  report r{"orderblind-test/1", "A test report", {}};
  r.add("input", "X (3×4, float64)").add("laws", value::checks{sampled_law(verdict::held), sampled_law(v)});
  return r;
}

std::string render_as(const report& r, format f) {
  std::ostringstream os;
  render(r, f, os);
  return os.str();
}

}  // namespace

TEST_CASE("parse_format: the four names, nothing else") {
  CHECK(parse_format("text") == format::text);
  CHECK(parse_format("markdown") == format::markdown);
  CHECK(parse_format("json") == format::json);
  CHECK(parse_format("junit") == format::junit);
  CHECK_FALSE(parse_format("JSON"));
  CHECK_FALSE(parse_format(""));
}

TEST_CASE("all_held: one failed check anywhere fails the report; other verdicts do not") {
  CHECK(all_held(make(verdict::held)));
  CHECK_FALSE(all_held(make(verdict::failed)));
  for (auto v : {verdict::skipped, verdict::not_decidable, verdict::erratum, verdict::questionable})
    CHECK(all_held(make(v)));
  // nested: a proof whose step failed
  check proof = sampled_law(verdict::held);
  proof.with("steps", value::checks{sampled_law(verdict::failed)});
  report r{"orderblind-test/1", "", {}};
  r.add("proofs", value::list{value::object{{"p", value::checks{proof}}}});
  CHECK_FALSE(all_held(r));
  CHECK(count(r, verdict::failed) == 1);
  CHECK(count(r, verdict::held) == 1);
  // a default check has decided nothing: it did not hold
  CHECK_FALSE(all_held(report{"s", "", {{"c", value::checks{check{}}}}}));
}

TEST_CASE("JSON: schema, version, every check key, exact digits whole, non-finite spelled out") {
  report r = make(verdict::failed);
  const std::string big(103, '7');
  r.add("largest_entry", exact_number{big + "/3"}).add("nan", std::numeric_limits<double>::quiet_NaN());
  r.add("inf", -std::numeric_limits<double>::infinity()).add("nothing", value{});
  const auto j = nlohmann::json::parse(render_as(r, format::json));
  CHECK(j["schema"] == "orderblind-test/1");
  CHECK(j["orderblind_version"] == orderblind::version);
  CHECK(j["largest_entry"] == big + "/3");
  CHECK(j["nan"] == "NaN");
  CHECK(j["inf"] == "-inf");
  CHECK(j["nothing"].is_null());
  const auto& law = j["laws"][1];
  for (const char* k : {"id", "statement", "source", "compared", "arithmetic", "evidence", "evidence_detail", "bound",
                        "residual", "cases", "seed", "verdict", "note"})
    CHECK(law.contains(k));
  CHECK(law["verdict"] == "FAILED");
  CHECK(law["evidence"] == "sampled_within_bound");
  CHECK(law["seed"] == 20261129u);
  CHECK(law["cases"] == 200);
  CHECK(j["laws"][0]["verdict"] == "held");
  // a check without a seed says so with null, not 0
  check c = sampled_law(verdict::held);
  c.seed.reset();
  CHECK(nlohmann::json::parse(render_as(report{"s", "", {{"c", value::checks{c}}}}, format::json))["c"][0]["seed"]
            .is_null());
}

TEST_CASE("text: verdict, arithmetic, evidence, cases and seed of every check; the counterexample") {
  const auto t = render_as(make(verdict::failed), format::text);
  CHECK(t.find("A test report") == 0);
  CHECK(t.find("[held] P1.self-attention[double]: Attn(PX) = P·Attn(X)") != std::string::npos);
  CHECK(t.find("[FAILED] P1.self-attention[double]") != std::string::npos);
  CHECK(t.find("200 cases, seed 20261129") != std::string::npos);
  CHECK(t.find("sampled cases, within a stated bound") != std::string::npos);
  CHECK(t.find("12.125 > 12") != std::string::npos);
  CHECK(t.find("input: X (3×4, float64)") != std::string::npos);
}

TEST_CASE("text: a list of flat objects is an aligned table") {
  report r{"s", "", {}};
  r.add("rows", value::list{value::object{{"n", 4}, {"median_us", 1.5}}, value::object{{"n", 16}, {"median_us", 9.5}}});
  const auto t = render_as(r, format::text);
  CHECK(t.find("rows:\n  n   median us\n  4   1.5\n  16  9.5\n") != std::string::npos);
}

TEST_CASE("exact numbers: short ones whole, long ones an approximation that says so") {
  CHECK(detail::exact_for_reading("-3/4") == "-3/4");
  const std::string big = "2994652146" + std::string(93, '0');  // 103 digits
  const auto shown = detail::exact_for_reading(big);
  CHECK(shown == "≈ 2.994652146e+102 (exact: an integer of 103 digits)");
  const auto frac = detail::exact_for_reading("1" + std::string(30, '0') + "/4" + std::string(40, '0'));
  CHECK(frac == "≈ 2.5e-11 (exact: a fraction of 31 over 41 digits)");
  CHECK(detail::exact_for_reading("-" + big).rfind("≈ -2.994652146e+102", 0) == 0);
  // a mantissa that rounds to 10 is 1 of the next power: 26 nines read 1e+26, and −(30 nines)/10¹⁰ reads −1e+20
  CHECK(detail::exact_for_reading(std::string(26, '9')) == "≈ 1e+26 (exact: an integer of 26 digits)");
  CHECK(detail::exact_for_reading("-" + std::string(30, '9') + "/1" + std::string(10, '0')) ==
        "≈ -1e+20 (exact: a fraction of 30 over 11 digits)");
  // not a number: cut, with its length, never passed off as a value
  CHECK(detail::exact_for_reading(std::string(30, 'x')) == std::string(24, 'x') + "… (30 characters)");
  report r{"s", "", {}};
  r.add("entry", exact_number{big});
  CHECK(render_as(r, format::text).find("entry: ≈ 2.994652146e+102 (exact: an integer of 103 digits)") !=
        std::string::npos);
  CHECK(render_as(r, format::markdown).find("≈ 2.994652146e+102") != std::string::npos);
}

TEST_CASE("Markdown: a check table with the failure in bold; '|' escaped") {
  report r = make(verdict::failed);
  r.add("note", "a | b");
  const auto m = render_as(r, format::markdown);
  CHECK(m.find("## A test report") == 0);
  CHECK(m.find("| id | statement | verdict | arithmetic | evidence | cases | bound | residual |") != std::string::npos);
  CHECK(m.find("**FAILED**") != std::string::npos);
  CHECK(m.find("200 cases, seed 20261129") != std::string::npos);
  CHECK(m.find("a \\| b") == std::string::npos);  // a scalar field is not a table cell
  CHECK(m.find("- **note:** a | b") != std::string::npos);
}

TEST_CASE("JUnit: one testcase per check, failures and skips counted, XML escaped") {
  report r = make(verdict::failed);
  check s = sampled_law(verdict::skipped);
  s.note = "too few positions <2> & \"so\"";
  r.add("more", value::checks{s});
  const auto x = render_as(r, format::junit);
  CHECK(x.find("<testsuites name=\"orderblind-test/1\" tests=\"3\" failures=\"1\" skipped=\"1\">") != std::string::npos);
  CHECK(x.find("<failure message=\"n = 3, P = (2 0 1): 12.125 &gt; 12\">") != std::string::npos);
  CHECK(x.find("too few positions &lt;2&gt; &amp; &quot;so&quot;") != std::string::npos);
  CHECK(render_as(make(verdict::held), format::junit).find("failures=\"0\"") != std::string::npos);
}

TEST_CASE("evidence kinds: names are the JSON values, and weakest takes the weaker of the first six") {
  CHECK(std::string(name(evidence_kind::exhaustive_exact)) == "exhaustive_exact");
  CHECK(weakest(evidence_kind::formal, evidence_kind::sampled_exact) == evidence_kind::sampled_exact);
  CHECK(weakest(evidence_kind::identity, evidence_kind::enclosure) == evidence_kind::enclosure);
  CHECK(weakest(evidence_kind::exact_on_data, evidence_kind::formal) == evidence_kind::exact_on_data);
  CHECK(is_sampled(evidence_kind::sampled_exact));
  CHECK_FALSE(is_sampled(evidence_kind::identity));
}

TEST_CASE("text and Markdown omit an empty text field, as they omit null (JSON keeps both)") {
  report r{"s", "", {}};
  r.add("kept", "x").add("empty", "").add("missing", nullptr);
  const auto t = render_as(r, format::text);
  CHECK(t.find("kept: x") != std::string::npos);
  CHECK(t.find("empty") == std::string::npos);
  CHECK(t.find("missing") == std::string::npos);
  CHECK(render_as(r, format::markdown).find("empty") == std::string::npos);
  const auto j = to_json(r);
  CHECK(j.at("empty") == "");
  CHECK(j.at("missing").is_null());
}

TEST_CASE("JUnit: checks inside a list of objects are classed by the object's name, else its position") {
  report r{"orderblind-test/1", "", {}};
  r.add("examples", value::list{value::object{{"name", "dog-bites-man"}, {"figures", value::checks{sampled_law(verdict::held)}}},
                                value::object{{"figures", value::checks{sampled_law(verdict::held)}}}});
  const auto x = render_as(r, format::junit);
  CHECK(x.find("classname=\"orderblind-test/1.dog-bites-man.figures\"") != std::string::npos);
  CHECK(x.find("classname=\"orderblind-test/1.1.figures\"") != std::string::npos);
}

TEST_CASE("Markdown: a check table is closed by a blank line before its checks' nested headings") {
  check outer = sampled_law(verdict::held);
  outer.id = "A.1";
  outer.with("steps", value::checks{sampled_law(verdict::held)});
  report r{"s", "", {}};
  r.add("certificates", value::checks{outer});
  const auto m = render_as(r, format::markdown);
  const auto heading = m.find("**certificates — A.1 — steps**");
  REQUIRE(heading != std::string::npos);
  CHECK(m.substr(heading - 2, 2) == "\n\n");
}

TEST_CASE("text omits an empty list, as it omits null") {
  report r{"s", "", {}};
  r.add("formal", value::list{}).add("kept", 1);
  const auto t = render_as(r, format::text);
  CHECK(t.find("formal") == std::string::npos);
  CHECK(t.find("kept: 1") != std::string::npos);
}
