// SPDX-License-Identifier: MIT
// The command's options and environment as an adversarial user gives them: each case runs build/orderblind
// on inputs it generates and asserts the exit code (0 held, 1 a check failed, 2 bad usage) and the key
// words of the message. A run past its time limit is exit 124 (coreutils timeout), so a hang fails too.
#include <catch2/catch.hpp>
#include <filesystem>

#include "matrices.hpp"
#include "run_command.hpp"

using namespace orderblind;
using namespace orderblind::robustness;
using Catch::Matchers::Contains;

TEST_CASE("the global option --seed: a negative seed is refused, not wrapped to 2^64 - 1", "[robustness][cli][seed]") {
  const auto r = run({"--seed", "-1", "list"});
  INFO(r.output);
  CHECK(r.rc == 2);
  CHECK_THAT(r.output, Contains("--seed") && Contains("'-1'") && Contains("18446744073709551615"));
}

TEST_CASE("the global option --seed: seeds above 2^64 - 1 are refused, not saturated (two requests would replay as one)",
          "[robustness][cli][seed]") {
  for (const std::string s : {"18446744073709551616", "99999999999999999999999999"}) {
    const auto r = run({"--seed", s, "list"});
    INFO(r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains("--seed") && Contains(s));
  }
}

TEST_CASE("the global option --seed: 2^64 - 1 itself is accepted and reported", "[robustness][cli][seed]") {
  const auto r = run({"--format", "json", "--seed", "18446744073709551615", "bench", "--workload", "rational", "--n",
                      "4", "--d", "4", "--seconds", "0"});
  INFO(r.output);
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("\"seed\": 18446744073709551615"));
}

TEST_CASE("the global options --seed and --cases are decimal: 010 is ten, not octal eight; 0x10 and 1e3 are refused",
          "[robustness][cli][seed][cases]") {
  const auto r = run({"--format", "json", "--seed", "010", "bench", "--workload", "rational", "--n", "4", "--d", "4",
                      "--seconds", "0"});
  INFO(r.output);
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("\"seed\": 10,"));
  for (const std::string bad : {"0x10", "1e3", "+5", " 5", ""}) {
    const auto s = run({"--seed", bad, "list"});
    INFO("--seed '" << bad << "': " << s.output);
    CHECK(s.rc == 2);
    CHECK_THAT(s.output, Contains("--seed"));
  }
  const auto d = scratch("cases_decimal");
  write_matrix(d, "x.csv", uniform_matrix(3, 2, 1));
  write_matrix(d, "w.csv", uniform_matrix(2, 2, 2));
  const auto c = run({"--cases", "010", "check", "--x", "x.csv", "--wq", "w.csv", "--wk", "w.csv", "--wv", "w.csv"}, d);
  INFO(c.output);
  CHECK(c.rc == 0);
  CHECK_THAT(c.output, Contains("and 10 uniform random permutations"));
}

TEST_CASE("the global option --cases: above 10^8 is refused naming the option", "[robustness][cli][cases]") {
  const auto r = run({"--cases", "100000001", "list"});
  INFO(r.output);
  CHECK(r.rc == 2);
  CHECK_THAT(r.output, Contains("--cases") && Contains("100000001"));
}

TEST_CASE("check --cases: memory does not grow with the number of cases", "[robustness][cli][cases][memory]") {
  // NOTE: every permutation used to be drawn into a list first (~160 bytes each): 10^6 cases needed
  // ~144 MB more than two (maximum resident size measured: 144 MB before, 12 MB now). Under an
  // address-space limit of the command's own size plus 64 MiB, 2·10^6 cases of a 2x1 layer (~3 s) must
  // run to the end.
  if (!address_limits_measure()) {
    WARN("sanitizer build: the command cannot run under an address-space limit; not measured here");
    return;
  }
  const auto d = scratch("cases_memory");
  write_matrix(d, "x.csv", uniform_matrix(2, 1, 1));
  write_matrix(d, "w.csv", uniform_matrix(1, 1, 2));
  const std::vector<std::string> args{"check", "--x", "x.csv", "--wq", "w.csv", "--wk", "w.csv", "--wv", "w.csv"};
  // The command's address space for a few cases, measured under a generous limit that it passes.
  const auto small = run([&] { auto a = args; a.insert(a.begin(), {"--cases", "2"}); return a; }(), d);
  REQUIRE(small.rc == 0);
  std::vector<std::string> many = args;
  many.insert(many.begin(), {"--cases", "2000000"});
  long limit = 0;
  // NOTE: find the smallest limit (in 8 MiB steps) under which two cases run, then allow 64 MiB more.
  for (long kib = 32 * 1024; kib <= 4L * 1024 * 1024; kib += 8 * 1024) {
    auto a = args;
    a.insert(a.begin(), {"--cases", "2"});
    if (run(a, d, {}, 60, kib).rc == 0) {
      limit = kib + 64 * 1024;
      break;
    }
  }
  REQUIRE(limit > 0);
  const auto r = run(many, d, {}, 240, limit);
  INFO("limit " << limit << " KiB: " << r.output.substr(0, 2000));
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("2000002 cases"));
}

TEST_CASE("bench: the size guard counts the n×n scores and the d×d weights, exit 2 naming the limit",
          "[robustness][cli][bench][limits]") {
  // NOTE: n·d = 1.6·10^6 is under the guard's 2^22 entries; the scores are 10^10 (80 GB). Before, the
  // command tried to allocate them (bad_alloc or the OOM killer).
  const auto scores = run({"bench", "--workload", "double", "--n", "100000", "--d", "16", "--seconds", "0"}, ".", {}, 30);
  INFO(scores.output);
  CHECK(scores.rc == 2);
  CHECK_THAT(scores.output, Contains("n×n scores") && Contains("100000²") && Contains("4194304"));
  const auto weights = run({"bench", "--workload", "double", "--n", "2", "--d", "100000", "--seconds", "0"}, ".", {}, 30);
  INFO(weights.output);
  CHECK(weights.rc == 2);
  CHECK_THAT(weights.output, Contains("d×d weights") && Contains("4194304"));
}

TEST_CASE("bench --allow-large: still bounded by memory, refused at once instead of hanging",
          "[robustness][cli][bench][limits]") {
  const auto r = run({"bench", "--workload", "rational", "--n", "100000", "--d", "16", "--allow-large", "--seconds", "0"},
                     ".", {}, 30);
  INFO(r.output);
  CHECK(r.rc == 2);
  CHECK_THAT(r.output, Contains("n×n scores") && Contains("4194304"));
  const auto e = run({"bench", "--workload", "rational", "--n", "200", "--d", "2", "--seconds", "0"}, ".", {}, 30);
  INFO(e.output);
  CHECK(e.rc == 2);
  CHECK_THAT(e.output, Contains("n×n scores") && Contains("--allow-large"));
}

TEST_CASE("bench --allow-large above the exact limit says so on stderr before it runs", "[robustness][cli][bench]") {
  const auto r = run({"bench", "--workload", "rational", "--n", "129", "--d", "1", "--allow-large", "--seconds", "0"},
                     ".", {}, 240);
  INFO(r.output.substr(0, 2000));
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("--allow-large") && Contains("can take minutes"));
}

TEST_CASE("plot: an unwritable output is bad usage (exit 2) naming the path, checked before any figure is computed",
          "[robustness][cli][plot]") {
  // NOTE: the tests may run as root, who can write into a directory of mode 0555: a directory in the way
  // of the file and /proc/self (where not even root creates files) are unwritable for everyone.
  const auto d = scratch("plot_unwritable");
  std::filesystem::create_directories(d / "sinusoid-table.svg");
  std::filesystem::create_directories(d / "equivariance-residual.svg");
  const auto a = run({"plot", "sinusoid", "--dir", d.string()});
  INFO(a.output);
  CHECK(a.rc == 2);
  CHECK_THAT(a.output, Contains("--dir") && Contains("sinusoid-table.svg") && Contains("cannot write"));
  const auto b = run({"plot", "residual", "--dir", d.string()}, ".", {}, 20);
  INFO(b.output);
  CHECK(b.rc == 2);
  CHECK_THAT(b.output, Contains("--dir") && Contains("equivariance-residual.svg"));
  const auto c = run({"plot", "sinusoid", "--dir", "/proc/self"});
  INFO(c.output);
  CHECK(c.rc == 2);
  CHECK_THAT(c.output, Contains("--dir") && Contains("cannot write '/proc/self/sinusoid-table.svg'"));
  const auto o = run({"plot", "scores", "--output", (d / "no-such-dir" / "f.svg").string()});
  INFO(o.output);
  CHECK(o.rc == 2);
  CHECK_THAT(o.output, Contains("--output") && Contains("No such file or directory"));
  const auto f = run({"plot", "sinusoid", "--dir", (d / "sinusoid-table.svg" / "missing").string()});
  INFO(f.output);
  CHECK(f.rc == 2);
  CHECK_THAT(f.output, Contains("--dir") && Contains("is not a directory"));
}

TEST_CASE("RC_PARAMS: a misspelt key exits 2 naming it (RapidCheck would ignore it and run its default)",
          "[robustness][cli][environment]") {
  for (const std::string params : {"max_sucess=10", "seed=3 maxsize=5", "'max_succes'=4", "noshrink=1 verbose=1"}) {
    const auto r = run({"properties", "--only", "P5"}, ".", {"RC_PARAMS=" + params});
    INFO(params << ": " << r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains("RC_PARAMS") && Contains("unknown key"));
  }
  for (const std::string seed : {"-1", "18446744073709551616", "0x10"}) {
    const auto r = run({"properties", "--only", "P5"}, ".", {"RC_PARAMS=seed=" + seed});
    INFO(seed << ": " << r.output);
    CHECK(r.rc == 2);
    CHECK_THAT(r.output, Contains("RC_PARAMS") && Contains("'seed' must be") && Contains(seed));
  }
  const auto ok = run({"properties", "--only", "P5"}, ".", {"RC_PARAMS=max_success=3 noshrink=1 'max_size'=\"20\" seed=7"});
  INFO(ok.output);
  CHECK(ok.rc == 0);
  CHECK_THAT(ok.output, Contains("seed 7"));
}

TEST_CASE("check: the note states each projection's own shape (W_V 4x5, not W_Q's 4x2)", "[robustness][cli][check]") {
  const auto d = scratch("wv_shape");
  write_matrix(d, "x.csv", uniform_matrix(3, 4, 1));
  write_matrix(d, "wq.csv", uniform_matrix(4, 2, 2));
  write_matrix(d, "wk.npy", uniform_matrix(4, 2, 3));
  write_matrix(d, "wv.csv", uniform_matrix(4, 5, 4));
  const auto r = run({"check", "--x", "x.csv", "--wq", "wq.csv", "--wk", "wk.npy", "--wv", "wv.csv"}, d);
  INFO(r.output);
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("W_Q 4x2, W_K 4x2, W_V 4x5"));
}

TEST_CASE("check --causal on X×10^-20 fails like on X; without the mask X×10^-20 holds", "[robustness][cli][check][scale]") {
  const auto d = scratch("causal_scale");
  write_matrix(d, "x.csv", uniform_matrix(6, 4, 1) * 1e-20);
  write_matrix(d, "w.csv", uniform_matrix(4, 4, 2));
  const std::vector<std::string> layer{"check", "--x", "x.csv", "--wq", "w.csv", "--wk", "w.csv", "--wv", "w.csv"};
  auto causal = layer;
  causal.push_back("--causal");
  const auto c = run(causal, d);
  INFO(c.output);
  CHECK(c.rc == 1);
  CHECK_THAT(c.output, Contains("[FAILED] layer equivariance"));
  const auto p = run(layer, d);
  INFO(p.output);
  CHECK(p.rc == 0);
}

TEST_CASE("check --pe: a random table ×10^-20 fails like the unscaled one; the sinusoid ×10^200 and ×10^-310 holds",
          "[robustness][cli][check][scale]") {
  const auto d = scratch("pe_scale");
  write_matrix(d, "random.npy", normal_matrix(16, 8, 0.02, 20261203) * 1e-20);
  const auto r = run({"check", "--pe", "random.npy"}, d);
  INFO(r.output);
  CHECK(r.rc == 1);
  CHECK_THAT(r.output, Contains("[FAILED] shift-linear (table)") && Contains("[FAILED] relative scores (table)"));
  for (const double s : {1e200, 1e-310}) {
    write_matrix(d, "sinusoid.npy", sinusoid_table(64, 8) * s);
    const auto q = run({"check", "--pe", "sinusoid.npy"}, d);
    INFO("scale " << s << ": " << q.output);
    CHECK(q.rc == 0);
    CHECK_THAT(q.output, Contains("[held] bounded (table)") && Contains("[held] shift-linear (table)") &&
                             Contains("[held] relative scores (table)"));
  }
}

TEST_CASE("a subcommand's whole-number options are decimal: 010 is ten; 0x10 and a sign on a count are refused",
          "[robustness][cli][options]") {
  const auto r = run({"--format", "json", "bench", "--workload", "rational", "--n", "010", "--d", "4", "--seconds", "0"});
  INFO(r.output);
  CHECK(r.rc == 0);
  CHECK_THAT(r.output, Contains("\"n\": 10,"));
  const auto hex = run({"bench", "--n", "0x10", "--seconds", "0"});
  INFO(hex.output);
  CHECK(hex.rc == 2);
  CHECK_THAT(hex.output, Contains("--n") && Contains("decimal") && Contains("0x10"));
  const auto heads = run({"check", "--x", "a", "--wq", "b", "--wk", "c", "--wv", "d", "--wo", "e", "--heads", "-1"});
  INFO(heads.output);
  CHECK(heads.rc == 2);
  CHECK_THAT(heads.output, Contains("--heads") && Contains("-1"));
  const auto text = run({"bench", "--n", "abc"});
  INFO(text.output);
  CHECK(text.rc == 2);
  CHECK_THAT(text.output, Contains("--n") && Contains("abc"));
}

TEST_CASE("check: the n×n matrices are counted, not only n²·d: 16384 tokens of width 1 are refused at once",
          "[robustness][cli][check][limits]") {
  // NOTE: n²·d = 2^28 passed the work limit; one score matrix is 2 GiB and the layer holds several.
  const auto d = scratch("check_memory");
  write_matrix(d, "x.npy", uniform_matrix(16384, 1, 1));
  write_matrix(d, "w.csv", uniform_matrix(1, 1, 2));
  const auto layer = run({"check", "--x", "x.npy", "--wq", "w.csv", "--wk", "w.csv", "--wv", "w.csv"}, d, {}, 30);
  INFO(layer.output);
  CHECK(layer.rc == 2);
  CHECK_THAT(layer.output, Contains("n×n matrices") && Contains("16384") && Contains("--max-size"));
  const auto table = run({"check", "--pe", "x.npy"}, d, {}, 30);
  INFO(table.output);
  CHECK(table.rc == 2);
  CHECK_THAT(table.output, Contains("n×n matrices") && Contains("--max-size"));
}

TEST_CASE("check: running out of memory is exit 2 with a message, not exit 1 (no check failed)",
          "[robustness][cli][check][limits]") {
  // NOTE: an 8x2^21 table passes every limit (2^24 entries, n²·d = 2^27); its values alone are 128 MiB.
  // Under an address-space limit of the command's own size plus 64 MiB reading it fails: that is too large
  // an input, never a failure.
  if (!address_limits_measure()) {
    WARN("sanitizer build: the command cannot run under an address-space limit; not measured here");
    return;
  }
  const auto d = scratch("out_of_memory");
  write_matrix(d, "small.csv", sinusoid_table(16, 2));
  write_matrix(d, "big.npy", uniform_matrix(8, Eigen::Index(1) << 21, 5));
  long limit = 0;
  for (long kib = 32 * 1024; kib <= 4L * 1024 * 1024; kib += 8 * 1024)
    if (run({"check", "--pe", "small.csv"}, d, {}, 60, kib).rc == 0) {
      limit = kib + 64 * 1024;
      break;
    }
  REQUIRE(limit > 0);
  const auto r = run({"check", "--pe", "big.npy"}, d, {}, 120, limit);
  INFO("limit " << limit << " KiB: " << r.output);
  CHECK(r.rc == 2);
  CHECK_THAT(r.output, Contains("out of memory"));
}
