// SPDX-License-Identifier: MIT
// A bad fixture: a leaf kernel that reaches up into the core (scripts/include_graph.py --layers must refuse it).
#pragma once
#include "orderblind/matrix.hpp"
