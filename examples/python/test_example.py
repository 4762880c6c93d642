import torch
import orderblind

torch.manual_seed(0)
D = 16


def numpy_fn(module, dtype):
    """(n, d) NumPy rows in, (n, d) out: one unbatched sequence through a batch-first module."""
    module = module.eval().to(dtype)  # eval(): dropout off (in train mode: NondeterministicError)
    return lambda x: module(torch.from_numpy(x).to(dtype)[None])[0]


def encoder():
    return torch.nn.TransformerEncoderLayer(D, nhead=4, dim_feedforward=32, batch_first=True)


class WithLearnedPositions(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.positions, self.layer = torch.nn.Embedding(64, D), encoder()

    def forward(self, x):
        return self.layer(x + self.positions.weight[: x.shape[1]])


@torch.no_grad()
def test_an_encoder_layer_is_blind_to_token_order():
    for dtype in (torch.float32, torch.bfloat16):  # the bound is in units of that dtype's ε
        orderblind.assert_permutation_equivariant(numpy_fn(encoder(), dtype), d=D, dtype=dtype)


@torch.no_grad()
def test_learned_positions_break_it():
    ce = orderblind.find_equivariance_counterexample(numpy_fn(WithLearnedPositions(), torch.float32), d=D,
                                                     dtype=torch.float32)
    assert ce is not None and ce.n == 2, ce  # shrunk to two tokens, π = (0 1)
