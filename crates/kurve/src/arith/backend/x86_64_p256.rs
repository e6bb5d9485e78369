//! x86-64 MULX/ADCX/ADOX Montgomery multiplication and squaring specialised
//! to the NIST P-256 prime p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1.
//!
//! Montgomery form with R = 2²⁵⁶, as every `Fp`. The shape of p makes the
//! reduction almost free (Gueron–Krasnov, "Fast prime field elliptic-curve
//! cryptography with 256-bit primes", J. Cryptogr. Eng. 2015, §3):
//! −p⁻¹ ≡ 1 (mod 2⁶⁴), so the reduction multiplier of a round is the low
//! accumulator word itself, q = t₀, and
//!
//! ```text
//! q·p = −q + q·2⁹⁶ + q·p₃·2¹⁹²      (p₃ = 0xffffffff00000001)
//! ```
//!
//! so t + q·p clears t₀ exactly and adds (q ≪ 32, q ≫ 32, lo(q·p₃),
//! hi(q·p₃)) to the next four words: one MULX and two shifts per round
//! instead of four MULX and an IMUL.
//!
//! * [`mul`]: operand scanning in two halves, each two product rows (the
//!   rows on two carry chains, ADCX for low halves, ADOX for high halves)
//!   and then two reduction rounds at once: with q₀, q₁ the two low words,
//!   q₀·2³², q₁·2³² (MULX by 2³²) and q₀·p₃, q₁·p₃ go on at words 1…5,
//!   four MULX on the two chains instead of two rounds of one MULX, two
//!   shifts and an add chain each; all eight accumulator words stay in
//!   registers.
//! * [`sqr`]: the six cross products aᵢ·aⱼ (i < j), doubled by an add chain,
//!   plus the four squares aᵢ² (10 MULX instead of 16), then four reduction
//!   rounds on the low half and one addition of the high half.
//!
//! Both end with one subtraction of p selected by CMOV (t < 2p before it;
//! the product finds t ≥ p as the carry out of t + 2²⁵⁶ − p).
//! Measured against the portable code: see [`super`] for the figures.
//!
//! The asm itself is the window block's (tools/gen_weierstrass_asm.py,
//! `P256Ops.mul_body` and `sqr_body`), inlined here from the templates
//! `p256_mul_asm!` and `p256_sqr_asm!` it generates, so that both paths run
//! one code. The two-round reduction of the product, measured in the block
//! (C harness, Intel Xeon Ice Lake, min of 600 rounds, operands forwarded
//! in both): per doubling 116.3 → 112.4 ns, a window of five doublings and
//! the addition 748.3 → 720.4.
//!
//! Constant time: straight-line code; MULX, ADCX, ADOX, ADD/ADC/SUB/SBB,
//! SHL/SHR by a constant and CMOV have data-independent timing on every
//! x86-64 core, and no address depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

use super::x86_64_weierstrass::gen::{p256_mul_asm, p256_sqr_asm};

/// The P-256 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 4] = [0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0, 0xffff_ffff_0000_0001];

/// True when `m` is the P-256 prime (N = 4). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_p256<const N: usize>(m: &[u64; N]) -> bool {
    N == 4 && m[0] == MODULUS[0] && m[1] == MODULUS[1] && m[2] == MODULUS[2] && m[3] == MODULUS[3]
}

/// Montgomery product a·b·2⁻²⁵⁶ mod p, fully reduced: the product of the
/// window block (`P256Ops.mul_body` in tools/gen_weierstrass_asm.py, whose
/// template this inlines).
///
/// Requires BMI2 and ADX (checked by the caller, [`super::adx_selected`] or
/// [`super::x86_64_adx::cpu_has_bmi2_adx`]), `a < 2²⁵⁶`, `b < p`.
/// Constant time; never fails.
#[inline(always)]
pub(crate) fn mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: the caller has checked BMI2 (MULX) and ADX (ADCX/ADOX). The
    // asm reads 4 words at `a` and 4 at `b` (both in bounds of the arrays),
    // writes only the declared registers and the flags, and does not touch
    // the stack.
    unsafe {
        core::arch::asm!(
            p256_mul_asm!(),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            w0 = out(reg) _,
            w1 = out(reg) _,
            w2 = out(reg) _,
            w3 = out(reg) _,
            w4 = out(reg) r0,
            w5 = out(reg) r1,
            w6 = out(reg) r2,
            w7 = out(reg) r3,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// Montgomery square a²·2⁻²⁵⁶ mod p, fully reduced: the square of the
/// window block (`P256Ops.sqr_body`).
///
/// Requires BMI2 and ADX (checked by the caller) and `a < p` (then the
/// reduced low half is ≤ p and the high half < p, so the sum before the
/// final subtraction is < 2p). Constant time; never fails.
#[inline(always)]
pub(crate) fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: as in `mul`; the asm reads 4 words at `a`.
    unsafe {
        core::arch::asm!(
            p256_sqr_asm!(),
            a = inout(reg) a.as_ptr() => _,
            p3 = out(reg) _,
            w0 = out(reg) r0,
            w1 = out(reg) r1,
            w2 = out(reg) r2,
            w3 = out(reg) r3,
            w4 = out(reg) _,
            w5 = out(reg) _,
            w6 = out(reg) _,
            w7 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}
