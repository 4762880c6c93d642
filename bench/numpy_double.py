#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The `orderblind bench --workload double` check written in NumPy, timed the same way, for a side-by-side
figure: per check, Attn(P X) and P Attn(X) for one softmax head (max-subtracted, scale 1/sqrt(d)), inputs
uniform in [-1, 1], compared by max |difference| <= 4(n+1) (eps max|V| + eta).

    /usr/bin/python3 bench/numpy_double.py [--n 16] [--d 16] [--seconds 1] [--seed 1]

Prints the number of checks, the median and minimum time per check over batches (a batch doubles until
it takes 1 ms, as in the C++ command), and whether every check held. Debian's /usr/bin/python3 has NumPy.
"""
import argparse
import statistics
import time

import numpy as np


def attention(x, wq, wk, wv):
    q, k, v = x @ wq, x @ wk, x @ wv
    s = (q @ k.T) * (1.0 / np.sqrt(wq.shape[1]))
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)) @ v


def check(x, w, perm, n):
    wq, wk, wv = w
    left = attention(x[perm], wq, wk, wv)
    right = attention(x, wq, wk, wv)[perm]
    mag = float(np.abs(x @ wv).max())
    eta = np.finfo(float).smallest_subnormal
    return float(np.abs(left - right).max()) <= 4 * (n + 1) * (np.finfo(float).eps * mag + eta)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=16)
    ap.add_argument("--d", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    times, checks, held, batch = [], 0, 0, 1
    start = time.perf_counter()
    while True:
        cases = [(rng.uniform(-1, 1, (a.n, a.d)), [rng.uniform(-1, 1, (a.d, a.d)) for _ in range(3)],
                  rng.permutation(a.n)) for _ in range(batch)]
        t0 = time.perf_counter()
        for x, w, perm in cases:
            held += check(x, w, perm, a.n)
        t = time.perf_counter() - t0
        times.append(t / batch)
        checks += batch
        if t < 1e-3:
            batch *= 2
        if time.perf_counter() - start >= a.seconds:
            break
    print(f"numpy {np.__version__}: n={a.n} d={a.d}, {checks} checks, median {statistics.median(times):.3g} s/check, "
          f"min {min(times):.3g}: {'every check held' if held == checks else f'{checks - held} failed'}")
    return 0 if held == checks else 1


if __name__ == "__main__":
    raise SystemExit(main())
