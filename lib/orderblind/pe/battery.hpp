// SPDX-License-Identifier: MIT
#pragma once
/// The PE battery's templates and the registration of a scheme. For a scheme over a scalar other than
/// double, mpq_rational and mpfr100 (whose battery is compiled into orderblind::pe), and for headers
/// written for the earlier documented path (`#include "orderblind/pe/battery.hpp"`, then
/// ORDERBLIND_REGISTER_SCHEME(...)). A scheme over the three compiled scalars needs only
/// orderblind/pe/register.hpp.
#include "orderblind/pe/battery_impl.hpp"
#include "orderblind/pe/register.hpp"
