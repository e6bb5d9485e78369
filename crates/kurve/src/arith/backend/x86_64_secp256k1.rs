//! x86-64 MULX/ADCX/ADOX multiplication and squaring modulo the secp256k1
//! prime p = 2²⁵⁶ − c, c = 2³² + 977 = 0x1000003d1, on plain (not
//! Montgomery) representatives.
//!
//! The secp256k1 base field is one of the pseudo-Mersenne fields that `Fp`
//! keeps in plain form ([`crate::field::FieldParams::PLAIN`]): the full
//! 512-bit product T = T_hi·2²⁵⁶ + T_lo is reduced with 2²⁵⁶ ≡ c (mod p),
//! which needs no word-serial rounds (Montgomery reduction needs four, each
//! waiting on the last: IMUL, MULX, a borrow chain).
//!
//! The reduction (`K256_FOLD` of tools/gen_weierstrass_asm.py), as in the pseudo-Mersenne reductions of
//! Crandall (US patent 5,159,632) and of libsecp256k1's 4×64 field:
//! 1. V = T_lo + T_hi·c: four MULX by c on two carry chains; V < 2²⁵⁶·(2³⁴ + 1),
//!    so its fifth word v₄ ≤ 2³⁴.
//! 2. S = V_lo + (v₄ + 1)·c (one MULX). Because V − (v₄ + 1)·p = S − 2²⁵⁶:
//!    if S carries out, V mod p = S − 2²⁵⁶ (< 2⁶⁹ < p); otherwise
//!    V mod p = V − v₄·p = S − c, which is < p and ≥ 0. The choice is a CMOV
//!    of c or 0 and one borrow chain.
//!
//! Measured (dependent chain / three independent chains, ns, this
//! machine's Zen 4): multiplication 14.4 / 9.8 against 16.9 / 14.5 for the
//! Montgomery routine it replaces, squaring 12.2 / 7.6 against 14.3 / 9.0.
//!
//! The code is generated (tools/gen_weierstrass_asm.py, `k256_mul_lines`
//! and `k256_sqr_lines`), as the templates `k256_mul_asm!` and
//! `k256_sqr_asm!` that this module inlines and that the secp256k1 block of
//! [`super::x86_64_weierstrass`] calls as its subroutines: one code for both.
//!
//! Constant time: straight-line code; MULX, ADCX, ADOX, ADD/ADC/SUB/SBB and
//! CMOV have data-independent timing on every x86-64 core, and no address
//! depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

use super::x86_64_weierstrass::gen::{k256_mul_asm, k256_sqr_asm};

/// The secp256k1 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 4] =
    [0xffff_fffe_ffff_fc2f, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff];

/// c = 2²⁵⁶ − p.
pub const C: u64 = 0x1_0000_03d1;

// The constants agree with each other (checked at compile time).
const _: () = assert!(MODULUS[0] == C.wrapping_neg() && crate::arith::pseudo_mersenne_c(&MODULUS) == C);

/// True when `m` is the secp256k1 prime (N = 4). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_secp256k1<const N: usize>(m: &[u64; N]) -> bool {
    N == 4 && m[0] == MODULUS[0] && m[1] == MODULUS[1] && m[2] == MODULUS[2] && m[3] == MODULUS[3]
}

/// The product a·b mod p, fully reduced: the 512-bit schoolbook product
/// (16 MULX, two carry chains per row) and the reduction of the module doc.
///
/// Requires BMI2 and ADX (checked by the caller) and `a, b < 2²⁵⁶` (the
/// fold is exact for any 512-bit product). Constant time; never fails.
#[inline(always)]
pub(crate) fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: the caller has checked BMI2 (MULX) and ADX (ADCX/ADOX). The
    // asm reads 4 words at `a` and 4 at `b` (both in bounds of the arrays),
    // writes only the declared registers and the flags, and does not touch
    // the stack.
    unsafe {
        core::arch::asm!(
            k256_mul_asm!(),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            t0 = out(reg) r0, t1 = out(reg) r1, t2 = out(reg) r2, t3 = out(reg) r3,
            t4 = out(reg) _, t5 = out(reg) _, t6 = out(reg) _, t7 = out(reg) _,
            lo = out(reg) _, hi = out(reg) _, out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// The square a² mod p, fully reduced: six cross products, doubled, plus
/// four squares (10 MULX), then the reduction of the module doc.
///
/// Requires BMI2 and ADX (checked by the caller) and `a < 2²⁵⁶`.
/// Constant time; never fails.
#[inline(always)]
pub(crate) fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: as in `mul`; the asm reads 4 words at `a`.
    unsafe {
        core::arch::asm!(
            k256_sqr_asm!(),
            a = in(reg) a.as_ptr(),
            t0 = out(reg) r0, t1 = out(reg) r1, t2 = out(reg) r2, t3 = out(reg) r3,
            t4 = out(reg) _, t5 = out(reg) _, t6 = out(reg) _, t7 = out(reg) _,
            lo = out(reg) _, hi = out(reg) _, out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// `mul` for tests and benchmarks: `None` when the CPU lacks BMI2/ADX
/// (ignores the force-portable switches). Any `a, b < 2²⁵⁶`; constant time.
pub fn mul_checked(a: &[u64; 4], b: &[u64; 4]) -> Option<[u64; 4]> {
    if !super::x86_64_adx::cpu_has_bmi2_adx() {
        return None;
    }
    Some(mul(a, b))
}

/// `sqr` for tests and benchmarks: `None` when the CPU lacks BMI2/ADX
/// (ignores the force-portable switches). Any `a < 2²⁵⁶`; constant time.
pub fn sqr_checked(a: &[u64; 4]) -> Option<[u64; 4]> {
    if !super::x86_64_adx::cpu_has_bmi2_adx() {
        return None;
    }
    Some(sqr(a))
}
