(* SPDX-License-Identifier: MIT *)
(** * The causal mask reads row numbers: masked attention is not permutation-equivariant.

    Text 001, §3.4 (key takeaway) and text 000, §5.  A concrete witness at n = 2, d = 1 over every
    numeric field (MathComp [numFieldType]: characteristic 0, so 2 ≠ 0), for every kernel φ with φ(0) ≠ 0 and every scale:
    W_Q = W_K = W_V = 1, X = (1, 0)ᵀ, P the swap.  Row 0 of Attn(PX) can only see key 0, whose value
    is 0; row 0 of P·Attn(X) is row 1 of Attn(X), which averages the values 1 and 0 with equal
    weights φ(0)/(2φ(0)) = 1/2.  Mirrors lib/orderblind/mask.hpp (mask::causal). *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.
From orderblind Require Import Attention.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section CausalMask.
Variable R : numFieldType.

(** The two positions. *)
Definition pos0 : 'I_2 := ord0.
Definition pos1 : 'I_2 := lift ord0 ord0.

(** The witness input: two tokens of width 1, values 1 and 0. *)
Definition causal_witness_input : 'M[R]_(2, 1) := \matrix_(i, j) (i == pos0)%:R.

(** The swap of the two rows. *)
Definition swap2 : 'S_2 := tperm pos0 pos1.

Lemma swap2_pos0 : swap2 pos0 = pos1. Proof. by rewrite /swap2 tpermL. Qed.
Lemma swap2_pos1 : swap2 pos1 = pos0. Proof. by rewrite /swap2 tpermR. Qed.

(** Masked attention at n = 2, d = 1 with unit weights leaves entry (0, 0) a multiple of the value
    of row 0, since row 0 sees only key 0. *)
Theorem causal_attention_not_equivariant phi c : phi 0 != 0 ->
  masked_self_attention phi c 1%:M 1%:M 1%:M (@causal 2) (perm_mx swap2 *m causal_witness_input)
  != perm_mx swap2 *m masked_self_attention phi c 1%:M 1%:M 1%:M (@causal 2) causal_witness_input.
Proof.
move=> phi0; apply/eqP => /matrixP /(_ pos0 ord0).
rewrite -!row_permE /masked_self_attention !mulmx1.
rewrite !mxE !big_ord_recl !big_ord0 !mxE -/pos0 -/pos1 swap2_pos0 swap2_pos1 eqxx /causal /=.
rewrite !big_ord1 !mxE big_mkcond !big_ord_recl big_ord0 /= -/pos0 -/pos1 !mxE !big_ord1 !mxE /=.
rewrite !mulr0 !mul0r !mulr1 !addr0 big_mkcond !big_ord_recl big_ord0 /= !mxE !big_ord1 !mxE /=.
rewrite !mulr0 !mul0r !addr0 mulr0 => /esym /eqP.
rewrite mulf_eq0 invr_eq0 (negbTE phi0) /= -mulr2n -mulr_natl mulf_eq0 (negbTE phi0) orbF.
by rewrite pnatr_eq0.
Qed.

(** So there is a case, at n = 2, where the causal mask breaks equivariance: for every numeric field
    and every kernel with φ(0) ≠ 0 (softmax: exp 0 = 1; the exact kernel: φ(0) = 1). *)
Corollary causal_attention_counterexample phi c : phi 0 != 0 ->
  exists (s : 'S_2) (X : 'M[R]_(2, 1)),
    masked_self_attention phi c 1%:M 1%:M 1%:M (@causal 2) (perm_mx s *m X)
    != perm_mx s *m masked_self_attention phi c 1%:M 1%:M 1%:M (@causal 2) X.
Proof.
by move=> phi0; exists swap2, causal_witness_input; exact: causal_attention_not_equivariant.
Qed.

(** ** Every length n ≥ 2 *)
Section EveryLength.
Variable m : nat.
Local Notation n := m.+2.

(** Positions 0 and 1 of n = m + 2 tokens, the input e_0 (token 0 is 1, the others 0), the swap. *)
Definition first : 'I_n := ord0.
Definition second : 'I_n := lift ord0 ord0.
Definition witness_n : 'M[R]_(n, 1) := \matrix_(i, j) (i == first)%:R.
Definition swap_n : 'S_n := tperm first second.

(** Causal attention is not permutation-equivariant for any n ≥ 2: with unit weights, X = e_0 and the
    swap of the first two tokens, entry (0, 0) of Attn(PX) is 0 (token 0 sees only itself, whose
    value is now 0), and that of P·Attn(X) is 1/2 (token 1 sees tokens 0 and 1 with equal scores),
    for every kernel with φ(0) ≠ 0 and every scale. *)
Theorem causal_attention_not_equivariant_every_n phi c : phi 0 != 0 ->
  masked_self_attention phi c 1%:M 1%:M 1%:M (@causal n) (perm_mx swap_n *m witness_n)
  != perm_mx swap_n *m masked_self_attention phi c 1%:M 1%:M 1%:M (@causal n) witness_n.
Proof.
move=> phi0; apply/eqP => /matrixP /(_ first ord0).
rewrite -!row_permE /masked_self_attention !mulmx1.
have PX0 : forall k : 'I_n, (row_perm swap_n witness_n) k ord0 = (k == second)%:R.
{ move=> k; rewrite !mxE /swap_n (can2_eq (tpermK first second) (tpermK first second)) tpermL //. }
(* left: every term of row 0 is 0 *)
rewrite [in LHS]mxE big1 => [| k _]; last first.
{ rewrite PX0 mxE /causal; case: ifP => [Hk | _]; last by rewrite mul0r.
  have -> : k = first by apply/val_inj => /=; move: Hk; rewrite leqn0 => /eqP.
  have -> : (first == second) = false by [].
  by rewrite mulr0. }
(* right: entry (1, 0) of Attn(X) is φ(0) / (φ(0) + φ(0)) *)
rewrite mxE /swap_n tpermL mxE (bigD1 first) //= big1 => [| k Hk]; last first.
{ by rewrite [witness_n k ord0]mxE (negbTE Hk) /= mulr0. }
rewrite [witness_n first ord0]mxE eqxx mulr1 addr0 mxE /causal /=.
have S0 : forall k : 'I_n, scores c witness_n witness_n second k = 0.
{ by move=> k; rewrite !mxE big_ord1 !mxE (_ : (second == first) = false) // mul0r mulr0. }
rewrite S0 (eq_bigr (fun _ => phi 0)) => [| k _]; last by rewrite S0.
rewrite big_mkcond !big_ord_recl /= big1 => [| k _]; last by [].
rewrite addr0 => /esym /eqP; rewrite mulf_eq0 invr_eq0 (negbTE phi0) /= -mulr2n -mulr_natl.
by rewrite mulf_eq0 (negbTE phi0) orbF pnatr_eq0.
Qed.


Corollary causal_attention_counterexample_every_n phi c : phi 0 != 0 ->
  exists (s : 'S_n) (X : 'M[R]_(n, 1)),
    masked_self_attention phi c 1%:M 1%:M 1%:M (@causal n) (perm_mx s *m X)
    != perm_mx s *m masked_self_attention phi c 1%:M 1%:M 1%:M (@causal n) X.
Proof. by move=> phi0; exists swap_n, witness_n; exact: causal_attention_not_equivariant_every_n. Qed.

End EveryLength.

End CausalMask.
