// SPDX-License-Identifier: MIT
// The proof registry: proofs register themselves from their own translation units.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "proof.hpp"

namespace orderblind::proofs {
namespace {
std::map<std::string, proof>& table() {
  static std::map<std::string, proof> t;  // sorted by id
  return t;
}
}  // namespace

proof_registrar::proof_registrar(proof p) {
  auto [it, inserted] = table().emplace(p.id, p);
  if (!inserted)
    throw std::logic_error("two proofs registered with id '" + p.id + "': '" + it->second.title + "' and '" +
                           p.title + "'");
}

std::vector<proof> registered_proofs() {
  std::vector<proof> v;
  for (const auto& [id, p] : table()) v.push_back(p);
  return v;
}

const proof& find_proof(const std::string& id) {
  const auto it = table().find(id);
  if (it != table().end()) return it->second;
  std::string known;
  for (const auto& [k, p] : table()) known += (known.empty() ? "" : ", ") + k;
  throw std::invalid_argument("unknown proof id '" + id + "' (known: " + known + ")");
}

evidence_kind evidence_of(const step_record& s) {
  if (s.evidence) return *s.evidence;
  return s.bound.rfind("==", 0) == 0 ? evidence_kind::sampled_exact : evidence_kind::sampled_within_bound;
}

std::string proof_result::arithmetic() const {
  std::vector<std::string> seen;
  for (const auto& s : steps) {
    // The scalar's name is the part before " (".
    const auto name = s.arithmetic.substr(0, s.arithmetic.find(" ("));
    if (std::find(seen.begin(), seen.end(), name) == seen.end()) seen.push_back(name);
  }
  std::string out;
  for (const auto& n : seen) out += (out.empty() ? "" : " + ") + n;
  return out;
}

}  // namespace orderblind::proofs
