//! Montgomery multiplication and squaring specialised to the NIST P-384
//! prime p = 2³⁸⁴ − 2¹²⁸ − 2⁹⁶ + 2³² − 1, in portable Rust (every backend
//! uses it: it beats both generic 6-limb routines).
//!
//! Montgomery form with R = 2³⁸⁴, as every `Fp`. The shape of p makes each
//! reduction round cost two multiplications instead of seven (the technique
//! of the s2n-bignum P-384 routines; Gueron–Krasnov 2015 §3 for P-256):
//!
//! * −p⁻¹ ≡ 2³² + 1 (mod 2⁶⁴), so the round multiplier is
//!   w = t₀ + (t₀ ≪ 32) mod 2⁶⁴ (a shift and an add, no IMUL);
//! * w·p = w·2³⁸⁴ − w·c with c = 2³⁸⁴ − p = 2¹²⁸ + 2⁹⁶ − 2³² + 1, a
//!   129-bit constant with words (0xffffffff00000001, 0x00000000ffffffff, 1):
//!   w·c takes two MULX-sized products and one addition of w.
//!
//! A round therefore subtracts w·c (four words, the lowest of which cancels
//! t₀ exactly) and adds w six words up. The six additions of wᵢ (and the
//! borrows out of each round's window) land at words ≥ 6, which no later
//! round reads, so they are gathered and added once at the end: result =
//! t[6..12] + Σ (wᵢ − bᵢ)·2^(64i), where bᵢ ∈ {0, 1} is round i's borrow
//! (wᵢ ≥ bᵢ: a zero w subtracts nothing). The value is < 2p; one masked
//! subtraction finishes.
//!
//! The products are the generic ones ([`super::portable::mul_wide`], 36
//! multiplications; [`super::portable::sqr_wide`], 21). Measured in
//! [`super`]. Constant time: straight-line code after unrolling, no
//! secret-dependent branch or index. Never fails.

use super::portable::{final_sub, mul_wide, sqr_wide};
use crate::arith::sbb;

/// The P-384 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 6] = [
    0x0000_0000_ffff_ffff,
    0xffff_ffff_0000_0000,
    0xffff_ffff_ffff_fffe,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
];

/// Word 0 of c = 2³⁸⁴ − p.
const C0: u64 = 0xffff_ffff_0000_0001;
/// Word 1 of c = 2³⁸⁴ − p (word 2 is 1).
const C1: u64 = 0x0000_0000_ffff_ffff;

/// True when `m` is the P-384 prime (N = 6). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_p384<const N: usize>(m: &[u64; N]) -> bool {
    N == 6
        && m[0] == MODULUS[0]
        && m[1] == MODULUS[1]
        && m[2] == MODULUS[2]
        && m[3] == MODULUS[3]
        && m[4] == MODULUS[4]
        && m[5] == MODULUS[5]
}

/// Montgomery reduction (lo + 2³⁸⁴·hi)·2⁻³⁸⁴ mod p, fully reduced, for
/// lo + 2³⁸⁴·hi < p·2³⁸⁴. Six two-multiplication rounds (module doc).
/// Constant time; never fails.
#[inline(always)]
fn redc(lo: [u64; 6], hi: [u64; 6]) -> [u64; 6] {
    let mut t = [0u64; 12];
    t[..6].copy_from_slice(&lo);
    t[6..].copy_from_slice(&hi);
    // d[i] = w_i − b_i, to be added at word 6 + i
    let mut d = [0u64; 6];
    for i in 0..6 {
        let w = t[i].wrapping_add(t[i] << 32);
        let p0 = (w as u128) * (C0 as u128);
        let p1 = (w as u128) * (C1 as u128);
        // w·c = lo(p0) + (hi(p0) + lo(p1))·2⁶⁴ + (hi(p1) + w)·2¹²⁸; lo(p0) = t_i
        debug_assert_eq!(p0 as u64, t[i]);
        let s1 = ((p0 >> 64) as u64 as u128) + (p1 as u64 as u128);
        let s2 = ((p1 >> 64) as u64 as u128) + (w as u128) + (s1 >> 64);
        let (x1, x2, x3) = (s1 as u64, s2 as u64, (s2 >> 64) as u64);
        let mut b;
        (t[i + 1], b) = sbb(t[i + 1], x1, 0);
        (t[i + 2], b) = sbb(t[i + 2], x2, b);
        (t[i + 3], b) = sbb(t[i + 3], x3, b);
        (t[i + 4], b) = sbb(t[i + 4], 0, b);
        (t[i + 5], b) = sbb(t[i + 5], 0, b);
        // b is 0 or all ones (−1): w + b = w − borrow ≥ 0
        d[i] = w.wrapping_add(b);
    }
    let mut r = [0u64; 6];
    let mut carry = 0u64;
    for i in 0..6 {
        let s = (t[6 + i] as u128) + (d[i] as u128) + (carry as u128);
        r[i] = s as u64;
        carry = (s >> 64) as u64;
    }
    final_sub(&r, carry, &MODULUS)
}

/// Montgomery product a·b·2⁻³⁸⁴ mod p, fully reduced. Requires `a < 2³⁸⁴`,
/// `b < p`. Constant time; never fails.
#[inline(always)]
pub fn mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let (lo, hi) = mul_wide(a, b);
    redc(lo, hi)
}

/// Montgomery square a²·2⁻³⁸⁴ mod p, fully reduced. Requires `a < p`.
/// Constant time; never fails.
#[inline(always)]
pub fn sqr(a: &[u64; 6]) -> [u64; 6] {
    let (lo, hi) = sqr_wide(a);
    redc(lo, hi)
}
