// SPDX-License-Identifier: MIT
// `implementation == specification` (see specification.hpp): the two sides, over symbols and over Q.
#include "proofs/identities/specification.hpp"

#include <chrono>
#include <sstream>
#include <type_traits>
#include <utility>

#include "orderblind/case_source.hpp"
#include "proofs/identities/spec_mutants.hpp"
#include "proofs/identities/support.hpp"
#include "proofs/spec/ops.hpp"
#include "proofs/spec/spec.hpp"

namespace orderblind::identities {

using detail::S;
using Q = mpq_rational;
static_assert(std::is_same_v<Q, spec::rational_ops::T>, "the specification's rationals are the library's mpq_rational");

std::vector<spec_check> all_spec_checks() {
  return {spec_check::self_head, spec_check::cross_head, spec_check::mha,      spec_check::mha_causal,
          spec_check::mha_padding, spec_check::mha_cross, spec_check::ffn,     spec_check::norm,
          spec_check::residual,  spec_check::pool,       spec_check::encoder, spec_check::decoder};
}

std::string spec_check_name(spec_check c) {
  switch (c) {
    case spec_check::self_head: return "Attn(X) = spec (one head)";
    case spec_check::cross_head: return "Attn(Y, C) = spec (one head)";
    case spec_check::mha: return "MHA(X) = spec";
    case spec_check::mha_causal: return "causal MHA(X) = spec";
    case spec_check::mha_padding: return "padded MHA(X) = spec";
    case spec_check::mha_cross: return "MHA(Y, C) = spec";
    case spec_check::ffn: return "FFN(X) = spec";
    case spec_check::norm: return "Norm(X) = spec";
    case spec_check::residual: return "X + F = spec";
    case spec_check::pool: return "Pool(X) = spec";
    case spec_check::encoder: return "Enc(X) = spec";
    case spec_check::decoder: return "Dec(Y, C) = spec";
  }
  return "?";
}

std::string spec_check_covers(spec_check c) {
  switch (c) {
    case spec_check::self_head:
      return "self_attention<T> (self_attention_trace, attend_positioned, inverse_sqrt_scale, normalise_rows, "
             "softmax_kernel, weighted_sum; mask none)";
    case spec_check::cross_head: return "cross_attention<T> (cross_attention_trace and the same steps as one head)";
    case spec_check::mha:
      return "multi_head_attention<T>(X, X) (multi_head_weights::head's column slicing, per-head cross_attention "
             "with 1/√d_h, concatenation in head order, · W_O)";
    case spec_check::mha_causal: return "multi_head_attention<T> with mask::causal() (mask::allows, normalise_rows)";
    case spec_check::mha_padding: return "multi_head_attention<T> with mask::padding (mask::allows, normalise_rows)";
    case spec_check::mha_cross: return "multi_head_attention<T>(Y, C)";
    case spec_check::ffn: return "feed_forward<T> (multiply, add_row_bias, relu)";
    case spec_check::norm: return "default_norm<T>::apply: layer_norm<T> over symbols, mad_norm<T> over Q";
    case spec_check::residual: return "residual<T>";
    case spec_check::pool: return "mean_pool<T> (in-order sum)";
    case spec_check::encoder:
      return "encoder_stack<T> / encoder_block<T> (blocks.hpp: the post-norm wiring and the stack's order)";
    case spec_check::decoder:
      return "decoder_stack<T> / decoder_block<T> (the causal self-attention, the cross-attention's inputs, the "
             "post-norm wiring, every block reading C)";
  }
  return "?";
}

std::string spec_size::text(spec_check c) const {
  std::string s;
  const bool two = c == spec_check::cross_head || c == spec_check::mha_cross || c == spec_check::decoder;
  s = two ? "n_dec = " + std::to_string(n) + ", n_enc = " + std::to_string(n_enc) : "n = " + std::to_string(n);
  s += ", d = " + std::to_string(d);
  if (c == spec_check::mha || c == spec_check::mha_causal || c == spec_check::mha_padding ||
      c == spec_check::mha_cross || c == spec_check::encoder || c == spec_check::decoder)
    s += ", heads = " + std::to_string(heads);
  if (c == spec_check::encoder || c == spec_check::decoder)
    s += ", " + std::to_string(blocks) + (blocks == 1 ? " block" : " blocks");
  return s;
}

namespace {

// --- between the library's matrices and the specification's --------------------------------------

template <class T>
spec::mat<T> to_spec(const Matrix<T>& m) {
  spec::mat<T> s(static_cast<std::size_t>(m.rows()), static_cast<std::size_t>(m.cols()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) s(static_cast<std::size_t>(i), static_cast<std::size_t>(j)) = m(i, j);
  return s;
}
template <class T>
Matrix<T> from_spec(const spec::mat<T>& s) {
  Matrix<T> m(static_cast<Eigen::Index>(s.rows), static_cast<Eigen::Index>(s.cols));
  for (std::size_t i = 0; i < s.rows; ++i)
    for (std::size_t j = 0; j < s.cols; ++j) m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = s(i, j);
  return m;
}

/// The library's packed multi-head weights as the specification's per-head weights. The packing (head h =
/// columns h·d_h … (h+1)·d_h − 1 of W_Q, W_K, W_V; W_O's rows in the same blocks) is the library's
/// documented layout (multi_head_weights) and torch.nn.MultiheadAttention's; it is read here column by
/// column, not through multi_head_weights::head. The scale is the specification's own 1/√d_h.
template <class Ops, class T>
spec::mha<T> spec_mha(const multi_head_weights<T>& w) {
  spec::mha<T> out;
  const long d = static_cast<long>(w.wq.cols()), heads = static_cast<long>(w.heads), dh = d / heads;
  for (long h = 0; h < heads; ++h) {
    spec::head<T> hd{spec::mat<T>(static_cast<std::size_t>(w.wq.rows()), static_cast<std::size_t>(dh)),
                     spec::mat<T>(static_cast<std::size_t>(w.wk.rows()), static_cast<std::size_t>(dh)),
                     spec::mat<T>(static_cast<std::size_t>(w.wv.rows()), static_cast<std::size_t>(dh)),
                     Ops::inverse_sqrt(dh)};
    for (long i = 0; i < w.wq.rows(); ++i)
      for (long j = 0; j < dh; ++j) {
        hd.wq(static_cast<std::size_t>(i), static_cast<std::size_t>(j)) = w.wq(i, h * dh + j);
        hd.wk(static_cast<std::size_t>(i), static_cast<std::size_t>(j)) = w.wk(i, h * dh + j);
        hd.wv(static_cast<std::size_t>(i), static_cast<std::size_t>(j)) = w.wv(i, h * dh + j);
      }
    out.heads.push_back(std::move(hd));
  }
  out.wo = to_spec(w.wo);
  return out;
}
template <class Ops, class T>
spec::head<T> spec_head(const head_weights<T>& w) {
  return {to_spec(w.wq), to_spec(w.wk), to_spec(w.wv), Ops::inverse_sqrt(static_cast<long>(w.wq.cols()))};
}
template <class T>
spec::ffn_weights<T> spec_ffn(const ffn_weights<T>& w) {
  return {to_spec(w.w1), to_spec(w.b1), to_spec(w.w2), to_spec(w.b2)};
}
template <class T>
spec::norm_weights<T> spec_norm(const norm_params<T>& p) {
  return {to_spec(p.gamma), to_spec(p.beta), p.eps};
}
template <class Ops, class T>
spec::encoder_weights<T> spec_encoder(const encoder_block_weights<T>& b) {
  return {spec_mha<Ops>(b.attention), spec_ffn(b.ffn), spec_norm(b.norm1), spec_norm(b.norm2)};
}
template <class Ops, class T>
spec::decoder_weights<T> spec_decoder(const decoder_block_weights<T>& b) {
  return {spec_mha<Ops>(b.self_attention), spec_mha<Ops>(b.cross_attention), spec_ffn(b.ffn), spec_norm(b.norm1),
          spec_norm(b.norm2), spec_norm(b.norm3)};
}

/// The padding pattern of mha_padding: key j hidden when j mod 3 = 1 (key 0 always seen).
std::vector<bool> padding_pattern(long n) {
  std::vector<bool> v(static_cast<std::size_t>(n));
  for (long j = 0; j < n; ++j) v[static_cast<std::size_t>(j)] = j % 3 != 1;
  return v;
}

/// Where the inputs come from: a fresh matrix for a name and a shape.
template <class T>
using source = std::function<Matrix<T>(const std::string&, long, long)>;

/// The two sides of one check: the implementation's output, and the specification's. Over symbols the
/// blocks are compared with the specification's wiring of the implementation's own sub-layers (`wiring`:
/// each sub-layer is an identity of its own, so by composition the block equals the specification's
/// block); over Q with the whole specification.
template <class Ops, class T>
std::pair<Matrix<T>, Matrix<T>> both_sides(const implementation<T>& impl, spec_check c, const spec_size& z,
                                           const source<T>& src, spec::norm_kind nk, bool wiring) {
  using M = Matrix<T>;
  const long d = z.d;
  auto mha_w = [&](const std::string& p) {
    return multi_head_weights<T>{src(p + "Wq", d, d), src(p + "Wk", d, d), src(p + "Wv", d, d), src(p + "Wo", d, d),
                                 z.heads};
  };
  auto ffn_w = [&](const std::string& p) {
    return ffn_weights<T>{src(p + "W1", d, d), src(p + "b1", 1, d), src(p + "W2", d, d), src(p + "b2", 1, d)};
  };
  auto norm_w = [&](const std::string& p) {
    norm_params<T> q;
    q.gamma = src(p + "g", 1, d);
    q.beta = src(p + "b", 1, d);
    q.eps = src(p + "eps", 1, 1)(0, 0);
    return q;
  };
  auto rows = [&](const spec::row_map<T>& f, const M& x) { return from_spec(spec::rowwise(f, to_spec(x))); };
  switch (c) {
    case spec_check::self_head: {
      const M x = src("x", z.n, d);
      const head_weights<T> w{src("Wq", d, d), src("Wk", d, d), src("Wv", d, d)};
      const auto sx = to_spec(x);
      return {impl.self_head(x, w, mask::none()),
              from_spec(spec::cross_attention<Ops>(spec_head<Ops>(w), spec::all_keys(), sx, sx))};
    }
    case spec_check::cross_head: {
      const M y = src("y", z.n, d), cc = src("c", z.n_enc, d);
      const head_weights<T> w{src("Wq", d, d), src("Wk", d, d), src("Wv", d, d)};
      return {impl.cross_head(y, cc, w, mask::none()),
              from_spec(spec::cross_attention<Ops>(spec_head<Ops>(w), spec::all_keys(), to_spec(y), to_spec(cc)))};
    }
    case spec_check::mha:
    case spec_check::mha_causal:
    case spec_check::mha_padding: {
      const M x = src("x", z.n, d);
      const auto w = mha_w("");
      const auto sx = to_spec(x);
      const mask m = c == spec_check::mha ? mask::none()
                     : c == spec_check::mha_causal ? mask::causal()
                                                   : mask::padding(padding_pattern(z.n));
      const spec::mask_fn sm = c == spec_check::mha ? spec::all_keys()
                               : c == spec_check::mha_causal ? spec::causal()
                                                             : spec::padding(padding_pattern(z.n));
      return {impl.mha(x, x, w, m), from_spec(spec::multi_head<Ops>(spec_mha<Ops>(w), sm, sx, sx))};
    }
    case spec_check::mha_cross: {
      const M y = src("y", z.n, d), cc = src("c", z.n_enc, d);
      const auto w = mha_w("");
      return {impl.mha(y, cc, w, mask::none()),
              from_spec(spec::multi_head<Ops>(spec_mha<Ops>(w), spec::all_keys(), to_spec(y), to_spec(cc)))};
    }
    case spec_check::ffn: {
      const M x = src("x", z.n, d);
      const auto w = ffn_w("");
      const auto sw = spec_ffn(w);
      return {impl.ffn(x, w), rows([&](const spec::mat<T>& r) { return spec::ffn<Ops>(sw, r); }, x)};
    }
    case spec_check::norm: {
      const M x = src("x", z.n, d);
      const auto p = norm_w("");
      return {impl.norm(x, p), rows(spec::norm_map<Ops>(nk, spec_norm(p)), x)};
    }
    case spec_check::residual: {
      const M x = src("x", z.n, d), f = src("f", z.n, d);
      return {impl.residual(x, f), from_spec(spec::residual(to_spec(x), to_spec(f)))};
    }
    case spec_check::pool: {
      const M x = src("x", z.n, d);
      return {impl.pool(x), from_spec(spec::mean_pool(to_spec(x)))};
    }
    case spec_check::encoder: {
      const M x = src("x", z.n, d);
      std::vector<encoder_block_weights<T>> ws;
      for (long b = 0; b < z.blocks; ++b) {
        const std::string p = "B" + std::to_string(b);
        ws.push_back({mha_w(p), ffn_w(p), norm_w(p + "n1"), norm_w(p + "n2")});
      }
      M rhs;
      if (wiring) {
        rhs = x;
        for (const auto& b : ws)
          rhs = spec::encoder_block_wiring(
              rhs, [&](const M& v) { return impl.mha(v, v, b.attention, mask::none()); },
              [&](const M& v) { return impl.norm(v, b.norm1); }, [&](const M& v) { return impl.ffn(v, b.ffn); },
              [&](const M& v) { return impl.norm(v, b.norm2); }, impl.residual);
      } else {
        std::vector<spec::encoder_weights<T>> sw;
        for (const auto& b : ws) sw.push_back(spec_encoder<Ops>(b));
        rhs = from_spec(spec::encoder_stack<Ops>(sw, nk, to_spec(x)));
      }
      return {impl.encoder(x, ws), rhs};
    }
    case spec_check::decoder: {
      const M y = src("y", z.n, d), cc = src("c", z.n_enc, d);
      std::vector<decoder_block_weights<T>> ws;
      for (long b = 0; b < z.blocks; ++b) {
        const std::string p = "D" + std::to_string(b);
        ws.push_back({mha_w(p + "s"), mha_w(p + "x"), ffn_w(p), norm_w(p + "n1"), norm_w(p + "n2"), norm_w(p + "n3")});
      }
      M rhs;
      if (wiring) {
        rhs = y;
        for (const auto& b : ws) {
          auto attn = [&](const multi_head_weights<T>& w) {
            return [&impl, &w](const M& q, const M& kv, bool causal) {
              return impl.mha(q, kv, w, causal ? mask::causal() : mask::none());
            };
          };
          rhs = spec::decoder_block_wiring(
              rhs, cc, attn(b.self_attention), attn(b.cross_attention),
              [&](const M& v) { return impl.norm(v, b.norm1); }, [&](const M& v) { return impl.norm(v, b.norm2); },
              [&](const M& v) { return impl.ffn(v, b.ffn); }, [&](const M& v) { return impl.norm(v, b.norm3); },
              impl.residual);
        }
      } else {
        std::vector<spec::decoder_weights<T>> sw;
        for (const auto& b : ws) sw.push_back(spec_decoder<Ops>(b));
        rhs = from_spec(spec::decoder_stack<Ops>(sw, nk, to_spec(y), to_spec(cc)));
      }
      return {impl.decoder(y, cc, ws), rhs};
    }
  }
  throw std::logic_error("spec_check: unknown check");
}

bool is_block(spec_check c) { return c == spec_check::encoder || c == spec_check::decoder; }

}  // namespace

identity_run spec_identity(const implementation<S>& impl, spec_check c, const spec_size& z) {
  const std::string law = spec_check_name(c);
  const std::string subject = impl.name + ": " + spec_check_covers(c);
  const std::string size = z.text(c);
  return detail::run_scope::guarded(
      [&] {
        // NOTE: blocks are keyed structurally: expanding LayerNorm's variance of an attention output is out
        // of reach (docs/identities.md), and both sides call the same sub-layers on the same arguments, so
        // they build the same evaluated forms when — and only when — the wiring is the same.
        detail::run_scope run(law, subject, size,
                              is_block(c) ? symbolic::key_form::structural : symbolic::key_form::expanded);
        std::size_t& count = run.input_symbols();
        const source<S> src = [&count](const std::string& name, long r, long cc) {
          return detail::symbols(name, r, cc, count);
        };
        const auto [lhs, rhs] = both_sides<spec::symbolic_ops>(impl, c, z, src, spec::norm_kind::layer, true);
        run.record().residual_zero = run.compare(lhs, rhs, "implementation − specification");
        run.record().checked_on = is_block(c) ? "the specification's wiring of the implementation's sub-layers, each "
                                                "sub-layer an identity of its own"
                                              : "every entry";
        return run.finish();
      },
      law, subject, size);
}

namespace {
std::string print_q(const Q& q) {
  std::ostringstream os;
  os << q;
  return os.str();
}
std::string shorten(std::string s) {
  if (s.size() > 60) {
    s.resize(60);
    s += "…";
  }
  return s;
}
}  // namespace

sampled_run spec_sampled(const implementation<Q>& impl, spec_check c, const spec_size& z, long cases,
                         std::uint64_t seed) {
  sampled_run r;
  r.law = spec_check_name(c);
  r.subject = impl.name + ": " + spec_check_covers(c);
  r.size = z.text(c);
  r.seed = seed;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    case_source rng(seed);
    const auto num = [&] { return rng.uniform_int(-6, 6); };
    const auto den = [&] { return rng.uniform_int(1, 4); };
    const source<Q> src = [&](const std::string& name, long rr, long cc) {
      Matrix<Q> m(rr, cc);
      for (long i = 0; i < rr; ++i)
        for (long j = 0; j < cc; ++j) {
          // NOTE: two statements: the order of a division's operands is unspecified, and both draw.
          const Q top(num());
          m(i, j) = top / Q(den());
        }
      // NOTE: ε must be positive: the MAD norm divides by mean|x − μ| + ε, which is 0 on a constant row when
      // ε = 0 (the library throws; the specification would divide by 0).
      if (name.size() >= 3 && name.compare(name.size() - 3, 3, "eps") == 0) m(0, 0) = Q(den()) / Q(8);
      return m;
    };
    r.all_equal = true;
    for (long k = 0; k < cases && r.all_equal; ++k) {
      const auto [lhs, rhs] = both_sides<spec::rational_ops>(impl, c, z, src, spec::norm_kind::mad, false);
      if (lhs.rows() != rhs.rows() || lhs.cols() != rhs.cols()) {
        r.all_equal = false;
        r.first_difference = "case " + std::to_string(k) + ": shapes " + shape_of(lhs) + " and " + shape_of(rhs);
        break;
      }
      for (Eigen::Index i = 0; i < lhs.rows() && r.all_equal; ++i)
        for (Eigen::Index j = 0; j < lhs.cols() && r.all_equal; ++j)
          if (!(lhs(i, j) == rhs(i, j))) {
            r.all_equal = false;
            const std::string a = shorten(print_q(lhs(i, j))), b = shorten(print_q(rhs(i, j)));
            r.first_difference = "case " + std::to_string(k) + ", entry (" + std::to_string(i) + ", " +
                                 std::to_string(j) + "): implementation " + a + ", specification " + b;
          }
      ++r.cases;
    }
  } catch (const std::exception& e) {
    r.all_equal = false;
    r.error = e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

namespace {
/// The (d, heads) pairs with heads ∈ {1, 2, 4} dividing d ≤ 8.
std::vector<std::pair<long, std::size_t>> widths_and_heads(bool quick) {
  std::vector<std::pair<long, std::size_t>> out;
  for (long d = 1; d <= 8; ++d)
    for (std::size_t h : {1u, 2u, 4u})
      if (d % static_cast<long>(h) == 0 && (!quick || d == 4 || d == 8)) out.emplace_back(d, h);
  return out;
}
}  // namespace

std::vector<planned_run> planned_spec_runs(bool quick) {
  std::vector<planned_run> out;
  const long n_max = quick ? 3 : 8;
  auto add = [&](spec_check c, spec_size z) {
    std::string label = spec_check_name(c) + ", " + z.text(c);
    out.push_back({"spec-sym", std::move(label), quick, [c, z] {
                     return spec_identity(library_implementation<S>(), c, z);
                   }});
  };
  for (long n = 1; n <= n_max; ++n)
    for (long d = 1; d <= 8; ++d) {
      if (quick && d != 4 && d != 8) continue;
      add(spec_check::self_head, {n, n, d, 1, 1});
      // NOTE: the encoder rows number 9 − n, so that n_dec < n_enc, = and > all occur.
      add(spec_check::cross_head, {n, 9 - n, d, 1, 1});
      for (auto c : {spec_check::ffn, spec_check::norm, spec_check::residual, spec_check::pool}) add(c, {n, n, d, 1, 1});
    }
  for (long n = 1; n <= n_max; ++n)
    for (const auto& [d, h] : widths_and_heads(quick)) {
      add(spec_check::mha, {n, n, d, h, 1});
      add(spec_check::mha_causal, {n, n, d, h, 1});
      add(spec_check::mha_padding, {n, n, d, h, 1});
      add(spec_check::mha_cross, {n, 9 - n, d, h, 1});
      for (long b : {1L, 2L}) {
        add(spec_check::encoder, {n, n, d, h, b});
        add(spec_check::decoder, {n, 9 - n, d, h, b});
      }
    }
  return out;
}

std::vector<std::function<sampled_run()>> planned_sampled_runs(std::uint64_t seed) {
  // NOTE: every d_h here is a perfect square (the rational kernel needs a rational 1/√d_h). Sizes are
  // bounded by the growth of exact rationals through the kernel's normalisation and the norms (the
  // numerators' bit length roughly doubles per layer), measured in docs/identities.md.
  std::vector<std::function<sampled_run()>> out;
  std::uint64_t k = 0;
  auto run = [&](spec_check c, spec_size z, long cases) {
    const std::uint64_t s = seed + k++;
    out.push_back([c, z, cases, s] { return spec_sampled(library_implementation<Q>(), c, z, cases, s); });
  };
  run(spec_check::self_head, {16, 16, 16, 1, 1}, 10);
  run(spec_check::cross_head, {12, 20, 9, 1, 1}, 10);
  run(spec_check::mha, {16, 16, 16, 4, 1}, 10);
  run(spec_check::mha, {12, 12, 9, 1, 1}, 10);
  run(spec_check::mha_causal, {16, 16, 16, 4, 1}, 10);
  run(spec_check::mha_padding, {16, 16, 16, 4, 1}, 10);
  run(spec_check::mha_cross, {10, 24, 16, 4, 1}, 10);
  run(spec_check::ffn, {32, 32, 16, 1, 1}, 10);
  run(spec_check::norm, {32, 32, 16, 1, 1}, 10);
  run(spec_check::residual, {32, 32, 16, 1, 1}, 10);
  run(spec_check::pool, {32, 32, 16, 1, 1}, 10);
  run(spec_check::encoder, {10, 10, 16, 4, 1}, 2);
  run(spec_check::encoder, {9, 9, 9, 1, 2}, 2);
  run(spec_check::decoder, {9, 10, 16, 4, 1}, 2);
  run(spec_check::decoder, {5, 9, 9, 1, 2}, 2);
  return out;
}

std::vector<sampled_run> spec_sampled_runs(std::uint64_t seed) {
  std::vector<sampled_run> out;
  for (const auto& f : planned_sampled_runs(seed)) out.push_back(f());
  return out;
}

std::vector<mutant_verdict> spec_mutant_verdicts() {
  std::vector<mutant_verdict> out;
  for (const auto& m : wrong_but_equivariant_mutants<S>())
    for (auto c : all_spec_checks()) {
      const auto r = spec_identity(m.impl, c, {3, 2, 4, 2, 2});
      mutant_verdict v{m.impl.name, m.what, spec_check_name(c) + " (" + r.size + ")", "symbolic", false, {}};
      v.caught = r.error.empty() && !r.residual_zero;
      v.message = !r.error.empty() ? "error: " + r.error : r.residual_zero ? "residual 0" : r.residual;
      out.push_back(std::move(v));
    }
  std::uint64_t seed = 28;
  for (const auto& m : wrong_but_equivariant_mutants<Q>())
    for (auto c : all_spec_checks()) {
      const auto r = spec_sampled(m.impl, c, {5, 4, 16, 4, 1}, c == spec_check::encoder || c == spec_check::decoder ? 1 : 3,
                                  seed++);
      mutant_verdict v{m.impl.name, m.what, spec_check_name(c) + " (" + r.size + ")", "mpq_rational", false, {}};
      v.caught = r.error.empty() && !r.all_equal;
      v.message = !r.error.empty() ? "error: " + r.error : r.all_equal ? "equal on every case" : r.first_difference;
      out.push_back(std::move(v));
    }
  return out;
}

}  // namespace orderblind::identities
