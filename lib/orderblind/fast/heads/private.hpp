// SPDX-License-Identifier: MIT
// NOTE: no include guard: every header of fast/heads/ includes this first, and the check must run at
// the first inclusion of each. The specialisations of fast/heads/ are private, as Eigen's internal
// headers are: a unit reaches them only through a module header, which fixes the include order
// (the core first, then the specialisations, then what uses them). Included alone, a head would give
// a unit the specialisation of one scalar without the others that attention expects beside it.
#if !defined(ORDERBLIND_MODULE_ATTENTION) && !defined(ORDERBLIND_MODULE_MULTIPRECISION)
#error "orderblind/fast/heads/ is private: include orderblind/attention.hpp (attention with every fast head) or orderblind/scalar/multiprecision.hpp (the multiprecision scalars with their fast products and heads)"
#endif
