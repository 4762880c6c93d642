(* SPDX-License-Identifier: MIT *)
(** * Text 000, §4 (and text 001, Part 4): the sinusoid and RoPE over the real numbers.

    Mirrors lib/orderblind/positional.hpp (sinusoidal: PE(p, 2i) = sin(pθ_i), PE(p, 2i+1) = cos(pθ_i);
    pos_over_length) and lib/orderblind/pe/rotary.hpp (RoPE, interleaved layout: pair i of a vector is
    entries 2i and 2i+1, rotated by the angle pθ_i).  The frequency table θ is ANY function from pair
    index to ℝ (base 10000, PI, NTK, YaRN, … are all instances); positions are any real numbers.
    Over Coq's standard real numbers (Coq.Reals): the only assumptions are the real-number library's own
    (listed by the assumptions gate, docs/formal.md); this file declares none and leaves no proof open. *)
From Coq Require Import Reals Lra Lia Arith.
Local Open Scope R_scope.

(** ** The sinusoid *)

(** PE(p) entry j: sin(pθ_{j/2}) when j is even, cos(pθ_{j/2}) when j is odd. *)
Definition pe (theta : nat -> R) (p : R) (j : nat) : R :=
  if Nat.odd j then cos (p * theta (Nat.div2 j)) else sin (p * theta (Nat.div2 j)).

(** R(k) applied to a vector v: the block-diagonal matrix whose block i is
    [[cos kθ_i, sin kθ_i], [−sin kθ_i, cos kθ_i]], applied to pair i (entries 2i, 2i+1) of v. *)
Definition shift_rotation (theta : nat -> R) (k : R) (v : nat -> R) (j : nat) : R :=
  let i := Nat.div2 j in
  let a := k * theta i in
  if Nat.odd j then - sin a * v (2 * i)%nat + cos a * v (S (2 * i))
  else cos a * v (2 * i)%nat + sin a * v (S (2 * i)).

Lemma div2_odd_even i : Nat.div2 (2 * i) = i /\ Nat.odd (2 * i) = false.
Proof. split; [apply Nat.div2_double | rewrite Nat.odd_mul; reflexivity]. Qed.

Lemma div2_odd_odd i : Nat.div2 (S (2 * i)) = i /\ Nat.odd (S (2 * i)) = true.
Proof. split; [apply Nat.div2_succ_double | rewrite Nat.odd_succ, Nat.even_mul; reflexivity]. Qed.

Lemma double_div2 j : j = (2 * Nat.div2 j)%nat \/ j = S (2 * Nat.div2 j).
Proof.
destruct (Nat.Even_or_Odd j) as [[m Hm] | [m Hm]]; subst j.
- left; rewrite Nat.div2_double; reflexivity.
- right; rewrite Nat.add_1_r, Nat.div2_succ_double; reflexivity.
Qed.

(** PE(p + k) = R(k)·PE(p), for every real p and k, every frequency table and every entry: a shift
    by k is one fixed rotation, whatever the position p. *)
Theorem sinusoid_shift_is_rotation (theta : nat -> R) (p k : R) (j : nat) :
  pe theta (p + k) j = shift_rotation theta k (pe theta p) j.
Proof.
unfold shift_rotation, pe.
destruct (div2_odd_even (Nat.div2 j)) as [He Oe].
destruct (div2_odd_odd (Nat.div2 j)) as [Ho Oo].
rewrite He, Oe, Ho, Oo.
destruct (Nat.odd j);
  replace ((p + k) * theta (Nat.div2 j)) with (p * theta (Nat.div2 j) + k * theta (Nat.div2 j)) by ring.
- rewrite cos_plus; ring.
- rewrite sin_plus; ring.
Qed.

(** The same with R(k) as a matrix: the d×d block-diagonal matrix (d = 2h) times the vector. *)
Fixpoint sum_to (n : nat) (f : nat -> R) : R :=
  match n with O => 0 | S n' => sum_to n' f + f n' end.

(** Entry (j, l) of R(k): block i = j/2 is [[cos kθ_i, sin kθ_i], [−sin kθ_i, cos kθ_i]]. *)
Definition rotation_matrix (theta : nat -> R) (k : R) (j l : nat) : R :=
  if Nat.eqb (Nat.div2 j) (Nat.div2 l) then
    let a := k * theta (Nat.div2 j) in
    match Nat.odd j, Nat.odd l with
    | false, false => cos a | false, true => sin a | true, false => - sin a | true, true => cos a
    end
  else 0.

(** (M v)_j = Σ_{l < d} M_jl v_l. *)
Definition mat_vec (d : nat) (M : nat -> nat -> R) (v : nat -> R) (j : nat) : R :=
  sum_to d (fun l => M j l * v l).

Lemma rotation_matrix_sum (theta : nat -> R) (k : R) (v : nat -> R) (j h : nat) :
  mat_vec (2 * h) (rotation_matrix theta k) v j
  = if Nat.ltb (Nat.div2 j) h then shift_rotation theta k v j else 0.
Proof.
unfold mat_vec; induction h as [|h IH]; [reflexivity|].
replace (2 * S h)%nat with (S (S (2 * h))) by lia.
cbn [sum_to]; rewrite IH.
unfold rotation_matrix.
destruct (div2_odd_even h) as [He Oe]; destruct (div2_odd_odd h) as [Ho Oo].
rewrite He, Oe, Ho, Oo.
destruct (Nat.ltb_spec (Nat.div2 j) h) as [Hlt | Hge];
  destruct (Nat.ltb_spec (Nat.div2 j) (S h)) as [Hlt' | Hge']; try lia.
- rewrite (proj2 (Nat.eqb_neq (Nat.div2 j) h)) by lia; ring.
- assert (Nat.div2 j = h) as Hj by lia.
  rewrite Hj, Nat.eqb_refl; unfold shift_rotation; rewrite Hj.
  destruct (Nat.odd j); ring.
- rewrite (proj2 (Nat.eqb_neq (Nat.div2 j) h)) by lia; ring.
Qed.

(** PE(p + k) = R(k)·PE(p) as a matrix-vector product, for every width d = 2h and every entry j < d. *)
Theorem sinusoid_shift_is_rotation_matrix (theta : nat -> R) (p k : R) (h j : nat) :
  (j < 2 * h)%nat ->
  pe theta (p + k) j = mat_vec (2 * h) (rotation_matrix theta k) (pe theta p) j.
Proof.
intro Hj; rewrite rotation_matrix_sum.
destruct (Nat.ltb_spec (Nat.div2 j) h) as [_ | Hge].
- apply sinusoid_shift_is_rotation.
- exfalso; destruct (double_div2 j) as [E | E]; lia.
Qed.

(** ** RoPE *)

(** R_m applied to a vector v (interleaved layout): pair i of v rotated by the angle mθ_i. *)
Definition rope (theta : nat -> R) (m : R) (v : nat -> R) (j : nat) : R :=
  let i := Nat.div2 j in
  let a := m * theta i in
  if Nat.odd j then sin a * v (2 * i)%nat + cos a * v (S (2 * i))
  else cos a * v (2 * i)%nat - sin a * v (S (2 * i)).

(** ⟨u, v⟩ over the first h pairs (d = 2h entries). *)
Fixpoint dot (h : nat) (u v : nat -> R) : R :=
  match h with
  | O => 0
  | S h' => dot h' u v + (u (2 * h')%nat * v (2 * h')%nat + u (S (2 * h')) * v (S (2 * h')))
  end.

(** One pair: ⟨R(a)q, R(b)k⟩ = ⟨q, R(b − a)k⟩ in the plane. *)
Lemma rotation_pair (a b q0 q1 k0 k1 : R) :
  (cos a * q0 - sin a * q1) * (cos b * k0 - sin b * k1)
  + (sin a * q0 + cos a * q1) * (sin b * k0 + cos b * k1)
  = q0 * (cos (b - a) * k0 - sin (b - a) * k1) + q1 * (sin (b - a) * k0 + cos (b - a) * k1).
Proof. rewrite cos_minus, sin_minus; ring. Qed.

(** ⟨R_m q, R_n k⟩ = ⟨q, R_{n−m} k⟩ for all q, k, real positions m, n, every frequency table and
    every width: RoPE scores depend on n − m only. *)
Theorem rope_relative (theta : nat -> R) (h : nat) (q k : nat -> R) (m n : R) :
  dot h (rope theta m q) (rope theta n k) = dot h q (rope theta (n - m) k).
Proof.
induction h as [|h IH]; cbn [dot]; [reflexivity|].
rewrite IH; f_equal; unfold rope.
destruct (div2_odd_even h) as [He Oe]; destruct (div2_odd_odd h) as [Ho Oo].
rewrite He, Oe, Ho, Oo.
replace ((n - m) * theta h) with (n * theta h - m * theta h) by ring.
apply rotation_pair.
Qed.

(** Corollary: shifting both positions by t leaves every RoPE score unchanged. *)
Corollary rope_shift_invariant (theta : nat -> R) (h : nat) (q k : nat -> R) (m n t : R) :
  dot h (rope theta (m + t) q) (rope theta (n + t) k) = dot h (rope theta m q) (rope theta n k).
Proof.
rewrite !rope_relative; replace (n + t - (m + t)) with (n - m) by ring; reflexivity.
Qed.

(** ** pos/length *)

(** pos/length: position p of a sequence of L tokens is encoded as p / L (every entry). *)
Definition pos_over_length (p L : nat) : R := INR p / INR L.

(** Length-consistent means PE(p) does not depend on the sequence length.  pos/length is not:
    position 3 is 3/5 in a five-token sequence and 3/50 in a fifty-token one. *)
Theorem pos_over_length_not_length_consistent :
  pos_over_length 3 5 <> pos_over_length 3 50.
Proof.
unfold pos_over_length.
replace (INR 3) with 3 by (simpl; ring).
replace (INR 5) with 5 by (simpl; ring).
replace (INR 50) with 50 by (rewrite INR_IZR_INZ; reflexivity).
lra.
Qed.

(** The sinusoid is length-consistent by construction: [pe] takes no length. *)
