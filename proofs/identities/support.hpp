// SPDX-License-Identifier: MIT
#pragma once
/// Shared machinery of the identities: symbol matrices, the generators of S_n, residuals (shortened)
/// and a real-valued witness for a non-zero residual.
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "orderblind/matrix.hpp"
#include "orderblind/permutation.hpp"
#include "orderblind/scalar/multiprecision.hpp"
#include "orderblind/scalar/symbolic.hpp"
#include "proofs/identities/identities.hpp"

namespace orderblind::identities::detail {

using S = symbolic::expr;

/// An r×c matrix of fresh symbols name_i_j (counted in `count`).
Matrix<S> symbols(const std::string& name, long r, long c, std::size_t& count);
/// The generators of S_n: the transposition (0 1) and the n-cycle (0 1 … n−1).
std::vector<permutation> generators(long n);
/// "(0 1) and (0 1 2 … 15)" (both printed in cycle notation).
std::string generators_text(long n);

/// The residual a − b in a printable, shortened form: its normal form's numerator (leading `terms`
/// terms and the count) and the size of its denominator; `whole` prints everything.
std::string describe_residual(const GiNaC::ex& residual, bool whole, std::size_t terms = 3);

/// A rigorous enclosure (MPFI, 100 digits) of the value of an expression at a rational point (every input
/// symbol a deterministic rational in [−2, 2] from its name and the point's number) with the real functions in place of the
/// uninterpreted ones (φ = exp, σ = max(0, ·), ρ = sqrt, α = |·|).
mpfi100 real_value(const GiNaC::ex& e, const symbolic::context& ctx, unsigned point = 0);
/// " where phi_1 = phi(x_0_0*Wq_0_0*Wk_0_0*x_1_0), …" for the function symbols that occur in e.
std::string legend(const GiNaC::ex& e, const symbolic::context& ctx);
/// "≈ -1.234567e-02" (six digits).
std::string short_real(const mpfi100& v);
/// The number of nodes of e's expression tree, counted up to `cap`.
std::size_t node_count(const GiNaC::ex& e, std::size_t cap);

/// One run: a fresh symbolic context, a clock, and the record being filled.
class run_scope {
 public:
  run_scope(std::string law, std::string subject, std::string size, symbolic::key_form form);
  identity_run& record() { return r_; }
  symbolic::context& context() { return ctx_.get(); }
  std::size_t& input_symbols() { return r_.input_symbols; }
  /// Compares lhs with rhs entry by entry; the first non-zero entry is described (with `label`).
  /// Returns true when every entry is identically 0.
  bool compare(const Matrix<S>& lhs, const Matrix<S>& rhs, const std::string& label, bool whole = false);
  /// Fills the timing and size fields and returns the record.
  identity_run finish();
  /// Runs `body`; an exception becomes the record's error (the run failed).
  static identity_run guarded(const std::function<identity_run()>& body, const std::string& law,
                              const std::string& subject, const std::string& size);

 private:
  identity_run r_;
  symbolic::scoped_context ctx_;
  std::chrono::steady_clock::time_point t0_;
  bool any_nonzero_ = false;
  std::size_t nonzero_entries_ = 0, compared_entries_ = 0;
};

/// f(PX) against P·f(X) (or f(X) when `invariant`) on both generators of S_n (n = x.rows()).
void check_on_generators(run_scope& run, const std::function<Matrix<S>(const Matrix<S>&)>& f, const Matrix<S>& x,
                         bool invariant);

}  // namespace orderblind::identities::detail
