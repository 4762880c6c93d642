// SPDX-License-Identifier: MIT
// The rotary catalogue with its real parameters (base 10000, scaling formulas) in 100-digit MPFR.
#include "catalogue.hpp"
#include "orderblind/pe/schemes.hpp"

namespace orderblind::pe::catalogue {
namespace {
using T = mpfr100;
using A = angle_table<T>;
// NOTE: d = 32: the RoPE decay bound's dyadic window means decrease strictly up to Δ ≈ 2048 at d = 32
// (at d = 8 or 16 they do not, whatever the scheme); 32 is the smallest power of two that shows the law.
constexpr long d = 32;

const bool registered = register_all(
    "catalogue",
    rope_scheme<T>{"rope-interleaved", d, d, rotary_layout::interleaved, A::standard(d)},
    rope_scheme<T>{"rope-half-split", d, d, rotary_layout::half_split, A::standard(d)},
    rope_scheme<T>{"rope-partial", d + 8, d, rotary_layout::half_split, A::standard(d)},  // ρ = 0.8
    rope_scheme<T>{"rope-pi", d, d, rotary_layout::half_split, pi_angles<T>(d, 10000, 4)},
    rope_scheme<T>{"rope-ntk", d, d, rotary_layout::half_split, ntk_angles<T>(d, 10000, 4)},
    rope_scheme<T>{"rope-yarn", d, d, rotary_layout::half_split, yarn_angles<T>(d, 10000, 4, 4096)},
    rope_scheme<T>{"rope-llama3", d, d, rotary_layout::half_split, llama3_angles<T>(d, 500000)},
    xpos_scheme<T>{8, 512, A::standard(8)});

}  // namespace
}  // namespace orderblind::pe::catalogue
