// SPDX-License-Identifier: MIT
// The symbolic scalar: uninterpreted functions keyed by canonical form, `==` as an identity of rational
// functions, the order-free softmax, and the refusals.
#include <catch2/catch.hpp>

#include "orderblind/attention.hpp"
#include "orderblind/layers.hpp"
#include "orderblind/scalar/symbolic.hpp"
#include "proofs/identities/support.hpp"

using namespace orderblind;
using S = symbolic::expr;

TEST_CASE("phi of equal scores is one symbol: the key is the canonical (expanded) form") {
  symbolic::scoped_context ctx;
  const S a = S::symbol("a"), b = S::symbol("b"), x = S::symbol("x");
  const S s1 = exp(x * (a + b)), s2 = exp(b * x + a * x);
  CHECK(s1.get().is_equal(s2.get()));
  CHECK(ctx.get().phi.size() == 1);
  const S s3 = exp(a * x);
  CHECK_FALSE(s3.get().is_equal(s1.get()));
  CHECK(ctx.get().phi.size() == 2);
  // A different function of the same argument is a different symbol.
  const S r = sqrt(x * (a + b));
  CHECK_FALSE(r.get().is_equal(s1.get()));
  CHECK(ctx.get().root.size() == 1);
}

TEST_CASE("rational arguments are keyed by their normal form, whatever their scaling") {
  symbolic::scoped_context ctx;
  const S x = S::symbol("x"), y = S::symbol("y");
  const S r1 = sqrt(x / (S(2) * y + S(2)));
  const S r2 = sqrt((x / S(2)) / (y + S(1)));
  const S r3 = sqrt((S(3) * x) / (S(6) * y + S(6)));
  CHECK(r1.get().is_equal(r2.get()));
  CHECK(r1.get().is_equal(r3.get()));
  CHECK(ctx.get().root.size() == 1);
  CHECK_FALSE(sqrt(x / (y + S(2))).get().is_equal(r1.get()));
}

TEST_CASE("structural keys identify arguments equal up to the order of sums and products only") {
  symbolic::scoped_context ctx(symbolic::key_form::structural);
  const S a = S::symbol("a"), b = S::symbol("b"), x = S::symbol("x");
  CHECK(exp(a * x + b * x).get().is_equal(exp(x * b + x * a).get()));
  // NOTE: not distributed: x(a + b) and ax + bx get two symbols (sound: the proof then covers a φ that
  // may differ on them, which is more general; never two arguments that differ mapped to one symbol).
  CHECK_FALSE(exp(x * (a + b)).get().is_equal(exp(a * x + b * x).get()));
}

TEST_CASE("== decides equality of rational functions") {
  const S a = S::symbol("a"), b = S::symbol("b");
  CHECK((a + b) * (a + b) == a * a + S(2) * a * b + b * b);
  CHECK(a / (a + b) + b / (a + b) == S(1));
  CHECK_FALSE(a == b);
  CHECK((a * a - b * b) / (a - b) == a + b);
  CHECK_FALSE((a + b) * (a + b) == a * a + b * b);
}

TEST_CASE("a division by an identically zero expression is refused") {
  const S a = S::symbol("a"), b = S::symbol("b");
  CHECK_THROWS_AS(a / ((a + b) * (a + b) - a * a - S(2) * a * b - b * b), std::domain_error);
  CHECK_THROWS_AS(a / S(0), std::domain_error);
}

TEST_CASE("square roots of rational constants are exact, of other values uninterpreted") {
  symbolic::scoped_context ctx;
  CHECK(sqrt(S(8)) * sqrt(S(8)) == S(8));
  CHECK(inverse_sqrt_scale<S>(8) * inverse_sqrt_scale<S>(8) == S(1) / S(8));
  CHECK(ctx.get().root.size() == 0);
  CHECK_THROWS_AS(sqrt(S(-1)), std::domain_error);
}

TEST_CASE("softmax over the symbolic scalar is the order-free kernel form phi(s_j) / sum phi(s_k)") {
  symbolic::scoped_context ctx;
  Matrix<S> s(1, 3);
  s << S::symbol("s0"), S::symbol("s1"), S::symbol("s2");
  const Matrix<S> a = normalise_rows<S>(s, mask::none());
  const S total = exp(s(0, 0)) + exp(s(0, 1)) + exp(s(0, 2));
  for (int j = 0; j < 3; ++j) CHECK(a(0, j) == exp(s(0, j)) / total);
  CHECK(ctx.get().phi.size() == 3);  // no max shift: exactly one φ per score
}

TEST_CASE("sorted summation needs an order: refused with a message naming the scalar") {
  std::vector<S> terms{S::symbol("a"), S::symbol("b")};
  CHECK_THROWS_AS(sum_terms(terms, summation::sorted), unsupported_operation_error);
  CHECK_THROWS_WITH(sum_terms(terms, summation::sorted), Catch::Contains("symbolic is not ordered"));
}

TEST_CASE("ReLU and |x| are uninterpreted on symbols and exact on rational constants") {
  symbolic::scoped_context ctx;
  const S x = S::symbol("x");
  CHECK(relu(S(-3)) == S(0));
  CHECK(relu(S(5) / S(2)) == S(5) / S(2));
  const S r = relu(x);
  CHECK_FALSE(r == x);
  CHECK(relu(x + S(0)).get().is_equal(r.get()));
  CHECK(ctx.get().relu.size() == 1);
  CHECK(abs(S(-3)) == S(3));
  CHECK_FALSE(abs(x) == x);
}

TEST_CASE("a residual's printed lead is cut on a character boundary, never inside a multi-byte character",
          "[identities][words]") {
  // NOTE: symbols named with a two-byte 'α' and sums long enough to be cut at 300 bytes: wherever GiNaC's
  // term order puts byte 300, the cut backs off to a character boundary, so the text stays valid UTF-8
  // (the JSON writer refuses anything else). Names padded by 0 … 5 'x' move byte 300 through the characters.
  const auto valid_utf8 = [](const std::string& s) {
    for (std::size_t i = 0; i < s.size();) {
      const auto c = static_cast<unsigned char>(s[i]);
      const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
      if (n == 0 || i + n > s.size()) return false;
      for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
      i += n;
    }
    return true;
  };
  for (std::size_t pad = 0; pad <= 5; ++pad) {
    GiNaC::ex sum = 0;
    for (int i = 0; i < 100; ++i) sum += GiNaC::symbol("α" + std::string(pad, 'x') + "α" + std::to_string(i));
    const std::string d = orderblind::identities::detail::describe_residual(sum, false, 100);
    INFO("pad " << pad << ": " << d);
    CHECK(valid_utf8(d));
    CHECK(d.find("…") != std::string::npos);
  }
}
