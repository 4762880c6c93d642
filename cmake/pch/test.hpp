// SPDX-License-Identifier: MIT
// The precompiled header of the Catch2 test executables: core.hpp plus Catch2's single header.
// NOTE: Catch2 is not in core.hpp: the command and the object libraries have no tests to register.
#pragma once
#include "core.hpp"

#include <catch2/catch.hpp>
