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
//! The reduction (`fold!`), as in the pseudo-Mersenne reductions of
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
//! Constant time: straight-line code; MULX, ADCX, ADOX, ADD/ADC/SUB/SBB and
//! CMOV have data-independent timing on every x86-64 core, and no address
//! depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

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

/// The reduction of a 512-bit value held in `t0..t7` to t0..t3 = value
/// mod p (module docs; the constant is c). Clobbers `lo`, `hi`, `t4..t7`,
/// rdx and the flags.
macro_rules! fold {
    () => { concat!(
    // step 1: V = T_lo + T_hi·c; lows on the CF chain, highs on the OF chain
    "mov rdx, 0x1000003d1\n",
    "xor {lo:e}, {lo:e}\n",
    "mulx {t4}, {lo}, {t4}\n",
    "adcx {t0}, {lo}\n",
    "adox {t1}, {t4}\n",
    "mulx {t5}, {lo}, {t5}\n",
    "adcx {t1}, {lo}\n",
    "adox {t2}, {t5}\n",
    "mulx {t6}, {lo}, {t6}\n",
    "adcx {t2}, {lo}\n",
    "adox {t3}, {t6}\n",
    "mulx {t7}, {lo}, {t7}\n",
    "adcx {t3}, {lo}\n",
    // t7 = v4 + 1: hi(t7·c) plus both pending carries plus one
    "mov {lo:e}, 1\n",
    "adcx {t7}, {lo}\n",
    "mov {lo:e}, 0\n",
    "adox {t7}, {lo}\n",
    // step 2: S = V_lo + (v4 + 1)·c; no carry out means subtract c
    "mulx {hi}, {lo}, {t7}\n",
    "add {t0}, {lo}\n",
    "adc {t1}, {hi}\n",
    "adc {t2}, 0\n",
    "adc {t3}, 0\n",
    "mov {lo:e}, 0\n",
    "cmovnc {lo}, rdx\n",
    "sub {t0}, {lo}\n",
    "sbb {t1}, 0\n",
    "sbb {t2}, 0\n",
    "sbb {t3}, 0\n",
    ) };
}

/// The product a·b mod p, fully reduced: the 512-bit schoolbook product
/// (16 MULX, two carry chains per row) and the `fold!` reduction.
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
            "mov rdx, qword ptr [{b}]",
            "mulx {t1}, {t0}, qword ptr [{a}]",
            "mulx {t2}, {lo}, qword ptr [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            // row 1
            "mov rdx, qword ptr [{b} + 8]",
            "xor {lo:e}, {lo:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t1}, {lo}",
            "adox {t2}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {t5}, {lo}, qword ptr [{a} + 24]",
            "adcx {t4}, {lo}",
            "mov {lo:e}, 0",
            "adcx {t5}, {lo}",
            "adox {t5}, {lo}",
            // row 2
            "mov rdx, qword ptr [{b} + 16]",
            "xor {lo:e}, {lo:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {t6}, {lo}, qword ptr [{a} + 24]",
            "adcx {t5}, {lo}",
            "mov {lo:e}, 0",
            "adcx {t6}, {lo}",
            "adox {t6}, {lo}",
            // row 3
            "mov rdx, qword ptr [{b} + 24]",
            "xor {lo:e}, {lo:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t5}, {lo}",
            "adox {t6}, {hi}",
            "mulx {t7}, {lo}, qword ptr [{a} + 24]",
            "adcx {t6}, {lo}",
            "mov {lo:e}, 0",
            "adcx {t7}, {lo}",
            "adox {t7}, {lo}",
            fold!(),
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
/// four squares (10 MULX), then the `fold!` reduction.
///
/// Requires BMI2 and ADX (checked by the caller) and `a < 2²⁵⁶`.
/// Constant time; never fails.
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
            fold!(),
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
