// SPDX-License-Identifier: MIT
// A scale-invariant law gives the same verdict at every global scale of the data (properties/check/
// pe_table.cpp, NOTE "scale-free units"; layer_double.cpp): a random table fails and the sinusoid holds at
// ×1, ×10^-20, ×10^200, ×10^-310 and ×2^k; a perturbation just under the bound passes and just over it
// fails at every scale; a causal mask fails on X×10^-20.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "matrices.hpp"
#include "properties/check/check.hpp"

using namespace orderblind;
using robustness::counter_table;
using robustness::normal_matrix;
using robustness::sinusoid_table;
using robustness::uniform_matrix;

namespace {

io::table as_table(const Matrix<double>& m, double scale = 1) {
  io::table t;
  t.source = "<memory>";
  t.element_type = "float64";
  t.rows = m.rows();
  t.cols = m.cols();
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) t.values.push_back(m(r, c) * scale);
  return t;
}

verify::check law(const verify::value::checks& rs, const std::string& id) {
  for (const auto& r : rs)
    if (r.id == id) return r;
  FAIL("no law " << id);
  return {};
}

/// The check's residual as a double (NaN when it has none: skipped).
double residual(const verify::check& c) {
  const double* r = c.residual.as<double>();
  return r ? *r : std::numeric_limits<double>::quiet_NaN();
}

bool held(const verify::check& c) { return c.outcome == verify::verdict::held; }

/// Equal residuals, or both absent (NaN).
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

verify::value::checks pe_laws(const Matrix<double>& m, double scale, bool exact = false) {
  return properties::check_pe_table(as_table(m, scale), exact, properties::check_settings{});
}

// NOTE: 10^-310 is below the normal range (2.2·10^-308): the table is stored as subnormals, with ~46 bits.
const double scales[] = {1.0, 1e-20, 1e200, 1e-310, 0x1p-1000, 0x1p700, 3.0e-5};

}  // namespace

TEST_CASE("check --pe: a random N(0, 0.02) 16x8 table fails shift-linearity and relative scores at every scale",
          "[robustness][check][pe][scale]") {
  const auto m = normal_matrix(16, 8, 0.02, 20261203);
  for (const double s : scales) {
    const auto rs = pe_laws(m, s);
    INFO("scale " << s);
    const auto sl = law(rs, "shift-linear"), rel = law(rs, "relative scores");
    INFO(residual(sl) << " vs " << sl.bound << "; " << residual(rel) << " vs " << rel.bound);
    CHECK_FALSE(held(sl));
    CHECK_FALSE(held(rel));
    CHECK(std::isfinite(residual(rel)));
    CHECK_FALSE(held(law(pe_laws(m, s, true), "relative scores")));
  }
}

TEST_CASE("check --pe: the sinusoid 64x8 holds every law at every scale, bounded not skipped",
          "[robustness][check][pe][scale]") {
  const auto m = sinusoid_table(64, 8);
  for (const double s : scales) {
    const auto rs = pe_laws(m, s);
    INFO("scale " << s);
    for (const char* id : {"bounded", "injective", "shift-linear", "relative scores"}) {
      const auto r = law(rs, id);
      INFO(id << ": " << residual(r) << " vs " << r.bound << "; " << r.note);
      CHECK(held(r));  // not skipped, not "not decidable"
    }
  }
}

TEST_CASE("check --pe: scaling by a power of two changes no residual (the laws run on the same scaled table)",
          "[robustness][check][pe][scale]") {
  for (const auto& m : {sinusoid_table(64, 8), normal_matrix(16, 8, 0.02, 7), counter_table(32, 4)}) {
    const auto a = pe_laws(m, 1), b = pe_laws(m, 0x1p700), c = pe_laws(m, 0x1p-900);
    for (std::size_t i = 0; i < a.size(); ++i) {
      INFO(a[i].id);
      CHECK(same(residual(a[i]), residual(b[i])));
      CHECK(same(residual(a[i]), residual(c[i])));
      CHECK(a[i].outcome == b[i].outcome);
      CHECK(a[i].outcome == c[i].outcome);
    }
  }
}

TEST_CASE("check --pe: the counter table fails bounded, shift-linear and relative scores at every scale",
          "[robustness][check][pe][scale]") {
  const auto m = counter_table(64, 8);
  for (const double s : {1.0, 1e-20, 1e200, 1e-300}) {
    const auto rs = pe_laws(m, s);
    INFO("scale " << s);
    CHECK_FALSE(held(law(rs, "bounded")));
    CHECK_FALSE(held(law(rs, "shift-linear")));
    CHECK_FALSE(held(law(rs, "relative scores")));
  }
}

TEST_CASE("check --pe relative scores: a perturbation just under the bound passes, just over it fails, at every scale",
          "[robustness][check][pe][scale][tolerance]") {
  // NOTE: the constant table 𝟙 (16x4) is relative (every Gram entry is d). Raising PE(0, 0) to 1 + kε
  // moves G(0, 0) by 2kε + k²ε², the largest spread, which is 2k in units of max|PE|·u = (1 + kε)²ε. The
  // bound is 4d(n+d+2) = 352: k = 154 (2k = 308, 7/8 of it) passes, k = 198 (2k = 396, 9/8) fails. A
  // scale that is no power of two rounds each entry (moving 2k by ≤ 2), and G's own rounding moves a
  // spread by a few units more: the residual is 2k within 8, well inside both margins (44).
  const double eps = std::numeric_limits<double>::epsilon();
  for (const double s : {1.0, 1e-20, 1e200, 1e-300, 0x1p-600}) {
    for (const int k : {154, 198}) {
      Matrix<double> m = Matrix<double>::Constant(16, 4, 1.0);
      m(0, 0) = 1 + k * eps;
      const auto r = law(pe_laws(m, s), "relative scores");
      INFO("scale " << s << ", k = " << k << ": residual " << residual(r) << ", bound " << r.bound);
      CHECK(r.bound == "≤ 4d(n+d+2) = 352");
      CHECK(held(r) == (k == 154));
      CHECK(std::abs(residual(r) - 2 * k) < 8);
    }
  }
}

TEST_CASE("check --pe shift-linear: a perturbation just under the bound passes, just over it fails, at every scale",
          "[robustness][check][pe][scale][tolerance]") {
  // NOTE: the constant column 𝟙 (64x1) is shift-linear (T_k = 1). Raising its last entry to 1 + kε puts
  // kε into B = PE(1..63) but not into A = PE(0..62) for the shift 1; the least-squares fit absorbs the
  // hat value 1/63 of it, so the residual there is kε·(1 − 1/63), the largest over the shifts 1..4, in
  // units u = ε·max|PE| = ε(1 + kε). The bound is 16(n+d) = 1040: k = 925 (residual ≈ 910, 7/8 of it)
  // passes, k = 1189 (≈ 1170, 9/8) fails. Rounding of the fit and of the scale moves it by a few units.
  const double eps = std::numeric_limits<double>::epsilon();
  for (const double s : {1.0, 1e-20, 1e200, 1e-300, 0x1p-600}) {
    for (const int k : {925, 1189}) {
      Matrix<double> m = Matrix<double>::Constant(64, 1, 1.0);
      m(63, 0) = 1 + k * eps;
      const auto r = law(pe_laws(m, s), "shift-linear");
      INFO("scale " << s << ", k = " << k << ": residual " << residual(r) << ", bound " << r.bound);
      CHECK(r.bound == "≤ 16(n+d) = 1040");
      CHECK(held(r) == (k == 925));
      CHECK(std::abs(residual(r) - k * (1 - 1.0 / 63)) < 8);
    }
  }
}

TEST_CASE("check --pe: the exact relative-score residual is shown relative to max|PE|², finite at 10^±300",
          "[robustness][check][pe][scale][exact]") {
  const auto m = counter_table(8, 2);
  for (const double s : {1.0, 1e-300, 1e300}) {
    const auto r = law(pe_laws(m, s, true), "relative scores");
    INFO("scale " << s << ": " << residual(r));
    CHECK_FALSE(held(r));
    CHECK(residual(r) > 0);
    CHECK(std::isfinite(residual(r)));
  }
}

TEST_CASE("check --pe: an all-zero table: no division by zero, relative and shift-linear exactly",
          "[robustness][check][pe][scale]") {
  const auto rs = pe_laws(Matrix<double>::Zero(16, 2), 1);
  CHECK(held(law(rs, "relative scores")));
  CHECK(residual(law(rs, "relative scores")) == 0);
  CHECK(held(law(rs, "shift-linear")));
  CHECK_FALSE(held(law(rs, "injective")));
  CHECK(law(rs, "bounded").outcome == verify::verdict::skipped);
}

namespace {
verify::check layer_law(double x_scale, bool causal) {
  properties::layer_files in{as_table(uniform_matrix(6, 4, 1), x_scale), as_table(uniform_matrix(4, 4, 2)),
                             as_table(uniform_matrix(4, 4, 3)), as_table(uniform_matrix(4, 4, 4)), std::nullopt, 1,
                             causal, std::nullopt};
  properties::check_settings s;
  s.random_permutations = 5;
  return properties::check_layer_double(in, s).at(0);
}
}  // namespace

TEST_CASE("check --x … --causal: a causal mask fails on X, X×10^-20 and X×10^-310; without it every scale holds",
          "[robustness][check][layer][scale]") {
  // NOTE: the unit is ε·max|V| (at least 2^-1074), not ε·max(1, max|V|): with that floor the causal layer on
  // X×10^-20 (residual ~10^-20, i.e. ~10^-4 ε) "held".
  for (const double s : {1.0, 1e-20, 1e-310, 1e100}) {
    INFO("scale " << s);
    const auto c = layer_law(s, true);
    INFO("causal: " << residual(c) << " vs " << c.bound);
    CHECK_FALSE(held(c));
    const auto p = layer_law(s, false);
    INFO("plain: " << residual(p) << " vs " << p.bound);
    CHECK(held(p));
  }
}
