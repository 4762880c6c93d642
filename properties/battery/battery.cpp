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
#include "orderblind/verify/read.hpp"

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

// NOTE: ordered: the ulp table's rows keep the order of their fields from the worker to the report.
using json = nlohmann::ordered_json;

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

verify::report run_battery(const std::vector<law>& laws, const battery_options& o) {
  const auto t0 = std::chrono::steady_clock::now();
  // NOTE: read RC_PARAMS and ORDERBLIND_CASE_SCALE here, before any worker starts, so that a malformed
  // value is one clear error (std::invalid_argument) and RapidCheck's configuration is loaded once.
  (void)resolve(o.run, 1);
  std::vector<const law*> selected;
  for (const auto& l : laws)
    if (o.only.empty() || l.id.rfind(o.only, 0) == 0) selected.push_back(&l);
  const std::size_t tasks = selected.size() + (o.ulp_table ? 1 : 0);
  const unsigned jobs = std::max(1u, std::min<unsigned>(o.jobs, static_cast<unsigned>(std::max<std::size_t>(tasks, 1))));
  // NOTE: every law's check goes through its JSON text whether it ran here or in a worker, so --jobs 1
  // and --jobs N report through one path.
  auto task = [&](std::size_t i) -> std::string {
    if (i < selected.size()) return verify::detail::to_json(run_law(*selected[i], o)).dump();
    try {
      return json{{"rows", verify::detail::to_json(ulp_table(o.run))}}.dump();
    } catch (const std::exception& e) {
      return json{{"error", e.what()}}.dump();
    }
  };
  std::string lost;
  const auto texts = run_tasks(tasks, jobs, task, lost);
  verify::value::checks checks;
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (!texts[i]) {
      checks.push_back(lost_law(*selected[i], "the worker process running this law ended before reporting it (" + lost + ")"));
      continue;
    }
    checks.push_back(verify::check_from_json(json::parse(*texts[i])));
    if (checks.back().id != selected[i]->id)
      throw std::logic_error("a worker returned the result of " + checks.back().id + " for " + selected[i]->id);
  }
  verify::value ulps;
  if (o.ulp_table) {
    if (!texts.back())
      throw std::runtime_error("the worker process measuring the P8 ulp table ended before reporting it (" + lost + ")");
    const json u = json::parse(*texts.back());
    if (u.contains("error")) throw std::runtime_error(u.at("error").get<std::string>());
    ulps = verify::value_from_json(u.at("rows"));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return battery_report(selected, std::move(checks), std::move(ulps), o, jobs, seconds);
}

}  // namespace orderblind::properties
