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
//! * [`mul`]: operand scanning (CIOS), four rounds of t ← (t + a·bᵢ + q·p)/2⁶⁴;
//!   the product row runs two carry chains (ADCX for low halves, ADOX for
//!   high halves); all eight accumulator words stay in registers.
//! * [`sqr`]: the six cross products aᵢ·aⱼ (i < j), doubled by an add chain,
//!   plus the four squares aᵢ² (10 MULX instead of 16), then four reduction
//!   rounds on the low half and one addition of the high half.
//!
//! Both end with one subtraction of p selected by CMOV (t < 2p before it).
//! Measured against the portable code: see [`super`] for the figures.
//!
//! Constant time: straight-line code; MULX, ADCX, ADOX, ADD/ADC/SUB/SBB,
//! SHL/SHR by a constant and CMOV have data-independent timing on every
//! x86-64 core, and no address depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

/// The P-256 prime, little-endian 64-bit limbs.
pub const MODULUS: [u64; 4] = [0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0, 0xffff_ffff_0000_0001];

/// Top word of p, the only one the reduction multiplies by.
const P3: u64 = 0xffff_ffff_0000_0001;
/// Second word of p (used by the final subtraction).
const P1: u64 = 0x0000_0000_ffff_ffff;

/// True when `m` is the P-256 prime (N = 4). `const`, so a call with a
/// constant modulus folds away. Never fails.
#[inline(always)]
pub const fn is_p256<const N: usize>(m: &[u64; N]) -> bool {
    N == 4 && m[0] == MODULUS[0] && m[1] == MODULUS[1] && m[2] == MODULUS[2] && m[3] == MODULUS[3]
}

/// Montgomery product a·b·2⁻²⁵⁶ mod p, fully reduced.
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
            // round 0: t = a*b0  -> t0..t4
            "mov rdx, qword ptr [{b}]",
            "mulx {t1}, {t0}, qword ptr [{a}]",
            "mulx {t2}, {lo}, qword ptr [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            // reduce q = t0
            "mov rdx, {t0}",
            "mulx {hi}, {lo}, {p3}",
            "mov {t5}, {t0}",
            "shl {t5}, 32",
            "shr {t0}, 32",
            "add {t1}, {t5}",
            "adc {t2}, {t0}",
            "adc {t3}, {lo}",
            "adc {t4}, {hi}",
            "mov {t5:e}, 0",
            "adc {t5}, 0",
            // t = (t1,t2,t3,t4,t5)
            // round 1
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
            "adcx {t5}, {t0}",
            "adox {t0}, {t0}",
            "adc {t0}, 0",
            // reduce q = t1
            "mov rdx, {t1}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t1}",
            "shl rdx, 32",
            "shr {t1}, 32",
            "add {t2}, rdx",
            "adc {t3}, {t1}",
            "adc {t4}, {lo}",
            "adc {t5}, {hi}",
            "adc {t0}, 0",
            // t = (t2,t3,t4,t5,t0)
            // round 2
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
            "adcx {t0}, {t1}",
            "adox {t1}, {t1}",
            "adc {t1}, 0",
            // reduce q = t2
            "mov rdx, {t2}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t2}",
            "shl rdx, 32",
            "shr {t2}, 32",
            "add {t3}, rdx",
            "adc {t4}, {t2}",
            "adc {t5}, {lo}",
            "adc {t0}, {hi}",
            "adc {t1}, 0",
            // t = (t3,t4,t5,t0,t1)
            // round 3
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
            "adcx {t1}, {t2}",
            "adox {t2}, {t2}",
            "adc {t2}, 0",
            // reduce q = t3
            "mov rdx, {t3}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t3}",
            "shl rdx, 32",
            "shr {t3}, 32",
            "add {t4}, rdx",
            "adc {t5}, {t3}",
            "adc {t0}, {lo}",
            "adc {t1}, {hi}",
            "adc {t2}, 0",
            // t = (t4,t5,t0,t1,t2) < 2p ; subtract p
            "mov {lo}, {t4}",
            "mov {hi}, {t5}",
            "mov {t3}, {t0}",
            "mov rdx, {t1}",
            "sub {lo}, -1",
            "sbb {hi}, {p1}",
            "sbb {t3}, 0",
            "sbb rdx, {p3}",
            "sbb {t2}, 0",
            "cmovnc {t4}, {lo}",
            "cmovnc {t5}, {hi}",
            "cmovnc {t0}, {t3}",
            "cmovnc {t1}, rdx",
                        a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p3 = in(reg) P3,
            p1 = in(reg) P1,
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
            // double t1..t6 into t1..t7
            "xor {t7:e}, {t7:e}",
            "add {t1}, {t1}",
            "adc {t2}, {t2}",
            "adc {t3}, {t3}",
            "adc {t4}, {t4}",
            "adc {t5}, {t5}",
            "adc {t6}, {t6}",
            "adc {t7}, 0",
            // squares
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
            // reduce low half: 4 rounds
            "mov rdx, {t0}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t0}",
            "shl rdx, 32",
            "shr {t0}, 32",
            "add {t1}, rdx",
            "adc {t2}, {t0}",
            "adc {t3}, {lo}",
            "adc {hi}, 0",
            "mov {t0}, {hi}",
            // (t1,t2,t3,t0)
            "mov rdx, {t1}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t1}",
            "shl rdx, 32",
            "shr {t1}, 32",
            "add {t2}, rdx",
            "adc {t3}, {t1}",
            "adc {t0}, {lo}",
            "adc {hi}, 0",
            "mov {t1}, {hi}",
            // (t2,t3,t0,t1)
            "mov rdx, {t2}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t2}",
            "shl rdx, 32",
            "shr {t2}, 32",
            "add {t3}, rdx",
            "adc {t0}, {t2}",
            "adc {t1}, {lo}",
            "adc {hi}, 0",
            "mov {t2}, {hi}",
            // (t3,t0,t1,t2)
            "mov rdx, {t3}",
            "mulx {hi}, {lo}, {p3}",
            "mov rdx, {t3}",
            "shl rdx, 32",
            "shr {t3}, 32",
            "add {t0}, rdx",
            "adc {t1}, {t3}",
            "adc {t2}, {lo}",
            "adc {hi}, 0",
            "mov {t3}, {hi}",
            // (t0,t1,t2,t3) + (t4..t7)
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
            "mov {t5:e}, 0xffffffff",
            "sub {lo}, -1",
            "sbb {hi}, {t5}",
            "sbb rdx, 0",
            "sbb {t4}, {p3}",
            "sbb {a}, 0",
            "cmovnc {t0}, {lo}",
            "cmovnc {t1}, {hi}",
            "cmovnc {t2}, rdx",
            "cmovnc {t3}, {t4}",
                        a = inout(reg) a.as_ptr() => _,
            p3 = in(reg) P3,
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
