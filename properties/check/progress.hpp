// SPDX-License-Identifier: MIT
#pragma once
/// A progress line for long runs: shown on a terminal (stderr is a TTY), silent otherwise, so logs and
/// pipes stay clean. Usage: `progress p("checking", total); for (…) { …; p.tick(); }` — the line is
/// erased when `p` goes out of scope.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <unistd.h>

namespace orderblind::properties {

class progress {
 public:
  /// `total` steps under `label`; `enabled` defaults to "stderr is a terminal".
  progress(std::string label, long total, bool enabled = ::isatty(STDERR_FILENO) != 0)
      : label_(std::move(label)), total_(total), enabled_(enabled) {}
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;
  ~progress() { finish(); }

  /// One step done; redraws at most every 100 ms.
  void tick(long steps = 1) {
    done_ += steps;
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_ < std::chrono::milliseconds(100) && done_ < total_) return;
    last_ = now;
    drawn_ = true;
    std::cerr << "\r" << label_ << ": " << done_ << "/" << total_;
    if (total_ > 0) std::cerr << " (" << (100 * done_ / total_) << "%)";
    std::cerr << "\x1b[K" << std::flush;  // clear to the end of the line
  }
  /// Changes the label (e.g. the current stage).
  void relabel(std::string label) { label_ = std::move(label); }
  /// Erases the line (idempotent).
  void finish() {
    if (enabled_ && drawn_) std::cerr << "\r\x1b[K" << std::flush;
    drawn_ = false;
  }
  long done() const { return done_; }
  bool enabled() const { return enabled_; }

 private:
  std::string label_;
  long total_ = 0;
  long done_ = 0;
  bool enabled_ = false;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace orderblind::properties
