// SPDX-License-Identifier: MIT
// The checks of a law (law.hpp): its RapidCheck run, compiled once for every law of every arithmetic.
#include "properties/battery/law.hpp"

#include <exception>
#include <memory>
#include <string>
#include <utility>

namespace orderblind::properties {

case_body recording_errors(case_body t, std::shared_ptr<error_log> log, bool swallow, double edge) {
  return [t = std::move(t), log = std::move(log), swallow, edge] {
    const detail::edge_scope scope(edge);
    try {
      t();
    } catch (const std::exception& e) {
      ++log->count;
      if (log->first.empty()) log->first = e.what();
      if (!swallow) throw;
    }
  };
}

law_check hold_check(std::string id, long cases, case_body t, double edge) {
  return {[id = std::move(id), cases, t, edge](const run_options& o) {
            auto log = std::make_shared<error_log>();
            verdict v = holds(run_property(id, recording_errors(t, log, false, edge), o, cases));
            note_errors(v, *log);
            return v;
          },
          [t, edge] {
            const detail::edge_scope scope(edge);
            t();
          }};
}

law_check break_check(std::string id, long cases, case_body t, std::function<std::string(const outcome&)> accept) {
  return {[id = std::move(id), cases, t, accept = std::move(accept)](const run_options& o) {
            auto log = std::make_shared<error_log>();
            verdict v = breaks(run_property(id, recording_errors(t, log, true), o, cases), accept);
            note_errors(v, *log);
            return v;
          },
          t};
}

}  // namespace orderblind::properties
