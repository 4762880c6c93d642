// SPDX-License-Identifier: MIT
// The proof registry: proofs register themselves from their own translation units.
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

}  // namespace orderblind::proofs
