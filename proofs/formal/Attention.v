(* SPDX-License-Identifier: MIT *)
(** * Text 001, Appendix A.1: self-attention is permutation-equivariant, for every size.

    Mirrors lib/orderblind/attention.hpp (normalise_rows, attend_trace, self_attention,
    multi_head_self_attention) and lib/orderblind/kernel.hpp (a kernel is any function φ; softmax is
    φ = exp, the library's exact kernel is φ(s) = 1 + s + s²/2).  Everything here is over an arbitrary
    field [R] (MathComp [fieldType]), for every n, d_model, d_k, d_v, number of heads and head widths. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Attention.
Variable R : fieldType.
Implicit Types (phi : R -> R) (c : R).

(** Row normalisation by a kernel φ: weight_ij = φ(s_ij) / Σ_k φ(s_ik).
    NOTE: MathComp's x / 0 = 0 convention makes every theorem below hold even for a row whose
    φ-sum is 0; for kernels with non-zero row sums (the library's kernels: it does not check, and a zero row sum gets the scalar type's own division by 0)
    this is exactly the library's division. *)
Definition normalise phi n m (S : 'M[R]_(n, m)) : 'M[R]_(n, m) :=
  \matrix_(i, j) (phi (S i j) / \sum_(k < m) phi (S i k)).

(** Masked normalisation: a disallowed pair gets weight exactly 0 and leaves the row sum. *)
Definition normalise_masked phi n m (M : 'I_n -> 'I_m -> bool) (S : 'M[R]_(n, m)) : 'M[R]_(n, m) :=
  \matrix_(i, j) (if M i j then phi (S i j) / \sum_(k < m | M i k) phi (S i k) else 0).

(** The causal mask: query i sees keys j ≤ i (lib/orderblind/mask.hpp, mask::causal). *)
Definition causal n : 'I_n -> 'I_n -> bool := fun i j => (j <= i)%N.

(** Scores S = (Q Kᵀ)·scale. *)
Definition scores c n m dk (Q : 'M[R]_(n, dk)) (K : 'M[R]_(m, dk)) : 'M[R]_(n, m) := c *: (Q *m K^T).

(** Attention on given Q, K, V: normalise(S)·V. *)
Definition attend phi c n m dk dv (Q : 'M[R]_(n, dk)) (K : 'M[R]_(m, dk)) (V : 'M[R]_(m, dv))
  : 'M[R]_(n, dv) := normalise phi (scores c Q K) *m V.

(** Self-attention of one head: Q = X W_Q, K = X W_K, V = X W_V. *)
Definition self_attention phi c dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv)) n
  (X : 'M[R]_(n, dm)) : 'M[R]_(n, dv) := attend phi c (X *m Wq) (X *m Wk) (X *m Wv).

(** Masked self-attention (the decoder's causal self-attention when M = causal). *)
Definition masked_self_attention phi c dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv)) n
  (M : 'I_n -> 'I_n -> bool) (X : 'M[R]_(n, dm)) : 'M[R]_(n, dv) :=
  normalise_masked phi M (scores c (X *m Wq) (X *m Wk)) *m (X *m Wv).

(** Multi-head self-attention: the heads' outputs side by side, times W_O.  H heads, head h of width
    dh h with its own W_Q, W_K, W_V and scale. *)
Definition multi_head_self_attention phi H (dh : 'I_H -> nat) (c : 'I_H -> R) dm dout
  (Wq Wk Wv : forall h, 'M[R]_(dm, dh h)) (Wo : 'M[R]_(\sum_h dh h, dout)) n (X : 'M[R]_(n, dm))
  : 'M[R]_(n, dout) :=
  mxrow (fun h => self_attention phi (c h) (Wq h) (Wk h) (Wv h) X) *m Wo.

(** ** The step lemmas of Appendix A.1 *)

(** PᵀP = I: undoing a shuffle is shuffling back. *)
Lemma perm_mx_tr_mul n (s : 'S_n) : (perm_mx s)^T *m perm_mx s = 1%:M :> 'M[R]_n.
Proof. by rewrite tr_perm_mx -perm_mxM mulVg perm_mx1. Qed.

(** Q′ = (PX)W = P(XW): likewise K′ = PK and V′ = PV. *)
Lemma projection_perm n dm dk (s : 'S_n) (X : 'M[R]_(n, dm)) (W : 'M[R]_(dm, dk)) :
  (perm_mx s *m X) *m W = perm_mx s *m (X *m W).
Proof. by rewrite mulmxA. Qed.

(** S′ = P S Pᵀ. *)
Lemma scores_perm c n dk (s : 'S_n) (Q K : 'M[R]_(n, dk)) :
  scores c (perm_mx s *m Q) (perm_mx s *m K) = perm_mx s *m scores c Q K *m (perm_mx s)^T.
Proof. by rewrite /scores trmx_mul -scalemxAr -scalemxAl !mulmxA. Qed.

(** Reordering the rows of S reorders the rows of the weights. *)
Lemma normalise_row_perm phi n m (s : 'S_n) (S : 'M[R]_(n, m)) :
  normalise phi (perm_mx s *m S) = perm_mx s *m normalise phi S.
Proof.
rewrite -!row_permE; apply/matrixP => i j; rewrite !mxE.
by congr (_ / _); apply: eq_bigr => k _; rewrite mxE.
Qed.

(** Reordering the entries of every row (the columns of S) reorders the weights of every row: the
    row sum is the same in every order. *)
Lemma normalise_col_perm phi n m (s : 'S_m) (S : 'M[R]_(n, m)) :
  normalise phi (S *m (perm_mx s)^T) = normalise phi S *m (perm_mx s)^T.
Proof.
rewrite tr_perm_mx -!col_permE; apply/matrixP => i j; rewrite !mxE.
congr (_ / _); rewrite [RHS](reindex_inj (@perm_inj _ s)) /=.
by apply: eq_bigr => k _; rewrite mxE.
Qed.

(** The normalisation passes through the shuffle: normalise(P S Pᵀ) = P normalise(S) Pᵀ. *)
Lemma normalise_perm phi n (s : 'S_n) (S : 'M[R]_(n, n)) :
  normalise phi (perm_mx s *m S *m (perm_mx s)^T) = perm_mx s *m normalise phi S *m (perm_mx s)^T.
Proof. by rewrite normalise_col_perm normalise_row_perm. Qed.

(** ** The theorem of Appendix A.1 *)

(** Attn(PX) = P·Attn(X) for every permutation P, input X, weights W_Q, W_K, W_V, scale and kernel. *)
Theorem attention_equivariant phi c n dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv))
  (s : 'S_n) (X : 'M[R]_(n, dm)) :
  self_attention phi c Wq Wk Wv (perm_mx s *m X) = perm_mx s *m self_attention phi c Wq Wk Wv X.
Proof.
rewrite /self_attention /attend !projection_perm scores_perm normalise_perm.
by rewrite -!mulmxA [(perm_mx s)^T *m _]mulmxA perm_mx_tr_mul mul1mx.
Qed.

(** Multi-head attention with W_O is equivariant, for every number of heads and head widths. *)
Theorem multi_head_attention_equivariant phi H (dh : 'I_H -> nat) (c : 'I_H -> R) dm dout
  (Wq Wk Wv : forall h, 'M[R]_(dm, dh h)) (Wo : 'M[R]_(\sum_h dh h, dout)) n (s : 'S_n)
  (X : 'M[R]_(n, dm)) :
  multi_head_self_attention phi c Wq Wk Wv Wo (perm_mx s *m X)
  = perm_mx s *m multi_head_self_attention phi c Wq Wk Wv Wo X.
Proof.
rewrite /multi_head_self_attention mulmxA mul_mxrow; congr (_ *m _).
by apply: eq_mxrow => h; rewrite attention_equivariant.
Qed.

End Attention.
