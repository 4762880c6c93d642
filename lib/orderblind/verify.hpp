// SPDX-License-Identifier: MIT
#pragma once
/// The verification core: one evidence model (verify/report.hpp), one comparison
/// family (verify/bound.hpp), the permutation law written once (verify/law.hpp), a proof's step as one
/// record (verify/step.hpp), the one wording of a long exact value (verify/reading.hpp) and one renderer set
/// (verify/render.hpp: text, Markdown, JSON, JUnit). Needs nlohmann-json (Debian nlohmann-json3-dev).
#include "orderblind/verify/bound.hpp"
#include "orderblind/verify/law.hpp"
#include "orderblind/verify/reading.hpp"
#include "orderblind/verify/report.hpp"
#include "orderblind/verify/render.hpp"
#include "orderblind/verify/step.hpp"
