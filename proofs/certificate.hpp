// SPDX-License-Identifier: MIT
#pragma once
/// The report of `orderblind prove` (schema "orderblind-prove/2", docs/json.md): the run's cases and
/// seed, then one check per proof (`proof_check`, proofs/proof.hpp). The command only parses, runs the
/// proofs, calls `certificates_report` and emits it; the tests check the same report.
#include <string>

#include "orderblind/verify/report.hpp"
#include "proofs/proof.hpp"

namespace orderblind::proofs {

/// The schema name of the `orderblind prove` report.
inline constexpr const char* prove_schema = "orderblind-prove/2";

/// The report of `orderblind prove ID…`: `cases` and `seed` of the run, then `certificates` (the proofs'
/// checks, in the order given).
verify::report certificates_report(verify::value::checks proofs, const run_config& cfg);

}  // namespace orderblind::proofs
