#pragma once
/// The order-blindness battery: every law, in every arithmetic, with its mutants; and the
/// ulp table of property 8. The CLI (`orderblind properties`) and ctest run this same code.
#include <string>
#include <vector>

#include "properties/battery/law.hpp"

namespace orderblind::properties {

/// The laws of the battery for one scalar (explicitly instantiated for double, mpq_rational and
/// mpfr100, one translation unit each).
template <class T>
std::vector<law> battery_laws();

/// One row of the P8 table: how far Attn(PX) is from P·Attn(X) over double with in-order sums.
struct ulp_row {
  std::string what;           ///< which layer
  long cases = 0;             ///< cases measured
  long differing = 0;         ///< cases where the two sides differ in at least one bit
  double max_ulps = 0;        ///< max entry-wise distance in units in the last place
  double max_scaled_eps = 0;  ///< max|Δ| / (ε·scale): the measure the bound is stated in
  std::string scale;          ///< what "scale" is
  double bound = 0;           ///< the derived bound on max_scaled_eps for the largest n (0: none derived)
  std::string bound_text;     ///< the bound as a formula
};

/// Measures the P8 table over `cases` random cases per layer (default 200 × ORDERBLIND_CASE_SCALE).
std::vector<ulp_row> ulp_table(const run_options& o);

}  // namespace orderblind::properties
