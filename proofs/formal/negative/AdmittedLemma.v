(* SPDX-License-Identifier: MIT *)
(** Fixture of the assumptions gate (test "formal: the assumptions gate refuses …"): a theorem that
    rests on an Admitted lemma must be refused, and a closed theorem next to it accepted. *)
From Coq Require Import Arith.

Lemma admitted_step (n : nat) : n + 0 = n.
Admitted.

Theorem rests_on_admitted (n : nat) : n + 0 + 0 = n.
Proof. rewrite !admitted_step; reflexivity. Qed.

Theorem closed_theorem (n : nat) : 0 + n = n.
Proof. reflexivity. Qed.
