// SPDX-License-Identifier: MIT
#pragma once
/// The library version, printed in every certificate.
namespace orderblind {
inline constexpr const char* version = "0.1.0";
}
