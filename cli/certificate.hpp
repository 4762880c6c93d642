// SPDX-License-Identifier: MIT
#pragma once
/// Certificates: a proof run, stamped with the orderblind version and the command that reproduces it,
/// rendered as text (terminal), Markdown (an appendix) or JSON (machines).
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "proofs/proof.hpp"

namespace orderblind::cli {

/// A citable record of one proof run.
struct certificate {
  std::string orderblind_version;
  std::string reproduce;  ///< the command that replays exactly this run
  proofs::run_config config;
  proofs::proof_result proof;
  /// Machine-checked theorems (Coq) that prove the same statements for all sizes, with whether this
  /// build checked them; empty when the proof has none.
  std::vector<proofs::formal_theorem> formal;
  bool held() const { return proof.held(); }
};

/// Stamps a proof result with the version and the reproducing command.
certificate make_certificate(proofs::proof_result result, const proofs::run_config& cfg);

/// The certificate as plain text.
void render_text(const certificate& c, std::ostream& os);
/// The certificate as a Markdown section, ready to paste into an appendix.
void render_markdown(const certificate& c, std::ostream& os);
/// The certificate as JSON (schema "orderblind-certificate/1").
nlohmann::json to_json(const certificate& c);
/// Renders several certificates in `format` (text | markdown | json; JSON: one object, or an array).
void render(const std::vector<certificate>& cs, const std::string& format, std::ostream& os);

}  // namespace orderblind::cli
