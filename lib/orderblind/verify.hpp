// SPDX-License-Identifier: MIT
#pragma once
/// The verification core: one evidence model (verify/evidence.hpp, verify/report.hpp) and one renderer
/// set (verify/render.hpp: text, Markdown, JSON, JUnit). Needs nlohmann-json (Debian nlohmann-json3-dev).
#include "orderblind/verify/evidence.hpp"
#include "orderblind/verify/report.hpp"
#include "orderblind/verify/render.hpp"
