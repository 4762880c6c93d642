// SPDX-License-Identifier: MIT
// The link from proof ids to machine-checked theorems (Coq, proofs/formal/).
//
// The rows come from proofs/formal/theorems.txt through proofs/formal/check_assumptions.cmake, which
// writes them into the build tree (formal_status.inc) and names it in ORDERBLIND_FORMAL_STATUS_INC:
// after the build ran `Print Assumptions` and accepted every assumption, `checked` is true and the
// checker and the assumptions are what it reported; with Coq off or missing they say "not checked".
// Without proofs/formal/ (the macro undefined) no proof links a theorem.
#include <sstream>

#include "proof.hpp"

namespace orderblind::proofs {
namespace {

struct formal_row {
  const char* ids;  // space-separated proof ids
  const char* name;
  const char* file;
  const char* statement;
  bool checked;
  const char* checker;
  const char* assumptions;
};

const std::vector<formal_row>& formal_rows() {
  static const std::vector<formal_row> rows = {
#ifdef ORDERBLIND_FORMAL_STATUS_INC
#include ORDERBLIND_FORMAL_STATUS_INC
#endif
  };
  return rows;
}

bool lists_id(const char* ids, const std::string& id) {
  std::istringstream in(ids);
  for (std::string w; in >> w;)
    if (w == id) return true;
  return false;
}

}  // namespace

std::vector<formal_theorem> formal_theorems(const std::string& proof_id) {
  std::vector<formal_theorem> out;
  for (const auto& r : formal_rows())
    if (lists_id(r.ids, proof_id))
      out.push_back({r.name, r.file, r.statement, r.checked, r.checker, r.assumptions});
  return out;
}

}  // namespace orderblind::proofs
