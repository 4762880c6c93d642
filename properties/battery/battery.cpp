// SPDX-License-Identifier: MIT
// The whole battery: the laws of every arithmetic, by property (P1…P8), exact arithmetic first; and the
// runner that checks them, in this process or in several worker processes.
#include "properties/battery/battery.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <exception>
#include <functional>
#include <iostream>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#define ORDERBLIND_HAS_FORK 1
#endif

#include "orderblind/scalar/multiprecision.hpp"

namespace orderblind::properties {

std::vector<law> all_laws() {
  std::vector<law> out;
  for (auto&& part : {battery_laws<mpq_rational>(), battery_laws<mpfr100>(), battery_laws<double>()})
    for (const auto& l : part) out.push_back(l);
  return out;
}

unsigned default_jobs() {
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

namespace {

using nlohmann::json;

// --- a law's result as JSON: what a worker process sends back --------------------------------------

json histogram_json(const size_histogram& h) { return h.as_map(); }
size_histogram histogram_from(const json& j) {
  size_histogram h;
  for (const auto& [size, count] : j.get<std::map<long, long>>()) h.add(size, count);
  return h;
}

json stats_json(const case_stats& s) {
  return {{"cases", s.cases},
          {"n", s.n},
          {"d", s.d},
          {"heads", s.heads},
          {"permutations", s.permutations},
          {"zero_input", s.zero_input},
          {"weight_rows", s.weight_rows},
          {"one_hot_rows", s.one_hot_rows},
          {"all_one_hot", s.all_one_hot},
          {"compared", s.compared},
          {"differing", s.differing},
          {"other_degenerate", s.other_degenerate},
          {"degenerate", s.degenerate},
          {"worst_bound_ratio", s.worst_bound_ratio}};
}
case_stats stats_from(const json& j) {
  case_stats s;
  j.at("cases").get_to(s.cases);
  j.at("n").get_to(s.n);
  j.at("d").get_to(s.d);
  j.at("heads").get_to(s.heads);
  j.at("permutations").get_to(s.permutations);
  j.at("zero_input").get_to(s.zero_input);
  j.at("weight_rows").get_to(s.weight_rows);
  j.at("one_hot_rows").get_to(s.one_hot_rows);
  j.at("all_one_hot").get_to(s.all_one_hot);
  j.at("compared").get_to(s.compared);
  j.at("differing").get_to(s.differing);
  j.at("other_degenerate").get_to(s.other_degenerate);
  j.at("degenerate").get_to(s.degenerate);
  // NOTE: the worst residual ÷ bound travels with the counts: without it every law printed −1 (null).
  j.at("worst_bound_ratio").get_to(s.worst_bound_ratio);
  return s;
}

json result_json(const law_result& r, bool timings) {
  const outcome& o = r.v.run;
  json j{{"id", r.l->id},
         {"held", r.v.held},
         {"errored", r.v.errored},
         {"note", r.v.note},
         {"passed", o.passed},
         {"cases", o.cases},
         {"requested", o.requested},
         {"seed", o.seed},
         {"message", o.message},
         {"reproduce", o.reproduce},
         {"counterexample", o.counterexample},
         {"mutants_caught", r.mutants_caught},
         {"within_held", r.within_held},
         {"sizes", {{"unit", r.sizes.unit}, {"compared", histogram_json(r.sizes.compared)},
                    {"inputs", histogram_json(r.sizes.inputs)}}}};
  if (r.stats) j["stats"] = stats_json(*r.stats);
  if (timings) {
    j["seconds"] = r.seconds;
    j["check_seconds"] = r.check_seconds;
    j["check_cpu_seconds"] = r.check_cpu_seconds;
  }
  return j;
}
law_result result_from(const json& j, const law& l) {
  law_result r;
  r.l = &l;
  if (j.at("id").get<std::string>() != l.id)
    throw std::logic_error("a worker returned the result of " + j.at("id").get<std::string>() + " for " + l.id);
  j.at("held").get_to(r.v.held);
  j.at("errored").get_to(r.v.errored);
  j.at("note").get_to(r.v.note);
  outcome& o = r.v.run;
  j.at("passed").get_to(o.passed);
  j.at("cases").get_to(o.cases);
  j.at("requested").get_to(o.requested);
  j.at("seed").get_to(o.seed);
  j.at("message").get_to(o.message);
  j.at("reproduce").get_to(o.reproduce);
  j.at("counterexample").get_to(o.counterexample);
  j.at("mutants_caught").get_to(r.mutants_caught);
  j.at("within_held").get_to(r.within_held);
  const json& z = j.at("sizes");
  z.at("unit").get_to(r.sizes.unit);
  r.sizes.compared = histogram_from(z.at("compared"));
  r.sizes.inputs = histogram_from(z.at("inputs"));
  if (j.contains("stats")) r.stats = stats_from(j.at("stats"));
  j.at("seconds").get_to(r.seconds);
  j.at("check_seconds").get_to(r.check_seconds);
  j.at("check_cpu_seconds").get_to(r.check_cpu_seconds);
  return r;
}

json ulps_json(const std::vector<ulp_row>& rows) {
  json j = json::array();
  for (const auto& u : rows)
    j.push_back({{"what", u.what}, {"cases", u.cases}, {"differing", u.differing}, {"max_ulps", u.max_ulps},
                 {"max_scaled_eps", u.max_scaled_eps}, {"scale", u.scale}, {"bound", u.bound},
                 {"bound_text", u.bound_text}});
  return j;
}
std::vector<ulp_row> ulps_from(const json& j) {
  std::vector<ulp_row> rows;
  for (const auto& u : j)
    rows.push_back({u.at("what").get<std::string>(), u.at("cases").get<long>(), u.at("differing").get<long>(),
                    u.at("max_ulps").get<double>(), u.at("max_scaled_eps").get<double>(),
                    u.at("scale").get<std::string>(), u.at("bound").get<double>(),
                    u.at("bound_text").get<std::string>()});
  return rows;
}

// --- running one law -----------------------------------------------------------------------------

/// CPU time of the calling thread, in seconds.
double thread_cpu_seconds() {
#ifdef CLOCK_THREAD_CPUTIME_ID
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#else
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// A verdict for a law whose run could not complete (an internal error, never evidence either way).
verdict error_verdict(const std::string& what) {
  verdict v;
  v.held = false;
  v.errored = true;
  v.note = "ERROR: " + what;
  return v;
}

law_result run_one(const law& l, const battery_options& o) {
  law_result r;
  r.l = &l;
  const auto t0 = std::chrono::steady_clock::now();
  run_options counted = o.run;
  counted.sizes = &r.sizes;
  if (o.stats) {
    r.stats.emplace();
    counted.stats = &*r.stats;
  }
  const double c0 = thread_cpu_seconds();
  try {
    r.v = l.check(counted);
  } catch (const std::exception& e) {
    r.v = error_verdict(std::string("running the law threw: ") + e.what());
  }
  r.check_cpu_seconds = thread_cpu_seconds() - c0;
  r.check_seconds = seconds_since(t0);
  if (o.mutants) {
    // NOTE: a perturbation within the bound must leave the law holding; reported as "caught" = false.
    try {
      for (const auto& m : l.mutants) r.mutants_caught.emplace_back(m.name, !m.check(o.run).held);
      for (const auto& m : l.within_bound) r.within_held.emplace_back(m.name, m.check(o.run).held);
    } catch (const std::exception& e) {
      r.v = error_verdict(std::string("running a mutant threw: ") + e.what());
    }
  }
  r.seconds = seconds_since(t0);
  return r;
}

// --- worker processes ----------------------------------------------------------------------------

// NOTE: why processes, not threads. RapidCheck keeps the state of the property being run — the
// generation handler `*gen` draws through and the property context — in ImplicitParam stacks that are
// plain static members (rapidcheck/detail/ImplicitParam.h: `static StackT m_stack`, `static ScopeStack
// m_scopes`), not thread_local: two properties run by two threads of one process would push and pop the
// same stacks. A forked worker has its own copy of that state (and of GMP's and MPFR's), so each law
// runs exactly as it would alone. Each law's cases come from rc::Random(seed) split along its own run
// only, so which worker runs it, and after which other law, changes nothing but its timings.

/// Runs task(i) for every i < count: here when jobs ≤ 1, otherwise in `jobs` forked worker processes
/// that take the next unclaimed index in turn while this one waits. Returns each task's text by index;
/// a task whose worker died has none, and `lost` says why.
// NOTE: this process only waits, so a law that kills its process (a crash in the library) costs that
// law's verdict, reported as an error, not the run.
std::vector<std::optional<std::string>> run_tasks(std::size_t count, unsigned jobs,
                                                  const std::function<std::string(std::size_t)>& task,
                                                  std::string& lost) {
  std::vector<std::optional<std::string>> out(count);
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, count));
#ifdef ORDERBLIND_HAS_FORK
  if (jobs > 1) {
    static_assert(std::atomic<std::size_t>::is_always_lock_free, "the shared task counter must be lock-free");
    void* shared = mmap(nullptr, sizeof(std::atomic<std::size_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) throw std::runtime_error("cannot map the memory the worker processes share");
    auto* next = new (shared) std::atomic<std::size_t>(0);
    struct worker {
      pid_t pid;
      std::FILE* results;
    };
    std::vector<worker> workers;
    // NOTE: buffered output would otherwise be written once more by every worker that inherits it.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    for (unsigned w = 0; w < jobs; ++w) {
      std::FILE* f = std::tmpfile();
      if (!f) break;
      const pid_t pid = fork();
      if (pid < 0) {
        std::fclose(f);
        break;  // fewer workers: the remaining tasks are taken by the others
      }
      if (pid == 0) {
        // A worker: results go to its file as (index, length, text) records; _exit skips the parent's
        // destructors and atexit handlers (they belong to the parent).
        for (std::size_t i; (i = next->fetch_add(1)) < count;) {
          std::string text;
          try {
            text = task(i);
          } catch (...) {
            _exit(3);
          }
          const std::uint64_t header[2] = {i, text.size()};
          // NOTE: flushed per record, so that the results before a crash in a later law still arrive.
          if (std::fwrite(header, sizeof header, 1, f) != 1 ||
              std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0)
            _exit(4);
        }
        _exit(0);
      }
      workers.push_back({pid, f});
    }
    for (const auto& w : workers) {
      int status = 0;
      while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
      }
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        lost += "a worker process (pid " + std::to_string(w.pid) + ") " +
                (WIFSIGNALED(status) ? "was killed by signal " + std::to_string(WTERMSIG(status))
                                     : "exited with status " + std::to_string(WEXITSTATUS(status))) +
                "; ";
      std::rewind(w.results);
      std::uint64_t header[2];
      while (std::fread(header, sizeof header, 1, w.results) == 1 && header[0] < count) {
        std::string text(header[1], '\0');
        if (std::fread(text.data(), 1, text.size(), w.results) != text.size()) break;
        out[header[0]] = std::move(text);
      }
      std::fclose(w.results);
    }
    munmap(shared, sizeof(std::atomic<std::size_t>));
    if (!workers.empty()) return out;
    // NOTE: no worker could be started (fork or tmpfile failed): everything runs here.
  }
#endif
  (void)lost;
  for (std::size_t i = 0; i < count; ++i) out[i] = task(i);
  return out;
}

}  // namespace

battery_run run_battery(const std::vector<law>& laws, const battery_options& o) {
  const auto t0 = std::chrono::steady_clock::now();
  // NOTE: read RC_PARAMS and ORDERBLIND_CASE_SCALE here, before any worker starts, so that a malformed
  // value is one clear error (std::invalid_argument) and RapidCheck's configuration is loaded once.
  (void)resolve(o.run, 1);
  std::vector<std::size_t> selected;
  for (std::size_t i = 0; i < laws.size(); ++i)
    if (o.only.empty() || laws[i].id.rfind(o.only, 0) == 0) selected.push_back(i);
  const std::size_t tasks = selected.size() + (o.ulp_table ? 1 : 0);
  battery_run run;
  run.jobs = std::max(1u, std::min<unsigned>(o.jobs, static_cast<unsigned>(std::max<std::size_t>(tasks, 1))));
  // NOTE: every task's result goes through the same JSON text whether it ran here or in a worker, so
  // --jobs 1 and --jobs N report through one path.
  auto task = [&](std::size_t i) -> std::string {
    if (i < selected.size()) return result_json(run_one(laws[selected[i]], o), true).dump();
    try {
      return json{{"rows", ulps_json(ulp_table(o.run))}}.dump();
    } catch (const std::exception& e) {
      return json{{"error", e.what()}}.dump();
    }
  };
  std::string lost;
  const auto texts = run_tasks(tasks, run.jobs, task, lost);
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const law& l = laws[selected[i]];
    if (texts[i]) {
      run.laws.push_back(result_from(json::parse(*texts[i]), l));
    } else {
      law_result r;
      r.l = &l;
      r.v = error_verdict("the worker process running this law ended before reporting it (" + lost + ")");
      run.laws.push_back(std::move(r));
    }
  }
  if (o.ulp_table) {
    if (!texts.back())
      throw std::runtime_error("the worker process measuring the P8 ulp table ended before reporting it (" + lost + ")");
    const json u = json::parse(*texts.back());
    if (u.contains("error")) throw std::runtime_error(u.at("error").get<std::string>());
    run.ulps = ulps_from(u.at("rows"));
  }
  run.seconds = seconds_since(t0);
  return run;
}

std::string replayable_record(const law_result& r) { return result_json(r, false).dump(); }

}  // namespace orderblind::properties
