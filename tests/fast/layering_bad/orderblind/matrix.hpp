// SPDX-License-Identifier: MIT
// Stands for the core header of the bad fixture.
#pragma once
