//! GF(2^448 − 2^224 − 1) in radix 2^56 with golden-ratio Karatsuba.
//!
//! Eight unsaturated limbs, a = Σ aᵢ·2^(56i). With φ = 2^224 = (2^56)^4 an
//! element splits as a = A₀ + A₁φ (A₀ = limbs 0..4, A₁ = limbs 4..8), and
//! φ² ≡ φ + 1 (mod p). This is the representation of Hamburg's
//! Ed448-Goldilocks code (also used by OpenSSL's `curve448/arch_64`); the code
//! here is derived independently from the identities below.

// Limb code walks several arrays in lockstep; explicit indices read best.
#![allow(clippy::needless_range_loop)]

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// 2^56 − 1.
const MASK: u64 = (1 << 56) - 1;

/// Exclusive upper bound of every limb between operations (see [`Fe448`]).
const LIMB_BOUND: u64 = 1 << 57;

/// Exclusive upper bound of the limbs `*` and `square` accept: the outputs
/// of `add_lazy` (< 2^58) and `sub_lazy` (< 2^59) (see [`Fe448::combine`]).
const LAZY_BOUND: u64 = 1 << 59;

/// p = 2^448 − 2^224 − 1 in radix 2^56: all limbs 2^56 − 1 except limb 4
/// (bit 224 is the only zero bit of p).
const MODULUS: [u64; 8] = [MASK, MASK, MASK, MASK, MASK - 1, MASK, MASK, MASK];

/// 4p in radix 2^56 without carries (limbs 2^58 − 4, limb 4: 2^58 − 8): the
/// bias added before a subtraction so every limb difference stays ≥ 0
/// (each 4pᵢ ≥ 2^58 − 8 > [`LIMB_BOUND`]).
const FOUR_P: [u64; 8] = {
    let mut r = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        r[i] = 4 * MODULUS[i];
        i += 1;
    }
    r
};

/// An element of GF(2^448 − 2^224 − 1): eight 56-bit limbs, radix 2^56.
///
/// Invariant: the value Σᵢ limbᵢ·2^(56i) is congruent to the element
/// mod p, and every limb is < 2^57 between operations. The representation is
/// *not* unique (x and x + p may both be representable); equality, encodings,
/// `is_zero` and `is_odd` act on the canonical value (< p), computed by
/// [`Fe448::to_le_bytes`]-style full reduction. Outputs of `mul`/`square`
/// have limbs < 2^56 except limbs 1 and 5 (< 2^56 + 2^10); `add`/`sub`/`neg`
/// outputs have limbs < 2^56 + 15; `mul_small` outputs have limbs
/// < 2^56 + 2^33 except limbs 0 and 4 (< 2^56 + 2^34). Zero is all-zero limbs (among others).
/// All operations take their inputs by value or shared reference, so outputs
/// may alias inputs. Every operation is constant time.
#[derive(Clone, Copy)]
pub struct Fe448 {
    limbs: [u64; 8],
}

/// 64×64 → 128-bit product.
#[inline(always)]
const fn m(x: u64, y: u64) -> u128 {
    (x as u128) * (y as u128)
}

/// The product coefficients c_k = Σ_{i+j=k} aᵢbⱼ (k = 0..6) of two 4-limb
/// polynomials in 2^56, without carries.
#[inline(always)]
const fn mul4(a: &[u64; 4], b: &[u64; 4]) -> [u128; 7] {
    [
        m(a[0], b[0]),
        m(a[0], b[1]) + m(a[1], b[0]),
        m(a[0], b[2]) + m(a[1], b[1]) + m(a[2], b[0]),
        m(a[0], b[3]) + m(a[1], b[2]) + m(a[2], b[1]) + m(a[3], b[0]),
        m(a[1], b[3]) + m(a[2], b[2]) + m(a[3], b[1]),
        m(a[2], b[3]) + m(a[3], b[2]),
        m(a[3], b[3]),
    ]
}

/// The coefficients of a 4-limb square (10 multiplications: cross terms use
/// a pre-doubled operand).
#[inline(always)]
const fn sqr4(a: &[u64; 4]) -> [u128; 7] {
    let d0 = 2 * a[0];
    let d1 = 2 * a[1];
    let d2 = 2 * a[2];
    [
        m(a[0], a[0]),
        m(d0, a[1]),
        m(d0, a[2]) + m(a[1], a[1]),
        m(d0, a[3]) + m(d1, a[2]),
        m(d1, a[3]) + m(a[2], a[2]),
        m(d2, a[3]),
        m(a[3], a[3]),
    ]
}

impl Fe448 {
    /// 0.
    pub const ZERO: Self = Fe448 { limbs: [0; 8] };

    /// The element written as big-endian hex, for compile-time constants.
    /// The value must be < p (checked at compile time); the result is in
    /// canonical radix-2⁵⁶ form.
    pub const fn from_hex(s: &str) -> Self {
        let v: [u64; 7] = crate::arith::from_hex(s);
        let p: [u64; 7] = crate::arith::from_hex(
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        );
        assert!(crate::arith::lt_mask(&v, &p) != 0, "constant not below p");
        let mut limbs = [0u64; 8];
        let mut i = 0;
        while i < 8 {
            let bit = 56 * i;
            let (w, off) = (bit / 64, bit % 64);
            let mut x = v[w] >> off;
            if off > 8 && w + 1 < 7 {
                x |= v[w + 1] << (64 - off);
            }
            limbs[i] = x & ((1u64 << 56) - 1);
            i += 1;
        }
        Fe448 { limbs }
    }
    /// 1.
    pub const ONE: Self = Fe448 { limbs: [1, 0, 0, 0, 0, 0, 0, 0] };
    /// 2^448 mod p = 2^224 + 1 = φ + 1.
    const TWO_TO_THE_448: Self = Fe448 { limbs: [1, 0, 0, 0, 1, 0, 0, 0] };

    /// True when every limb is below [`LIMB_BOUND`] (the type invariant).
    #[inline(always)]
    const fn limbs_in_bound(&self) -> bool {
        let mut i = 0;
        while i < 8 {
            if self.limbs[i] >= LIMB_BOUND {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Carries every limb once into the next one; the carry out of limb 7
    /// (weight 2^448 ≡ 2^224 + 1) goes to limbs 0 and 4. For input limbs
    /// < 2^59 the output limbs are < 2^56 + 15.
    #[inline(always)]
    const fn weak_reduce(a: [u64; 8]) -> Self {
        let top = a[7] >> 56;
        let mut r = [0u64; 8];
        r[0] = (a[0] & MASK) + top;
        let mut i = 1;
        while i < 8 {
            r[i] = (a[i] & MASK) + (a[i - 1] >> 56);
            i += 1;
        }
        r[4] += top;
        let r = Fe448 { limbs: r };
        debug_assert!(r.limbs_in_bound());
        r
    }

    /// self + rhs: limb sums (< 2^58) then one carry pass.
    #[inline(always)]
    const fn add_impl(&self, rhs: &Self) -> Self {
        debug_assert!(self.limbs_in_bound() && rhs.limbs_in_bound());
        let mut r = [0u64; 8];
        let mut i = 0;
        while i < 8 {
            r[i] = self.limbs[i] + rhs.limbs[i];
            i += 1;
        }
        Self::weak_reduce(r)
    }

    /// self − rhs = self + 4p − rhs (limbs in (0, 2^59)), then one carry pass.
    #[inline(always)]
    const fn sub_impl(&self, rhs: &Self) -> Self {
        debug_assert!(self.limbs_in_bound() && rhs.limbs_in_bound());
        let mut r = [0u64; 8];
        let mut i = 0;
        while i < 8 {
            r[i] = (self.limbs[i] + FOUR_P[i]) - rhs.limbs[i];
            i += 1;
        }
        Self::weak_reduce(r)
    }

    /// −self = 4p − self, then one carry pass.
    #[inline(always)]
    const fn neg_impl(&self) -> Self {
        debug_assert!(self.limbs_in_bound());
        let mut r = [0u64; 8];
        let mut i = 0;
        while i < 8 {
            r[i] = FOUR_P[i] - self.limbs[i];
            i += 1;
        }
        Self::weak_reduce(r)
    }

    /// Combines the three half-products into the reduced result and carries.
    ///
    /// Procedure (P = A₀B₀, Q = A₁B₁, K = (A₀+A₁)(B₀+B₁), each a degree-6
    /// polynomial in x = 2^56; x⁴ = φ, x⁸ = φ² ≡ φ + 1):
    ///   A·B ≡ (P + Q) + (K − P)·φ, and K − P = A₀B₁ + A₁B₀ + A₁B₁ ≥ 0
    ///   coefficient-wise. Splitting each product as lo + hi·φ (lo: x⁰..x³,
    ///   hi: x⁴..x⁶) and folding φ² ≡ φ + 1 once more:
    ///     out_lo[i] = (K[i+4] − P[i+4]) + P[i] + Q[i]
    ///     out_hi[i] = (K[i] − P[i]) + Q[i+4] + K[i+4]         (i = 0..3; ·[7] = 0)
    ///   Then two carry chains (low half into limb 4, high half into limb 8 ≡
    ///   limbs 0 and 4), and one last carry out of limbs 0 and 4.
    /// Bounds: for input limbs < 2^57 (the invariant; A₀+A₁ limbs < 2^58)
    /// each column is < 5·2^116 < 2^119 and limbs 1 and 5 end < 2^56 + 2^10.
    /// For lazy inputs < 2^59 ([`LAZY_BOUND`]; A₀+A₁ < 2^60, doubled
    /// square operands < 2^61): every product is < 2^121, each column
    /// < 5·2^121 < 2^124, the carries cl, ch < 2^68, so t4, t0 < 2^70 and
    /// limbs 1 and 5 end < 2^56 + 2^14 — within the invariant, and every
    /// sum fits in u128.
    #[inline(always)]
    const fn combine(p: &[u128; 7], q: &[u128; 7], k: &[u128; 7]) -> Self {
        let mut out = [0u64; 8];
        let mut cl: u128 = 0;
        let mut ch: u128 = 0;
        let mut i = 0;
        while i < 4 {
            let (kh, ph, qh) = if i < 3 { (k[i + 4], p[i + 4], q[i + 4]) } else { (0, 0, 0) };
            cl += (kh - ph) + p[i] + q[i];
            ch += (k[i] - p[i]) + qh + kh;
            out[i] = (cl as u64) & MASK;
            out[i + 4] = (ch as u64) & MASK;
            cl >>= 56;
            ch >>= 56;
            i += 1;
        }
        // cl has weight x⁴; ch has weight x⁸ ≡ x⁴ + 1.
        let t4 = out[4] as u128 + cl + ch;
        let t0 = out[0] as u128 + ch;
        out[4] = (t4 as u64) & MASK;
        out[5] += (t4 >> 56) as u64;
        out[0] = (t0 as u64) & MASK;
        out[1] += (t0 >> 56) as u64;
        let r = Fe448 { limbs: out };
        debug_assert!(r.limbs_in_bound());
        r
    }

    /// Splits into (A₀, A₁, A₀ + A₁).
    #[inline(always)]
    const fn halves(&self) -> ([u64; 4], [u64; 4], [u64; 4]) {
        let l = &self.limbs;
        let a0 = [l[0], l[1], l[2], l[3]];
        let a1 = [l[4], l[5], l[6], l[7]];
        let s = [l[0] + l[4], l[1] + l[5], l[2] + l[6], l[3] + l[7]];
        (a0, a1, s)
    }

    /// self + rhs without the carry pass: limbs < 2^58. The result breaks
    /// the type invariant and may only be passed to `*` or `square` (which
    /// accept limbs < [`LAZY_BOUND`]); the Montgomery ladder uses it for
    /// the sums it multiplies at once. Constant time.
    #[inline(always)]
    pub(crate) fn add_lazy(&self, rhs: &Self) -> Self {
        debug_assert!(self.limbs_in_bound() && rhs.limbs_in_bound());
        let mut r = [0u64; 8];
        for i in 0..8 {
            r[i] = self.limbs[i] + rhs.limbs[i];
        }
        Fe448 { limbs: r }
    }

    /// self − rhs = self + 4p − rhs without the carry pass: limbs < 2^59.
    /// Like [`Self::add_lazy`], only an input to `*` or `square`.
    /// Constant time.
    #[inline(always)]
    pub(crate) fn sub_lazy(&self, rhs: &Self) -> Self {
        debug_assert!(self.limbs_in_bound() && rhs.limbs_in_bound());
        let mut r = [0u64; 8];
        for i in 0..8 {
            r[i] = (self.limbs[i] + FOUR_P[i]) - rhs.limbs[i];
        }
        Fe448 { limbs: r }
    }

    /// True when every limb is below [`LAZY_BOUND`] (what `*` and `square`
    /// accept).
    #[inline(always)]
    const fn limbs_in_lazy_bound(&self) -> bool {
        let mut i = 0;
        while i < 8 {
            if self.limbs[i] >= LAZY_BOUND {
                return false;
            }
            i += 1;
        }
        true
    }

    /// self·rhs: golden-ratio Karatsuba, 48 multiplications (see [`Self::combine`]).
    /// Accepts limbs < [`LAZY_BOUND`]; the output meets the type invariant.
    #[inline(always)]
    const fn mul_impl(&self, rhs: &Self) -> Self {
        debug_assert!(self.limbs_in_lazy_bound() && rhs.limbs_in_lazy_bound());
        let (a0, a1, aa) = self.halves();
        let (b0, b1, bb) = rhs.halves();
        Self::combine(&mul4(&a0, &b0), &mul4(&a1, &b1), &mul4(&aa, &bb))
    }

    /// self²: the same with three 4-limb squares, 30 multiplications.
    #[inline(always)]
    const fn square_impl(&self) -> Self {
        debug_assert!(self.limbs_in_lazy_bound());
        let (a0, a1, aa) = self.halves();
        Self::combine(&sqr4(&a0), &sqr4(&a1), &sqr4(&aa))
    }

    /// Compile-time a + b (the same code as `+`), for tables built by const
    /// evaluation ([`crate::group::edwards::AffineNielsPoint`] tables).
    pub(crate) const fn const_add(&self, rhs: &Self) -> Self {
        self.add_impl(rhs)
    }
    /// Compile-time a − b (the same code as `-`).
    pub(crate) const fn const_sub(&self, rhs: &Self) -> Self {
        self.sub_impl(rhs)
    }
    /// Compile-time a·b (the same code as `*`).
    pub(crate) const fn const_mul(&self, rhs: &Self) -> Self {
        self.mul_impl(rhs)
    }
    /// Compile-time a⁻¹ (0 for 0): a^(p−2) by plain square-and-multiply
    /// over the bits of p − 2 = 2^448 − 2^224 − 3, most significant first.
    /// Only meant for const evaluation (public exponent, so constant time
    /// anyway, but slower than the addition chain of `invert`).
    pub(crate) const fn const_invert(&self) -> Self {
        let mut r = Self::ONE;
        let mut i = 448;
        while i > 0 {
            i -= 1;
            // p − 2 = 2^448 − 2^224 − 3: every bit of 0..448 set except
            // bit 224 and bit 1.
            let bit = i != 224 && i != 1;
            r = r.square_impl();
            if bit {
                r = r.mul_impl(self);
            }
        }
        r
    }

    /// self·c for a small constant c < 2^32 (e.g. the X448 ladder's
    /// a24 = 39081, or Ed448's d = −39081). Eight independent products
    /// pᵢ = limbᵢ·c < 2^89, then one parallel carry step: limb i gets
    /// (pᵢ mod 2^56) + ⌊pᵢ₋₁/2^56⌋ (< 2^56 + 2^33), and ⌊p₇/2^56⌋ (weight
    /// 2^448 ≡ 2^224 + 1) goes to limbs 0 and 4 (< 2^56 + 2^34). No serial
    /// carry chain (measured faster than the one-pass chain it replaced).
    /// Constant time.
    pub fn mul_small(&self, c: u32) -> Self {
        debug_assert!(self.limbs_in_bound());
        let mut p = [0u128; 8];
        for i in 0..8 {
            p[i] = (self.limbs[i] as u128) * (c as u128);
        }
        let top = (p[7] >> 56) as u64;
        let mut r = [0u64; 8];
        r[0] = ((p[0] as u64) & MASK) + top;
        for i in 1..8 {
            r[i] = ((p[i] as u64) & MASK) + (p[i - 1] >> 56) as u64;
        }
        r[4] += top;
        let r = Fe448 { limbs: r };
        debug_assert!(r.limbs_in_bound());
        r
    }

    /// The canonical limbs (value < p, every limb < 2^56).
    ///
    /// Procedure: one carry pass gives limbs < 2^56 + 15, so the value V is
    /// < 2^448 + 2^396 < 2p. Compute V − p with a signed borrow chain; if it
    /// is negative (final borrow −1), add p back (masked). Constant time.
    #[inline(always)]
    fn canonical_limbs(&self) -> [u64; 8] {
        let r = Self::weak_reduce(self.limbs).limbs;
        let mut out = [0u64; 8];
        let mut borrow: i64 = 0;
        for i in 0..8 {
            let s = (r[i] as i64) - (MODULUS[i] as i64) + borrow;
            out[i] = (s as u64) & MASK;
            borrow = s >> 56;
        }
        debug_assert!(borrow == 0 || borrow == -1);
        let mask = borrow as u64; // all ones iff V < p
        let mut carry = 0u64;
        for i in 0..8 {
            let t = out[i] + (MODULUS[i] & mask) + carry;
            out[i] = t & MASK;
            carry = t >> 56;
        }
        out
    }

    /// The canonical 56-byte little-endian encoding (RFC 7748 §5 `encodeUCoordinate`,
    /// RFC 8032 §5.2.2 field element encoding). Constant time.
    pub fn to_le_bytes(&self) -> [u8; 56] {
        let l = self.canonical_limbs();
        let mut out = [0u8; 56];
        for i in 0..8 {
            out[7 * i..7 * i + 7].copy_from_slice(&l[i].to_le_bytes()[..7]);
        }
        out
    }

    /// Decodes 56 little-endian bytes as an integer < 2^448 and reduces it
    /// mod p: RFC 7748 §5 `decodeUCoordinate` for X448 (which "MUST accept
    /// non-canonical values and process them as if they had been reduced").
    /// Never fails. Constant time. For a canonical decoder see
    /// [`Fe448::from_le_bytes`].
    pub fn from_le_bytes_reduced(bytes: &[u8; 56]) -> Self {
        let mut l = [0u64; 8];
        for i in 0..8 {
            let mut w = [0u8; 8];
            w[..7].copy_from_slice(&bytes[7 * i..7 * i + 7]);
            l[i] = u64::from_le_bytes(w);
        }
        // Limbs < 2^56: within the invariant (the value may be ≥ p).
        Fe448 { limbs: l }
    }
}

impl ConditionallySelectable for Fe448 {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mask = core::hint::black_box((choice.unwrap_u8() as u64).wrapping_neg());
        let mut r = [0u64; 8];
        for i in 0..8 {
            r[i] = a.limbs[i] ^ (mask & (a.limbs[i] ^ b.limbs[i]));
        }
        Fe448 { limbs: r }
    }
}

impl ConstantTimeEq for Fe448 {
    /// Equality of values (both sides are fully reduced first).
    #[inline(always)]
    fn ct_eq(&self, other: &Self) -> Choice {
        let a = self.canonical_limbs();
        let b = other.canonical_limbs();
        let mut acc = 0u64;
        for i in 0..8 {
            acc |= a[i] ^ b[i];
        }
        acc.ct_eq(&0)
    }
}

impl_fe448_common!(Fe448, "Fe448");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Field;

    #[test]
    fn modulus_limbs_match_bytes() {
        let mut b = [0u8; 56];
        for i in 0..8 {
            b[7 * i..7 * i + 7].copy_from_slice(&MODULUS[i].to_le_bytes()[..7]);
        }
        assert_eq!(b, Fe448::MODULUS_LE);
        // p itself decodes (reduced) to zero, and is rejected canonically.
        assert!(bool::from(Fe448::from_le_bytes_reduced(&b).is_zero()));
        assert!(bool::from(Fe448::from_le_bytes(&b).is_none()));
    }
}
