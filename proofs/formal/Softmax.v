(* SPDX-License-Identifier: MIT *)
(** * The library's softmax kernels over the real numbers: the max shift cancels, rows sum to 1, and
    the difference form is softmax.

    Mirrors lib/orderblind/kernel.hpp: [softmax_kernel::weights] computes the shift as the library does
    (start from the row's first score, replace it by every later score that is greater, `shift < x`),
    then w_j = exp(s_j − shift) / Σ_k exp(s_k − shift); [softmax_difference_kernel::weights] computes
    a_j = 1 / Σ_k exp(s_k − s_j); [rational_kernel] and any other kernel φ give φ(s_j) / Σ_k φ(s_k).
    A row is a list of reals, summed right to left (over ℝ the order does not matter).
    Over Coq's standard real numbers: the only assumptions are the real-number library's own. *)
From Coq Require Import Reals Lra List Permutation.
Import ListNotations.
Local Open Scope R_scope.

(** Σ over a row. *)
Definition rsum (l : list R) : R := fold_right Rplus 0 l.

(** The row maximum as kernel.hpp computes it: shift = s.front(); for x in s: if (shift < x) shift = x. *)
Definition lib_max (s : list R) : R :=
  match s with
  | [] => 0
  | x :: t => fold_left (fun m y => if Rlt_dec m y then y else m) t x
  end.

(** softmax_kernel::weights, the weight of score x in row s: exp(x − shift) / Σ_k exp(s_k − shift). *)
Definition softmax_shifted (s : list R) (x : R) : R :=
  exp (x - lib_max s) / rsum (map (fun y => exp (y - lib_max s)) s).

(** The textbook softmax: exp(x) / Σ_k exp(s_k). *)
Definition softmax (s : list R) (x : R) : R := exp x / rsum (map exp s).

(** softmax_difference_kernel::weights: 1 / Σ_k exp(s_k − x). *)
Definition softmax_difference (s : list R) (x : R) : R := / rsum (map (fun y => exp (y - x)) s).

(** Any kernel φ: φ(x) / Σ_k φ(s_k) (rational_kernel is φ(s) = 1 + s + s²/2). *)
Definition kernel_weight (phi : R -> R) (s : list R) (x : R) : R := phi x / rsum (map phi s).

Lemma rsum_scale (c : R) (f : R -> R) (s : list R) :
  rsum (map (fun y => f y * c) s) = rsum (map f s) * c.
Proof. induction s as [| a s IH]; simpl; [ring | rewrite IH; ring]. Qed.

Lemma rsum_pos (f : R -> R) (s : list R) : (forall y, 0 < f y) -> s <> [] -> 0 < rsum (map f s).
Proof.
intros Hf Hs; destruct s as [| a s]; [congruence |]; simpl.
assert (0 <= rsum (map f s)).
{ clear Hs; induction s as [| b s IH]; simpl; [lra | specialize (Hf b); lra]. }
specialize (Hf a); lra.
Qed.

Lemma exp_minus (x c : R) : exp (x - c) = exp x * exp (- c).
Proof. unfold Rminus; apply exp_plus. Qed.

(** Subtracting ANY constant from every score of a row changes no softmax weight. *)
Lemma softmax_shift_invariant (c : R) (s : list R) (x : R) :
  exp (x - c) / rsum (map (fun y => exp (y - c)) s) = softmax s x.
Proof.
unfold softmax; rewrite exp_minus.
replace (map (fun y => exp (y - c)) s) with (map (fun y => exp y * exp (- c)) s)
  by (apply map_ext; intro; symmetry; apply exp_minus).
rewrite rsum_scale.
destruct (Req_dec (rsum (map exp s)) 0) as [Z | NZ].
- rewrite Z, Rmult_0_l; unfold Rdiv; rewrite !Rinv_0; ring.
- field; split; [exact NZ | apply Rgt_not_eq, exp_pos].
Qed.

(** The max-shift lemma: the library's max-subtracted softmax IS softmax, for every row (the empty
    row included, where both are 0 by Coq's x / 0 = 0; the library never normalises an empty row). *)
Theorem softmax_max_shift (s : list R) (x : R) : softmax_shifted s x = softmax s x.
Proof. apply softmax_shift_invariant. Qed.

(** The softmax weights of a non-empty row sum to 1. *)
Theorem softmax_row_sum_one (s : list R) : s <> [] -> rsum (map (softmax s) s) = 1.
Proof.
intro Hs; unfold softmax.
assert (P : 0 < rsum (map exp s)) by (apply rsum_pos; [exact exp_pos | exact Hs]).
unfold Rdiv; set (c := / rsum (map exp s)).
rewrite (rsum_scale c exp s); unfold c; field; lra.
Qed.

(** So do those of the library's max-shifted softmax. *)
Corollary softmax_shifted_row_sum_one (s : list R) : s <> [] -> rsum (map (softmax_shifted s) s) = 1.
Proof.
intro Hs; rewrite <- (softmax_row_sum_one s Hs); f_equal; apply map_ext; intro; apply softmax_max_shift.
Qed.

(** The difference form 1 / Σ_k exp(s_k − s_j) equals softmax, for every row and score. *)
Theorem softmax_difference_is_softmax (s : list R) (x : R) :
  softmax_difference s x = softmax s x.
Proof.
rewrite <- (softmax_shift_invariant x s x); unfold softmax_difference.
rewrite Rminus_eq_0, exp_0; unfold Rdiv; ring.
Qed.

(** Any kernel whose row sum is not 0 gives weights that sum to 1 (rational_kernel: φ > 0). *)
Theorem kernel_row_sum_one (phi : R -> R) (s : list R) :
  rsum (map phi s) <> 0 -> rsum (map (kernel_weight phi s) s) = 1.
Proof.
intro NZ; unfold kernel_weight, Rdiv; set (c := / rsum (map phi s)).
rewrite (rsum_scale c phi s); unfold c; field; exact NZ.
Qed.

(** The library's maximum is the maximum: an element of the row, and no score exceeds it. *)
Lemma lib_max_spec (s : list R) :
  s <> [] -> In (lib_max s) s /\ forall y, In y s -> y <= lib_max s.
Proof.
destruct s as [| a t]; [congruence | intros _; simpl].
split.
- assert (Hgen : forall m acc, (m = a \/ In m acc) ->
    fold_left (fun m y => if Rlt_dec m y then y else m) t m = a \/
    In (fold_left (fun m y => if Rlt_dec m y then y else m) t m) (acc ++ t)).
  { intros m acc; revert m acc; induction t as [| b t IH]; intros m acc Hm; simpl.
    - rewrite app_nil_r; exact Hm.
    - destruct (Rlt_dec m b).
      + specialize (IH b (acc ++ [b])); rewrite <- app_assoc in IH; apply IH.
        right; apply in_or_app; right; left; reflexivity.
      + specialize (IH m (acc ++ [b])); rewrite <- app_assoc in IH; apply IH.
        destruct Hm as [Hm | Hm]; [left; exact Hm | right; apply in_or_app; left; exact Hm]. }
  destruct (Hgen a [] (or_introl eq_refl)) as [E | E]; [left; symmetry; exact E | right; exact E].
- assert (Hge : forall m, fold_left (fun m y => if Rlt_dec m y then y else m) t m >= m /\
    forall y, In y t -> y <= fold_left (fun m y => if Rlt_dec m y then y else m) t m).
  { clear; induction t as [| b t IH]; intro m; simpl; [split; [lra | tauto] |].
    destruct (Rlt_dec m b) as [L | L]; destruct (IH b) as [IH1 IH2]; destruct (IH m) as [IH3 IH4].
    - split; [lra | intros y [E | E]; [subst; lra | auto]].
    - split; [exact IH3 | intros y [E | E]; [subst; lra | auto]]. }
  intros y [E | E]; [subst y; destruct (Hge a); lra | apply (proj2 (Hge a)); exact E].
Qed.

(** Over ℝ the library's maximum does not depend on the order of the row. *)
Theorem lib_max_order_free (s s' : list R) : Permutation s s' -> lib_max s = lib_max s'.
Proof.
intro P; destruct s as [| a t].
- apply Permutation_nil in P; subst; reflexivity.
- assert (Ns : a :: t <> []) by congruence.
  assert (Ns' : s' <> []) by (intro E; subst; apply Permutation_sym, Permutation_nil in P; congruence).
  destruct (lib_max_spec _ Ns) as [I1 M1]; destruct (lib_max_spec _ Ns') as [I2 M2].
  apply Rle_antisym.
  + apply M2, (Permutation_in _ P), I1.
  + apply M1, (Permutation_in _ (Permutation_sym P)), I2.
Qed.
