// SPDX-License-Identifier: MIT
#pragma once
/// `orderblind check`: the batteries run on a user's own matrices (read from .npy / CSV files).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/io/table.hpp"
#include "orderblind/seed.hpp"

namespace orderblind::cli {

/// The outcome of one law checked on the user's data, with its worst case.
struct check_result {
  std::string law;         ///< the law, as a sentence
  std::string arithmetic;  ///< e.g. "double", "mpq_rational (exact)"
  long cases = 0;          ///< permutations, shifts or pairs tried
  double worst = 0;        ///< the largest residual found, in `unit`
  double bound = 0;        ///< the residual allowed, in `unit` (0 for exact checks)
  std::string unit;        ///< e.g. "ε·max(1, max|V|)" or "exact |difference|"
  std::string worst_case;  ///< where the worst residual occurred
  bool held = false;
  bool skipped = false;    ///< not testable on this input (e.g. too few positions); `note` says why
  bool undecidable = false;  ///< the input cannot decide the law (e.g. slow growth in a finite table); held stays true, `note` says why
  std::string note;        ///< caveats (e.g. the scale dropped in exact mode)
};

/// The user's values overflow in double (a score or weight became ±inf or NaN): bad input, exit 2.
struct input_overflow_error : std::invalid_argument {
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

/// Settings shared by the batteries.
struct check_settings {
  long random_permutations = 20;        ///< besides reversal, a swap and a rotation
  std::uint64_t seed = default_seed;    ///< for the random permutations
  std::optional<double> tolerance_eps;  ///< overrides each floating bound (in its own unit)
  bool show_progress = false;
};

/// Equivariance of the layer, Attn(PX) = P·Attn(X), in double with its reordering bound.
std::vector<check_result> check_layer_double(const layer_files& in, const check_settings& s);
/// The same exactly over mpq_rational: every double is read as its dyadic rational; scores and the
/// layer with the rational kernel are compared with ==.
std::vector<check_result> check_layer_exact(const layer_files& in, const check_settings& s);

/// A positional-encoding table (positions × dims): bounded, injective, shift-linear, relative scores.
/// `exact`: bounded, injective and relative scores over mpq_rational (shift-linearity stays a double
/// least-squares fit, and says so).
std::vector<check_result> check_pe_table(const io::table& pe, bool exact, const check_settings& s);

/// The machine epsilon of the file's element type (2^-23 for float32 tables, else 2^-52): rounding in
/// the user's file sets how closely a floating law can hold.
double input_unit_roundoff(const io::table& t);

}  // namespace orderblind::cli
