//! x86-64 MULX/ADCX/ADOX multiplication and squaring in GF(2²⁵⁵ − 19),
//! radix 2⁶⁴ (the representation of [`crate::field::fe25519::radix64`]).
//!
//! Both take any 256-bit inputs and return a 256-bit value congruent to the
//! product mod p = 2²⁵⁵ − 19, not necessarily below p (the Fe64 invariant,
//! as in the amd64-64 code of Bernstein–Duif–Lange–Schwabe–Yang, "High-speed
//! high-security signatures", 2011):
//!
//! 1. the 512-bit product t = t_lo + 2²⁵⁶·t_hi, by rows of four MULX on two
//!    carry chains (ADCX for the low words, ADOX for the high words);
//!    squaring computes the six cross products once, doubles them by an
//!    ADD/ADC chain and adds the four diagonal squares (10 MULX, not 16);
//! 2. 2²⁵⁶ ≡ 38: r = t_lo + 38·t_hi by four MULX with rdx = 38, again on
//!    two chains, leaving a fifth word h ≤ 39;
//! 3. r ← r + 38·h (IMUL); if that wraps past 2²⁵⁶ the low word is below
//!    38·39, so adding 38 once more (mask from SBB) cannot carry.
//!
//! Everything stays in registers. Figures against the portable code are in
//! [`crate::field::fe25519`].
//!
//! **Dispatched where AVX-512 IFMA is not** ([`super::fe25519_mulx_selected`]:
//! BMI2 and ADX selected, IFMA not). History: on the AMD EPYC (Zen 4)
//! machine of 2026-11, which has IFMA, the dudect check of edwards25519
//! `mul` flagged class-dependent timing with these products in 5 of 5 runs
//! (max |t| 18–37, all from the low crops: classes whose accumulator stays
//! structured land one 10 ns clock step faster more often), and was clean
//! with the portable products; alone, the routines showed no operand
//! dependence (the analysis is in [`crate::field::fe25519`]). On such a
//! machine edwards25519's multiplications now run on the four IFMA lanes
//! and `Fe64` keeps its portable products, as then. On the AMD EPYC (Zen 3)
//! machine without IFMA of 2026-11-27 the same check with these products
//! dispatched (and the whole-formula routines of
//! [`super::x86_64_curve25519`]) was clean: see that module for the
//! figures. [`add`] and [`sub`] (baseline instructions) are what `Fe64`
//! uses on x86-64 in every case.
//!
//! Constant time: straight-line code; MULX, IMUL, ADCX, ADOX, ADD/ADC, SBB
//! and AND have data-independent timing on every x86-64 core, and no address
//! depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

/// a·b mod 2²⁵⁵ − 19 as a 256-bit value (not necessarily < p).
///
/// Requires BMI2 and ADX (checked by the caller); any `a, b < 2²⁵⁶`.
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
            // Row 0: t0..t4 = a·b0.
            "mov rdx, qword ptr [{b}]",
            "mulx {t1}, {t0}, qword ptr [{a}]",
            "mulx {t2}, {lo}, qword ptr [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, qword ptr [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, qword ptr [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            // Row 1: t1..t5 += a·b1.
            "mov rdx, qword ptr [{b} + 8]",
            "xor {t5:e}, {t5:e}",
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
            // Row 2: t2..t6 += a·b2.
            "mov rdx, qword ptr [{b} + 16]",
            "xor {t6:e}, {t6:e}",
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
            "adox {t6}, {hi}",
            "mov {lo:e}, 0",
            "adcx {t6}, {lo}",
            // Row 3: t3..t7 += a·b3.
            "mov rdx, qword ptr [{b} + 24]",
            "xor {t7:e}, {t7:e}",
            "mulx {hi}, {lo}, qword ptr [{a}]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 8]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 16]",
            "adcx {t5}, {lo}",
            "adox {t6}, {hi}",
            "mulx {hi}, {lo}, qword ptr [{a} + 24]",
            "adcx {t6}, {lo}",
            "adox {t7}, {hi}",
            "mov {lo:e}, 0",
            "adcx {t7}, {lo}",
            // t_lo + 38·t_hi; the pointer register `a` becomes the zero.
            "mov rdx, 38",
            "xor {a:e}, {a:e}",
            "mulx {hi}, {lo}, {t4}",
            "adcx {t0}, {lo}",
            "adox {t1}, {hi}",
            "mulx {hi}, {lo}, {t5}",
            "adcx {t1}, {lo}",
            "adox {t2}, {hi}",
            "mulx {hi}, {lo}, {t6}",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {t4}, {lo}, {t7}",
            "adcx {t3}, {lo}",
            "adox {t4}, {a}",
            "adcx {t4}, {a}",
            // + 38·h, then + 38 if that wrapped.
            "imul {t4}, rdx",
            "add {t0}, {t4}",
            "adc {t1}, 0",
            "adc {t2}, 0",
            "adc {t3}, 0",
            "sbb {t4}, {t4}",
            "and {t4}, 38",
            "add {t0}, {t4}",
            a = inout(reg) a.as_ptr() => _,
            b = in(reg) b.as_ptr(),
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

/// a² mod 2²⁵⁵ − 19 as a 256-bit value (not necessarily < p).
///
/// Requires BMI2 and ADX (checked by the caller); any `a < 2²⁵⁶`.
/// Constant time; never fails.
#[inline(always)]
pub(crate) fn sqr(a: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: as in `mul`; the asm reads 4 words at `a`.
    unsafe {
        core::arch::asm!(
            // Cross products Σ_{i<j} aᵢaⱼ into t1..t6.
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
            // Doubled into t1..t7.
            "xor {t7:e}, {t7:e}",
            "add {t1}, {t1}",
            "adc {t2}, {t2}",
            "adc {t3}, {t3}",
            "adc {t4}, {t4}",
            "adc {t5}, {t5}",
            "adc {t6}, {t6}",
            "adc {t7}, 0",
            // Plus the squares aᵢ²·2^(128 i).
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
            // t_lo + 38·t_hi, then the fold, as in `mul`.
            "mov rdx, 38",
            "xor {a:e}, {a:e}",
            "mulx {hi}, {lo}, {t4}",
            "adcx {t0}, {lo}",
            "adox {t1}, {hi}",
            "mulx {hi}, {lo}, {t5}",
            "adcx {t1}, {lo}",
            "adox {t2}, {hi}",
            "mulx {hi}, {lo}, {t6}",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {t4}, {lo}, {t7}",
            "adcx {t3}, {lo}",
            "adox {t4}, {a}",
            "adcx {t4}, {a}",
            "imul {t4}, rdx",
            "add {t0}, {t4}",
            "adc {t1}, 0",
            "adc {t2}, 0",
            "adc {t3}, 0",
            "sbb {t4}, {t4}",
            "and {t4}, 38",
            "add {t0}, {t4}",
            a = inout(reg) a.as_ptr() => _,
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

/// a + b mod 2²⁵⁵ − 19 as a 256-bit value: the 257-bit sum, its carry c
/// folded back as 38·c, and once more if that wraps (then the low word is
/// below 38, so the second fold cannot carry). Baseline x86-64 (ADD/ADC,
/// SBB, AND); any `a, b < 2²⁵⁶`. Constant time; never fails.
#[inline(always)]
pub(crate) fn add(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (mut r0, mut r1, mut r2, mut r3) = (a[0], a[1], a[2], a[3]);
    // SAFETY: the asm reads 4 words at `b` (in bounds of the array), writes
    // only the declared registers and the flags, and does not touch the
    // stack; ADD/ADC/SBB/AND exist on every x86-64 CPU.
    unsafe {
        core::arch::asm!(
            "add {r0}, qword ptr [{b}]",
            "adc {r1}, qword ptr [{b} + 8]",
            "adc {r2}, qword ptr [{b} + 16]",
            "adc {r3}, qword ptr [{b} + 24]",
            "sbb {m}, {m}",
            "and {m}, 38",
            "add {r0}, {m}",
            "adc {r1}, 0",
            "adc {r2}, 0",
            "adc {r3}, 0",
            "sbb {m}, {m}",
            "and {m}, 38",
            "add {r0}, {m}",
            b = in(reg) b.as_ptr(),
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            m = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// a − b mod 2²⁵⁵ − 19 as a 256-bit value: the difference mod 2²⁵⁶, its
/// borrow β taken back as −38·β (2²⁵⁶ ≡ 38), and once more if that borrows
/// (then the words were at least 2²⁵⁶ − 38, so the second cannot). Baseline
/// x86-64; any `a, b < 2²⁵⁶`. Constant time; never fails.
#[inline(always)]
pub(crate) fn sub(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (mut r0, mut r1, mut r2, mut r3) = (a[0], a[1], a[2], a[3]);
    // SAFETY: as in `add`.
    unsafe {
        core::arch::asm!(
            "sub {r0}, qword ptr [{b}]",
            "sbb {r1}, qword ptr [{b} + 8]",
            "sbb {r2}, qword ptr [{b} + 16]",
            "sbb {r3}, qword ptr [{b} + 24]",
            "sbb {m}, {m}",
            "and {m}, 38",
            "sub {r0}, {m}",
            "sbb {r1}, 0",
            "sbb {r2}, 0",
            "sbb {r3}, 0",
            "sbb {m}, {m}",
            "and {m}, 38",
            "sub {r0}, {m}",
            b = in(reg) b.as_ptr(),
            r0 = inout(reg) r0,
            r1 = inout(reg) r1,
            r2 = inout(reg) r2,
            r3 = inout(reg) r3,
            m = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}
