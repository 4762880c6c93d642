// SPDX-License-Identifier: MIT
#pragma once
/// Exact values for reading: the one wording of a long exact number, used by the renderer
/// (verify/render.hpp) and by the notes the batteries write before a report is rendered (pe/vector.hpp,
/// the PE battery). Standard headers only, so that a unit writing a note does not parse the JSON writer.
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <string>

namespace orderblind::verify::detail {

/// The digits of `s` from position `from` while they are digits.
inline std::size_t digit_run(const std::string& s, std::size_t from) {
  std::size_t i = from;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i - from;
}

/// "≈ -2.994652146e+102 (exact: an integer of 103 digits)": a mantissa in [1, 10) to `digits` significant
/// digits and a power of ten, then the exact value's length — an integer of p digits, or a fraction of p
/// over q digits (q > 0), "about" when the lengths are estimates. The one wording of a long exact value.
// NOTE: a mantissa that rounds to 10 at `digits` digits (17 nines: stod gives 1e17) is 1 of the next power
// of ten, never "10e+25".
inline std::string labelled_decimal(bool negative, double mantissa, long exponent, int digits, std::size_t p_len,
                                    std::size_t q_len, bool about = false) {
  if (mantissa >= 10.0 - 5.0 * std::pow(10.0, -digits)) {
    mantissa = 1;
    exponent += 1;
  }
  std::ostringstream os;
  os << "≈ " << (negative ? "-" : "") << std::setprecision(digits) << mantissa << "e" << (exponent < 0 ? "-" : "+")
     << std::labs(exponent) << " (exact: " << (q_len > 0 ? "a fraction of " : "an integer of ") << (about ? "about " : "")
     << p_len;
  if (q_len > 0) os << " over " << q_len;
  os << " digits)";
  return os.str();
}

/// An exact number for reading. Up to `max_chars` characters it is shown whole (it is exact as shown);
/// longer, as "≈ 2.994652146e+102 (exact: an integer of 103 digits)" or, for p/q, with the numerator's
/// and denominator's lengths (labelled_decimal) — never a truncated string that looks like a value.
// NOTE: the approximation takes 17 leading digits of p and of q; their ratio times 10^(len p − len q)
// is within a few units of the 17th digit of p/q, far finer than the 10 digits shown.
inline std::string exact_for_reading(const std::string& t, std::size_t max_chars = 24) {
  if (t.size() <= max_chars) return t;
  const std::size_t sign = (!t.empty() && t[0] == '-') ? 1 : 0;
  const std::size_t p_len = digit_run(t, sign);
  std::size_t q_len = 0;
  const bool fraction = sign + p_len < t.size() && t[sign + p_len] == '/';
  if (fraction) q_len = digit_run(t, sign + p_len + 1);
  const bool well_formed = p_len > 0 && (fraction ? q_len > 0 && sign + p_len + 1 + q_len == t.size()
                                                  : sign + p_len == t.size());
  if (!well_formed) return t.substr(0, max_chars) + "… (" + std::to_string(t.size()) + " characters)";
  const auto leading = [&](std::size_t from, std::size_t len) {
    const std::size_t k = len < 17 ? len : 17;
    return std::stod(t.substr(from, k)) / std::pow(10.0, static_cast<double>(k - 1));  // in [1, 10)
  };
  double mantissa = leading(sign, p_len);
  long exponent = static_cast<long>(p_len) - 1;
  if (fraction) {
    mantissa /= leading(sign + p_len + 1, q_len);
    exponent -= static_cast<long>(q_len) - 1;
    if (mantissa < 1) {
      mantissa *= 10;
      exponent -= 1;
    }
  }
  return labelled_decimal(sign != 0, mantissa, exponent, 10, p_len, q_len);
}

}  // namespace orderblind::verify::detail
