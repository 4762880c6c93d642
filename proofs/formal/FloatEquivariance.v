(* SPDX-License-Identifier: MIT *)
(** * Order-free summation ⇒ bit-for-bit equivariance, whatever the arithmetic.

    The library's [summation::sorted] (lib/orderblind/matrix.hpp, sum_terms) sorts the terms of every
    sum over the sequence axis before adding them in order.  This file proves, for an ARBITRARY carrier
    F and ARBITRARY operations — IEEE-754 binary64 with any rounding is one instance, no real-number
    model of the rounding is needed — that attention computed with such sums is exactly (bit for bit)
    equivariant: Attn(PX) = P·Attn(X) as values of F.  It needs only that the sum over the sequence
    axis and the kernel's row normalisation depend on the multiset of their terms, and proves that a
    sorted in-order sum has this property when the sort order is total, transitive and antisymmetric
    (e.g. IEEE 754's totalOrder on bit patterns).  The library sorts with <, under which −0 and +0
    tie: SortedSum.v proves, over Flocq's binary64 with signed zeros, that its sorted sums are
    nevertheless the same bits for every order of the same finite terms (sorted_sum_as_coded).
    The projections and scores read one or two rows and may use any fixed evaluation order inside.
    Not here: the in-order sum, for which equivariance fails in floating point; its bound is proved
    over Flocq's binary64 in FloatSum.v (attn_reorder_eps). *)
From mathcomp Require Import all_ssreflect fingroup perm all_algebra.

Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.

Section FloatAttention.
Variable F : Type.

(** The terms of a sum over the sequence axis, in row order. *)
Definition terms n (f : 'I_n -> F) : seq F := [seq f k | k <- enum 'I_n].

(** Order-free: a sum of the terms reordered by any permutation gives the same value of F. *)
Definition order_free (sum : seq F -> F) :=
  forall n (s : 'S_n) (f : 'I_n -> F), sum (terms (fun k => f (s k))) = sum (terms f).

(** A kernel-normalised weight: the weight of score x in a row whose scores are l.  Order-free:
    reordering the row's scores does not change any weight.  φ(x)/Σφ (below), softmax with the row
    maximum subtracted (when the maximum is order-free) and the difference form 1/Σ_k exp(s_k − x)
    are all of this shape. *)
Definition kernel_order_free (kern : F -> seq F -> F) :=
  forall x n (s : 'S_n) (f : 'I_n -> F), kern x (terms (fun k => f (s k))) = kern x (terms f).

Variables (mul : F -> F -> F) (kern : F -> seq F -> F) (sum : seq F -> F).
Hypotheses (sum_order_free : order_free sum) (kern_order_free : kernel_order_free kern).

(** Attention in the carrier F: queries, keys and values are any maps of one row (the projections,
    evaluated in any fixed order), the score any function of a query and a key (the dot product and
    the scale, in any fixed order), the weights the kernel applied to the row's scores, and the
    weighted sum over the sequence axis is [sum]. *)
Definition float_attention d dk dv (fq fk : 'rV[F]_d -> 'rV[F]_dk) (fv : 'rV[F]_d -> 'rV[F]_dv)
  (score : 'rV[F]_dk -> 'rV[F]_dk -> F) n (X : 'M[F]_(n, d)) : 'M[F]_(n, dv) :=
  \matrix_(i, c)
    sum (terms (fun j => mul (kern (score (fq (row i X)) (fk (row j X)))
                                   (terms (fun k => score (fq (row i X)) (fk (row k X)))))
                             (fv (row j X) ord0 c))).

Lemma row_row_perm n d (s : 'S_n) (X : 'M[F]_(n, d)) i : row i (row_perm s X) = row (s i) X.
Proof. by apply/rowP => j; rewrite !mxE. Qed.

Lemma eq_terms n (f g : 'I_n -> F) : f =1 g -> terms f = terms g.
Proof. by move=> fg; apply: eq_map. Qed.

(** Bit-for-bit equivariance: with an order-free sum and kernel, Attn(PX) = P·Attn(X) exactly, in F. *)
Theorem float_attention_equivariant d dk dv (fq fk : 'rV[F]_d -> 'rV[F]_dk) (fv : 'rV[F]_d -> 'rV[F]_dv)
  (score : 'rV[F]_dk -> 'rV[F]_dk -> F) n (s : 'S_n) (X : 'M[F]_(n, d)) :
  float_attention fq fk fv score (row_perm s X) = row_perm s (float_attention fq fk fv score X).
Proof.
apply/matrixP => i c; rewrite !mxE -[RHS](sum_order_free s).
congr (sum _); apply: eq_terms => j; rewrite !row_row_perm; congr (mul _ _).
rewrite -[RHS](kern_order_free _ s); congr (kern _ _); apply: eq_terms => k.
by rewrite row_row_perm.
Qed.

End FloatAttention.

(** ** Sorting makes an in-order sum order-free *)
Section SortedSum.
Variables (F : eqType) (add : F -> F -> F) (zero : F) (le : rel F).
Hypotheses (le_total : total le) (le_trans : transitive le) (le_anti : antisymmetric le).

(** summation::sorted: sort the terms, then add them in order from zero (any add, e.g. rounded). *)
Definition sorted_sum (l : seq F) : F := foldl add zero (sort le l).

Lemma perm_terms n (s : 'S_n) (f : 'I_n -> F) : perm_eq (terms (fun k => f (s k))) (terms f).
Proof.
rewrite /terms (map_comp f s); apply: perm_map.
apply: uniq_perm; [by rewrite map_inj_uniq ?enum_uniq //; apply: perm_inj | exact: enum_uniq |].
by move=> k; rewrite mem_enum -[k in LHS](permKV s) mem_map ?mem_enum //; apply: perm_inj.
Qed.

Theorem sorted_sum_order_free : order_free sorted_sum.
Proof.
move=> n s f; rewrite /sorted_sum; congr (foldl add zero _).
by apply/(perm_sortP le_total le_trans le_anti); apply: perm_terms.
Qed.

End SortedSum.

(** The library's kernels φ(x) / Σ_k φ(s_k) (rational_kernel; softmax without the shift), with the
    row sum taken by [sum]: order-free when [sum] is. *)
Definition ratio_kernel (F : Type) (div : F -> F -> F) (phi : F -> F) (sum : seq F -> F) (x : F)
  (l : seq F) : F := div (phi x) (sum (map phi l)).

Lemma ratio_kernel_order_free (F : Type) (div : F -> F -> F) (phi : F -> F) (sum : seq F -> F) :
  order_free sum -> kernel_order_free (ratio_kernel div phi sum).
Proof.
move=> sum_of x n s f; rewrite /ratio_kernel.
have E1 : map phi (terms (fun k => f (s k))) = terms (fun k => phi (f (s k))) by rewrite /terms -map_comp.
have E2 : map phi (terms f) = terms (fun k => phi (f k)) by rewrite /terms -map_comp.
by rewrite E1 E2 (sum_of n s (fun k => phi (f k))).
Qed.

(** Together: attention with sorted sums (summation::sorted) and a φ(x)/Σφ kernel is bit-for-bit
    equivariant in every arithmetic whose sort order is total, transitive and antisymmetric. *)
Corollary sorted_float_attention_equivariant (F : eqType) (add mul div : F -> F -> F) (zero : F)
  (phi : F -> F) (le : rel F) :
  total le -> transitive le -> antisymmetric le ->
  forall d dk dv (fq fk : 'rV[F]_d -> 'rV[F]_dk) (fv : 'rV[F]_d -> 'rV[F]_dv)
    (score : 'rV[F]_dk -> 'rV[F]_dk -> F) n (s : 'S_n) (X : 'M[F]_(n, d)),
  let sum := sorted_sum add zero le in
  float_attention mul (ratio_kernel div phi sum) sum fq fk fv score (row_perm s X)
  = row_perm s (float_attention mul (ratio_kernel div phi sum) sum fq fk fv score X).
Proof.
move=> tot tr anti d dk dv fq fk fv score n s X sum.
have sof : order_free sum by exact: sorted_sum_order_free.
by apply: float_attention_equivariant => //; apply: ratio_kernel_order_free.
Qed.
