// SPDX-License-Identifier: MIT
// One module header included ALONE (ORDERBLIND_MODULE_HEADER, set per target in tests/fast/CMakeLists.txt)
// still brings every fast path of the multiprecision scalars: a specialisation lost from the header's
// include graph (scalar.hpp split from the kernels, a moved include) fails this unit at compile time.
// NOTE: compiled without the precompiled header, which would bring the whole library.
#include ORDERBLIND_MODULE_HEADER

#include <cstdio>
#include <type_traits>

namespace ob = orderblind;

// NOTE: the primary product_kernels derives from the generic loops; a specialisation does not.
static_assert(!std::is_base_of_v<ob::generic_product_kernels<ob::mpq_rational>, ob::product_kernels<ob::mpq_rational>>,
              "multiply<mpq_rational> lost its fraction-free fast path");
static_assert(!std::is_base_of_v<ob::generic_product_kernels<ob::mpfr100>, ob::product_kernels<ob::mpfr100>>,
              "multiply<mpfr100> lost its fast path");
static_assert(ob::head_kernels<ob::mpq_rational, ob::rational_kernel>::available,
              "the fraction-free mpq_rational head is not visible");
static_assert(ob::head_kernels<ob::mpfr100, ob::softmax_kernel>::available, "the fixed-point mpfr100 head is not visible");
#ifdef ORDERBLIND_EXPECT_DOUBLE_HEAD
static_assert(ob::head_kernels<double, ob::softmax_kernel>::available, "the fused double head is not visible");
#endif

int main() {
  // NOTE: and the fast product gives the exact product: [1/2 1/3]·[3 4]ᵀ-shaped check, entry by entry.
  ob::Matrix<ob::mpq_rational> a(1, 2), b(2, 1);
  a << ob::mpq_rational(1, 2), ob::mpq_rational(1, 3);
  b << ob::mpq_rational(3), ob::mpq_rational(4);
  const auto c = ob::multiply(a, b);
  const bool ok = c.rows() == 1 && c.cols() == 1 && c(0, 0) == ob::mpq_rational(17, 6);
  if (!ok) std::fprintf(stderr, "multiply<mpq_rational>: [1/2 1/3]·[3 4]ᵀ ≠ 17/6\n");
  return ok ? 0 : 1;
}
