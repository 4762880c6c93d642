# SPDX-License-Identifier: MIT
"""Real clients: PyTorch's own layers (torch 1.13 from Debian), eval mode, float64, dropout 0, fixed seeds."""
import numpy as np
import pytest

import orderblind as ob

torch = pytest.importorskip("torch")
nn = torch.nn

D, HEADS = 8, 2


def as_fn(module):
    """The two-line adapter of docs/python.md: one unbatched (n, d) sequence in, (n, d') out."""
    return lambda x: module(torch.from_numpy(x)[None])[0].detach().numpy()


@pytest.fixture(autouse=True)
def float64_and_seeded():
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    torch.manual_seed(0)
    with torch.no_grad():
        yield
    torch.set_default_dtype(old)


class SelfAttention(nn.Module):
    def __init__(self, causal=False, position_bias=False, max_len=16):
        super().__init__()
        self.mha = nn.MultiheadAttention(D, HEADS, dropout=0.0, batch_first=True)
        self.causal = causal
        # the deliberately broken layer: a learned bias per (query position, key position), added to the
        # attention scores (a float attn_mask is added to q·k/√d before the softmax)
        self.bias = nn.Parameter(torch.randn(max_len, max_len)) if position_bias else None

    def forward(self, x):
        n = x.shape[1]
        mask = None
        if self.causal:
            mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)
        if self.bias is not None:
            mask = self.bias[:n, :n]
        return self.mha(x, x, x, attn_mask=mask, need_weights=False)[0]


def test_multihead_attention_is_equivariant():
    st = ob.assert_permutation_equivariant(as_fn(SelfAttention().eval()), d=D, cases=100)
    assert st.max_residual_eps < st.cases  # the margin is visible; the bound here is 4·7 + 2·8 + 2 = 46


def test_causal_multihead_attention_is_refuted_with_two_tokens():
    ce = ob.find_equivariance_counterexample(as_fn(SelfAttention(causal=True).eval()), d=D)
    assert ce is not None and ce.n == 2 and ce.cycles == "(0 1)"


def test_position_bias_inside_attention_is_caught_and_shrunk():
    f = as_fn(SelfAttention(position_bias=True).eval())
    with pytest.raises(ob.CounterexampleError) as err:
        ob.assert_permutation_equivariant(f, d=D)
    ce = err.value.counterexample
    print(err.value)  # the note quotes this message
    assert ce.n == 2 and ce.cycles == "(0 1)"
    assert np.count_nonzero(ce.case.x) <= 2 and np.all(ce.case.x == np.trunc(ce.case.x))
    assert "replay" in str(err.value) and f"seed {ob.DEFAULT_SEED}" in str(err.value)


def encoder_layer():
    return nn.TransformerEncoderLayer(D, HEADS, dim_feedforward=16, dropout=0.0, batch_first=True).eval()


def test_encoder_layer_and_stack_are_equivariant_and_mean_pool_invariant():
    layer = encoder_layer()
    ob.assert_permutation_equivariant(as_fn(layer), d=D, cases=50)
    stack = nn.TransformerEncoder(encoder_layer(), num_layers=2, enable_nested_tensor=False).eval()
    ob.assert_permutation_equivariant(as_fn(stack), d=D, cases=50, layers=2)
    ob.assert_permutation_invariant(lambda x: as_fn(stack)(x).mean(axis=0), d=D, cases=50, layers=2)


def test_decoder_layer_ignores_the_order_of_memory():
    dec = nn.TransformerDecoderLayer(D, HEADS, dim_feedforward=16, dropout=0.0, batch_first=True).eval()
    f = lambda q, m: dec(torch.from_numpy(q)[None], torch.from_numpy(m)[None])[0].numpy()  # noqa: E731
    ob.assert_cross_attention_invariant(f, d=D, cases=50)
    # and it is not invariant to the order of its own (causally masked) target rows
    causal = lambda q, m: dec(torch.from_numpy(q)[None], torch.from_numpy(m)[None],  # noqa: E731
                              tgt_mask=nn.Transformer.generate_square_subsequent_mask(q.shape[0]))[0].numpy()
    assert ob.find_equivariance_counterexample(lambda x: causal(x, x), d=D) is not None


# --- RoPE as common PyTorch code writes it (rotate_half, half-split layout) ---------------------------

DIM, BASE = 8, 10000.0


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def make_rope(position_dtype):
    inv_freq = 1.0 / (BASE ** (torch.arange(0, DIM, 2, dtype=torch.float64) / DIM))

    def apply(x, pos):
        t = torch.tensor([pos], dtype=position_dtype).to(torch.float64)
        freqs = torch.outer(t, inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        return (torch.from_numpy(x) * emb.cos()[0] + rotate_half(torch.from_numpy(x)) * emb.sin()[0]).numpy()

    def phases(delta):
        a = delta * inv_freq
        return torch.stack((a.cos(), a.sin()), dim=1)

    return apply, phases


def test_rope_is_relative_and_matches_the_librarys_half_split_rope():
    rope, phases = make_rope(torch.float64)
    r = ob.check_scheme(query=rope, key=rope, dim=DIM, phases=phases, name="rope (torch, rotate_half)")
    assert r["relative scores"].holds and r["norm-preserving"].holds and r["shift-linear"].holds
    assert r.verdicts == ob.reference_scheme("rope-half-split").verdicts


def test_rope_with_bfloat16_positions_collides_at_257():
    rope, _ = make_rope(torch.bfloat16)
    r = ob.check_scheme(query=rope, dim=DIM, name="rope (bfloat16 positions)")
    assert r["injective"].verdict == "fails"
    assert "256" in r["injective"].summary and "257" in r["injective"].summary
    # NOTE: positions < 256 are exact in bfloat16, so the near grid of "relative scores" holds; the far
    # windows it also probes (around 2⁸, 2¹², 2¹⁶) reach 257 → 256, and the law fails there.
    assert not r["relative scores"].holds


def test_a_float32_module_judged_in_float64_is_a_clear_error():
    f = as_fn(SelfAttention().eval().float())
    with pytest.raises(ob.CallableError, match="pass dtype='float32'"):
        ob.assert_permutation_equivariant(lambda x: f(x.astype(np.float32)), d=D)


# --- the dtypes models run in: float32, bfloat16, float16 ----------------------------------------------

def _half_matmul_on_cpu():
    try:
        torch.ones(2, 2, dtype=torch.float16) @ torch.ones(2, 2, dtype=torch.float16)
        torch.nn.functional.linear(torch.ones(1, 2, dtype=torch.float16), torch.ones(2, 2, dtype=torch.float16),
                                   torch.ones(2, dtype=torch.float16))
    except RuntimeError:
        return False
    return True


DTYPES = [
    pytest.param(torch.float32, id="float32"),
    pytest.param(torch.bfloat16, id="bfloat16"),
    pytest.param(torch.float16, id="float16", marks=pytest.mark.skipif(
        not _half_matmul_on_cpu(), reason=f"torch {torch.__version__} has no float16 matmul on the CPU "
                                          "(addmm_impl_cpu_ not implemented for 'Half')")),
]


def in_dtype(module, dtype):
    """The adapter for a module in a reduced dtype: x arrives as the dtype's values (bfloat16: a float32
    array of bfloat16 values), the tensor is converted exactly, the output goes back as a tensor."""
    module = module.eval().to(dtype)
    return lambda x: module(torch.from_numpy(x).to(dtype)[None])[0]


@pytest.mark.parametrize("engine", ["builtin"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_modules_in_reduced_precision_hold_and_a_position_bias_is_refuted(dtype, engine):
    name = str(dtype).replace("torch.", "")
    for module in (SelfAttention(), encoder_layer()):
        st = ob.assert_permutation_equivariant(in_dtype(module, dtype), d=D, dtype=dtype, cases=100, engine=engine)
        assert st.dtype == name and f"of {name}" in st.arithmetic
    with pytest.raises(ob.CounterexampleError, match=f"of {name}, f computed in {name}") as err:
        ob.assert_permutation_equivariant(in_dtype(SelfAttention(position_bias=True), dtype), d=D, dtype=dtype,
                                          engine=engine)
    assert err.value.counterexample.n == 2 and err.value.counterexample.cycles == "(0 1)"


def test_the_same_with_hypothesis_drawing_and_shrinking():
    test_modules_in_reduced_precision_hold_and_a_position_bias_is_refuted(torch.bfloat16, "hypothesis")


def test_a_float16_module_this_torch_cannot_run_is_an_error_naming_the_dtype_not_a_refutation():
    """PyTorch 1.13 has no float16 matrix product on the CPU: the module raises inside f, and the door says
    so (the dtype, the PyTorch version, what to do) instead of a raw RuntimeError or a counterexample."""
    if _half_matmul_on_cpu():
        pytest.skip(f"torch {torch.__version__} runs float16 on the CPU: the float16 cases above run instead")
    for engine in ("builtin", "hypothesis"):
        with pytest.raises(ob.UnsupportedDtypeError, match=rf"cannot run in float16: PyTorch {torch.__version__} "
                                                           r"has no float16 kernel.*not implemented for 'Half'.*"
                                                           r"not a counterexample") as err:
            ob.assert_permutation_equivariant(in_dtype(SelfAttention(), torch.float16), d=D, dtype=torch.float16,
                                              engine=engine)
        assert err.value.dtype == "float16" and isinstance(err.value, ob.CallableError)
        assert err.value.__cause__ is None and isinstance(err.value.original, RuntimeError)
    with pytest.raises(ob.UnsupportedDtypeError, match="cannot run in float16"):
        ob.find_equivariance_counterexample(in_dtype(SelfAttention(position_bias=True), torch.float16), d=D,
                                            dtype="float16")


def test_a_bfloat16_module_needs_its_own_dtype():
    f = in_dtype(SelfAttention(), torch.bfloat16)
    with pytest.raises(ob.CallableError, match="returned dtype bfloat16.*pass dtype='bfloat16'"):
        ob.assert_permutation_equivariant(f, d=D, dtype="float32")


def test_dropout_in_train_mode_is_nondeterministic_not_a_counterexample():
    layer = nn.TransformerEncoderLayer(D, HEADS, dim_feedforward=16, dropout=0.3, batch_first=True).train()
    for engine in ("builtin", "hypothesis"):
        with pytest.raises(ob.NondeterministicError, match=r"not deterministic.*module\.eval\(\)"):
            ob.assert_permutation_equivariant(as_fn(layer), d=D, engine=engine)
    ob.assert_permutation_equivariant(as_fn(layer.eval()), d=D, cases=20)  # and eval() is the fix
