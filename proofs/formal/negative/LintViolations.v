(* SPDX-License-Identifier: MIT *)
(** Fixture of the source lint (lint_sources.cmake), never compiled: one of each forbidden command; the
    lint's test passes only when it refuses every one.  Comments like this one may say Axiom, Admitted
    or Module freely: only code is linted. *)
Unset Guard Checking.
Parameter p : nat.
Conjecture c : False.
Axioms a b : nat.
Module M. End M.
Declare ML Module "evil_plugin".
#[bypass_check(positivity)] Inductive I := mk : (I -> False) -> I.
Lemma l : False. Proof. admit. Admitted.
Lemma l' : False. Proof. give_up. Admitted.
Admit Obligations.
