// SPDX-License-Identifier: MIT
// The catalogue under exact rationals: integer/dyadic schemes as they are, rotary structure with
// Pythagorean rotations. One line per scheme.
#include "catalogue.hpp"
#include "orderblind/pe/schemes.hpp"

namespace orderblind::pe::catalogue {
namespace {
using T = mpq_rational;
using A = angle_table<T>;

const bool registered = register_all(
    "catalogue",
    nope<T>{},
    counter_scheme<T>{},
    pos_length_scheme<T>{},
    sinusoidal_scheme<T>{4, sinusoid_layout::paper, A::pythagorean(4)},
    sinusoidal_scheme<T>{4, sinusoid_layout::concatenated, A::pythagorean(4)},
    learned_scheme<T>{},
    rope_scheme<T>{"rope-interleaved", 4, 4, rotary_layout::interleaved, A::pythagorean(4)},
    rope_scheme<T>{"rope-half-split", 4, 4, rotary_layout::half_split, A::pythagorean(4)},
    rope_scheme<T>{"rope-partial", 6, 4, rotary_layout::half_split, A::pythagorean(4)},
    xpos_scheme<T>{4, 1, A::pythagorean(4)},
    alibi_scheme<T>{},
    shaw_scheme<T>{},
    t5_scheme<T>{});

}  // namespace
}  // namespace orderblind::pe::catalogue
