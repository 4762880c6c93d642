// SPDX-License-Identifier: MIT
#pragma once
/// The expected verdict of every (scheme family, property) cell of the catalogue, each with its source:
/// a paper and section, one of the four texts, PE-CATALOGUE.md, or "derived: <one-line reason>". The
/// report marks every cell that disagrees; the main job fails on any. docs/checks.md lists the sources.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/pe/report.hpp"

namespace orderblind::pe::catalogue {

/// One expected cell: the property, the verdict expected, and where that expectation comes from.
struct expected_cell {
  property prop{};
  expectation expected = expectation::unspecified;
  std::string source;  ///< "Su et al. 2021 (RoFormer) §3.2", "text 001 §3.7", or "derived: …"
};

/// The expectations of one scheme family ("rope-interleaved"), one cell per property in report order.
struct family_expectations {
  std::string family;
  std::vector<expected_cell> cells;
  /// The cell of property p.
  const expected_cell& at(property p) const {
    for (const auto& c : cells)
      if (c.prop == p) return c;
    throw std::out_of_range("no expectation for property " + std::string(property_name(p)) + " of " + family);
  }
};

namespace detail {
inline expected_cell H(property p, std::string src) { return {p, expectation::holds, std::move(src)}; }
inline expected_cell F(property p, std::string src) { return {p, expectation::fails, std::move(src)}; }
inline expected_cell N(property p, std::string src) { return {p, expectation::not_applicable, std::move(src)}; }

// Sources shared by many cells.
inline const std::string len_structural = "derived: structural — the scheme's functions take no sequence length";
inline const std::string norm_additive = "derived: norm preservation is a law of q/k transforms; an additive scheme transforms neither";
inline const std::string norm_bias = "derived: norm preservation is a law of q/k transforms; a score bias transforms neither";
inline const std::string no_phases =
    "derived: the decay bound is RoPE's (Su et al. 2021, RoFormer §3.4.3) and needs rotation phases; the scheme has none";
inline const std::string expressible_not_additive =
    "derived: relative-expressible is a law of additive schemes; this scheme's scores are checked by relative scores";
inline const std::string injective_bias = "derived: a score bias encodes pairs (m, n), not single positions";
inline const std::string breaks =
    "text 001 §3.5–3.6 and text 000 §4: positions make the rows position-dependent, so Attn(PX) ≠ P·Attn(X) for some X";
inline const std::string formula_everywhere = "derived: a closed formula, defined and finite for every p";

using P = property;

/// The RoPE family: `relative` and `norm` name the source of relative scores / norm preservation.
inline std::vector<expected_cell> rope_like(const std::string& relative, const std::string& norm, bool norm_holds) {
  return {H(P::bounded, "derived: R_p is a rotation, so ‖R_p x‖∞ ≤ ‖x‖₂ for every p"),
          H(P::length_consistent, len_structural),
          H(P::injective, "derived: the phases pθ_i differ for p < the stated maximum (Pythagorean angles: irrational "
                          "multiples of π, Niven)"),
          H(P::extrapolates, formula_everywhere),
          H(P::shift_linear, "Su et al. 2021 (RoFormer) §3.2: R_{p+k} = R_k·R_p (rotations compose)"),
          H(P::relative_scores, relative),
          N(P::relative_expressible, expressible_not_additive),
          norm_holds ? H(P::norm_preserving, norm) : F(P::norm_preserving, norm),
          H(P::bound_decays, "Su et al. 2021 (RoFormer) §3.4.3: the bound (1/(d/2))·Σ_j |S_j(Δ)| decays with |Δ|"),
          F(P::score_decays, "PE-CATALOGUE.md 'decay': for RoPE only the bound decays, the score itself can fail to "
                             "(Su et al. 2021 §3.4.3 bounds it, it does not make it monotone)"),
          H(P::breaks_equivariance, breaks)};
}

inline const std::string rope_relative =
    "Su et al. 2021 (RoFormer) §3.2: (R_m q)ᵀ(R_n k) = qᵀR_{n−m}k; PE-CATALOGUE.md RoPE: holds exactly";
inline const std::string rope_norm = "Su et al. 2021 (RoFormer) §3.2: R_Θ is orthogonal; PE-CATALOGUE.md RoPE: holds exactly";

/// The bias family; `source` cites the scheme's paper for translation invariance.
inline std::vector<expected_cell> bias_like(expected_cell bounded, const std::string& extrapolates,
                                            const std::string& source, expected_cell decays) {
  return {std::move(bounded),
          H(P::length_consistent, len_structural),
          N(P::injective, injective_bias),
          H(P::extrapolates, extrapolates),
          H(P::shift_linear, source + " (bias schemes: shift-linear is translation invariance b(m+c, n+c) = b(m, n))"),
          H(P::relative_scores, source),
          N(P::relative_expressible, expressible_not_additive),
          N(P::norm_preserving, norm_bias),
          N(P::bound_decays, no_phases),
          std::move(decays),
          H(P::breaks_equivariance, breaks)};
}
}  // namespace detail

/// The typed table: every catalogue family, every property, each with its source.
inline const std::vector<family_expectations>& expectations() {
  using namespace detail;
  static const std::vector<family_expectations> t = [] {
    std::vector<family_expectations> v;
    v.push_back({"nope",
                 {H(P::bounded, "derived: PE(p) = 0 for every p"),
                  H(P::length_consistent, "derived: PE(p) = 0 whatever N"),
                  F(P::injective, "derived: PE(0) = PE(1) = 0"),
                  H(P::extrapolates, "derived: PE(p) = 0 is defined for every p"),
                  H(P::shift_linear, "derived: T_k = I maps 0 to 0"),
                  H(P::relative_scores, "derived: the position part p_m·p_n = 0 is constant, so a function of m − n"),
                  F(P::relative_expressible, "derived: p_m M p_nᵀ = 0 for every M: never a non-constant function of m − n"),
                  N(P::norm_preserving, norm_additive),
                  N(P::bound_decays, no_phases),
                  N(P::score_decays, "derived: the position score is constant (0): nothing to decay"),
                  F(P::breaks_equivariance, "text 000 §2 and text 001 §3.2 (Appendix A.1): attention without positions "
                                            "is permutation-equivariant; text 000 §5: only a causal mask breaks it (NoPE)")}});
    v.push_back({"counter",
                 {F(P::bounded, "text 003 Attempt 1 ('the index is unbounded'); PE-CATALOGUE.md: Counter unbounded"),
                  H(P::length_consistent, "derived: PE(p) = p·𝟙 does not involve N"),
                  H(P::injective, "derived: p·𝟙 ≠ q·𝟙 for p ≠ q"),
                  H(P::extrapolates, formula_everywhere),
                  F(P::shift_linear, "PE-CATALOGUE.md Counter: an affine map is needed; derived: PE(0) = 0 but "
                                     "PE(k) = k·𝟙 ≠ T_k·0"),
                  F(P::relative_scores, "text 001 §3.7: pairs 3 apart score 0, 70c and 9700c (position score c·m·n)"),
                  F(P::relative_expressible, "text 001 §3.7 ('the trouble is the shape of mn'; scaling only changes c); "
                                             "PE-CATALOGUE.md relative-expressible: the counter cannot"),
                  N(P::norm_preserving, norm_additive),
                  N(P::bound_decays, no_phases),
                  F(P::score_decays, "text 001 §3.7: position 10 scores 100c against itself but 70c against position 7"),
                  H(P::breaks_equivariance, breaks)}});
    v.push_back({"pos-length",
                 {H(P::bounded, "text 003 Attempt 2 ('bounded to [0, 1]')"),
                  F(P::length_consistent, "text 003 Attempt 2 (the 3rd word is 3/5 in a five-word sentence, 3/50 in a "
                                          "fifty-word one); PE-CATALOGUE.md Pos/length"),
                  H(P::injective, "derived: p/N differs for different p at a fixed N"),
                  H(P::extrapolates, "derived: p/N is defined for every p < N, and N is the sequence's own length"),
                  F(P::shift_linear, "derived: PE(p) = (p/N)·𝟙 has PE(0) = 0 but PE(k) ≠ 0: affine, as the counter"),
                  F(P::relative_scores, "derived: p_m·p_n = d·m·n/N², the counter's shape"),
                  F(P::relative_expressible, "derived: p_m M p_nᵀ = c·m·n/N², the counter's shape scaled"),
                  N(P::norm_preserving, norm_additive),
                  N(P::bound_decays, no_phases),
                  F(P::score_decays, "derived: s(m, m+Δ) = d·m(m+Δ)/N² grows with Δ"),
                  H(P::breaks_equivariance, breaks)}});
    const std::vector<expected_cell> sinusoid = {
        H(P::bounded, "Vaswani et al. 2017 §3.5 (sines and cosines); text 003 ('bounded to [−1, 1]')"),
        H(P::length_consistent, "Vaswani et al. 2017 §3.5: PE depends on pos and i only; text 003"),
        H(P::injective, "text 003 ('No two rows are alike'); text 000 §4 ('a unique fingerprint')"),
        H(P::extrapolates, "text 000 §4 ('a formula, not a parameter table'); Vaswani et al. 2017 §3.5"),
        H(P::shift_linear, "Vaswani et al. 2017 §3.5 (PE_{pos+k} a linear function of PE_pos); text 003 (angle "
                           "addition); text 000 §4"),
        H(P::relative_scores, "derived: p_m·p_n = Σ_i cos((m − n)θ_i) (M = I); PE-CATALOGUE.md Sinusoidal"),
        H(P::relative_expressible, "PE-CATALOGUE.md Sinusoidal: p_m·p_n depends on m − n only with M = I"),
        N(P::norm_preserving, norm_additive),
        N(P::bound_decays, no_phases),
        F(P::score_decays, "derived: s(m, m+Δ) = Σ_i cos(Δθ_i) + const oscillates in Δ (a sum of cosines is not "
                           "monotone)"),
        H(P::breaks_equivariance, breaks + "; text 000, try-it 2 ('confirm the identity now fails')")};
    v.push_back({"sinusoidal", sinusoid});
    v.push_back({"sinusoidal-concat", sinusoid});
    v.push_back({"learned",
                 {H(P::bounded, "derived: a finite table of bounded entries (integers/4 in [−1, 1])"),
                  H(P::length_consistent, "text 000 §4 Scheme B: one row per position, whatever N"),
                  H(P::injective, "derived: the seeded table's rows are distinct (checked for every p < L)"),
                  F(P::extrapolates, "text 000 §4 Scheme B ('there's no row there'); text 003 ①; PE-CATALOGUE.md Learned"),
                  F(P::shift_linear, "PE-CATALOGUE.md Learned: not shift-linear; derived: independent random rows admit "
                                     "no common T_k"),
                  F(P::relative_scores, "derived: random rows: p_m·p_n depends on m and n, not on m − n alone"),
                  F(P::relative_expressible, "derived: random rows: the constraints on M have full rank"),
                  N(P::norm_preserving, norm_additive),
                  N(P::bound_decays, no_phases),
                  F(P::score_decays, "derived: random rows: the score is not monotone in |Δ|"),
                  H(P::breaks_equivariance, breaks)}});
    v.push_back({"rope-interleaved", rope_like(rope_relative, rope_norm, true)});
    v.push_back({"rope-half-split", rope_like(rope_relative + "; the half-split layout is the interleaved one under a "
                                                              "fixed permutation of dimensions (PE-CATALOGUE.md RoPE)",
                                              rope_norm, true)});
    v.push_back({"rope-partial", rope_like(rope_relative + " on the rotated dims; the pass-through dims add qᵀk "
                                                           "(PE-CATALOGUE.md RoPE 'Partial')",
                                           rope_norm + "; the pass-through dims keep their norm", true)});
    v.push_back({"rope-pi", rope_like("Chen et al. 2023 (Position Interpolation) §2: θ_i/s is RoPE with other "
                                      "frequencies, so §3.2 of RoFormer applies",
                                      rope_norm, true)});
    v.push_back({"rope-ntk", rope_like("bloc97 2023 (NTK-aware scaled RoPE), as summarised by Peng et al. 2023 (YaRN) "
                                       "§3: another base b' is RoPE with other frequencies",
                                       rope_norm, true)});
    v.push_back({"rope-yarn", rope_like("Peng et al. 2023 (YaRN) §3: per-pair frequencies are RoPE with other "
                                        "frequencies; the factor a scales q and k alike",
                                        "Peng et al. 2023 (YaRN) §3 (attention temperature): cos and sin × a, so "
                                        "‖f(x, p)‖ = a‖x‖; PE-CATALOGUE.md YaRN: not norm-preserving",
                                        false)});
    v.push_back({"rope-llama3", rope_like("Meta Llama 3.1 reference code (apply_scaling): per-pair frequencies are "
                                          "RoPE with other frequencies",
                                          rope_norm, true)});
    v.push_back({"xpos",
                 {F(P::bounded, "derived: k ↦ ζ^(−n/B)⊙R_n k grows like ζ^(−n/B) (ζ < 1); PE-CATALOGUE.md xPos: not "
                                "bounded"),
                  H(P::length_consistent, len_structural),
                  H(P::injective, "derived: the scale ζ^(p/B) differs for every p"),
                  H(P::extrapolates, formula_everywhere),
                  H(P::shift_linear, "derived: f(x, p+k) = ζ^(k/B)⊙R_k f(x, p), one linear map per k"),
                  H(P::relative_scores, "Sun et al. 2022 (xPos) §3: the score carries ζ^((m−n)/B) and R_{n−m}; "
                                        "PE-CATALOGUE.md xPos: relative when ζ is shared by a pair"),
                  N(P::relative_expressible, expressible_not_additive),
                  F(P::norm_preserving, "derived: ζ^(±p/B) ≠ 1 rescales q and k"),
                  N(P::bound_decays, "derived: xPos declares no plain rotation phases; its decay is the factor "
                                     "ζ^((m−n)/B), not RoFormer's bound"),
                  F(P::score_decays, "derived: near Δ = 0, ζ^(Δ/B) ≈ 1 and the rotation part Σ cos(Δθ_i) oscillates"),
                  H(P::breaks_equivariance, breaks)}});
    v.push_back({"alibi", bias_like(F(P::bounded, "derived: |bias| = m_h·|m − n| grows without bound"),
                                    "Press et al. 2022 (ALiBi) §3: the bias is defined for every distance",
                                    "Press et al. 2022 (ALiBi) §3: the bias −m_h·|m − n| depends on m − n only",
                                    H(P::score_decays, "Press et al. 2022 (ALiBi) §3: −m_h·|m − n| decreases with distance"))});
    v.push_back({"shaw", bias_like(H(P::bounded, "Shaw et al. 2018 §3.2: distances clipped to [−k, k], finitely many biases"),
                                   "Shaw et al. 2018 §3.2: clipping defines every distance",
                                   "Shaw et al. 2018 §3.1–3.2: a^K depends on clip(n − m, −k, k) only",
                                   F(P::score_decays, "derived: the learned a^K values (a seeded table) are not monotone "
                                                      "in |Δ|"))});
    v.push_back({"t5", bias_like(H(P::bounded, "Raffel et al. 2020 (T5) §2.1: a fixed table of bucket biases"),
                                 "Raffel et al. 2020 (T5) §2.1: distances past max_distance share the last bucket",
                                 "Raffel et al. 2020 (T5) §2.1: the bias depends on the bucket of n − m only",
                                 F(P::score_decays, "derived: the bucket biases (a seeded table) are not monotone in the "
                                                    "bucket"))});
    v.push_back({"kerple-log",
                 bias_like(F(P::bounded, "derived: −r₁·ln(1 + r₂|m − n|) → −∞; decided on several far positions "
                                         "(2^10 … 2^28), where it rises by r₁·ln 4 per step"),
                           "Chi et al. 2022 (KERPLE) §3: the log kernel is defined for every distance",
                           "Chi et al. 2022 (KERPLE) §3: a kernel of m − n only",
                           H(P::score_decays, "derived: r₁·ln(1 + r₂|Δ|) increases with |Δ|"))});
    v.push_back({"kerple-power",
                 bias_like(F(P::bounded, "derived: −r₁·|m − n|^r₂ → −∞ (r₂ > 0)"),
                           "Chi et al. 2022 (KERPLE) §3: the power kernel is defined for every distance",
                           "Chi et al. 2022 (KERPLE) §3: a kernel of m − n only",
                           H(P::score_decays, "derived: r₁·|Δ|^r₂ increases with |Δ|"))});
    return v;
  }();
  return t;
}

/// The expectations of a family, or nullptr.
inline const family_expectations* find_expectations(const std::string& family) {
  for (const auto& f : expectations())
    if (f.family == family) return &f;
  return nullptr;
}

/// The same table as one character per property in report order (H holds, F fails, N n/a), for
/// compatibility: {"alibi", "FHNHHHNNNHH"}. Derived from `expectations()`.
inline const std::map<std::string, std::string>& expected_table() {
  static const std::map<std::string, std::string> t = [] {
    std::map<std::string, std::string> m;
    for (const auto& f : expectations()) {
      std::string s;
      for (auto p : all_properties) {
        const auto e = f.at(p).expected;
        s += e == expectation::holds ? 'H' : e == expectation::fails ? 'F' : e == expectation::not_applicable ? 'N' : '?';
      }
      m[f.family] = s;
    }
    return m;
  }();
  return t;
}

/// Family of a scheme name: "rope-interleaved/pythagorean" → "rope-interleaved".
inline std::string family(const std::string& name) { return name.substr(0, name.find('/')); }

/// A Coq theorem that decides one (family, property) cell for all positions.
struct formal_proof {
  std::string family;
  property prop;
  bool holds;         ///< the theorem proves the law (true) or refutes it (false)
  std::string words;  ///< "Coq theorem `rope_relative` (proofs/formal/Sinusoid.v): …"
};

/// The (family, property) laws proofs/formal/theorems.txt covers.
inline const std::vector<formal_proof>& formal_proofs() {
  static const std::vector<formal_proof> v = {
      {"rope-interleaved", property::relative_scores, true,
       "Coq theorem `rope_relative` (proofs/formal/Sinusoid.v): ⟨R_m q, R_n k⟩ = ⟨q, R_{n−m} k⟩ for all q, k, real m, "
       "n, every frequency table and width"},
      {"sinusoidal", property::shift_linear, true,
       "Coq theorem `sinusoid_shift_is_rotation` (proofs/formal/Sinusoid.v): PE(p + k) = R(k)·PE(p) for every real "
       "p, k and every frequency table"},
      {"counter", property::relative_scores, false,
       "Coq theorem `counter_score_not_relative` (proofs/formal/Counter.v): c ≠ 0 ⇒ positions (1, 1) and (0, 0) have "
       "the same offset and different scores"},
      {"pos-length", property::length_consistent, false,
       "Coq theorem `pos_over_length_not_length_consistent` (proofs/formal/Sinusoid.v): position 3 is 3/5 in five "
       "tokens and 3/50 in fifty"}};
  return v;
}

/// States the catalogue's expectations on a scheme's run (pe/report.hpp), each law check with its source,
/// and names the Coq theorem that decides a law for all positions when the battery's verdict agrees with
/// it (runs of unknown families keep none, which the report prints as "no expectation stated").
inline void annotate(verify::report& run) {
  const std::string name = run_text(run, "scheme");
  const auto* f = find_expectations(family(name));
  if (!f) return;
  const bool exact_row = run_text(run, "arithmetic").find("(exact)") != std::string::npos;
  for (auto& c : laws(run)) {
    const property p = property_of(c);
    const auto& e = f->at(p);
    state_expectation(c, e.expected, e.source);
    // NOTE: the RoPE bound needs a square root; over the rationals it is decided in the mpfr row instead.
    // NOTE: a law a Coq theorem decides for all positions names it (proofs/formal/theorems.txt) when the
    // battery's verdict agrees with the theorem; the sampled evidence stays in the note.
    for (const auto& pr : formal_proofs())
      if (family(name) == pr.family && p == pr.prop && (pr.holds ? holds(c.outcome) : c.outcome == verify::verdict::failed))
        set_proof(c, pr.words);
    if (exact_row && p == property::bound_decays && e.expected == expectation::holds)
      state_expectation(c, expectation::not_applicable,
                        "derived: |S_j| = √(Re² + Im²) is not exact over the rationals; the bound is decided in the real "
                        "row (" + e.source + ")");
  }
}

}  // namespace orderblind::pe::catalogue
