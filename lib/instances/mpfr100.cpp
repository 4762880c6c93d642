// SPDX-License-Identifier: MIT
// Attention and the encoder/decoder blocks over mpfr100 with their default kernel and norm: instantiated
// here once for every target of this build (cmake/OrderblindInstances.cmake), which then only calls them.
#include "orderblind/blocks.hpp"
#include "orderblind/scalar.hpp"

namespace orderblind {
ORDERBLIND_ATTENTION_INSTANCES(, mpfr100)
ORDERBLIND_BLOCKS_INSTANCES(, mpfr100)
}  // namespace orderblind
