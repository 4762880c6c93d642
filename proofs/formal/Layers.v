(* SPDX-License-Identifier: MIT *)
(** * Text 001, §3.4: row-wise layers, residuals and stacks pass a shuffle through; pooling forgets it.

    Mirrors lib/orderblind/layers.hpp (feed_forward, mad_norm, layer_norm, residual, mean_pool) and
    lib/orderblind/blocks.hpp (encoder_block, encoder_stack).  A layer is modelled as a map from
    n×d inputs to n×e outputs for every n; the row-wise layers are any function of one row, so the
    theorems hold for the FFN, LayerNorm, the exact norm and every other row map at once. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.
From orderblind Require Import Attention.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Layers.
Variable R : fieldType.

(** A layer: for every sequence length n, an n×d input gives an n×e output. *)
Definition layer d e := forall n, 'M[R]_(n, d) -> 'M[R]_(n, e).

(** Permutation-equivariance: F(PX) = P·F(X) for every n, every permutation and every X. *)
Definition equivariant d e (F : layer d e) :=
  forall n (s : 'S_n) (X : 'M[R]_(n, d)), F n (perm_mx s *m X) = perm_mx s *m F n X.

(** A row-wise layer: row i of the output is f(row i of the input); no row index enters. *)
Definition rowwise d e (f : 'rV[R]_d -> 'rV[R]_e) : layer d e :=
  fun n X => \matrix_(i, j) f (row i X) 0 j.

(** X + F(X). *)
Definition residual d (F : layer d d) : layer d d := fun n X => X + F n X.

(** G after F. *)
Definition compose d e f (G : layer e f) (F : layer d e) : layer d f := fun n X => G n (F n X).

(** A stack: the blocks applied in order, first block first. *)
Definition stack d (blocks : seq (layer d d)) : layer d d :=
  fun n X => foldl (fun Y (b : layer d d) => b n Y) X blocks.

(** One head-agnostic multi-head self-attention layer with W_O (the library's weights, any H). *)
Definition mha_layer phi H (dh : 'I_H -> nat) (c : 'I_H -> R) d (Wq Wk Wv : forall h, 'M[R]_(d, dh h))
  (Wo : 'M[R]_(\sum_h dh h, d)) : layer d d :=
  fun n X => multi_head_self_attention phi c Wq Wk Wv Wo X.

(** The encoder block (post-norm): H = Norm₁(X + MHA(X)); out = Norm₂(H + FFN(H)). *)
Definition encoder_block d (mha : layer d d) (norm1 ffn norm2 : 'rV[R]_d -> 'rV[R]_d) : layer d d :=
  compose (rowwise norm2) (compose (residual (rowwise ffn))
    (compose (rowwise norm1) (residual mha))).

(** The weights of one encoder block: H heads of widths dh, W_Q, W_K, W_V, W_O, scales, the kernel,
    and the row maps (FFN and the two norms: any functions of one row). *)
Record encoder_weights d := EncoderWeights {
  ew_kernel : R -> R;
  ew_heads : nat;
  ew_dh : 'I_ew_heads -> nat;
  ew_scale : 'I_ew_heads -> R;
  ew_Wq : forall h, 'M[R]_(d, ew_dh h);
  ew_Wk : forall h, 'M[R]_(d, ew_dh h);
  ew_Wv : forall h, 'M[R]_(d, ew_dh h);
  ew_Wo : 'M[R]_(\sum_h ew_dh h, d);
  ew_norm1 : 'rV[R]_d -> 'rV[R]_d;
  ew_ffn : 'rV[R]_d -> 'rV[R]_d;
  ew_norm2 : 'rV[R]_d -> 'rV[R]_d }.
Arguments ew_dh {d} e _.
Arguments ew_scale {d} e _.
Arguments ew_Wq {d} e _.
Arguments ew_Wk {d} e _.
Arguments ew_Wv {d} e _.

Definition encoder_block_of d (w : encoder_weights d) : layer d d :=
  encoder_block (mha_layer (ew_kernel w) (ew_scale w) (ew_Wq w) (ew_Wk w) (ew_Wv w) (ew_Wo w))
    (ew_norm1 w) (ew_ffn w) (ew_norm2 w).

(** The encoder stack: its blocks applied in order. *)
Definition encoder_stack d (ws : seq (encoder_weights d)) : layer d d := stack (map (@encoder_block_of d) ws).

(** Mean pooling: the mean of the rows. *)
Definition mean_pool n d (X : 'M[R]_(n, d)) : 'rV[R]_d := (n%:R)^-1 *: \sum_(i < n) row i X.

(** ** Theorems *)

Lemma row_perm_row n d (s : 'S_n) (X : 'M[R]_(n, d)) i : row i (perm_mx s *m X) = row (s i) X.
Proof. by rewrite -row_permE; apply/rowP => j; rewrite !mxE. Qed.

(** Every row-wise map commutes with every permutation. *)
Theorem rowwise_equivariant d e (f : 'rV[R]_d -> 'rV[R]_e) : equivariant (rowwise f).
Proof.
move=> n s X; rewrite /rowwise -!row_permE; apply/matrixP => i j; rewrite !mxE.
by congr (f _ 0 j); apply/rowP => k; rewrite !mxE.
Qed.

(** A residual around an equivariant layer is equivariant. *)
Theorem residual_equivariant d (F : layer d d) : equivariant F -> equivariant (residual F).
Proof. by move=> HF n s X; rewrite /residual HF mulmxDr. Qed.

(** The composition of equivariant layers is equivariant. *)
Theorem compose_equivariant d e f (G : layer e f) (F : layer d e) :
  equivariant G -> equivariant F -> equivariant (compose G F).
Proof. by move=> HG HF n s X; rewrite /compose HF HG. Qed.

(** A stack of any height of equivariant blocks is equivariant (induction on the height). *)
Theorem stack_equivariant d (blocks : seq (layer d d)) :
  (forall b, List.In b blocks -> equivariant b) -> equivariant (stack blocks).
Proof.
elim: blocks => [|b bs IH] Hall n s X //=.
rewrite /stack /= (Hall b (or_introl erefl)).
by apply: IH => b' Hb'; apply: Hall; right.
Qed.

(** Multi-head self-attention with W_O, as a layer, is equivariant (Appendix A.1). *)
Lemma mha_layer_equivariant phi H (dh : 'I_H -> nat) (c : 'I_H -> R) d
  (Wq Wk Wv : forall h, 'M[R]_(d, dh h)) (Wo : 'M[R]_(\sum_h dh h, d)) :
  equivariant (mha_layer phi c Wq Wk Wv Wo).
Proof. by move=> n s X; apply: multi_head_attention_equivariant. Qed.

(** An encoder block is equivariant for every equivariant attention layer and all row maps. *)
Theorem encoder_block_equivariant d (mha : layer d d) (norm1 ffn norm2 : 'rV[R]_d -> 'rV[R]_d) :
  equivariant mha -> equivariant (encoder_block mha norm1 ffn norm2).
Proof.
move=> Hmha; rewrite /encoder_block.
apply: compose_equivariant; first exact: rowwise_equivariant.
apply: compose_equivariant; first by apply: residual_equivariant; exact: rowwise_equivariant.
apply: compose_equivariant; first exact: rowwise_equivariant.
exact: residual_equivariant.
Qed.

(** Every encoder stack, of any height, with any weights, kernels and row maps, is equivariant:
    enc(PX) = P·enc(X) (text 001, §3.4 and Appendix A.2, Step 0). *)
Theorem encoder_stack_equivariant d (ws : seq (encoder_weights d)) : equivariant (encoder_stack ws).
Proof.
apply: (@stack_equivariant d (map (@encoder_block_of d) ws)).
move=> b /List.in_map_iff [w [<- _]].
by apply: encoder_block_equivariant; apply: mha_layer_equivariant.
Qed.

(** Mean pooling does not see the order of the rows. *)
Theorem mean_pool_invariant n d (s : 'S_n) (X : 'M[R]_(n, d)) : mean_pool (perm_mx s *m X) = mean_pool X.
Proof.
rewrite /mean_pool; congr (_ *: _); rewrite [RHS](reindex_inj (@perm_inj _ s)) /=.
by apply: eq_bigr => i _; rewrite row_perm_row.
Qed.

(** And so a pooled encoder (a sentence classifier without positions) is invariant. *)
Corollary pooled_encoder_invariant d (ws : seq (encoder_weights d)) n (s : 'S_n) (X : 'M[R]_(n, d)) :
  mean_pool (encoder_stack ws (perm_mx s *m X)) = mean_pool (encoder_stack ws X).
Proof. by rewrite encoder_stack_equivariant mean_pool_invariant. Qed.

End Layers.

(** ** The library's row maps, which the theorems above cover as row-wise maps *)
Section RowMaps.
Variable R : rcfType.

Definition relu (x : R) : R := Num.max x 0.

(** FFN(x) = ReLU(x W₁ + b₁) W₂ + b₂ for one row x (layers.hpp, feed_forward). *)
Definition ffn d h (W1 : 'M[R]_(d, h)) (b1 : 'rV[R]_h) (W2 : 'M[R]_(h, d)) (b2 : 'rV[R]_d)
  (x : 'rV[R]_d) : 'rV[R]_d := map_mx relu (x *m W1 + b1) *m W2 + b2.

Definition row_mean d (x : 'rV[R]_d) : R := (\sum_(j < d) x 0 j) / d%:R.

(** LayerNorm: (x − mean)/√(var + ε)·γ + β (layers.hpp, layer_norm). *)
Definition layer_norm d (eps : R) (g b : 'rV[R]_d) (x : 'rV[R]_d) : 'rV[R]_d :=
  let mu := row_mean x in
  let var := (\sum_(j < d) (x 0 j - mu) ^+ 2) / d%:R in
  \row_j ((x 0 j - mu) / Num.sqrt (var + eps) * g 0 j + b 0 j).

(** The exact norm: (x − mean)/(mean|x − mean| + ε)·γ + β (layers.hpp, mad_norm). *)
Definition mad_norm d (eps : R) (g b : 'rV[R]_d) (x : 'rV[R]_d) : 'rV[R]_d :=
  let mu := row_mean x in
  let mad := (\sum_(j < d) `|x 0 j - mu|) / d%:R in
  \row_j ((x 0 j - mu) / (mad + eps) * g 0 j + b 0 j).

(** The library's encoder block (FFN, LayerNorm twice) is an instance: equivariant for all weights. *)
Corollary library_encoder_block_equivariant phi H (dh : 'I_H -> nat) (c : 'I_H -> R) d h
  (Wq Wk Wv : forall i, 'M[R]_(d, dh i)) (Wo : 'M[R]_(\sum_i dh i, d)) (W1 : 'M[R]_(d, h)) b1 W2 b2
  (eps : R) (g1 b1' g2 b2' : 'rV[R]_d) :
  equivariant (encoder_block (mha_layer phi c Wq Wk Wv Wo) (layer_norm eps g1 b1') (ffn W1 b1 W2 b2)
                 (layer_norm eps g2 b2')).
Proof. by apply: encoder_block_equivariant; apply: mha_layer_equivariant. Qed.

End RowMaps.
