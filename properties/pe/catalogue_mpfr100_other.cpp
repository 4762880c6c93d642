// SPDX-License-Identifier: MIT
// The sinusoid and the bias schemes with their real parameters in 100-digit MPFR.
#include "catalogue.hpp"
#include "orderblind/pe/schemes.hpp"

namespace orderblind::pe::catalogue {
namespace {
using T = mpfr100;
using A = angle_table<T>;

const bool registered = register_all(
    "catalogue",
    sinusoidal_scheme<T>{8, sinusoid_layout::paper, A::standard(8)},
    sinusoidal_scheme<T>{8, sinusoid_layout::concatenated, A::standard(8)},
    alibi_scheme<T>{4, 4, 1},
    kerple_scheme<T>{4, true, 1.0, 0.5},
    kerple_scheme<T>{4, false, 1.0, 0.5},
    t5_scheme<T>{});

}  // namespace
}  // namespace orderblind::pe::catalogue
