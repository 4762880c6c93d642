(* SPDX-License-Identifier: MIT *)
(** * Text 001, Appendix A.2: the row numbers do not reach the decoder.

    Mirrors lib/orderblind/attention.hpp (cross_attention, multi_head_attention with queries from Y
    and keys/values from C) and lib/orderblind/blocks.hpp (decoder_block, decoder_stack).  Steps 0–5
    of the appendix are lemmas; the theorems hold over any field, for every number of decoder rows,
    encoder rows, heads, head widths and blocks, every kernel and every weight. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.
From orderblind Require Import Attention Layers.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section CrossAttention.
Variable R : fieldType.
Implicit Types (phi : R -> R) (c : R).

(** Cross-attention: queries from the decoder rows Y, keys and values from the encoder rows C. *)
Definition cross_attention phi c dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv)) n m
  (Y : 'M[R]_(n, dm)) (C : 'M[R]_(m, dm)) : 'M[R]_(n, dv) :=
  attend phi c (Y *m Wq) (C *m Wk) (C *m Wv).

(** The weights of one multi-head attention: H heads of widths dh, W_Q, W_K, W_V, W_O, scales. *)
Record mha_weights d := MhaWeights {
  mw_heads : nat;
  mw_dh : 'I_mw_heads -> nat;
  mw_scale : 'I_mw_heads -> R;
  mw_Wq : forall h, 'M[R]_(d, mw_dh h);
  mw_Wk : forall h, 'M[R]_(d, mw_dh h);
  mw_Wv : forall h, 'M[R]_(d, mw_dh h);
  mw_Wo : 'M[R]_(\sum_h mw_dh h, d) }.
Arguments mw_dh {d} m _.
Arguments mw_scale {d} m _.
Arguments mw_Wq {d} m _.
Arguments mw_Wk {d} m _.
Arguments mw_Wv {d} m _.

(** Multi-head cross-attention: concat_h CrossAttn_h(Y, C) · W_O. *)
Definition multi_head_cross_attention phi d (w : mha_weights d) n m (Y : 'M[R]_(n, d))
  (C : 'M[R]_(m, d)) : 'M[R]_(n, d) :=
  mxrow (fun h => cross_attention phi (mw_scale w h) (mw_Wq w h) (mw_Wk w h) (mw_Wv w h) Y C)
    *m mw_Wo w.

(** Multi-head causal self-attention, the decoder's first sublayer. *)
Definition multi_head_causal_attention phi d (w : mha_weights d) n (Y : 'M[R]_(n, d)) : 'M[R]_(n, d) :=
  mxrow (fun h => masked_self_attention phi (mw_scale w h) (mw_Wq w h) (mw_Wk w h) (mw_Wv w h)
                    (@causal n) Y) *m mw_Wo w.

(** The weights of one decoder block. *)
Record decoder_weights d := DecoderWeights {
  dw_kernel : R -> R;
  dw_self : mha_weights d;
  dw_cross : mha_weights d;
  dw_norm1 : 'rV[R]_d -> 'rV[R]_d;
  dw_norm2 : 'rV[R]_d -> 'rV[R]_d;
  dw_ffn : 'rV[R]_d -> 'rV[R]_d;
  dw_norm3 : 'rV[R]_d -> 'rV[R]_d }.

(** The decoder block (post-norm): H₁ = Norm₁(Y + CausalMHA(Y)); H₂ = Norm₂(H₁ + CrossMHA(H₁, C));
    out = Norm₃(H₂ + FFN(H₂)). *)
Definition decoder_block d (w : decoder_weights d) n m (Y : 'M[R]_(n, d)) (C : 'M[R]_(m, d))
  : 'M[R]_(n, d) :=
  let H1 := rowwise (dw_norm1 w) (Y + multi_head_causal_attention (dw_kernel w) (dw_self w) Y) in
  let H2 := rowwise (dw_norm2 w) (H1 + multi_head_cross_attention (dw_kernel w) (dw_cross w) H1 C) in
  rowwise (dw_norm3 w) (H2 + rowwise (dw_ffn w) H2).

(** The decoder stack: its blocks in order, every block reading the same encoder output C. *)
Definition decoder_stack d (ws : seq (decoder_weights d)) n m (Y : 'M[R]_(n, d)) (C : 'M[R]_(m, d))
  : 'M[R]_(n, d) := foldl (fun Z w => decoder_block w Z C) Y ws.

Lemma decoder_stack_cons d (w : decoder_weights d) ws n m (Y : 'M[R]_(n, d)) (C : 'M[R]_(m, d)) :
  decoder_stack (w :: ws) Y C = decoder_stack ws (decoder_block w Y C) C.
Proof. by []. Qed.

(** ** Steps 0–5 of Appendix A.2 *)

(** Step 0: the encoder's output is reordered, and nothing else: enc(PX) = P·enc(X). *)
Lemma step0_encoder_output_reordered d (ws : seq (encoder_weights R d)) m (s : 'S_m) (X : 'M[R]_(m, d)) :
  encoder_stack ws (perm_mx s *m X) = perm_mx s *m encoder_stack ws X.
Proof. exact: encoder_stack_equivariant. Qed.

(** Step 1: the Keys and the Values are reordered, and nothing else: (PC)W = P(CW). *)
Lemma step1_keys_values_reordered m dm dk (s : 'S_m) (C : 'M[R]_(m, dm)) (W : 'M[R]_(dm, dk)) :
  (perm_mx s *m C) *m W = perm_mx s *m (C *m W).
Proof. exact: projection_perm. Qed.

(** Step 2: the scores are reordered, and nothing else: q(PK)ᵀ = (qKᵀ)Pᵀ, for every query row. *)
Lemma step2_scores_reordered c n m dk (s : 'S_m) (Q : 'M[R]_(n, dk)) (K : 'M[R]_(m, dk)) :
  scores c Q (perm_mx s *m K) = scores c Q K *m (perm_mx s)^T.
Proof. by rewrite /scores trmx_mul mulmxA scalemxAl. Qed.

(** Step 3: the weights are reordered, and nothing else: a row's sum is the same in every order. *)
Lemma step3_weights_reordered phi n m (s : 'S_m) (S : 'M[R]_(n, m)) :
  normalise phi (S *m (perm_mx s)^T) = normalise phi S *m (perm_mx s)^T.
Proof. exact: normalise_col_perm. Qed.

(** Step 4: the weighted sum does not change at all: (APᵀ)(PV) = AV. *)
Lemma step4_weighted_sum_unchanged n m dv (s : 'S_m) (A : 'M[R]_(n, m)) (V : 'M[R]_(m, dv)) :
  (A *m (perm_mx s)^T) *m (perm_mx s *m V) = A *m V.
Proof. by rewrite -mulmxA [(perm_mx s)^T *m _]mulmxA perm_mx_tr_mul mul1mx. Qed.

(** Steps 1–4 together: one head's cross-attention does not depend on the order of the encoder
    rows, for every decoder row at once. *)
Theorem cross_attention_invariant phi c dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv)) n m
  (s : 'S_m) (Y : 'M[R]_(n, dm)) (C : 'M[R]_(m, dm)) :
  cross_attention phi c Wq Wk Wv Y (perm_mx s *m C) = cross_attention phi c Wq Wk Wv Y C.
Proof.
rewrite /cross_attention /attend !step1_keys_values_reordered step2_scores_reordered.
by rewrite step3_weights_reordered step4_weighted_sum_unchanged.
Qed.

(** Step 5, several heads: multi-head cross-attention with W_O does not depend on the order. *)
Theorem multi_head_cross_attention_invariant phi d (w : mha_weights d) n m (s : 'S_m)
  (Y : 'M[R]_(n, d)) (C : 'M[R]_(m, d)) :
  multi_head_cross_attention phi w Y (perm_mx s *m C) = multi_head_cross_attention phi w Y C.
Proof.
by rewrite /multi_head_cross_attention; congr (_ *m _); apply: eq_mxrow => h;
  rewrite cross_attention_invariant.
Qed.

(** Step 5, one decoder block: its output does not depend on the order of the encoder rows. *)
Theorem decoder_block_invariant d (w : decoder_weights d) n m (s : 'S_m) (Y : 'M[R]_(n, d))
  (C : 'M[R]_(m, d)) :
  decoder_block w Y (perm_mx s *m C) = decoder_block w Y C.
Proof. by rewrite /decoder_block multi_head_cross_attention_invariant. Qed.

(** Step 5, several decoder blocks: a stack of any height (induction on the height). *)
Theorem decoder_stack_invariant d (ws : seq (decoder_weights d)) n m (s : 'S_m) (Y : 'M[R]_(n, d))
  (C : 'M[R]_(m, d)) :
  decoder_stack ws Y (perm_mx s *m C) = decoder_stack ws Y C.
Proof.
elim: ws Y => [|w ws IH] Y; first by [].
by rewrite !decoder_stack_cons decoder_block_invariant IH.
Qed.

(** The appendix's conclusion: reordering the source sentence (without positional encoding) leaves
    every decoder output unchanged, for every encoder and decoder stack. *)
Theorem row_numbers_do_not_reach_decoder d (enc : seq (encoder_weights R d))
  (dec : seq (decoder_weights d)) n m (s : 'S_m) (Y : 'M[R]_(n, d)) (X : 'M[R]_(m, d)) :
  decoder_stack dec Y (encoder_stack enc (perm_mx s *m X)) = decoder_stack dec Y (encoder_stack enc X).
Proof. by rewrite step0_encoder_output_reordered decoder_stack_invariant. Qed.

End CrossAttention.
