(* SPDX-License-Identifier: MIT *)
(** A FALSE statement with an attempted proof: coqc must reject it (test "formal: coqc rejects …").
    The control theorem first (true) must be accepted. *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.
From orderblind Require Import Counter.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Negative.
Variables (R : fieldType) (d : nat).

(** Control (true): when c = 𝟙ᵀM𝟙 = 0 the counter score is (trivially) a function of m − n. *)
Theorem control_counter_score_relative_when_c_is_0 (M : 'M[R]_d) :
  ones_form M = 0 -> exists f : int -> R, forall m n : nat, counter_score M m n = f (m%:Z - n%:Z).
Proof.
move=> c0; exists (fun k => ones_form M * k%:~R) => m n.
by rewrite counter_score_formula c0 !mul0r.
Qed.

(* FALSE: the counter score is relative for every M (a function of m − n alone). *)
Theorem counter_score_is_relative (M : 'M[R]_d) :
  exists f : int -> R, forall m n : nat, counter_score M m n = f (m%:Z - n%:Z).
Proof.
exists (fun k => ones_form M * k%:~R) => m n.
by rewrite counter_score_formula -mulrA -natrM.
Qed.

End Negative.
