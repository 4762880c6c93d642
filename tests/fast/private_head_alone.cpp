// SPDX-License-Identifier: MIT
// Must not compile: a fast head included alone, not through its module header.
#include "orderblind/fast/heads/double_head.hpp"

int main() { return 0; }
