//! Montgomery multiplication and squaring specialised to the NIST P-521
//! prime p = 2⁵²¹ − 1, in portable Rust (every backend uses it).
//!
//! Montgomery form with R = 2⁵⁷⁶ (nine limbs), as every `Fp`. Because
//! 2⁵²¹ ≡ 1, Montgomery reduction is a rotation, not a multiplication
//! (the Mersenne reduction of FIPS 186-5 / SP 800-186 §G.1.5, moved into
//! the Montgomery domain): for the product T = T_lo + 2⁵⁷⁶·T_hi,
//!
//! ```text
//! T·2⁻⁵⁷⁶ ≡ T_lo·2⁻⁵⁵ + T_hi ≡ (T_lo ≫ 55) + (T_lo mod 2⁵⁵)·2⁴⁶⁶ + T_hi   (mod p)
//! ```
//!
//! since 2⁻⁵⁷⁶ = 2⁻⁵²¹·2⁻⁵⁵ ≡ 2⁻⁵⁵ and, writing T_lo = x + 2⁵⁵·y,
//! T_lo·2⁻⁵⁵ = x·2⁻⁵⁵ + y ≡ x·2⁴⁶⁶ + y. The three terms are < 2⁵²¹ each
//! (T_hi < 2⁵²¹ because a < 2⁵⁷⁶ and b < p), so their sum s < 2⁵²³; one
//! fold s mod 2⁵²¹ + ⌊s / 2⁵²¹⌋ (≤ p + 3) and one masked subtraction of p
//! give the fully reduced result.
//!
//! Only the squaring uses it ([`sqr`]: the 45-product square of
//! [`super::portable::sqr_wide`] plus shifts, 48 vs 53 ns for the generic
//! squaring). For multiplication the generic portable CIOS stays: LLVM
//! already folds its multiplications by the all-ones words of p into shifts
//! and subtractions, and the 81-product schoolbook plus this reduction
//! measured slower (55 vs 52 ns). With BMI2 + ADX the multiplication goes
//! to the assembly CIOS (`x86_64_adx::mul_p521_unchecked`) and the squaring
//! to the assembly 45-product square followed by `redc`
//! (`x86_64_adx::sqr_p521_unchecked`). [`double`] (a rotation) serves
//! every backend.
//!
//! Constant time: straight-line code after unrolling, no secret-dependent
//! branch or index (the final selection is a mask). Never fails.

use super::portable::sqr_wide;
use crate::arith::barrier::value_barrier;

/// The P-521 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 9] = [
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    0x1ff,
];

/// True when `m` is the P-521 prime (N = 9). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_p521<const N: usize>(m: &[u64; N]) -> bool {
    if N != 9 || m[8] != MODULUS[8] {
        return false;
    }
    let mut i = 0;
    while i < 8 {
        if m[i] != u64::MAX {
            return false;
        }
        i += 1;
    }
    true
}

/// Montgomery reduction (lo + 2⁵⁷⁶·hi)·2⁻⁵⁷⁶ mod p, fully reduced, for
/// hi < 2⁵²¹ (module doc). Constant time; never fails.
#[inline(always)]
pub(super) fn redc(lo: [u64; 9], hi: [u64; 9]) -> [u64; 9] {
    // y = lo >> 55 (521 bits)
    let mut y = [0u64; 9];
    for k in 0..8 {
        y[k] = (lo[k] >> 55) | (lo[k + 1] << 9);
    }
    y[8] = lo[8] >> 55;
    // x·2⁴⁶⁶ with x = lo mod 2⁵⁵: 466 = 7·64 + 18
    let x = lo[0] & ((1u64 << 55) - 1);
    let mut xs = [0u64; 9];
    xs[7] = x << 18;
    xs[8] = x >> 46;
    // s = y + x·2⁴⁶⁶ + hi < 3·2⁵²¹ (fits in nine words)
    let mut s = [0u64; 9];
    let mut carry = 0u128;
    for k in 0..9 {
        let v = (y[k] as u128) + (xs[k] as u128) + (hi[k] as u128) + carry;
        s[k] = v as u64;
        carry = v >> 64;
    }
    // fold: s mod 2⁵²¹ + ⌊s / 2⁵²¹⌋ ≤ 2⁵²¹ − 1 + 2 = p + 2
    let top = s[8] >> 9;
    s[8] &= 0x1ff;
    let mut c = top;
    for w in s.iter_mut() {
        let (v, o) = w.overflowing_add(c);
        *w = v;
        c = o as u64;
    }
    // s ≥ p  ⇔  s + 1 ≥ 2⁵²¹; then s − p = (s + 1) mod 2⁵²¹
    let mut u = [0u64; 9];
    let mut c = 1u64;
    for k in 0..9 {
        let (v, o) = s[k].overflowing_add(c);
        u[k] = v;
        c = o as u64;
    }
    let ge = value_barrier((u[8] >> 9).wrapping_neg());
    u[8] &= 0x1ff;
    let mut r = [0u64; 9];
    for k in 0..9 {
        r[k] = s[k] ^ (ge & (s[k] ^ u[k]));
    }
    r
}

/// Montgomery square a²·2⁻⁵⁷⁶ mod p, fully reduced. Requires `a < p`.
/// Constant time; never fails.
#[inline(always)]
pub fn sqr(a: &[u64; 9]) -> [u64; 9] {
    let (lo, hi) = sqr_wide(a);
    redc(lo, hi)
}

/// 2a mod p, fully reduced, for `a < p`: a rotation of the 521-bit value
/// left by one place, since 2a = 2⁵²¹·a₅₂₀ + (2a mod 2⁵²¹) and 2⁵²¹ ≡ 1.
/// The rotation of a value below p is below p again (only the all-ones
/// value p rotates to all ones), so no subtraction follows. Montgomery form
/// needs nothing more: 2·(a·R) = (2a)·R. Computed as a + a on one carry
/// chain whose bit 521 is moved to bit 0 (3.9 ns per dependent doubling
/// against 6.7 ns for the generic add-and-subtract `a + a`; a shift-and-or
/// form compiles to SHLD and took 4.1 ns). Constant time; never fails.
#[inline(always)]
pub fn double(a: &[u64; 9]) -> [u64; 9] {
    let mut r = [0u64; 9];
    let mut carry = false;
    for k in 0..9 {
        let (x, c1) = a[k].overflowing_add(a[k]);
        let (x, c2) = x.overflowing_add(carry as u64);
        r[k] = x;
        carry = c1 | c2;
    }
    r[0] |= r[8] >> 9;
    r[8] &= 0x1ff;
    r
}
