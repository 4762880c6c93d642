// SPDX-License-Identifier: MIT
// The main of a user's scheme check (docs/user-schemes.md), compiled in ONE translation unit after the
// user's header, which registers its schemes (ORDERBLIND_REGISTER_SCHEME, orderblind/pe/register.hpp).
// The battery, the report and the exit rule are orderblind::pe's, the same as `orderblind schemes`
// (orderblind/pe/schemes_command.hpp): exit 0 every stated expectation agrees, 1 one differs, 2 bad usage.
#include "orderblind/pe/schemes_command.hpp"

int main(int argc, char** argv) { return orderblind::pe::check_scheme_main(argc, argv); }
