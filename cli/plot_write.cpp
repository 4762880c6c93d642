// SPDX-License-Identifier: MIT
// `orderblind plot`: writes the figures asked for and returns the run's report (the files written and, for
// the residual figure, the two checks its sweep measured: properties/check/residual.hpp).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "plot_figures.hpp"
#include "properties/check/residual.hpp"

namespace orderblind::cli {
namespace {

/// Throws usage_error (exit 2) naming `option` and `path` unless `path` can be opened for writing.
// NOTE: checked for every figure before any is computed (the residual sweep takes seconds), so that an
// unwritable output is bad usage, exit 2, not a failed check (exit 1). Opening for writing creates or
// truncates the file, which the run overwrites anyway.
void require_writable(const std::string& option, const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw usage_error(option, "cannot write '" + path + "': it is a directory");
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) throw usage_error(option, "cannot write '" + path + "': " + std::strerror(errno));
}

}  // namespace

verify::report write_figures(const plot_request& a, std::uint64_t seed, long perms) {
  const std::vector<std::string> figures =
      a.which == "all" ? std::vector<std::string>{"sinusoid", "scores", "residual"} : std::vector<std::string>{a.which};
  const auto path_of = [&a](const std::string& f) {
    const std::string name = f == "sinusoid" ? "sinusoid-table.svg"
                             : f == "scores" ? "position-scores.svg"
                                             : "equivariance-residual.svg";
    return a.out.empty() ? (std::filesystem::path(a.dir) / name).string() : a.out;
  };
  const std::string option = a.out.empty() ? "--dir" : "--output";
  for (const auto& f : figures) require_writable(option, path_of(f));
  const auto save = [&option](const plot::document& doc, const std::string& path) {
    try {
      doc.save(path);
    } catch (const std::runtime_error& e) {  // e.g. the disk filled up after the check above
      throw usage_error(option, e.what());
    }
  };
  verify::value::list written;
  verify::value::checks checks;
  for (const auto& f : figures) {
    const std::string path = path_of(f);
    if (f == "residual") {
      checks = properties::equivariance_residual(a.max_tokens, perms, seed);
      save(equivariance_residual_figure(checks, a.max_tokens, perms), path);
    } else {
      save(f == "sinusoid" ? sinusoid_table_figure(a.positions, a.dims) : position_scores_figure(a.score_positions, a.dims),
           path);
    }
    written.push_back(verify::value::object{{"figure", f}, {"file", path}});
  }
  verify::report r{"orderblind-plot/2", "Pictures written (SVG)", {}};
  r.add("figures", std::move(written));
  if (!checks.empty()) r.add("residual_checks", std::move(checks));
  return r;
}

}  // namespace orderblind::cli
