// SPDX-License-Identifier: MIT
#pragma once
/// Text 001 §3.2 with the real softmax, exactly: Z's rows as closed forms in t = e^(1/2).
#include "worked_examples.hpp"

namespace orderblind::cli {

/// The "i-love-llms-exact" worked example: A and Z in Q(t) (closed forms, against a hand derivation),
/// each Z entry to 100 certified digits (MPFI at 120 digits), the MPFR path inside that enclosure, and
/// the reversal exactly. For `orderblind example` (see cli/worked_examples.cpp: append it to the list).
worked_example text001_exact_example();

}  // namespace orderblind::cli
