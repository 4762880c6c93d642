// SPDX-License-Identifier: MIT
#pragma once
/// The input module: a user's matrices from NumPy `.npy` and CSV files, kept as the doubles the file
/// holds (io/table.hpp), with the errors that name a bad file, and the default limits on the work a check
/// of them may take (io/work_limits.hpp).
#include "orderblind/core.hpp"
#include "orderblind/io/npy.hpp"
#include "orderblind/io/csv.hpp"
#include "orderblind/io/table.hpp"
#include "orderblind/io/work_limits.hpp"
