// SPDX-License-Identifier: MIT
// The SVG writer: escaping keeps any text well-formed, numbers never print NaN or exponents, ticks
// are round and cover the range.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <sstream>

#include "orderblind/plot/svg.hpp"
#include "orderblind/verify/render.hpp"
#include "orderblind/xml.hpp"

using namespace orderblind::plot;

TEST_CASE("text is escaped so that any label keeps the SVG well-formed", "[plot]") {
  CHECK(xml_escape("a < b & c > \"d\" 'e'") == "a &lt; b &amp; c &gt; &quot;d&quot; &apos;e&apos;");
  CHECK(xml_escape(std::string("bell\x07 and nul\0!", 15)) == "bell and nul!");
  CHECK(xml_escape("θᵢ = 10000^(−2i/d)") == "θᵢ = 10000^(−2i/d)");  // UTF-8 passes through
  CHECK(xml_escape("tab\tline\nreturn\r") == "tab\tline\nreturn\r");  // the three allowed controls stay
}

TEST_CASE("the SVG writer and the JUnit renderer escape with the one orderblind::xml_escape", "[plot][xml]") {
  const std::string nasty = "<a & 'b'> \"c\"\x01\x1f ok";
  CHECK(xml_escape(nasty) == orderblind::xml_escape(nasty));
  CHECK(orderblind::verify::detail::xml(nasty) == orderblind::xml_escape(nasty));
  CHECK(orderblind::xml_escape(nasty) == "&lt;a &amp; &apos;b&apos;&gt; &quot;c&quot; ok");
  // Through the renderer: a check id with every entity and a control character comes out escaped.
  orderblind::verify::report r{"orderblind-test/1", "t", {}};
  orderblind::verify::check c;
  c.id = nasty;
  c.outcome = orderblind::verify::verdict::held;
  r.add("checks", orderblind::verify::value::checks{c});
  std::ostringstream os;
  orderblind::verify::render(r, orderblind::verify::format::junit, os);
  CHECK(os.str().find(orderblind::xml_escape(nasty)) != std::string::npos);
  CHECK(os.str().find('\x01') == std::string::npos);
}

TEST_CASE("coordinates are fixed-point with at most two decimals, and never NaN", "[plot]") {
  CHECK(num(1.0) == "1");
  CHECK(num(-0.001) == "0");
  CHECK(num(2.5) == "2.5");
  CHECK(num(1234567.891) == "1234567.89");
  CHECK(num(10) == "10");
  CHECK_THROWS_AS(num(std::numeric_limits<double>::quiet_NaN()), std::domain_error);
  CHECK_THROWS_AS(num(std::numeric_limits<double>::infinity()), std::domain_error);
}

TEST_CASE("ticks are round steps of 1, 2 or 5 times a power of ten covering the range", "[plot]") {
  CHECK(nice_ticks(0, 10) == std::vector<double>{0, 2, 4, 6, 8, 10});
  CHECK(nice_ticks(-1.1, 1.1) == std::vector<double>{-1, -0.5, 0, 0.5, 1});
  const auto t = nice_ticks(-15, 15);
  CHECK(t.front() >= -15);
  CHECK(t.back() <= 15);
  CHECK(nice_ticks(3, 3) == std::vector<double>{3});
  CHECK(nice_ticks(5, 0) == nice_ticks(0, 5));
  CHECK_THROWS_AS(nice_ticks(0, std::numeric_limits<double>::infinity()), std::domain_error);
}

TEST_CASE("the diverging colour map runs blue, white, red and clamps", "[plot]") {
  CHECK(diverging_colour(0) == "#ffffff");
  CHECK(diverging_colour(-1) == "#2166ac");
  CHECK(diverging_colour(1) == "#b2182b");
  CHECK(diverging_colour(7) == diverging_colour(1));
}

TEST_CASE("a document is an SVG envelope with a title, and escapes what it is given", "[plot]") {
  document doc(100, 50, "a <title>");
  doc.text(1, 2, "x & y");
  doc.line(0, 0, 10, 10, "#000");
  doc.polyline({{0, 0}, {1, 1}}, "#f00");
  doc.circle(5, 5, 1, "#00f");
  const auto s = doc.str();
  CHECK(s.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(s.find("<title>a &lt;title&gt;</title>") != std::string::npos);
  CHECK(s.find(">x &amp; y</text>") != std::string::npos);
  CHECK(s.find("points=\"0,0 1,1\"") != std::string::npos);
  CHECK(s.substr(s.size() - 7) == "</svg>\n");
  CHECK_THROWS_AS(doc.save("/nonexistent-dir/x.svg"), std::runtime_error);
}

TEST_CASE("a panel maps data to pixels with y pointing up", "[plot]") {
  const panel p(10, 20, 100, 50, 0, 10, -1, 1);
  CHECK(p.x(0) == 10);
  CHECK(p.x(10) == 110);
  CHECK(p.y(-1) == 70);
  CHECK(p.y(1) == 20);
}
