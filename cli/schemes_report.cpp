// SPDX-License-Identifier: MIT
// Kept for the installed scheme check (cmake/OrderblindInstall.cmake installs it, the script
// orderblind-check-scheme compiles it): everything is in schemes_report.hpp and
// orderblind/pe/schemes_report.hpp now, so this translation unit only checks that the header compiles
// on its own.
// NOTE: it defines nothing (the command's glob compiles it too); the install rule and the script may drop
// it once they compile check_scheme_main.cpp alone.
#include "schemes_report.hpp"
