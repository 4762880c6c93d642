# SPDX-License-Identifier: MIT
"""orderblind for Python: check attention layers and positional-encoding schemes written in NumPy or
PyTorch against the laws of the orderblind library (C++), from pytest, with shrunk counterexamples.

    assert_permutation_equivariant(f, n=(2, 6), d=16)   # f(PX) = P·f(X), sampled, bound in ε
    assert_permutation_equivariant(f, d=16, dtype="bfloat16")  # a bfloat16 module, bound in bfloat16's ε
    assert_permutation_invariant(f, d=16)                # f(PX) = f(X) (pooled outputs)
    assert_cross_attention_invariant(f, d=16)            # f(Q, PM) = f(Q, M)
    find_equivariance_counterexample(f, d=16)            # refutation (a causal layer)
    check_scheme(encode=pe, dim=8)                       # the positional-encoding battery, in double
    check_table(table)                                   # `orderblind check --pe` on an array
    assert_equivariant_on(f, x, perm)                    # one case, in your own @given test
    orderblind.strategies                                # Hypothesis strategies (permutations, token_matrices, …)

See docs/python.md for the bounds, the distributions and the PyTorch adapter.
"""

from ._check import (
    DEFAULT_SEED,
    ENGINES,
    assert_cross_invariant_on,
    assert_equivariant_on,
    assert_invariant_on,
    Counterexample,
    CounterexampleError,
    Stats,
    assert_cross_attention_invariant,
    assert_permutation_equivariant,
    assert_permutation_invariant,
    find_equivariance_counterexample,
)
from ._core import attention_reorder_bound_eps, multi_head_reorder_bound_eps, residual_in_eps
from ._laws import (DISTRIBUTION, DTYPE_EPS, CallableError, NondeterministicError, UndefinedPosition,
                    UnsupportedDtypeError, cycles)
from ._schemes import SchemeResult, TableResult, check_scheme, check_table, reference_scheme

__all__ = [
    "DEFAULT_SEED", "DTYPE_EPS", "ENGINES", "NondeterministicError", "assert_cross_invariant_on", "assert_equivariant_on",
    "assert_invariant_on", "CallableError", "Counterexample", "CounterexampleError", "DISTRIBUTION", "SchemeResult", "Stats",
    "TableResult", "UndefinedPosition", "UnsupportedDtypeError", "assert_cross_attention_invariant", "assert_permutation_equivariant",
    "assert_permutation_invariant", "attention_reorder_bound_eps", "check_scheme", "check_table", "cycles",
    "find_equivariance_counterexample", "multi_head_reorder_bound_eps", "reference_scheme", "residual_in_eps",
]
