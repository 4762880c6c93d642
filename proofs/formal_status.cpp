// The link from proof ids to machine-checked theorems. This placeholder links none; the formal
// development (proofs/formal/) replaces it with the theorems and what this build's checker reported.
#include "proof.hpp"

namespace orderblind::proofs {

std::vector<formal_theorem> formal_theorems(const std::string&) { return {}; }

}  // namespace orderblind::proofs
