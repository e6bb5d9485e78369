//! x86-64 modular addition and subtraction for 4-limb moduli (every field of 193 to 256
//! bits: P-256, secp256k1, the 224- and 256-bit Brainpool and SEC fields
//! and group orders).
//!
//! s = a + b on one ADD/ADC chain (the carry kept in a fifth word), d = s − m
//! on one SUB/SBB chain through that word, then CMOVC keeps s when the
//! subtraction borrowed. The portable `add_mod` computes the same function
//! but LLVM rebuilds the top carry with compares; this version measured
//! 2.35 ns against 3.7 ns (P-256, dependent chain).
//!
//! Subtraction: d = a − b on one SUB/SBB chain, the final borrow spread to a
//! mask by SBB of a register from itself, and m AND mask added back on one
//! ADD/ADC chain. The portable `sub_mod` is the same procedure, but LLVM
//! materializes the borrow with SETB and rebuilds each carry; this version
//! measured 1.70 ns against 2.36 ns (P-256, dependent chain).
//!
//! Only baseline x86-64 instructions (no CPU feature needed); selected with
//! the assembly backends ([`super::adx_selected`]) so that the
//! force-portable switches cover it. Constant time: straight-line ADD/ADC/
//! SUB/SBB/CMOV, no address depends on data. Never fails.
//! One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

/// `(a + b) mod m` for `a, b < m`, m any 4-limb modulus. Constant time;
/// never fails.
#[inline(always)]
pub(crate) fn add_mod(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4]) -> [u64; 4] {
    let [mut t0, mut t1, mut t2, mut t3] = *a;
    let [mut d0, mut d1, mut d2, mut d3] = *b;
    // SAFETY: the asm reads 4 words at `m` (in bounds of the array), writes
    // only the declared registers and the flags, and does not touch the
    // stack. It uses baseline x86-64 instructions only.
    unsafe {
        core::arch::asm!(
            "xor {top:e}, {top:e}",
            "add {t0}, {d0}",
            "adc {t1}, {d1}",
            "adc {t2}, {d2}",
            "adc {t3}, {d3}",
            "adc {top}, 0",
            "mov {d0}, {t0}",
            "mov {d1}, {t1}",
            "mov {d2}, {t2}",
            "mov {d3}, {t3}",
            "sub {d0}, qword ptr [{m}]",
            "sbb {d1}, qword ptr [{m} + 8]",
            "sbb {d2}, qword ptr [{m} + 16]",
            "sbb {d3}, qword ptr [{m} + 24]",
            "sbb {top}, 0",
            "cmovc {d0}, {t0}",
            "cmovc {d1}, {t1}",
            "cmovc {d2}, {t2}",
            "cmovc {d3}, {t3}",
            m = in(reg) m.as_ptr(),
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            d0 = inout(reg) d0,
            d1 = inout(reg) d1,
            d2 = inout(reg) d2,
            d3 = inout(reg) d3,
            top = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    let _ = (t0, t1, t2, t3);
    [d0, d1, d2, d3]
}

/// `(a − b) mod m` for `a, b < m`, m any 4-limb modulus: d = a − b on one
/// SUB/SBB chain, the borrow spread to a mask (SBB of a register from
/// itself), and m AND mask added back on one ADD/ADC chain. Constant time;
/// never fails.
#[inline(always)]
pub(crate) fn sub_mod(a: &[u64; 4], b: &[u64; 4], m: &[u64; 4]) -> [u64; 4] {
    let [mut t0, mut t1, mut t2, mut t3] = *a;
    let [mut d0, mut d1, mut d2, mut d3] = *b;
    // SAFETY: the asm reads 4 words at `m` (in bounds of the array), writes
    // only the declared registers and the flags, and does not touch the
    // stack. It uses baseline x86-64 instructions only.
    unsafe {
        core::arch::asm!(
            "sub {t0}, {d0}",
            "sbb {t1}, {d1}",
            "sbb {t2}, {d2}",
            "sbb {t3}, {d3}",
            "sbb {mask}, {mask}",
            "mov {d0}, qword ptr [{m}]",
            "mov {d1}, qword ptr [{m} + 8]",
            "mov {d2}, qword ptr [{m} + 16]",
            "mov {d3}, qword ptr [{m} + 24]",
            "and {d0}, {mask}",
            "and {d1}, {mask}",
            "and {d2}, {mask}",
            "and {d3}, {mask}",
            "add {t0}, {d0}",
            "adc {t1}, {d1}",
            "adc {t2}, {d2}",
            "adc {t3}, {d3}",
            m = in(reg) m.as_ptr(),
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            d0 = inout(reg) d0,
            d1 = inout(reg) d1,
            d2 = inout(reg) d2,
            d3 = inout(reg) d3,
            mask = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    let _ = (d0, d1, d2, d3);
    [t0, t1, t2, t3]
}
