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
    by at most 2E; (4) 2E ≤ (2n + 1)·(ε·max|V| + η) (ε = 2^-52, η = 2^-1074, the smallest subnormal)
    for 1 ≤ n ≤ 2^20: the floor-free form k·(ε·s + η) that verify::compare (verify/bound.hpp)
    applies, with k = 2n + 1 — within the library's attention_reorder_bound_eps(n) = 4(n + 1); (5) a
    masked row (padding mask, keys permuted with their mask bits) is the unmasked computation over
    its allowed keys, so the same holds with n the number of allowed keys; (6) each softmax weight
    fl(w_j/T) moves by at most (n + 1)·(ε + η) when the normaliser is summed in another order.  The
    exponentials need no error bound for (3): both orders see the same values w_j (any function E of
    the shifted score). *)
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

(** ** The library's double products: an fma chain (s = fma(a_k, b_k, s), k = 0, 1, …, from +0) *)
Definition fma_step (z : R) (p : R * R) : R := rnd (fst p * snd p + z).
Definition fma_chain (ps : list (R * R)) : R := fold_left fma_step ps 0.
Definition dot (ps : list (R * R)) : R := fold_right (fun p acc => fst p * snd p + acc) 0 ps.
Definition absdot (ps : list (R * R)) : R := fold_right (fun p acc => Rabs (fst p * snd p) + acc) 0 ps.

Lemma absdot_nonneg ps : 0 <= absdot ps.
Proof. induction ps as [| p ps IH]; simpl; [lra | generalize (Rabs_pos (fst p * snd p)); lra]. Qed.

Lemma fma_invariant (ps : list (R * R)) : forall z z0 M0 k,
  Rabs z0 <= M0 ->
  Rabs (z - z0) <= ((1 + u) ^ k - 1) * M0 + INR k * (1 + u) ^ k * eta0 ->
  Rabs (fold_left fma_step ps z - (z0 + dot ps))
  <= ((1 + u) ^ (k + length ps) - 1) * (M0 + absdot ps)
     + INR (k + length ps) * (1 + u) ^ (k + length ps) * eta0.
Proof.
induction ps as [| p ps IH]; intros z z0 M0 k HM HE; simpl.
- rewrite Nat.add_0_r, !Rplus_0_r; exact HE.
- replace (k + S (length ps))%nat with (S k + length ps)%nat by lia.
  replace (z0 + (fst p * snd p + dot ps)) with ((z0 + fst p * snd p) + dot ps) by ring.
  replace (M0 + (Rabs (fst p * snd p) + absdot ps)) with ((M0 + Rabs (fst p * snd p)) + absdot ps) by ring.
  apply IH.
  + eapply Rle_trans; [apply Rabs_triang | lra].
  + unfold fma_step; destruct (rnd_any (fst p * snd p + z)) as [e [d [Be [Bd H]]]]; rewrite H.
    set (ab := fst p * snd p) in *.
    change ((1 + u) ^ S k) with ((1 + u) * (1 + u) ^ k); rewrite S_INR.
    generalize (pow_1pu_ge1 k) u_pos eta0_pos (pos_INR k) (Rabs_pos ab); intros A U H0 N Pab.
    set (P := (1 + u) ^ k) in *.
    set (E := Rabs (z - z0)) in *.
    replace ((ab + z) * (1 + e) + d - (z0 + ab)) with ((z - z0) + e * (ab + z) + d) by ring.
    assert (T1 : Rabs (ab + z) <= M0 + Rabs ab + E).
    { replace (ab + z) with ((ab + z0) + (z - z0)) by ring.
      eapply Rle_trans; [apply Rabs_triang |].
      generalize (Rabs_triang ab z0); fold E; lra. }
    assert (T2 : Rabs (e * (ab + z)) <= u * (M0 + Rabs ab + E)).
    { rewrite Rabs_mult; apply Rmult_le_compat; [apply Rabs_pos | apply Rabs_pos | exact Be | exact T1]. }
    eapply Rle_trans; [apply Rabs_triang |].
    eapply Rle_trans; [apply Rplus_le_compat_r; apply Rabs_triang |].
    fold E.
    assert (HE' : E <= (P - 1) * M0 + INR k * P * eta0) by exact HE.
    assert (0 <= (P - 1) * Rabs ab) by (apply Rmult_le_pos; lra).
    assert (0 <= u * ((P - 1) * M0 + INR k * P * eta0 - E)) by (apply Rmult_le_pos; lra).
    assert (0 <= (P - 1) * M0) by (apply Rmult_le_pos; [lra | eapply Rle_trans; [apply Rabs_pos | exact HM]]).
    assert (0 <= u * P * eta0) by (repeat apply Rmult_le_pos; lra).
    assert (0 <= u * INR k * P * eta0) by (repeat apply Rmult_le_pos; lra).
    assert (eta0 <= P * eta0) by (assert (0 <= (P - 1) * eta0) by (apply Rmult_le_pos; lra); lra).
    nra.
Qed.

(** An fma chain of n terms is within ((1 + u)^n − 1)·Σ|a_k b_k| + n(1 + u)^n·2^-1075 of the exact
    dot product (no assumption on the signs; the second term only where results are subnormal). *)
Theorem fma_chain_error (ps : list (R * R)) :
  Rabs (fma_chain ps - dot ps)
  <= ((1 + u) ^ length ps - 1) * absdot ps + INR (length ps) * (1 + u) ^ length ps * eta0.
Proof.
unfold fma_chain; replace (dot ps) with (0 + dot ps) by ring.
replace (absdot ps) with (0 + absdot ps) by ring.
change (length ps) with (0 + length ps)%nat.
apply fma_invariant; simpl; rewrite ?Rminus_0_r, ?Rabs_R0; lra.
Qed.

(** ** One output entry of softmax attention, as the library computes it *)
(** The row's terms: pairs (w_j, v_j) of an exponential w_j = exp_of(s_j − shift) and the value V(j, c)
    in row order.  The normaliser T = fsum (w_0, …, w_(n−1)) (sum_terms, in order), each weight
    a_j = fl(w_j / T) (kernel.hpp: `x = x / total`), the output Σ_j a_j v_j an fma chain in j order
    (weighted_sum: product_kernels<double>::multiply). *)
Definition attn_entry (ps : list (R * R)) : R :=
  let T := fsum (map fst ps) in fma_chain (map (fun p => (rnd (fst p / T), snd p)) ps).

(** The exact value: Σ_j w_j v_j / Σ_j w_j. *)
Definition attn_exact (ps : list (R * R)) : R := dot ps / rsum (map fst ps).

(** ρ_m = (1 + u)/(1 − u)^m − 1: how far fl(w/T)·(Σw)/w can be from 1 when T is a sum of m + 1 terms. *)
Definition rho (m : nat) : R := (1 + u) / (1 - u) ^ m - 1.

(** The bound on one entry: E(n, V) = V·((1 + u)^n·(1 + ρ_(n−1) + n·η0) − 1) + n(1 + u)^n·η0. *)
Definition entry_bound (n : nat) (Vmax : R) : R :=
  Vmax * ((1 + u) ^ n * (1 + rho (n - 1) + INR n * eta0) - 1) + INR n * (1 + u) ^ n * eta0.

Lemma pow_pos_1mu m : 0 < (1 - u) ^ m.
Proof. apply pow_lt; generalize u_small; lra. Qed.

Lemma pow_prod_le1 m : (1 + u) ^ m * (1 - u) ^ m <= 1.
Proof.
rewrite <- Rpow_mult_distr; generalize u_pos u_small; intros.
apply Rle_trans with (1 ^ m); [apply pow_incr; split; nra | rewrite pow1; lra].
Qed.

(** |r(1 + e) − 1| ≤ ρ_m when (1 − u)^m ≤ 1/r ≤ (1 + u)^m and |e| ≤ u. *)
Lemma ratio_dev (m : nat) (r e : R) : 0 < r -> (1 - u) ^ m * r <= 1 -> 1 <= (1 + u) ^ m * r ->
  Rabs e <= u -> Rabs (r * (1 + e) - 1) <= rho m.
Proof.
intros Hr Lo Hi Be; apply Rabs_le_inv in Be.
generalize (pow_pos_1mu m) (pow_1pu_ge1 m) (pow_prod_le1 m) u_pos u_small; intros Y X XY U U'.
set (Py := (1 - u) ^ m) in *; set (Px := (1 + u) ^ m) in *.
unfold rho; fold Py.
assert (R1 : r <= / Py) by (apply Rmult_le_reg_l with Py; [lra | rewrite Rinv_r; lra]).
assert (R2 : / Px <= r) by (apply Rmult_le_reg_l with Px; [lra | rewrite Rinv_r; lra]).
assert (IY : 0 < / Py) by (apply Rinv_0_lt_compat; lra).
assert (IX : 0 < / Px) by (apply Rinv_0_lt_compat; lra).
assert (AMGM : 2 <= / Px + / Py).
{ assert (P1 : 1 <= / Px * / Py).
  { rewrite <- Rinv_mult; apply Rmult_le_reg_l with (Px * Py); [nra |].
    rewrite Rinv_r; nra. }
  nra. }
apply Rabs_le; split.
- assert (r * (1 + e) >= / Px * (1 - u)) by nra.
  unfold Rdiv; nra.
- unfold Rdiv; nra.
Qed.

Lemma rsum_map_fst_nonneg (ps : list (R * R)) :
  Forall (fun p => 0 <= fst p) ps -> 0 <= rsum (map fst ps).
Proof. induction 1; simpl; lra. Qed.

(** Σ over the row of per-term bounds c·(w_j / S) + h. *)
Lemma sum_terms_bound (f : R * R -> R) (c h S : R) (ps : list (R * R)) :
  (forall p, In p ps -> Rabs (f p) <= c * (fst p / S) + h) ->
  Rabs (fold_right (fun p acc => f p + acc) 0 ps) <= c * (rsum (map fst ps) / S) + INR (length ps) * h.
Proof.
induction ps as [| p ps IH]; intro H; unfold rsum in *; cbn [fold_right map length] in *;
  [rewrite Rabs_R0; simpl INR; unfold Rdiv; ring_simplify; lra |].
rewrite S_INR.
eapply Rle_trans; [apply Rabs_triang |].
generalize (H p (or_introl eq_refl)) (IH (fun q Hq => H q (or_intror Hq))); intros A B.
unfold Rdiv in *; lra.
Qed.

Lemma dot_map_sub (T S : R) (l : list (R * R)) :
  dot (map (fun p => (rnd (fst p / T), snd p)) l) - dot l / S
  = fold_right (fun p acc => (rnd (fst p / T) * snd p - fst p * snd p / S) + acc) 0 l.
Proof. induction l as [| p l IH]; simpl; [unfold Rdiv; ring | rewrite <- IH; unfold Rdiv; ring]. Qed.

Lemma absdot_map (T : R) (l : list (R * R)) :
  absdot (map (fun p => (rnd (fst p / T), snd p)) l)
  = fold_right (fun p acc => Rabs (rnd (fst p / T) * snd p) + acc) 0 l.
Proof. induction l as [| p l IH]; simpl; [reflexivity | rewrite <- IH; reflexivity]. Qed.

(** One output entry of softmax attention, computed as the library does, is within
    E(n, max|V|) of the exact Σ_j w_j v_j / Σ_j w_j — for any non-negative binary64 exponentials
    w_j (not all 0) and any values with |v_j| ≤ V. *)
Theorem attn_entry_error (ps : list (R * R)) (Vmax : R) :
  Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps ->
  0 < rsum (map fst ps) ->
  Rabs (attn_entry ps - attn_exact ps) <= entry_bound (length ps) Vmax.
Proof.
intros H HS.
set (W := map fst ps) in *; set (S := rsum W) in *.
assert (HW : nonneg_floats W).
{ unfold W; clear -H; induction H as [| p ps [F [N _]] _ IH]; simpl; constructor; auto. }
assert (Hne : ps <> []) by (intro E; subst; unfold S, W in HS; simpl in HS; lra).
assert (HWne : W <> []) by (unfold W; destruct ps; [congruence | discriminate]).
assert (LW : length W = length ps) by (unfold W; apply map_length).
destruct (fsum_bounds W HW HWne) as [TLo THi]; rewrite LW in TLo, THi; fold S in TLo, THi.
set (m := (length ps - 1)%nat) in *.
set (T := fsum W) in *.
generalize (pow_pos_1mu m) (pow_1pu_ge1 m) u_pos eta0_pos; intros Y X U H0.
assert (HT : 0 < T) by (apply Rlt_le_trans with ((1 - u) ^ m * S); [apply Rmult_lt_0_compat |]; lra).
assert (HV : 0 <= Vmax).
{ destruct ps as [| p ps]; [congruence |]; inversion H as [| ? ? [_ [_ Hv]] _]; subst.
  generalize (Rabs_pos (snd p)); lra. }
assert (Hr1 : (1 - u) ^ m * (S / T) <= 1).
{ apply Rmult_le_reg_r with T; [exact HT |]; unfold Rdiv.
  replace ((1 - u) ^ m * (S * / T) * T) with ((1 - u) ^ m * S) by (field; lra); lra. }
assert (Hr2 : 1 <= (1 + u) ^ m * (S / T)).
{ apply Rmult_le_reg_r with T; [exact HT |]; unfold Rdiv.
  replace ((1 + u) ^ m * (S * / T) * T) with ((1 + u) ^ m * S) by (field; lra); lra. }
assert (Hr : 0 < S / T) by (apply Rdiv_lt_0_compat; lra).
assert (Hrho : 0 <= rho m).
{ unfold rho; generalize (pow_1mu_le1 m); intros [_ B].
  assert (1 <= / (1 - u) ^ m) by (apply Rle_trans with (/ 1); [rewrite Rinv_1; lra | apply Rinv_le_contravar; lra]).
  unfold Rdiv; nra. }
(* each term: a_j = fl(w_j / T) *)
set (qs := map (fun p => (rnd (fst p / T), snd p)) ps).
assert (Term : forall p, In p ps ->
  Rabs (rnd (fst p / T) * snd p - fst p * snd p / S) <= Vmax * rho m * (fst p / S) + Vmax * eta0 /\
  Rabs (rnd (fst p / T) * snd p) <= Vmax * (1 + rho m) * (fst p / S) + Vmax * eta0).
{ intros p Hp; rewrite Forall_forall in H; destruct (H p Hp) as [_ [Hw Hv]].
  destruct (rnd_any (fst p / T)) as [e [d [Be [Bd Hd]]]]; rewrite Hd.
  generalize (ratio_dev m (S / T) e Hr Hr1 Hr2 Be); intro D.
  assert (Hws : 0 <= fst p / S) by (unfold Rdiv; apply Rmult_le_pos; [lra | apply Rlt_le, Rinv_0_lt_compat; lra]).
  replace (fst p / T * (1 + e) + d) with (fst p / S * (S / T * (1 + e)) + d) by (field; lra).
  split.
  - replace ((fst p / S * (S / T * (1 + e)) + d) * snd p - fst p * snd p / S)
      with ((fst p / S * (S / T * (1 + e) - 1) + d) * snd p) by (field; lra).
    rewrite Rabs_mult.
    assert (Rabs (fst p / S * (S / T * (1 + e) - 1) + d) <= fst p / S * rho m + eta0).
    { eapply Rle_trans; [apply Rabs_triang |]; rewrite Rabs_mult, (Rabs_pos_eq (fst p / S)) by lra.
      apply Rplus_le_compat; [apply Rmult_le_compat_l |]; lra. }
    apply Rle_trans with ((fst p / S * rho m + eta0) * Vmax); [apply Rmult_le_compat; try apply Rabs_pos; lra | nra].
  - rewrite Rabs_mult.
    assert (Rabs (fst p / S * (S / T * (1 + e)) + d) <= fst p / S * (1 + rho m) + eta0).
    { eapply Rle_trans; [apply Rabs_triang |]; rewrite Rabs_mult, (Rabs_pos_eq (fst p / S)) by lra.
      apply Rplus_le_compat; [apply Rmult_le_compat_l; [lra |] |]; [| lra].
      generalize (Rabs_triang (S / T * (1 + e) - 1) 1); replace (S / T * (1 + e) - 1 + 1) with (S / T * (1 + e)) by ring.
      rewrite Rabs_R1; lra. }
    apply Rle_trans with ((fst p / S * (1 + rho m) + eta0) * Vmax); [apply Rmult_le_compat; try apply Rabs_pos; lra | nra]. }
(* the three sums *)
assert (Lq : length qs = length ps) by (unfold qs; apply map_length).
assert (SS : rsum (map fst ps) / S = 1) by (fold W; unfold Rdiv; rewrite Rinv_r; lra).
assert (A : Rabs (dot qs - attn_exact ps) <= Vmax * rho m + INR (length ps) * (Vmax * eta0)).
{ unfold attn_exact; fold W; fold S.
  unfold qs; rewrite (dot_map_sub T S ps).
  eapply Rle_trans.
  - apply (sum_terms_bound (fun p => rnd (fst p / T) * snd p - fst p * snd p / S) (Vmax * rho m) (Vmax * eta0) S).
    intros p Hp; destruct (Term p Hp) as [T1 _]; exact T1.
  - rewrite SS; lra. }
assert (B : absdot qs <= Vmax * (1 + rho m) + INR (length ps) * (Vmax * eta0)).
{ rewrite <- (Rabs_pos_eq (absdot qs)) by apply absdot_nonneg.
  unfold qs; rewrite (absdot_map T ps); eapply Rle_trans.
  - apply (sum_terms_bound (fun p => Rabs (rnd (fst p / T) * snd p)) (Vmax * (1 + rho m)) (Vmax * eta0) S).
    intros p Hp; destruct (Term p Hp) as [_ T2]; rewrite Rabs_Rabsolu; exact T2.
  - rewrite SS; lra. }
assert (C := fma_chain_error qs); rewrite Lq in C.
unfold attn_entry; fold W; fold T; fold qs.
replace (fma_chain qs - attn_exact ps) with ((fma_chain qs - dot qs) + (dot qs - attn_exact ps)) by ring.
eapply Rle_trans; [apply Rabs_triang |].
unfold entry_bound; fold m.
generalize (pow_1pu_ge1 (length ps)) (pos_INR (length ps)); intros Xn N.
set (Pn := (1 + u) ^ length ps) in *.
set (n := INR (length ps)) in *.
assert (0 <= (Pn - 1) * (Vmax * (1 + rho m) + n * (Vmax * eta0) - absdot qs)) by (apply Rmult_le_pos; lra).
nra.
Qed.

Lemma dot_perm (l l' : list (R * R)) : Permutation l l' -> dot l = dot l'.
Proof. induction 1; simpl; lra. Qed.

(** Reordering the sequence axis (the same permutation of the exponentials and of the value rows, as
    Attn(PX) against P·Attn(X)) moves one output entry by at most 2·E(n, max|V|). *)
Theorem attn_entry_reorder (ps ps' : list (R * R)) (Vmax : R) : Permutation ps ps' ->
  Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps ->
  0 < rsum (map fst ps) ->
  Rabs (attn_entry ps - attn_entry ps') <= 2 * entry_bound (length ps) Vmax.
Proof.
intros P H HS.
assert (H' : Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps')
  by (eapply Permutation_Forall; eauto).
assert (Ps : rsum (map fst ps) = rsum (map fst ps')) by (apply rsum_perm, Permutation_map, P).
assert (HS' : 0 < rsum (map fst ps')) by lra.
generalize (attn_entry_error ps Vmax H HS) (attn_entry_error ps' Vmax H' HS'); intros A B.
rewrite <- (Permutation_length P) in B.
assert (X : attn_exact ps = attn_exact ps') by (unfold attn_exact; rewrite Ps, (dot_perm _ _ P); reflexivity).
replace (attn_entry ps - attn_entry ps') with ((attn_entry ps - attn_exact ps) - (attn_entry ps' - attn_exact ps'))
  by (rewrite X; ring).
eapply Rle_trans; [apply Rabs_triang |]; rewrite Rabs_Ropp; lra.
Qed.

(** ** The bound in the library's units: k·(ε·s + η), no floor *)
(** η = 2^-1074, the smallest subnormal: std::numeric_limits<double>::denorm_min(), the absolute term
    of verify::compare's bound k·(ε·s + η) (lib/orderblind/verify/bound.hpp). *)
Definition eta : R := bpow radix2 (-1074).

Lemma eta_2eta0 : eta = 2 * eta0.
Proof.
unfold eta, eta0; replace (-1074)%Z with (1 + -1075)%Z by lia.
rewrite bpow_plus, bpow_1; simpl; lra.
Qed.

Lemma eps_pos : 0 < eps.
Proof. apply bpow_gt_0. Qed.

Lemma eta_pos : 0 < eta.
Proof. apply bpow_gt_0. Qed.

(** E(n, V) ≤ (2n + 5/8)·u·V + n·η for 1 ≤ n ≤ 2^20 and V ≥ 0: the part that scales with V is
    below (n + 5/16)·ε·V, the subnormal part below n·η (no max(1, V)). *)
Lemma entry_bound_le (n : nat) (Vmax : R) : (1 <= n)%nat -> INR n <= 1048576 -> 0 <= Vmax ->
  entry_bound n Vmax <= (2 * INR n + 5 / 8) * u * Vmax + INR n * eta.
Proof.
intros H1 H2 HV.
assert (Hx : 1 <= INR n) by (apply (le_INR 1); exact H1).
assert (Uv : u = / 9007199254740992) by (unfold u; rewrite bpow_powerRZ; simpl; lra).
assert (Ev : eta0 <= / 9007199254740992 * / 9007199254740992 * / 9007199254740992)
  by (unfold eta0; rewrite bpow_powerRZ; simpl; lra).
generalize eta0_pos eta_2eta0; intros E0 Eta.
set (x := INR n) in *.
assert (a_small : x * u <= / 8589934592) by (rewrite Uv; lra).
assert (a_pos : 0 < x * u) by (rewrite Uv; nra).
assert (Pn := pow_1pu_le n ltac:(fold x; lra)); fold x in Pn.
assert (Yn := pow_1mu_ge (n - 1)); rewrite minus_INR in Yn by exact H1; simpl INR in Yn; fold x in Yn.
generalize (pow_1pu_ge1 n) (pow_pos_1mu (n - 1)) u_pos; intros Xn Y0 U.
set (P := (1 + u) ^ n) in *; set (Y := (1 - u) ^ (n - 1)) in *.
unfold entry_bound, rho; fold x P Y.
(* the main term: P (1 + u) / Y - 1 <= (2x + 1/2) u *)
assert (Q : P * ((1 + u) / Y) <= (1 + u) / ((1 - x * u) * (1 - (x - 1) * u))).
{ unfold Rdiv; rewrite Rinv_mult.
  replace ((1 + u) * (/ (1 - x * u) * / (1 - (x - 1) * u))) with (/ (1 - x * u) * ((1 + u) * / (1 - (x - 1) * u))) by ring.
  apply Rmult_le_compat; [lra | apply Rmult_le_pos; [lra | apply Rlt_le, Rinv_0_lt_compat; lra] | exact Pn |].
  apply Rmult_le_compat_l; [lra |]; apply Rinv_le_contravar; lra. }
assert (Q2 : (1 + u) / ((1 - x * u) * (1 - (x - 1) * u)) <= 1 + (2 * x + / 2) * u).
{ assert (D : 0 < (1 - x * u) * (1 - (x - 1) * u)) by (apply Rmult_lt_0_compat; lra).
  apply Rmult_le_reg_r with ((1 - x * u) * (1 - (x - 1) * u)); [exact D |].
  unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra.
  set (a := x * u) in *.
  replace ((1 + (2 * x + / 2) * u) * ((1 - a) * (1 - (x - 1) * u)))
    with ((1 + 2 * a + u / 2) * ((1 - a) * (1 - a + u))) by (unfold a; field).
  rewrite Uv in *; nra. }
(* the subnormal terms *)
assert (Pb : P <= 2) by (apply Rle_trans with (/ (1 - x * u)); [exact Pn |];
  apply Rmult_le_reg_r with (1 - x * u); [lra |]; rewrite Rinv_l by lra; lra).
assert (Sub : x * eta0 <= u / 16) by (rewrite Uv; nra).
assert (VM : Vmax * (P * x * eta0) <= Vmax * (u / 8)).
{ apply Rmult_le_compat_l; [lra |]. nra. }
assert (XM : x * P * eta0 <= x * eta).
{ rewrite Eta; assert (0 <= x * eta0) by nra. nra. }
assert (Main : Vmax * (P * ((1 + u) / Y - 1 + 1) - 1) <= Vmax * ((2 * x + / 2) * u)).
{ replace ((1 + u) / Y - 1 + 1) with ((1 + u) / Y) by ring.
  apply Rmult_le_compat_l; lra. }
replace (Vmax * (P * ((1 + u) / Y - 1 + 1 + x * eta0) - 1) + x * P * eta0)
  with (Vmax * (P * ((1 + u) / Y - 1 + 1) - 1) + Vmax * (P * x * eta0) + x * P * eta0) by ring.
nra.
Qed.

(** The same in the library's units: 2·E(n, V) ≤ (2n + 1)·(ε·V + η), the form of verify::compare. *)
Lemma entry_bound_eps (n : nat) (Vmax : R) : (1 <= n)%nat -> INR n <= 1048576 -> 0 <= Vmax ->
  2 * entry_bound n Vmax <= (2 * INR n + 1) * (eps * Vmax + eta).
Proof.
intros H1 H2 HV.
generalize (entry_bound_le n Vmax H1 H2 HV) eps_2u u_pos eta_pos (pos_INR n); intros B E U H N.
assert (0 <= u * Vmax) by nra.
rewrite E; nra.
Qed.

Lemma length_pos_of_rsum (ps : list (R * R)) : 0 < rsum (map fst ps) -> (1 <= length ps)%nat.
Proof. destruct ps; [simpl; lra | simpl; lia]. Qed.

Lemma vmax_nonneg (ps : list (R * R)) (Vmax : R) (P : R * R -> Prop) : ps <> [] ->
  Forall (fun p => P p /\ Rabs (snd p) <= Vmax) ps -> 0 <= Vmax.
Proof.
intros Hne H; destruct ps as [| p ps]; [congruence |]; inversion H as [| ? ? [_ Hv] _]; subst.
generalize (Rabs_pos (snd p)); lra.
Qed.

(** One output entry computed as the library does is within (n + 1/2)·(ε·max|V| + η) of the exact
    Σ_j w_j v_j / Σ_j w_j (a convex combination of the values), for 1 ≤ n ≤ 2^20. *)
Theorem attn_entry_error_eps (ps : list (R * R)) (Vmax : R) :
  Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps ->
  0 < rsum (map fst ps) -> INR (length ps) <= 1048576 ->
  Rabs (attn_entry ps - attn_exact ps) <= (2 * INR (length ps) + 1) / 2 * (eps * Vmax + eta).
Proof.
intros H HS Hn.
assert (H1 := length_pos_of_rsum ps HS).
assert (HV : 0 <= Vmax).
{ apply (vmax_nonneg ps Vmax (fun p => is_float (fst p) /\ 0 <= fst p)); [destruct ps; simpl in H1; [lia | discriminate] |].
  revert H; apply Forall_impl; tauto. }
generalize (attn_entry_error ps Vmax H HS) (entry_bound_eps (length ps) Vmax H1 Hn HV); intros A B; lra.
Qed.

(** The reordering bound in the library's units: for one softmax head over 1 ≤ n ≤ 2^20 tokens,
    |Attn(PX) − P·Attn(X)| ≤ (2n + 1)·(ε·max|V| + η) entrywise (ε = 2^-52, η = 2^-1074): the bound
    k·(ε·s + η) of verify::compare with k = 2n + 1 and s = max|V|, no max(1, ·) floor. *)
Theorem attn_reorder_eps (ps ps' : list (R * R)) (Vmax : R) : Permutation ps ps' ->
  Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps ->
  0 < rsum (map fst ps) -> INR (length ps) <= 1048576 ->
  Rabs (attn_entry ps - attn_entry ps') <= (2 * INR (length ps) + 1) * (eps * Vmax + eta).
Proof.
intros P H HS Hn.
assert (H1 := length_pos_of_rsum ps HS).
assert (HV : 0 <= Vmax).
{ apply (vmax_nonneg ps Vmax (fun p => is_float (fst p) /\ 0 <= fst p)); [destruct ps; simpl in H1; [lia | discriminate] |].
  revert H; apply Forall_impl; tauto. }
eapply Rle_trans; [exact (attn_entry_reorder ps ps' Vmax P H HS) |].
exact (entry_bound_eps (length ps) Vmax H1 Hn HV).
Qed.

(** So the library's attention_reorder_bound_eps(n) = 4(n + 1), as verify::compare applies it
    (4(n + 1)·(ε·max|V| + η)), holds (with room: 2n + 1 suffices). *)
Corollary attn_reorder_within_library_bound (ps ps' : list (R * R)) (Vmax : R) : Permutation ps ps' ->
  Forall (fun p => is_float (fst p) /\ 0 <= fst p /\ Rabs (snd p) <= Vmax) ps ->
  0 < rsum (map fst ps) -> INR (length ps) <= 1048576 ->
  Rabs (attn_entry ps - attn_entry ps') <= 4 * (INR (length ps) + 1) * (eps * Vmax + eta).
Proof.
intros P H HS Hn; eapply Rle_trans; [exact (attn_reorder_eps ps ps' Vmax P H HS Hn) |].
assert (HV : 0 <= Vmax).
{ apply (vmax_nonneg ps Vmax (fun p => is_float (fst p) /\ 0 <= fst p));
    [destruct ps; [simpl in HS; lra | discriminate] |].
  revert H; apply Forall_impl; tauto. }
generalize eps_pos eta_pos (pos_INR (length ps)); intros.
assert (0 <= eps * Vmax) by nra.
apply Rmult_le_compat_r; lra.
Qed.

(** ** The library's softmax head, from the scores *)
(** A row of (score s_j, value v_j) pairs: the kernel subtracts the row maximum as kernel.hpp computes
    it (lib_max, Softmax.v), rounds s_j − shift, applies the library's exp E (any function returning
    non-negative binary64 values with E(0) = 1: fast::exp, double_exp.hpp, returns exactly 1 at ±0),
    then the normaliser, the divisions and the fma chain as above.  No accuracy of E is needed: both
    orders see the same values E(fl(s_j − shift)). *)
Definition softmax_entry (E : R -> R) (ps : list (R * R)) : R :=
  let m := lib_max (map fst ps) in attn_entry (map (fun p => (E (rnd (fst p - m)), snd p)) ps).

Lemma in_le_rsum (x : R) (l : list R) : Forall (fun y => 0 <= y) l -> In x l -> x <= rsum l.
Proof.
induction 1 as [| y l Hy Hl IH]; intro I; [destruct I | simpl].
assert (0 <= rsum l) by (clear -Hl; induction Hl; simpl; lra).
destruct I as [E | I]; [subst; lra | specialize (IH I); lra].
Qed.

(** Attn(PX) against P·Attn(X) for one softmax head as the library computes it (in-order sums):
    every output entry moves by at most (2n + 1)·(ε·max|V| + η), for 1 ≤ n ≤ 2^20 keys. *)
Theorem softmax_attention_reorder_eps (E : R -> R) (ps ps' : list (R * R)) (Vmax : R) :
  (forall x, is_float (E x) /\ 0 <= E x) -> E 0 = 1 ->
  Permutation ps ps' -> ps <> [] -> Forall (fun p => Rabs (snd p) <= Vmax) ps ->
  INR (length ps) <= 1048576 ->
  Rabs (softmax_entry E ps - softmax_entry E ps') <= (2 * INR (length ps) + 1) * (eps * Vmax + eta).
Proof.
intros HE E0 P Hne HV Hn.
unfold softmax_entry.
assert (M : lib_max (map fst ps) = lib_max (map fst ps')) by (apply lib_max_order_free, Permutation_map, P).
rewrite <- M.
set (m := lib_max (map fst ps)).
set (f := fun p : R * R => (E (rnd (fst p - m)), snd p)).
replace (length ps) with (length (map f ps)) by apply map_length.
apply attn_reorder_eps.
- apply Permutation_map, P.
- rewrite Forall_forall in *; intros q Hq; apply in_map_iff in Hq; destruct Hq as [p [Ep Hp]]; subst q.
  unfold f; simpl; destruct (HE (rnd (fst p - m))) as [F N]; split; [exact F | split; [exact N | apply HV, Hp]].
- assert (Hm : In m (map fst ps)) by (apply lib_max_spec; destruct ps; [congruence | discriminate]).
  apply in_map_iff in Hm; destruct Hm as [p [Ep Hp]].
  apply Rlt_le_trans with (fst (f p)).
  + unfold f; simpl; rewrite Ep, Rminus_eq_0; unfold rnd; rewrite round_0 by apply valid_rnd_N; lra.
  + apply in_le_rsum; [| apply in_map, in_map, Hp].
    apply Forall_forall; intros y Hy; apply in_map_iff in Hy; destruct Hy as [q [Eq Hq]]; subst y.
    apply in_map_iff in Hq; destruct Hq as [r [Er _]]; subst q; unfold f; simpl; apply HE.
- rewrite map_length; exact Hn.
Qed.

(** ** The softmax weights: the normaliser summed in another order *)
(** One weight a = fl(w / T), T the in-order sum of the row's n non-negative binary64 terms and
    0 ≤ w ≤ Σ: within ρ_(n−1)·w/Σ + η/2 of the exact w / Σ. *)
Lemma weight_error (l : list R) (w : R) : nonneg_floats l -> 0 < rsum l -> 0 <= w <= rsum l ->
  Rabs (rnd (w / fsum l) - w / rsum l) <= rho (length l - 1) + eta0.
Proof.
intros Hl HS [W0 W1].
assert (Hne : l <> []) by (intro E; subst; simpl in HS; lra).
destruct (fsum_bounds l Hl Hne) as [TLo THi].
set (m := (length l - 1)%nat) in *; set (S := rsum l) in *; set (T := fsum l) in *.
generalize (pow_pos_1mu m) (pow_1pu_ge1 m) u_pos eta0_pos; intros Y X U H0.
assert (HT : 0 < T) by (apply Rlt_le_trans with ((1 - u) ^ m * S); [apply Rmult_lt_0_compat |]; lra).
assert (Hr1 : (1 - u) ^ m * (S / T) <= 1).
{ apply Rmult_le_reg_r with T; [exact HT |]; unfold Rdiv.
  replace ((1 - u) ^ m * (S * / T) * T) with ((1 - u) ^ m * S) by (field; lra); lra. }
assert (Hr2 : 1 <= (1 + u) ^ m * (S / T)).
{ apply Rmult_le_reg_r with T; [exact HT |]; unfold Rdiv.
  replace ((1 + u) ^ m * (S * / T) * T) with ((1 + u) ^ m * S) by (field; lra); lra. }
assert (Hr : 0 < S / T) by (apply Rdiv_lt_0_compat; lra).
assert (Hrho : 0 <= rho m).
{ unfold rho; generalize (pow_1mu_le1 m); intros [_ B].
  assert (1 <= / (1 - u) ^ m) by (apply Rle_trans with (/ 1); [rewrite Rinv_1; lra | apply Rinv_le_contravar; lra]).
  unfold Rdiv; nra. }
destruct (rnd_any (w / T)) as [e [d [Be [Bd Hd]]]]; rewrite Hd.
generalize (ratio_dev m (S / T) e Hr Hr1 Hr2 Be); intro D.
assert (Hws : 0 <= w / S <= 1).
{ split; [unfold Rdiv; apply Rmult_le_pos; [lra | apply Rlt_le, Rinv_0_lt_compat; lra] |].
  apply Rmult_le_reg_r with S; [lra |]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra. }
replace (w / T * (1 + e) + d - w / S) with (w / S * (S / T * (1 + e) - 1) + d) by (field; lra).
eapply Rle_trans; [apply Rabs_triang |]; rewrite Rabs_mult, (Rabs_pos_eq (w / S)) by lra.
apply Rplus_le_compat; [| exact Bd].
apply Rle_trans with (1 * rho m); [apply Rmult_le_compat; try lra; apply Rabs_pos | lra].
Qed.

(** 2ρ_(n−1) ≤ (n + 1)·ε for 1 ≤ n ≤ 2^20. *)
Lemma rho_eps (n : nat) : (1 <= n)%nat -> INR n <= 1048576 -> 2 * rho (n - 1) <= (INR n + 1) * eps.
Proof.
intros H1 H2.
assert (Hx : 1 <= INR n) by (apply (le_INR 1); exact H1).
assert (Uv : u = / 9007199254740992) by (unfold u; rewrite bpow_powerRZ; simpl; lra).
assert (Yn := pow_1mu_ge (n - 1)); rewrite minus_INR in Yn by exact H1; simpl INR in Yn.
generalize (pow_pos_1mu (n - 1)) u_pos; intros Y0 U.
set (x := INR n) in *; set (Y := (1 - u) ^ (n - 1)) in *.
unfold rho; fold Y; rewrite eps_2u.
assert (a_small : x * u <= / 8589934592) by (rewrite Uv; lra).
assert (K : 1 + u <= (1 + (x + 1) * u) * (1 - (x - 1) * u)).
{ assert (x * x * u <= / 8192) by (rewrite Uv in *; nra). nra. }
assert (K2 : 1 + u <= (1 + (x + 1) * u) * Y).
{ eapply Rle_trans; [exact K |]; apply Rmult_le_compat_l; [nra | exact Yn]. }
assert ((1 + u) / Y <= 1 + (x + 1) * u).
{ apply Rmult_le_reg_r with Y; [exact Y0 |]; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra. }
lra.
Qed.

(** The softmax weights of one row as the library computes them (a_j = fl(w_j / T), T the in-order
    normaliser), the row's terms reordered: each weight moves by at most (n + 1)·(ε + η), for
    1 ≤ n ≤ 2^20 non-negative binary64 terms — the form k·(ε·s + η) of verify::compare with s = 1,
    k = n + 1, within the library's softmax_weight_reorder_bound_eps(n) = 2n + 2. *)
Theorem weight_reorder_eps (l l' : list R) (w : R) : Permutation l l' -> nonneg_floats l ->
  0 < rsum l -> In w l -> INR (length l) <= 1048576 ->
  Rabs (rnd (w / fsum l) - rnd (w / fsum l')) <= (INR (length l) + 1) * (eps + eta).
Proof.
intros P Hl HS Hw Hn.
assert (Hl' : nonneg_floats l') by (eapply Permutation_Forall; eauto).
assert (Ps : rsum l = rsum l') by (apply rsum_perm, P).
assert (HS' : 0 < rsum l') by lra.
assert (W : 0 <= w <= rsum l).
{ split; [unfold nonneg_floats in Hl; rewrite Forall_forall in Hl; apply (Hl w Hw) |].
  apply in_le_rsum; [| exact Hw]; revert Hl; apply Forall_impl; tauto. }
assert (W' : 0 <= w <= rsum l') by lra.
generalize (weight_error l w Hl HS W) (weight_error l' w Hl' HS' W'); intros A B.
rewrite <- (Permutation_length P), <- Ps in B.
assert (H1 : (1 <= length l)%nat) by (destruct l; [simpl in HS; lra | simpl; lia]).
generalize (rho_eps (length l) H1 Hn) eta_2eta0 eps_pos eta_pos (pos_INR (length l)); intros R E _ _ N.
replace (rnd (w / fsum l) - rnd (w / fsum l'))
  with ((rnd (w / fsum l) - w / rsum l) - (rnd (w / fsum l') - w / rsum l)) by ring.
eapply Rle_trans; [apply Rabs_triang |]; rewrite Rabs_Ropp.
assert (0 <= eta) by (rewrite E; generalize eta0_pos; lra).
nra.
Qed.

(** ** Masks and m keys: a masked key only removes terms *)
(** A row of keys (allowed b_j, score s_j, value v_j) as softmax_row_strided (fast/heads/double_head.hpp)
    computes it under a padding or causal mask: the shift is the row maximum over the allowed keys; a
    masked key's weight is set to 0 and skipped by the normaliser T = 0 + Σ over the allowed keys in
    order; the output is the fma chain over ALL keys in key order, the masked ones contributing
    fma(0, v_j, s) = s.  Cross-attention over m keys is the unmasked row of m pairs (every b_j true). *)
Definition allowed (ps : list (bool * (R * R))) : list (R * R) := map snd (filter fst ps).

Definition masked_softmax_entry (E : R -> R) (ps : list (bool * (R * R))) : R :=
  let m := lib_max (map fst (allowed ps)) in
  let T := fsum (map (fun p => E (rnd (fst p - m))) (allowed ps)) in
  fma_chain (map (fun q : bool * (R * R) => if fst q then (rnd (E (rnd (fst (snd q) - m)) / T), snd (snd q))
                           else (0, snd (snd q))) ps).

Lemma fma_step_zero (z v : R) : is_float z -> fma_step z (0, v) = z.
Proof. intro F; unfold fma_step; simpl; rewrite Rmult_0_l, Rplus_0_l; apply rnd_exact, F. Qed.

Lemma fma_chain_skips_masked (g : R * R -> R * R) (ps : list (bool * (R * R))) : forall z, is_float z ->
  fold_left fma_step (map (fun q : bool * (R * R) => if fst q then g (snd q) else (0, snd (snd q))) ps) z
  = fold_left fma_step (map g (map snd (filter fst ps))) z.
Proof.
induction ps as [| [b p] ps IH]; intros z F; [reflexivity |].
destruct b; simpl.
- apply IH; unfold fma_step; apply rnd_float.
- rewrite fma_step_zero by exact F; apply IH, F.
Qed.

(** The masked row computed as the library does equals the unmasked computation over the allowed
    keys alone, bit for bit (as real values). *)
Theorem masked_softmax_entry_allowed (E : R -> R) (ps : list (bool * (R * R))) :
  masked_softmax_entry E ps = softmax_entry E (allowed ps).
Proof.
unfold masked_softmax_entry, softmax_entry, attn_entry; cbv zeta; rewrite map_map; simpl.
set (m := lib_max (map fst (allowed ps))).
set (T := fsum (map (fun p : R * R => E (rnd (fst p - m))) (allowed ps))).
unfold fma_chain.
rewrite (fma_chain_skips_masked (fun p => (rnd (E (rnd (fst p - m)) / T), snd p))) by apply generic_format_0.
assert (HT : fsum (map fst (map (fun p : R * R => (E (rnd (fst p - m)), snd p)) (allowed ps))) = T)
  by (unfold T; rewrite map_map; reflexivity).
rewrite HT; reflexivity.
Qed.

Lemma Permutation_filter_bool {A} (f : A -> bool) (l l' : list A) :
  Permutation l l' -> Permutation (filter f l) (filter f l').
Proof.
induction 1; simpl; try constructor.
- destruct (f x); [constructor |]; assumption.
- destruct (f x), (f y); try constructor; apply Permutation_refl.
- eapply Permutation_trans; eassumption.
Qed.

(** Masked attention, keys reordered together with their mask bits (a padding mask under a
    permutation of the keys, cross-attention over m keys): every output entry moves by at most
    (2m + 1)·(ε·max|V| + η), m the number of allowed keys, 1 ≤ m ≤ 2^20; max|V| over the allowed keys. *)
Theorem masked_attention_reorder_eps (E : R -> R) (ps ps' : list (bool * (R * R))) (Vmax : R) :
  (forall x, is_float (E x) /\ 0 <= E x) -> E 0 = 1 ->
  Permutation ps ps' -> allowed ps <> [] -> Forall (fun p => Rabs (snd p) <= Vmax) (allowed ps) ->
  INR (length (allowed ps)) <= 1048576 ->
  Rabs (masked_softmax_entry E ps - masked_softmax_entry E ps')
  <= (2 * INR (length (allowed ps)) + 1) * (eps * Vmax + eta).
Proof.
intros HE E0 P Hne HV Hn.
rewrite !masked_softmax_entry_allowed.
apply softmax_attention_reorder_eps; try assumption.
unfold allowed; apply Permutation_map, Permutation_filter_bool, P.
Qed.

End Binary64.
