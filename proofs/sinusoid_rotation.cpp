// SPDX-License-Identifier: MIT
// Proof 4: the sinusoidal encoding and its rotation property, exactly (Pythagorean angles) and in mpfr100.
#include "sinusoid_rotation.hpp"

#include "checks.hpp"
#include "orderblind/pe/rotary.hpp"
#include "orderblind/positional.hpp"
#include "random_cases.hpp"

namespace orderblind::proofs {

rotation_subject text_rotation() {
  return {"R(k) = [[cos kω, sin kω], [−sin kω, cos kω]]",
          [](const Q& c, const Q& s) { return Matrix<Q>(from_rows<Q, Q>({{c, s}, {Q(-s), c}})); },
          [](const R& c, const R& s) { return Matrix<R>(from_rows<R, R>({{c, s}, {R(-s), c}})); }};
}

namespace {

/// cos pω + i sin pω for the rational angle with cos ω = (1 − t²)/(1 + t²), sin ω = 2t/(1 + t²), as
/// the library computes it: orderblind::pe::angle_table's exact unit rotation, raised to the p-th power by
/// its own cos_sin (so the proof checks the library's rotation code, not a loop of its own).
struct unit_point {
  Q c, s;
};
unit_point power(const Q& t, long p) {
  pe::angle_table<Q> table;
  table.unit.emplace_back(Q((Q(1) - t * t) / (Q(1) + t * t)), Q(Q(2) * t / (Q(1) + t * t)));
  const auto [c, s] = table.cos_sin(0, p);
  return {c, s};
}
/// The exact sinusoid: PE(p) = (sin pω₀, cos pω₀, sin pω₁, cos pω₁, …) as a column, one t per pair.
Matrix<Q> exact_pe(const std::vector<Q>& ts, long p) {
  Matrix<Q> v(static_cast<Eigen::Index>(2 * ts.size()), 1);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const auto u = power(ts[i], p);
    v(static_cast<Eigen::Index>(2 * i), 0) = u.s;
    v(static_cast<Eigen::Index>(2 * i + 1), 0) = u.c;
  }
  return v;
}
/// The block-diagonal shift R(k) built by the subject, one block per pair.
Matrix<Q> exact_shift(const rotation_subject& subj, const std::vector<Q>& ts, long k) {
  const auto d = static_cast<Eigen::Index>(2 * ts.size());
  Matrix<Q> r = Matrix<Q>::Zero(d, d);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const auto u = power(ts[i], k);
    r.block(static_cast<Eigen::Index>(2 * i), static_cast<Eigen::Index>(2 * i), 2, 2) = subj.exact(u.c, u.s);
  }
  return r;
}
Q dot(const Matrix<Q>& a, const Matrix<Q>& m, const Matrix<Q>& b) {
  return Matrix<Q>(multiply(multiply(Matrix<Q>(a.transpose()), m), b))(0, 0);
}
std::string show_ts(const std::vector<Q>& ts) {
  std::string s;
  for (const auto& t : ts) s += (s.empty() ? "" : ", ") + t.str();
  return "t = (" + s + ")";
}

}  // namespace

verify::check prove_4(const run_config& cfg, const rotation_subject& subject) {
  const std::string src = "text 000, §4; text 003";
  const std::string exact = "mpq_rational (exact, ==)";
  const std::string real = "mpfr100 (MPFR, 100 digits)";
  verify::step s1{"1", "the sinusoid is bounded: every entry lies in [−1, 1]", src,
                   "every entry of the base-10000 table (d = 8, positions 0…2000) in mpfr100; sin² + cos² = 1 exactly "
                   "for the rational angles (powers by orderblind::pe::angle_table::cos_sin, angles ≠ 0)",
                   real + " and mpq_rational", "|x| ≤ 1; =="};
  verify::step s2{"2", "the sinusoid is length-consistent: position p gets the same vector in every sequence length",
                   src, "the rows of the table for n = 5 against the first rows for n = 50 (and random lengths)", real,
                   "== (bit-for-bit)"};
  verify::step s3{"3", "pos/length is not length-consistent: position 3 is 3/5 = 0.60 in five words, 3/50 = 0.06 in fifty",
                   "text 003, attempt 2", "orderblind::pe::pos_over_length at one position, two lengths", exact,
                   "a difference exists"};
  verify::step s4{"4", "shifting by k is one fixed linear map: PE(p+k) = R(k)·PE(p), R(k) = [[cos kω, sin kω], "
                        "[−sin kω, cos kω]] per pair (the angle-addition identity)",
                   src, "the exact sinusoid at p + k (orderblind::pe::angle_table::cos_sin, exact unit rotations) against " + subject.name +
                            "·PE(p), rational angles cos ω = (1 − t²)/(1 + t²), sin ω = 2t/(1 + t²)",
                   exact, "== (exact)"};
  verify::step s5{"5", "the same for the real sinusoid, base 10000", src,
                   "PE(p+k) against R(k)·PE(p) with the real frequencies θᵢ = 10000^(−2i/d), d = 8 (example: text 000's "
                   "d = 2, PE₀…PE₂)",
                   real, "≤ 16(1 + (p + k)θ₀) ε (grows with the phase)"};
  verify::step s6{"6", "with M = I the position score depends on m − n only: PE(m)·PE(n) = PE(m+s)·PE(n+s)", src,
                   "the exact dot products at (m, n) and (m + s, n + s)", exact, "== (exact)"};
  verify::step s7{"7", "with a general M it does not: PE(m) M PE(n)ᵀ changes under a common shift (counterexample)",
                   "text 001, §3.7 with PE-CATALOGUE's sinusoid", "a search over random rational M for one where "
                   "PE(1) M PE(0)ᵀ ≠ PE(2) M PE(1)ᵀ (angles t = 1/2, 1/3)",
                   exact, "a counterexample exists"};
  // NOTE: why 16(1 + phase) ε. θᵢ = exp(−2i/d · ln 10000) carries a relative error of a few ε, and
  // so does the product pθᵢ: the computed angle is off by ≤ 4·phase·ε. sin and cos are 1-Lipschitz
  // and correctly rounded in MPFR, so each PE entry is off by ≤ (4·phase + 1)ε; R(k)·PE(p) adds two
  // products and a sum (≤ 3ε on values ≤ 1) on top of two such entries. The total stays below
  // 2(4·phase + 1)ε + 2(4·phase + 1)ε + 3ε < 16(1 + phase)ε.
  case_source gen(cfg.seed);
  // Step 1
  {
    const Matrix<R> table = pe::sinusoidal<R>(2001, 8);
    bool bounded = true;
    for (Eigen::Index i = 0; i < table.rows() && bounded; ++i)
      for (Eigen::Index j = 0; j < table.cols(); ++j) bounded = bounded && abs_value(table(i, j)) <= R(1);  // NOTE: <=, so a NaN entry fails
    s1.add(verify::decided(bounded, "an entry exceeds 1 in magnitude"), true, "base 10000, d = 8, positions 0…2000");
    for (long k = 0; k < cfg.cases; ++k) {
      const Q t = gen.angle_parameter<Q>();
      const long p = gen.integer(1, 40);
      const auto u = power(t, p);
      s1.add(verify::decided(u.c * u.c + u.s * u.s == Q(1), "sin² + cos² ≠ 1 at t = " + t.str()), false,
               "t = " + t.str() + ", p = " + std::to_string(p));
    }
  }
  // Step 2
  {
    const Matrix<R> five = pe::sinusoidal<R>(5, 8), fifty = pe::sinusoidal<R>(50, 8);
    s2.add(compare_bitwise(five, Matrix<R>(fifty.topRows(5)), "n = 5 vs n = 50"), true, "lengths 5 and 50 (text 003)");
    for (long k = 0; k < cfg.cases; ++k) {
      const auto n1 = gen.integer(1, 60), n2 = gen.integer(1, 60);
      const auto lo = n1 < n2 ? n1 : n2;
      const Matrix<R> a = pe::sinusoidal<R>(n1, 4), b = pe::sinusoidal<R>(n2, 4);
      s2.add(compare_bitwise(Matrix<R>(a.topRows(lo)), Matrix<R>(b.topRows(lo)), "two lengths"), false,
               "lengths " + std::to_string(n1) + " and " + std::to_string(n2));
    }
  }
  // Step 3
  {
    const Q a = pe::pos_over_length<Q>(4, 1, 5)(3, 0), b = pe::pos_over_length<Q>(4, 1, 50)(3, 0);
    s3.add(verify::decided(a == Q(3) / Q(5) && b == Q(3) / Q(50) && a != b, "got " + a.str() + " and " + b.str()), true,
             "position 3 in 5 and 50 words");
    s3.remark("Position 3 is 3/5 = 0.60 in a five-word sentence and 3/50 = 0.06 in a fifty-word one; only position 0 "
              "is the same in every length.");
    for (long k = 0; k < cfg.cases; ++k) {
      const long n1 = gen.integer(2, 60), n2 = gen.integer(2, 60), p = gen.integer(1, (n1 < n2 ? n1 : n2) - 1);
      const Q x = pe::pos_over_length<Q>(p + 1, 1, n1)(p, 0), y = pe::pos_over_length<Q>(p + 1, 1, n2)(p, 0);
      s3.add(verify::decided((x != y) == (n1 != n2), "p/N1 = " + x.str() + ", p/N2 = " + y.str()), false,
               "p = " + std::to_string(p) + ", lengths " + std::to_string(n1) + ", " + std::to_string(n2));
    }
  }
  // Step 4
  {
    auto check4 = [&](const std::vector<Q>& ts, long p, long k, bool example, const std::string& lbl) {
      s4.add(compare_exact(exact_pe(ts, p + k), multiply(exact_shift(subject, ts, k), exact_pe(ts, p)), "PE(p+k)",
                             "R(k)·PE(p)"),
               example, lbl + " (" + show_ts(ts) + ", p = " + std::to_string(p) + ", k = " + std::to_string(k) + ")");
    };
    const std::vector<Q> pyth{Q(1) / Q(2), Q(2) / Q(3), Q(1) / Q(4), Q(1) / Q(7)};  // 3-4-5, 5-12-13, 8-15-17, 7-24-25
    for (long p = 0; p <= 5; ++p)
      for (long k = 0; k <= 5; ++k) check4(pyth, p, k, true, "Pythagorean angles 3-4-5, 5-12-13, 8-15-17, 7-24-25");
    for (long c = 0; c < cfg.cases; ++c) {
      std::vector<Q> ts;
      const auto pairs = gen.integer(1, 3);
      for (long i = 0; i < pairs; ++i) ts.push_back(gen.angle_parameter<Q>());
      // NOTE: k ≥ 1: k = 0 makes R(k) the identity, a case that cannot fail.
      check4(ts, gen.integer(0, 30), gen.integer(1, 30), false, "random case " + std::to_string(c + 1));
    }
  }
  // Step 5
  {
    auto check5 = [&](long p, long k, Eigen::Index d, bool example, const std::string& lbl) {
      const Matrix<R> at_p = Matrix<R>(pe::sinusoidal<R>(1, d, R(10000), p).transpose());
      const Matrix<R> at_pk = Matrix<R>(pe::sinusoidal<R>(1, d, R(10000), p + k).transpose());
      Matrix<R> shift = Matrix<R>::Zero(d, d);
      for (Eigen::Index i = 0; i < d / 2; ++i) {
        using std::cos;
        using std::sin;
        const R angle = R(k) * pe::sinusoid_frequency(i, d, R(10000));
        shift.block(2 * i, 2 * i, 2, 2) = subject.real(R(cos(angle)), R(sin(angle)));
      }
      const double phase = static_cast<double>(p + k);  // θ₀ = 1
      const double k_eps = 16.0 * (1.0 + phase);
      s5.add(compare_within(at_pk, multiply(shift, at_p), k_eps, R(1), "PE(p+k) vs R(k)·PE(p)"), example,
             lbl + " (p = " + std::to_string(p) + ", k = " + std::to_string(k) + ", d = " + std::to_string(d) + ")", k_eps);
    };
    check5(0, 1, 2, true, "text 000 §4: PE₁ = R(1)·PE₀");
    check5(1, 1, 2, true, "text 000 §4: PE₂ = R(1)·PE₁");
    check5(0, 2, 2, true, "text 000 §4: PE₂ = R(2)·PE₀");
    for (long c = 0; c < cfg.cases; ++c)
      check5(gen.integer(0, 1000), gen.integer(0, 1000), 8, false, "random case " + std::to_string(c + 1));
  }
  // Steps 6 and 7
  {
    const std::vector<Q> ts{Q(1) / Q(2), Q(1) / Q(3)};
    const Matrix<Q> id = Matrix<Q>::Identity(4, 4);
    for (long m = 0; m <= 4; ++m)
      for (long n = 0; n <= 4; ++n) {
        const Q a = dot(exact_pe(ts, m), id, exact_pe(ts, n)), b = dot(exact_pe(ts, m + 3), id, exact_pe(ts, n + 3));
        s6.add(verify::decided(a == b, "PE(m)·PE(n) = " + a.str() + " but shifted by 3: " + b.str()), true,
                 "angles t = 1/2, 1/3, m = " + std::to_string(m) + ", n = " + std::to_string(n));
      }
    for (long c = 0; c < cfg.cases; ++c) {
      std::vector<Q> rt{gen.angle_parameter<Q>(), gen.angle_parameter<Q>()};
      const long m = gen.integer(0, 20), n = gen.integer(0, 20), s = gen.integer(1, 20);
      const Q a = dot(exact_pe(rt, m), id, exact_pe(rt, n)), b = dot(exact_pe(rt, m + s), id, exact_pe(rt, n + s));
      s6.add(verify::decided(a == b, "PE(m)·PE(n) = " + a.str() + " but shifted: " + b.str()), false,
               "random case " + std::to_string(c + 1) + " (" + show_ts(rt) + ", m = " + std::to_string(m) +
                   ", n = " + std::to_string(n) + ", s = " + std::to_string(s) + ")");
    }
    std::string found;
    for (long c = 0; c < 50 && found.empty(); ++c) {
      const Matrix<Q> mm = gen.matrix<Q>(4, 4);
      const Q a = dot(exact_pe(ts, 1), mm, exact_pe(ts, 0)), b = dot(exact_pe(ts, 2), mm, exact_pe(ts, 1));
      if (a != b) found = "M = " + show(mm) + ": PE(1) M PE(0)ᵀ = " + a.str() + " but PE(2) M PE(1)ᵀ = " + b.str();
    }
    s7.add(found.empty() ? verify::decided(false, "no M among 50 random ones breaks the shift") : verify::decided(true),
             false, "the search");
    if (!found.empty()) s7.remark("Counterexample: " + found + ".");
  }
  verify::value::checks steps;
  for (auto* s : {&s1, &s2, &s3, &s4, &s5, &s6, &s7}) steps.push_back(s->finish(cfg.seed));
  return proof_check("4", "the sinusoid: bounded, length-consistent, and a shift is one rotation", src, random_cases_description, std::move(steps), cfg);
}

namespace {
const proof_registrar reg{proof{"4", "the sinusoid: bounded, length-consistent, and a shift is one rotation",
                                "text 000, §4; text 003", [](const run_config& cfg) { return prove_4(cfg); }}};
}  // namespace

}  // namespace orderblind::proofs
