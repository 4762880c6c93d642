// SPDX-License-Identifier: MIT
#pragma once
/// A minimal SVG writer for orderblind's pictures: shapes, text (XML-escaped), linear scales with
/// round tick values, axes with labels, and a diverging colour map. No plotting dependency.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "orderblind/xml.hpp"

namespace orderblind::plot {

/// Escapes &, <, >, " and ' for XML text and attribute values; drops the control characters XML 1.0
/// forbids (orderblind::xml_escape, orderblind/xml.hpp).
inline std::string xml_escape(const std::string& s) { return orderblind::xml_escape(s); }

/// A number for an attribute: fixed, at most 2 decimals, no exponent, never NaN.
inline std::string num(double v) {
  if (!std::isfinite(v)) throw std::domain_error("SVG coordinate is not finite");
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.find('.') != std::string::npos && (s.back() == '0' || s.back() == '.')) {
    const bool dot = s.back() == '.';
    s.pop_back();
    if (dot) break;
  }
  return s == "-0" ? "0" : s;
}

/// A tick label: up to 4 significant digits, exponent form only for very large or small values.
inline std::string tick_label(double v) {
  // NOTE: no absolute "small means zero" threshold here: nice_ticks already snaps a tick within
  // step·1e-9 of zero to exactly 0, relative to the axis' own step; only the sign of zero is fixed.
  if (v == 0) return "0";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

/// An affine map from data [d0, d1] to pixels [p0, p1] (p1 < p0 for a y axis pointing up).
struct linear_scale {
  double d0, d1, p0, p1;
  double operator()(double v) const { return d1 == d0 ? (p0 + p1) / 2 : p0 + (v - d0) / (d1 - d0) * (p1 - p0); }
};

/// Round tick values (1, 2, 5 × 10^k steps) covering [lo, hi], about `target` of them.
inline std::vector<double> nice_ticks(double lo, double hi, int target = 6) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) throw std::domain_error("tick range is not finite");
  if (hi < lo) std::swap(lo, hi);
  if (hi == lo) return {lo};
  const double raw = (hi - lo) / std::max(1, target);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  std::vector<double> ticks;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
  return ticks;
}

/// A diverging colour for v in [−1, 1]: blue (−1), white (0), red (+1); clamped outside.
inline std::string diverging_colour(double v) {
  v = std::clamp(v, -1.0, 1.0);
  const auto mix = [](double a, double b, double t) { return static_cast<int>(std::lround(a + (b - a) * t)); };
  int r, g, b;
  if (v < 0) {
    r = mix(255, 33, -v);
    g = mix(255, 102, -v);
    b = mix(255, 172, -v);
  } else {
    r = mix(255, 178, v);
    g = mix(255, 24, v);
    b = mix(255, 43, v);
  }
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

/// One of a few distinguishable line colours (Okabe–Ito palette, colour-blind safe).
inline std::string series_colour(std::size_t i) {
  static const char* c[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"};
  return c[i % 8];
}

/// An SVG document built element by element.
class document {
 public:
  document(double width, double height, const std::string& title) : w_(width), h_(height) {
    body_ << "<title>" << xml_escape(title) << "</title>\n";
    rect(0, 0, width, height, "#ffffff");
  }
  void rect(double x, double y, double w, double h, const std::string& fill, const std::string& extra = "") {
    body_ << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(h)
          << "\" fill=\"" << xml_escape(fill) << "\"" << extra << "/>\n";
  }
  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width = 1,
            const std::string& dash = "") {
    body_ << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\"" << num(y2)
          << "\" stroke=\"" << xml_escape(stroke) << "\" stroke-width=\"" << num(width) << "\"";
    if (!dash.empty()) body_ << " stroke-dasharray=\"" << xml_escape(dash) << "\"";
    body_ << "/>\n";
  }
  void polyline(const std::vector<std::pair<double, double>>& pts, const std::string& stroke, double width = 1.5,
                double opacity = 1) {
    if (pts.empty()) return;
    body_ << "<polyline fill=\"none\" stroke=\"" << xml_escape(stroke) << "\" stroke-width=\"" << num(width)
          << "\" stroke-opacity=\"" << num(opacity) << "\" points=\"";
    for (std::size_t i = 0; i < pts.size(); ++i) body_ << (i ? " " : "") << num(pts[i].first) << "," << num(pts[i].second);
    body_ << "\"/>\n";
  }
  void circle(double x, double y, double r, const std::string& fill, double opacity = 1) {
    body_ << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(r) << "\" fill=\"" << xml_escape(fill)
          << "\" fill-opacity=\"" << num(opacity) << "\"/>\n";
  }
  /// Text at (x, y); anchor is start, middle or end; `rotate` in degrees about (x, y).
  void text(double x, double y, const std::string& s, double size = 12, const std::string& anchor = "start",
            double rotate = 0, const std::string& weight = "normal") {
    body_ << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size) << "\" text-anchor=\""
          << xml_escape(anchor) << "\" font-weight=\"" << xml_escape(weight) << "\"";
    if (rotate != 0) body_ << " transform=\"rotate(" << num(rotate) << " " << num(x) << " " << num(y) << ")\"";
    body_ << ">" << xml_escape(s) << "</text>\n";
  }
  /// The whole document as text.
  std::string str() const {
    std::ostringstream os;
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(w_) << "\" height=\"" << num(h_)
       << "\" viewBox=\"0 0 " << num(w_) << " " << num(h_) << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
       << body_.str() << "</svg>\n";
    return os.str();
  }
  /// Writes the document to `path` (throws std::runtime_error naming the file on failure).
  void save(const std::string& path) const {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error(path + ": cannot open for writing");
    out << str();
    if (!out) throw std::runtime_error(path + ": write error");
  }

 private:
  double w_, h_;
  std::ostringstream body_;
};

/// A plotting panel: a pixel rectangle with x and y scales, drawn with ticks, grid and labels.
struct panel {
  double left, top, width, height;
  linear_scale x, y;

  panel(double l, double t, double w, double h, double x0, double x1, double y0, double y1)
      : left(l), top(t), width(w), height(h), x{x0, x1, l, l + w}, y{y0, y1, t + h, t} {}

  /// Frame, grid lines, tick labels, axis labels and a title.
  void axes(document& doc, const std::string& xlabel, const std::string& ylabel, const std::string& title) const {
    doc.rect(left, top, width, height, "none", " stroke=\"#444444\" stroke-width=\"1\"");
    for (const double t : nice_ticks(x.d0, x.d1)) {
      const double px = x(t);
      doc.line(px, top, px, top + height, "#e5e5e5");
      doc.line(px, top + height, px, top + height + 4, "#444444");
      doc.text(px, top + height + 16, tick_label(t), 11, "middle");
    }
    for (const double t : nice_ticks(y.d0, y.d1)) {
      const double py = y(t);
      doc.line(left, py, left + width, py, "#e5e5e5");
      doc.line(left - 4, py, left, py, "#444444");
      doc.text(left - 7, py + 4, tick_label(t), 11, "end");
    }
    doc.text(left + width / 2, top + height + 34, xlabel, 12, "middle");
    doc.text(left - 48, top + height / 2, ylabel, 12, "middle", -90);
    doc.text(left + width / 2, top - 8, title, 13, "middle", 0, "bold");
  }
};

}  // namespace orderblind::plot
