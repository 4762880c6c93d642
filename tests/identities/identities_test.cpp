// SPDX-License-Identifier: MIT
// The identities of the library's code over symbols, at the sizes of docs/identities.md.
#include <catch2/catch.hpp>

#include <set>

#include "proofs/identities/identities.hpp"
#include "properties/battery/mutants.hpp"

using namespace orderblind::identities;

namespace {
void require_held(const identity_run& r, const std::string& label) {
  INFO(label << ": " << r.law << " — " << r.subject << ", " << r.size << "; residual " << r.residual << "; error "
             << r.error);
  CHECK(r.held());
}
void run_group(const std::string& group, bool quick) {
  std::size_t count = 0;
  for (const auto& p : planned_runs(quick))
    if (p.group == group) {
      require_held(p.run(), p.label);
      ++count;
    }
  CHECK(count > 0);
}
}  // namespace

TEST_CASE("small sizes: every law holds on the library's code (the sanitizer run's share)") {
  require_held(attention_equivariance(attention_form::self_attention, 3, 4), "self-attention n = 3");
  require_held(attention_equivariance(attention_form::scaled_self_attention, 3, 8), "scaled n = 3, d = 8");
  require_held(cross_attention_order(2, 3, 4, 2), "cross-attention n_enc = 3");
  require_held(decoder_block_order(2, 2, 4, 2), "decoder block n_enc = 2");
  require_held(encoder_stack_equivariance(2, 4, 2, 2), "encoder stack of 2, n = 2");
  require_held(mean_pool_invariance(2, 4, 2, 2), "mean pooling, n = 2");
  require_held(counter_score_symbolic(3), "counter d = 3");
  require_held(counter_score_table(3, 4), "counter table d = 3");
  require_held(rope_shift("half-split", 4, 4, 3, {2}), "RoPE half-split d = 4");
  require_held(sinusoid_rotation_symbolic_t(1, 3), "sinusoid, symbolic t");
}

// NOTE: every run of the default subset is a run of the full size list, with the same group and label and
// so the same computation (planned_runs adds both from one list), and the tests "full size list, <group>"
// below run and require every run of that list, the default subset's included: running the subset here
// again was the same work twice. What this test requires is that it is so: every default run, and each
// once, in its group's full list, and no group without a run.
TEST_CASE("the default subset (what `orderblind prove` runs)", "[slow][default]") {
  std::set<std::string> full, groups;
  for (const auto& p : planned_runs(false)) CHECK(full.insert(p.group + ": " + p.label).second);
  std::size_t count = 0;
  for (const auto& p : planned_runs(true)) {
    INFO(p.group << ": " << p.label);
    CHECK(p.in_default);
    CHECK(full.count(p.group + ": " + p.label) == 1);
    groups.insert(p.group);
    ++count;
  }
  CHECK(count > 0);
  for (const char* g : {"A.1-sym", "A.2-sym", "3.4-sym", "3.7-sym", "causal-sym", "rope-sym", "spec-sym"})
    CHECK(groups.count(g) == 1);
}

TEST_CASE("the full size list covers the stated sizes (n ≤ 8, d ≤ 8, heads 1/2/4, blocks and stacks of 2)") {
  std::set<std::string> labels;
  for (const auto& p : planned_runs(false)) labels.insert(p.group + ": " + p.label);
  for (long n = 2; n <= 16; ++n)
    for (const char* form : {"self-attention", "scaled self-attention", "MHA heads = 1", "MHA heads = 2", "MHA heads = 4"})
      CHECK(labels.count("A.1-sym: " + std::string(form) + ", n = " + std::to_string(n)) == 1);
  for (long n = 2; n <= 8; ++n) {
    CHECK(labels.count("A.2-sym: cross-attention, n_enc = " + std::to_string(n)) == 1);
    CHECK(labels.count("A.2-sym: decoder block, n_enc = " + std::to_string(n)) == 1);
    CHECK(labels.count("3.4-sym: encoder block, n = " + std::to_string(n)) == 1);
    CHECK(labels.count("3.4-sym: encoder stack of 2, n = " + std::to_string(n)) == 1);
    CHECK(labels.count("3.4-sym: mean pooling, n = " + std::to_string(n)) == 1);
  }
}

TEST_CASE("an identity is checked on both generators of S_n, and says so") {
  const auto r = attention_equivariance(attention_form::multi_head, 3, 4, 2);
  require_held(r, "MHA n = 3");
  CHECK(r.checked_on == "the generators of S_3: (0 1) and (0 1 2)");
  CHECK(r.uninterpreted_detail == "18 φ");  // 2 heads × 3 × 3 scores, no more: one φ per distinct score
}

TEST_CASE("the causal mask's residual is a non-zero rational function, printed whole") {
  const auto r = causal_mask_residual(2, 1);
  require_held(r, "causal n = 2");
  CHECK_FALSE(r.residual_zero);
  // NOTE: GiNaC orders the terms of a sum by hashes that vary from run to run; the denominator is
  // phi_1 + phi_2 in some order.
  CHECK((r.residual.find("/ (phi_1+phi_2)") != std::string::npos ||
         r.residual.find("/ (phi_2+phi_1)") != std::string::npos));
  CHECK(r.residual.find("where phi_") != std::string::npos);
  CHECK_FALSE(r.witness.empty());
}

TEST_CASE("every mutant of the property battery is caught over symbols, its residual shortened") {
  namespace mut = orderblind::properties::mutants;
  using K = orderblind::softmax_kernel;
  using N = orderblind::layer_norm_policy;
  // NOTE: P8's two summation mutants are about floating rounding and are not run over symbols.
  const std::vector<std::string> names = {
      mut::row_bias_attention<K>::name,         mut::key_index_score_attention<K>::name,
      mut::index_weighted_attention<K>::name,   mut::key_offset_attention<K>::name,
      mut::mask_dropping_attention<K>::name,    mut::ffn_reads_previous_row<K, N>::name,
      mut::norm_uses_first_row<K, N>::name,     mut::residual_from_next_row<K, N>::name,
      mut::position_weighted_pool<K, N>::name,  mut::causal_encoder<K, N>::name,
      mut::offset_counter::name,                mut::constant_encoding::name,
      mut::wrong_sign_rotation<orderblind::properties::library_exact_sinusoid>::name};
  const auto runs = mutant_runs();
  std::set<std::string> caught;
  for (const auto& r : runs) {
    require_held(r, r.subject);
    if (!r.expect_zero) {
      CHECK(r.residual.find("entries non-zero") != std::string::npos);
      CHECK_FALSE(r.witness.empty());
    }
    for (const auto& n : names)
      if (r.subject.find(n) != std::string::npos && r.held()) caught.insert(n);
  }
  for (const auto& n : names) {
    INFO("mutant: " << n);
    CHECK(caught.count(n) == 1);
  }
  // A mutant's residual is shown by its leading terms and size, with a rigorous enclosure of its value.
  bool seen = false;
  for (const auto& r : runs)
    if (r.subject == mut::row_bias_attention<K>::name && r.law.rfind("P1.single-head", 0) == 0) {
      seen = true;
      CHECK(r.residual.find("expanded -1/8 (1 term)") != std::string::npos);
      CHECK(r.witness.find("[-1.250000e-01, -1.250000e-01]") != std::string::npos);
    }
  CHECK(seen);
}

TEST_CASE("full size list: A.1-sym", "[slow][A.1-sym]") { run_group("A.1-sym", false); }
TEST_CASE("full size list: A.2-sym", "[slow][A.2-sym]") { run_group("A.2-sym", false); }
TEST_CASE("full size list: 3.4-sym", "[slow][3.4-sym]") { run_group("3.4-sym", false); }
TEST_CASE("full size list: 3.7-sym", "[slow][3.7-sym]") { run_group("3.7-sym", false); }
TEST_CASE("full size list: causal-sym", "[slow][causal-sym]") { run_group("causal-sym", false); }
TEST_CASE("full size list: rope-sym", "[slow][rope-sym]") { run_group("rope-sym", false); }
