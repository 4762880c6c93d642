(* SPDX-License-Identifier: MIT *)
(** * summation::sorted as coded, over IEEE-754 binary64 with signed zeros (Flocq's BinarySingleNaN).

    lib/orderblind/matrix.hpp, sum_terms with summation::sorted: when no term is NaN the terms are
    sorted with std::sort and the comparator `a < b`, then added left to right from +0 (`T s(0);
    for (t : terms) s += t;`), in the default rounding mode (to nearest, ties to even).  `<` is not
    antisymmetric on bit patterns: −0 < +0 is false both ways, so two sorted orders of the same
    terms may place −0 and +0 differently.  This file proves that this is harmless: for every two
    orders of the same finite binary64 terms, each sorted as std::sort with `<` leaves it (no term
    greater than a later one), the in-order sums from +0 are the SAME binary64 value, bit for bit
    (signed zeros included; overflow to ±∞ included).  The model is Flocq's IEEE-754 binary64
    ([binary_float 53 1024], [Bplus mode_NE], [Bltb] = the C++ `<`), with one NaN: a list with a NaN
    is summed unsorted by the library, and [sum_with_nan] shows its sum is NaN in every order (the
    hardware's NaN payload is not modelled). *)
From Coq Require Import Reals Lra Lia List Permutation Sorting ZArith Bool.
From Flocq Require Import Core BinarySingleNaN Plus_error.
Import ListNotations.
Local Open Scope R_scope.

Definition prec : Z := 53%Z.
Definition emax : Z := 1024%Z.
#[export] Instance prec_gt_0_b64 : Prec_gt_0 prec.
Proof. unfold Prec_gt_0, prec; lia. Qed.
#[export] Instance prec_lt_emax_b64 : Prec_lt_emax prec emax.
Proof. unfold Prec_lt_emax, prec, emax; lia. Qed.

(** binary64, its addition rounded to nearest-even, the C++ `<`, and the library's sum from +0. *)
Definition F := binary_float prec emax.
Definition add (x y : F) : F := Bplus mode_NE x y.
Definition less (x y : F) : bool := Bltb x y.
Definition pos_zero : F := B754_zero false.
Definition neg_zero : F := B754_zero true.
Definition lib_sum (l : list F) : F := fold_left add l pos_zero.

(** What std::sort with `a < b` leaves: no term is greater than the one after it. *)
Definition sorted_by_less (l : list F) : Prop := Sorted (fun a b => less b a = false) l.

(** Adding a zero of either sign to anything but −0 gives it back, bit for bit. *)
Lemma add_zero (s : F) (b : bool) : s <> neg_zero -> add s (B754_zero b) = s.
Proof.
intro H; destruct s as [[] | [] | | sx mx ex Hx]; destruct b; try reflexivity; exfalso; apply H; reflexivity.
Qed.

Lemma B2R_finite_sign (s : bool) m e H : (B2R (B754_finite s m e H : F) < 0 <-> s = true) /\
  (0 < B2R (B754_finite s m e H : F) <-> s = false).
Proof.
simpl; destruct s; simpl.
- assert (F2R (Float radix2 (Z.neg m) e) < 0) by (apply F2R_lt_0; simpl; lia).
  split; split; intro; try reflexivity; try lra; discriminate.
- assert (0 < F2R (Float radix2 (Z.pos m) e)) by (apply F2R_gt_0; simpl; lia).
  split; split; intro; try reflexivity; try lra; discriminate.
Qed.

(** A running sum from +0 is never −0: adding a finite term to anything but −0 never gives −0. *)
Lemma add_not_neg_zero (s x : F) : s <> neg_zero -> is_finite x = true -> add s x <> neg_zero.
Proof.
intros Hs Fx.
destruct x as [bx | bx | | sy my ey Hy]; try discriminate.
- rewrite add_zero; assumption.
- destruct s as [[] | [] | | sx mx ex Hx]; try discriminate; try (exfalso; apply Hs; reflexivity).
  generalize (Bplus_correct prec emax _ _ mode_NE (B754_finite sx mx ex Hx) (B754_finite sy my ey Hy)
    eq_refl eq_refl).
  fold (add (B754_finite sx mx ex Hx) (B754_finite sy my ey Hy)).
  intros C E; rewrite E in C.
  destruct Rlt_bool.
  + destruct C as [HR [_ HS]].
    change (B2R neg_zero) with 0 in HR; change (Bsign neg_zero) with true in HS.
    destruct (B2R_finite_sign sx mx ex Hx) as [[Nx Nx'] [Px Px']].
    destruct (B2R_finite_sign sy my ey Hy) as [[Ny Ny'] [Py Py']].
    set (a := B2R (B754_finite sx mx ex Hx : F)) in *; set (b := B2R (B754_finite sy my ey Hy : F)) in *.
    destruct (Rcompare_spec (a + b) 0) as [L | Z | G].
    * apply (round_plus_neq_0 radix2 (SpecFloat.fexp prec emax) (round_mode mode_NE) a b);
        [apply generic_format_B2R | apply generic_format_B2R | lra | symmetry; exact HR].
    * destruct sx, sy; simpl in HS; try discriminate.
      specialize (Nx' eq_refl); specialize (Ny' eq_refl); lra.
    * discriminate.
  + destruct C as [C _]; unfold binary_overflow, overflow_to_inf in C; simpl in C.
    destruct sx; discriminate.
Qed.

(** Two lists of finite terms equal up to the sign of their zeros. *)
Definition same_up_to_zero_sign (x y : F) : Prop :=
  x = y \/ exists b b', x = B754_zero b /\ y = B754_zero b'.

Lemma fold_same_up_to_zero_sign (l l' : list F) : Forall2 same_up_to_zero_sign l l' ->
  Forall (fun x => is_finite x = true) l -> forall s, s <> neg_zero ->
  fold_left add l s = fold_left add l' s.
Proof.
induction 1 as [| x x' l l' Hx H IH]; intros Fl s Hs; [reflexivity |].
inversion Fl as [| ? ? Fx Fl']; subst; simpl.
destruct Hx as [E | [b [b' [E E']]]].
- subst x'; apply IH; [exact Fl' | apply add_not_neg_zero; assumption].
- subst x x'; rewrite !add_zero by exact Hs; apply IH; assumption.
Qed.

(** Two nondecreasing lists of reals that are permutations of each other are equal. *)
Lemma sorted_perm_eq (l l' : list R) : StronglySorted Rle l -> StronglySorted Rle l' ->
  Permutation l l' -> l = l'.
Proof.
revert l'; induction l as [| a t IH]; intros l' S S' P.
- symmetry; apply Permutation_nil, P.
- destruct l' as [| b t']; [apply Permutation_sym, Permutation_nil in P; discriminate |].
  inversion S as [| ? ? St Fa]; inversion S' as [| ? ? St' Fb]; subst.
  assert (Hb : In b (a :: t)) by (apply (Permutation_in _ (Permutation_sym P)); left; reflexivity).
  assert (Ha : In a (b :: t')) by (apply (Permutation_in _ P); left; reflexivity).
  assert (E : a = b).
  { destruct Hb as [Hb | Hb]; [exact Hb |]; destruct Ha as [Ha | Ha]; [symmetry; exact Ha |].
    rewrite Forall_forall in Fa, Fb; apply Rle_antisym; [apply Fa, Hb | apply Fb, Ha]. }
  subst b; f_equal; apply IH; [exact St | exact St' | apply Permutation_cons_inv with a, P].
Qed.

Lemma sorted_values (l : list F) : Forall (fun x => is_finite x = true) l -> sorted_by_less l ->
  StronglySorted Rle (map B2R l).
Proof.
intros Fl S; apply Sorted_StronglySorted; [intros x y z; apply Rle_trans |].
induction S as [| a l Sl IH Hd]; simpl; constructor.
- inversion Fl; apply IH; assumption.
- inversion Fl as [| ? ? Fa Fl']; subst.
  destruct Hd as [| b l Hb]; simpl; constructor.
  inversion Fl' as [| ? ? Fb _]; subst.
  unfold less in Hb; rewrite Bltb_correct in Hb by assumption.
  destruct (Rlt_bool_spec (B2R b) (B2R a)); [discriminate | exact H].
Qed.

Lemma same_value_same_up_to_zero_sign (x y : F) : is_finite x = true -> is_finite y = true ->
  B2R x = B2R y -> same_up_to_zero_sign x y.
Proof.
intros Fx Fy E.
destruct x as [bx | | | sx mx ex Hx]; try discriminate;
destruct y as [by' | | | sy my ey Hy]; try discriminate.
- right; exists bx, by'; split; reflexivity.
- exfalso; destruct (B2R_finite_sign sy my ey Hy) as [[_ N] [_ P]]; destruct sy.
  + specialize (N eq_refl); rewrite <- E in N; simpl in N; lra.
  + specialize (P eq_refl); rewrite <- E in P; simpl in P; lra.
- exfalso; destruct (B2R_finite_sign sx mx ex Hx) as [[_ N] [_ P]]; destruct sx.
  + specialize (N eq_refl); rewrite E in N; simpl in N; lra.
  + specialize (P eq_refl); rewrite E in P; simpl in P; lra.
- left; apply B2R_Bsign_inj; try reflexivity; [exact E |]; simpl.
  destruct (B2R_finite_sign sx mx ex Hx) as [[Nx Nx'] [Px Px']];
  destruct (B2R_finite_sign sy my ey Hy) as [[Ny Ny'] [Py Py']].
  destruct sx, sy; try reflexivity; exfalso.
  + specialize (Nx' eq_refl); specialize (Py' eq_refl); lra.
  + specialize (Px' eq_refl); specialize (Ny' eq_refl); lra.
Qed.

(** summation::sorted as coded: two orders of the same finite binary64 terms, each sorted as
    std::sort with `<` leaves it (−0 and +0 in any relative order), sum from +0 to the same binary64
    value, bit for bit. *)
Theorem sorted_sum_as_coded (l l' : list F) : Permutation l l' ->
  Forall (fun x => is_finite x = true) l -> sorted_by_less l -> sorted_by_less l' ->
  lib_sum l = lib_sum l'.
Proof.
intros P Fl S S'.
assert (Fl' : Forall (fun x => is_finite x = true) l') by (eapply Permutation_Forall; eauto).
assert (V : map B2R l = map B2R l')
  by (apply sorted_perm_eq; [apply sorted_values | apply sorted_values | apply Permutation_map]; assumption).
unfold lib_sum; apply fold_same_up_to_zero_sign; [| exact Fl | discriminate].
clear S S' P; revert l' V Fl'; induction l as [| x l IH]; intros [| y l'] V Fl'; try discriminate.
- constructor.
- simpl in V; injection V as Exy El.
  inversion Fl as [| ? ? Fx Fl0]; inversion Fl' as [| ? ? Fy Fl0']; subst.
  constructor; [apply same_value_same_up_to_zero_sign; assumption | apply IH; assumption].
Qed.

(** The NaN case (the library sums such a list unsorted): a NaN term makes the sum NaN, whatever
    the order and the other terms. *)
Theorem sum_with_nan (l : list F) : In B754_nan l -> lib_sum l = B754_nan.
Proof.
unfold lib_sum; generalize pos_zero.
induction l as [| x l IH]; intros s I; [destruct I |]; simpl.
destruct I as [E | I].
- subst x; assert (N : add s B754_nan = B754_nan) by (destruct s; reflexivity); rewrite N.
  clear; induction l as [| y l IH]; [reflexivity | simpl; apply IH].
- apply IH, I.
Qed.
