// SPDX-License-Identifier: MIT
// The user's header again, in a second translation unit of the same program: its registration must not
// run twice (the report would show the scheme twice).
#include SCHEME_HEADER
