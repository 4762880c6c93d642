(* SPDX-License-Identifier: MIT *)
(** * RoPE in every pair layout the library implements, partial rotary, and xPos, over ℝ.

    Mirrors lib/orderblind/pe/rotary.hpp, [rotate(x, p, r, layout, angles)]: for i < r/2 the entries
    a_i and b_i of x are rotated by the angle pθ_i — interleaved: (a_i, b_i) = (2i, 2i + 1);
    half-split: (a_i, b_i) = (i, i + r/2) — and the entries from r on pass through (partial rotary
    when r < d).  [xpos_scheme]: the query's pair i is then scaled by ζ_i^(m/B), the key's by
    ζ_i^(−n/B).  Here a layout is ANY two index maps a, b (the theorems hold for every one); the
    score is written pair by pair plus the pass-through part, and [half_split_regroup] and
    [interleaved_regroup] prove that for the half-split and the interleaved layouts this is the plain
    Σ_j u_j v_j over all d = r + t entries.  The frequency
    table θ and the positions are arbitrary reals; ζ_i > 0 any reals.
    Over Coq's standard real numbers: only the real-number library's own assumptions. *)
From Coq Require Import Reals Lra Lia Arith.
From orderblind Require Import Sinusoid.
Local Open Scope R_scope.

Section Layout.
Variables (theta : nat -> R) (a b : nat -> nat).

(** The rotated pair i of v at position p: (cos·v_a − sin·v_b, sin·v_a + cos·v_b). *)
Definition rot_a (p : R) (v : nat -> R) (i : nat) : R :=
  cos (p * theta i) * v (a i) - sin (p * theta i) * v (b i).
Definition rot_b (p : R) (v : nat -> R) (i : nat) : R :=
  sin (p * theta i) * v (a i) + cos (p * theta i) * v (b i).

(** The score of RoPE-rotated q (position m) and k (position n) over h pairs, plus the pass-through
    entries r ≤ j < r + t (not rotated). *)
Definition rope_score (h r t : nat) (m n : R) (q k : nat -> R) : R :=
  sum_to h (fun i => rot_a m q i * rot_a n k i + rot_b m q i * rot_b n k i)
  + sum_to t (fun j => q (r + j)%nat * k (r + j)%nat).

(** For every pair layout, every number of rotated pairs and pass-through entries (partial rotary),
    the RoPE score of positions m, n equals that of positions 0, n − m: it depends on n − m only. *)
Theorem rope_layout_relative (h r t : nat) (m n : R) (q k : nat -> R) :
  rope_score h r t m n q k = rope_score h r t 0 (n - m) q k.
Proof.
unfold rope_score; f_equal.
induction h as [| h IH]; cbn [sum_to]; [reflexivity |]; rewrite IH; f_equal.
unfold rot_a, rot_b; rewrite !Rmult_0_l, cos_0, sin_0.
replace ((n - m) * theta h) with (n * theta h - m * theta h) by ring.
rewrite cos_minus, sin_minus; ring.
Qed.

Corollary rope_layout_shift_invariant (h r t : nat) (m n s : R) (q k : nat -> R) :
  rope_score h r t (m + s) (n + s) q k = rope_score h r t m n q k.
Proof.
rewrite (rope_layout_relative h r t (m + s)), (rope_layout_relative h r t m).
replace (n + s - (m + s)) with (n - m) by ring; reflexivity.
Qed.

(** xPos: the query's pair i scaled by ζ_i^(m/B), the key's by ζ_i^(−n/B) (Rpower, ζ_i > 0). *)
Definition xpos_score (zeta : nat -> R) (B : R) (h : nat) (m n : R) (q k : nat -> R) : R :=
  sum_to h (fun i => Rpower (zeta i) (m / B) * Rpower (zeta i) (- n / B)
                     * (rot_a m q i * rot_a n k i + rot_b m q i * rot_b n k i)).

(** xPos scores depend on n − m only (the scale of pair i is ζ_i^((m − n)/B)). *)
Theorem xpos_relative (zeta : nat -> R) (B : R) (h : nat) (m n : R) (q k : nat -> R) :
  xpos_score zeta B h m n q k = xpos_score zeta B h 0 (n - m) q k.
Proof.
unfold xpos_score; induction h as [| h IH]; cbn [sum_to]; [reflexivity |]; rewrite IH; f_equal.
rewrite <- !Rpower_plus.
replace (m / B + - n / B) with (0 / B + - (n - m) / B) by (unfold Rdiv; ring).
f_equal; unfold rot_a, rot_b; rewrite !Rmult_0_l, cos_0, sin_0.
replace ((n - m) * theta h) with (n * theta h - m * theta h) by ring.
rewrite cos_minus, sin_minus; ring.
Qed.

End Layout.

(** The half-split layout of the library: pair i joins entries i and i + h. *)
Definition half_a (i : nat) : nat := i.
Definition half_b (h : nat) (i : nat) : nat := (i + h)%nat.

Lemma sum_to_ext (n : nat) (f g : nat -> R) : (forall i, (i < n)%nat -> f i = g i) -> sum_to n f = sum_to n g.
Proof.
induction n as [| n IH]; intro H; cbn [sum_to]; [reflexivity |].
rewrite IH by (intros; apply H; lia); rewrite H by lia; reflexivity.
Qed.

Lemma sum_to_split (p q : nat) (f : nat -> R) : sum_to (p + q) f = sum_to p f + sum_to q (fun j => f (p + j)%nat).
Proof.
induction q as [| q IH]; cbn [sum_to]; [rewrite Nat.add_0_r; ring |].
rewrite Nat.add_succ_r; cbn [sum_to]; rewrite IH; ring.
Qed.

Lemma sum_to_plus (h : nat) (f g : nat -> R) : sum_to h (fun i => f i + g i) = sum_to h f + sum_to h g.
Proof. induction h as [| h IH]; cbn [sum_to]; [ring | rewrite IH; ring]. Qed.

(** For the half-split layout the pairwise score is the plain dot product of all d = 2h + t entries:
    Σ_(i<h) (u_i v_i + u_(i+h) v_(i+h)) + Σ_(j<t) u_(2h+j) v_(2h+j) = Σ_(j<2h+t) u_j v_j. *)
Theorem half_split_regroup (h t : nat) (u v : nat -> R) :
  sum_to h (fun i => u (half_a i) * v (half_a i) + u (half_b h i) * v (half_b h i))
  + sum_to t (fun j => u (2 * h + j)%nat * v (2 * h + j)%nat)
  = sum_to (2 * h + t) (fun j => u j * v j).
Proof.
rewrite (sum_to_split (2 * h)), sum_to_plus; f_equal.
replace (2 * h)%nat with (h + h)%nat by lia; rewrite sum_to_split; f_equal.
apply sum_to_ext; intros i _; unfold half_b; rewrite (Nat.add_comm i h); reflexivity.
Qed.

(** rotate(x, p, r = 2h, rotary_layout::half_split, θ) as a vector of d = 2h + t entries. *)
Definition rotate_half (theta : nat -> R) (h : nat) (p : R) (v : nat -> R) (j : nat) : R :=
  if Nat.ltb j h then rot_a theta half_a (half_b h) p v j
  else if Nat.ltb j (2 * h) then rot_b theta half_a (half_b h) p v (j - h)
  else v j.

(** The half-split layout with partial rotary (t pass-through entries): the plain dot product
    ⟨R_m q, R_n k⟩ over all d = 2h + t entries equals ⟨q, R_(n−m) k⟩: RoPE scores depend on n − m only. *)
Theorem rope_half_split_relative (theta : nat -> R) (h t : nat) (m n : R) (q k : nat -> R) :
  sum_to (2 * h + t) (fun j => rotate_half theta h m q j * rotate_half theta h n k j)
  = sum_to (2 * h + t) (fun j => q j * rotate_half theta h (n - m) k j).
Proof.
assert (Rw : forall p v, (forall i, (i < h)%nat -> rotate_half theta h p v (half_a i) = rot_a theta half_a (half_b h) p v i)
  /\ (forall i, (i < h)%nat -> rotate_half theta h p v (half_b h i) = rot_b theta half_a (half_b h) p v i)
  /\ (forall j, rotate_half theta h p v (2 * h + j)%nat = v (2 * h + j)%nat)).
{ intros p v; unfold rotate_half, half_a, half_b; split; [| split].
  - intros i Hi; destruct (Nat.ltb_spec i h); [reflexivity | lia].
  - intros i Hi; destruct (Nat.ltb_spec (i + h) h); [lia |].
    destruct (Nat.ltb_spec (i + h) (2 * h)); [| lia]; f_equal; lia.
  - intro j; destruct (Nat.ltb_spec (2 * h + j) h); [lia |].
    destruct (Nat.ltb_spec (2 * h + j) (2 * h)); [lia | reflexivity]. }
rewrite <- !half_split_regroup.
destruct (Rw m q) as [Aq [Bq Cq]]; destruct (Rw n k) as [Ak [Bk Ck]]; destruct (Rw (n - m) k) as [Ak' [Bk' Ck']].
rewrite (sum_to_ext h _ (fun i => rot_a theta half_a (half_b h) m q i * rot_a theta half_a (half_b h) n k i
                              + rot_b theta half_a (half_b h) m q i * rot_b theta half_a (half_b h) n k i))
  by (intros i Hi; rewrite Aq, Ak, Bq, Bk by exact Hi; reflexivity).
rewrite (sum_to_ext h (fun i => q (half_a i) * rotate_half theta h (n - m) k (half_a i)
                               + q (half_b h i) * rotate_half theta h (n - m) k (half_b h i))
                      (fun i => rot_a theta half_a (half_b h) 0 q i * rot_a theta half_a (half_b h) (n - m) k i
                              + rot_b theta half_a (half_b h) 0 q i * rot_b theta half_a (half_b h) (n - m) k i)).
- rewrite (sum_to_ext t (fun j => rotate_half theta h m q (2 * h + j) * rotate_half theta h n k (2 * h + j))
                        (fun j => q (2 * h + j)%nat * k (2 * h + j)%nat)) by (intros; rewrite Cq, Ck; reflexivity).
  rewrite (sum_to_ext t (fun j => q (2 * h + j)%nat * rotate_half theta h (n - m) k (2 * h + j))
                        (fun j => q (2 * h + j)%nat * k (2 * h + j)%nat)) by (intros; rewrite Ck'; reflexivity).
  exact (rope_layout_relative theta half_a (half_b h) h (2 * h) t m n q k).
- intros i Hi; rewrite Ak', Bk' by exact Hi; unfold rot_a, rot_b; rewrite !Rmult_0_l, cos_0, sin_0; ring.
Qed.

(** ** The concatenated sinusoid (sinusoid_layout::concatenated, pe/additive.hpp) *)

(** PE(p)_j = sin(pθ_j) for j < h, cos(pθ_(j−h)) for h ≤ j < 2h, and 0 after (an odd width d = 2h + 1
    leaves its last entry 0: the library's std::vector is zero-initialised and never written there). *)
Definition pe_concat (theta : nat -> R) (h : nat) (p : R) (j : nat) : R :=
  if Nat.ltb j h then sin (p * theta j)
  else if Nat.ltb j (2 * h) then cos (p * theta (j - h)%nat)
  else 0.

(** R(k) for the concatenated layout: pair i joins entries i and i + h, block [[cos kθ_i, sin kθ_i],
    [−sin kθ_i, cos kθ_i]]; the entries from 2h on are left as they are. *)
Definition shift_concat (theta : nat -> R) (h : nat) (k : R) (v : nat -> R) (j : nat) : R :=
  if Nat.ltb j h then cos (k * theta j) * v j + sin (k * theta j) * v (j + h)%nat
  else if Nat.ltb j (2 * h) then - sin (k * theta (j - h)%nat) * v (j - h)%nat + cos (k * theta (j - h)%nat) * v j
  else v j.

(** PE(p + k) = R(k)·PE(p) for the concatenated layout, every real p, k, every frequency table, every
    number of pairs h and every entry j (so every width d ≥ 2h, odd widths included). *)
Theorem sinusoid_concat_shift_is_rotation (theta : nat -> R) (h : nat) (p k : R) (j : nat) :
  pe_concat theta h (p + k) j = shift_concat theta h k (pe_concat theta h p) j.
Proof.
unfold shift_concat, pe_concat.
destruct (Nat.ltb_spec j h) as [H1 | H1].
- destruct (Nat.ltb_spec (j + h) h) as [H2 | H2]; [lia |].
  destruct (Nat.ltb_spec (j + h) (2 * h)) as [_ | H3]; [| lia].
  replace (j + h - h)%nat with j by lia.
  replace ((p + k) * theta j) with (p * theta j + k * theta j) by ring.
  rewrite sin_plus; ring.
- destruct (Nat.ltb_spec j (2 * h)) as [H2 | H2]; [| ring].
  destruct (Nat.ltb_spec (j - h) h) as [_ | H3]; [| lia].
  replace ((p + k) * theta (j - h)%nat) with (p * theta (j - h)%nat + k * theta (j - h)%nat) by ring.
  rewrite cos_plus; ring.
Qed.

(** ** The interleaved layout with partial rotary (rotary_layout::interleaved, r = 2h of d = 2h + t) *)
(** The interleaved layout of the library: pair i joins entries 2i and 2i + 1. *)
Definition inter_a (i : nat) : nat := (2 * i)%nat.
Definition inter_b (i : nat) : nat := (2 * i + 1)%nat.

(** For the interleaved layout the pairwise score is the plain dot product of all d = 2h + t entries:
    Σ_(i<h) (u_2i v_2i + u_(2i+1) v_(2i+1)) + Σ_(j<t) u_(2h+j) v_(2h+j) = Σ_(j<2h+t) u_j v_j. *)
Theorem interleaved_regroup (h t : nat) (u v : nat -> R) :
  sum_to h (fun i => u (inter_a i) * v (inter_a i) + u (inter_b i) * v (inter_b i))
  + sum_to t (fun j => u (2 * h + j)%nat * v (2 * h + j)%nat)
  = sum_to (2 * h + t) (fun j => u j * v j).
Proof.
rewrite (sum_to_split (2 * h)); f_equal.
induction h as [| h IH]; [reflexivity |].
replace (2 * S h)%nat with (S (S (2 * h))) by lia; cbn [sum_to]; rewrite IH.
unfold inter_a, inter_b; replace (2 * h + 1)%nat with (S (2 * h)) by lia; ring.
Qed.

(** rotate(x, p, r = 2h, rotary_layout::interleaved, θ) as a vector of d = 2h + t entries. *)
Definition rotate_inter (theta : nat -> R) (h : nat) (p : R) (v : nat -> R) (j : nat) : R :=
  if Nat.ltb j (2 * h) then
    (if Nat.even j then rot_a theta inter_a inter_b p v (Nat.div2 j) else rot_b theta inter_a inter_b p v (Nat.div2 j))
  else v j.

(** The interleaved layout with partial rotary (t pass-through entries): the plain dot product
    ⟨R_m q, R_n k⟩ over all d = 2h + t entries equals ⟨q, R_(n−m) k⟩: RoPE scores depend on n − m only. *)
Theorem rope_interleaved_relative (theta : nat -> R) (h t : nat) (m n : R) (q k : nat -> R) :
  sum_to (2 * h + t) (fun j => rotate_inter theta h m q j * rotate_inter theta h n k j)
  = sum_to (2 * h + t) (fun j => q j * rotate_inter theta h (n - m) k j).
Proof.
assert (Rw : forall p v, (forall i, (i < h)%nat -> rotate_inter theta h p v (inter_a i) = rot_a theta inter_a inter_b p v i)
  /\ (forall i, (i < h)%nat -> rotate_inter theta h p v (inter_b i) = rot_b theta inter_a inter_b p v i)
  /\ (forall j, rotate_inter theta h p v (2 * h + j)%nat = v (2 * h + j)%nat)).
{ intros p v; unfold rotate_inter, inter_a, inter_b; split; [| split].
  - intros i Hi; destruct (Nat.ltb_spec (2 * i) (2 * h)); [| lia].
    rewrite Nat.even_mul, Nat.div2_double; reflexivity.
  - intros i Hi; destruct (Nat.ltb_spec (2 * i + 1) (2 * h)); [| lia].
    replace (2 * i + 1)%nat with (S (2 * i)) by lia.
    rewrite Nat.even_succ, Nat.odd_mul, Nat.div2_succ_double; reflexivity.
  - intro j; destruct (Nat.ltb_spec (2 * h + j) (2 * h)); [lia | reflexivity]. }
rewrite <- !interleaved_regroup.
destruct (Rw m q) as [Aq [Bq Cq]]; destruct (Rw n k) as [Ak [Bk Ck]]; destruct (Rw (n - m) k) as [Ak' [Bk' Ck']].
rewrite (sum_to_ext h _ (fun i => rot_a theta inter_a inter_b m q i * rot_a theta inter_a inter_b n k i
                              + rot_b theta inter_a inter_b m q i * rot_b theta inter_a inter_b n k i))
  by (intros i Hi; rewrite Aq, Ak, Bq, Bk by exact Hi; reflexivity).
rewrite (sum_to_ext h (fun i => q (inter_a i) * rotate_inter theta h (n - m) k (inter_a i)
                               + q (inter_b i) * rotate_inter theta h (n - m) k (inter_b i))
                      (fun i => rot_a theta inter_a inter_b 0 q i * rot_a theta inter_a inter_b (n - m) k i
                              + rot_b theta inter_a inter_b 0 q i * rot_b theta inter_a inter_b (n - m) k i)).
- rewrite (sum_to_ext t (fun j => rotate_inter theta h m q (2 * h + j) * rotate_inter theta h n k (2 * h + j))
                        (fun j => q (2 * h + j)%nat * k (2 * h + j)%nat)) by (intros; rewrite Cq, Ck; reflexivity).
  rewrite (sum_to_ext t (fun j => q (2 * h + j)%nat * rotate_inter theta h (n - m) k (2 * h + j))
                        (fun j => q (2 * h + j)%nat * k (2 * h + j)%nat)) by (intros; rewrite Ck'; reflexivity).
  exact (rope_layout_relative theta inter_a inter_b h (2 * h) t m n q k).
- intros i Hi; rewrite Ak', Bk' by exact Hi; unfold rot_a, rot_b; rewrite !Rmult_0_l, cos_0, sin_0; ring.
Qed.
