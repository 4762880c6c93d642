// SPDX-License-Identifier: MIT
#pragma once
/// XML escaping, shared by the JUnit renderer (verify/render.hpp) and the SVG writer (plot/svg.hpp).
#include <string>
#include <string_view>

namespace orderblind {

/// `s` as XML 1.0 character data or an attribute value: &, <, >, " and ' become the five predefined
/// entities; control characters other than tab, line feed and carriage return (which XML 1.0 does not
/// allow, not even as references) are dropped. Every other byte, UTF-8 included, is kept as it is.
inline std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += c;
    }
  }
  return out;
}

}  // namespace orderblind
