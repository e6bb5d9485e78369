//! Prime fields.
//!
//! [`Field`] is what the group formulas need from a base field; [`Fp`] is
//! the generic constant-time Montgomery implementation for any odd prime up
//! to 576 bits, configured by a [`FieldParams`] type that gives only the
//! modulus and two facts about it (2-adicity and a non-residue). Everything
//! else — R, R², −p⁻¹, the exponents for inversion and square roots — is
//! computed at compile time.

pub mod fe25519;
pub mod fe448;
mod fp;

pub use fp::{Fp, FieldParams};

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// Arithmetic in a prime field F_p, constant time throughout.
///
/// Implementations keep elements fully reduced, so equality of
/// representations is equality of values.
pub trait Field:
    Copy
    + Clone
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + ConditionallySelectable
    + ConstantTimeEq
    + PartialEq
    + Eq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + zeroize::Zeroize
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// Bytes in the canonical big-endian encoding: ceil(log2(p)/8).
    const BYTES: usize;
    /// Bits in p.
    const BITS: u32;

    /// 2·self.
    fn double(&self) -> Self;
    /// k·self for a public integer k. Constant time in self; never fails.
    /// This default multiplies by the element k; `Fp`
    /// folds the small product directly on pseudo-Mersenne primes.
    fn mul_small(&self, k: u64) -> Self {
        *self * Self::from_u64(k)
    }
    /// self/2, the h with 2h = self (p is odd). Constant time; never fails.
    /// This default multiplies by 2⁻¹; `Fp` halves
    /// directly (an addition of p when odd, and a shift).
    fn half(&self) -> Self {
        *self * Self::ONE.double().invert().unwrap_or(Self::ZERO)
    }
    /// self².
    fn square(&self) -> Self;
    /// True when [`Field::sum_of_products`] reduces the two products once
    /// on CPUs with the assembly backend (so that a·b − c²/2 is cheaper as
    /// a sum of products than as a product, a square and a subtraction).
    /// A compile-time hint for the formulas; the result is the same either
    /// way. Default false.
    const FUSED_SUM_OF_PRODUCTS: bool = false;
    /// a·b + c·d. Constant time; never fails. This default multiplies twice
    /// and adds; `Fp` reduces the two products once where its backend has
    /// the fused routine ([`crate::arith::backend::mont_sum_of_products`]).
    #[inline(always)]
    fn sum_of_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        *a * *b + *c * *d
    }
    /// a·b − c·d. Constant time; never fails. This default multiplies twice
    /// and subtracts; `Fp` reduces once where
    /// [`Field::sum_of_products`] does
    /// ([`crate::arith::backend::mont_difference_of_products`]).
    #[inline(always)]
    fn difference_of_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        *a * *b - *c * *d
    }
    /// [2^k](X : Y : Z), then the step `q`, for `xyz` = (X, Y, Z)
    /// in Jacobian coordinates of a point on a curve y² = x³ − 3x + b over
    /// this field, in place, by one fused routine where the field has one
    /// (`Fp` over the P-256, P-384 and P-521 primes and every four-word
    /// prime, on x86-64 with BMI2 + ADX, k ≥ 1, or k = 0 with an addition,
    /// the addition alone:
    /// [`crate::arith::backend::jacobian_double_n_add_a_minus_3`]).
    /// The doubling is `dbl-2001-b`; the step
    /// ([`crate::arith::backend::WindowAdd`]) is nothing, the mixed
    /// `madd-2004-hmv` of Q = (x, y, 1) (or (x, y, 0) for none) with the
    /// identity cases selected, or 2·[2^k]P + Q by the doubling-addition:
    /// exactly the values of the group module's own formulas
    /// (`double_n_add_affine_on`, `double_add_affine`), with their
    /// contracts (the caller rules out the cases they do not handle).
    /// `scratch` holds the routine's
    /// state, one for a whole chain of calls (zeroized when dropped).
    /// Returns false, with `xyz` untouched, where there is no such routine:
    /// the caller then uses its own formulas. This default has none.
    /// Constant time in the points (k and the kind of step are public);
    /// never fails.
    #[inline(always)]
    fn jacobian_double_n_add_a_minus_3(
        xyz: &mut [Self; 3],
        q: crate::arith::backend::WindowAdd<'_, Self>,
        k: u32,
        scratch: &mut crate::arith::backend::DoubleNAddScratch,
    ) -> bool {
        let _ = (xyz, q, k, scratch);
        false
    }
    /// [`Self::jacobian_double_n_add_a_minus_3`] for a curve y² = x³ + b
    /// (a = 0) over this field: the doubling is `dbl-2009-l` (the values of
    /// the group module's `double_a_zero`), the steps and their contracts
    /// the same. Where the field has a fused routine (`Fp` over the
    /// secp256k1 prime on x86-64 with BMI2 + ADX, k ≥ 1, or k = 0 with an
    /// addition:
    /// [`crate::arith::backend::jacobian_double_n_add_a_zero`]); returns
    /// false, with `xyz` untouched, elsewhere. This default has none.
    /// Constant time in the points; never fails.
    #[inline(always)]
    fn jacobian_double_n_add_a_zero(
        xyz: &mut [Self; 3],
        q: crate::arith::backend::WindowAdd<'_, Self>,
        k: u32,
        scratch: &mut crate::arith::backend::DoubleNAddScratch,
    ) -> bool {
        let _ = (xyz, q, k, scratch);
        false
    }
    /// self⁻¹, or `None` (as a `CtOption`) for zero. Constant time.
    fn invert(&self) -> CtOption<Self>;
    /// self⁻¹, or `None` for zero, in **variable time**: for public values
    /// only (the s⁻¹ of signature verification). This default is
    /// [`Field::invert`]; `Fp` runs the variable-time
    /// safegcd ([`crate::arith::safegcd::mul_inverse_vartime`]).
    fn invert_vartime(&self) -> Option<Self> {
        Option::from(self.invert())
    }
    /// A square root of self, or `None` if self is a non-residue. Which root
    /// is returned is unspecified (callers fix the sign). Constant time.
    fn sqrt(&self) -> CtOption<Self>;
    /// True when self is a square in F_p (zero included). Constant time.
    fn is_square(&self) -> Choice;
    /// True when self is zero.
    fn is_zero(&self) -> Choice;
    /// True when the canonical integer representative of self is odd.
    fn is_odd(&self) -> Choice;
    /// The element with value `v mod p`.
    fn from_u64(v: u64) -> Self;
    /// Decodes exactly [`Field::BYTES`] big-endian bytes; `None` if the value
    /// is ≥ p or the length is wrong. Constant time in the byte values.
    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self>;
    /// Reduces a big-endian integer of any length modulo p. Constant time in
    /// the byte values (its length is public).
    fn from_be_bytes_reduced(bytes: &[u8]) -> Self;
    /// Writes the modulus p big-endian into `out` (right-aligned; extra
    /// leading bytes zeroed).
    fn write_modulus_be_bytes(out: &mut [u8]);
    /// Writes the canonical big-endian encoding into `out[..BYTES]`
    /// (`out.len()` must be ≥ BYTES; extra leading bytes are zeroed).
    fn write_be_bytes(&self, out: &mut [u8]);

    /// `self ← self | (other & mask)` on the internal limbs, for `mask`
    /// all ones or zero. With `self` starting at [`Field::ZERO`] (all-zero
    /// limbs in every implementation) and at most one entry OR-ed in under an
    /// all-ones mask, this is the building block of masked table scans
    /// ([`Field::lookup`]): one mask per entry, no per-element barrier, and
    /// it vectorizes. Other masks or starting values give meaningless
    /// representations. Constant time; never fails.
    fn or_masked(&mut self, other: &Self, mask: u64);

    /// The internal limbs (the representation, not the canonical value:
    /// Montgomery form for [`Fp`](crate::field::Fp)), for the vectorized
    /// table scans of the backends (`arith::backend::x86_64_avx2`). Never
    /// fails.
    fn limbs(&self) -> &[u64];

    /// The internal limbs, writable, for the vectorized table scans to copy
    /// an entry out. Writing anything other than the limbs of an element of
    /// the same type (or all zeros, [`Field::ZERO`]) gives a meaningless
    /// representation, as with [`Field::or_masked`]. Never fails.
    fn limbs_mut(&mut self) -> &mut [u64];

    /// Swaps `a` and `b` when `mask` is all ones and leaves them when it is
    /// zero, on the internal limbs (t = mask & (a ⊕ b); a ⊕= t; b ⊕= t).
    /// Unlike `conditional_swap` it takes a precomputed mask, so a ladder
    /// step pays one optimization barrier (on the mask) for all its swaps.
    /// Other masks give meaningless representations. Constant time; never
    /// fails.
    fn swap_masked(a: &mut Self, b: &mut Self, mask: u64);

    /// Masked table read: `table[j]` for the one j with j + 1 = `idx`, or
    /// all zeros when there is none (`idx` = 0 or beyond the table). Reads
    /// every entry and ORs it in under its mask
    /// ([`crate::arith::eq_mask`]`(j + 1, idx)`: all ones iff they are
    /// equal, computed arithmetically behind a value barrier), so neither
    /// the memory access pattern nor the branches depend on `idx`: constant
    /// time in `idx` (the table length is public). Never fails.
    ///
    /// Runs on the selected backend ([`crate::arith::backend::lookup`]: the
    /// same read on 256-bit registers where the CPU has AVX2, with vector
    /// compares and blends instead of the arithmetic mask).
    #[inline(always)]
    fn lookup<const K: usize>(table: &[[Self; K]], idx: u8) -> [Self; K] {
        crate::arith::backend::lookup(table, idx)
    }
}

/// The portable body of [`Field::lookup`]: for each entry j one mask
/// `eq_mask(j + 1, idx)`, and every coordinate OR-ed in under it. Constant
/// time in `idx`; never fails.
#[inline(always)]
pub fn lookup_portable<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    let mut r = [F::ZERO; K];
    for (j, e) in table.iter().enumerate() {
        let mask = crate::arith::eq_mask(j as u64 + 1, idx as u64);
        for (ri, ei) in r.iter_mut().zip(e.iter()) {
            ri.or_masked(ei, mask);
        }
    }
    r
}
