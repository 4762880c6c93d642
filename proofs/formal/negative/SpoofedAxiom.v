(* SPDX-License-Identifier: MIT *)
(** Fixture of the assumptions gate (test "formal: the assumptions gate refuses a spoofed axiom"): an
    axiom declared IN THE PROJECT under the short name of one of Coq's accepted real-number axioms.
    Print Assumptions prints it as [ClassicalDedekindReals.sig_forall_dec], exactly like Coq's own
    (Coq.Reals is not loaded here); the gate must resolve it to its kernel name
    [orderblind.SpoofedAxiom.ClassicalDedekindReals.sig_forall_dec] and refuse the theorem.  A closed
    theorem of the same file must be accepted. *)
Module ClassicalDedekindReals.
Axiom sig_forall_dec : False.
End ClassicalDedekindReals.

Theorem one_is_two : 1 = 2.
Proof. destruct ClassicalDedekindReals.sig_forall_dec. Qed.

Theorem closed_theorem (n : nat) : 0 + n = n.
Proof. reflexivity. Qed.
