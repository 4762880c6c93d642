// SPDX-License-Identifier: MIT
#pragma once
#include "orderblind/fast/heads/private.hpp"  // refuses to be included except through a module header
/// The fast kernels of the multiprecision scalars, as specialisations of the library's customisation
/// points. Included by scalar/multiprecision.hpp, so that they are visible wherever the types are (a
/// specialisation missing from one translation unit would be an ODR violation).
///
/// - mpq_rational: fraction-free products, rational-kernel weights and whole attention heads
///   (fast/rational_*.hpp), each falling back to the generic code when an entry is too wide;
/// - mpfr100: allocation-free product loops, bitwise equal to the generic ones, and whole softmax
///   heads in 384-bit fixed point (fast/heads/mpfr_head.hpp), within a stated bound of the true attention.
// NOTE: includes the core only, never attention.hpp: the customisation points head_kernels and
// inverse_sqrt_scale are declared here (defined in attention.hpp) and the heads' evaluate is a template
// over the weights and options types, complete wherever attention calls it.
#include <optional>
#include <vector>

#include "orderblind/fast/heads/mpfr_head.hpp"
#include "orderblind/fast/heads/mpfr_products.hpp"
#include "orderblind/fast/heads/rational_head.hpp"
#include "orderblind/fast/heads/rational_products.hpp"
#include "orderblind/kernel.hpp"
#include "orderblind/mask.hpp"
#include "orderblind/matrix.hpp"
#include "orderblind/scalar/multiprecision_types.hpp"

namespace orderblind {

/// The customisation point of attention.hpp (defined there).
template <class T, class K>
struct head_kernels;
/// 1/√d_k as attention computes it (defined in attention.hpp).
template <Scalar T>
T inverse_sqrt_scale(Eigen::Index d_k);

/// mpq_rational products: fraction-free over 64/128-bit integers, else the generic loops.
template <>
struct product_kernels<mpq_rational> {
  static Matrix<mpq_rational> multiply(const Matrix<mpq_rational>& a, const Matrix<mpq_rational>& b) {
    Matrix<mpq_rational> out;
    if (fast::try_multiply(a, b, false, out)) return out;
    return generic_product_kernels<mpq_rational>::multiply(a, b);
  }
  static Matrix<mpq_rational> multiply_transposed(const Matrix<mpq_rational>& a, const Matrix<mpq_rational>& b) {
    Matrix<mpq_rational> out;
    if (fast::try_multiply(a, b, true, out)) return out;
    return generic_product_kernels<mpq_rational>::multiply_transposed(a, b);
  }
};

/// mpfr100 products: the generic loops without a temporary per term (bitwise the same results).
template <>
struct product_kernels<mpfr100> {
  static Matrix<mpfr100> multiply(const Matrix<mpfr100>& a, const Matrix<mpfr100>& b) {
    return fast::multiply_mpfr(a, b, false);
  }
  static Matrix<mpfr100> multiply_transposed(const Matrix<mpfr100>& a, const Matrix<mpfr100>& b) {
    return fast::multiply_mpfr(a, b, true);
  }
};

/// The rational kernel's weights over mpq_rational, fraction-free (the summation order cannot change
/// an exact sum, so `how` needs no special handling).
template <>
inline std::vector<mpq_rational> rational_kernel::weights<mpq_rational>(const std::vector<mpq_rational>& s,
                                                                       summation how) {
  std::vector<mpq_rational> w;
  if (fast::try_rational_weights(s, w)) return w;
  w.clear();
  for (const auto& x : s) w.push_back(phi(x));
  std::vector<mpq_rational> terms = w;
  const mpq_rational total = sum_terms(terms, how);
  for (auto& x : w) x = x / total;
  return w;
}

/// One attention head over mpq_rational with the rational kernel, fraction-free end to end.
template <>
struct head_kernels<mpq_rational, rational_kernel> {
  static constexpr bool available = true;
  template <class Weights, class Options>
  static std::optional<Matrix<mpq_rational>> evaluate(const Matrix<mpq_rational>& y, const Matrix<mpq_rational>& c,
                                                      const Weights& w, const Options& opt) {
    // NOTE: the same errors, in the same order, as attend_trace: the scale first, then the mask.
    const mpq_rational scale = opt.scale ? *opt.scale : inverse_sqrt_scale<mpq_rational>(w.wq.cols());
    opt.mask.validate(y.rows(), c.rows());
    return fast::try_rational_head(y, c, w, scale, opt.mask);
  }
};

/// One softmax attention head over mpfr100 in 384-bit fixed point (fast/heads/mpfr_head.hpp): exact integer
/// sums over the sequence axis, so Attn(PX) = P·Attn(X) bit for bit, and every output entry within
/// ε·|Z|/2 + 2^-40·ε·(max(1, max|V|)·(σ + n) + d·max|C|·max|W_V|) of the true attention (the bound
/// and σ are in mpfr_head.hpp). Declines (the generic code runs) for sorted summation and for inputs the fixed
/// point cannot hold exactly.
// NOTE: not bitwise the generic trace (that rounds every product and sum to 334 bits in index order);
// the fused head is closer to the true value than the trace is, which the tests check against MPFR at
// 665 bits (tests/fast/mpfr_head_test.cpp).
template <>
struct head_kernels<mpfr100, softmax_kernel> {
  static constexpr bool available = true;
  template <class Weights, class Options>
  static std::optional<Matrix<mpfr100>> evaluate(const Matrix<mpfr100>& y, const Matrix<mpfr100>& c, const Weights& w,
                                                 const Options& opt) {
    // NOTE: the same errors, in the same order, as attend_trace: the scale first, then the mask.
    const mpfr100 scale = opt.scale ? *opt.scale : inverse_sqrt_scale<mpfr100>(w.wq.cols());
    opt.mask.validate(y.rows(), c.rows());
    // NOTE: sorted summation names a specific rounding sequence of the generic loops; decline it.
    if (opt.sum != summation::in_order) return std::nullopt;
    return fast::try_mpfr_softmax_head(y, c, w, scale, opt.mask);
  }
};

}  // namespace orderblind
