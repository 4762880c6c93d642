// SPDX-License-Identifier: MIT
#pragma once
/// The PE battery and the registration of a scheme: headers written for the earlier documented path
/// (`#include "orderblind/pe/battery.hpp"`, then ORDERBLIND_REGISTER_SCHEME(...)) keep compiling. New code
/// includes orderblind/pe/register.hpp; the battery itself is orderblind/pe/battery_impl.hpp.
#include "orderblind/pe/register.hpp"
