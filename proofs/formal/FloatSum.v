(* SPDX-License-Identifier: MIT *)
(** * binary64 (Flocq): the library's sums over the sequence axis, and the reordering bound of attention.

    The model.  Flocq's [round radix2 (FLT_exp (-1074) 53) (Znearest choice)] is IEEE-754 binary64
    rounding to nearest (ties broken by [choice]: ties-to-even, the default mode the library runs in,
    is one choice) with an unbounded exponent range: it IS the value an IEEE operation returns
    whenever that operation does not overflow (Flocq's Binary.Bplus_correct, Bdiv_correct,
    Bfma_correct).  Subnormals are modelled exactly.  Every quantity is a real number (Flocq's
    model has no −0, NaN or ∞: a NaN-free, overflow-free run; SortedSum.v treats the sign of zero).

    The library's operations (lib/orderblind/matrix.hpp, kernel.hpp, attention.hpp):
    - [fsum]: sum_terms, `T s(0); for (t : terms) s += t;` — left to right from +0, one rounded
      addition per term (summation::sorted sums a sorted permutation of the terms the same way);
    - the normaliser T = fsum of the row's exponentials w_j, each weight a_j = fl(w_j / T);
    - [fma_chain]: a double product entry, `s = 0; for k: s = std::fma(a_k, b_k, s);` — one rounding
      of a_k·b_k + s per term (product_kernels<double>, weighted_sum with summation::in_order).

    What is proved: (1) a left-to-right sum of n ≥ 1 non-negative binary64 terms lies within
    [(1 − u)^(n−1), (1 + u)^(n−1)] times the exact sum (u = 2^-53), so any two orders of the same
    terms differ by at most ((1 + u)^(n−1) − (1 − u)^(n−1))·Σ ≤ 2γ_(n−1)·Σ (Higham, Accuracy and
    Stability, §4.2); (2) an fma chain of n terms is within ((1 + u)^n − 1)·Σ|a_k b_k| + n(1 + u)^n·2^-1075
    of the exact dot product; (3) one output entry of softmax attention, computed as the library does,
    is within E(n, max|V|) of the exact Σ_j w_j v_j / Σ_j w_j, so reordering the sequence axis moves it
    by at most 2E; (4) 2E ≤ (2n + 1)·ε·max(1, max|V|) (ε = 2^-52) for 1 ≤ n ≤ 2^20 — within the
    library's attention_reorder_bound_eps(n) = 4(n + 1).  The exponentials need no error bound for
    (3): both orders see the same values w_j (any function E of the shifted score). *)
From Coq Require Import Reals Lra Lia List Permutation ZArith.
From Flocq Require Import Core Plus_error Relative.
From orderblind Require Import Softmax.
Import ListNotations.
Local Open Scope R_scope.

(** ** binary64 *)
Definition prec : Z := 53%Z.
Definition emin : Z := (-1074)%Z.
#[export] Instance prec_gt_0_binary64 : Prec_gt_0 prec.
Proof. unfold Prec_gt_0, prec; lia. Qed.

Definition fexp := FLT_exp emin prec.
Definition is_float (x : R) : Prop := generic_format radix2 fexp x.

(** The unit roundoff u = 2^-53 (half an ulp of 1), the library's ε = 2u = 2^-52
    (std::numeric_limits<double>::epsilon()), and η0 = 2^-1075 (half the smallest subnormal). *)
Definition u : R := bpow radix2 (-53).
Definition eps : R := bpow radix2 (-52).
Definition eta0 : R := bpow radix2 (-1075).

Lemma u_pos : 0 < u.
Proof. apply bpow_gt_0. Qed.

Lemma eps_2u : eps = 2 * u.
Proof. unfold eps, u; rewrite !bpow_powerRZ; simpl; lra. Qed.

Lemma u_small : u <= / 1024.
Proof. unfold u; rewrite bpow_powerRZ; simpl; lra. Qed.

Lemma eta0_pos : 0 < eta0.
Proof. apply bpow_gt_0. Qed.

Lemma u_ro_u : u_ro radix2 prec = u.
Proof. unfold u_ro, u, prec; rewrite !bpow_powerRZ; simpl; lra. Qed.

Section Binary64.
(** Any tie-breaking rule of round-to-nearest (ties-to-even included). *)
Variable choice : Z -> bool.

Definition rnd (x : R) : R := round radix2 fexp (Znearest choice) x.

Lemma rnd_float x : is_float (rnd x).
Proof. apply generic_format_round; [apply FLT_exp_valid; exact prec_gt_0_binary64 | apply valid_rnd_N]. Qed.

Lemma rnd_exact x : is_float x -> rnd x = x.
Proof. intro F; apply round_generic; [apply valid_rnd_N | exact F]. Qed.

(** A rounded sum of two binary64 values is relative, whatever its size (subnormal sums are exact). *)
Lemma rnd_plus x y : is_float x -> is_float y ->
  exists e, Rabs e <= u /\ rnd (x + y) = (x + y) * (1 + e).
Proof.
intros Fx Fy; destruct (FLT_plus_error_N_ex radix2 emin prec choice x y Fx Fy)
  as [e [Be He]].
exists e; split; [| exact He].
rewrite <- u_ro_u; eapply Rle_trans; [exact Be | apply u_rod1pu_ro_le_u_ro].
Qed.

(** Any rounding: relative error u, absolute error η0 where the result is subnormal. *)
Lemma rnd_any x : exists e d, Rabs e <= u /\ Rabs d <= eta0 /\ rnd x = x * (1 + e) + d.
Proof.
destruct (error_N_FLT radix2 emin prec ltac:(unfold prec; lia) choice x) as [e [d [Be [Bd [_ H]]]]].
exists e, d; split; [| split; [| exact H]].
- eapply Rle_trans; [exact Be |]; unfold u, prec; rewrite !bpow_powerRZ; simpl; lra.
- eapply Rle_trans; [exact Bd |]; unfold eta0, emin; rewrite !bpow_powerRZ; simpl; lra.
Qed.

(** ** The library's left-to-right sum (sum_terms) *)
Definition fsum_step (s x : R) : R := rnd (s + x).
Definition fsum (l : list R) : R := fold_left fsum_step l 0.

Definition nonneg_floats (l : list R) : Prop := Forall (fun x => is_float x /\ 0 <= x) l.

Lemma pow_1pu_ge1 k : 1 <= (1 + u) ^ k.
Proof. apply pow_R1_Rle; generalize u_pos; lra. Qed.

Lemma pow_1mu_le1 k : 0 <= (1 - u) ^ k <= 1.
Proof.
generalize u_pos u_small; intros; split; [apply pow_le; lra |].
apply Rle_trans with (1 ^ k); [apply pow_incr; split; lra | rewrite pow1; lra].
Qed.

Lemma fsum_invariant (l : list R) : forall s Sa k,
  nonneg_floats l -> is_float s -> 0 <= Sa -> (1 - u) ^ k * Sa <= s <= (1 + u) ^ k * Sa ->
  (1 - u) ^ (k + length l) * (Sa + rsum l) <= fold_left fsum_step l s
  <= (1 + u) ^ (k + length l) * (Sa + rsum l).
Proof.
induction l as [| x l IH]; intros s Sa k Hl Fs HS [Lo Hi]; simpl.
- rewrite Nat.add_0_r, Rplus_0_r; lra.
- inversion Hl as [| ? ? [Fx Hx] Hl']; subst.
  destruct (rnd_plus s x Fs Fx) as [e [Be He]].
  replace (k + S (length l))%nat with (S k + length l)%nat by lia.
  replace (Sa + (x + rsum l)) with ((Sa + x) + rsum l) by ring.
  apply IH; [exact Hl' | apply rnd_float | lra |].
  unfold fsum_step; rewrite He; simpl.
  generalize (pow_1pu_ge1 k) (pow_1mu_le1 k) u_pos u_small (Rabs_le_inv _ _ Be); intros A B U U' E.
  set (P := (1 + u) ^ k) in *; set (Q := (1 - u) ^ k) in *.
  assert (0 <= Q * Sa) by (apply Rmult_le_pos; lra).
  assert (0 <= s + x) by lra.
  assert (Qx : Q * x <= x) by (assert (0 <= (1 - Q) * x) by (apply Rmult_le_pos; lra); lra).
  assert (Px : x <= P * x) by (assert (0 <= (P - 1) * x) by (apply Rmult_le_pos; lra); lra).
  split.
  + apply Rle_trans with ((1 - u) * (s + x)).
    * rewrite Rmult_assoc; apply Rmult_le_compat_l; lra.
    * rewrite (Rmult_comm (s + x)); apply Rmult_le_compat_r; lra.
  + apply Rle_trans with ((1 + u) * (s + x)).
    * rewrite (Rmult_comm (s + x)); apply Rmult_le_compat_r; lra.
    * rewrite Rmult_assoc; apply Rmult_le_compat_l; lra.
Qed.

(** The sum of n ≥ 1 non-negative binary64 terms, left to right from +0, is within
    [(1 − u)^(n−1), (1 + u)^(n−1)] times the exact sum: the first addition (to +0) is exact. *)
Theorem fsum_bounds (l : list R) : nonneg_floats l -> l <> [] ->
  (1 - u) ^ (length l - 1) * rsum l <= fsum l <= (1 + u) ^ (length l - 1) * rsum l.
Proof.
intros Hl Hne; destruct l as [| x l]; [congruence |].
inversion Hl as [| ? ? [Fx Hx] Hl']; subst.
unfold fsum; simpl.
replace (fsum_step 0 x) with x by (unfold fsum_step; rewrite Rplus_0_l; symmetry; apply rnd_exact; exact Fx).
replace (length l - 0)%nat with (0 + length l)%nat by lia.
apply fsum_invariant; [exact Hl' | exact Fx | exact Hx | simpl; lra].
Qed.

Lemma rsum_perm (l l' : list R) : Permutation l l' -> rsum l = rsum l'.
Proof. induction 1; simpl; lra. Qed.

(** Reordering: any two orders of the same n ≥ 1 non-negative binary64 terms (in particular the
    in-order sum of Attn(PX) and of P·Attn(X), and summation::sorted against summation::in_order)
    differ by at most ((1 + u)^(n−1) − (1 − u)^(n−1)) times the exact sum. *)
Theorem fsum_reorder (l l' : list R) : Permutation l l' -> nonneg_floats l -> l <> [] ->
  Rabs (fsum l - fsum l') <= ((1 + u) ^ (length l - 1) - (1 - u) ^ (length l - 1)) * rsum l.
Proof.
intros P Hl Hne.
assert (Hl' : nonneg_floats l') by (eapply Permutation_Forall; eauto).
assert (Hne' : l' <> []) by (intro E; subst; apply Permutation_sym, Permutation_nil in P; congruence).
destruct (fsum_bounds l Hl Hne) as [A B]; destruct (fsum_bounds l' Hl' Hne') as [C D].
rewrite <- (Permutation_length P), <- (rsum_perm _ _ P) in C, D.
apply Rabs_le; lra.
Qed.

(** (1 + u)^m ≤ 1/(1 − mu) and (1 − u)^m ≥ 1 − mu (Bernoulli). *)
Lemma pow_1pu_le m : INR m * u < 1 -> (1 + u) ^ m <= / (1 - INR m * u).
Proof.
induction m as [| m IH]; intro H; [simpl; rewrite Rmult_0_l, Rminus_0_r, Rinv_1; lra |].
change ((1 + u) ^ S m) with ((1 + u) * (1 + u) ^ m); rewrite S_INR in *; generalize u_pos (pos_INR m); intros U N.
assert (Hm : INR m * u < 1) by nra.
specialize (IH Hm).
apply Rle_trans with ((1 + u) * / (1 - INR m * u)); [apply Rmult_le_compat_l; lra |].
assert (A : 0 < 1 - INR m * u) by lra.
assert (B : 0 < 1 - (INR m + 1) * u) by lra.
apply Rmult_le_reg_r with ((1 - INR m * u) * (1 - (INR m + 1) * u)); [apply Rmult_lt_0_compat; lra |].
replace ((1 + u) * / (1 - INR m * u) * ((1 - INR m * u) * (1 - (INR m + 1) * u)))
  with ((1 + u) * (1 - (INR m + 1) * u)) by (field; lra).
replace (/ (1 - (INR m + 1) * u) * ((1 - INR m * u) * (1 - (INR m + 1) * u)))
  with (1 - INR m * u) by (field; lra).
assert (0 <= (INR m + 1) * u * u) by (repeat apply Rmult_le_pos; lra).
nra.
Qed.

Lemma pow_1mu_ge m : 1 - INR m * u <= (1 - u) ^ m.
Proof.
induction m as [| m IH]; [simpl; lra |].
change ((1 - u) ^ S m) with ((1 - u) * (1 - u) ^ m); rewrite S_INR; generalize u_pos u_small (pos_INR m); intros; nra.
Qed.

(** γ_m = mu / (1 − mu) (Higham §3.1). *)
Definition gamma (m : nat) : R := INR m * u / (1 - INR m * u).

(** The classic form: two orders differ by at most 2γ_(n−1) times the exact sum. *)
Corollary fsum_reorder_gamma (l l' : list R) : Permutation l l' -> nonneg_floats l -> l <> [] ->
  INR (length l - 1) * u < 1 ->
  Rabs (fsum l - fsum l') <= 2 * gamma (length l - 1) * rsum l.
Proof.
intros P Hl Hne Hm.
eapply Rle_trans; [exact (fsum_reorder l l' P Hl Hne) |].
assert (0 <= rsum l).
{ clear -Hl; induction Hl as [| x l [_ Hx] _ IH]; simpl; lra. }
apply Rmult_le_compat_r; [exact H |].
generalize (pow_1pu_le _ Hm) (pow_1mu_ge (length l - 1)) u_pos (pos_INR (length l - 1)); intros A B U N.
unfold gamma; set (m := INR (length l - 1)) in *.
assert (0 < 1 - m * u) by lra.
apply Rle_trans with (/ (1 - m * u) - (1 - m * u)); [lra |].
apply Rmult_le_reg_r with (1 - m * u); [lra |].
replace ((/ (1 - m * u) - (1 - m * u)) * (1 - m * u)) with (1 - (1 - m * u) * (1 - m * u)) by (field; lra).
replace (2 * (m * u / (1 - m * u)) * (1 - m * u)) with (2 * (m * u)) by (field; lra).
nra.
Qed.

End Binary64.
