# SPDX-License-Identifier: MIT
"""An outside oracle in double: PyTorch's own layers (torch 1.13 from Debian, CPU, float64, eval mode,
dropout 0, post-norm, ReLU) with the library's weights loaded into them, compared with the library's double
output within a bound derived below from the data, entry by entry.

Weights: the library computes Q = X W_Q with W_Q (d × d), heads in column blocks of width d_h = d/heads,
output concat(heads) · W_O. torch.nn.MultiheadAttention computes q = x Aᵀ + a with A the first d rows of
in_proj_weight, splits q into heads by the same column blocks, scales by 1/√d_h, and applies out_proj (x Bᵀ
+ b). So A = W_Qᵀ (likewise W_K, W_V), B = W_Oᵀ, every bias 0; linear1.weight = W₁ᵀ, linear1.bias = b₁,
linear2.weight = W₂ᵀ, linear2.bias = b₂; norm.weight = γ, norm.bias = β, norm.eps = ε.

The bound (first order in u = 2⁻⁵³, γ_k = k·u/(1 − k·u); the standard forward error bounds of a dot
product, a sum, and a correctly rounded operation, as in Higham, "Accuracy and Stability of Numerical
Algorithms", §3.1–3.5):
  - projections: |ΔQ| ≤ γ_d·|X||W_Q| (likewise K, V);
  - a score s = c·q·k (c = 1/√d_h, itself rounded): |Δs| ≤ c·(2γ_d + γ_{d_h} + 3u)·(|X||W_Q|)(|C||W_K|)ᵀ,
    plus c·(δq·|K̂| + |Q̂|·δk) when the inputs carry errors δ (blocks);
  - a softmax weight moves by at most a relative 2·max_j|Δs_ij| + γ_{m+4} (m keys: the exp's error ≤ 2u,
    the max shift, the sum of m terms, the division);
  - a head's output: |Δz_ic| ≤ (ρ_i + γ_d + γ_m)·max_j V̂_jc (the weights sum to 1), V̂ = |C||W_V| (+ δ_C·|W_V|);
  - the output: |Δo| ≤ (|Δz| + γ_d·|Ẑ|)·|W_O|;
  - LayerNorm: an input error δ (per row) moves entry j by at most |γ_j|/σ·(2 + |x̂_j|·mean|x̂|)·δ (its
    Jacobian (γ_j/σ)(δ_jk − 1/d − x̂_j x̂_k/d)), and it rounds by at most γ_{2d+8}·(|x̂_j||γ_j| + |β_j|);
  - the FFN: (|Δh| + γ_{d+1}(|h||W₁| + |b₁|))·|W₂| + γ_{d_ff+1}(|r||W₂| + |b₂|) (ReLU is 1-Lipschitz);
  - a residual sum adds u·|sum|.
Each implementation is within that bound of the exact result, so the two are within twice it of each
other; the terms of second order in u are covered by a further factor 2 (every magnitude here is below
10³, so a second-order term is below 10³·u² ≪ u·10⁻¹⁰). Measured ratios (worst |difference| / bound) are
printed by the tests with -s.
"""
import math

import numpy as np
import pytest

import orderblind as ob
from orderblind import _core as core

torch = pytest.importorskip("torch")
nn = torch.nn

U = 2.0**-53


def gamma(k):
    return k * U / (1 - k * U)


@pytest.fixture(autouse=True)
def float64_no_grad():
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    with torch.no_grad():
        yield
    torch.set_default_dtype(old)


def rng_matrix(rng, r, c, scale=1.0):
    return rng.uniform(-scale, scale, size=(r, c))


# --- the derived bounds ----------------------------------------------------------------------------


def mha_bound(y, c, wq, wk, wv, wo, heads, causal=False, dy=None, dc=None):
    """First-order bound on |library − exact| (or torch − exact) of multi-head attention, per entry; dy, dc
    are per-entry bounds on errors already in the inputs."""
    n, d = y.shape
    m = c.shape[0]
    dh = d // heads
    dy = np.zeros_like(y) if dy is None else dy
    dc = np.zeros_like(c) if dc is None else dc
    qh, kh, vh = np.abs(y) @ np.abs(wq), np.abs(c) @ np.abs(wk), np.abs(c) @ np.abs(wv)
    dq, dk, dv = dy @ np.abs(wq), dc @ np.abs(wk), dc @ np.abs(wv)
    zbound = np.zeros((n, d))
    zmag = np.zeros((n, d))
    for h in range(heads):
        cols = slice(h * dh, (h + 1) * dh)
        scale = 1 / math.sqrt(dh)
        ds = scale * ((2 * gamma(d) + gamma(dh) + 3 * U) * qh[:, cols] @ kh[:, cols].T
                      + dq[:, cols] @ kh[:, cols].T + qh[:, cols] @ dk[:, cols].T)
        if causal:
            ds = np.where(np.tril(np.ones((n, m))) > 0, ds, 0)
        rho = 2 * ds.max(axis=1) + gamma(m + 4)
        vmax = vh[:, cols].max(axis=0)
        dvmax = dv[:, cols].max(axis=0)
        zbound[:, cols] = (rho[:, None] + gamma(d) + gamma(m)) * vmax[None, :] + dvmax[None, :]
        zmag[:, cols] = vmax[None, :]
    return (zbound + gamma(d) * zmag) @ np.abs(wo)


def ln_bound(x, g, b, eps, dx):
    mu = x.mean(axis=1, keepdims=True)
    sigma = np.sqrt(((x - mu) ** 2).mean(axis=1, keepdims=True) + eps)
    xh = (x - mu) / sigma
    delta = dx.max(axis=1, keepdims=True)
    amp = np.abs(g) / sigma * (2 + np.abs(xh) * np.abs(xh).mean(axis=1, keepdims=True))
    d = x.shape[1]
    return amp * delta + gamma(2 * d + 8) * (np.abs(xh) * np.abs(g) + np.abs(b))


def ln(x, g, b, eps):
    mu = x.mean(axis=1, keepdims=True)
    return (x - mu) / np.sqrt(((x - mu) ** 2).mean(axis=1, keepdims=True) + eps) * g + b


def ffn_bound(h, w1, b1, w2, b2, dh):
    d, dff = w1.shape
    r = np.maximum(h @ w1 + b1, 0)
    pre = dh @ np.abs(w1) + gamma(d + 1) * (np.abs(h) @ np.abs(w1) + np.abs(b1))
    return pre @ np.abs(w2) + gamma(dff + 1) * (np.abs(r) @ np.abs(w2) + np.abs(b2))


def ffn(h, w1, b1, w2, b2):
    return np.maximum(h @ w1 + b1, 0) @ w2 + b2


def np_mha(y, c, wq, wk, wv, wo, heads, causal=False):
    """A NumPy forward pass, used only for the magnitudes the bounds need (never as the oracle)."""
    n, d = y.shape
    dh = d // heads
    out = np.zeros((n, d))
    for h in range(heads):
        cols = slice(h * dh, (h + 1) * dh)
        s = (y @ wq[:, cols]) @ (c @ wk[:, cols]).T / math.sqrt(dh)
        if causal:
            s = np.where(np.tril(np.ones(s.shape)) > 0, s, -np.inf)
        a = np.exp(s - s.max(axis=1, keepdims=True))
        a /= a.sum(axis=1, keepdims=True)
        out[:, cols] = a @ (c @ wv[:, cols])
    return out @ wo


def encoder_bound(x, w):
    """w: dict of the block's weights."""
    a = x + np_mha(x, x, w["wq"], w["wk"], w["wv"], w["wo"], w["heads"])
    da = mha_bound(x, x, w["wq"], w["wk"], w["wv"], w["wo"], w["heads"]) + U * np.abs(a)
    h = ln(a, w["g1"], w["be1"], w["eps"])
    dh = ln_bound(a, w["g1"], w["be1"], w["eps"], da)
    b = h + ffn(h, w["w1"], w["b1"], w["w2"], w["b2"])
    db = dh + ffn_bound(h, w["w1"], w["b1"], w["w2"], w["b2"], dh) + U * np.abs(b)
    return ln_bound(b, w["g2"], w["be2"], w["eps"], db)


def decoder_bound(y, c, w):
    s, x = w["self"], w["cross"]
    a1 = y + np_mha(y, y, *s, w["heads"], causal=True)
    da1 = mha_bound(y, y, *s, w["heads"], causal=True) + U * np.abs(a1)
    h1 = ln(a1, w["g1"], w["be1"], w["eps"])
    dh1 = ln_bound(a1, w["g1"], w["be1"], w["eps"], da1)
    a2 = h1 + np_mha(h1, c, *x, w["heads"])
    da2 = dh1 + mha_bound(h1, c, *x, w["heads"], dy=dh1) + U * np.abs(a2)
    h2 = ln(a2, w["g2"], w["be2"], w["eps"])
    dh2 = ln_bound(a2, w["g2"], w["be2"], w["eps"], da2)
    b = h2 + ffn(h2, w["w1"], w["b1"], w["w2"], w["b2"])
    db = dh2 + ffn_bound(h2, w["w1"], w["b1"], w["w2"], w["b2"], dh2) + U * np.abs(b)
    return ln_bound(b, w["g3"], w["be3"], w["eps"], db)


# NOTE: both implementations are within the first-order bound of the exact result, hence 2× of each other;
# a further 2× covers the second-order terms (module docstring).
SAFETY = 2 * 2


def within(lib, ref, bound, label):
    assert np.all(np.isfinite(lib)) and np.all(np.isfinite(ref)) and np.all(np.isfinite(bound)), label
    assert lib.shape == ref.shape and lib.size > 0, label
    diff = np.abs(lib - ref)
    ratio = (diff / (SAFETY * bound)).max()
    print(f"{label}: worst |library − torch| / bound = {ratio:.3g} (max |diff| {diff.max():.3g})")
    return ratio


# --- loading the library's weights into torch ------------------------------------------------------


def torch_mha(d, heads, wq, wk, wv, wo):
    m = nn.MultiheadAttention(d, heads, dropout=0.0, bias=True, batch_first=True)
    m.in_proj_weight.copy_(torch.from_numpy(np.concatenate([wq.T, wk.T, wv.T], axis=0)))
    m.in_proj_bias.zero_()
    m.out_proj.weight.copy_(torch.from_numpy(wo.T.copy()))
    m.out_proj.bias.zero_()
    return m.eval()


def load_block_common(layer, w, norms):
    layer.linear1.weight.copy_(torch.from_numpy(w["w1"].T.copy()))
    layer.linear1.bias.copy_(torch.from_numpy(w["b1"][0]))
    layer.linear2.weight.copy_(torch.from_numpy(w["w2"].T.copy()))
    layer.linear2.bias.copy_(torch.from_numpy(w["b2"][0]))
    for norm, (g, b) in zip(norms, [(w["g1"], w["be1"]), (w["g2"], w["be2"]), (w.get("g3"), w.get("be3"))]):
        norm.weight.copy_(torch.from_numpy(g[0]))
        norm.bias.copy_(torch.from_numpy(b[0]))
        norm.eps = w["eps"]


def load_attention(m, wq, wk, wv, wo):
    m.in_proj_weight.copy_(torch.from_numpy(np.concatenate([wq.T, wk.T, wv.T], axis=0)))
    m.in_proj_bias.zero_()
    m.out_proj.weight.copy_(torch.from_numpy(wo.T.copy()))
    m.out_proj.bias.zero_()


def run(module, *xs, **kw):
    return module(*[torch.from_numpy(x)[None] for x in xs], **kw)


def block_weights(rng, d, heads, dff, decoder=False):
    w = {"heads": heads, "eps": 1e-5}
    for k in ("wq", "wk", "wv", "wo"):
        w[k] = rng_matrix(rng, d, d, 0.5)
    w["w1"], w["b1"] = rng_matrix(rng, d, dff, 0.5), rng_matrix(rng, 1, dff, 0.5)
    w["w2"], w["b2"] = rng_matrix(rng, dff, d, 0.5), rng_matrix(rng, 1, d, 0.5)
    for k in ("1", "2", "3"):
        w["g" + k], w["be" + k] = 1 + rng_matrix(rng, 1, d, 0.2), rng_matrix(rng, 1, d, 0.2)
    if decoder:
        w["self"] = [w["wq"], w["wk"], w["wv"], w["wo"]]
        w["cross"] = [rng_matrix(rng, d, d, 0.5) for _ in range(4)]
    return w


# --- the oracle ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("d,heads", [(8, 1), (8, 2), (8, 4), (12, 3), (16, 4)])
@pytest.mark.parametrize("causal", [False, True])
def test_multihead_attention_matches_torch(d, heads, causal):
    rng = np.random.default_rng(2800 + d * 10 + heads + 100 * causal)
    n, m = 7, (7 if causal else 9)
    y, c = rng_matrix(rng, n, d, 2), rng_matrix(rng, m, d, 2)
    if causal:
        c = y
    wq, wk, wv, wo = (rng_matrix(rng, d, d, 0.5) for _ in range(4))
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1) if causal else None
    ref = run(torch_mha(d, heads, wq, wk, wv, wo), y, c, c, attn_mask=mask, need_weights=False)[0][0].numpy()
    lib = core.multi_head_attention(y, c, wq, wk, wv, wo, heads, causal)
    ratio = within(lib, ref, mha_bound(y, c, wq, wk, wv, wo, heads, causal), f"MHA d={d} heads={heads} causal={causal}")
    assert ratio <= 1


@pytest.mark.parametrize("d,heads,dff", [(8, 2, 16), (8, 4, 8), (12, 3, 24)])
def test_encoder_layer_matches_torch(d, heads, dff):
    rng = np.random.default_rng(2810 + d + heads)
    n = 6
    x = rng_matrix(rng, n, d, 2)
    w = block_weights(rng, d, heads, dff)
    layer = nn.TransformerEncoderLayer(d, heads, dim_feedforward=dff, dropout=0.0, activation="relu",
                                       batch_first=True, norm_first=False, layer_norm_eps=w["eps"])
    load_attention(layer.self_attn, w["wq"], w["wk"], w["wv"], w["wo"])
    load_block_common(layer, w, [layer.norm1, layer.norm2])
    ref = run(layer.eval(), x)[0].numpy()
    lib = core.encoder_block(x, w["wq"], w["wk"], w["wv"], w["wo"], heads, w["w1"], w["b1"], w["w2"], w["b2"],
                             w["g1"], w["be1"], w["g2"], w["be2"], w["eps"])
    assert within(lib, ref, encoder_bound(x, w), f"encoder d={d} heads={heads}") <= 1


@pytest.mark.parametrize("d,heads,dff", [(8, 2, 16), (8, 4, 8), (12, 3, 24)])
def test_decoder_layer_matches_torch(d, heads, dff):
    rng = np.random.default_rng(2820 + d + heads)
    n, m = 5, 7
    y, c = rng_matrix(rng, n, d, 2), rng_matrix(rng, m, d, 2)
    w = block_weights(rng, d, heads, dff, decoder=True)
    layer = nn.TransformerDecoderLayer(d, heads, dim_feedforward=dff, dropout=0.0, activation="relu",
                                       batch_first=True, norm_first=False, layer_norm_eps=w["eps"])
    load_attention(layer.self_attn, *w["self"])
    load_attention(layer.multihead_attn, *w["cross"])
    load_block_common(layer, w, [layer.norm1, layer.norm2, layer.norm3])
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
    ref = layer.eval()(torch.from_numpy(y)[None], torch.from_numpy(c)[None], tgt_mask=mask)[0].numpy()
    norms = [w["g1"], w["be1"], w["g2"], w["be2"], w["g3"], w["be3"]]
    lib = core.decoder_block(y, c, w["self"], w["cross"], heads, w["w1"], w["b1"], w["w2"], w["b2"], norms, w["eps"])
    assert within(lib, ref, decoder_bound(y, c, w), f"decoder d={d} heads={heads}") <= 1


# --- the mutants the oracle can see --------------------------------------------------------------------
# Each wrong-but-equivariant mutant of proofs/identities/spec_mutants.hpp that can be written as the
# library's own function on transformed weights (or as the library's sub-layers wired differently) is
# compared with torch the same way; each must exceed the bound. (The unbiased-variance LayerNorm is not
# expressible through the library's functions; the symbolic identity Norm(X) = spec catches it.)

D, HEADS, DFF, N, M = 8, 2, 8, 6, 5


def _mha_mutants(wq, wk, wv, wo):
    dh = D // HEADS
    rev = np.concatenate([wo[h * dh:(h + 1) * dh] for h in reversed(range(HEADS))], axis=0)
    share = lambda w: np.tile(w[:, :dh], (1, HEADS))
    return {
        "reversed head order": (wq, wk, wv, rev),
        "missing per-head scale": (wq * math.sqrt(dh), wk, wv, wo),
        "scale 1/sqrt(d) instead of 1/sqrt(d_h)": (wq * math.sqrt(dh / D), wk, wv, wo),
        "W_O transposed": (wq, wk, wv, wo.T.copy()),
        "heads share one projection": (share(wq), share(wk), share(wv), wo),
    }


@pytest.mark.parametrize("name", list(_mha_mutants(*(np.eye(D),) * 4)))
def test_attention_mutant_is_refuted_by_torch(name):
    rng = np.random.default_rng(2830)
    x = rng_matrix(rng, N, D, 2)
    wq, wk, wv, wo = (rng_matrix(rng, D, D, 0.5) for _ in range(4))
    ref = run(torch_mha(D, HEADS, wq, wk, wv, wo), x, x, x, need_weights=False)[0][0].numpy()
    lib = core.multi_head_attention(x, x, *_mha_mutants(wq, wk, wv, wo)[name], HEADS, False)
    assert within(lib, ref, mha_bound(x, x, wq, wk, wv, wo, HEADS), name) > 1


def _library_encoder(x, w, mutant):
    mha = lambda z: core.multi_head_attention(z, z, w["wq"], w["wk"], w["wv"], w["wo"], HEADS, False)
    norm = lambda z, k: core.layer_norm(z, w["g" + k], w["be" + k], 0.0 if mutant == "norm without eps" else w["eps"])
    f = ((w["w2"], w["b2"], w["w1"], w["b1"]) if mutant == "FFN layers swapped" else (w["w1"], w["b1"], w["w2"], w["b2"]))
    ffn_ = lambda z: core.feed_forward(z, *f)
    if mutant == "pre-norm instead of post-norm":
        h = x + mha(norm(x, "1"))
        return h + ffn_(norm(h, "2"))
    h = norm(x + mha(x), "1")
    return norm(h + ffn_(h), "2")


@pytest.mark.parametrize("mutant", ["pre-norm instead of post-norm", "norm without eps", "FFN layers swapped"])
def test_encoder_mutant_is_refuted_by_torch(mutant):
    rng = np.random.default_rng(2840)
    # NOTE: a row of tiny spread makes ε matter (σ² comparable with ε = 1e-5)
    x = rng_matrix(rng, N, D, 2)
    x[0] = 1e-3 * rng_matrix(rng, 1, D, 1)
    w = block_weights(rng, D, HEADS, DFF)
    layer = nn.TransformerEncoderLayer(D, HEADS, dim_feedforward=DFF, dropout=0.0, batch_first=True,
                                       layer_norm_eps=w["eps"])
    load_attention(layer.self_attn, w["wq"], w["wk"], w["wv"], w["wo"])
    load_block_common(layer, w, [layer.norm1, layer.norm2])
    ref = run(layer.eval(), x)[0].numpy()
    # the same composition without a mutant is the library's block (a check that the wiring itself is right)
    assert within(_library_encoder(x, w, None), ref, encoder_bound(x, w), "library sub-layers, post-norm") <= 1
    assert within(_library_encoder(x, w, mutant), ref, encoder_bound(x, w), mutant) > 1


@pytest.mark.parametrize("mutant", ["decoder's causal mask off", "cross-attention keys from the decoder rows"])
def test_decoder_mutant_is_refuted_by_torch(mutant):
    rng = np.random.default_rng(2850)
    y, c = rng_matrix(rng, N, D, 2), rng_matrix(rng, M, D, 2)
    w = block_weights(rng, D, HEADS, DFF, decoder=True)
    layer = nn.TransformerDecoderLayer(D, HEADS, dim_feedforward=DFF, dropout=0.0, batch_first=True,
                                       layer_norm_eps=w["eps"])
    load_attention(layer.self_attn, *w["self"])
    load_attention(layer.multihead_attn, *w["cross"])
    load_block_common(layer, w, [layer.norm1, layer.norm2, layer.norm3])
    mask = torch.triu(torch.ones(N, N, dtype=torch.bool), diagonal=1)
    ref = layer.eval()(torch.from_numpy(y)[None], torch.from_numpy(c)[None], tgt_mask=mask)[0].numpy()
    norm = lambda z, k: core.layer_norm(z, w["g" + k], w["be" + k], w["eps"])
    h1 = norm(y + core.multi_head_attention(y, y, *w["self"], HEADS, mutant != "decoder's causal mask off"), "1")
    kv = h1 if mutant == "cross-attention keys from the decoder rows" else c
    h2 = norm(h1 + core.multi_head_attention(h1, kv, *w["cross"], HEADS, False), "2")
    out = norm(h2 + core.feed_forward(h2, w["w1"], w["b1"], w["w2"], w["b2"]), "3")
    assert within(out, ref, decoder_bound(y, c, w), mutant) > 1
