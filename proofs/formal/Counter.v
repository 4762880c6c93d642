(* SPDX-License-Identifier: MIT *)
(** * Text 001, §3.7: the counter p_m = m·𝟙 gives scores c·m·n, which do not measure m − n.

    Mirrors lib/orderblind/positional.hpp (counter: row p is p·𝟙) and proofs/counter_encoding.cpp.  Over any
    field [R] (MathComp [fieldType]), for every width d, every score matrix M and all positions. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Counter.
Variable R : fieldType.
Variable d : nat.

(** The counter's row at position m: m·𝟙. *)
Definition counter (m : nat) : 'rV[R]_d := const_mx m%:R.

(** The position part of a score: p_m M p_nᵀ (a 1×1 matrix; its entry). *)
Definition counter_score (M : 'M[R]_d) (m n : nat) : R := (counter m *m M *m (counter n)^T) 0 0.

(** c = 𝟙ᵀ M 𝟙: the sum of the entries of M. *)
Definition ones_form (M : 'M[R]_d) : R := (const_mx 1 *m M *m (const_mx 1)^T : 'M[R]_1) 0 0.

Lemma const_scale p q (a : R) : const_mx a = a *: const_mx 1 :> 'M[R]_(p, q).
Proof. by rewrite scalemx_const mulr1. Qed.

(** p_m M p_nᵀ = c·m·n with c = 𝟙ᵀM𝟙, for every M, m and n. *)
Theorem counter_score_formula (M : 'M[R]_d) (m n : nat) :
  counter_score M m n = ones_form M * m%:R * n%:R.
Proof.
rewrite /counter_score /ones_form /counter !trmx_const (const_scale 1 d m%:R) (const_scale d 1 n%:R).
rewrite -!scalemxAl -scalemxAr !mxE.
by rewrite mulrA mulrC mulrA.
Qed.

(** The text's figures: pairs three apart score 0, 70c and 9700c. *)
Lemma counter_scores_three_apart (M : 'M[R]_d) :
  [/\ counter_score M 3 0 = 0, counter_score M 10 7 = ones_form M * 70%:R
    & counter_score M 100 97 = ones_form M * (97 * 100)%N%:R].
Proof. by split; rewrite counter_score_formula ?mulr0 // -mulrA -natrM // mulnC. Qed.

(** The counter score is a function of m − n alone only when c = 0 (when the position part of every
    score is 0). *)
Theorem counter_score_relative_iff (M : 'M[R]_d) :
  (exists f : int -> R, forall m n : nat, counter_score M m n = f (m%:Z - n%:Z)) <-> ones_form M = 0.
Proof.
split.
  case=> f Hf; have h0 := Hf 0%N 0%N; have h1 := Hf 1%N 1%N.
  rewrite !counter_score_formula !subrr in h0 h1.
  by rewrite -[ones_form M]mulr1 -[ones_form M * 1]mulr1 h1 -h0 !mulr0.
by move=> c0; exists (fun _ => 0) => m n; rewrite counter_score_formula c0 !mul0r.
Qed.

(** Not relative: unless c = 0 there are two pairs with the same offset m − n and different scores
    (positions 1,1 and 0,0: scores c and 0). *)
Corollary counter_score_not_relative (M : 'M[R]_d) :
  ones_form M != 0 -> counter_score M 1 1 != counter_score M 0 0.
Proof. by move=> c0; rewrite !counter_score_formula !mulr0 !mulr1. Qed.

End Counter.

(** The text's exercise: no pair of positions three apart has counter score 1600c, i.e. there is no
    natural m with m(m − 3) = 1600 (41·38 = 1558 < 1600 < 1638 = 42·39). *)
Theorem no_counter_pair_scores_1600 (m : nat) : (m * (m - 3) <> 1600)%N.
Proof.
move=> E; case: (leqP m 41) => H.
  by move: (leq_mul H (leq_sub2r 3 H)); rewrite E.
by move: (leq_mul H (leq_sub2r 3 H)); rewrite E.
Qed.

(** The exercise stated about scores: over every numeric field (characteristic 0), when c = 𝟙ᵀM𝟙 ≠ 0
    no pair of positions three apart, (n + 3, n), has counter score 1600c. *)
Theorem no_counter_pair_scores_1600c (R : numFieldType) (d : nat) (M : 'M[R]_d) (n : nat) :
  ones_form M != 0 -> counter_score M (n + 3) n != ones_form M * 1600%:R.
Proof.
move=> c0; rewrite counter_score_formula -mulrA -natrM; apply/eqP => /(mulfI c0) /eqP.
rewrite Num.Theory.eqr_nat => /eqP E.
by have := @no_counter_pair_scores_1600 (n + 3)%N; rewrite addnK.
Qed.
