// SPDX-License-Identifier: MIT
#pragma once
/// The positional-encoding module: the scheme concept (pe/concept.hpp) and the vocabulary of its
/// properties, the archetype, the type erasure, and every scheme of the catalogue (additive, rotary,
/// score-bias). The battery that judges a scheme is not here: a user's scheme header includes
/// orderblind/pe/register.hpp, which links the compiled battery (orderblind::pe; docs/user-schemes.md).
#include "orderblind/core.hpp"
#include "orderblind/pe/concept.hpp"
#include "orderblind/pe/archetype.hpp"
#include "orderblind/pe/erased.hpp"
#include "orderblind/pe/schemes.hpp"
