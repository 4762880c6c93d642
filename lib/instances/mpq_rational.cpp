// SPDX-License-Identifier: MIT
// Attention and the encoder/decoder blocks over mpq_rational with their default kernel and norm: instantiated
// here once for every target of this build (cmake/OrderblindInstances.cmake), which then only calls them.
#include "orderblind/blocks.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind {
ORDERBLIND_ATTENTION_INSTANCES(, mpq_rational)
ORDERBLIND_BLOCKS_INSTANCES(, mpq_rational)
}  // namespace orderblind
