//! The GLV endomorphism (Gallant–Lambert–Vanstone, CRYPTO 2001) for curves
//! y² = x³ + b over F_p with p ≡ 1 (mod 3) (secp256k1, secp224k1,
//! secp192k1).
//!
//! φ(x, y) = (β·x, y) with β³ = 1 in F_p acts on the prime-order group as
//! multiplication by λ, λ³ = 1 in F_n: φ(P) = [λ]P; in projective
//! coordinates φ(X : Y : Z) = (β·X : Y : Z), one multiplication.
//!
//! Scalar split (the libsecp256k1 method, with the lattice basis of
//! GLV 2001 §4 / Guide to ECC Alg. 3.74, computed by extended Euclid on
//! (n, λ)): with the short basis vectors (a₁, b₁), (a₂, b₂) of
//! {(x, y) : x + y·λ ≡ 0 mod n} and a shift s (a multiple of 64; 384 for
//! secp256k1, 320 for the smaller curves, so that gᵢ fits four limbs),
//!   c₁ = round(k·g₁ / 2ˢ),  c₂ = round(k·g₂ / 2ˢ),
//!   g₁ = round(2ˢ·b₂ / n),  g₂ = round(2ˢ·(−b₁) / n),
//!   k₂ = c₁·(−b₁) + c₂·(−b₂) mod n,  k₁ = k − k₂·λ mod n,
//! so k ≡ k₁ + k₂·λ (mod n). The bound: cᵢ is within 1/2 + k/2ˢ⁺¹ of the
//! real solution xᵢ of (k, 0) = x₁·(a₁, b₁) + x₂·(a₂, b₂), so
//! |k₁| ≤ (1/2 + ε)(|a₁| + |a₂|) and |k₂| ≤ (1/2 + ε)(|b₁| + |b₂|), below
//! 2^[`GlvParams::half_bits`] (128, 112, 96; checked against the basis in
//! `kurve-tests/tests/glv.rs`). The rounding products are computed with
//! fixed loops on 64-bit limbs and the sign choice is a masked select: the
//! split is constant time.

use super::WeierstrassCurve;
use crate::field::Field;
use subtle::{Choice, ConditionallySelectable};
use zeroize::Zeroize;

/// The constants of a GLV endomorphism (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct GlvParams<C: WeierstrassCurve> {
    /// β, a primitive cube root of unity in F_p.
    pub beta: C::Base,
    /// λ, the cube root of unity in F_n with [λ]P = (β·x, y).
    pub lambda: C::ScalarField,
    /// g₁ = round(2ˢ·b₂ / n), little-endian 64-bit limbs.
    pub g1: [u64; 4],
    /// g₂ = round(2ˢ·(−b₁) / n), little-endian 64-bit limbs.
    pub g2: [u64; 4],
    /// The rounding shift s in 64-bit words (s = 64·`shift_words`): 6 for
    /// secp256k1, 5 for secp224k1 and secp192k1. k·gᵢ / 2ˢ must stay below
    /// 2¹²⁸.
    pub shift_words: usize,
    /// The bound on the split's halves: |k₁|, |k₂| < 2^half_bits (128 for
    /// secp256k1, as libsecp256k1 proves for `scalar_split_lambda`; 112
    /// for secp224k1; 96 for secp192k1). At most [`HALF_BITS`]. The
    /// constant-time recoding of [`super::ProjectivePoint::mul_glv`] reads
    /// this many bits rounded up to its window.
    pub half_bits: usize,
    /// −b₁ mod n.
    pub minus_b1: C::ScalarField,
    /// −b₂ mod n.
    pub minus_b2: C::ScalarField,
}

/// Bytes of the half-size scalars |k₁|, |k₂| handed to the recodings:
/// 17 (the largest proven bound is 2¹²⁸, [`HALF_BITS`]; the spare byte
/// keeps the variable-time wNAF exact even if a rounding edge produced a
/// longer half, and the constant-time recoding of `mul_glv` reads up to
/// 130 bits).
pub const HALF_BYTES: usize = 17;

/// The largest bound on the split's halves over the GLV curves:
/// |k₁|, |k₂| < 2^HALF_BITS on secp256k1 (the bound libsecp256k1 proves
/// for `scalar_split_lambda` with these same rounding constants); each
/// curve's own bound is [`GlvParams::half_bits`] ≤ HALF_BITS. Tested on
/// edge and random scalars in `kurve-tests/tests/glv.rs`.
pub const HALF_BITS: usize = 128;

/// A split scalar: |k₁|, |k₂| (big-endian, [`HALF_BYTES`] bytes) and their
/// signs (k = (−1)^s₁·|k₁| + (−1)^s₂·|k₂|·λ mod n). Zeroized on drop.
pub struct GlvSplit {
    /// |k₁| big-endian.
    pub k1: [u8; HALF_BYTES],
    /// k₁ was replaced by n − k₁.
    pub neg1: Choice,
    /// |k₂| big-endian.
    pub k2: [u8; HALF_BYTES],
    /// k₂ was replaced by n − k₂.
    pub neg2: Choice,
}

impl Drop for GlvSplit {
    fn drop(&mut self) {
        self.k1.zeroize();
        self.k2.zeroize();
    }
}

/// round(k·g / 2^(64·w)) for k < 2²⁵⁶, g < 2²⁵⁶ (little-endian limbs),
/// 3 ≤ w ≤ 6 and a result below 2¹²⁸: the 512-bit product plus
/// 2^(64·w − 1), words w and w + 1. Constant time (fixed loops; w is
/// public).
fn mul_shift(k: &[u64; 4], g: &[u64; 4], w: usize) -> [u64; 2] {
    let mut t = [0u64; 8];
    for i in 0..4 {
        let mut carry = 0u128;
        for j in 0..4 {
            let v = (k[i] as u128) * (g[j] as u128) + t[i + j] as u128 + carry;
            t[i + j] = v as u64;
            carry = v >> 64;
        }
        t[i + 4] = carry as u64;
    }
    // + 2^(64w − 1) (rounding), the carry into words w .. 7
    let w = w.clamp(3, 6);
    let (l, mut c) = t[w - 1].overflowing_add(1 << 63);
    t[w - 1] = l;
    for x in t[w..].iter_mut() {
        let (l, c2) = x.overflowing_add(c as u64);
        *x = l;
        c = c2;
    }
    let r = [t[w], t[w + 1]];
    t.zeroize();
    r
}

/// a < b for equal-length big-endian byte strings, constant time.
fn lt_be(a: &[u8], b: &[u8]) -> Choice {
    let mut borrow = 0u16;
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        let d = (*x as u16).wrapping_sub(*y as u16).wrapping_sub(borrow);
        borrow = (d >> 8) & 1;
    }
    Choice::from(borrow as u8)
}

/// (|v|, v > n/2) where |v| = min(v, n − v), as [`HALF_BYTES`] big-endian
/// bytes (the caller guarantees |v| < 2^(8·HALF_BYTES)). Constant time.
fn abs_half<F: Field>(v: &F) -> ([u8; HALF_BYTES], Choice) {
    let mut a = [0u8; 72];
    let mut b = [0u8; 72];
    let nv = -*v;
    v.write_be_bytes(&mut a[72 - F::BYTES..]);
    nv.write_be_bytes(&mut b[72 - F::BYTES..]);
    let neg = lt_be(&b, &a);
    let mut out = [0u8; HALF_BYTES];
    for i in 0..HALF_BYTES {
        out[i] = u8::conditional_select(&a[72 - HALF_BYTES + i], &b[72 - HALF_BYTES + i], neg);
    }
    a.zeroize();
    b.zeroize();
    (out, neg)
}

/// Splits k into (k₁, k₂) with k ≡ k₁ + k₂·λ (mod n), returned as signed
/// half-size magnitudes ([`GlvSplit`]). Constant time in k. For scalar
/// fields of at most 256 bits (every GLV curve has one; k is written
/// right-aligned into 32 bytes).
pub fn split<C: WeierstrassCurve>(glv: &GlvParams<C>, k: &C::ScalarField) -> GlvSplit {
    let mut kb = [0u8; 32];
    k.write_be_bytes(&mut kb);
    let mut kl = [0u64; 4];
    for (i, limb) in kl.iter_mut().enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&kb[32 - 8 * (i + 1)..32 - 8 * i]);
        *limb = u64::from_be_bytes(w);
    }
    let c1 = mul_shift(&kl, &glv.g1, glv.shift_words);
    let c2 = mul_shift(&kl, &glv.g2, glv.shift_words);
    let mut cb = [0u8; 16];
    cb[..8].copy_from_slice(&c1[1].to_be_bytes());
    cb[8..].copy_from_slice(&c1[0].to_be_bytes());
    let c1f = C::ScalarField::from_be_bytes_reduced(&cb);
    cb[..8].copy_from_slice(&c2[1].to_be_bytes());
    cb[8..].copy_from_slice(&c2[0].to_be_bytes());
    let c2f = C::ScalarField::from_be_bytes_reduced(&cb);
    let k2 = c1f * glv.minus_b1 + c2f * glv.minus_b2;
    let k1 = *k - k2 * glv.lambda;
    let (k1b, neg1) = abs_half(&k1);
    let (k2b, neg2) = abs_half(&k2);
    kb.zeroize();
    kl.zeroize();
    cb.zeroize();
    GlvSplit { k1: k1b, neg1, k2: k2b, neg2 }
}

/// The signed split as field elements (k₁, k₂) with k ≡ k₁ + k₂·λ, for
/// tests and callers that want to check the decomposition. Constant time.
pub fn split_values<C: WeierstrassCurve>(glv: &GlvParams<C>, k: &C::ScalarField) -> (C::ScalarField, C::ScalarField) {
    let s = split(glv, k);
    let k1 = C::ScalarField::from_be_bytes_reduced(&s.k1);
    let k2 = C::ScalarField::from_be_bytes_reduced(&s.k2);
    (
        C::ScalarField::conditional_select(&k1, &-k1, s.neg1),
        C::ScalarField::conditional_select(&k2, &-k2, s.neg2),
    )
}

/// Digits of a width-w wNAF of a half-size magnitude (see
/// [`wnaf_half_vartime`]): one per bit of [`HALF_BYTES`] bytes, plus one
/// for a final carry.
pub const WNAF_HALF_DIGITS: usize = 8 * HALF_BYTES + 1;

/// Bits `pos .. pos + n` of the little-endian limbs `k` (zero beyond the
/// end), for n < 64.
#[inline(always)]
fn bits_at(k: &[u64; 3], pos: usize, n: u32) -> u64 {
    let limb = pos / 64;
    let off = pos % 64;
    if limb >= k.len() {
        return 0;
    }
    let mut v = k[limb] >> off;
    if off + n as usize > 64 && limb + 1 < k.len() {
        v |= k[limb + 1] << (64 - off);
    }
    v & ((1u64 << n) - 1)
}

/// Width-w non-adjacent form of a half-size magnitude `k` ([`HALF_BYTES`]
/// big-endian bytes, as in [`GlvSplit`]): k = Σ dᵢ·2^i with every nonzero
/// dᵢ odd, |dᵢ| < 2^(w−1), and at least w − 1 zeros after each nonzero
/// digit. Returns the number of digits up to the last nonzero one (0 for
/// k = 0); `digits` is fully overwritten. Requires 2 ≤ w ≤ 15 (clamped).
///
/// Procedure (the carry form of libsecp256k1's `ecmult_wnaf`): walk the
/// bits with a carry c ∈ {0, 1}; a bit equal to c emits 0; otherwise the
/// w-bit window v = bits(i, w) + c is odd, c ← bit w−1 of v, the digit is
/// v − c·2^w and the walk skips w bits. Windows are cut at the last digit
/// position, which takes a carry out of the top byte.
///
/// Variable time: the running time and the digit positions depend on k,
/// so k must be public (signature verification).
pub fn wnaf_half_vartime(k: &[u8; HALF_BYTES], w: u32, digits: &mut [i16; WNAF_HALF_DIGITS]) -> usize {
    let w = w.clamp(2, 15);
    let mut limbs = [0u64; 3];
    for (i, byte) in k.iter().rev().enumerate() {
        limbs[i / 8] |= (*byte as u64) << (8 * (i % 8));
    }
    for d in digits.iter_mut() {
        *d = 0;
    }
    let mut carry = 0u64;
    let mut pos = 0usize;
    let mut len = 0usize;
    while pos < WNAF_HALF_DIGITS {
        if bits_at(&limbs, pos, 1) == carry {
            pos += 1;
            continue;
        }
        // the window stops at the last digit position, so a carry out of
        // a full window always lands inside the array (a truncated window
        // holds an odd value below 2^(w−1) and produces none)
        let now = core::cmp::min(w, (WNAF_HALF_DIGITS - pos) as u32);
        let v = bits_at(&limbs, pos, now) + carry;
        carry = (v >> (w - 1)) & 1;
        digits[pos] = (v as i64 - ((carry as i64) << w)) as i16;
        len = pos + 1;
        pos += now as usize;
    }
    debug_assert_eq!(carry, 0);
    len
}
