// SPDX-License-Identifier: MIT
#pragma once
/// The laws `orderblind check` runs on a user's own matrices (read from .npy / CSV files): the
/// equivariance of an attention layer, in double or exactly, and the positional-encoding laws of a
/// table. Computation only: each law returns the one evidence record (verify::check), stated where the law
/// runs — its statement, arithmetic, evidence, bound, residual, cases and seed, and the details `unit` and
/// `worst_case` — which the command renders. Compiled once (library orderblind_data_checks) for the
/// command, the tests and the Python module.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/io/table.hpp"
#include "orderblind/seed.hpp"
#include "orderblind/verify/report.hpp"

namespace orderblind::properties {

/// The user's values overflow in double (a score or weight became ±inf or NaN): bad input, exit 2.
struct input_overflow_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A malformed statement of expected verdicts (`check --pe … --expect`): bad usage, exit 2.
struct expectation_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// A user's attention layer: token rows X and the projections (W_O and heads for multi-head).
struct layer_files {
  io::table x, wq, wk, wv;
  std::optional<io::table> wo;
  std::size_t heads = 1;
  bool causal = false;                 ///< apply a causal mask (which breaks equivariance)
  std::optional<io::table> positions;  ///< a PE table added to X before the layer (breaks it too)
};

/// Settings shared by the laws.
struct check_settings {
  long random_permutations = 20;        ///< besides reversal, a swap and a rotation
  std::uint64_t seed = default_seed;    ///< for the random permutations
  std::optional<double> tolerance_eps;  ///< overrides each floating bound (in its own unit)
  bool show_progress = false;           ///< a progress line on stderr (progress.hpp)
};

/// Equivariance of the layer, Attn(PX) = P·Attn(X), in double: each output column j within its own
/// reordering bound, 4(n+1)·(ε·max_i|V_ij| + η) for one head (with W_O: (4(n+1) + 2d_model)·(ε·s_j + η),
/// s_j = Σ_c max_i|V_ic|·|W_O(c, j)|). One check: "layer equivariance".
verify::value::checks check_layer_double(const layer_files& in, const check_settings& s);
/// The same exactly over mpq_rational: every double is read as its dyadic rational; scores and the
/// layer with the rational kernel are compared with ==. Two checks: "score equivariance", "layer equivariance".
verify::value::checks check_layer_exact(const layer_files& in, const check_settings& s);

/// A positional-encoding table (positions × dims): the PE battery (every law `orderblind schemes` checks)
/// on the table as a scheme (pe::table_scheme, origin "table"), each law's check with id
/// "<property> (table)". In double on the table scaled by a power of two, the bounds in units of the
/// file's own precision (float32: 2^-23); `exact`: over mpq_rational on the stored values, with ==.
/// Each result is the law's agreement check (as `orderblind schemes` reports a cell): FAILED when the
/// battery's verdict differs from what a positional table is expected to satisfy — bounded, injective,
/// shift-linear, relative scores and breaks equivariance hold (each with the text that asks for it) — or
/// from `expect` ("norm-preserving=holds,…", replacing those);
/// the other laws report their verdict with nothing compared. Throws expectation_error for a malformed
/// `expect`.
verify::value::checks check_pe_table(const io::table& pe, bool exact, const check_settings& s,
                                     const std::string& expect = {});

/// The machine epsilon of the file's element type (2^-23 for float32 tables, else 2^-52): rounding in
/// the user's file sets how closely a floating law can hold.
double input_unit_roundoff(const io::table& t);

/// "≤ <formula> = <value>" for a derived bound, or "≤ <value> (--tolerance-eps)" when the user set it.
std::string stated_bound(const std::string& formula, double value, bool overridden);

/// Settles a law's check: its verdict `v`, then the details `unit` (what the residual and the bound are
/// measured in) and `worst_case` (where the worst residual occurred). A failure's note leads with
/// "fails at <worst_case>", so that every format's one-line failure message names the counterexample.
void conclude(verify::check& c, verify::verdict v, const std::string& unit, const std::string& worst_case);

/// The report of `orderblind check` ("orderblind-check/2"): the files read, the seed, every law's check
/// on them, and whether all held.
verify::report check_report(verify::value::checks checks, const std::string& input, std::uint64_t seed);

/// An input too large for `orderblind check`'s work or memory limit (the CLI reports it as bad usage of
/// --max-size, exit 2); what() says which limit, the size, and the --max-size that would accept it.
struct size_limit_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Throws size_limit_error unless `what` (n rows, width d) fits the work limit n²·d (default 2^28 in
/// double, 2^18 exact; `max_size` replaces it) and the memory limit of n² entries for one n×n matrix
/// (2^26 = 512 MiB of doubles; a larger `max_size` raises it).
void require_size(double n, double d, const std::string& what, bool exact, std::optional<double> max_size);

/// What `orderblind check` was given: the layer's files (--x --wq --wk --wv, and --wo with --heads) and/or a
/// positional table (--pe), whether to run exactly, with a causal mask, or with the table added to X.
struct check_files_request {
  std::string x, wq, wk, wv, wo, pe;
  std::string expect;  ///< --expect: expected verdicts of the table's laws (check_pe_table)
  std::size_t heads = 0;
  bool exact = false, causal = false, add_pe = false;
  std::optional<double> max_size, tolerance_eps;  ///< --max-size (limits) and --tolerance-eps (every floating bound)
};

/// Reads the files of `a` (io::read_matrix_file: .npy or CSV), holds them to the size limits
/// (require_size), runs the layer's laws (double, or exact) and/or the table's, and returns
/// check_report. The request must name a whole layer (x, wq, wk, wv) and/or a table (the command checks).
verify::report check_files(const check_files_request& a, const check_settings& s);

}  // namespace orderblind::properties
