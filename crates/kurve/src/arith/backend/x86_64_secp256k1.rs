//! x86-64 MULX/ADCX/ADOX Montgomery multiplication and squaring specialised
//! to the secp256k1 prime p = 2²⁵⁶ − c, c = 2³² + 977 = 0x1000003d1.
//!
//! Montgomery form with R = 2²⁵⁶, as every `Fp`. For this p the reduction
//! of a round needs one multiplication by the 33-bit c instead of four by
//! the words of p: with q = t₀·(−p⁻¹) mod 2⁶⁴,
//!
//! ```text
//! t + q·p = t + q·2²⁵⁶ − q·c,     lo(q·c) = t₀ (by the choice of q)
//! ```
//!
//! so the round adds q at word 4 and subtracts hi(q·c) from word 1 with the
//! borrow running up (the sum is never negative). IMUL + one MULX per round.
//!
//! * [`mul`]: operand scanning (CIOS), four rounds of t ← (t + a·bᵢ + q·p)/2⁶⁴,
//!   the product row on two carry chains (ADCX/ADOX), all words in registers.
//! * [`sqr`]: six cross products, doubled, plus four squares (10 MULX), then
//!   four reduction rounds on the low half and one addition of the high half.
//!
//! Both end with t − p = t + c − 2²⁵⁶ selected by CMOV (t < 2p before it).
//! Figures against the portable code are in [`super`].
//!
//! Constant time: straight-line code; MULX, IMUL, ADCX, ADOX,
//! ADD/ADC/SUB/SBB and CMOV have data-independent timing on every x86-64
//! core, and no address depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

/// The secp256k1 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 4] =
    [0xffff_fffe_ffff_fc2f, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff];

/// −p⁻¹ mod 2⁶⁴.
const INV: u64 = 0xd838_091d_d225_3531;
/// c = 2²⁵⁶ − p.
const C: u64 = 0x1_0000_03d1;

// The constants agree with the modulus (checked at compile time).
const _: () = assert!(MODULUS[0] == C.wrapping_neg() && INV == crate::arith::mont_inv(MODULUS[0]));

/// True when `m` is the secp256k1 prime (N = 4). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_secp256k1<const N: usize>(m: &[u64; N]) -> bool {
    N == 4 && m[0] == MODULUS[0] && m[1] == MODULUS[1] && m[2] == MODULUS[2] && m[3] == MODULUS[3]
}

/// Montgomery product a·b·2⁻²⁵⁶ mod p, fully reduced.
///
/// Requires BMI2 and ADX (checked by the caller), `a < 2²⁵⁶`, `b < p`.
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
            "mov rdx, qword ptr [{b}]",
            "mulx {t1}, {t0}, qword ptr [{a}]",
            "mulx {t2}, {lo}, qword ptr [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            "xor {t5:e}, {t5:e}",
            "mov rdx, {t0}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "add {t4}, rdx",
            "adc {t5}, 0",
            "sub {t1}, {hi}",
            "sbb {t2}, 0",
            "sbb {t3}, 0",
            "sbb {t4}, 0",
            "sbb {t5}, 0",
            "mov rdx, qword ptr [{b} + 8]",
            "xor {t0:e}, {t0:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t1}, {lo}",
            "adox {t2}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mov {lo:e}, 0",
            "adcx {t5}, {lo}",
            "adox {t0}, {lo}",
            "adc {t0}, 0",
            "mov rdx, {t1}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "add {t5}, rdx",
            "adc {t0}, 0",
            "sub {t2}, {hi}",
            "sbb {t3}, 0",
            "sbb {t4}, 0",
            "sbb {t5}, 0",
            "sbb {t0}, 0",
            "mov rdx, qword ptr [{b} + 16]",
            "xor {t1:e}, {t1:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {t5}, {lo}",
            "adox {t0}, {hi}",
            "mov {lo:e}, 0",
            "adcx {t0}, {lo}",
            "adox {t1}, {lo}",
            "adc {t1}, 0",
            "mov rdx, {t2}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "add {t0}, rdx",
            "adc {t1}, 0",
            "sub {t3}, {hi}",
            "sbb {t4}, 0",
            "sbb {t5}, 0",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            "mov rdx, qword ptr [{b} + 24]",
            "xor {t2:e}, {t2:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t5}, {lo}",
            "adox {t0}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {t0}, {lo}",
            "adox {t1}, {hi}",
            "mov {lo:e}, 0",
            "adcx {t1}, {lo}",
            "adox {t2}, {lo}",
            "adc {t2}, 0",
            "mov rdx, {t3}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "add {t1}, rdx",
            "adc {t2}, 0",
            "sub {t4}, {hi}",
            "sbb {t5}, 0",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            "sbb {t2}, 0",
            "mov {lo}, {t4}",
            "mov {hi}, {t5}",
            "mov rdx, {t0}",
            "mov {t3}, {t1}",
            "add {lo}, {c}",
            "adc {hi}, 0",
            "adc rdx, 0",
            "adc {t3}, 0",
            "adc {t2}, 0",
            "cmovnz {t4}, {lo}",
            "cmovnz {t5}, {hi}",
            "cmovnz {t0}, rdx",
            "cmovnz {t1}, {t3}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            inv = in(reg) INV,
            c = in(reg) C,
            t0 = out(reg) r2,
            t1 = out(reg) r3,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) r0,
            t5 = out(reg) r1,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// Montgomery square a²·2⁻²⁵⁶ mod p, fully reduced.
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
            "mov rdx, qword ptr [{a}]",
            "mulx {t2}, {t1}, qword ptr [{a} + 8]",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "add {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            "mov rdx, qword ptr [{a} + 8]",
            "xor {t5:e}, {t5:e}",
            "xor {t6:e}, {t6:e}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "adcx {t5}, {t6}",
            "mov rdx, qword ptr [{a} + 16]",
            "mulx {t6}, {lo}, qword ptr [{a} + 24]",
            "add {t5}, {lo}",
            "adc {t6}, 0",
            "xor {t7:e}, {t7:e}",
            "add {t1}, {t1}",
            "adc {t2}, {t2}",
            "adc {t3}, {t3}",
            "adc {t4}, {t4}",
            "adc {t5}, {t5}",
            "adc {t6}, {t6}",
            "adc {t7}, 0",
            "mov rdx, qword ptr [{a}]",
            "mulx {hi}, {t0}, rdx",
            "add {t1}, {hi}",
            "mov rdx, qword ptr [{a} + 8]",
            "mulx {hi}, {lo}, rdx",
            "adc {t2}, {lo}",
            "adc {t3}, {hi}",
            "mov rdx, qword ptr [{a} + 16]",
            "mulx {hi}, {lo}, rdx",
            "adc {t4}, {lo}",
            "adc {t5}, {hi}",
            "mov rdx, qword ptr [{a} + 24]",
            "mulx {hi}, {lo}, rdx",
            "adc {t6}, {lo}",
            "adc {t7}, {hi}",
            "mov rdx, {t0}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "sub {t1}, {hi}",
            "sbb {t2}, 0",
            "sbb {t3}, 0",
            "sbb rdx, 0",
            "mov {t0}, rdx",
            "mov rdx, {t1}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "sub {t2}, {hi}",
            "sbb {t3}, 0",
            "sbb {t0}, 0",
            "sbb rdx, 0",
            "mov {t1}, rdx",
            "mov rdx, {t2}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "sub {t3}, {hi}",
            "sbb {t0}, 0",
            "sbb {t1}, 0",
            "sbb rdx, 0",
            "mov {t2}, rdx",
            "mov rdx, {t3}",
            "imul rdx, {inv}",
            "mulx {hi}, {hi}, {c}",
            "sub {t0}, {hi}",
            "sbb {t1}, 0",
            "sbb {t2}, 0",
            "sbb rdx, 0",
            "mov {t3}, rdx",
            "xor {a:e}, {a:e}",
            "add {t0}, {t4}",
            "adc {t1}, {t5}",
            "adc {t2}, {t6}",
            "adc {t3}, {t7}",
            "adc {a}, 0",
            "mov {lo}, {t0}",
            "mov {hi}, {t1}",
            "mov rdx, {t2}",
            "mov {t4}, {t3}",
            "add {lo}, {c}",
            "adc {hi}, 0",
            "adc rdx, 0",
            "adc {t4}, 0",
            "adc {a}, 0",
            "cmovnz {t0}, {lo}",
            "cmovnz {t1}, {hi}",
            "cmovnz {t2}, rdx",
            "cmovnz {t3}, {t4}",
            a = inout(reg) a.as_ptr() => _,
            inv = in(reg) INV,
            c = in(reg) C,
            t0 = out(reg) r0,
            t1 = out(reg) r1,
            t2 = out(reg) r2,
            t3 = out(reg) r3,
            t4 = out(reg) _,
            t5 = out(reg) _,
            t6 = out(reg) _,
            t7 = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}
