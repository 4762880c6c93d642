// SPDX-License-Identifier: MIT
#pragma once
/// The default limits on the work a check of a user's matrices may take, stated once for every door:
/// `orderblind check` (cli/cmd_check.cpp) and the Python module (orderblind.check_table). The limit on
/// the values read is io::read_limits::max_elements (orderblind/io/table.hpp).

namespace orderblind::io {

/// The largest n²·d (the cost of one score matrix) checked in double without --max-size.
// NOTE: 2^28 multiply-adds in double take ~0.3 s per layer evaluation, times ~25 permutations; exact
// rationals cost ~10^3 times more per operation and grow in bit length, hence 2^18 (n = d = 64).
inline constexpr double default_max_work_double = 0x1p28;
/// The largest n²·d checked in exact arithmetic (mpq_rational) without --max-size.
inline constexpr double default_max_work_exact = 0x1p18;
/// The largest n² (the entries of one n×n matrix: a head's scores, a table's Gram matrix) without --max-size.
// NOTE: the work limit n²·d lets n² reach 2^28 when d = 1 (a 2 GiB score matrix); 2^26 doubles are 512 MiB.
inline constexpr double default_max_square = 0x1p26;

}  // namespace orderblind::io
