#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The equivariance checks at real sizes side by side, in one run: orderblind (build/bench/orderblind_large_bench),
NumPy and PyTorch float64, one thread each (and orderblind on every core), printing a Markdown ratio table.

    /usr/bin/python3 bench/side_by_side.py [--bin build/bench/orderblind_large_bench] [--seconds 2]
        [--rounds 2] [--openblas DIR] [--quick]

Workloads (the same check in each tool; inputs uniform in [-1, 1], a fresh case and permutation per check):
  head       Attn(PX) vs P·Attn(X), one head, W_Q, W_K, W_V d×d (orderblind: `orderblind bench --workload double`)
  multihead  MHA(PX) vs P·MHA(X), d split into h heads, W_O
  cross      Attn(Y, PC) vs Attn(Y, C), n decoder rows over nk memory rows
Each tool runs in its own process, one workload at a time, alternating tools within a round, so that all
see the same load. The peers run with OPENBLAS_NUM_THREADS=1 (and torch.set_num_threads(1)), with
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE removed from that process's environment only; --openblas DIR puts
DIR (holding OpenBLAS's libblas.so.3) first on LD_LIBRARY_PATH for the peers, for a machine whose
default libblas.so.3 is the reference BLAS. The BLAS each peer loaded and OpenBLAS's core are printed.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

SIZES = [  # (workload, n, nk, d, heads)
    ("head", 1024, 1024, 64, 1),
    ("head", 4096, 4096, 64, 1),
    ("head", 1024, 1024, 128, 1),
    ("multihead", 1024, 1024, 512, 8),
    ("multihead", 1024, 1024, 1024, 16),
    ("cross", 256, 1024, 512, 1),
]
QUICK = [("head", 256, 256, 64, 1), ("multihead", 256, 256, 128, 2), ("cross", 64, 256, 64, 1)]


def worker(tool, workload, n, nk, d, heads, seconds, seed):
    """Runs one workload in NumPy or PyTorch and prints 'median min checks held blas'."""
    if tool == "numpy":
        import numpy as xp
        rng = xp.random.default_rng(seed)
        uni = lambda *s: rng.uniform(-1, 1, s)
        T = lambda m: m.swapaxes(-1, -2)
        def softmax(s):
            e = xp.exp(s - s.max(axis=-1, keepdims=True))
            return e / e.sum(axis=-1, keepdims=True)
        amax = lambda m: float(xp.abs(m).max())
        perm = lambda k: rng.permutation(k)
        eps = float(xp.finfo(float).eps)
    else:
        import torch as xp
        xp.set_num_threads(1)
        g = xp.Generator().manual_seed(seed)
        uni = lambda *s: xp.rand(*s, generator=g, dtype=xp.float64) * 2 - 1
        T = lambda m: m.transpose(-1, -2)
        softmax = lambda s: xp.softmax(s, dim=-1)
        amax = lambda m: float(m.abs().max())
        perm = lambda k: xp.randperm(k, generator=g)
        eps = float(xp.finfo(xp.float64).eps)
    eta = 5e-324  # NOTE: the smallest subnormal double, 2^-1074: the η term of verify::compare's bound

    def attn(y, c, wq, wk, wv):
        q, k, v = y @ wq, c @ wk, c @ wv
        return softmax((q @ T(k)) * (1.0 / wq.shape[1] ** 0.5)) @ v

    def mha(x, wq, wk, wv, wo):
        dh = d // heads
        split = lambda m: m.reshape(n, heads, dh).transpose(1, 0, 2) if tool == "numpy" else m.reshape(n, heads, dh).transpose(0, 1)
        q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
        z = softmax((q @ T(k)) * (1.0 / dh ** 0.5)) @ v
        z = z.transpose(1, 0, 2).reshape(n, d) if tool == "numpy" else z.transpose(0, 1).reshape(n, d)
        return z @ wo

    times, held = [], 0
    start = time.perf_counter()
    while len(times) < 3 or time.perf_counter() - start < seconds:
        if workload == "head":
            x, w, p = uni(n, d), [uni(d, d) for _ in range(3)], perm(n)
            t0 = time.perf_counter()
            left = attn(x[p], x[p], *w)
            right = attn(x, x, *w)[p]
            ok = amax(left - right) <= 4 * (n + 1) * (eps * amax(x @ w[2]) + eta)
        elif workload == "multihead":
            x, w, p = uni(n, d), [uni(d, d) for _ in range(4)], perm(n)
            t0 = time.perf_counter()
            left = mha(x[p], *w)
            right = mha(x, *w)[p]
            ok = amax(left - right) <= (4 * (n + 1) + 2 * d + 2) * (eps * d * amax(w[3]) * amax(x @ w[2]) + eta)
        else:
            y, c, w, p = uni(n, d), uni(nk, d), [uni(d, d) for _ in range(3)], perm(nk)
            t0 = time.perf_counter()
            left = attn(y, c[p], *w)
            right = attn(y, c, *w)
            ok = amax(left - right) <= 4 * (nk + 1) * (eps * amax(c @ w[2]) + eta)
        times.append(time.perf_counter() - t0)
        held += bool(ok)
    blas = sorted({os.path.basename(l.split()[-1]) for l in open("/proc/self/maps") if "blas" in l})
    print(f"{statistics.median(times):.6g} {min(times):.6g} {len(times)} {held} {','.join(blas) or 'none'}")


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode not in (0, 1):
        sys.exit(f"{cmd[0]} failed ({r.returncode}): {r.stderr.strip()}")
    return r


def ours(binary, wl, n, nk, d, h, threads, seconds):
    out = run([binary, "--workload", wl, "--n", str(n), "--nk", str(nk), "--d", str(d), "--heads", str(h),
               "--threads", str(threads), "--seconds", str(seconds)]).stdout
    kv = dict(f.split("=", 1) for f in out.split()[1:])
    return float(kv["median_s"]), kv["held"] == "all"


def peer(tool, wl, n, nk, d, h, seconds, env):
    r = run([sys.executable, __file__, "--worker", tool, wl, str(n), str(nk), str(d), str(h), str(seconds)], env)
    if len(r.stdout.split()) != 5:
        sys.exit(f"{tool} {wl} failed: {r.stderr.strip()[-2000:]}")
    med, _mn, checks, held, blas = r.stdout.split()
    core = [l for l in r.stderr.splitlines() if "Core:" in l]
    return float(med), int(held) == int(checks), blas, (core[0].split("Core:")[1].strip() if core else "?")


def fmt(t):
    return f"{t * 1e3:.1f} ms" if t >= 1e-3 else f"{t * 1e6:.0f} µs"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        tool, wl, n, nk, d, h, secs = sys.argv[2:9]
        worker(tool, wl, int(n), int(nk), int(d), int(h), float(secs), 1)
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="build/bench/orderblind_large_bench")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--openblas", default=None)
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    a = ap.parse_args()
    env = dict(os.environ)
    for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        env.pop(k, None)
    env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", OPENBLAS_VERBOSE="2")
    if a.openblas:
        env["LD_LIBRARY_PATH"] = a.openblas + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    print("| workload | n × d (heads) | round | orderblind 1 thread | orderblind 2 threads | NumPy | PyTorch f64 "
          "| NumPy ÷ ours | PyTorch ÷ ours | ours 1 ÷ 2 threads |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    notes, ok = set(), True
    for wl, n, nk, d, h in QUICK if a.quick else SIZES:
        for rnd in range(1, a.rounds + 1):
            o1, h1 = ours(a.bin, wl, n, nk, d, h, 1, a.seconds)
            np_t, h2, np_blas, np_core = peer("numpy", wl, n, nk, d, h, a.seconds, env)
            th_t, h3, th_blas, th_core = peer("torch", wl, n, nk, d, h, a.seconds, env)
            o2, h4 = ours(a.bin, wl, n, nk, d, h, 2, a.seconds)
            ok = ok and h1 and h2 and h3 and h4
            notes.add(f"NumPy loaded {np_blas} (OpenBLAS core {np_core}); PyTorch loaded {th_blas} (core {th_core})")
            size = f"{n} × {d}" + (f" ({h} heads)" if wl == "multihead" else "") + (f" over {nk}" if wl == "cross" else "")
            print(f"| {wl} | {size} | {rnd} | {fmt(o1)} | {fmt(o2)} | {fmt(np_t)} | {fmt(th_t)} | {np_t / o1:.2f}× "
                  f"| {th_t / o1:.2f}× | {o1 / o2:.2f}× |", flush=True)
    for note in sorted(notes):
        print(f"\n{note}")
    print("\nevery check held" if ok else "\nSOME CHECK FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
