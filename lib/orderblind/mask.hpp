// SPDX-License-Identifier: MIT
#pragma once
/// Attention masks: which keys a query row may see. The causal mask is the one step of a transformer
/// that reads row numbers (text 001, §3.4 key takeaway; text 000, §5).
#include <string>
#include <vector>

#include "orderblind/errors.hpp"
#include "orderblind/index.hpp"

namespace orderblind {

/// Which (query i, key j) pairs are allowed. Default: all.
class mask {
 public:
  /// Every query sees every key (encoder self-attention, cross-attention).
  static mask none() { return mask{}; }
  /// Query i sees keys j ≤ i (decoder self-attention).
  static mask causal() {
    mask m;
    m.causal_ = true;
    return m;
  }
  /// Only keys with valid[j] == true are seen (padding); combine with causal via `with_padding`.
  static mask padding(std::vector<bool> valid) { return none().with_padding(std::move(valid)); }
  /// This mask, with padded keys additionally hidden.
  mask with_padding(std::vector<bool> valid) const {
    mask m = *this;
    m.valid_ = std::move(valid);
    m.has_padding_ = true;
    return m;
  }

  bool is_causal() const { return causal_; }
  bool has_padding() const { return has_padding_; }
  /// True when query row i may attend to key row j.
  bool allows(Eigen::Index i, Eigen::Index j) const {
    if (causal_ && j > i) return false;
    if (has_padding_ && !at_index(valid_, j)) return false;
    return true;
  }
  /// Throws unless this mask fits n_keys keys and leaves every query row at least one key.
  void validate(Eigen::Index n_queries, Eigen::Index n_keys) const {
    if (has_padding_ && std::ssize(valid_) != n_keys)
      throw shape_error("padding mask has " + std::to_string(valid_.size()) + " entries but there are " +
                        std::to_string(n_keys) + " keys");
    for (Eigen::Index i = 0; i < n_queries; ++i) {
      bool any = false;
      for (Eigen::Index j = 0; j < n_keys && !any; ++j) any = allows(i, j);
      if (!any)
        throw configuration_error("the mask hides every key from query row " + std::to_string(i) +
                                  ": normalising an empty row is undefined");
    }
  }
  std::string describe() const {
    std::string s = causal_ ? "causal" : "none";
    if (has_padding_) s += "+padding";
    return s;
  }

 private:
  bool causal_ = false;
  bool has_padding_ = false;
  std::vector<bool> valid_;
};

}  // namespace orderblind
