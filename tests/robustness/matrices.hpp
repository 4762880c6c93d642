// SPDX-License-Identifier: MIT
#pragma once
/// Matrices the robustness tests write for the command: random, sinusoidal, a counter, scaled, as CSV
/// (every double written with 17 significant digits, so that it reads back exactly) or .npy.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "orderblind/io/npy.hpp"
#include "orderblind/matrix.hpp"
#include "run_command.hpp"

namespace orderblind::robustness {

/// Entries drawn from N(0, sigma) with mt19937_64(seed).
inline Matrix<double> normal_matrix(Eigen::Index rows, Eigen::Index cols, double sigma, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> n(0, sigma);
  Matrix<double> m(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r)
    for (Eigen::Index c = 0; c < cols; ++c) m(r, c) = n(rng);
  return m;
}

/// Entries uniform in [-1, 1) from mt19937_64(seed).
inline Matrix<double> uniform_matrix(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  Matrix<double> m(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r)
    for (Eigen::Index c = 0; c < cols; ++c) m(r, c) = u(rng);
  return m;
}

/// The sinusoidal table of text 000 (positions × d): sin/cos pairs of p·10000^(−2i/d).
inline Matrix<double> sinusoid_table(Eigen::Index rows, Eigen::Index d) {
  Matrix<double> m(rows, d);
  for (Eigen::Index p = 0; p < rows; ++p)
    for (Eigen::Index c = 0; c < d; ++c) {
      const double theta = std::pow(10000.0, -2.0 * static_cast<double>(c / 2) / static_cast<double>(d));
      m(p, c) = c % 2 ? std::cos(static_cast<double>(p) * theta) : std::sin(static_cast<double>(p) * theta);
    }
  return m;
}

/// The counter table PE(p) = p·𝟙.
inline Matrix<double> counter_table(Eigen::Index rows, Eigen::Index d) {
  Matrix<double> m(rows, d);
  for (Eigen::Index p = 0; p < rows; ++p) m.row(p).setConstant(static_cast<double>(p));
  return m;
}

/// `m` as CSV text, each value with 17 significant digits; `eol` ends each line.
inline std::string csv_text(const Matrix<double>& m, const std::string& eol = "\n") {
  std::string out;
  char buf[40];
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      std::snprintf(buf, sizeof buf, "%.17g", m(r, c));
      out += (c ? "," : "") + std::string(buf);
    }
    out += eol;
  }
  return out;
}

/// Writes `m` to `dir`/`name` (.npy or .csv by the name) and returns the name.
inline std::string write_matrix(const std::filesystem::path& dir, const std::string& name, const Matrix<double>& m) {
  if (name.size() > 4 && name.substr(name.size() - 4) == ".npy")
    io::write_npy((dir / name).string(), m);
  else
    write_file(dir / name, csv_text(m));
  return name;
}

}  // namespace orderblind::robustness
