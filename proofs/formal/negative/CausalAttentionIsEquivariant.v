(* SPDX-License-Identifier: MIT *)
(** A FALSE statement with an attempted proof: coqc must reject it (test "formal: coqc rejects …").
    The control theorem first (true, the proof script of Attention.v) must be accepted: the rejection
    is at the false theorem, not at an import, a name or the syntax. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.
From orderblind Require Import Attention.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Negative.
Variable R : fieldType.

(** Control (true): attention without a mask is equivariant. *)
Theorem control_attention_equivariant phi c n dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv))
  (s : 'S_n) (X : 'M[R]_(n, dm)) :
  self_attention phi c Wq Wk Wv (perm_mx s *m X) = perm_mx s *m self_attention phi c Wq Wk Wv X.
Proof.
rewrite /self_attention /attend !projection_perm scores_perm normalise_perm.
by rewrite -!mulmxA [(perm_mx s)^T *m _]mulmxA perm_mx_tr_mul mul1mx.
Qed.

(* FALSE: causal attention is equivariant.  The masked row sums do not pass through the shuffle. *)
Theorem causal_attention_equivariant phi c n dm dk dv (Wq Wk : 'M[R]_(dm, dk)) (Wv : 'M[R]_(dm, dv))
  (s : 'S_n) (X : 'M[R]_(n, dm)) :
  masked_self_attention phi c Wq Wk Wv (@causal n) (perm_mx s *m X)
  = perm_mx s *m masked_self_attention phi c Wq Wk Wv (@causal n) X.
Proof.
rewrite /masked_self_attention !projection_perm scores_perm.
rewrite tr_perm_mx -!col_permE -!row_permE; apply/matrixP => i j; rewrite !mxE.
by apply: eq_bigr => k _; rewrite !mxE.
Qed.

End Negative.
