// SPDX-License-Identifier: MIT
// The host of a precompiled header (cmake/OrderblindPch.cmake): a target with no code of its own whose
// precompiled header the other targets reuse (REUSE_FROM), so that it is compiled once per build.
