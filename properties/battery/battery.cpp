// The whole battery: the laws of every arithmetic, by property (P1…P8), exact arithmetic first.
#include "properties/battery/battery.hpp"

#include <algorithm>

#include "orderblind/scalar.hpp"

namespace orderblind::properties {

std::vector<law> all_laws() {
  std::vector<law> out;
  for (auto&& part : {battery_laws<mpq_rational>(), battery_laws<mpfr100>(), battery_laws<double>()})
    for (const auto& l : part) out.push_back(l);
  return out;
}

}  // namespace orderblind::properties
